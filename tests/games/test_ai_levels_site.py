"""The computer's levels on the site (docs/ai.md): chosen when a game against the computer
starts and in the settings, played by the Celery task (never in a web request), shown on
the game screen, in the lists and the statistics; the board says when the computer is
thinking."""
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from games import engine
from games import services as gs
from games.lobby.forms import AIGameForm
from games.models import Game
from games.services import ai as ai_service
from games.services import queue
from games.statistics import selectors as stats
from games.tasks import game_ai_move_task
from tests.games.conftest import discard_on_turn, make_deck

pytestmark = pytest.mark.django_db

THINKING = 'id="ai-thinking"'


@pytest.fixture
def queued(monkeypatch):
    """Tasks are recorded instead of run (as with a real broker: the worker runs them)."""
    sent = []
    monkeypatch.setattr(queue, "task_send", lambda name, *args: sent.append((name, args)))
    return sent


@pytest.fixture
def searches(monkeypatch):
    """Every engine.choose_action call (its level), run with a tiny budget: the search is
    the same at any budget, and a simulation count keeps it quick and reproducible."""
    calls = []
    real = engine.choose_action

    def spy(state, seat, *, level="standard", seed=None, budget=None, seen=(),
            relief_level=None):
        calls.append({"level": level, "seen": list(seen), "seed": seed,
                      "relief_level": relief_level, "state": state.clone()})
        return real(state, seat, level=level, seed=seed if seed is not None else 1,
                    budget={"simulations": 4} if level in ("hard", "expert") else budget,
                    seen=seen, relief_level=relief_level)

    monkeypatch.setattr(engine, "choose_action", spy)
    return calls


def _ai_game(player, level, *, hidden=False):
    player.settings.auto_ai_move = False
    player.settings.save()
    return gs.ai_game_start(player=player, deck=make_deck(player, name=f"vs {level}"),
                            level=level, hidden=hidden)


def _until_ai_turn(game, player):
    """Discards for ``player`` until the computer is on turn."""
    for _ in range(10):
        game.refresh_from_db()
        if game.current_seat == 1:
            return game
        discard_on_turn(game, player)
    raise AssertionError("the computer never got the turn")


# ---------------------------------------------------------------- choosing the level
def test_the_ai_game_form_offers_every_level_and_starts_from_the_setting(alice):
    form = AIGameForm(player=alice)
    assert [value for value, _label in form.fields["level"].choices] == list(engine.AI_LEVELS)
    assert form.fields["level"].initial == "standard"
    alice.settings.ai_level = "expert"
    alice.settings.save()
    assert AIGameForm(player=alice).fields["level"].initial == "expert"


def test_the_chosen_level_is_the_games_level(alice, client_of, searches, queued):
    make_deck(alice)
    client = client_of(alice)
    page = client.get(reverse("games:ai_new")).content.decode()
    assert 'name="level"' in page and '<option value="expert"' in page
    deck = alice.decks.get()
    response = client.post(reverse("games:ai_new"), {
        "kind": "standard", "deck": deck.pk, "ai_deck": "starter", "level": "hard"})
    game = Game.objects.get()
    assert response.status_code == 302 and game.ai_level == "hard"
    assert searches == [], "no search in the request that started the game"


def test_a_bad_level_is_refused_with_a_clear_message(alice, client_of):
    deck = make_deck(alice)
    response = client_of(alice).post(reverse("games:ai_new"), {
        "kind": "standard", "deck": deck.pk, "ai_deck": "starter", "level": "grandmaster"})
    assert response.status_code == 200
    assert "Choose one of the computer&#x27;s levels" in response.content.decode()
    assert not Game.objects.exists()
    with pytest.raises(gs.GameError) as refused:
        gs.ai_game_start(player=alice, deck=deck, level="grandmaster")
    assert refused.value.code == "level" and "levels" in refused.value.message


def test_the_quick_game_uses_the_level_of_the_settings(alice, client_of, queued):
    make_deck(alice)
    client = client_of(alice)
    from tests.players.settings.test_settings_page import preferences_post

    assert client.post(reverse("players:settings"),
                       preferences_post(alice.settings, ai_level="easy")).status_code == 302
    alice.settings.refresh_from_db()
    assert alice.settings.ai_level == "easy"
    client.post(reverse("games:ai_quick"))
    assert Game.objects.get().ai_level == "easy"


