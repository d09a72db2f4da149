"""A move hands the turn to a player who is away: he is told in the bell and by a mail that
reaches a real SMTP server; the rules users asked for (nothing for a game he has open or
while he is active unless "always", one mail per game and turn, rate limits), sending once
whatever runs how often, and nothing of a hidden-cards game's hands in any notice."""
import pytest
from django.utils import timezone

from games import engine
from games import services as gs
from players.models import Delivery, Notification, NotificationSettings
from players.notifications import presence, services, triggers
from tests.games.conftest import make_deck

from .conftest import run_notices

pytestmark = pytest.mark.django_db


@pytest.fixture
def start_game(alice, bob, django_capture_on_commit_callbacks):
    """A running game alice vs bob, its start's notices run (both present meanwhile)."""
    def _start(**modes):
        with django_capture_on_commit_callbacks(execute=True):
            game = gs.challenge_create(challenger=alice, opponent=bob,
                                       deck=make_deck(alice, name=f"a{modes}"), **modes)
            game = gs.challenge_accept(game_id=game.pk, player=bob,
                                       deck=make_deck(bob, name=f"b{modes}", starter=1))
        run_notices()
        game.refresh_from_db()
        return game
    return _start


def on_turn(game):
    game.refresh_from_db()
    return game.player_at(game.current_seat)


def waiting(game):
    game.refresh_from_db()
    return game.player_at(1 - game.current_seat)


@pytest.fixture
def move(django_capture_on_commit_callbacks):
    """The player on turn discards a card (the turn passes); the notices are run."""
    def _move(game, position=1):
        game.refresh_from_db()
        with django_capture_on_commit_callbacks(execute=True):
            gs.game_discard_card(game_id=game.pk, player=on_turn(game), version=game.version,
                                 position=position)
        run_notices()
        game.refresh_from_db()
        return game
    return _move


def test_the_away_opponent_gets_one_mail_for_his_turn(start_game, move, away, mail_server):
    game = start_game()
    mover, opponent = on_turn(game), waiting(game)
    away(opponent)
    move(game)
    (mail,) = mail_server.received
    assert mail.to == opponent.user.email
    assert mail.subject == f"Your turn against {mover.name}"
    assert f"https://marcomage.example/games/{game.pk}/" in mail.text()
    assert f'href="https://marcomage.example/games/{game.pk}/"' in mail.html()
    # RFC 8058: the one-click unsubscribe, and a link to the settings
    unsubscribe = str(mail.message["List-Unsubscribe"]).strip()
    assert unsubscribe.startswith("<https://marcomage.example/notifications/unsubscribe/")
    assert str(mail.message["List-Unsubscribe-Post"]) == "List-Unsubscribe=One-Click"
    assert "https://marcomage.example/settings/#notifications" in mail.text()
    # the bell has it, unread, linking the game
    notice = Notification.objects.get(player=opponent, kind="your_turn")
    assert notice.on_site and notice.read_at is None and notice.url == f"/games/{game.pk}/"
    delivery = notice.deliveries.get()
    assert (delivery.channel, delivery.status, delivery.attempts) == ("email", "sent", 1)


def test_nothing_is_mailed_for_a_game_the_player_has_open(start_game, move, away,
                                                          mail_server):
    game = start_game()
    opponent = away(waiting(game))
    presence.game_socket_opened(opponent.pk, game.pk, "a-socket")
    move(game)
    assert mail_server.received == []
    notice = Notification.objects.get(player=opponent, kind="your_turn")
    assert notice.read_at is not None  # shown read: he is looking at the game
    assert notice.deliveries.get().reason == "the game is open"
    # the socket closed: the next turn of his is mailed
    presence.game_socket_closed(opponent.pk, game.pk, "a-socket")
    move(move(game))
    assert [m.to for m in mail_server.received] == [opponent.user.email]


def test_nothing_is_mailed_while_the_player_was_active_recently(start_game, move, away,
                                                                mail_server):
    game = start_game()
    opponent = away(waiting(game), minutes=2)
    move(game)
    assert mail_server.received == []
    notice = Notification.objects.get(player=opponent, kind="your_turn")
    assert notice.read_at is None  # the bell shows it
    assert notice.deliveries.get().reason == "active on the site"


def test_always_mails_even_with_the_game_open_and_the_player_active(start_game, move, away,
                                                                    mail_server):
    game = start_game()
    opponent = away(waiting(game), minutes=1)
    NotificationSettings.objects.create(player=opponent, always=True)
    presence.game_socket_opened(opponent.pk, game.pk, "a-socket")
    move(game)
    assert [m.to for m in mail_server.received] == [opponent.user.email]


def test_an_unverified_address_gets_no_notice(start_game, move, away, mail_server):
    game = start_game()
    opponent = away(waiting(game))
    opponent.user.email_verified_at = None
    opponent.user.save()
    move(game)
    assert mail_server.received == []
    assert not Delivery.objects.exists()


