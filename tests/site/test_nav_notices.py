"""The navigation's marks: unread messages, new forum posts, new card concepts, "Mark seen"."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from concepts import services as concepts_services
from forum import services as forum_services
from games import services as gs
from games.models import Game
from marcomage.site.selectors import nav_notices
from players.models import Message
from players.moderation.services import moderator_add, player_mute
from players.tutorial.sections import sections_open_for
from tests.games.conftest import make_deck, started_game  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db

CONCEPT = {"name": "Watchful Owl", "rarity": "Common", "bricks": 0, "gems": 3, "recruits": 0,
           "keywords": [], "keyword_params": {}, "effect": "+2 magic", "note": ""}


def _nav(client):
    """The navigation bar, with each "new" mark spelled out as "<Section>: new"."""
    html = client.get(reverse("home")).content.decode()
    nav = html.split('<nav class="nav container"', 1)[1].split("</nav>", 1)[0]
    for section in ("Forum", "Concepts"):
        nav = nav.replace(f'>{section} <span class="nav-new"', f'>{section}: new <span')
    return nav


@pytest.fixture
def veteran(alice):
    alice.level = 10
    alice.save(update_fields=["level"])
    return alice


def test_a_new_forum_post_marks_the_forum_until_read(veteran, bob, client_of):
    client = client_of(veteran)
    assert "Forum: new" not in _nav(client)
    thread = forum_services.thread_create(section="general", author=bob, title="Hello all",
                                          body="First post")
    assert "Forum: new" in _nav(client)
    client.get(reverse("forum:thread", args=[thread.pk]))
    assert "Forum: new" not in _nav(client)


def test_a_new_concept_marks_concepts_until_the_list_is_opened(veteran, bob, client_of):
    client = client_of(veteran)
    concepts_services.concept_create(author=bob, data=dict(CONCEPT))
    assert "Concepts: new" in _nav(client)
    client.get(reverse("concepts:list"))
    assert "Concepts: new" not in _nav(client)


def test_own_posts_and_concepts_are_not_news(veteran, client_of):
    forum_services.thread_create(section="general", author=veteran, title="Mine", body="text")
    concepts_services.concept_create(author=veteran, data=dict(CONCEPT))
    nav = _nav(client_of(veteran))
    assert "Forum: new" not in nav and "Concepts: new" not in nav


def test_the_settings_turn_the_marks_off(veteran, bob, client_of):
    forum_services.thread_create(section="general", author=bob, title="Hello", body="text")
    concepts_services.concept_create(author=bob, data=dict(CONCEPT))
    veteran.settings.forum_notifications = False
    veteran.settings.concepts_notifications = False
    veteran.settings.save()
    nav = _nav(client_of(veteran))
    assert "Forum: new" not in nav and "Concepts: new" not in nav and "Mark seen" not in nav


def test_concepts_are_not_announced_before_the_tutorial_opens_them(alice, bob, client_of):
    concepts_services.concept_create(author=bob, data=dict(CONCEPT))
    assert alice.level < 5
    assert "Concepts: new" not in _nav(client_of(alice))


def test_mark_seen_clears_both_marks_and_returns_to_the_page(veteran, bob, client_of):
    forum_services.thread_create(section="general", author=bob, title="Hello", body="text")
    concepts_services.concept_create(author=bob, data=dict(CONCEPT))
    client = client_of(veteran)
    assert "Mark seen" in _nav(client)
    response = client.post(reverse("notices_reset"), {"next": "/forum/"})
    assert response.status_code == 302 and response["Location"] == "/forum/"
    nav = _nav(client)
    assert "Forum: new" not in nav and "Concepts: new" not in nav
    # ...and a later post is news again
    forum_services.thread_create(section="game", author=bob, title="Later", body="text")
    assert "Forum: new" in _nav(client)


@pytest.mark.parametrize("target", ["https://evil.example/", "//evil.example/x", "home",
                                    "javascript:alert(1)", "", "\x00"])
def test_mark_seen_never_sends_anyone_elsewhere(veteran, client_of, target):
    response = client_of(veteran).post(reverse("notices_reset"), {"next": target})
    assert response.status_code == 302 and response["Location"] == reverse("home")


def test_mark_seen_needs_a_post_and_a_login(client, veteran, client_of):
    assert client_of(veteran).get(reverse("notices_reset")).status_code == 405
    response = client.post(reverse("notices_reset"))
    assert response.status_code == 302 and "login" in response["Location"]


def test_the_marks_cost_one_query(veteran, bob, client_of):
    Message.objects.create(author=bob, recipient=veteran, subject="Hi", body="there")
    forum_services.thread_create(section="general", author=bob, title="Hello", body="text")
    concepts_services.concept_create(author=bob, data=dict(CONCEPT))
    gs.challenge_create(challenger=bob, opponent=veteran, deck=make_deck(bob))
    client = client_of(veteran)
    client.get(reverse("home"))
    with CaptureQueriesContext(connection) as with_marks:
        nav = _nav(client)
    assert "Forum: new" in nav and "Concepts: new" in nav and "1 unread message" in nav
    assert "1 challenge waiting for your answer" in nav
    veteran.settings.forum_notifications = False
    veteran.settings.concepts_notifications = False
    veteran.settings.save()
    client.get(reverse("home"))  # the signed-in user's cache entry was forgotten: refill it
    with CaptureQueriesContext(connection) as without_marks:
        client.get(reverse("home"))
    assert len(with_marks) == len(without_marks)


def test_nav_notices_is_one_query_with_every_mark(
        veteran, bob, carol, django_assert_num_queries, started_game):  # noqa: F811
    # Two running games against bob: one waits for veteran's move, the other for bob's.
    for seat in (0, 1):
        Game.objects.filter(pk=started_game().pk).update(current_seat=seat)  # veteran: seat 0
    Message.objects.filter(recipient=veteran).update(is_read=True)  # the games' news
    Message.objects.create(author=bob, recipient=veteran, subject="Hi", body="there")
    forum_services.thread_create(section="general", author=bob, title="Hello", body="text")
    concepts_services.concept_create(author=bob, data=dict(CONCEPT))
    gs.challenge_create(challenger=bob, opponent=veteran, deck=make_deck(bob))
    gs.challenge_create(challenger=carol, opponent=veteran, deck=make_deck(carol))
    moderator_add(carol)
    player_mute(moderator=carol, player=veteran, duration="1d", reason="Rude")
    sections = sections_open_for(veteran)
    veteran.settings  # noqa: B018 (loaded with the player on every page)
    with django_assert_num_queries(1):
        notices = nav_notices(veteran, sections)
    assert notices["unread_messages"] == 1 and notices["challenges"] == 2
    assert notices["games_on_turn"] == 1
    assert notices["forum"] and notices["concepts"]
    assert notices["mute"].startswith("You are muted until") and "Rude" in notices["mute"]


def test_an_incoming_challenge_marks_the_top_bar_until_answered(alice, bob, client_of):
    game = gs.challenge_create(challenger=bob, opponent=alice, deck=make_deck(bob),
                               message="Fancy a game?")
    nav = _nav(client_of(alice))
    assert "1 challenge waiting for your answer" in nav
    assert f'href="{reverse("games:list")}#incoming"' in nav
    assert "challenge waiting" not in _nav(client_of(bob))  # the sender's own is no news
    gs.challenge_reject(game_id=game.pk, player=alice)
    assert "challenge waiting" not in _nav(client_of(alice))


def test_each_player_and_moment_gets_its_own_marks_from_the_compiled_query(veteran, bob,
                                                                           carol):
    """The query is compiled once per process: the player, the registration and the time
    are its keys, never what the first page happened to ask with."""
    from datetime import timedelta
    from unittest import mock

    from django.utils import timezone

    from players.models import Player
    bob.level = 10
    bob.save(update_fields=["level"])
    Message.objects.create(author=carol, recipient=veteran, subject="Hi", body="there")
    forum_services.thread_create(section="general", author=carol, title="Old", body="text")
    moderator_add(carol)
    player_mute(moderator=carol, player=veteran, duration="1d", reason="Rude")
    # bob registers after the thread: it is no news to him.
    Player.objects.filter(pk=bob.pk).update(created_at=timezone.now() + timedelta(minutes=1))
    bob.refresh_from_db()

    def marks(player, at=None):
        with mock.patch("django.utils.timezone.now", return_value=at or timezone.now()):
            return nav_notices(player, sections_open_for(player))

    for _ in range(2):  # in both orders: nothing of one player stays in the query
        mine, his = marks(veteran), marks(bob)
        assert (mine["unread_messages"], mine["forum"], bool(mine["mute"])) == (1, True, True)
        assert (his["unread_messages"], his["forum"], his["mute"]) == (0, False, None)
        his, mine = marks(bob), marks(veteran)
    assert marks(veteran, at=timezone.now() + timedelta(days=2))["mute"] is None  # it ended


def test_a_page_counts_the_games_on_turn_in_the_navigations_one_query(
        veteran, client_of, started_game):  # noqa: F811
    """The top bar's "Your turn" badge comes from the navigation's query: a page without
    games of its own asks the database once for every mark, the badge included."""
    client = client_of(veteran)
    client.get(reverse("players:list"))  # the first page of a session records the visit
    with CaptureQueriesContext(connection) as quiet:
        page = client.get(reverse("players:list")).content.decode()
    assert "Your turn" not in page
    Game.objects.filter(pk=started_game().pk).update(current_seat=0)  # veteran's move
    with CaptureQueriesContext(connection) as on_turn:
        page = client.get(reverse("players:list")).content.decode()
    assert '<span class="badge turn">1</span>' in page
    assert len(on_turn) == len(quiet)
    assert not [q for q in on_turn.captured_queries if q["sql"].startswith(
        'SELECT COUNT(*) AS "__count" FROM "games_game"')]
