"""One access step for reading a game too (games.services.access.access_game).

Every page, partial, socket, API endpoint and service that loads one game for a viewer
goes through ``access_game``; the kinds of viewer refuse as the pages and the API have
always refused (tests/security, tests/api pin those answers); "is this a public replay?"
is one rule.
"""
import re
from pathlib import Path

import pytest

from games import services as gs
from games.models import Game
from games.services.access import (
    API,
    API_REPLAY,
    BOT,
    PLAYER,
    PUBLIC_REPLAYS,
    REPLAY,
    SPECTATOR,
    access_game,
    api_games,
    is_public_replay,
)
from games.services.errors import GameError
from players.models import PlayerSettings
from tests.games.conftest import make_deck

ROOT = Path(__file__).resolve().parents[3]

# The modules that read one game for a viewer: pages, partials, sockets, the API, and the
# read services. Each loads its game through access_game, never on its own.
READERS = [
    *sorted((ROOT / "games").glob("*/views.py")),
    *sorted((ROOT / "games").glob("*/selectors.py")),
    *sorted((ROOT / "games").glob("*/live.py")),
    ROOT / "games" / "consumers.py",
    *sorted((ROOT / "games" / "api").glob("*.py")),
    *sorted((ROOT / "games").glob("*/api.py")),
    *(ROOT / "games" / "services" / f"{name}.py"
      for name in ("chat", "notes", "spectators", "analysis")),
]
# Loads of one game by its id that are not a viewer's access, and why.
NOT_ACCESS = {
    # A challenge to the bot is not a game yet: the lobby's services check it under lock.
    ("games/lobby/selectors.py", "return incoming_challenges(player).filter(pk=game_id).exists()"),
}
ONE_GAME_BY_ID = re.compile(r"\.(?:get|filter)\(\s*pk=game_id\b")


def _loads_of_one_game(path: Path):
    text = path.read_text()
    for match in ONE_GAME_BY_ID.finditer(text):
        line = text[:match.start()].count("\n") + 1
        source = text.splitlines()[line - 1].strip()
        yield line, source


def test_readers_load_a_game_only_through_the_access_step():
    found = []
    for path in READERS:
        relative = path.relative_to(ROOT).as_posix()
        for line, source in _loads_of_one_game(path):
            if not any(relative == file and snippet in source for file, snippet in NOT_ACCESS):
                found.append(f"{relative}:{line}: {source}")
    assert found == [], ("load the game with games.services.access.access_game(game_id, "
                         "viewer, as_=...) instead:\n" + "\n".join(found))


def test_the_check_finds_a_load_of_its_own():
    """The pattern catches the ways a game was loaded before there was one step."""
    for source in ('Game.objects.select_for_update().get(pk=game_id)',
                   'Game.objects.only("pk").get(pk=game_id)',
                   '(Game.objects.select_related("a")\n    .filter(pk=game_id).first())'):
        assert ONE_GAME_BY_ID.search(source), source


# ---------------------------------------------------------------- the kinds of viewer
pytestmark = pytest.mark.django_db


def _refusal(game_id, viewer, **kwargs):
    with pytest.raises(GameError) as refused:
        access_game(game_id, viewer, **kwargs)
    return refused.value.code


def test_a_player_sees_his_game_and_nobody_else_does(started_game, carol):
    game = started_game()
    for viewer in (game.player1, game.player2):
        assert access_game(game.pk, viewer, as_=PLAYER).pk == game.pk
    assert _refusal(game.pk, carol) == "forbidden"
    assert _refusal(game.pk, None) == "forbidden"
    for missing in (10**9, "x", None, 2**70):
        assert _refusal(missing, game.player1) == "gone"


def test_a_bot_sees_its_started_games_only(started_game, carol):
    game = started_game()
    assert access_game(game.pk, game.player2, as_=BOT).pk == game.pk
    assert _refusal(game.pk, carol, as_=BOT) == "gone"
    Game.objects.filter(pk=game.pk).update(status=Game.Status.WAITING)
    assert _refusal(game.pk, game.player2, as_=BOT) == "gone"


def test_a_replay_is_anybody_s_once_public_and_its_players_before(started_game, carol):
    game = started_game()
    assert access_game(game.pk, game.player1, as_=REPLAY).pk == game.pk
    assert _refusal(game.pk, carol, as_=REPLAY) == "gone"
    assert _refusal(game.pk, None, as_=REPLAY) == "gone"
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED,
                                           outcome=Game.Outcome.ABORT)
    assert _refusal(game.pk, carol, as_=REPLAY) == "gone"
    Game.objects.filter(pk=game.pk).update(outcome=Game.Outcome.SURRENDER)
    for viewer in (carol, None, game.player2):
        assert access_game(game.pk, viewer, as_=REPLAY).pk == game.pk


