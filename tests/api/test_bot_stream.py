"""The bot event stream through the site's ASGI application, as a bot's connection reaches
it: fed by the channel layer, holding no HTTP thread, at most API_STREAMS_PER_ACCOUNT open
per account (one more closes the oldest), behind the API's own token checks and limits."""
import asyncio
import json
import os
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest
from asgiref.testing import ApplicationCommunicator
from channels.db import database_sync_to_async

from games import services as gs
from marcomage.asgi import application
from players.models import Player
from tests.api.conftest import token_for
from tests.factories import PlayerFactory
from tests.games.conftest import make_deck

# The stream reads the database on Channels' thread: the test's rows must be committed.
pytestmark = pytest.mark.django_db(transaction=True)

PATH = "/api/v1/bot/stream"


def _run(coroutine_function):
    """An async test body on its own event loop in its own thread (a browser test earlier
    on this worker may leave Playwright's loop marked as running in the main thread)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine_function()).result(timeout=90)


def _scope(path, token=None, method="GET", client="127.0.0.1"):
    headers = [(b"host", b"testserver")]
    if token is not None:
        headers.append((b"authorization", f"Bearer {token}".encode()))
    return {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
            "method": method, "scheme": "http", "path": path, "raw_path": path.encode(),
            "root_path": "", "query_string": b"", "headers": headers,
            "server": ("testserver", 80), "client": (client, 40000)}


class Connection:
    """One HTTP request to the application; the answer read as it arrives."""

    def __init__(self, path=PATH, token=None, **scope):
        self.app = ApplicationCommunicator(application, _scope(path, token, **scope))
        self.text, self.events, self.ended = "", [], False

    async def start(self) -> dict:
        await self.app.send_input({"type": "http.request", "body": b""})
        self.head = await self.app.receive_output(timeout=20)
        self.status = self.head["status"]
        self.headers = {k.decode().lower(): v.decode() for k, v in self.head["headers"]}
        return self.head

    async def read_until(self, wanted, timeout=20):
        """Read until ``wanted(events)`` holds (events: [(name, data)], comments skipped)."""
        while not wanted(self.events):
            assert not self.ended, f"the answer ended first: {self.events}"
            message = await self.app.receive_output(timeout=timeout)
            self.text += message.get("body", b"").decode()
            self.ended = not message.get("more_body", False)
            while "\n\n" in self.text:
                block, self.text = self.text.split("\n\n", 1)
                name, data = None, None
                for line in block.splitlines():
                    if line.startswith("event: "):
                        name = line[7:]
                    elif line.startswith("data: "):
                        data = json.loads(line[6:])
                if name:
                    self.events.append((name, data))
        return self.events

    async def body(self) -> bytes:
        chunks = []
        while True:
            message = await self.app.receive_output(timeout=20)
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                return b"".join(chunks)

    async def close(self):
        await self.app.send_input({"type": "http.disconnect"})
        await self.app.wait(timeout=20)


def named(name, **data):
    return lambda events: any(e == name and all(d.get(k) == v for k, v in data.items())
                              for e, d in events)


@database_sync_to_async
def _bot(name):
    player = PlayerFactory(user__username=name)
    Player.objects.filter(pk=player.pk).update(is_bot=True, level=10)
    player.refresh_from_db()
    make_deck(player, name=f"{name} deck", starter=2)
    return player, token_for(player, "bot", "read", name=f"{name} program")


@database_sync_to_async
def _person(name):
    player = PlayerFactory(user__username=name)
    Player.objects.filter(pk=player.pk).update(level=10)
    player.refresh_from_db()
    return player


@database_sync_to_async
def _challenge(challenger, bot):
    return gs.challenge_create(challenger=challenger, opponent=bot, deck=make_deck(
        challenger, name=f"against {bot.name} {challenger.decks.count()}"))


@database_sync_to_async
def _cancel(game, challenger):
    gs.challenge_cancel(game_id=game.pk, player=challenger)


@database_sync_to_async
def _token(player, *scopes):
    return token_for(player, *scopes, name=f"another {scopes}")


@pytest.fixture(autouse=True)
def _no_connection_kept_by_server_threads(monkeypatch):
    """The application's own threads (Channels' database thread, the HTTP pool) keep
    persistent connections; on PostgreSQL those would keep the test database from being
    dropped. Every wrapper shares this dict: each thread's connection closes after use."""
    from django.db import connection
    monkeypatch.setitem(connection.settings_dict, "CONN_MAX_AGE", 0)


