"""Hostile text in concepts: markup is shown as text, NUL characters are refused."""
import pytest
from django.urls import reverse

from concepts.models import Concept

from .conftest import form_data, make_concept

pytestmark = pytest.mark.django_db

XSS = '<script>alert("x")</script><img src=x onerror=alert(1)>'


def test_markup_in_name_effect_and_note_is_escaped(alice, bob, client_of):
    concept = make_concept(alice, name=XSS[:64], note=XSS,
                           effect=XSS + ' [url=javascript:alert(1)]click[/url] [b]ok[/b]')
    client = client_of(bob)
    for url in (reverse("concepts:detail", args=[concept.pk]), reverse("concepts:list"),
                reverse("concepts:delete", args=[concept.pk])):
        page = client.get(url).content.decode()
        assert "<script>alert" not in page and "<img src=x" not in page, url
        assert "javascript:" not in page
    page = client.get(reverse("concepts:detail", args=[concept.pk])).content.decode()
    assert "&lt;script&gt;" in page and "<b>ok</b>" in page


def test_feedback_is_escaped(alice, client_of):
    concept = make_concept(alice)
    Concept.objects.filter(pk=concept.pk).update(feedback=XSS)
    page = client_of(alice).get(reverse("concepts:detail", args=[concept.pk])).content.decode()
    assert "<script>alert" not in page and "&lt;script&gt;" in page


@pytest.mark.parametrize("field", ["name", "effect", "note"])
def test_nul_characters_are_refused(alice, client_of, field):
    response = client_of(alice).post(reverse("concepts:new"), form_data(**{field: "a\x00b"}))
    assert response.status_code == 400
    assert "Null characters are not allowed" in response.content.decode()
    assert not Concept.objects.exists()


def test_huge_text_is_refused(alice, client_of):
    response = client_of(alice).post(reverse("concepts:new"),
                                     form_data(effect="y" * (1 << 20), name="z" * 5000))
    assert response.status_code == 400
    assert not Concept.objects.exists()


def test_state_form_refuses_nul(alice, staff, client_of):
    concept = make_concept(alice)
    response = client_of(staff).post(reverse("concepts:state", args=[concept.pk]),
                                     {"state": "rejected", "feedback": "no\x00"}, follow=True)
    assert response.status_code == 200 and "nothing was changed" in response.content.decode()
    concept.refresh_from_db()
    assert concept.state == "waiting"
