"""The bell and the notifications page, through the test client: the count in the
navigation, the list, opening a notice, marking read; nobody else reads or marks yours."""
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from games import services as gs
from players.models import Notification
from players.notifications import triggers
from tests.games.conftest import make_deck

from .conftest import run_notices

pytestmark = pytest.mark.django_db


@pytest.fixture
def tell(django_capture_on_commit_callbacks):
    def _tell(player, game_id=7, opponent="alice"):
        with django_capture_on_commit_callbacks(execute=True):
            triggers.your_turn(player=player, game_id=game_id, version=2,
                               opponent_name=opponent)
        run_notices()
        return Notification.objects.get(player=player, key=f"your_turn:{game_id}:2")
    return _tell


def _badge(html):
    found = re.search(r'id="nav-bell-count">(.*?)</span></span>|id="nav-bell-count"></span>', html,
                      re.S)
    assert found, "no bell in the page"
    number = re.search(r'nav-bell-badge">(\d+)<', found.group(0))
    return int(number.group(1)) if number else 0


def test_the_navigation_counts_the_unread_notices(bob, tell, client_of):
    client = client_of(bob)
    assert _badge(client.get(reverse("home")).content.decode()) == 0
    tell(bob, 1)
    tell(bob, 2)
    assert _badge(client.get(reverse("home")).content.decode()) == 2
    count = client.get(reverse("players:notifications_bell") + "?part=count").content.decode()
    assert 'nav-bell-badge">2<' in count


def test_the_bell_lists_the_latest_and_opening_one_reads_it(bob, tell, client_of):
    notice = tell(bob, 5, opponent="alice")
    client = client_of(bob)
    bell = client.get(reverse("players:notifications_bell")).content.decode()
    assert "Your turn against alice" in bell and "is-unread" in bell
    opened = client.get(reverse("players:notification_open", args=[notice.pk]))
    assert opened.status_code == 302 and opened.url == "/games/5/"
    notice.refresh_from_db()
    assert notice.read_at is not None
    assert _badge(client.get(reverse("home")).content.decode()) == 0


def test_mark_all_read_from_the_bell(bob, tell, client_of):
    for game_id in (1, 2, 3):
        tell(bob, game_id)
    response = client_of(bob).post(reverse("players:notifications_read"),
                                   HTTP_HX_REQUEST="true")
    assert response["HX-Trigger"] == "marcomage:notices"
    assert "Mark all read" not in response.content.decode()
    assert not Notification.objects.filter(player=bob, read_at__isnull=True).exists()


def test_another_player_cannot_read_or_mark_your_notices(bob, carol, tell, client_of):
    notice = tell(bob, 5, opponent="alice")
    client = client_of(carol)
    assert client.get(reverse("players:notification_open", args=[notice.pk])).status_code == 404
    client.post(reverse("players:notifications_read"), {"notice": [notice.pk]})
    client.post(reverse("players:notifications_read"))
    notice.refresh_from_db()
    assert notice.read_at is None
    for url in (reverse("players:notifications"), reverse("players:notifications_bell")):
        assert "Your turn against alice" not in client.get(url).content.decode()


def test_the_notifications_page_lists_pages_of_notices(bob, tell, client_of):
    for game_id in range(1, 30):
        tell(bob, game_id)
    client = client_of(bob)
    first = client.get(reverse("players:notifications")).content.decode()
    assert first.count('class="notice-item') == 25 and "Page 1 of 2" in first
    second = client.get(reverse("players:notifications") + "?page=2").content.decode()
    assert second.count('class="notice-item') == 4
    client.post(reverse("players:notifications_read"))
    assert "Mark all read" not in client.get(reverse("players:notifications")).content.decode()


def test_opening_the_game_reads_what_the_bell_said_about_it(alice, bob, client_of, tell,
                                                            django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice))
        gs.challenge_accept(game_id=game.pk, player=bob, deck=make_deck(bob))
    run_notices()
    about_game = tell(bob, game.pk)
    other = tell(bob, game.pk + 100)
    client_of(bob).get(reverse("games:detail", args=[game.pk]))
    about_game.refresh_from_db()
    other.refresh_from_db()
    assert about_game.read_at is not None and other.read_at is None


def test_a_notice_only_opens_pages_of_the_site(bob, client_of):
    evil = Notification.objects.create(player=bob, kind="message", key="x",
                                       title="x", url="//evil.example/", on_site=True,
                                       dispatched_at=timezone.now())
    response = client_of(bob).get(reverse("players:notification_open", args=[evil.pk]))
    assert response.url == reverse("players:notifications")


def test_a_players_text_in_a_notice_is_shown_as_text(bob, client_of,
                                                     django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        triggers.challenge_received(player=bob, game_id=3, challenger_name="alice",
                                    note='<script>alert(1)</script> fish & "chips" <b>')
    run_notices()
    bell = client_of(bob).get(reverse("players:notifications_bell")).content.decode()
    assert "<script" not in bell and "<b>" not in bell
    assert "alert(1) fish &amp; &quot;chips&quot;" in bell


def test_anonymous_visitors_are_sent_to_log_in(client):
    for name in ("players:notifications", "players:notifications_bell"):
        response = client.get(reverse(name))
        assert response.status_code == 302 and response.url.startswith(reverse("login"))


def test_a_notice_whose_site_channel_is_off_stays_out_of_the_bell(
        bob, client_of, django_capture_on_commit_callbacks):
    from players.notifications import services
    services.preferences_save(player=bob, channels={"your_turn": ["email"]}, always=False,
                              email_mode="immediate", digest_hour=18)
    with django_capture_on_commit_callbacks(execute=True):
        triggers.your_turn(player=bob, game_id=4, version=2, opponent_name="alice")
    run_notices()
    assert Notification.objects.get(player=bob).on_site is False
    assert _badge(client_of(bob).get(reverse("home")).content.decode()) == 0
