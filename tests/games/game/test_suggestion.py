"""The tutorial's play suggestion on the game page (rules-engine.md §14.4: a UI hint only)."""
import html as htmllib
import re

import pytest
from django.urls import reverse

from games import engine
from games import services as gs
from games.engine import TUTORIAL_END_LEVEL
from games.models import Game
from games.services.suggestions import suggestion_seed
from tests.games.conftest import make_deck, player_on_turn
from tests.security.conftest import hidden_cards_of
from tests.security.test_hidden_cards import _leaks

pytestmark = pytest.mark.django_db

SUGGESTION = re.compile(r'id="play-suggestion".*?Suggestion:</span> (play|discard) '
                        r'<strong>(.*?)</strong> \(card (\d)', re.S)


def _suggestion_on(client, game):
    html = client.get(reverse("games:board", args=[game.pk])).content.decode()
    found = SUGGESTION.search(html)
    if not found:
        return None, html
    return (found.group(1), htmllib.unescape(found.group(2)), int(found.group(3))), html


def _set_level(player, level):
    player.level = level
    player.save(update_fields=["level"])


def _expected(game, seat):
    state = engine.state_from_json(game.state)
    action = engine.suggest_action(state, seat, seed=suggestion_seed(game))
    name = engine.card(state.p[seat].hand[action.position - 1]).name
    return action.kind, name, action.position


def _hidden_ai_game_on_my_turn(alice):
    alice.settings.auto_ai_move = False
    alice.settings.save()
    game = gs.ai_game_start(player=alice, deck=make_deck(alice, name="vs AI"), hidden=True)
    game.refresh_from_db()
    for _ in range(10):  # a Quick or Swift card gives the computer another turn
        if game.current_seat == 0:
            break
        assert gs.game_ai_move(game_id=game.pk, version=game.version)
        game.refresh_from_db()
    assert game.current_seat == 0
    return game


def test_tutorial_player_on_turn_sees_the_engine_ais_choice(started_game, client_of):
    game = started_game()
    mover = player_on_turn(game)
    seat = game.seat_of(mover)
    found, html = _suggestion_on(client_of(mover), game)
    assert found == _expected(game, seat)
    kind, _name, position = found
    assert re.search(rf'class="hand-slot[^"]*is-suggested[^"]*"[^>]*>\s*<input[^>]*value="{position}"',
                     html)
    # The full page shows it too, and the same board gives the same suggestion again.
    page = client_of(mover).get(reverse("games:detail", args=[game.pk])).content.decode()
    assert SUGGESTION.search(page).group(3) == str(position)
    assert _suggestion_on(client_of(mover), game)[0] == found


def test_not_shown_on_the_opponents_turn(started_game, client_of):
    game = started_game()
    waiting = game.player2 if game.current_seat == 0 else game.player1
    found, html = _suggestion_on(client_of(waiting), game)
    assert found is None and "is-suggested" not in html


def test_not_shown_past_the_tutorial(started_game, client_of):
    game = started_game()
    mover = player_on_turn(game)
    _set_level(mover, TUTORIAL_END_LEVEL)
    found, html = _suggestion_on(client_of(mover), game)
    assert found is None and "Suggestion:" not in html
    _set_level(mover, TUTORIAL_END_LEVEL - 1)
    assert _suggestion_on(client_of(mover), game)[0] is not None


def test_not_shown_after_the_game_ended(started_game, client_of):
    game = started_game()
    mover = player_on_turn(game)
    gs.game_surrender(game_id=game.pk, player=mover)
    other = game.player2 if mover == game.player1 else game.player1
    gs.game_surrender_answer(game_id=game.pk, player=other, accept=True)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    for player in (mover, other):
        page = client_of(player).get(reverse("games:detail", args=[game.pk])).content.decode()
        assert "Suggestion:" not in page


def test_a_move_does_not_touch_the_games_generator(started_game, client_of):
    game = started_game()
    mover = player_on_turn(game)
    before = dict(game.state)
    client_of(mover).get(reverse("games:detail", args=[game.pk]))
    game.refresh_from_db()
    assert game.state == before


def test_hidden_mode_suggestion_ignores_the_opponents_hidden_hand(alice, client_of):
    game = _hidden_ai_game_on_my_turn(alice)
    client = client_of(alice)
    first, html = _suggestion_on(client, game)
    assert first == _expected(game, 0)
    secret = hidden_cards_of(game, seat=1)
    assert secret and _leaks(html, secret) == []
    # The same game, only the computer's face-down cards (and its deck) differ.
    state = engine.state_from_json(game.state)
    computer = state.p[1]
    replacements = [c.id for c in engine.all_cards() if c.id not in computer.hand][:8]
    computer.hand = [c if computer.rev[i] else replacements[i]
                     for i, c in enumerate(computer.hand)]
    computer.deck = (tuple(replacements[:1] * 15),) * 3
    Game.objects.filter(pk=game.pk).update(state=engine.state_to_json(state))
    game.refresh_from_db()
    second, html = _suggestion_on(client, game)
    assert second == first
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    new_secret = hidden_cards_of(game, seat=1)
    assert _leaks(html, new_secret) == [] and _leaks(page, new_secret) == []