@pytest.fixture
def stream_settings(settings):
    settings.API_STREAM_SECONDS = 60
    settings.API_STREAMS_PER_ACCOUNT = 2
    return settings


def test_the_stream_restates_what_is_pending_then_asks_to_reconnect(stream_settings):
    stream_settings.API_STREAM_SECONDS = 0.2

    async def body():
        (robot, token), alice = await _bot("robot"), await _person("alice")
        waiting = await _challenge(alice, robot)
        stream = Connection(token=token)
        await stream.start()
        assert stream.status == 200
        assert stream.headers["content-type"] == "text/event-stream"
        assert stream.headers["cache-control"] == "no-store"
        events = await stream.read_until(named("reconnect"))
        assert ("challenge", {"game": waiting.pk, "challenger": "alice"}) in events
        assert events[-1] == ("reconnect", {})
        assert await stream.body() == b""  # and the answer ends
        await stream.close()

    _run(body)


def test_the_stream_tells_changes_as_they_are_published(stream_settings):
    async def body():
        (robot, token), alice = await _bot("robot"), await _person("alice")
        stream = Connection(token=token)
        await stream.start()
        await stream.read_until(lambda events: True)
        challenge = await _challenge(alice, robot)
        await stream.read_until(named("challenge", game=challenge.pk))
        await _cancel(challenge, alice)
        await stream.read_until(named("withdrawn", game=challenge.pk))
        await stream.close()

    _run(body)


def test_many_open_streams_take_no_http_thread(stream_settings):
    """More streams than the pool has threads (settings.HTTP_THREADS): all open, and a
    page still answers at once while they stay open."""
    async def body():
        bots = [await _bot(f"robot{n}") for n in range(stream_settings.HTTP_THREADS + 2)]
        streams = []
        for _robot, token in bots:
            stream = Connection(token=token)
            await stream.start()
            assert stream.status == 200
            streams.append(stream)
        page = Connection("/api/v1/cards/1")
        await page.start()
        assert page.status == 200 and json.loads(await page.body())["id"] == 1
        person = await _person("alice")
        challenge = await _challenge(person, bots[-1][0])
        await streams[-1].read_until(named("challenge", game=challenge.pk))
        for stream in streams:
            await stream.close()

    _run(body)


def test_an_account_keeps_at_most_its_share_of_streams_the_oldest_closes(stream_settings):
    async def body():
        (robot, token), (_other, other_token) = await _bot("robot"), await _bot("other")
        alice = await _person("alice")
        first, second = Connection(token=token), Connection(token=await _token(robot, "bot"))
        for stream in (first, second):
            await stream.start()
            await stream.read_until(lambda events: True)
        third = Connection(token=token)
        await third.start()
        assert third.status == 200
        events = await first.read_until(named("closed"))
        assert "2 event streams" in events[-1][1]["reason"]
        assert await first.body() == b""  # the oldest has ended
        # the two newest stay open and hear of a new challenge; so does another bot
        others = Connection(token=other_token)
        await others.start()
        assert others.status == 200
        challenge = await _challenge(alice, robot)
        for stream in (second, third):
            await stream.read_until(named("challenge", game=challenge.pk))
            assert not named("closed")(stream.events)
        # reconnecting in a loop only ever closes the account's own oldest streams
        fourth = Connection(token=token)
        await fourth.start()
        await second.read_until(named("closed"))
        for stream in (first, second, third, fourth, others):
            await stream.close()

    _run(body)


