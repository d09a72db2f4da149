"""Creating, editing, deleting and reviewing concepts: the rules and who may do what."""
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from concepts import services
from concepts.models import Concept

from .conftest import concept_data, form_data, make_concept

pytestmark = pytest.mark.django_db


def test_create_through_the_form(alice, client_of):
    response = client_of(alice).post(reverse("concepts:new"), form_data())
    concept = Concept.objects.get()
    assert response.status_code == 302 and response.url == reverse("concepts:detail",
                                                                   args=[concept.pk])
    assert concept.author == alice and concept.state == Concept.State.WAITING
    assert (concept.bricks, concept.gems, concept.recruits) == (12, 0, 3)
    assert concept.keywords == ["Titan", "Charge"]
    assert concept.keyword_params == {"Charge": 3}
    assert concept.effect_html == "+8 wall, <b>+2</b> quarry"
    page = client_of(alice).get(response.url).content.decode()
    assert "Stone Giant" in page and "Charge (3)" in page and "<b>+2</b>" in page
    assert "Waiting" in page and "A sturdy builder." in page


def test_keywords_are_kept_in_the_games_order(alice):
    concept = make_concept(alice, keywords=["Charge", "Alliance", "Titan"])
    assert concept.keywords == ["Alliance", "Titan", "Charge"]


@pytest.mark.parametrize("changes, message", [
    ({"name": ""}, "This field is required"),
    ({"name": "x" * 65}, "at most 64"),
    ({"bricks": "201"}, "less than or equal to 200"),
    ({"gems": "-1"}, "greater than or equal to 0"),
    ({"recruits": "many"}, "whole number"),
    ({"rarity": "Legendary"}, "Select a valid choice"),
    ({"keywords": ["Titan", "Flying"]}, "Select a valid choice"),
    ({"keywords": ["Titan"], "param_charge": "3"}, "Tick the Charge keyword too"),
    ({"param_charge": "0"}, "greater than or equal to 1"),
    ({"effect": ""}, "Please write the effect, or build it"),
    ({"effect": "e" * 1001}, "at most 1000"),
    ({"note": "n" * 1001}, "at most 1000"),
])
def test_bad_input_gets_a_clear_message_and_creates_nothing(alice, client_of, changes, message):
    response = client_of(alice).post(reverse("concepts:new"), form_data(**changes))
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Concept.objects.exists()


def test_the_service_guards_the_rules_too(alice):
    for changes in ({"keywords": ["Nope"]}, {"keyword_params": {"Titan": 2}},
                    {"keyword_params": {"Charge": 500}}, {"bricks": 999}, {"rarity": "x"},
                    {"name": "a\x00b"}, {"effect": "  "}):
        with pytest.raises(services.ConceptError):
            services.concept_create(author=alice, data=concept_data(**changes))
    assert not Concept.objects.exists()


def test_double_submit_creates_one_concept(alice, client_of):
    client = client_of(alice)
    first = client.post(reverse("concepts:new"), form_data())
    second = client.post(reverse("concepts:new"), form_data(name=" stone giant "), follow=True)
    assert Concept.objects.count() == 1
    assert second.redirect_chain[0][0] == first.url
    assert "already submitted a moment ago" in second.content.decode()
    # the same name later (or by someone else) is a new concept
    Concept.objects.update(created_at=timezone.now() - timedelta(minutes=2))
    client.post(reverse("concepts:new"), form_data())
    assert Concept.objects.count() == 2


def test_waiting_limit(alice, client_of):
    Concept.objects.bulk_create([
        Concept(author=alice, name=f"Idea {i}", effect="x", state=Concept.State.WAITING)
        for i in range(services.WAITING_LIMIT)])
    response = client_of(alice).post(reverse("concepts:new"), form_data())
    assert response.status_code == 400
    assert "already have 50 concepts waiting" in response.content.decode()
    assert Concept.objects.count() == services.WAITING_LIMIT
    # reviewed ones do not count
    Concept.objects.filter(name="Idea 0").update(state=Concept.State.INTERESTING)
    assert client_of(alice).post(reverse("concepts:new"), form_data()).status_code == 302


def test_author_edits_and_modified_at_moves(alice, client_of):
    concept = make_concept(alice)
    Concept.objects.filter(pk=concept.pk).update(modified_at=timezone.now() - timedelta(days=1))
    client = client_of(alice)
    page = client.get(reverse("concepts:edit", args=[concept.pk])).content.decode()
    assert 'value="Stone Giant"' in page
    response = client.post(reverse("concepts:edit", args=[concept.pk]),
                           form_data(name="Stone Titan", effect="[i]+10[/i] wall",
                                     keywords=["Titan"], param_charge=""))
    assert response.status_code == 302
    concept.refresh_from_db()
    assert concept.name == "Stone Titan" and concept.effect_html == "<i>+10</i> wall"
    assert concept.keywords == ["Titan"] and concept.keyword_params == {}
    assert concept.modified_at > timezone.now() - timedelta(minutes=1)
    assert concept.created_at < concept.modified_at


@pytest.mark.parametrize("state", [Concept.State.IMPLEMENTED, Concept.State.REJECTED])
def test_closed_concepts_are_read_only_for_the_author(alice, staff, client_of, state):
    concept = make_concept(alice)
    Concept.objects.filter(pk=concept.pk).update(state=state)
    client = client_of(alice)
    detail = client.get(reverse("concepts:detail", args=[concept.pk])).content.decode()
    assert reverse("concepts:edit", args=[concept.pk]) not in detail
    assert "can no longer be changed" in detail
    response = client.post(reverse("concepts:edit", args=[concept.pk]),
                           form_data(name="Changed"), follow=True)
    assert "can no longer be changed" in response.content.decode()
    response = client.post(reverse("concepts:delete", args=[concept.pk]), follow=True)
    assert "can no longer be deleted" in response.content.decode()
    concept.refresh_from_db()
    assert concept.name == "Stone Giant"
    # the staff still can
    client_of(staff).post(reverse("concepts:edit", args=[concept.pk]), form_data(name="Fixed"))
    concept.refresh_from_db()
    assert concept.name == "Fixed" and concept.state == state and concept.author == alice


