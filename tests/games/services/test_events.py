"""Publishing live events: on the server's own loop when there is one, never failing or
undoing the change that caused them."""
import asyncio
import logging
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from unittest import mock

import pytest
from django.urls import reverse

from games.models import Game, Turn
from games.services import events
from marcomage.plumbing import live_send
from tests.games.conftest import player_on_turn

pytestmark = pytest.mark.django_db


class RecordingLayer:
    """A channel layer that notes the loop each send ran on (and can fail)."""

    def __init__(self, fail=False):
        self.fail = fail
        self.loops = []
        self.sent = []

    async def group_send(self, group, message):
        self.loops.append(asyncio.get_running_loop())
        if self.fail:
            raise ConnectionError("redis is down")
        self.sent.append((group, message))


@pytest.fixture
def server_loop():
    """An event loop running in a thread of its own, as the ASGI server's."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    with mock.patch.object(live_send, "server_loop", return_value=loop):
        yield loop
    loop.call_soon_threadsafe(loop.stop)
    thread.join(timeout=5)
    loop.close()


def _settle(loop):
    """Wait until the loop has run what was handed to it."""
    asyncio.run_coroutine_threadsafe(asyncio.sleep(0), loop).result(timeout=5)
    asyncio.run_coroutine_threadsafe(asyncio.sleep(0), loop).result(timeout=5)


def _off_the_main_thread(function):
    """Run ``function`` on a thread of its own, as a server thread would: a browser test
    earlier on this worker leaves Playwright's event loop marked as running in the main
    thread, and a send from there would be handed to that loop, where it never runs."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(function).result(timeout=30)


def _run_callbacks(callbacks):
    _off_the_main_thread(lambda: [callback() for callback in callbacks])


def _post_move(client, game):
    return client.post(reverse("games:move", args=[game.pk]), {
        "version": game.version, "position": 1, "action": "discard"}, HTTP_HX_REQUEST="true")


def test_under_the_server_a_send_runs_on_the_server_loop(server_loop):
    layer = RecordingLayer()
    with mock.patch.object(live_send, "get_channel_layer", return_value=layer):
        _off_the_main_thread(lambda: (
            events._send(("game-1", {"type": "game.changed"})),
            events._send(("game-1", {"type": "game.changed"}),
                         ("game-2", {"type": "game.changed"}))))
        _settle(server_loop)
    assert layer.loops == [server_loop] * 3  # no loop (or connection) of its own
    assert [group for group, _ in layer.sent] == ["game-1", "game-1", "game-2"]


def test_a_failing_layer_under_the_server_is_logged(server_loop, caplog):
    layer = RecordingLayer(fail=True)
    with mock.patch.object(live_send, "get_channel_layer", return_value=layer), \
            caplog.at_level(logging.ERROR, logger="marcomage.plumbing.live_send"):
        _off_the_main_thread(lambda: events._send(("game-1", {"type": "game.changed"}),
                                                  ("game-2", {"type": "game.changed"})))
        _settle(server_loop)
    # each send is tried, each failure logged
    assert "could not publish game.changed to game-1" in caplog.text
    assert "could not publish game.changed to game-2" in caplog.text


@pytest.mark.parametrize("under_the_server", [False, True])
def test_a_failing_channel_layer_never_fails_or_undoes_a_move(
        request, under_the_server, started_game, client_of,
        django_capture_on_commit_callbacks):
    if under_the_server:
        loop = request.getfixturevalue("server_loop")
    game = started_game()
    mover = player_on_turn(game)
    turns = Turn.objects.filter(game=game).count()
    layer = RecordingLayer(fail=True)
    with mock.patch.object(live_send, "get_channel_layer", return_value=layer):
        with django_capture_on_commit_callbacks() as callbacks:
            response = _post_move(client_of(mover), game)
        _run_callbacks(callbacks)
        if under_the_server:
            _settle(loop)
    assert callbacks and layer.loops  # the events were sent, and failed
    assert response.status_code == 200
    assert f'data-version="{game.version + 1}"' in response.content.decode()
    assert Game.objects.get(pk=game.pk).version == game.version + 1
    assert Turn.objects.filter(game=game).count() == turns + 1


def test_the_events_carry_ids_and_versions_only(started_game, client_of,
                                                django_capture_on_commit_callbacks):
    game = started_game()
    mover = player_on_turn(game)
    layer = RecordingLayer()
    with mock.patch.object(live_send, "get_channel_layer", return_value=layer):
        with django_capture_on_commit_callbacks() as callbacks:
            _post_move(client_of(mover), game)
        _run_callbacks(callbacks)
    seat = game.seat_of(mover)
    # ... and when it was published (a float: the push latency's metric, marcomage/metrics)
    published = layer.sent[0][1].pop("at")
    assert isinstance(published, float) and abs(published - time.time()) < 60
    assert layer.sent == [
        (f"game-{game.pk}", {"type": "game.changed", "game": game.pk,
                             "version": game.version + 1, "what": "board", "by_seat": seat}),
        (f"games-player-{game.player1_id}", {"type": "turns.changed", "game": game.pk}),
        (f"games-player-{game.player2_id}", {"type": "turns.changed", "game": game.pk}),
    ]
