"""A request, and the objects it made, are freed when it is answered, by reference
counting: none of them is left in a reference cycle for the garbage collector, whose
collections stop every thread of the server (marcomage/weak_request.py says what it cost).

Checked with the collector off: an object still alive after its last owner let go of it
is held by a cycle.
"""
import weakref
from urllib.parse import urlencode

import pytest
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished
from django.db import close_old_connections
from django.test import RequestFactory
from django.urls import reverse

from games.game import selectors as game_selectors
from games.game.forms import MoveForm
from tests.games.conftest import player_on_turn

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
URLENCODED = "application/x-www-form-urlencoded"


def _served(client, method, path, data=None):
    """``path`` served by Django's whole middleware stack for the client's player, as the
    server serves it; the answer's status and body, and a weak reference to the request."""
    factory = RequestFactory()
    request = (factory.get(path, **HTMX) if method == "get" else
               # As the board's forms post (htmx, urlencoded). A multipart post's upload
               # handlers hold their request (Django's), a cycle the site's forms make only
               # where they take a file.
               factory.post(path, urlencode(data), content_type=URLENCODED, **HTMX))
    request.COOKIES.update({name: morsel.value for name, morsel in client.cookies.items()})
    request._dont_enforce_csrf_checks = True  # the test client's way; CSRF has its tests
    response = WSGIHandler().get_response(request)
    status, body = response.status_code, response.content.decode()
    # Closing sends request_finished, whose handler would close the test's database
    # connection: the test client leaves it out too.
    request_finished.disconnect(close_old_connections)
    try:
        response.close()
    finally:
        request_finished.connect(close_old_connections)
    return status, body, weakref.ref(request)


def test_a_move_a_board_and_the_game_page_leave_no_request_behind(started_game, client_of, collector_off):
    game = started_game()
    client = client_of(player_on_turn(game))
    board = reverse("games:board", args=[game.pk])
    client.get(board, **HTMX)  # the session and the signed-in user cached, as on a live site

    status, body, request = _served(client, "get", board)
    assert status == 200 and f'data-version="{game.version}"' in body
    assert request() is None

    status, body, request = _served(client, "get", reverse("games:detail", args=[game.pk]))
    assert status == 200 and f'data-version="{game.version}"' in body  # the page, with its board
    assert request() is None

    status, body, request = _served(client, "post", reverse("games:move", args=[game.pk]),
                                    {"version": game.version, "position": 1,
                                     "action": "discard"})
    assert status == 200 and f'data-version="{game.version + 1}"' in body  # the move was made
    assert request() is None


def test_a_hand_form_is_freed_once_read(collector_off):
    form = MoveForm({"version": 3, "position": 2, "action": "discard"})
    assert form.is_valid() and form.cleaned_data["position"] == 2
    form_ref = weakref.ref(form)
    del form
    assert form_ref() is None


def test_a_game_rows_players_and_users_are_freed_with_it(started_game, collector_off):
    game = started_game()
    row = game_selectors.game_for_player(game.pk, game.player1)
    assert row.player1.user.username == game.player1.user.username  # selected with the row
    users = [weakref.ref(row.player1.user), weakref.ref(row.player2.user)]
    del row
    assert [user() for user in users] == [None, None]
