"""The admin: nothing of it for players who are not staff, and staff see only what their
permissions allow."""
import pytest
from django.contrib import admin
from django.test import Client
from django.urls import reverse

from games.models import CardStatistic

pytestmark = pytest.mark.django_db


def _admin_urls(alice, alice_deck, alice_messages):
    """Index, app indexes and, for every registered model, its changelist, add page and the
    change/delete/history pages of one object."""
    objects = {"decks.deck": alice_deck.pk, "players.message": alice_messages[0].pk,
               "players.player": alice.pk, "players.user": alice.user.pk,
               "players.playersettings": alice.settings.pk}
    urls = [reverse("admin:index")]
    apps = set()
    for model in admin.site._registry:
        meta = model._meta
        apps.add(meta.app_label)
        base = f"admin:{meta.app_label}_{meta.model_name}"
        urls += [reverse(f"{base}_changelist"), reverse(f"{base}_add")]
        pk = objects.get(f"{meta.app_label}.{meta.model_name}")
        if pk is not None:
            urls += [reverse(f"{base}_{view}", args=[pk])
                     for view in ("change", "delete", "history")]
    urls += [reverse("admin:app_list", args=[app]) for app in sorted(apps)]
    return urls


def test_players_who_are_not_staff_get_the_admin_login(alice, carol, alice_deck, alice_messages,
                                                        client_of):
    urls = _admin_urls(alice, alice_deck, alice_messages)
    assert len(urls) > 20
    for client in (Client(), client_of(carol)):
        for url in urls:
            for method in ("get", "post"):
                response = getattr(client, method)(url)
                assert response.status_code == 302, (url, method)
                assert response.url.startswith(reverse("admin:login")), url


def test_staff_without_permissions_see_no_model(carol, alice, alice_deck, alice_messages,
                                                client_of):
    carol.user.is_staff = True
    carol.user.save()
    client = client_of(carol)
    index = client.get(reverse("admin:index"))
    assert index.status_code == 200
    assert "alice" not in index.content.decode()
    for url in _admin_urls(alice, alice_deck, alice_messages)[1:]:
        response = client.get(url)
        assert response.status_code in (403, 404), url
        assert "alice" not in response.content.decode(), url


def test_admin_action_cannot_be_run_by_a_player(carol, client_of):
    CardStatistic.objects.create(card_id=1, played=5, played_total=5)
    url = reverse("admin:games_cardstatistic_changelist")
    data = {"action": "reset_latest", "_selected_action": ["1"], "index": "0"}
    for client in (Client(), client_of(carol)):
        client.post(url, data)
    assert CardStatistic.objects.get(card_id=1).played == 5


def test_admin_login_form_does_not_let_players_in(carol):
    from tests.conftest import PASSWORD

    client = Client()
    response = client.post(reverse("admin:login"), {"username": "carol", "password": PASSWORD,
                                                    "next": reverse("admin:index")})
    assert response.status_code == 200  # the form again, with an error
    assert client.get(reverse("admin:index")).status_code == 302


def test_private_messages_are_not_readable_in_the_admin(alice_messages, client_of, carol):
    """Even a superuser sees who wrote to whom and when, never the subject or the text."""
    from players.admin import MessageAdmin
    from tests.security.conftest import ALICE_SECRET_BODY, ALICE_SECRET_SUBJECT

    carol.user.is_staff = carol.user.is_superuser = True
    carol.user.save()
    client = client_of(carol)
    message = alice_messages[0]
    pages = [reverse("admin:players_message_changelist"),
             reverse("admin:players_message_change", args=[message.pk]),
             reverse("admin:players_message_history", args=[message.pk]),
             reverse("admin:players_message_delete", args=[message.pk])]
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        html = response.content.decode()
        assert ALICE_SECRET_BODY not in html and ALICE_SECRET_SUBJECT not in html, url
    listing = client.get(pages[0]).content.decode()
    assert "bob" in listing and "alice" in listing  # sender and recipient are listed
    for secret in (ALICE_SECRET_BODY, ALICE_SECRET_SUBJECT):  # the texts are not searchable
        searched = client.get(pages[0], {"q": secret}).content.decode()
        assert "0 results" in searched
    by_name = client.get(pages[0], {"q": "bob"}).content.decode()  # names are searchable
    assert "2 results" in by_name
    assert set(MessageAdmin.list_display) <= {"pk", "author", "recipient", "created_at"}
    assert not {"subject", "body", "body_html"} & set(MessageAdmin.fields)
    assert client.get(reverse("admin:players_message_add")).status_code == 403
