"""Spectators never see a hidden card: over many random hidden-cards games, no page,
partial, socket frame or API answer a spectator receives holds an unrevealed card of
either hand (nor any card id of one that is not public elsewhere on the board)."""
import asyncio
import json
import random
import re
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.urls import reverse

from games import engine
from games import services as gs
from tests.games.conftest import make_deck

CARD_ID = re.compile(r'data-card-id="(\d+)"')


def _secret_cards(state) -> set:
    """Unrevealed cards of both hands, minus every id a spectator sees legitimately (the
    revealed slots, the last played cards, the discard piles). A game that is over hides
    nothing (the replay shows everything)."""
    if state.status != "in progress":
        return set()
    view = engine.view_for(state, None)
    visible = set()
    for side in view["players"]:
        visible.update(c for c in side["hand"] if c)
        visible.update(entry["card"] for entry in side["history"] if entry["card"])
        for pile in side["discarded"]:
            visible.update(pile)
    secret = set()
    for player in state.p:
        secret.update(c for c, shown in zip(player.hand, player.rev, strict=True) if not shown)
    return secret - visible


def _hand_part(html, name):
    part = html.split(f'aria-label="{name}\'s hand"')[1]
    return part.split("</section>")[0]


def check_spectator_html(html, state, names=("alice", "bob")):
    """Each hand shows exactly its revealed cards (all once the game is over), the rest
    face down; no secret card id anywhere in the HTML."""
    over = state.status != "in progress"
    for seat, name in enumerate(names):
        player = state.p[seat]
        part = _hand_part(html, name)
        shown = sorted(int(x) for x in CARD_ID.findall(part))
        assert shown == sorted(c for c, r in zip(player.hand, player.rev, strict=True)
                               if r or over)
        assert part.count("card--hidden") == (0 if over else player.rev.count(False))
    leaked = {int(x) for x in CARD_ID.findall(html)} & _secret_cards(state)
    assert not leaked


def _hands(value, out):
    if isinstance(value, dict):
        for key, inner in value.items():
            if key == "hand":
                out.extend(inner)
            else:
                _hands(inner, out)
    elif isinstance(value, list):
        for inner in value:
            _hands(inner, out)
    return out


def _random_move(game, rng):
    game.refresh_from_db()
    mover = game.player1 if game.current_seat == 0 else game.player2
    position = rng.randint(1, 8)
    try:
        if rng.random() < 0.6:
            return gs.game_play_card(game_id=game.pk, player=mover, version=game.version,
                                     position=position)
        raise gs.GameError("discard instead")
    except gs.GameError:
        return gs.game_discard_card(game_id=game.pk, player=mover, version=game.version,
                                    position=position)


@pytest.mark.django_db
@pytest.mark.parametrize("seed", range(6))
def test_random_hidden_games_show_a_spectator_no_hidden_card(alice, bob, carol, client_of,
                                                             client, seed):
    rng = random.Random(seed)
    game = gs.challenge_create(challenger=alice, opponent=bob, hidden=True,
                               deck=make_deck(alice, starter=rng.randrange(3)))
    game = gs.challenge_accept(game_id=game.pk, player=bob,
                               deck=make_deck(bob, starter=rng.randrange(3)))
    spectator = client_of(carol)
    checked = 0
    for step in range(40):
        game.refresh_from_db()
        if game.status != "in_progress":
            break
        state = engine.state_from_json(game.state)
        secret = _secret_cards(state)
        partial = spectator.get(reverse("games:watch_board", args=[game.pk]))
        check_spectator_html(partial.content.decode(), state)
        api = client.get(f"/api/v1/games/{game.pk}/view").json()
        assert not {c for c in _hands(api, []) if c} & secret
        if step % 10 == 0:
            page = spectator.get(reverse("games:watch_game", args=[game.pk]))
            check_spectator_html(page.content.decode(), state)
            listed = spectator.get(reverse("games:watch")).content.decode()
            assert not {int(x) for x in CARD_ID.findall(listed)} & secret
        checked += 1
        _random_move(game, rng)
    assert checked > 5


# ------------------------------------------------------------------ over the socket
def _run_async(coroutine_function, *args):
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine_function(*args)).result(timeout=300)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("seed", range(4))
def test_no_socket_frame_shows_a_spectator_a_hidden_card(seed):
    _run_async(_watch_and_listen, seed)


async def _watch_and_listen(seed):
    from channels.db import database_sync_to_async
    from channels.routing import URLRouter
    from channels.testing import WebsocketCommunicator

    from games.routing import websocket_urlpatterns
    from games.services import events
    from tests.factories import PlayerFactory

    @database_sync_to_async
    def setup():
        rng = random.Random(seed)
        alice = PlayerFactory(user__username="alice")
        bob = PlayerFactory(user__username="bob")
        carol = PlayerFactory(user__username="carol")
        game = gs.challenge_create(challenger=alice, opponent=bob, hidden=True,
                                   deck=make_deck(alice, starter=rng.randrange(3)))
        game = gs.challenge_accept(game_id=game.pk, player=bob,
                                   deck=make_deck(bob, starter=rng.randrange(3)))
        return game, carol

    @database_sync_to_async
    def step(game, rng, number):
        game.refresh_from_db()
        if game.status != "in_progress":
            return None
        if number % 7 == 6:
            from django.db import transaction

            with transaction.atomic():
                events.publish_game_changed(game, what="presence")
        elif number % 5 == 4:
            gs.chat_post(game_id=game.pk, player=game.player1, body="a line for bob only")
        else:
            _random_move(game, rng)
        game.refresh_from_db()
        return game.version, engine.state_from_json(game.state)

    game, carol = await setup()
    rng = random.Random(seed)
    socket = WebsocketCommunicator(URLRouter(websocket_urlpatterns),
                                   f"/ws/games/{game.pk}/?v={game.version}")
    socket.scope["user"] = carol.user
    socket.scope["cookies"] = {"csrftoken": "c" * 32}
    assert (await socket.connect())[0]
    states, boards, shown = {}, 0, game.version

    def check(text):
        """The frame's version if it is a board (checked against that version's state)."""
        assert "a line for bob only" not in text
        frame = json.loads(text)
        assert frame["event"] in ("board", "spectators", "turns"), frame
        if frame["event"] != "board":
            return None
        assert "csrfmiddlewaretoken" not in frame["html"]
        check_spectator_html(frame["html"], states[frame["version"]])
        return frame["version"]

    for number in range(40):
        result = await step(game, rng, number)
        if result is None:
            break
        version, state = result
        states[version] = state
        # A move: its board comes (every frame before it is checked on the way). The other
        # steps send a spectator nothing to wait for; a frame they sent wrongly arrives
        # before the next move's board, or in the quiet at the end.
        while shown < version:
            if (board := check(await socket.receive_from(timeout=60))) is not None:
                boards += 1
                shown = max(shown, board)
    while not await socket.receive_nothing(timeout=0.2):
        if check(await socket.receive_from()) is not None:
            boards += 1
    assert boards > 3
    await socket.disconnect()
