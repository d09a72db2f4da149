"""Read-only queries for private messages, each with a fixed number of SQL queries."""
from django.core.paginator import Paginator
from django.db.models import Q

from players.models import Message

MESSAGES_PER_PAGE = 20


def unread_messages(player):
    """The player's inbox messages not opened yet (the navigation counts them)."""
    return Message.objects.filter(recipient=player, deleted_by_recipient=False, is_read=False)


def inbox_page(player, page=1):
    messages = (Message.objects.filter(recipient=player, deleted_by_recipient=False)
                .select_related("author__user"))
    return Paginator(messages, MESSAGES_PER_PAGE).get_page(page)


def sent_page(player, page=1):
    messages = (Message.objects.filter(author=player, deleted_by_author=False)
                .select_related("recipient__user"))
    return Paginator(messages, MESSAGES_PER_PAGE).get_page(page)


def message_for(player, pk):
    """A message the player may read (as recipient or author), or None."""
    return (Message.objects.select_related("author__user", "recipient__user")
            .filter(pk=pk).filter(Q(recipient=player, deleted_by_recipient=False)
                                  | Q(author=player, deleted_by_author=False)).first())
