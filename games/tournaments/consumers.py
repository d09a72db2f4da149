"""The event page's websocket: standings, pairings, results and the podium, live; and the
viewer's own new game at once.

A socket joins the event's group (events.tournament_group) and its viewer's own group of
the event (events.entrant_group: his sockets only). An entrant's open page counts as one of
his pages of the event (presence: who has left them all is paused), and a page opened
with the game it knows (``?g=``) is told at once of a newer game of his (paired while the
page loaded).

- "your game is G" (his group) goes to the page at once as ``{"event": "game", "game"}``:
  the page opens the game. It names nothing but the viewer's own game.
- "event N changed" (the event's group, id and version only): the socket sends its page
  the live panel as ``{"event": "live", "version", "status", "html"}``. The panel is the
  same for every viewer (nothing private is in it) and, in an arena of 200, as large as
  its standings: a process renders it at most once every PANEL_EVERY seconds per event,
  of the newest version, and its sockets send that one frame (already encoded). A socket
  that heard of several changes meanwhile sends one panel, the newest.
"""
import asyncio
import json
import logging
from dataclasses import dataclass
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from django.template.loader import render_to_string

from marcomage.plumbing.live_socket import LiveSocketConsumer

from . import presence, selectors
from .events import entrant_group, tournament_group
from .models import Entry

log = logging.getLogger(__name__)

MAX_FRAME_CHARS = 1024
# The shortest time between two renders of an event's panel in one process (and so between
# two panels sent to a socket). Every change of an arena of 200 players, several a second,
# was rendered and sent whole to all 200 sockets (the server's processes at 65 % CPU, the
# players' news of their next game seconds late behind it): the players' own games now go
# in frames of their own, and the standings may follow a little later.
PANEL_EVERY = 2.0


@dataclass(frozen=True)
class PanelFrame:
    version: int
    status: str
    text: str  # the frame as sent, JSON-encoded once for all the sockets of the process


def live_frame(tournament_id: int) -> PanelFrame | None:
    """The event's live panel now, as a frame; None when the event is gone."""
    tournament = selectors.tournament_get(tournament_id)
    if tournament is None:
        return None
    html = render_to_string("tournaments/_live.html", selectors.live_panel(tournament))
    return PanelFrame(tournament.version, tournament.status, json.dumps({
        "event": "live", "version": tournament.version, "status": tournament.status,
        "html": html}))


@database_sync_to_async
def _render_frame(tournament_id):
    try:
        return live_frame(tournament_id)
    except Exception:  # the database away for a moment: the page polls meanwhile
        log.warning("event %s: live panel not rendered", tournament_id, exc_info=True)
        return False


class _Panels:
    """This process's newest panel of each event, and the render in progress: however many
    sockets ask, one render at a time per event, at most one every PANEL_EVERY seconds."""

    def __init__(self):
        self.latest: dict[int, PanelFrame] = {}
        self.rendering: dict[int, asyncio.Task] = {}
        self.started_at: dict[int, float] = {}

    async def at_least(self, tournament_id: int, version: int):
        """A frame of ``version`` or newer; None: the event is gone; False: not rendered
        (the database away)."""
        loop = asyncio.get_running_loop()
        while True:
            frame = self.latest.get(tournament_id)
            if frame is not None and frame.version >= version:
                return frame
            render = self.rendering.get(tournament_id)
            if render is None:
                wait = (self.started_at.get(tournament_id, float("-inf")) + PANEL_EVERY
                        - loop.time())
                if wait > 0:
                    await asyncio.sleep(wait)
                    continue
                self.started_at[tournament_id] = loop.time()
                render = self.rendering[tournament_id] = asyncio.ensure_future(
                    self._render(tournament_id))
            # Shielded: a socket that closes meanwhile does not stop the others' render.
            frame = await asyncio.shield(render)
            if not frame:
                return frame
            # A render begun before this socket heard of ``version`` may be older: again.

    async def _render(self, tournament_id):
        try:
            frame = await _render_frame(tournament_id)
        finally:
            self.rendering.pop(tournament_id, None)
        if frame:
            kept = self.latest.get(tournament_id)
            if kept is None or frame.version >= kept.version:
                self.latest[tournament_id] = frame
        elif frame is None:
            self.latest.pop(tournament_id, None)
        return frame

    def forget(self, tournament_id):
        """No socket of this process shows the event any more."""
        if tournament_id not in self.rendering:
            self.latest.pop(tournament_id, None)
            self.started_at.pop(tournament_id, None)


_panels = _Panels()
_sockets: dict[int, int] = {}  # event -> this process's open sockets of it


