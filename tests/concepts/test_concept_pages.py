"""The concepts list and details: filters, orderings, pagination, "new" marks, query counts."""
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from concepts import selectors
from concepts.models import Concept, ConceptVisit
from tests.factories import PlayerFactory

from .conftest import make_concept

pytestmark = pytest.mark.django_db


def names(response):
    return [row["concept"].name for row in response.context["rows"]]


@pytest.fixture
def three(alice, bob):
    now = timezone.now()
    a = make_concept(alice, name="Apple Golem", rarity="Common")
    b = make_concept(bob, name="banshee", rarity="Rare")
    c = make_concept(alice, name="Cinder Drake", rarity="Rare")
    Concept.objects.filter(pk=a.pk).update(created_at=now - timedelta(days=40),
                                           modified_at=now - timedelta(hours=1))
    Concept.objects.filter(pk=b.pk).update(created_at=now - timedelta(days=10),
                                           modified_at=now - timedelta(days=10),
                                           state=Concept.State.IMPLEMENTED)
    Concept.objects.filter(pk=c.pk).update(created_at=now - timedelta(days=2),
                                           modified_at=now - timedelta(days=2))
    return a, b, c


def test_orderings(alice, client_of, three):
    client = client_of(alice)
    url = reverse("concepts:list")
    assert names(client.get(url)) == ["Cinder Drake", "banshee", "Apple Golem"]
    assert names(client.get(url, {"sort": "modified"})) == ["Apple Golem", "Cinder Drake",
                                                            "banshee"]
    assert names(client.get(url, {"sort": "name"})) == ["Apple Golem", "banshee", "Cinder Drake"]
    assert names(client.get(url, {"sort": "author"}))[-1] == "banshee"


def test_filters(alice, client_of, three):
    client = client_of(alice)
    url = reverse("concepts:list")
    assert names(client.get(url, {"author": "BO"})) == ["banshee"]
    assert names(client.get(url, {"state": "implemented"})) == ["banshee"]
    assert names(client.get(url, {"rarity": "Rare"})) == ["Cinder Drake", "banshee"]
    assert names(client.get(url, {"period": "7"})) == ["Cinder Drake"]
    assert names(client.get(url, {"period": "30"})) == ["Cinder Drake", "banshee"]
    assert names(client.get(url, {"mine": "on", "sort": "name"})) == ["Apple Golem",
                                                                      "Cinder Drake"]
    assert names(client.get(url, {"rarity": "Rare", "state": "waiting"})) == ["Cinder Drake"]
    empty = client.get(url, {"author": "nobody"})
    assert names(empty) == [] and "No concept matches these filters" in empty.content.decode()


def test_unknown_filter_values_fall_back_to_all(alice, client_of, three):
    response = client_of(alice).get(reverse("concepts:list"),
                                    {"state": "<x>", "period": "forever", "page": "zz",
                                     "author": "a\x00b", "sort": "';--"})
    assert response.status_code == 200
    assert len(names(response)) == 3
    assert "were not understood" in response.content.decode()


def test_pagination_keeps_the_filters(alice, client_of):
    for i in range(45):
        make_concept(alice, name=f"Idea {i:02}", rarity="Rare" if i % 2 else "Common")
    client = client_of(alice)
    response = client.get(reverse("concepts:list"), {"rarity": "Common", "sort": "name"})
    assert response.context["page_obj"].paginator.num_pages == 2  # 23 common ideas
    page = response.content.decode()
    assert "rarity=Common&amp;sort=name" in page.replace("sort=name&amp;rarity=Common",
                                                         "rarity=Common&amp;sort=name")
    assert "page=2" in page
    second = client.get(reverse("concepts:list"), {"rarity": "Common", "sort": "name",
                                                   "page": 2})
    assert names(second) == ["Idea 40", "Idea 42", "Idea 44"]
    assert client.get(reverse("concepts:list"), {"page": 999}).status_code == 200


def test_new_marks_since_the_previous_visit(alice, bob, client_of):
    from players.models import Player

    Player.objects.filter(pk=alice.pk).update(created_at=timezone.now() - timedelta(days=1))
    alice.refresh_from_db()
    client = client_of(alice)
    make_concept(bob, name="Before")
    Concept.objects.update(created_at=timezone.now() - timedelta(minutes=5))
    first = client.get(reverse("concepts:list"))  # a new player: newer than registration
    assert {r["concept"].name: r["is_new"] for r in first.context["rows"]} == {"Before": True}
    assert ConceptVisit.objects.filter(player=alice).exists()
    assert not selectors.concepts_has_new(alice)
    make_concept(bob, name="After")
    make_concept(alice, name="Mine")
    assert selectors.concepts_has_new(alice)
    second = client.get(reverse("concepts:list"))
    marks = {r["concept"].name: r["is_new"] for r in second.context["rows"]}
    assert marks == {"Before": False, "After": True, "Mine": False}
    assert 'class="concept-new"' in second.content.decode()
    third = client.get(reverse("concepts:list"))
    assert not any(r["is_new"] for r in third.context["rows"])
    assert not selectors.concepts_has_new(alice)


