"""A player's mail address: set, proven by a link, changed.

An address gets nothing but the mail that proves it until its owner opens the link in it
(``User.email_verified_at``); a new address starts unproven again (and the old one, if it
was proven, is told of the change). The link is signed, names the account and the address,
and lasts VERIFY_DAYS: no token is stored.

These mails are sent in the request that asks for them (the player waits for "sent" and
may ask again); they are not queued nor retried: their link must not sit in a database.
"""
import logging

from django.contrib.auth import get_user_model
from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone

from .email import MailFailed, absolute, mail_send, one_line

log = logging.getLogger(__name__)

VERIFY_SALT = "players.notifications.verify-email"
VERIFY_DAYS = 3


def verification_token(user) -> str:
    return signing.dumps([user.pk, user.email.casefold()], salt=VERIFY_SALT)


def verification_url(user) -> str:
    return absolute(reverse("email_verify", args=[verification_token(user)]))


def _mail(to: str, subject: str, template: str, context: dict) -> EmailMultiAlternatives:
    context = {**context, "settings_url": absolute(reverse("players:settings") + "#email")}
    mail = EmailMultiAlternatives(
        subject=one_line(subject), to=[to],
        body=render_to_string(f"players/notifications/mail/{template}.txt", context),
        headers={"Auto-Submitted": "auto-generated"})
    mail.attach_alternative(
        render_to_string(f"players/notifications/mail/{template}.html", context), "text/html")
    return mail


def verification_send(user) -> bool:
    """Mail the link that proves ``user``'s address; False (logged) if it did not go."""
    if not user.email:
        return False
    try:
        mail_send(_mail(user.email, "MArcomage: confirm your mail address", "verify", {
            "name": user.username, "verify_url": verification_url(user),
            "days": VERIFY_DAYS}))
    except MailFailed:
        log.warning("verification mail to user %s not sent", user.pk, exc_info=True)
        return False
    return True


class VerifyError(Exception):
    """The link does not prove the address; the text says why."""


def email_verify(token: str):
    """The user whose address the link ``token`` proves, now marked verified."""
    try:
        user_id, address = signing.loads(token, salt=VERIFY_SALT,
                                         max_age=VERIFY_DAYS * 24 * 3600)
    except signing.SignatureExpired:
        raise VerifyError("This link has expired: send yourself a new one from the settings.")
    except (signing.BadSignature, ValueError, TypeError):
        raise VerifyError("This link is not valid: it may have been cut short. Copy the whole "
                          "address from the mail, or send yourself a new one.")
    user = get_user_model().objects.filter(pk=user_id if isinstance(user_id, int) else None,
                                           is_active=True).first()
    if user is None or not isinstance(address, str) or user.email.casefold() != address:
        raise VerifyError("This link is for an address the account no longer has: send "
                          "yourself a new one from the settings.")
    if user.email_verified_at is None:
        user.email_verified_at = timezone.now()
        user.save(update_fields=["email_verified_at"])
    return user


def email_change(user, new_address: str) -> bool:
    """Give ``user`` the address ``new_address`` ("" removes it), unproven; the link goes to
    it, and a proven old address is told of the change. False when the link's mail did not
    go (the address is changed all the same: the player may send it again)."""
    old, was_verified = user.email, user.has_verified_email
    if new_address.casefold() == (old or "").casefold() and was_verified:
        return True
    user.email = new_address
    user.email_verified_at = None
    user.save(update_fields=["email", "email_verified_at"])
    if was_verified and old and old.casefold() != new_address.casefold():
        try:
            mail_send(_mail(old, "MArcomage: your mail address was changed", "address_changed",
                            {"name": user.username, "new_address": new_address}))
        except MailFailed:
            log.warning("address change notice to user %s not sent", user.pk, exc_info=True)
    return verification_send(user) if new_address else True
