"""The outside check of every address against every role.

tests/security/test_url_inventory.py tries every route as an anonymous visitor and as the
outsider carol. Here the same routes (the inventory's own list, so a new route is covered
by construction) are tried by the other people a public site has: alice's opponent, a
spectator, a moderator, an administrator, a bot with its token, and a program holding a
revoked token. Each role, over HTTP (pages, partials, the API) and over the live socket:

- gets no 5xx;
- sees none of alice's private things (her messages, her notes, her deck's name and note,
  the system message sent to her), except what that role is a party to (bob reads the
  messages between him and alice, the chat and the challenge note of their games);
- changes nothing of alice's and bob's, except where the role's job is to act
  (moderators and administrators on the moderation, forum and concept routes).
"""
import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest
from channels.testing import WebsocketCommunicator
from django.contrib.auth import get_user_model

from marcomage.asgi import application
from players.models import AccessToken, Player
from players.moderation.services import moderator_add
from players.tokens.services import token_create, token_revoke
from tests.factories import PlayerFactory
from tests.security.conftest import (
    ALICE_SECRET_BODY,
    ALICE_SECRET_SUBJECT,
    CHALLENGE_NOTE,
    hidden_cards_of,
)
from tests.security.test_url_inventory import (
    CHAT_SECRET,
    MARKERS,
    ROUTES,
    _body,
    _requests,
    _rewind,
    _snapshot,
    world,  # noqa: F401  (the fixture, used by name)
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("templates_not_recorded")]

API_KINDS = ("api", "api-bot", "api-token")
# The routes where a moderator's or an administrator's job is to act on someone else.
STAFF_ACTS = {"players:mute", "players:unmute", "players:ban", "players:unban",
              "forum:post_edit", "forum:post_delete", "forum:thread_lock",
              "forum:thread_priority", "forum:thread_move", "concepts:edit",
              "concepts:delete", "concepts:state", "concepts:lab_report_new",
              "concepts:lab_export"}
# What bob is a party to: the messages between him and alice, their games' chat, the
# challenge alice sent him.
BOB_SEES = {ALICE_SECRET_BODY, ALICE_SECRET_SUBJECT, CHAT_SECRET, CHALLENGE_NOTE}


def _persona(name, **extra):
    player = PlayerFactory(user__username=name)
    Player.objects.filter(pk=player.pk).update(level=10, **extra)
    player.refresh_from_db()
    return player


def _role(world, name, new_client):  # noqa: F811
    """(the player acting, the session client or None, the API token or None)."""
    if name == "opponent":
        player = world["bob"]
    elif name == "spectator":
        player = _persona("spectator")
    elif name == "moderator":
        player = _persona("mona")
        moderator_add(player)
    elif name == "administrator":
        player = _persona("ada")
        get_user_model().objects.filter(pk=player.user_id).update(is_staff=True, is_superuser=True)
        player.refresh_from_db()
    elif name == "bot":
        player = _persona("robot", is_bot=True)
        return player, new_client(player), token_create(player=player, name="bot program",
                                                        scopes=["bot", "read"])[1]
    elif name == "revoked token":
        player = _persona("former")
        row, raw = token_create(player=player, name="old script", scopes=["read"])
        token_revoke(player=player, token_id=row.pk)
        assert not AccessToken.objects.filter(pk=row.pk, revoked_at=None).exists()
        return player, None, raw
    else:
        raise AssertionError(name)
    return player, new_client(player), None


def _answer(new_client, client, token, route, method, url, data):
    """One request as the role makes it: the API with its token (the session is ignored
    there), everything else with its session (or none, for a program with a token only)."""
    headers = {}
    if ROUTES[route] in API_KINDS and token:
        headers["HTTP_AUTHORIZATION"] = f"Bearer {token}"
    if ROUTES[route] in API_KINDS or client is None:
        client = new_client()
    payload = _rewind(data) if method == "post" else None
    return getattr(client, method)(url, payload, follow=ROUTES[route] not in API_KINDS,
                                   **headers)


def _may_change_things(role, route):
    """Whether the role's request on this route may change alice's and bob's things."""
    if role in ("moderator", "administrator") and route in STAFF_ACTS:
        return True  # their job; what they may do is tested in tests/players/moderation
    # bob's own account, posts, game, challenge and mail
    return role == "opponent" and (ROUTES[route] in ("own", "open")
                                   or route.startswith("games:")
                                   or route.startswith("api:")
                                   or route in ("forum:post_edit", "forum:post_delete")
                                   or route.startswith("players:message"))


@pytest.mark.parametrize("role", ["opponent", "spectator", "moderator", "administrator", "bot",
                                  "revoked token"])
def test_every_address_as_every_role(world, role, new_client):  # noqa: F811
    player, client, token = _role(world, role, new_client)
    forbidden = [m for m in MARKERS if not (role == "opponent" and m in BOB_SEES)]
    tried = 0
    # The snapshot that the next checked request must leave as it is: the one after the
    # last checked request (it was found equal), taken anew only after a request whose
    # changes were allowed (None until then).
    before = None
    for route, url, data in _requests(world):
        if route == "logout":
            continue  # ends the session: the rows after it would be anonymous ones
        may_change = _may_change_things(role, route)
        for method in ("get", "post"):
            if before is None and not may_change:
                before = _snapshot(world)
            response = _answer(new_client, client, token, route, method, url, data)
            tried += 1
            status = response.status_code
            assert status < 500, (role, route, method, status)
            body = _body(response)
            for marker in forbidden:
                assert marker not in body, (role, route, method, marker)
            if role == "revoked token" and ROUTES[route] in ("api-bot", "api-token"):
                assert status in (401, 405), (role, route, method, status)
            if may_change:
                before = None
                continue
            if client is not None and role != "opponent" and ROUTES[route] == "foreign":
                if route not in ("games:challenge_answer", "games:challenge_cancel",
                                 "games:host_cancel"):
                    assert status in (404, 405), (role, route, method, status)
            assert _snapshot(world) == before, (role, route, method)
    assert tried >= 2 * (len(ROUTES) - 1)


@pytest.mark.django_db(transaction=True)
def test_administrator_is_no_opponent_on_the_live_socket(world, new_client):  # noqa: F811
    """Staff status opens no seat: the administrator, the moderator and the bot's session
    on alice's hidden game's socket hear no face-down card and no private line."""
    game = world["game"]
    secret = hidden_cards_of(game, seat=0)
    cookies = []
    for role in ("moderator", "administrator", "bot", "spectator"):
        _player, client, _token = _role(world, role, new_client)
        cookies.append((role, f"sessionid={client.cookies['sessionid'].value}".encode()))
    with ThreadPoolExecutor(max_workers=1) as pool:
        heard = pool.submit(asyncio.run, _listen(game.pk, cookies)).result(timeout=60)
    for role, frames in heard.items():
        for frame in frames:
            for marker in MARKERS:
                assert marker not in frame, (role, marker)
            for cid in secret:
                assert f'data-card-id="{cid}"' not in frame, (role, cid)


async def _listen(game_id, cookies):
    heard = {}
    for role, cookie in cookies:
        socket = WebsocketCommunicator(application, f"/ws/games/{game_id}/", headers=[
            (b"host", b"localhost"), (b"origin", b"http://localhost"), (b"cookie", cookie)])
        connected, _code = await socket.connect()
        frames = []
        if connected:
            while not await socket.receive_nothing(timeout=0.5):
                frames.append(await socket.receive_from())
            await socket.disconnect()
        heard[role] = frames
    return heard
