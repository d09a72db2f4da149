"""Mutes: a moderator mutes a player for a chosen time with a reason; until then the player
cannot write in game chats, the forum or private messages (moves go on), and is told why
and until when, wherever writing is refused and on every page."""
from datetime import timedelta

import pytest
import time_machine
from django.urls import reverse
from django.utils import timezone

from forum import services as forum_services
from games import services as gs
from games.models import ChatMessage, Game
from players.inbox.services import MessageError, message_send
from players.models import Message, Mute
from players.moderation import services
from tests.games.conftest import discard_on_turn, make_deck

pytestmark = pytest.mark.django_db

REASON = "Insults in the chat of game 12"


@pytest.fixture
def muted_bob(bob, mod):
    services.player_mute(moderator=mod, player=bob, duration="1d", reason=REASON)
    return bob


def _refused(text):
    return "You are muted until" in text and REASON in text


# ---------------------------------------------------------------- the service
def test_a_mute_lasts_the_chosen_time(bob, mod):
    before = timezone.now()
    mute = services.player_mute(moderator=mod, player=bob, duration="3d", reason=" spam ")
    assert mute.reason == "spam" and mute.moderator == mod
    assert before + timedelta(days=3) <= mute.ends_at <= timezone.now() + timedelta(days=3)


@pytest.mark.parametrize("duration, reason, message", [
    ("1d", "   ", "give a reason"), ("1d", "x" * 501, "at most 500"),
    ("forever", "spam", "offered lengths"), ("1d", "a\x00b", "not allowed")])
def test_bad_mutes_are_refused(bob, mod, duration, reason, message):
    with pytest.raises(services.ModerationError, match=message):
        services.player_mute(moderator=mod, player=bob, duration=duration, reason=reason)
    assert not Mute.objects.exists()


def test_who_may_mute_whom(alice, bob, mod, root, staffer):
    for actor in (alice, staffer):
        with pytest.raises(services.ModerationPermissionError):
            services.player_mute(moderator=actor, player=bob, duration="1h", reason="x")
    with pytest.raises(services.ModerationError, match="yourself"):
        services.player_mute(moderator=mod, player=mod, duration="1h", reason="x")
    with pytest.raises(services.ModerationError, match="administrator"):
        services.player_mute(moderator=mod, player=root, duration="1h", reason="x")
    other_mod = bob
    services.moderator_add(other_mod)
    with pytest.raises(services.ModerationError, match="Only an administrator"):
        services.player_mute(moderator=mod, player=other_mod, duration="1h", reason="x")
    services.player_mute(moderator=root, player=other_mod, duration="1h", reason="x")
    assert Mute.objects.filter(player=other_mod).count() == 1


def test_a_new_mute_replaces_the_one_in_force_and_unmute_lifts_it(muted_bob, mod):
    services.player_mute(moderator=mod, player=muted_bob, duration="1h", reason="shorter")
    in_force = Mute.objects.filter(player=muted_bob, lifted_at__isnull=True)
    assert list(in_force.values_list("reason", flat=True)) == ["shorter"]
    assert services.player_unmute(moderator=mod, player=muted_bob) == 1
    assert services.player_unmute(moderator=mod, player=muted_bob) == 0
    message_send(author=muted_bob, recipient=mod, subject="thanks", body="I may write again")


# ---------------------------------------------------------------- each channel refuses
def test_game_chat_is_refused_but_moves_go_on(alice, muted_bob, client_of, started_game):
    game = started_game()
    with pytest.raises(gs.GameError) as refused:
        gs.chat_post(game_id=game.pk, player=muted_bob, body="you fool")
    assert refused.value.code == "muted" and _refused(refused.value.message)
    response = client_of(muted_bob).post(reverse("games:chat", args=[game.pk]),
                                         {"body": "you fool"}, HTTP_HX_REQUEST="true")
    assert _refused(response.content.decode())
    assert not ChatMessage.objects.filter(author=muted_bob).exists()
    for _ in range(2):  # whoever is on turn, bob's moves are not affected
        discard_on_turn(game)
    game.refresh_from_db()
    assert game.turns.filter(actor=muted_bob).exists()
    gs.chat_post(game_id=game.pk, player=alice, body="the opponent may still write")


def test_forum_threads_replies_and_edits_are_refused(alice, muted_bob, client_of):
    thread = forum_services.thread_create(section="general", author=alice, title="Hi",
                                          body="hello")
    with pytest.raises(forum_services.ForumError, match="You are muted until"):
        forum_services.thread_create(section="general", author=muted_bob, title="t", body="b")
    with pytest.raises(forum_services.ForumError, match="You are muted until"):
        forum_services.post_create(thread=thread, author=muted_bob, body="reply")
    client = client_of(muted_bob)
    page = client.post(reverse("forum:thread_new", args=["general"]),
                       {"title": "Mine", "body": "text"}).content.decode()
    assert _refused(page)
    page = client.post(reverse("forum:reply", args=[thread.pk]), {"body": "reply"})
    assert _refused(page.content.decode())
    assert thread.posts.count() == 1


def test_editing_an_old_post_is_refused_too(alice, bob, mod):
    thread = forum_services.thread_create(section="general", author=bob, title="Old",
                                          body="written before")
    services.player_mute(moderator=mod, player=bob, duration="1h", reason=REASON)
    with pytest.raises(forum_services.ForumError, match="You are muted until"):
        forum_services.post_edit(post=thread.posts.get(), editor=bob, body="rewritten")
    assert thread.posts.get().body == "written before"


