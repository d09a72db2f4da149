"""State changes for private messages: sending (by players and by the site), reading, deleting."""
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from marcomage.plumbing.bbcode import bbcode_to_html
from players.models import Message, Player
from players.moderation.selectors import mute_refusal
from players.notifications import triggers as notices


class MessageError(Exception):
    """A message the user asked for cannot be sent or changed; the text says why."""


MESSAGE_SUBJECT_MAX = 100
MESSAGE_BODY_MAX = 4000


# Kinds the player's "battle report messages" option turns off (the option covers game
# results and answers to one's challenges).
OPTIONAL_KINDS = (Message.Kind.BATTLE_REPORT, Message.Kind.CHALLENGE)


def message_send_system(*, recipient: Player, subject: str, body: str,
                        kind: str = Message.Kind.SYSTEM) -> Message | None:
    """A message written by the site (no author): battle reports, level-ups, challenges.

    `body` is BBCode; it is rendered once here. Returns None when the recipient
    turned this kind of message off (battle reports and challenge answers).
    """
    if kind in OPTIONAL_KINDS and not recipient.settings.battle_reports:
        return None
    subject = (subject or "").strip()[:MESSAGE_SUBJECT_MAX] or "(no subject)"
    body = (body or "")[:MESSAGE_BODY_MAX]
    return Message.objects.create(author=None, recipient=recipient, subject=subject, body=body,
                                  body_html=bbcode_to_html(body), kind=kind)


@transaction.atomic
def message_send(*, author: Player, recipient: Player, subject: str, body: str) -> Message:
    """A personal message from one player to another."""
    subject = (subject or "").strip()
    body = (body or "").strip()
    if recipient.pk == author.pk:
        raise MessageError("You cannot send a message to yourself.")
    if refusal := mute_refusal(author):
        raise MessageError(refusal)
    if not subject:
        raise MessageError("Please give the message a subject.")
    if len(subject) > MESSAGE_SUBJECT_MAX:
        raise MessageError(f"The subject may be at most {MESSAGE_SUBJECT_MAX} characters long.")
    if not body:
        raise MessageError("The message is empty.")
    if len(body) > MESSAGE_BODY_MAX:
        raise MessageError(f"The message may be at most {MESSAGE_BODY_MAX} characters long.")
    message = Message.objects.create(author=author, recipient=recipient, subject=subject,
                                     body=body, body_html=bbcode_to_html(body),
                                     kind=Message.Kind.PERSONAL)
    notices.message_received(message=message)
    return message


def message_mark_read(*, message: Message, reader: Player) -> None:
    if message.recipient_id == reader.pk and not message.is_read:
        Message.objects.filter(pk=message.pk).update(is_read=True)
        message.is_read = True
        if message.kind == Message.Kind.PERSONAL:  # read here: the bell and the mail know
            notices.message_read(message=message)


@transaction.atomic
def messages_mark_seen(*, player: Player) -> None:
    """The messages received so far are no longer "new" (the inbox's red mark, the manual's
    "Reset notification"); each stays "unread" until it is opened."""
    Player.objects.filter(pk=player.pk).update(messages_seen_at=timezone.now())


def message_delete(*, message_ids, player: Player) -> int:
    """Delete messages from the player's own view (inbox or sent); returns how many."""
    ids = [int(i) for i in message_ids]
    count = Message.objects.filter(pk__in=ids, recipient=player).update(deleted_by_recipient=True)
    count += Message.objects.filter(pk__in=ids, author=player).update(deleted_by_author=True)
    # A message both sides dropped (system messages have no author side) is gone for good.
    Message.objects.filter(pk__in=ids, deleted_by_recipient=True).filter(
        Q(author__isnull=True) | Q(deleted_by_author=True)).delete()
    return count
