"""The load harness's web push side (``python -m devtools.load --push``): the second player
of every game is away from the site, and comes back only when a notification tells him it
is his turn.

The harness runs the local push service (devtools/push_service.py) in a thread of its own,
subscribes each away player's "browser" to it (as the page's button does: the site's
``push_subscribe``), and the server is started with ``PUSH_ALLOW_LOCAL_SERVICE=true`` and the
harness's VAPID keys so that the site may send there (a server started apart, --url, needs
both too). An away player holds no websocket: when it is not his turn he waits
for a push naming his game (the push service decrypts it and checks its VAPID header, as a
browser's push service and browser do), then opens the game page (the notification's click),
moves and leaves again. Measured: the opponent's move sent -> the away player's push
arrived, p50/p99; a move whose push has not come within WEB_PUSH_TIMEOUT counts as missing
(the player then comes back by himself, as a person would, and plays on).
"""
from __future__ import annotations

import asyncio
import re
import threading
import time

from devtools.load_client import PlayerClient, percentile

WEB_PUSH_TIMEOUT = 30.0
GAME_URL_RE = re.compile(r"/games/(\d+)/")


class PushInbox:
    """The pushes that reached one away player's browser: (game id or None, when, payload)."""

    def __init__(self, loop: asyncio.AbstractEventLoop):
        self.loop = loop
        self.arrivals: list[tuple[int | None, float, dict]] = []
        self.new = asyncio.Event()
        self.latencies_ms: list[float] = []
        self.missing = 0

    def arrive(self, game_id, at, payload):
        self.arrivals.append((game_id, at, payload))
        self.new.set()

    def first_after(self, game_id: int, after: float) -> float | None:
        return next((at for gid, at, _ in self.arrivals if gid == game_id and at > after), None)


class PushWorld:
    """The push service and the away players' inboxes (one per player id)."""

    def __init__(self):
        from devtools.push_service import PushService

        self.service = PushService().start()
        self.inboxes: dict[int, PushInbox] = {}
        self.owner_of: dict[str, int] = {}  # subscription token -> player id
        self.lock = threading.Lock()
        self.keys = None
        self.service.listeners.append(self._heard)

    def subscribe(self, players: list[dict], loop: asyncio.AbstractEventLoop) -> None:
        """Subscribes each player's browser (through the site's service, with its checks)."""
        from django.conf import settings

        from players.models import Player
        from players.push.keys import vapid_keys
        from players.push.services import push_subscribe

        settings.PUSH_ALLOW_LOCAL_SERVICE = True
        keys = self.keys = vapid_keys()
        if keys is None:
            raise SystemExit("--push: web push is not configured (no VAPID keys)")
        from players.models import NotificationSettings

        for player in players:
            # He moves every few seconds, so the rule "nothing while active on the site in
            # the last minutes" would hold back every push: he chose "always" (the setting a
            # player who wants each turn on his phone picks).
            NotificationSettings.objects.update_or_create(player_id=player["id"],
                                                          defaults={"always": True})
            browser = self.service.subscribe(keys.public_key)
            push_subscribe(player=Player.objects.get(pk=player["id"]), data=browser,
                           user_agent="load harness (away player)")
            with self.lock:
                self.owner_of[self.service.token_of(browser)] = player["id"]
                self.inboxes[player["id"]] = PushInbox(loop)

    def server_env(self) -> dict:
        """What the server started by --serve needs: sending to the local service, with the
        keys the subscriptions were made with (a server without DEBUG makes none)."""
        return {"PUSH_ALLOW_LOCAL_SERVICE": "true", "VAPID_PRIVATE_KEY": self.keys.private_key,
                "VAPID_PUBLIC_KEY": self.keys.public_key, "VAPID_SUBJECT": self.keys.subject}

    def _heard(self, delivery) -> None:  # on the push service's thread
        at = time.perf_counter()
        if delivery.status != 201:
            return
        with self.lock:
            inbox = self.inboxes.get(self.owner_of.get(delivery.token))
        if inbox is None:
            return
        match = GAME_URL_RE.search(str((delivery.payload or {}).get("url", "")))
        inbox.loop.call_soon_threadsafe(inbox.arrive, int(match.group(1)) if match else None,
                                        at, delivery.payload)

    def figures(self) -> dict:
        received = len(self.service.received())
        return {"latencies_ms": [ms for inbox in self.inboxes.values()
                                 for ms in inbox.latencies_ms],
                "missing": sum(inbox.missing for inbox in self.inboxes.values()),
                "accepted": received,
                "refused": len(self.service.received(accepted_only=False)) - received}

    def report(self) -> str:
        figures = self.figures()
        latencies, missing = figures["latencies_ms"], figures["missing"]
        received, refused = figures["accepted"], figures["refused"]
        return (f"  web push (move sent -> the away opponent's push arrived): p50 "
                f"{percentile(latencies, 50):.0f}  p95 {percentile(latencies, 95):.0f}  p99 "
                f"{percentile(latencies, 99):.0f}  max {max(latencies, default=float('nan')):.0f}"
                f" ms  (n={len(latencies)}); missing (none within {WEB_PUSH_TIMEOUT:g} s) "
                f"{missing}; pushes accepted {received}, refused {refused}")

    def stop(self) -> None:
        self.service.stop()


class AwayPlayerClient(PlayerClient):
    """A player away from the site: no socket; a push brings him back to move."""

    def __init__(self, *args, inbox: PushInbox, **kwargs):
        super().__init__(*args, **kwargs)
        self.inbox = inbox
        self.left_at = 0.0  # when he last left the game (after his move or the page load)

    async def open_game(self, http, table) -> bool:
        html = await self.get(http, f"/games/{table.game_id}/")
        return html is not None and self.take_board(html, table, "page") is not None

    async def play_game(self, http, table, ws_factory):
        if not await self.open_game(http, table):
            self.stats.error("game page")
            return False
        self.left_at = time.perf_counter()
        while time.monotonic() < self.deadline:
            if self.board.finished:
                return True
            if self.board.my_turn:
                low, high = self.think
                await asyncio.sleep(self.rng.uniform(low, high))
                if time.monotonic() >= self.deadline:
                    break
                await self.move(http, table)
                self.left_at = time.perf_counter()
                continue
            came = await self.wait_for_push(table)
            if came is None:
                break
            if not await self.open_game(http, table):  # the notification's click
                self.stats.error("game page")
                return False
            if came == "timeout" and self.board.finished:
                self.inbox.missing -= 1  # the move ended the game: no turn of his was owed
        return False

    async def wait_for_push(self, table) -> str | None:
        """Until a push names this game after he left ("push"), or the opponent's move has
        waited WEB_PUSH_TIMEOUT without one ("timeout": he comes back by himself, one
        missing), or the run ends (None)."""
        while time.monotonic() < self.deadline:
            arrived = self.inbox.first_after(table.game_id, self.left_at)
            if arrived is not None:
                if table.mover not in (-1, self.seat) and table.sent_at > self.left_at:
                    self.inbox.latencies_ms.append((arrived - table.sent_at) * 1000)
                self.left_at = arrived
                return "push"
            moved = table.mover not in (-1, self.seat) and table.sent_at > self.left_at
            if moved and time.perf_counter() - table.sent_at > WEB_PUSH_TIMEOUT:
                self.inbox.missing += 1
                self.left_at = time.perf_counter()
                return "timeout"
            self.inbox.new.clear()
            try:
                await asyncio.wait_for(self.inbox.new.wait(), 1.0)
            except TimeoutError:
                pass
        return None
