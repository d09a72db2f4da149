"""The tutorial: sections opening level by level, hints on the first pages, the home panel."""
import pytest
from django.urls import reverse

from players.models import Player
from players.tutorial.sections import SECTION_LEVELS, section_required, sections_open_for

pytestmark = pytest.mark.django_db


def test_hint_shows_in_tutorial_and_is_remembered_when_closed(alice, client_of):
    client = client_of(alice)
    assert 'data-hint="players"' in client.get(reverse("players:list")).content.decode()
    client.post(reverse("players:hint_dismiss", args=["players"]), HTTP_HX_REQUEST="true")
    assert 'data-hint="players"' not in client.get(reverse("players:list")).content.decode()
    alice.settings.refresh_from_db()
    assert alice.settings.dismissed_hints == ["players"]


def test_hint_dismiss_without_htmx_redirects_only_inside_the_site(alice, client_of):
    client = client_of(alice)
    response = client.post(reverse("players:hint_dismiss", args=["shop"]),
                           {"next": "https://evil.example/"})
    assert response.url == reverse("home")
    response = client.post(reverse("players:hint_dismiss", args=["shop"]), {"next": "/shop/"})
    assert response.url == "/shop/"
    client.post(reverse("players:hint_dismiss", args=["no-such-hint"]))
    alice.settings.refresh_from_db()
    assert alice.settings.dismissed_hints == ["shop"]


def test_no_hints_after_the_tutorial(alice, client_of):
    Player.objects.filter(pk=alice.pk).update(level=10)
    assert "tutorial-hint" not in client_of(alice).get(reverse("players:list")).content.decode()


def test_sections_open_one_per_level(alice):
    assert "decks" not in sections_open_for(alice)
    assert {"games", "players", "messages", "settings", "shop"} <= sections_open_for(alice)
    alice.level = 1
    assert "decks" in sections_open_for(alice) and "cards" not in sections_open_for(alice)
    alice.level = 10
    assert sections_open_for(alice) == frozenset(SECTION_LEVELS)
    assert sections_open_for(None) == frozenset()
    levels = sorted(v for k, v in SECTION_LEVELS.items()
                    if k in ("decks", "cards", "replays", "novels", "concepts", "statistics"))
    assert levels == [1, 2, 3, 4, 5, 6]


def test_section_required_blocks_locked_sections(alice, rf):
    from django.http import HttpResponse

    @section_required("cards")
    def cards_view(request):
        return HttpResponse("cards")

    request = rf.get("/cards/")
    request.user = alice.user
    response = cards_view(request)
    assert response.status_code == 403 and b"opens at level 2" in response.content
    Player.objects.filter(pk=alice.pk).update(level=2)
    request.user = type(alice.user).objects.get(pk=alice.user.pk)
    assert cards_view(request).status_code == 200
    with pytest.raises(ValueError):
        section_required("nonsense")


def test_nav_shows_only_open_sections(alice, client_of):
    page = client_of(alice).get(reverse("players:list")).content.decode()
    assert 'href="/players/"' in page and 'href="/messages/"' in page
    assert 'href="/shop/"' in page and 'href="/settings/"' in page


def test_dashboard_panel(alice, client_of):
    page = client_of(alice).get(reverse("home")).content.decode()
    assert "Your progress" in page and "0 / 500 EXP" in page
    assert "Next to open: <strong>Decks</strong> at level 1" in page


def test_the_forum_concepts_and_novels_pages_greet_tutorial_players(alice, client_of):
    alice.level = 5
    alice.save(update_fields=["level"])
    client = client_of(alice)
    for key, url in (("forum", "forum:index"), ("concepts", "concepts:list"),
                     ("novels", "novels:library")):
        assert f'data-hint="{key}"' in client.get(reverse(url)).content.decode()
        client.post(reverse("players:hint_dismiss", args=[key]), HTTP_HX_REQUEST="true")
        assert f'data-hint="{key}"' not in client.get(reverse(url)).content.decode()