def test_has_new_for_a_player_who_never_opened_the_list(alice, bob, django_assert_num_queries):
    make_concept(bob, name="Old one")
    Concept.objects.update(created_at=alice.created_at - timedelta(days=1))
    with django_assert_num_queries(1):
        assert selectors.concepts_has_new(alice) is False
    make_concept(bob, name="Fresh one")
    with django_assert_num_queries(1):
        assert selectors.concepts_has_new(alice) is True
    assert selectors.concepts_has_new(bob) is False  # only his own
    assert selectors.concepts_has_new(None) is False


def test_list_query_count_does_not_grow(alice, client_of, django_assert_max_num_queries):
    client = client_of(alice)
    make_concept(alice, name="Only one")
    client.get(reverse("concepts:list"))  # first visit creates the visit row
    with django_assert_max_num_queries(10) as one:
        client.get(reverse("concepts:list"))
    authors = [PlayerFactory() for _ in range(5)]
    for i in range(19):
        make_concept(authors[i % 5], name=f"Idea {i}")
    with django_assert_max_num_queries(len(one.captured_queries)):
        response = client.get(reverse("concepts:list"))
    assert len(response.context["rows"]) == 20


def test_detail_query_count(alice, bob, client_of, django_assert_max_num_queries):
    concept = make_concept(alice)
    client = client_of(bob)
    client.get(reverse("concepts:detail", args=[concept.pk]))
    with django_assert_max_num_queries(8):
        response = client.get(reverse("concepts:detail", args=[concept.pk]))
    assert response.status_code == 200


def test_detail_shows_everything(alice, bob, client_of):
    concept = make_concept(alice)
    page = client_of(bob).get(reverse("concepts:detail", args=[concept.pk])).content.decode()
    assert 'class="card card--uncommon concept-card card--large"' in page
    assert 'class="cost cost--bricks"' in page and 'class="cost cost--recruits"' in page
    assert "img/keywords/titan.svg" in page and "<small>3</small>" in page
    assert reverse("players:detail", args=["alice"]) in page
    assert "has not reviewed this concept yet" in page


def test_card_follows_the_viewers_display_settings(alice, client_of):
    from players.models import PlayerSettings

    concept = make_concept(alice)
    PlayerSettings.objects.filter(player=alice).update(keyword_insignias=False,
                                                       show_card_images=False)
    page = client_of(alice).get(reverse("concepts:detail", args=[concept.pk])).content.decode()
    assert '<b class="kw-name">Charge (3)</b>' in page
    assert "card-art" not in page


def test_unknown_concept_is_a_404(alice, client_of):
    client = client_of(alice)
    for name in ("detail", "edit", "delete"):
        assert client.get(reverse(f"concepts:{name}", args=[999])).status_code == 404


def test_new_page_shows_the_guidelines_and_all_keywords(alice, client_of):
    page = client_of(alice).get(reverse("concepts:new")).content.decode()
    assert "One turn only" in page and "quarries, magic, dungeons" in page
    assert page.count('name="keywords"') == 36
    assert 'name="param_charge"' in page and 'name="param_enduring"' in page


def test_preview_draws_the_card_without_saving(alice, client_of):
    response = client_of(alice).post(reverse("concepts:preview"), {
        "name": "Glimmer", "rarity": "Rare", "gems": "7", "keywords": ["Holy"],
        "effect": "[b]+3[/b] tower <script>x</script>"}, headers={"HX-Request": "true"})
    page = response.content.decode()
    assert response.status_code == 200
    assert "Glimmer" in page and "card--rare" in page and "<b>+3</b>" in page
    assert "<script>" not in page and "img/keywords/holy.svg" in page
    assert not Concept.objects.exists()
    junk = client_of(alice).post(reverse("concepts:preview"), {"bricks": "abc", "name": "\x00"})
    assert junk.status_code == 200 and "Unnamed concept" in junk.content.decode()


def test_preview_keeps_the_current_picture_while_editing(alice, client_of):
    client = client_of(alice)
    name = "c7-0123456789ab.png"
    page = client.post(reverse("concepts:preview"), {"name": "X", "current_picture": name})
    assert reverse("concepts:picture", args=[name]) in page.content.decode()
    page = client.post(reverse("concepts:preview"), {"name": "X", "current_picture": "../x"})
    assert "/concepts/pictures/" not in page.content.decode()
