"""Hidden-cards mode: the opponent's unrevealed cards never reach a browser.

Many random games are played through the services; at every step the opponent's
board partial, the game page, the history page and the socket messages are
checked for any unrevealed card of the other hand.
"""
import random
import re

import pytest
from django.urls import reverse

from games import engine
from games import services as gs
from tests.games.conftest import make_deck

pytestmark = pytest.mark.django_db

CARD_ID = re.compile(r'data-card-id="(\d+)"')


def _opponent_hand_ids(html, opponent_name):
    part = html.split(f'aria-label="{opponent_name}\'s hand"')[1]
    part = part.split('id="hand-form"')[0] if 'id="hand-form"' in part else part
    part = part.split("</section>")[0]
    return [int(x) for x in CARD_ID.findall(part)], part.count("card--hidden")


def _check_view(html, state, viewer_seat, opponent_name):
    """The opponent's hand shows exactly the revealed slots; the rest are face down."""
    opponent = state.p[1 - viewer_seat]
    shown, hidden = _opponent_hand_ids(html, opponent_name)
    expected_shown = [c for c, r in zip(opponent.hand, opponent.rev, strict=True) if r]
    assert sorted(shown) == sorted(expected_shown)
    assert hidden == opponent.rev.count(False)


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
