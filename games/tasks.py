"""Celery tasks of the games section: thin, idempotent wrappers around services."""
from celery import shared_task


@shared_task(ignore_result=True)
def game_ai_move_task(game_id: int, version: int) -> bool:
    """The AI plays its turn in game ``game_id`` if the game is still at ``version``."""
    from games.services import game_ai_move

    return game_ai_move(game_id=game_id, version=version)


@shared_task(ignore_result=True)
def sweep_player_activity() -> int:
    from games.services.sweeps import sweep_player_activity as sweep

    return sweep()


@shared_task(ignore_result=True)
def sweep_game_deadlines() -> int:
    from games.services.sweeps import sweep_game_deadlines as sweep

    return sweep()


@shared_task(ignore_result=True)
def sweep_turn_timeouts() -> int:
    from games.services.sweeps import sweep_turn_timeouts as sweep

    return sweep()


@shared_task(ignore_result=True)
def sweep_left_games() -> int:
    from games.services.sweeps import sweep_left_games as sweep

    return sweep()
