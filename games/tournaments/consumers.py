"""The event page's websocket: standings, pairings, results and the podium, live.

A socket joins the event's group (events.tournament_group). When the event changes the
group hears "event N changed" (id and version only); the socket sends its page the live
panel of that version as ``{"event": "live", "version", "status", "html"}``. The panel is
the same for every viewer (nothing private is in it), so a process renders each version
once for all its sockets (a small cache of the latest versions).
"""
import logging
from collections import OrderedDict
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from django.template.loader import render_to_string

from marcomage.live_socket import LiveSocketConsumer

from . import selectors
from .events import tournament_group

log = logging.getLogger(__name__)

MAX_FRAME_CHARS = 1024
_RENDERED_KEPT = 64
_rendered: "OrderedDict[tuple[int, int], tuple[int, str, str]]" = OrderedDict()


def live_frame(tournament_id: int, version: int | None = None):
    """(version, status, HTML of the live panel) of the event now, or None when it is gone.
    A version already rendered by this process is not rendered again."""
    if version is not None and (tournament_id, version) in _rendered:
        return _rendered[(tournament_id, version)]
    tournament = selectors.tournament_get(tournament_id)
    if tournament is None:
        return None
    frame = (tournament.version, tournament.status,
             render_to_string("tournaments/_live.html", selectors.live_panel(tournament)))
    _rendered[(tournament_id, tournament.version)] = frame
    while len(_rendered) > _RENDERED_KEPT:
        _rendered.popitem(last=False)
    return frame


@database_sync_to_async
def _frame(tournament_id, version=None):
    try:
        return live_frame(tournament_id, version)
    except Exception:  # the database away for a moment: the page polls meanwhile
        log.warning("event %s: live panel not rendered", tournament_id, exc_info=True)
        return False


@database_sync_to_async
def _version(tournament_id):
    tournament = selectors.tournament_get(tournament_id)
    return None if tournament is None else tournament.version


class TournamentLiveConsumer(LiveSocketConsumer):
    tournament_id = None
    sent_version = 0

    async def connect(self):
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=4401)
            return
        self.tournament_id = self.scope["url_route"]["kwargs"]["tournament_id"]
        self.group = tournament_group(self.tournament_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        version = await _version(self.tournament_id)
        if version is None:
            await self.channel_layer.group_discard(self.group, self.channel_name)
            self.group = None
            await self.close(code=4404)
            return
        await self.accept()
        self.sent_version = self._page_version()
        if version > self.sent_version:  # changed since the page was drawn
            await self._send_live(version)

    def _page_version(self) -> int:
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        try:
            return int(query.get("v", [""])[0])
        except ValueError:
            return 0

    async def disconnect(self, code):
        if getattr(self, "group", None):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        if text_data is None or len(text_data) > MAX_FRAME_CHARS:
            return
        try:
            content = await self.decode_json(text_data)
        except (ValueError, RecursionError):
            return
        if isinstance(content, dict) and content.get("type") == "ping":
            await self.send_json({"event": "pong"})

    async def _send_live(self, version):
        # A version this process has rendered already is sent from the event loop: without
        # this, each of the event's sockets took its turn on the single database thread for
        # a cache look-up (200 sockets, every change), and players heard of their next game
        # seconds late (the load harness's arena mode).
        frame = _rendered.get((self.tournament_id, version))
        if frame is None:
            frame = await _frame(self.tournament_id, version)
        if frame is None:
            await self.close(code=4404)
            return
        if frame is False:
            await self.send_json({"event": "changed", "version": version})
            return
        version, status, html = frame
        if version <= self.sent_version:
            return
        self.sent_version = version
        await self.send_json({"event": "live", "version": version, "status": status,
                              "html": html})

    async def tournament_changed(self, event):
        version = event.get("version") or 0
        if version > self.sent_version:
            await self._send_live(version)