def test_a_bad_level_in_the_settings_is_refused(alice, client_of):
    from tests.players.settings.test_settings_page import preferences_post

    response = client_of(alice).post(reverse("players:settings"),
                                     preferences_post(alice.settings, ai_level="godlike"))
    assert response.status_code == 400
    alice.settings.refresh_from_db()
    assert alice.settings.ai_level == "standard"


def test_ai_challenges_keep_the_standard_ai(alice):
    alice.level = 10
    alice.save(update_fields=["level"])
    alice.settings.ai_level = "expert"
    alice.settings.save()
    name = next(iter(engine.AI_CHALLENGES))
    game = gs.ai_challenge_start(player=alice, deck=make_deck(alice), challenge=name)
    assert game.ai_level == "standard"


# ---------------------------------------------------------------- playing at the level
@pytest.mark.parametrize("level", ["easy", "hard", "expert"])
def test_the_task_plays_at_the_games_level(alice, level, searches):
    game = _until_ai_turn(_ai_game(alice, level), alice)
    searches.clear()
    assert game_ai_move_task(game.pk, game.version) is True
    assert [call["level"] for call in searches] == [level]
    game.refresh_from_db()
    assert game.turns.filter(actor_seat=1, is_ai_move=True).exists()


def test_the_search_is_told_the_cards_the_player_showed(alice, searches):
    game = _until_ai_turn(_ai_game(alice, "hard"), alice)
    shown = list(game.turns.filter(actor_seat=0).values_list("card", flat=True))
    searches.clear()
    game_ai_move_task(game.pk, game.version)
    assert searches[0]["seen"] == shown


def test_the_standard_level_is_the_standard_ai_as_before(alice, searches):
    """The standard level goes through the engine's one door like the others, with the seed
    the site's standard AI always used and the player's level for the tutorial relief:
    the move the standard AI made before (tests/engine/test_ai_levels.py compares them)."""
    game = _until_ai_turn(_ai_game(alice, "standard"), alice)
    searches.clear()
    assert game_ai_move_task(game.pk, game.version) is True
    [call] = searches
    assert call["level"] == "standard" and call["relief_level"] == alice.level
    assert call["seed"] == engine.standard_ai_seed(call["state"])
    assert call["seed"] == engine.standard_ai_seed(engine.state_from_json(game.state))


def test_a_challenge_ai_plays_the_standard_level_with_the_challenge_weights(alice, searches):
    alice.level = 10
    alice.save(update_fields=["level"])
    name = next(iter(engine.AI_CHALLENGES))
    game = gs.ai_challenge_start(player=alice, deck=make_deck(alice), challenge=name)
    game = _until_ai_turn(game, alice)
    state = engine.state_from_json(game.state)
    searches.clear()
    assert game_ai_move_task(game.pk, game.version) is True
    [call] = searches
    assert call["level"] == "standard" and call["state"].ai_challenge == name
    # the challenge's weights: the standard AI's choice with them, on the same seed
    expected = engine.ai_choose_action(state, 1, weights=engine.AI_CHALLENGES[name].weights)
    last = game.turns.order_by("-number").first()
    assert (last.action, last.position) == (
        "play" if expected.kind == "play" else "discard", expected.position)


