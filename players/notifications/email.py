"""The notices' mails: one notice, or the day's digest, with the one-click unsubscribe.

Every mail names what it is about, links the page itself (absolute: settings.SITE_URL),
links the settings, and carries RFC 8058's one-click unsubscribe: ``List-Unsubscribe`` with
a signed URL and ``List-Unsubscribe-Post: List-Unsubscribe=One-Click`` (a POST to that URL
turns the mail of that kind off without a login; a GET shows a page asking to confirm).
The Message-ID is the delivery's own, so a mail sent again after a crash is known as the
same mail by the receiving end.

Sending goes through Django's mail backend (SMTP in production, files in ./mail/ on the
embedded default). A failure raises ``MailFailed``, ``permanent`` for a 5xx refusal (no
retry helps), else worth retrying.
"""
import re
import smtplib
from urllib.parse import urlsplit

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMultiAlternatives, get_connection
from django.template.loader import render_to_string
from django.urls import reverse

from players.models import Notification

UNSUBSCRIBE_SALT = "players.notifications.unsubscribe"
ALL_KINDS = "all"
_CONTROL = re.compile(r"[\x00-\x1f\x7f\u2028\u2029]+")


class MailFailed(Exception):
    def __init__(self, message: str, *, permanent: bool = False):
        super().__init__(message)
        self.permanent = permanent


def one_line(text: str, limit: int = 200) -> str:
    """``text`` fit for a header (a subject): no line breaks nor control characters."""
    return _CONTROL.sub(" ", text or "").strip()[:limit]


def absolute(path: str) -> str:
    """A path of the site as an address a mail can link."""
    return settings.SITE_URL + (path if path.startswith("/") else "/" + path)


def _mail_domain() -> str:
    return urlsplit(settings.SITE_URL).hostname or "localhost"


# ---------------------------------------------------------------- unsubscribe tokens
def unsubscribe_token(player_id: int, kind: str) -> str:
    """The signed part of the unsubscribe URL: the player and the kind (or ALL_KINDS)."""
    return signing.dumps([player_id, kind], salt=UNSUBSCRIBE_SALT)


def unsubscribe_read(token: str) -> tuple[int, str] | None:
    """(player id, kind) of a token made above; None for anything else."""
    try:
        player_id, kind = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    except (signing.BadSignature, ValueError, TypeError):
        return None
    if not isinstance(player_id, int) or (kind != ALL_KINDS and kind not in Notification.Kind.values):
        return None
    return player_id, kind


def unsubscribe_url(player_id: int, kind: str) -> str:
    return absolute(reverse("players:unsubscribe", args=[unsubscribe_token(player_id, kind)]))


def _headers(player_id: int, kind: str, message_id: str) -> dict:
    return {
        "List-Unsubscribe": f"<{unsubscribe_url(player_id, kind)}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "Auto-Submitted": "auto-generated",
        "Message-ID": message_id,
    }


def _message(*, to: str, subject: str, template: str, context: dict, player_id: int,
             kind: str, message_id: str) -> EmailMultiAlternatives:
    context = {**context, "settings_url": absolute(reverse("players:settings") + "#notifications"),
               "unsubscribe_url": unsubscribe_url(player_id, kind),
               "site_url": settings.SITE_URL}
    text = render_to_string(f"players/notifications/mail/{template}.txt", context)
    html = render_to_string(f"players/notifications/mail/{template}.html", context)
    mail = EmailMultiAlternatives(subject=one_line(subject), body=text, to=[to],
                                  headers=_headers(player_id, kind, message_id))
    mail.attach_alternative(html, "text/html")
    return mail


def notice_mail(notification: Notification, delivery, to: str) -> EmailMultiAlternatives:
    """The mail of one notice (its delivery's Message-ID)."""
    return _message(
        to=to, subject=notification.title, template="notice", player_id=notification.player_id,
        kind=notification.kind, message_id=f"<delivery-{delivery.pk}@{_mail_domain()}>",
        context={"notice": notification, "open_url": absolute(notification.url),
                 "kind_label": notification.get_kind_display(),
                 "player_name": notification.player.name})


def digest_mail(digest, notices, to: str, player_name: str) -> EmailMultiAlternatives:
    """The day's digest of ``notices`` (Notification rows, oldest first)."""
    count = len(notices)
    items = [{"notice": n, "open_url": absolute(n.url)} for n in notices]
    subject = (f"MArcomage: {count} thing{'s' if count != 1 else ''} waiting for you")
    return _message(
        to=to, subject=subject, template="digest", player_id=digest.player_id, kind=ALL_KINDS,
        message_id=f"<digest-{digest.pk}@{_mail_domain()}>",
        context={"items": items, "count": count, "player_name": player_name,
                 "day": digest.day})


# ---------------------------------------------------------------- sending
def _permanent(error: Exception) -> bool:
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        codes = [code for code, _ in error.recipients.values()]
        return bool(codes) and all(code >= 500 for code in codes)
    if isinstance(error, smtplib.SMTPResponseException):
        return error.smtp_code >= 500 and not isinstance(error, smtplib.SMTPAuthenticationError)
    return False


def _described(error: Exception) -> str:
    """The error as the admin shows it: the server's own reply when it gave one."""
    if isinstance(error, smtplib.SMTPResponseException):
        reply = error.smtp_error
        reply = reply.decode(errors="replace") if isinstance(reply, bytes) else str(reply)
        return f"{type(error).__name__}: {error.smtp_code} {reply}"
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        replies = "; ".join(f"{code} {msg.decode(errors='replace') if isinstance(msg, bytes) else msg}"
                            for code, msg in error.recipients.values())
        return f"{type(error).__name__}: {replies}"
    return f"{type(error).__name__}: {error}"


def mail_send(mail: EmailMultiAlternatives) -> None:
    """Send ``mail`` now through the configured backend; MailFailed if it did not go."""
    try:
        connection = get_connection(fail_silently=False)
        sent = connection.send_messages([mail])
    except Exception as error:  # SMTP refusals, a server away (OSError), a timeout
        raise MailFailed(_described(error)[:1000], permanent=_permanent(error)) from error
    if not sent:
        raise MailFailed("the mail backend sent nothing")
