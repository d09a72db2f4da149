"""The human side of tests/api/test_example_bot.py, run as its own process against the
database of a running server: ``python -m tests.api.bot_match``.

It makes alice (a person) and robot (a bot account with a bot token), prints the token as
the first line, challenges robot through the site's services, waits for the bot program to
accept, then plays alice's turns through the same services (choosing with the engine on
what her seat may see) until the game is over, and prints the result as JSON.
"""
import json
import os
import sys
import time

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "marcomage.settings")


def main(timeout: float = 240.0) -> int:
    import django

    django.setup()
    from games import engine
    from games import services as gs
    from games.models import Game, Turn
    from players.accounts.services import player_register
    from players.models import Player, RatingHistory
    from players.tokens.services import player_become_bot, token_create

    alice = player_register(username="alice", password="correct-horse-battery")
    robot = player_register(username="robot", password="correct-horse-battery")
    Player.objects.filter(pk__in=[alice.pk, robot.pk]).update(level=10)
    robot = player_become_bot(player=robot)
    _row, raw = token_create(player=robot, name="example bot", scopes=["bot"])
    print(raw, flush=True)

    alice = Player.objects.get(pk=alice.pk)
    deck = alice.decks.filter(is_ready=True).order_by("pk").first()
    game = gs.challenge_create(challenger=alice, opponent=robot, deck=deck)
    deadline = time.monotonic() + timeout
    moves = 0
    while time.monotonic() < deadline:
        game = Game.objects.get(pk=game.pk)
        if game.status == Game.Status.FINISHED:
            break
        if game.status == Game.Status.IN_PROGRESS and game.current_seat == 0:
            state = engine.state_from_json(game.state)
            action = engine.ai_choose_action(engine.seat_knowledge(state, 0), 0,
                                             rng=engine.Rng(moves + 1))
            move = gs.game_play_card if action.kind == "play" else gs.game_discard_card
            extra = {"mode": action.mode} if action.kind == "play" else {}
            move(game_id=game.pk, player=alice, version=game.version,
                 position=action.position, **extra)
            moves += 1
            continue
        time.sleep(0.05)
    # the bot leaves the finished game; give it a moment
    while time.monotonic() < deadline and not Game.objects.get(pk=game.pk).player2_left:
        time.sleep(0.1)
    game = Game.objects.get(pk=game.pk)
    print(json.dumps({
        "status": game.status, "outcome": game.outcome, "alice_moves": moves,
        "robot_moves": Turn.objects.filter(game=game, actor=robot,
                                           action__in=["play", "discard"]).count(),
        "robot_left": game.player2_left,
        "ratings": RatingHistory.objects.filter(game_id=game.pk).count(),
    }), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
