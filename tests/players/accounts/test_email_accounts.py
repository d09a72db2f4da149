"""Accounts with a working mail address, against a real SMTP server: the address given at
registration is confirmed by the link mailed to it; a forgotten password is reset by mail
(Django's views and tokens), only to a confirmed address; a new address is confirmed again
and the old one is told; an unconfirmed address gets nothing else."""
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from players.notifications import addresses
from tests.conftest import PASSWORD
from tests.players.notifications.conftest import mail_server  # noqa: F401  (the fixture)

pytestmark = pytest.mark.django_db

LINK = re.compile(r"https://marcomage\.example(/\S+)")
User = get_user_model()


def _link(mail, contains):
    for path in LINK.findall(mail.text()):
        if contains in path:
            return path
    raise AssertionError(f"no {contains} link in: {mail.text()}")


def _register(client, name="dora", email="dora@example.org"):
    return client.post(reverse("register"), {"username": name, "email": email,
                                             "password1": "a-long-passphrase-9",
                                             "password2": "a-long-passphrase-9"}, follow=True)


def test_the_address_given_at_registration_is_confirmed_by_its_link(mail_server):  # noqa: F811
    client = Client()
    page = _register(client).content.decode()
    assert "We mailed a link to dora@example.org" in page
    (mail,) = mail_server.received
    assert mail.to == "dora@example.org" and "confirm" in mail.subject
    user = User.objects.get(username="dora")
    assert not user.has_verified_email
    # opened in another browser, logged out: it works all the same
    confirmed = Client().get(_link(mail, "/accounts/email/verify/"))
    assert confirmed.status_code == 200 and "is confirmed" in confirmed.content.decode()
    user.refresh_from_db()
    assert user.has_verified_email


def test_a_spoilt_or_outdated_link_confirms_nothing(mail_server, client):  # noqa: F811
    _register(client)
    path = _link(mail_server.received[0], "/accounts/email/verify/")
    spoilt = client.get(path[:-6] + "xxxxx/")
    assert spoilt.status_code == 400 and "not valid" in spoilt.content.decode()
    user = User.objects.get(username="dora")
    user.email = "other@example.org"  # changed since the link was sent
    user.save()
    outdated = client.get(path)
    assert outdated.status_code == 400 and "no longer has" in outdated.content.decode()
    user.refresh_from_db()
    assert not user.has_verified_email


def test_a_forgotten_password_is_reset_by_mail(alice, mail_server):  # noqa: F811
    alice.user.email = "alice@example.org"
    alice.user.save()
    addresses.email_verify(addresses.verification_token(alice.user))
    client = Client()
    done = client.post(reverse("password_reset"), {"email": "ALICE@example.org"}, follow=True)
    assert "Check your mail" in done.content.decode()
    (mail,) = mail_server.received
    assert mail.to == "alice@example.org" and "new password" in mail.subject
    link = LINK.search(mail.text()).group(1)
    form_page = client.get(link, follow=True)  # Django moves the token into the session
    assert "Choose a new password" in form_page.content.decode()
    form_url = form_page.redirect_chain[-1][0]
    finished = client.post(form_url, {"new_password1": "brand-new-passphrase-7",
                                      "new_password2": "brand-new-passphrase-7"}, follow=True)
    assert "Your password is changed" in finished.content.decode()
    alice.user.refresh_from_db()
    assert alice.user.check_password("brand-new-passphrase-7")
    # the link works once
    again = Client().get(link, follow=True)
    assert "This link does not work" in again.content.decode()
    assert Client().login(username="alice", password="brand-new-passphrase-7")


def test_an_unconfirmed_address_gets_no_reset_mail(alice, mail_server):  # noqa: F811
    alice.user.email = "alice@example.org"
    alice.user.save()
    response = Client().post(reverse("password_reset"), {"email": "alice@example.org"},
                             follow=True)
    assert "Check your mail" in response.content.decode()  # nothing tells what exists
    assert mail_server.received == []
    alice.user.refresh_from_db()
    assert alice.user.check_password(PASSWORD)


def test_a_new_address_is_confirmed_again_and_the_old_one_told(alice, client_of,
                                                               mail_server):  # noqa: F811
    alice.user.email = "alice@example.org"
    alice.user.save()
    addresses.email_verify(addresses.verification_token(alice.user))
    client = client_of(alice)
    wrong = client.post(reverse("players:email_change"),
                        {"email-email": "new@example.org", "email-password": "nope"})
    assert wrong.status_code == 400 and "That is not your password" in wrong.content.decode()
    assert mail_server.received == []
    client.post(reverse("players:email_change"),
                {"email-email": "new@example.org", "email-password": PASSWORD})
    alice.user.refresh_from_db()
    assert alice.user.email == "new@example.org" and not alice.user.has_verified_email
    told, confirm = sorted(mail_server.received, key=lambda m: m.to)
    assert told.to == "alice@example.org" and "was changed" in told.subject
    assert confirm.to == "new@example.org"
    settings_page = client.get(reverse("players:settings")).content.decode()
    assert "not confirmed" in settings_page
    # sent again from the settings, then opened
    client.post(reverse("players:email_verify_resend"))
    assert len(mail_server.to("new@example.org")) == 2
    Client().get(_link(mail_server.to("new@example.org")[-1], "/accounts/email/verify/"))
    alice.user.refresh_from_db()
    assert alice.user.has_verified_email


def test_the_login_page_offers_the_reset(client):
    page = client.get(reverse("login")).content.decode()
    assert reverse("password_reset") in page


def test_registering_without_an_address_mails_nothing(client, mail_server):  # noqa: F811
    _register(client, name="eve", email="")
    assert mail_server.received == []