@dataclass(frozen=True)
class _Viewer:
    version: int  # the event's
    player_id: int | None
    entrant: bool  # in the event (not withdrawn): his page counts as one of his (presence)
    game: int | None  # his game in the event now


@database_sync_to_async
def _version_and_viewer(tournament_id, user) -> _Viewer | None:
    """The event's version and who is looking; None when the event is gone. An entrant's
    page is counted as open (presence) here."""
    tournament = selectors.tournament_get(tournament_id)
    if tournament is None:
        return None
    player = getattr(user, "player", None)
    if player is None:
        return _Viewer(tournament.version, None, False, None)
    entry = selectors.entry_of(tournament, player)
    entrant = entry is not None and entry.status != Entry.Status.WITHDRAWN
    if entrant:
        presence.page_opened(tournament.pk, player.pk)
    return _Viewer(tournament.version, player.pk, entrant,
                   selectors.current_pairing_game(entry) if entrant else None)


@database_sync_to_async
def _page_closed(tournament_id, player_id):
    presence.page_closed(tournament_id, player_id)


class TournamentLiveConsumer(LiveSocketConsumer):
    tournament_id = None
    sent_version = 0
    wanted_version = 0
    sending = None  # the task sending the panel, while one is on its way
    counted_player = None  # the entrant whose page this is (presence), once counted

    async def connect(self):
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=4401)
            return
        self.tournament_id = self.scope["url_route"]["kwargs"]["tournament_id"]
        # Join before reading the version: a change committed meanwhile still arrives.
        self.groups_joined = []
        await self._join(tournament_group(self.tournament_id))
        viewer = await _version_and_viewer(self.tournament_id, user)
        if viewer is None:
            await self._leave_groups()
            await self.close(code=4404)
            return
        if viewer.entrant:
            self.counted_player = viewer.player_id
        if viewer.player_id is not None:
            await self._join(entrant_group(self.tournament_id, viewer.player_id))
        await self.accept()
        _sockets[self.tournament_id] = _sockets.get(self.tournament_id, 0) + 1
        self.sent_version = self._page_version()
        if viewer.version > self.sent_version:  # changed since the page was drawn
            self._panel_wanted(viewer.version)
        known = self._query().get("g")
        if known is not None and viewer.game and str(viewer.game) != known[0]:
            # Paired after the page was drawn, before its socket opened (a pairing's frame
            # reaches the sockets open at its commit only): told now.
            await self.send_json({"event": "game", "game": viewer.game})

    def _query(self) -> dict:
        return parse_qs(self.scope.get("query_string", b"").decode("latin-1"),
                        keep_blank_values=True)

    def _page_version(self) -> int:
        try:
            return int(self._query().get("v", [""])[0])
        except ValueError:
            return 0

    async def disconnect(self, code):
        if self.sending is not None:
            self.sending.cancel()
        if self.counted_player is not None:
            await _page_closed(self.tournament_id, self.counted_player)
            self.counted_player = None
        if getattr(self, "groups_joined", None):
            left = _sockets.get(self.tournament_id, 1) - 1
            if left > 0:
                _sockets[self.tournament_id] = left
            else:
                _sockets.pop(self.tournament_id, None)
                _panels.forget(self.tournament_id)
        await self._leave_groups()

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        if text_data is None or len(text_data) > MAX_FRAME_CHARS:
            return
        try:
            content = await self.decode_json(text_data)
        except (ValueError, RecursionError):
            return
        if isinstance(content, dict) and content.get("type") == "ping":
            await self.send_json({"event": "pong"})

    def _panel_wanted(self, version):
        """Send the panel of ``version`` or newer, once the process has one (see _Panels);
        changes heard meanwhile ride along."""
        self.wanted_version = max(self.wanted_version, version)
        if self.sending is None:
            self.sending = asyncio.ensure_future(self._send_panel())

    async def _send_panel(self):
        try:
            while self.wanted_version > self.sent_version:
                wanted = self.wanted_version
                frame = await _panels.at_least(self.tournament_id, wanted)
                if frame is None:
                    await self.close(code=4404)
                    return
                if frame is False:
                    await self.send_json({"event": "changed", "version": wanted})
                    return
                if frame.version > self.sent_version:
                    self.sent_version = frame.version
                    await self.send(text_data=frame.text)
        except Exception:  # a socket closed meanwhile: nothing to send it
            log.debug("event %s: panel not sent", self.tournament_id, exc_info=True)
        finally:
            self.sending = None

    # ---- group messages
    async def tournament_changed(self, event):
        version = event.get("version") or 0
        if version > self.sent_version:
            self._panel_wanted(version)

    async def tournament_game(self, event):
        await self.send_json({"event": "game", "game": event["game"]})