def test_a_move_request_only_queues_the_search(alice, client_of, searches, queued,
                                               django_capture_on_commit_callbacks):
    """The player's move answers at once: the computer's search runs in the queued task."""
    alice.settings.auto_ai_move = True
    alice.settings.save()
    game = gs.ai_game_start(player=alice, deck=make_deck(alice), level="expert")
    game.refresh_from_db()
    while game.current_seat == 1:
        game_ai_move_task(game.pk, game.version)
        game.refresh_from_db()
    queued.clear()
    searches.clear()
    with django_capture_on_commit_callbacks(execute=True):
        response = client_of(alice).post(reverse("games:move", args=[game.pk]), {
            "action": "discard", "position": 1, "version": game.version},
            HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert searches == []
    before = game.version
    game.refresh_from_db()
    assert game.version > before, "the discard was made"
    if game.current_seat == 1:
        assert queued == [(queue.AI_MOVE_TASK, (game.pk, game.version))]


def test_a_stale_move_chosen_before_the_lock_is_dropped(alice, searches, monkeypatch):
    """The search runs outside the lock: a board changed meanwhile gets no move."""
    game = _until_ai_turn(_ai_game(alice, "hard"), alice)
    version = game.version
    real = ai_service.ai_choose

    def meanwhile(*args, **kwargs):
        action = real(*args, **kwargs)
        Game.objects.filter(pk=game.pk).update(version=version + 1)
        return action

    monkeypatch.setattr(ai_service, "ai_choose", meanwhile)
    turns = game.turns.count()
    assert game_ai_move_task(game.pk, version) is False
    assert game.turns.count() == turns


def test_a_task_for_a_missing_or_malformed_game_does_nothing(alice):
    assert game_ai_move_task(987654, 1) is False
    assert game_ai_move_task("not-a-game", 1) is False


# ---------------------------------------------------------------- what the player sees
def _board(client, game):
    return client.get(reverse("games:board", args=[game.pk])).content.decode()


def test_the_level_is_shown_on_the_game_screen_and_in_the_list(alice, client_of, queued):
    game = _ai_game(alice, "expert")
    client = client_of(alice)
    assert "Expert computer" in _board(client, game)
    history = client.get(reverse("games:history", args=[game.pk])).content.decode()
    assert "Expert computer" in history
    assert "(Expert)" in client.get(reverse("games:list")).content.decode()
    alice.settings.advanced_games_list = True
    alice.settings.save()
    assert "Expert computer" in client.get(reverse("games:list")).content.decode()


def test_the_thinking_note_shows_while_the_computer_is_to_move(alice, client_of, queued):
    alice.settings.auto_ai_move = True
    alice.settings.save()
    game = gs.ai_game_start(player=alice, deck=make_deck(alice), level="hard")
    client = client_of(alice)
    for _ in range(10):
        game.refresh_from_db()
        if game.current_seat == 1:
            break
        discard_on_turn(game, alice)
    assert game.current_seat == 1
    assert THINKING in _board(client, game), "queued by itself: the computer is thinking"
    queued.clear()
    game_ai_move_task(game.pk, game.version)
    game.refresh_from_db()
    if game.current_seat == 0:
        assert THINKING not in _board(client, game), "the player's turn: no thinking note"


def test_without_auto_moves_the_note_waits_for_the_button(alice, client_of, queued,
                                                         django_capture_on_commit_callbacks):
    game = _until_ai_turn(_ai_game(alice, "hard"), alice)
    client = client_of(alice)
    assert THINKING not in _board(client, game), "nobody asked the computer to move yet"
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("games:command", args=[game.pk, "ai-move"]),
                               {"version": game.version}, HTTP_HX_REQUEST="true")
    assert THINKING in response.content.decode()
    assert queued == [(queue.AI_MOVE_TASK, (game.pk, game.version))]


def test_statistics_give_the_players_win_rate_against_each_level(alice, bob, client_of):
    def finished(level, winner, outcome="Destruction", **extra):
        Game.objects.create(player1=alice, status=Game.Status.FINISHED, is_ai=True,
                            is_friendly=True, ai_level=level, winner=winner, outcome=outcome,
                            finished_at=timezone.now(), **extra)

    finished("easy", alice)
    finished("easy", alice)
    finished("easy", None)
    finished("hard", None, outcome="Draw")
    finished("hard", alice)
    finished("expert", None, outcome="Abort")  # aborted: not a result
    finished("standard", alice, ai_challenge="Myr")  # a challenge: its own table
    Game.objects.create(player1=alice, player2=bob, status=Game.Status.FINISHED,
                        winner=alice, outcome="Destruction", finished_at=timezone.now())
    rows = {row["level"]: row for row in stats.game_statistics()["ai_levels"]}
    assert list(rows) == list(engine.AI_LEVELS)
    assert rows["easy"] == {"level": "easy", "label": "Easy", "games": 3, "human_wins": 2,
                            "draws": 0, "ai_wins": 1, "percent": 66.7}
    assert (rows["hard"]["games"], rows["hard"]["draws"], rows["hard"]["percent"]) == (
        2, 1, 50.0)
    assert rows["expert"]["games"] == 0 and rows["expert"]["percent"] is None
    assert rows["standard"]["games"] == 0
    alice.level = 10
    alice.save(update_fields=["level"])
    page = client_of(alice).get(reverse("games:statistics")).content.decode()
    table = re.search(r'id="ai-levels-table".*?</table>', page, re.S).group(0)
    assert re.search(r"<td>Easy</td><td class=\"num\">3</td>.*?66.7 %", table)


def test_the_level_is_shown_in_the_replays(alice, bob, client_of, searches):
    bob.level = 10
    bob.save(update_fields=["level"])
    game = _ai_game(alice, "easy")
    gs.game_surrender(game_id=game.pk, player=alice)
    client = client_of(bob)
    assert "Easy computer" in client.get(reverse("games:replays")).content.decode()
    assert "Easy computer" in client.get(reverse("games:replay", args=[game.pk])).content.decode()
