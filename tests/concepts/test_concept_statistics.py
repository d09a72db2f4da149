"""The concept authors' tables of the Statistics page."""
import pytest
from django.urls import reverse

from concepts.models import Concept
from concepts.selectors import IMPLEMENTED_STATES, SUGGESTED_STATES, concepts_top_authors
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def add(author, state, n):
    Concept.objects.bulk_create([Concept(author=author, name=f"{author}-{state}-{i}",
                                         effect="x", state=state) for i in range(n)])


def test_top_authors(alice, bob, carol, django_assert_num_queries):
    add(alice, "waiting", 2)
    add(alice, "interesting", 2)
    add(bob, "waiting", 3)
    add(bob, "implemented", 1)
    add(carol, "rejected", 9)
    add(carol, "implemented", 2)
    with django_assert_num_queries(1):
        suggested = concepts_top_authors(SUGGESTED_STATES)
    assert suggested == [{"name": "alice", "count": 4}, {"name": "bob", "count": 3}]
    assert concepts_top_authors(IMPLEMENTED_STATES) == [{"name": "carol", "count": 2},
                                                        {"name": "bob", "count": 1}]


def test_top_ten_only(db):
    for i in range(12):
        add(PlayerFactory(user__username=f"author{i:02}"), "waiting", i + 1)
    rows = concepts_top_authors(SUGGESTED_STATES)
    assert len(rows) == 10 and rows[0] == {"name": "author11", "count": 12}
    assert rows[-1]["name"] == "author02"


def test_statistics_page_shows_both_tables(alice, bob, client_of):
    add(alice, "waiting", 2)
    add(bob, "implemented", 1)
    page = client_of(alice).get(reverse("games:statistics")).content.decode()
    assert "Suggested concepts" in page and "Implemented concepts" in page
    suggested = page.split("Suggested concepts", 1)[1].split("Implemented concepts", 1)[0]
    implemented = page.split("Implemented concepts", 1)[1].split("Skins and backgrounds")[0]
    assert ">alice</a>" in suggested and ">bob</a>" not in suggested
    assert ">bob</a>" in implemented and ">alice</a>" not in implemented


def test_statistics_page_without_concepts(alice, client_of):
    page = client_of(alice).get(reverse("games:statistics")).content.decode()
    assert page.count("None yet.") == 2