def test_game_page_queries_stay_pinned_for_a_tutorial_player(started_game, client_of,
                                                             django_assert_max_num_queries):
    game = started_game()
    mover = player_on_turn(game)
    client = client_of(mover)
    client.get(reverse("games:detail", args=[game.pk]))
    with django_assert_max_num_queries(10):
        response = client.get(reverse("games:detail", args=[game.pk]))
    assert "Suggestion:" in response.content.decode()


# ---- worked out by the board itself: no worker, no cache, no second push
def test_the_first_board_drawn_has_it_and_asks_no_worker(started_game, client_of, monkeypatch):
    """Drawn in a request with a real broker's path (no eager tasks): the board has its
    suggestion at once, and nothing was queued for it."""
    from games.services import queue

    queued = []
    monkeypatch.setattr(queue, "task_send", lambda name, *args: queued.append(name))
    game = started_game()
    mover = player_on_turn(game)
    found, html = _suggestion_on(client_of(mover), game)
    assert found == _expected(game, game.seat_of(mover))
    assert 'data-suggestion="ready"' in html and "is-suggested" in html
    assert queued == []


def test_after_the_computers_move_the_board_has_the_suggestion(
        alice, client_of, django_capture_on_commit_callbacks):
    """Against the computer, every board drawn after its move shows the suggestion for
    the player's own next move, from what the player may see only (hidden cards)."""
    alice.settings.auto_ai_move = True
    alice.settings.save()
    with django_capture_on_commit_callbacks(execute=True):  # the computer may open
        game = gs.ai_game_start(player=alice, deck=make_deck(alice, name="vs AI"),
                                hidden=True)
    client = client_of(alice)
    checked = 0
    for _ in range(8):
        game.refresh_from_db()
        if game.status != Game.Status.IN_PROGRESS:
            break
        assert game.current_seat == 0
        found, _ = _suggestion_on(client, game)
        assert found == _expected(game, 0)
        checked += 1
        # The player discards; the computer answers at once (eager tasks, after commit).
        with django_capture_on_commit_callbacks(execute=True):
            client.post(reverse("games:move", args=[game.pk]),
                        {"version": game.version, "position": 1, "action": "discard"},
                        HTTP_HX_REQUEST="true")
    assert checked >= 3


def _reuse_id(old, new):
    """Give ``new`` the id of ``old`` (deleted), as a test database that reuses ids does."""
    pk = old.pk
    Game.objects.filter(pk=pk).delete()
    Game.objects.filter(pk=new.pk).update(id=pk, created_at=old.created_at)
    return Game.objects.get(pk=pk)


def test_a_game_that_reuses_an_id_never_gets_the_old_games_suggestion(started_game, client_of):
    """Same id, same creation second, same version, same seat: another game all the same
    (a test database reuses ids). Its board shows its own suggestion."""
    import copy

    first = started_game()
    mover = player_on_turn(first)
    seat = first.seat_of(mover)
    assert _suggestion_on(client_of(mover), first)[0] == _expected(first, seat)
    for _ in range(30):  # a second deal on whose board the suggestion differs
        second = started_game()
        as_reused = copy.copy(second)
        as_reused.pk = first.pk
        if (second.current_seat == seat and second.version == first.version
                and _expected(as_reused, seat) != _expected(first, seat)):
            break
    else:
        pytest.fail("no second deal with another suggestion")
    second = _reuse_id(first, second)
    assert _suggestion_on(client_of(player_on_turn(second)), second)[0] == _expected(second,
                                                                                    seat)


_prefixes_seen = []


@pytest.mark.parametrize("run", [1, 2])
def test_each_test_caches_apart(run, settings):
    """tests/conftest.py gives each test a cache key prefix of its own: what one test
    cached (keyed by ids that the next test's database reuses) is not found by the next."""
    from django.core.cache import cache

    prefix = settings.CACHES["default"]["KEY_PREFIX"]
    assert cache.key_prefix == prefix and prefix not in _prefixes_seen
    for earlier in _prefixes_seen:
        assert cache.get("written-by-a-test") != earlier
    cache.set("written-by-a-test", prefix)
    _prefixes_seen.append(prefix)
