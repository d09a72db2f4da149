"""The turn clock of a timed game: the game page shows the time left for the turn (the
server's count and the deadline, which static/js/site.js counts down), whoever is on turn,
and says when it is over. Untimed games, games against the computer and finished games
have none."""
import re
from datetime import timedelta
from html import unescape

import pytest
from django.urls import reverse
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from games.models import Game
from tests.games.conftest import player_on_turn

pytestmark = pytest.mark.django_db


def _clock(client, game):
    html = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    found = re.search(r'<span class="mode-tag turn-clock[^"]*" id="turn-clock"[^>]*>.*?</span>',
                      html, re.S)
    return found.group(0) if found else None


def _waiting(game):
    return game.player2 if game.current_seat == 0 else game.player1


def test_a_timed_game_shows_the_time_left_to_both_players(started_game, client_of):
    game = started_game(turn_timeout=300)
    mover, waiting = player_on_turn(game), _waiting(game)
    clock = _clock(client_of(mover), game)
    assert clock is not None
    remaining = int(re.search(r'data-remaining="(\d+)"', clock).group(1))
    assert 290 <= remaining <= 300
    deadline = parse_datetime(re.search(r'data-deadline="([^"]+)"', clock).group(1))
    assert abs((deadline - game.last_action_at).total_seconds() - 300) < 1
    assert "Your time:" in clock and re.search(r">[45]:\d\d</time>", clock)
    other = _clock(client_of(waiting), game)
    assert f"{mover.name}'s time:" in unescape(other)


def test_when_the_time_is_over_the_clock_says_so(started_game, client_of):
    game = started_game(turn_timeout=300)
    Game.objects.filter(pk=game.pk).update(
        last_action_at=timezone.now() - timedelta(seconds=301))
    mover, waiting = player_on_turn(game), _waiting(game)
    mine = _clock(client_of(mover), game)
    assert 'data-remaining="0"' in mine and "is-over" in mine
    assert "Your time is up" in mine
    theirs = _clock(client_of(waiting), game)
    assert "time is up" in theirs
    # the server, not the clock, offers the late turn to the waiting player
    page = client_of(waiting).get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "Play the overdue turn" in page


def test_no_clock_without_a_time_limit_or_against_the_computer(started_game, client_of, alice,
                                                               django_capture_on_commit_callbacks):
    from tests.games.conftest import make_deck
    untimed = started_game()
    assert _clock(client_of(alice), untimed) is None
    make_deck(alice, name="Solo")
    with django_capture_on_commit_callbacks(execute=True):
        client_of(alice).post(reverse("games:ai_quick"))
    ai_game = Game.objects.get(is_ai=True)
    assert _clock(client_of(alice), ai_game) is None


def test_a_finished_game_has_no_clock(started_game, client_of, alice):
    game = started_game(turn_timeout=300)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, outcome="Surrender",
                                           winner=alice)
    assert _clock(client_of(alice), game) is None
