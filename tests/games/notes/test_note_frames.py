"""The live socket never carries a game note: saving one sends nothing at all, and the
frames a move sends to the opponent hold no note."""
import pytest
from channels.db import database_sync_to_async

from games import services as gs
from tests.games.test_consumers import _move, _run, _setup_game, _socket

pytestmark = pytest.mark.django_db(transaction=True)

SECRET = "alice-note-over-the-wire-2b9e"


def test_the_opponents_socket_never_carries_the_note():
    _run(_test_the_opponents_socket_never_carries_the_note)


async def _test_the_opponents_socket_never_carries_the_note():
    game, alice, bob, carol = await _setup_game()
    bob_game = _socket(f"/ws/games/{game.pk}/", bob.user)
    bob_pages = _socket("/ws/games/", bob.user)
    for socket in (bob_game, bob_pages):
        assert (await socket.connect())[0]
    await database_sync_to_async(gs.game_note_save)(game_id=game.pk, player=alice,
                                                    text=SECRET)
    assert await bob_game.receive_nothing(timeout=0.3)  # a note is not news to anybody
    assert await bob_pages.receive_nothing(timeout=0.1)
    await _move(game)
    await database_sync_to_async(gs.game_note_save)(game_id=game.pk, player=alice,
                                                    text=SECRET + " again")
    frames = []
    for socket in (bob_game, bob_pages):
        while not await socket.receive_nothing(timeout=0.3):
            frames.append(await socket.receive_from())
    assert frames  # the move itself was announced...
    assert all(SECRET not in frame for frame in frames)  # ...without the note
    for socket in (bob_game, bob_pages):
        await socket.disconnect()