def test_the_kind_turned_off_for_mail_is_not_mailed(start_game, move, away, mail_server):
    game = start_game()
    opponent = away(waiting(game))
    services.preferences_save(player=opponent, channels={"your_turn": ["site"]}, always=False,
                              email_mode="immediate", digest_hour=18)
    move(game)
    assert mail_server.received == []
    assert Notification.objects.get(player=opponent, kind="your_turn").on_site


def test_at_most_one_mail_per_game_and_turn(start_game, move, away, mail_server,
                                            django_capture_on_commit_callbacks):
    """The turn's mail went: its time-limit warning shows in the bell, but mails nothing."""
    game = start_game(turn_timeout=3600)
    opponent = away(waiting(game))
    move(game)
    assert len(mail_server.received) == 1
    game.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        triggers.turn_time_running_out(player=opponent, game_id=game.pk, version=game.version,
                                       opponent_name="alice", seconds_left=600)
    run_notices()
    assert len(mail_server.received) == 1
    warning = Notification.objects.get(player=opponent, kind="time_limit")
    assert warning.on_site and warning.deliveries.get().reason == "already mailed this turn"
    # his next turn is a new turn: mailed again
    move(move(game))
    assert len(mail_server.received) == 2


def test_a_notice_is_recorded_and_sent_once_however_often_its_task_runs(
        start_game, move, away, mail_server):
    game = start_game()
    opponent = away(waiting(game))
    move(game)
    notice = Notification.objects.get(player=opponent, kind="your_turn")
    fields = {f: getattr(notice, f) for f in ("player_id", "kind", "key", "title", "body", "url",
                                              "game_id", "game_turn")}
    # the task redelivered (acks_late), the delivery's task run again, the tick
    assert services.notice_record_and_dispatch(fields) == 0
    assert services.delivery_send(delivery_id=notice.deliveries.get().pk) == ""
    services.notifications_tick()
    assert len(mail_server.received) == 1
    assert Notification.objects.filter(player=opponent).count() == 2  # + the challenge's


def test_per_kind_rate_limit(bob, away, mail_server, django_capture_on_commit_callbacks):
    away(bob)
    with django_capture_on_commit_callbacks(execute=True):
        for game_id in range(100, 108):
            triggers.your_turn(player=bob, game_id=game_id, version=3, opponent_name="alice")
    run_notices()
    assert len(mail_server.received) == 6  # kinds.RATE_LIMITS: 6 "your turn" mails an hour
    limited = Delivery.objects.filter(reason="rate limit")
    assert limited.count() == 2
    assert Notification.objects.filter(player=bob, on_site=True).count() == 8  # the bell: all


def test_a_lost_dispatch_is_done_by_the_tick(bob, away, mail_server, monkeypatch,
                                             django_capture_on_commit_callbacks):
    """The broker refused the task: the notice is recorded at once, the tick sends it."""
    away(bob)
    monkeypatch.setattr(services, "task_send", lambda *args: False)
    with django_capture_on_commit_callbacks(execute=True):
        triggers.your_turn(player=bob, game_id=5, version=3, opponent_name="alice")
    notice = Notification.objects.get(player=bob)
    assert notice.dispatched_at is None and mail_server.received == []
    services.notifications_tick()
    assert mail_server.received == []  # not yet stalled: its task may still come
    services.notifications_tick(now=timezone.now() + services.DISPATCH_STALLED_AFTER)
    assert len(mail_server.received) == 1


def _card_names(game, seat):
    state = engine.state_from_json(game.state)
    return {engine.card(card_id).name for card_id in state.p[seat].hand}


def test_a_hidden_cards_game_leaks_no_card_into_any_notice(start_game, move, away, mail_server,
                                                           fake_push):
    """Both players away in a hidden-cards game: every mail, push and bell text of its turns
    names players and the game, never a card of either hand."""
    game = start_game(hidden=True)
    for player in (game.player1, game.player2):
        away(player)
        fake_push.subscriptions[player.pk] = [player.pk * 10]
    hands = set()
    for _ in range(6):
        hands |= _card_names(game, 0) | _card_names(game, 1)
        Notification.objects.update(read_at=timezone.now())
        for player in (game.player1, game.player2):  # away again after the last mail
            away(player)
        move(game, position=1 + len(hands) % 8)
    assert len(mail_server.received) >= 3 and len(fake_push.pushed) >= 3
    texts = [m.everything() for m in mail_server.received]
    texts += [f"{p['title']} {p['body']}" for _, p in fake_push.pushed]
    texts += [f"{n.title} {n.body}" for n in Notification.objects.all()]
    assert hands
    for text in texts:
        for name in hands:
            assert name not in text, (name, text)
