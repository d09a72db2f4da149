"""Discussion threads of decks: one per deck, opened on demand from the deck's page.

The link is ``ForumThread.deck``, a nullable one-to-one to ``decks.Deck`` kept on the
forum's side: forum sits above decks in the app layers, so decks never imports forum.
A deck page reaches its thread through the reverse accessor ``deck.forum_thread`` and
posts its "Discuss" button to ``forum:deck_discuss``. Deleting the deck leaves the
thread (unlinked); deleting the thread unlinks the deck, which can then get a new one.
"""
from django.db import transaction
from django.urls import reverse

from decks.selectors import decks_visible_to
from players.models import Player

from .models import THREAD_TITLE_MAX, ForumThread
from .services import ForumError, thread_create

# "Game and rules: strategy, decks that work, ..." (forum/migrations/0002_default_sections.py)
DECK_DISCUSSION_SECTION = "game"
NOT_SHARED = ("Share the deck first: its discussion is for a deck the other players can "
              "see.")


class DeckNotVisible(ForumError):
    """No such deck, or another player's deck that is not shared (views answer 404)."""


def _plain(text: str) -> str:
    # Names are the players' own text: keep them from opening or closing BBCode tags.
    return text.replace("[", "(").replace("]", ")")


@transaction.atomic
def deck_discussion_open(*, deck_id, player: Player) -> ForumThread:
    """The deck's forum thread, opened now by ``player`` when it has none yet.

    The deck row is locked first, so two clicks (or two players) at once get one thread.
    Anyone who can see the deck may open it (its owner, or anybody while it is shared);
    a thread is only opened for a shared deck.
    """
    deck = (decks_visible_to(player).select_for_update(of=("self",))
            .select_related("player__user").filter(pk=deck_id).first())
    if deck is None:
        raise DeckNotVisible("No such deck.")
    existing = ForumThread.objects.filter(deck=deck).first()
    if existing is not None:
        return existing
    if not deck.is_shared:
        raise ForumError(NOT_SHARED)
    author = _plain(deck.player.name)
    title = f"Deck: {deck.name} by {deck.player.name}"[:THREAD_TITLE_MAX]
    body = (f"This thread is for discussing the deck "
            f"[link={reverse('decks:shared_detail', args=[deck.pk])}]{_plain(deck.name)}[/link] "
            f"by {author}.")
    thread = thread_create(section=DECK_DISCUSSION_SECTION, author=player, title=title,
                           body=body)
    thread.deck = deck
    thread.save(update_fields=["deck"])
    return thread
