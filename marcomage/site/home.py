"""The home page of a signed-in player: the greeting, what the last game earned and how far
the next level (and what the tutorial opens next) is."""
from games.game.selectors import end_screen_earnings
from games.lobby.selectors import last_finished_game
from players.progression.selectors import exp_progress, tutorial_milestone


def home_progress(player) -> dict:
    """{"has_played": whether the player has finished a game (the greeting changes after the
    first), "last_game": {"result": "won"/"lost"/"draw"/"aborted", "opponent", "is_ai",
    "game", "earnings" (games.game.selectors.end_screen_earnings)} or None, "progress": the
    EXP bar, "next_level", "milestone": players.progression.selectors.tutorial_milestone}."""
    last = last_finished_game(player)
    summary = None
    if last is not None:
        seat = last.seat_of(player)
        if last.winner_id == player.pk:
            result = "won"
        elif last.winner_id is not None or (last.is_ai and last.outcome not in ("Draw", "Abort")):
            result = "lost"
        else:
            result = "aborted" if last.outcome == "Abort" else "draw"
        summary = {"game": last, "result": result, "is_ai": last.is_ai,
                   "opponent": last.player2_name if seat == 0 else last.player1_name,
                   "earnings": end_screen_earnings(last, seat)}
    # Results counted on the profile count too (an account whose games are gone).
    played = last is not None or bool(player.wins or player.losses or player.draws)
    return {"has_played": played, "last_game": summary,
            "progress": exp_progress(player), "next_level": player.level + 1,
            "milestone": tutorial_milestone(player)}