def test_a_spectator_is_told_why_not(started_game, carol):
    game = started_game()
    assert access_game(game.pk, carol, as_=SPECTATOR).pk == game.pk
    assert _refusal(game.pk, game.player1, as_=SPECTATOR) == "player"
    settings = game.player2.settings
    settings.allow_spectators = False
    settings.save()
    assert _refusal(game.pk, carol, as_=SPECTATOR) == "off"
    assert _refusal(10**9, carol, as_=SPECTATOR) == "gone"
    with pytest.raises(ValueError):
        access_game(game.pk, carol, as_="anybody")


def test_one_public_replay_rule_for_a_list_and_a_game(started_game):
    """PUBLIC_REPLAYS (the lists) and is_public_replay (one game) say the same of every
    status and outcome."""
    game = started_game()
    for status in Game.Status.values:
        for outcome in Game.Outcome.values:
            Game.objects.filter(pk=game.pk).update(status=status, outcome=outcome)
            row = Game.objects.get(pk=game.pk)
            listed = Game.objects.filter(PUBLIC_REPLAYS, pk=game.pk).exists()
            assert is_public_replay(row) == listed, (status, outcome)



def test_the_api_shows_public_replays_and_watchable_games_but_others_games_vs_computer(
        started_game, alice, carol):
    running = started_game()
    for viewer in (None, carol, alice):
        assert access_game(running.pk, viewer, as_=API).pk == running.pk
    PlayerSettings.objects.filter(player=running.player2).update(allow_spectators=False)
    for viewer in (None, carol, alice):  # not even to its player: the API is public only
        assert _refusal(running.pk, viewer, as_=API) == "gone"
    Game.objects.filter(pk=running.pk).update(status=Game.Status.FINISHED,
                                              outcome=Game.Outcome.SURRENDER)
    assert access_game(running.pk, None, as_=API).pk == running.pk
    Game.objects.filter(pk=running.pk).update(outcome=Game.Outcome.ABORT)
    assert _refusal(running.pk, alice, as_=API) == "gone"

    computer = gs.ai_game_start(player=alice, deck=make_deck(alice, name="vs computer"))
    gs.game_surrender(game_id=computer.pk, player=alice)
    assert access_game(computer.pk, alice, as_=API).pk == computer.pk
    for viewer in (None, carol):
        assert _refusal(computer.pk, viewer, as_=API) == "gone"
    assert _refusal(10**9, alice, as_=API) == "gone"


def test_the_api_s_single_game_rule_and_its_lists_agree(started_game, alice, carol):
    """A game the API lists (finished, running) is one access_game as_=API shows, and the
    other way round, for every status and outcome and each kind of caller."""
    game = started_game()
    for status in Game.Status.values:
        for outcome in Game.Outcome.values:
            Game.objects.filter(pk=game.pk).update(status=status, outcome=outcome)
            for viewer in (None, carol, alice):
                listed = any(Game.objects.filter(api_games(viewer, status=part), pk=game.pk)
                             .exists() for part in (Game.Status.FINISHED,
                                                    Game.Status.IN_PROGRESS))
                try:
                    shown = access_game(game.pk, viewer, as_=API).pk == game.pk
                except GameError:
                    shown = False
                assert shown == listed, (status, outcome, viewer)


def test_the_api_s_analysis_reader_is_the_replay_s_but_for_others_games_vs_computer(
        started_game, alice, carol):
    own = started_game()
    Game.objects.filter(pk=own.pk).update(status=Game.Status.FINISHED,
                                          outcome=Game.Outcome.ABORT)
    assert access_game(own.pk, alice, as_=API_REPLAY).pk == own.pk  # his, not public
    assert _refusal(own.pk, carol, as_=API_REPLAY) == "gone"
    computer = gs.ai_game_start(player=alice, deck=make_deck(alice, name="vs computer"))
    gs.game_surrender(game_id=computer.pk, player=alice)
    assert access_game(computer.pk, carol, as_=REPLAY).pk == computer.pk  # the site's
    assert access_game(computer.pk, alice, as_=API_REPLAY).pk == computer.pk
    for viewer in (None, carol):
        assert _refusal(computer.pk, viewer, as_=API_REPLAY) == "gone"