def test_a_closed_stream_frees_its_place_for_the_account(stream_settings):
    async def body():
        robot, token = await _bot("robot")
        first = Connection(token=token)
        await first.start()
        await first.read_until(lambda events: True)
        await first.close()  # the bot went away; then two new connections
        second, third = Connection(token=token), Connection(token=token)
        for stream in (second, third):
            await stream.start()
            await stream.read_until(lambda events: True)
        alice = await _person("alice")
        challenge = await _challenge(alice, robot)
        for stream in (second, third):
            await stream.read_until(named("challenge", game=challenge.pk))
            assert not named("closed")(stream.events)
        for stream in (second, third):
            await stream.close()

    _run(body)


def test_the_stream_has_the_apis_token_checks_and_limits(stream_settings):
    stream_settings.API_RATE_LIMITS = {"token": "2/m", "anonymous": "2/m"}

    async def body():
        (robot, token), alice = await _bot("robot"), await _person("alice")
        read_only, person = await _token(robot, "read"), await _token(alice, "read")
        answers = {}
        for name, key in (("none", None), ("wrong", "mcg_00000000_guess"),
                          ("read only", read_only), ("person", person)):
            connection = Connection(token=key, client=f"10.0.0.{len(answers) + 1}")
            await connection.start()
            answers[name] = (connection.status, json.loads(await connection.body()))
        assert answers["none"][0] == 401 and answers["wrong"][0] == 401
        assert answers["read only"][0] == 403 and answers["person"][0] == 403
        assert all(set(body) == {"error"} for _status, body in answers.values())
        guesses = []
        for _ in range(3):
            connection = Connection(token="mcg_00000000_guess", client="10.0.0.9")
            await connection.start()
            guesses.append(connection.status)
        assert guesses == [401, 401, 429]
        opened = []
        for _ in range(3):  # the account's allowance: 2 a minute (read_only used one)
            connection = Connection(token=token)
            await connection.start()
            opened.append(connection)
        assert [c.status for c in opened] == [200, 429, 429]
        assert "retry-after" in opened[1].headers
        for connection in opened:
            await connection.close()

    _run(body)


def test_streams_per_process_are_capped(stream_settings):
    stream_settings.API_STREAMS_MAX = 1

    async def body():
        (_robot, token), (_other, other_token) = await _bot("robot"), await _bot("other")
        first = Connection(token=token)
        await first.start()
        second = Connection(token=other_token)
        await second.start()
        assert second.status == 503 and second.headers["retry-after"]
        assert json.loads(await second.body())["error"]["code"] == "busy"
        await first.close()
        third = Connection(token=other_token)
        await third.start()
        assert third.status == 200
        await third.close()

    _run(body)


def test_other_methods_and_addresses_go_to_the_api(stream_settings):
    async def body():
        _robot, token = await _bot("robot")
        post = Connection(token=token, method="POST")
        await post.start()
        assert post.status == 405
        assert json.loads(await post.body())["error"]["code"] == "method_not_allowed"
        near = Connection(PATH + "/", token=token)
        await near.start()
        assert near.status == 404
        await near.body()
        for connection in (post, near):
            await connection.app.wait(timeout=20)

    _run(body)


@pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs REDIS_URL")
def test_on_the_redis_pubsub_layer_changes_arrive_and_the_oldest_stream_closes(
        stream_settings):
    """The production layer (settings: channels_redis pub/sub), under a prefix of this
    test's own so that no other test's messages mix in."""
    stream_settings.CHANNEL_LAYERS = {"default": {
        "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
        "CONFIG": {"hosts": [os.environ["REDIS_URL"]], "prefix": f"t{uuid.uuid4().hex[:12]}"}}}

    async def body():
        (robot, token), alice = await _bot("robot"), await _person("alice")
        first, second = Connection(token=token), Connection(token=token)
        for stream in (first, second):
            await stream.start()
            await stream.read_until(lambda events: True)
        challenge = await _challenge(alice, robot)
        for stream in (first, second):
            await stream.read_until(named("challenge", game=challenge.pk))
        third = Connection(token=token)
        await third.start()
        await first.read_until(named("closed"))
        await _cancel(challenge, alice)
        for stream in (second, third):
            await stream.read_until(named("withdrawn", game=challenge.pk))
        for stream in (first, second, third):
            await stream.close()

    _run(body)
