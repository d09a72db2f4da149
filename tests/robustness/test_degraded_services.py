"""A failing broker, channel layer or database degrades a feature, never a saved move.

In process, with the broker or the channel layer made to fail: the move is saved and
answered normally, the failure is logged, and what was not queued is queued by the
stalled-tasks sweep once the broker is back. tests/robustness/test_outages.py does the
same against a real Redis that stops and a real worker that is killed.
"""
import asyncio
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
from channels.testing import WebsocketCommunicator
from django.db import OperationalError, connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import services as gs
from games.models import Game
from games.services import queue as task_queue
from games.services.sweeps import TASK_STALLED_AFTER, sweep_stalled_tasks
from tests.games.conftest import discard_on_turn, make_deck


class _BrokerDown:
    def signature(self, *args, **kwargs):
        raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")


def _ai_game_on_players_turn(alice, capture):
    make_deck(alice)
    with capture(execute=True):
        game = gs.ai_quick_game(player=alice)
    game.refresh_from_db()
    assert game.current_seat == 0
    return game


@pytest.mark.django_db
def test_broker_down_the_move_is_saved_and_answered_then_the_sweep_queues_the_ai(
        alice, client_of, monkeypatch, caplog, django_capture_on_commit_callbacks):
    game = _ai_game_on_players_turn(alice, django_capture_on_commit_callbacks)
    version = game.version
    real_app = task_queue.current_app
    monkeypatch.setattr(task_queue, "current_app", _BrokerDown())
    with django_capture_on_commit_callbacks(execute=True):
        response = client_of(alice).post(reverse("games:move", args=[game.pk]), {
            "version": version, "position": 1, "action": "discard"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.version == version + 1 and game.current_seat == 1  # saved, the AI waits
    assert "could not queue games.tasks.game_ai_move_task" in caplog.text

    # Still down: the sweep tries, fails quietly, the game is untouched.
    later = timezone.now() + TASK_STALLED_AFTER + timedelta(seconds=1)
    assert sweep_stalled_tasks(now=later) == 0
    # The broker is back: the sweep queues the computer's turn (eager here) and it moves.
    monkeypatch.setattr(task_queue, "current_app", real_app)
    assert sweep_stalled_tasks(now=later) == 1
    game.refresh_from_db()
    assert game.version > version + 1


@pytest.mark.django_db
def test_the_sweep_leaves_recent_and_manual_games_alone(alice, django_capture_on_commit_callbacks):
    game = _ai_game_on_players_turn(alice, django_capture_on_commit_callbacks)
    alice.settings.auto_ai_move = False
    alice.settings.save()
    discard_on_turn(game, alice)  # no commit callbacks: the AI task is not run
    game.refresh_from_db()
    assert game.current_seat == 1
    much_later = timezone.now() + timedelta(hours=1)
    assert sweep_stalled_tasks(now=much_later) == 0  # the player moves the AI by button
    alice.settings.auto_ai_move = True
    alice.settings.save()
    assert sweep_stalled_tasks(now=timezone.now()) == 0  # not stalled yet
    assert sweep_stalled_tasks(now=much_later) == 1


@pytest.mark.django_db
def test_an_unrated_finished_game_is_rated_by_the_sweep(alice, django_capture_on_commit_callbacks):
    game = _ai_game_on_players_turn(alice, django_capture_on_commit_callbacks)
    gs.game_surrender(game_id=game.pk, player=alice)  # the rating task is never run here
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.rated_at is None
    assert sweep_stalled_tasks(now=timezone.now() + TASK_STALLED_AFTER * 2) == 1
    game.refresh_from_db()
    assert game.rated_at is not None
    assert sweep_stalled_tasks(now=timezone.now() + TASK_STALLED_AFTER * 2) == 0  # rated once


@pytest.mark.django_db
def test_channel_layer_down_the_move_is_saved_and_answered(
        alice, client_of, monkeypatch, django_capture_on_commit_callbacks):
    game = _ai_game_on_players_turn(alice, django_capture_on_commit_callbacks)
    version = game.version

    async def layer_down(*args, **kwargs):
        raise ConnectionError("channel layer down")
    monkeypatch.setattr("channels.layers.InMemoryChannelLayer.group_send", layer_down)
    with django_capture_on_commit_callbacks(execute=True):
        response = client_of(alice).post(reverse("games:move", args=[game.pk]), {
            "version": version, "position": 1, "action": "discard"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.version > version


@pytest.mark.django_db
def test_a_database_that_refuses_connections_gets_a_503_page(settings, monkeypatch, alice):
    settings.DEBUG = False
    client = Client(raise_request_exception=False)
    client.force_login(alice.user)

    def refused(*args, **kwargs):
        raise OperationalError('connection to server at "127.0.0.1", port 5432 failed: '
                               "Connection refused")
    monkeypatch.setattr(connection, "ensure_connection", refused)
    monkeypatch.setattr(connection, "cursor", refused)
    response = client.get(reverse("games:list"))
    assert response.status_code == 503
    assert response["Retry-After"]
    assert "cannot be reached" in response.content.decode()


@pytest.mark.django_db
def test_other_server_errors_stay_500(settings, monkeypatch):
    settings.DEBUG = False

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")
    monkeypatch.setattr("marcomage.site.views.render", broken)
    response = Client(raise_request_exception=False).get("/")
    assert response.status_code == 500


@pytest.mark.django_db(transaction=True)
def test_a_websocket_to_an_unknown_path_is_refused_cleanly():
    # On a thread of its own: a browser test earlier on this worker leaves Playwright's
    # event loop running in the main thread, where no other loop can start.
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, _unknown_paths_refused()).result(timeout=60)


async def _unknown_paths_refused():
    from marcomage.asgi import application

    for path in ("/ws/nothing/", "/ws/games/x/", "/elsewhere"):
        communicator = WebsocketCommunicator(application, path,
                                             headers=[(b"origin", b"http://127.0.0.1")])
        connected, code = await communicator.connect()
        assert not connected and code == 4404
        await communicator.disconnect()


def test_pages_may_open_websockets_to_the_site_itself_only(client, db):
    policy = client.get(reverse("login"))["Content-Security-Policy"]
    connect = next(part.strip() for part in policy.split(";") if "connect-src" in part)
    assert connect == "connect-src 'self'"
