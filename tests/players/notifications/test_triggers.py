"""What each event tells whom, from the real services: challenges received and answered, a
private message (a short preview only), an event's pairing, a turn time limit about to run
out and an opponent away for three weeks (the periodic sweeps, once each)."""
from datetime import timedelta

import pytest
from django.utils import timezone

from games import services as gs
from games.models import Game
from players.inbox.services import message_send
from players.models import Notification, Player
from tests.games.conftest import make_deck
from tests.tournaments.conftest import event, joined, start_now

from .conftest import run_notices

pytestmark = pytest.mark.django_db


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """Run a service as the site does: its commit, then the notices' queued work."""
    def _run(service, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            result = service(**kwargs)
        run_notices()
        return result
    return _run


def notices(player, kind=None):
    rows = Notification.objects.filter(player=player)
    return list(rows.filter(kind=kind) if kind else rows)


def test_a_challenge_is_told_and_its_answer_too(alice, bob, committed):
    game = committed(gs.challenge_create, challenger=alice, opponent=bob,
                     deck=make_deck(alice), message="A friendly game? " + "x" * 300)
    (received,) = notices(bob, "challenge")
    assert received.title == "alice challenges you" and received.on_site
    assert received.body.startswith("“A friendly game? xxx") and len(received.body) < 140
    committed(gs.challenge_accept, game_id=game.pk, player=bob, deck=make_deck(bob))
    received.refresh_from_db()
    assert received.read_at is not None  # answered: no longer news for bob
    (accepted,) = notices(alice, "challenge")
    assert accepted.title == "bob accepted your challenge"
    assert accepted.url == f"/games/{game.pk}/"
    game.refresh_from_db()
    first = "it is your turn." if game.current_seat == 0 else "bob moves first."
    assert accepted.body.endswith(first)


def test_a_declined_and_a_withdrawn_challenge(alice, bob, carol, committed):
    first = committed(gs.challenge_create, challenger=alice, opponent=bob,
                      deck=make_deck(alice, name="a1"))
    committed(gs.challenge_reject, game_id=first.pk, player=bob)
    (declined,) = notices(alice, "challenge")
    assert declined.title == "bob declined your challenge"
    second = committed(gs.challenge_create, challenger=alice, opponent=carol,
                       deck=make_deck(alice, name="a2"))
    committed(gs.challenge_cancel, game_id=second.pk, player=alice)
    (withdrawn,) = notices(carol, "challenge")
    assert withdrawn.read_at is not None


def test_joining_a_hosted_game_tells_the_host(alice, bob, committed):
    hosted = committed(gs.game_host, host=alice, deck=make_deck(alice))
    committed(gs.game_join, game_id=hosted.pk, player=bob, deck=make_deck(bob))
    (joined_notice,) = notices(alice, "challenge")
    assert joined_notice.title == "bob joined your game"


def test_a_private_message_gives_a_short_preview_only(alice, bob, committed):
    secret_tail = "the-rest-of-the-message-stays-in-the-inbox"
    body = "[b]Hello[/b] bob, " + "a" * 120 + secret_tail
    message = committed(message_send, author=alice, recipient=bob, subject="Rematch?",
                        body=body)
    (notice,) = notices(bob, "message")
    assert notice.title == "Message from alice: Rematch?"
    assert notice.body.startswith("Hello bob, aaa") and notice.body.endswith("…")
    assert len(notice.body) <= 100 and secret_tail not in notice.body
    assert "[b]" not in notice.body and "<b>" not in notice.body
    assert notice.url == f"/messages/{message.pk}/"


def test_a_message_read_in_the_inbox_is_read_in_the_bell(alice, bob, committed, client_of):
    message = committed(message_send, author=alice, recipient=bob, subject="Hi", body="Hello")
    client_of(bob).get(f"/messages/{message.pk}/")
    (notice,) = notices(bob, "message")
    assert notice.read_at is not None


def test_an_events_pairing_tells_both_players(committed):
    tournament = event(name="Friday arena")
    players = joined(tournament, 2)
    committed(start_now, tournament=tournament)
    game = Game.objects.get(player1__in=players)
    for player in players:
        (paired,) = notices(player, "tournament")
        assert paired.title == "Your game in Friday arena has started"
        assert paired.url == f"/games/{game.pk}/"
        other = next(p for p in players if p != player)
        assert paired.body == f"Against {other.name}, game {game.pk}."


@pytest.fixture
def timed_game(alice, bob, committed):
    game = committed(gs.challenge_create, challenger=alice, opponent=bob,
                     deck=make_deck(alice), turn_timeout=3600)
    game = committed(gs.challenge_accept, game_id=game.pk, player=bob, deck=make_deck(bob))
    game.refresh_from_db()
    return game


def test_a_turn_time_limit_about_to_run_out_is_told_once_per_turn(timed_game, committed):
    game = timed_game
    on_turn = game.player_at(game.current_seat)
    started = game.last_action_at
    # a quarter of the hour left, not less: too early
    assert committed(gs.sweep_turn_time_warnings, now=started + timedelta(minutes=44)) == 0
    assert committed(gs.sweep_turn_time_warnings, now=started + timedelta(minutes=46)) == 1
    assert committed(gs.sweep_turn_time_warnings, now=started + timedelta(minutes=50)) == 0
    (warning,) = notices(on_turn, "time_limit")
    assert warning.title == f"Your time against {game.player_at(1 - game.current_seat).name} " \
                            "runs out in 14 minutes"
    assert warning.url == f"/games/{game.pk}/"
    # overrun: no warning any more (the opponent may have the computer play)
    assert committed(gs.sweep_turn_time_warnings, now=started + timedelta(hours=2)) == 0
    # a new turn can be warned again
    committed(gs.game_discard_card, game_id=game.pk, player=on_turn, version=game.version,
              position=1)
    game.refresh_from_db()
    assert committed(gs.sweep_turn_time_warnings,
                     now=game.last_action_at + timedelta(minutes=50)) == 1


def test_an_opponent_away_for_three_weeks_is_told_once(timed_game, committed):
    game = timed_game
    alice, bob = game.player1, game.player2
    now = timezone.now()
    committed(gs.sweep_player_activity, now=now)
    Player.objects.filter(pk=bob.pk).update(last_activity=now - timedelta(days=22))
    committed(gs.sweep_player_activity, now=now)
    committed(gs.sweep_player_activity, now=now + timedelta(minutes=5))
    (away_notice,) = notices(alice, "abortable")
    assert away_notice.title == "bob has been away for three weeks"
    assert away_notice.url == f"/games/{game.pk}/"
    assert notices(bob, "abortable") == []


def test_no_notice_for_games_against_the_computer(alice, committed):
    game = committed(gs.ai_game_start, player=alice, deck=make_deck(alice))
    for _ in range(4):
        game.refresh_from_db()
        if game.current_seat != 0 or game.status != "in_progress":
            break
        committed(gs.game_discard_card, game_id=game.pk, player=alice, version=game.version,
                  position=1)
    assert Notification.objects.count() == 0


def test_bots_get_no_notices(alice, bob, committed):
    Player.objects.filter(pk=bob.pk).update(is_bot=True)
    bob.refresh_from_db()
    committed(gs.challenge_create, challenger=alice, opponent=bob, deck=make_deck(alice))
    assert notices(bob) == []
