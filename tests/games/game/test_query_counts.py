"""Pinned query counts of the hot path: a move posted over htmx and the board fetched.

Counted after a first request has warmed the caches (session, signed-in user). The counts
include the two savepoint statements of the move's transaction (the test runs inside a
transaction); on a live server they are its BEGIN and COMMIT.
"""
import re

import pytest
from django.urls import reverse

from marcomage.prepared import logged_statement
from players.models import AwardCounters
from tests.games.conftest import player_on_turn

# A tutorial player's suggestion is worked out by the board itself: no query of its own.
pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
MOVE_POST_QUERIES = 6  # savepoint, the locked game, the Turn line, the game, release, turns
AWARDS_QUERIES = 2  # most plays of a scored game add to the award counters: lock and save
BOARD_QUERIES = 2  # the game with both names, the games waiting for the player


MODE_OPTIONS = re.compile(r'<option value="(\d+)"')
PLAYABLE = re.compile(r'<div class="hand-slot[^"]*is-playable[^"]*"[^>]*>\s*<input[^>]*value="(\d)"')


def _warm(client, game):
    client.get(reverse("games:board", args=[game.pk]), **HTMX)


def _game_rows_read(queries):
    statements = [logged_statement(q["sql"]) for q in queries]
    return [sql for sql in statements if sql.startswith('SELECT "games_game"."id", ')]


def test_a_discard_costs_six_queries_and_no_second_load(started_game, client_of,
                                                         django_assert_num_queries,
                                                         django_capture_on_commit_callbacks):
    game = started_game()
    for turn in range(6):
        game.refresh_from_db()
        client = client_of(player_on_turn(game))
        _warm(client, game)
        with django_capture_on_commit_callbacks(execute=True):
            with django_assert_num_queries(MOVE_POST_QUERIES) as ctx:
                response = client.post(reverse("games:move", args=[game.pk]), {
                    "version": game.version, "position": 1 + turn, "action": "discard"},
                    **HTMX)
        assert response.status_code == 200
        assert f'data-version="{game.version + 1}"' in response.content.decode()
        # The answer shows the state the service saved: the game row is read once (locked).
        assert len(_game_rows_read(ctx.captured_queries)) == 1


def test_a_play_costs_at_most_six_queries_plus_the_award_counters(
        started_game, client_of, django_assert_max_num_queries,
        django_capture_on_commit_callbacks):
    game = started_game()
    for player in (game.player1, game.player2):  # created by a player's first award ever
        AwardCounters.objects.get_or_create(player=player)
    played = 0
    for _ in range(30):
        game.refresh_from_db()
        if game.status != "in_progress" or played >= 4:
            break
        client = client_of(player_on_turn(game))
        _warm(client, game)
        board = client.get(reverse("games:board", args=[game.pk]), **HTMX).content.decode()
        playable = [int(n) for n in PLAYABLE.findall(board)]
        action = "play" if playable else "discard"
        position = (playable or [1])[0]
        data = {"version": game.version, "position": position, "action": action}
        # A card with modes is played in one of them (the deal decides which cards come).
        modes = MODE_OPTIONS.search(board.split(f'name="mode_{position}"', 1)[1]) \
            if f'name="mode_{position}"' in board else None
        if action == "play" and modes:
            data[f"mode_{position}"] = modes.group(1)
        with django_capture_on_commit_callbacks(execute=True):
            with django_assert_max_num_queries(MOVE_POST_QUERIES + AWARDS_QUERIES):
                response = client.post(reverse("games:move", args=[game.pk]), data, **HTMX)
        assert f'data-version="{game.version + 1}"' in response.content.decode()
        played += action == "play"
    assert played >= 1


def test_a_board_fetch_costs_two_queries(started_game, client_of, django_assert_num_queries):
    game = started_game()
    client = client_of(game.player1)
    _warm(client, game)
    with django_assert_num_queries(BOARD_QUERIES):
        response = client.get(reverse("games:board", args=[game.pk]), **HTMX)
    html = response.content.decode()
    assert 'id="board"' in html
    # The partial carries the navigation's indicator, so the page needs no request for it.
    assert 'id="nav-turn-indicator" hx-swap-oob="innerHTML"' in html


def test_the_full_page_keeps_the_indicator_in_the_navigation_only(started_game, client_of):
    game = started_game()
    html = client_of(game.player1).get(reverse("games:detail", args=[game.pk])).content.decode()
    assert html.count('id="nav-turn-indicator"') == 1
    assert "hx-swap-oob" not in html


# the game, the games waiting, the chat, the navigation's marks, the note, the game's event,
# the notices about the game marked read (players.notifications: the bell), and, in a
# running game against a person while the player has not closed it, the push offer's list of
# the browsers he subscribed (players/push/: a browser subscribed for another account, or
# before a logout, is offered again)
GAME_PAGE_QUERIES = 8


def test_the_game_page_costs_eight_queries_and_counts_the_games_waiting_once(
        started_game, client_of, django_assert_num_queries):
    game = started_game()
    client = client_of(player_on_turn(game))
    url = reverse("games:detail", args=[game.pk])
    client.get(url)
    with django_assert_num_queries(GAME_PAGE_QUERIES):
        html = client.get(url).content.decode()
    # The navigation's your-turn badge comes from the board's own count.
    indicator = html.split('id="nav-turn-indicator"', 1)[1].split("</a>", 1)[0]
    assert '<span class="badge turn">1</span>' in indicator
