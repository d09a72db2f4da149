"""Hidden-cards mode: the opponent's unrevealed cards never reach a browser.

Many random games are played through the services; at every step the opponent's
board partial, the game page, the history page and the boards each seat's socket
receives are checked for any unrevealed card of the other hand.
"""
import asyncio
import json
import random
import re
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import transaction
from django.urls import reverse

from games import engine
from games import services as gs
from tests.games.conftest import make_deck

CARD_ID = re.compile(r'data-card-id="(\d+)"')


def _opponent_hand_ids(html, opponent_name):
    part = html.split(f'aria-label="{opponent_name}\'s hand"')[1]
    part = part.split('id="hand-form"')[0] if 'id="hand-form"' in part else part
    part = part.split("</section>")[0]
    return [int(x) for x in CARD_ID.findall(part)], part.count("card--hidden")


def _check_view(html, state, viewer_seat, opponent_name):
    """The opponent's hand shows exactly the revealed slots; the rest are face down. Once
    the game is over (a random game may end within the test's moves) every card shows."""
    opponent = state.p[1 - viewer_seat]
    shown, hidden = _opponent_hand_ids(html, opponent_name)
    over = state.status != "in progress"
    expected_shown = [c for c, r in zip(opponent.hand, opponent.rev, strict=True) if r or over]
    assert sorted(shown) == sorted(expected_shown)
    assert hidden == (0 if over else opponent.rev.count(False))


@pytest.mark.django_db
@pytest.mark.parametrize("seed", range(6))
def test_random_hidden_games_never_show_an_unrevealed_card(alice, bob, client_of, seed,
                                                            django_capture_on_commit_callbacks):
    rng = random.Random(seed)
    deck_a = make_deck(alice, starter=rng.randrange(3))
    deck_b = make_deck(bob, starter=rng.randrange(3))
    game = gs.challenge_create(challenger=alice, opponent=bob, deck=deck_a, hidden=True)
    game = gs.challenge_accept(game_id=game.pk, player=bob, deck=deck_b)
    clients = {0: client_of(alice), 1: client_of(bob)}
    names = {0: "alice", 1: "bob"}
    for step in range(40):
        game.refresh_from_db()
        if game.status != "in_progress":
            break
        state = engine.state_from_json(game.state)
        for seat in (0, 1):
            html = clients[seat].get(reverse("games:board", args=[game.pk])).content.decode()
            _check_view(html, state, seat, names[1 - seat])
            if step % 10 == 0:
                page = clients[seat].get(reverse("games:detail", args=[game.pk])).content
                _check_view(page.decode(), state, seat, names[1 - seat])
                hist = clients[seat].get(reverse("games:history", args=[game.pk])).content
                _check_view(hist.decode(), state, seat, names[1 - seat])
        mover = state.current
        position = rng.randint(1, 8)
        player = alice if mover == 0 else bob
        try:
            if rng.random() < 0.6:
                gs.game_play_card(game_id=game.pk, player=player, version=game.version,
                                  position=position)
            else:
                raise gs.GameError("discard instead")
        except gs.GameError:
            gs.game_discard_card(game_id=game.pk, player=player, version=game.version,
                                 position=position)


@pytest.mark.django_db
def test_history_masks_earlier_steps_too(alice, bob, client_of):
    game = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice),
                               hidden=True)
    game = gs.challenge_accept(game_id=game.pk, player=bob, deck=make_deck(bob))
    for i in range(6):
        game.refresh_from_db()
        mover = alice if game.current_seat == 0 else bob
        gs.game_discard_card(game_id=game.pk, player=mover, version=game.version,
                             position=1 + i)
    initial = engine.state_from_json(game.initial_state)
    html = client_of(bob).get(reverse("games:history", args=[game.pk]) + "?step=0")
    _check_view(html.content.decode(), initial, 1, "alice")


# ------------------------------------------------------------------ over the socket
def _answers(frame, what, version):
    """Whether a socket's frame answers the change (``what``, ``version``): for a move, a
    frame of the new version (the board, or the bare notice to the seat that moved; when
    the move ends the game, the rating's board may come first and stand for it); for a
    change at the same version, that change's board."""
    if what == "board":
        return frame.get("version", -1) >= version
    return (frame.get("what"), frame.get("version")) == (what, version)


def _run_async(coroutine_function, *args):
    """An async body on its own loop in its own thread (the browser tests' Playwright may
    hold the main thread's loop in the same pytest process)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine_function(*args)).result(timeout=300)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("seed", range(4))
def test_no_socket_frame_shows_a_seat_the_unrevealed_cards_of_the_other(seed):
    """Random hidden-cards games, both seats' game pages connected: every board a socket
    receives (after a move, or a change at the same version) shows the opponent's hand as
    the engine's view for that seat does, whatever was played."""
    _run_async(_play_and_listen, seed)


async def _play_and_listen(seed):
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
        game = gs.challenge_create(challenger=alice, opponent=bob, hidden=True,
                                   deck=make_deck(alice, starter=rng.randrange(3)))
        game = gs.challenge_accept(game_id=game.pk, player=bob,
                                   deck=make_deck(bob, starter=rng.randrange(3)))
        return game, alice, bob

    @database_sync_to_async
    def step(game, rng, number):
        """One move by whoever is on turn (or, now and then, a change at the same
        version): (what changed, the version, the state that version shows)."""
        game.refresh_from_db()
        if game.status != "in_progress":
            return None
        if number % 7 == 6:
            with transaction.atomic():
                events.publish_game_changed(game, what="presence")
            return "presence", game.version, engine.state_from_json(game.state)
        mover = game.player1 if game.current_seat == 0 else game.player2
        position = rng.randint(1, 8)
        try:
            if rng.random() < 0.6:
                gs.game_play_card(game_id=game.pk, player=mover, version=game.version,
                                  position=position)
            else:
                raise gs.GameError("discard instead")
        except gs.GameError:
            gs.game_discard_card(game_id=game.pk, player=mover, version=game.version,
                                 position=position)
        game.refresh_from_db()
        return "board", game.version, engine.state_from_json(game.state)

    game, alice, bob = await setup()
    rng = random.Random(seed)
    application = URLRouter(websocket_urlpatterns)
    names = {0: "alice", 1: "bob"}
    sockets = {}
    for seat, player in ((0, alice), (1, bob)):
        socket = WebsocketCommunicator(application, f"/ws/games/{game.pk}/?v={game.version}")
        socket.scope["user"] = player.user
        socket.scope["cookies"] = {"csrftoken": "b" * 32}
        assert (await socket.connect())[0]
        sockets[seat] = socket
    states = {}
    boards = {0: 0, 1: 0}

    def heard(seat, text):
        """A frame the seat's socket sent, a board checked against its version's state."""
        frame = json.loads(text)
        if frame["event"] == "board":
            boards[seat] += 1
            _check_view(frame["html"], states[frame["version"]], seat, names[1 - seat])
        return frame

    for number in range(40):
        result = await step(game, rng, number)
        if result is None:
            break
        what, version, state = result
        states[version] = state
        # Each socket answers each change with a frame: listened for up to it, rather than
        # until a pause after each change, every frame is still heard and checked, without
        # the pauses.
        for seat, socket in sockets.items():
            frame = {}
            while not _answers(frame, what, version):
                frame = heard(seat, await socket.receive_from(timeout=30))
    # What came after the last change (a finished game's rating), checked too.
    for seat, socket in sockets.items():
        while not await socket.receive_nothing(timeout=0.2):
            heard(seat, await socket.receive_from())
    assert boards[0] > 3 and boards[1] > 3
    for socket in sockets.values():
        await socket.disconnect()