def test_private_messages_are_refused(alice, muted_bob, client_of):
    with pytest.raises(MessageError, match="You are muted until"):
        message_send(author=muted_bob, recipient=alice, subject="Hi", body="text")
    response = client_of(muted_bob).post(reverse("players:message_new"), {
        "recipient": "alice", "subject": "Hi", "body": "text"})
    assert response.status_code == 200 and _refused(response.content.decode())
    assert not Message.objects.filter(author=muted_bob).exists()
    # the site's own messages still reach the muted player, and others may write to him
    message_send(author=alice, recipient=muted_bob, subject="Hi", body="cheer up")


def test_a_challenge_message_is_refused_but_not_the_challenge(alice, muted_bob):
    deck = make_deck(muted_bob)
    with pytest.raises(gs.GameError) as refused:
        gs.challenge_create(challenger=muted_bob, opponent=alice, deck=deck, message="hah")
    assert _refused(refused.value.message) and "without a message" in refused.value.message
    game = gs.challenge_create(challenger=muted_bob, opponent=alice, deck=deck)
    assert game.status == Game.Status.WAITING


# ---------------------------------------------------------------- telling the player
def test_the_muted_player_reads_why_and_until_when_on_every_page(muted_bob, alice, client_of):
    mute = Mute.objects.get(player=muted_bob)
    until = timezone.localtime(mute.ends_at).strftime("%Y-%m-%d %H:%M")
    for name in ("home", "games:list", "players:inbox"):
        html = client_of(muted_bob).get(reverse(name)).content.decode()
        assert 'id="mute-notice"' in html and until in html and REASON in html, name
    assert 'id="mute-notice"' not in client_of(alice).get(reverse("home")).content.decode()


def test_the_notice_uses_the_players_time_zone(muted_bob, client_of):
    muted_bob.settings.timezone = "Asia/Tokyo"
    muted_bob.settings.save(update_fields=["timezone"])
    mute = Mute.objects.get(player=muted_bob)
    html = client_of(muted_bob).get(reverse("home")).content.decode()
    tokyo = mute.ends_at.astimezone(__import__("zoneinfo").ZoneInfo("Asia/Tokyo"))
    assert f"{tokyo:%Y-%m-%d %H:%M} (JST)" in html


def test_a_mute_expires_by_itself(alice, bob, mod, client_of, started_game):
    game = started_game()
    services.player_mute(moderator=mod, player=bob, duration="1h", reason=REASON)
    with pytest.raises(gs.GameError):
        gs.chat_post(game_id=game.pk, player=bob, body="still muted")
    with time_machine.travel(timezone.now() + timedelta(minutes=61)):
        gs.chat_post(game_id=game.pk, player=bob, body="free again")
        message_send(author=bob, recipient=alice, subject="Hi", body="free again")
        forum_services.thread_create(section="general", author=bob, title="Back", body="hi")
        html = client_of(bob).get(reverse("home")).content.decode()
        assert 'id="mute-notice"' not in html


# ---------------------------------------------------------------- the profile's forms
def test_only_moderators_see_and_use_the_mute_form(alice, bob, mod, staffer, client_of):
    url = reverse("players:detail", args=["bob"])
    assert 'id="mute-form"' in client_of(mod).get(url).content.decode()
    for viewer in (alice, staffer, bob):
        assert 'id="mute-form"' not in client_of(viewer).get(url).content.decode()
    data = {"mute-duration": "1d", "mute-reason": REASON}
    for viewer in (alice, staffer):
        assert client_of(viewer).post(reverse("players:mute", args=["bob"]),
                                      data).status_code == 403
    assert not Mute.objects.exists()
    response = client_of(mod).post(reverse("players:mute", args=["bob"]), data, follow=True)
    html = response.content.decode()
    assert "bob is muted until" in html and 'id="player-muted"' in html and REASON in html
    assert Mute.objects.filter(player=bob, moderator=mod).count() == 1
    response = client_of(mod).post(reverse("players:unmute", args=["bob"]), follow=True)
    assert "bob may write again" in response.content.decode()
    assert client_of(alice).post(reverse("players:unmute", args=["bob"])).status_code == 403


@pytest.mark.parametrize("data", [{}, {"mute-duration": "1d"}, {"mute-reason": "x"},
                                  {"mute-duration": "99y", "mute-reason": "x"},
                                  {"mute-duration": "1d", "mute-reason": "x" * 600}])
def test_bad_mute_forms_change_nothing(bob, mod, client_of, data):
    response = client_of(mod).post(reverse("players:mute", args=["bob"]), data)
    assert response.status_code == 302 and response["Location"] == reverse(
        "players:detail", args=["bob"])
    assert not Mute.objects.exists()


def test_moderation_urls_need_a_post_a_login_and_a_real_player(client, mod, client_of):
    for name in ("players:mute", "players:unmute", "players:ban", "players:unban"):
        url = reverse(name, args=["bob"])
        assert client_of(mod).get(url).status_code == 405
        response = client.post(url)
        assert response.status_code == 302 and reverse("login") in response["Location"]
    assert client_of(mod).post(reverse("players:mute", args=["nobody"]), {
        "mute-duration": "1d", "mute-reason": "x"}).status_code == 404