def test_interesting_concepts_stay_editable(alice, client_of):
    concept = make_concept(alice)
    Concept.objects.filter(pk=concept.pk).update(state=Concept.State.INTERESTING)
    client_of(alice).post(reverse("concepts:edit", args=[concept.pk]), form_data(name="Again"))
    concept.refresh_from_db()
    assert concept.name == "Again"


def test_outsider_cannot_edit_delete_or_review(alice, carol, client_of):
    concept = make_concept(alice)
    before = list(Concept.objects.values())
    client = client_of(carol)
    assert client.get(reverse("concepts:detail", args=[concept.pk])).status_code == 200
    detail = client.get(reverse("concepts:detail", args=[concept.pk])).content.decode()
    assert reverse("concepts:edit", args=[concept.pk]) not in detail
    assert reverse("concepts:state", args=[concept.pk]) not in detail
    assert client.get(reverse("concepts:edit", args=[concept.pk])).status_code == 404
    assert client.post(reverse("concepts:edit", args=[concept.pk]),
                       form_data(name="Carol's")).status_code == 404
    assert client.get(reverse("concepts:delete", args=[concept.pk])).status_code == 404
    assert client.post(reverse("concepts:delete", args=[concept.pk])).status_code == 404
    assert client.post(reverse("concepts:state", args=[concept.pk]),
                       {"state": "implemented", "feedback": "yes"}).status_code == 404
    assert list(Concept.objects.values()) == before
    with pytest.raises(services.ConceptPermissionError):
        services.concept_update(concept_id=concept.pk, editor=carol, data=concept_data())
    with pytest.raises(services.ConceptPermissionError):
        services.concept_delete(concept_id=concept.pk, player=carol)


def test_author_cannot_review_own_concept(alice, client_of):
    concept = make_concept(alice)
    response = client_of(alice).post(reverse("concepts:state", args=[concept.pk]),
                                     {"state": "implemented", "feedback": "Mine is great"})
    assert response.status_code == 404
    concept.refresh_from_db()
    assert concept.state == Concept.State.WAITING and concept.feedback == ""
    with pytest.raises(services.ConceptPermissionError):
        services.concept_set_state(concept_id=concept.pk, staff=alice, state="implemented")


def test_staff_reviews_on_the_page(alice, staff, client_of):
    concept = make_concept(alice)
    client = client_of(staff)
    page = client.get(reverse("concepts:detail", args=[concept.pk])).content.decode()
    assert reverse("concepts:state", args=[concept.pk]) in page
    response = client.post(reverse("concepts:state", args=[concept.pk]),
                           {"state": "interesting", "feedback": "Nice, but\ntoo cheap."})
    assert response.status_code == 302
    concept.refresh_from_db()
    assert concept.state == "interesting" and concept.feedback == "Nice, but\ntoo cheap."
    page = client_of(alice).get(reverse("concepts:detail", args=[concept.pk])).content.decode()
    assert "Interesting" in page and "Nice, but<br>too cheap." in page
    # a bad state changes nothing
    client.post(reverse("concepts:state", args=[concept.pk]), {"state": "approved"})
    concept.refresh_from_db()
    assert concept.state == "interesting"


def test_delete_asks_first_then_removes(alice, client_of):
    concept = make_concept(alice)
    client = client_of(alice)
    confirm = client.get(reverse("concepts:delete", args=[concept.pk]))
    assert confirm.status_code == 200 and "cannot be undone" in confirm.content.decode()
    assert Concept.objects.filter(pk=concept.pk).exists()
    response = client.post(reverse("concepts:delete", args=[concept.pk]))
    assert response.status_code == 302 and response.url == reverse("concepts:list")
    assert not Concept.objects.filter(pk=concept.pk).exists()
    again = client.post(reverse("concepts:delete", args=[concept.pk]), follow=True)
    assert again.status_code == 200 and "already been deleted" in again.content.decode()


def test_staff_can_delete_any_concept(alice, staff, client_of):
    concept = make_concept(alice)
    Concept.objects.filter(pk=concept.pk).update(state=Concept.State.REJECTED)
    client_of(staff).post(reverse("concepts:delete", args=[concept.pk]))
    assert not Concept.objects.exists()


def test_section_opens_at_level_five(carol, client_of):
    carol.level = 4
    carol.save(update_fields=["level"])
    response = client_of(carol).get(reverse("concepts:list"))
    assert response.status_code == 403 and "level 5" in response.content.decode()
    assert client_of(carol).post(reverse("concepts:new"), form_data()).status_code == 403
    assert not Concept.objects.exists()


def test_anonymous_is_sent_to_log_in(client, alice):
    concept = make_concept(alice)
    for url in (reverse("concepts:list"), reverse("concepts:new"),
                reverse("concepts:detail", args=[concept.pk])):
        response = client.get(url)
        assert response.status_code == 302 and "/accounts/login" in response.url


def test_deleted_author_keeps_the_concept(alice, bob, client_of):
    concept = make_concept(alice)
    alice.user.delete()
    concept.refresh_from_db()
    assert concept.author is None
    page = client_of(bob).get(reverse("concepts:detail", args=[concept.pk])).content.decode()
    assert "(deleted player)" in page
