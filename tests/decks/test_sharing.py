"""Shared decks: sharing one's own deck, the Shared decks page (filter, order, pages, a
pinned query count), a shared deck's page and importing it into one's own deck slots;
and resetting a deck's statistics."""
import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from decks import selectors, services
from decks.models import Deck
from games import engine

from .conftest import full_sections, playable

pytestmark = pytest.mark.django_db


@pytest.fixture
def author(bob):
    bob.level = 10
    bob.save(update_fields=["level"])
    return bob


def shared_deck(player, name="Shared", *, wins=0, losses=0, draws=0,
                tokens=("Mage", "none", "none"), modified=None, **sections):
    cards = {**full_sections(), **sections}
    deck = Deck.objects.create(player=player, name=name, tokens=list(tokens), is_shared=True,
                               is_ready=all(all(ids) for ids in cards.values()),
                               wins=wins, losses=losses, draws=draws, **cards)
    if modified is not None:
        Deck.objects.filter(pk=deck.pk).update(modified_at=modified)
        deck.refresh_from_db()
    return deck


def flashes(response):
    return [str(m) for m in response.context["messages"]] if response.context else []


def high_level_common():
    return next(c for c in engine.cards_filter(rarity="Common")
                if c.level > 1 and c.implemented and not c.forbidden)


# ---------------------------------------------------------------------------- sharing
class TestShare:
    def test_share_and_unshare_keep_the_last_change(self, builder, client_of):
        deck = shared_deck(builder, name="Mine")
        Deck.objects.filter(pk=deck.pk).update(is_shared=False)
        before = Deck.objects.get(pk=deck.pk).modified_at
        client = client_of(builder)
        response = client.post(f"/decks/{deck.pk}/share/", {"shared": "1"}, follow=True)
        assert any("is shared" in m for m in flashes(response))
        deck.refresh_from_db()
        assert deck.is_shared and deck.modified_at == before
        client.post(f"/decks/{deck.pk}/share/", {"shared": "0"})
        deck.refresh_from_db()
        assert not deck.is_shared and deck.modified_at == before

    def test_an_empty_deck_is_not_shared(self, builder, client_of):
        deck = services.deck_create(player=builder, name="Empty")
        response = client_of(builder).post(f"/decks/{deck.pk}/share/", {"shared": "1"},
                                           follow=True)
        assert services.SHARE_EMPTY in flashes(response)
        assert not Deck.objects.get(pk=deck.pk).is_shared

    def test_only_the_owner_shares_and_only_by_post(self, builder, author, client_of):
        deck = services.deck_create(player=author, name="Bob's")
        services.deck_add_card(player=author, deck_id=deck.pk, card_id=playable("Common")[0])
        client = client_of(builder)
        assert client.post(f"/decks/{deck.pk}/share/", {"shared": "1"}).status_code == 404
        assert client_of(author).get(f"/decks/{deck.pk}/share/").status_code == 405
        assert not Deck.objects.get(pk=deck.pk).is_shared

    def test_the_builder_and_the_list_show_the_sharing(self, builder, client_of):
        deck = shared_deck(builder, name="Mine")
        client = client_of(builder)
        page = client.get(f"/decks/{deck.pk}/").content.decode()
        assert "Stop sharing" in page and f"/decks/shared/{deck.pk}/" in page
        assert "shared-badge" in client.get("/decks/").content.decode()
        Deck.objects.filter(pk=deck.pk).update(is_shared=False)
        assert "Share with other players" in client.get(f"/decks/{deck.pk}/").content.decode()


# ---------------------------------------------------------------------------- the list page
class TestSharedList:
    def test_lists_other_players_shared_decks_only(self, builder, author, carol, client_of):
        shared_deck(author, name="Bob's shared", wins=3, losses=2, draws=1)
        Deck.objects.create(player=author, name="Bob's private")
        shared_deck(builder, name="Alice's own")
        page = client_of(builder).get("/decks/shared/").content.decode()
        assert "Bob&#x27;s shared" in page and ">bob<" in page
        assert "<td>3</td><td>2</td><td>1</td>" in page
        assert "private" not in page and "Alice&#x27;s own" not in page

    def test_the_author_filter(self, builder, author, carol, client_of):
        carol.level = 10
        carol.save()
        shared_deck(author, name="By bob")
        shared_deck(carol, name="By carol")
        client = client_of(builder)
        page = client.get("/decks/shared/?author=CAROL").content.decode()
        assert "By carol" in page and "By bob" not in page
        assert '<option value="bob">' in page and '<option value="carol" selected>' in page
        empty = client.get("/decks/shared/?author=nobody").content.decode()
        assert "nobody shares no deck" in empty

    @pytest.mark.parametrize("sort, direction, expected", [
        ("name", "asc", ["apple", "Banana", "cherry"]),
        ("name", "desc", ["cherry", "Banana", "apple"]),
        ("wins", "desc", ["Banana", "cherry", "apple"]),
        ("losses", "asc", ["cherry", "apple", "Banana"]),
        ("draws", "desc", ["apple", "cherry", "Banana"]),
        ("modified", "desc", ["cherry", "apple", "Banana"]),
        ("modified", "asc", ["Banana", "apple", "cherry"]),
        ("author", "asc", ["apple", "cherry", "Banana"]),
        ("", "", ["cherry", "apple", "Banana"]),  # the default: the newest change first
        ("sideways", "up", ["cherry", "apple", "Banana"]),  # junk: the default
    ])
    def test_order_by_every_column_both_ways(self, builder, client_of, sort, direction,
                                             expected):
        from tests.factories import PlayerFactory

        now = timezone.now()
        owners = {name: PlayerFactory(user__username=name) for name in ("ann", "zed", "mo")}
        shared_deck(owners["ann"], name="apple", wins=1, losses=5, draws=9,
                    modified=now - timedelta(days=1))
        shared_deck(owners["zed"], name="Banana", wins=7, losses=8, draws=0,
                    modified=now - timedelta(days=2))
        shared_deck(owners["mo"], name="cherry", wins=4, losses=2, draws=3, modified=now)
        page = client_of(builder).get(f"/decks/shared/?sort={sort}&dir={direction}")
        names = re.findall(r'class="deck-name" href="[^"]+">([^<]+)<', page.content.decode())
        assert names == expected

    def test_the_column_heads_sort_and_reverse(self, builder, author, client_of):
        shared_deck(author)
        page = client_of(builder).get("/decks/shared/?sort=name&dir=asc").content.decode()
        assert 'aria-sort="ascending"' in page
        assert "?sort=name&amp;dir=desc" in page  # a second click reverses
        assert "?sort=wins&amp;dir=desc" in page  # numbers start with the largest

    def test_pages(self, builder, author, client_of):
        for i in range(selectors.SHARED_PER_PAGE + 3):
            shared_deck(author, name=f"Deck {i:02}")
        client = client_of(builder)
        first = client.get("/decks/shared/?sort=name&dir=asc").content.decode()
        second = client.get("/decks/shared/?sort=name&dir=asc&page=2").content.decode()
        assert "Deck 00" in first and "Deck 20" not in first
        assert "Deck 20" in second and "Deck 22" in second and "Deck 00" not in second
        assert "Page 1 of 2" in first and "sort=name&amp;dir=asc&amp;page=2" in first
        for junk in ("abc", "-1", "99999999999999999999"):
            assert client.get(f"/decks/shared/?page={junk}").status_code == 200

    def test_the_query_count_does_not_grow_with_the_decks(self, builder, author, client_of):
        client = client_of(builder)
        client.get("/decks/shared/")  # warm-up: the first request records activity

        def count(url):
            with CaptureQueriesContext(connection) as ctx:
                assert client.get(url).status_code == 200
            return len(ctx)

        shared_deck(author, name="Only one")
        one = count("/decks/shared/")
        for i in range(29):
            shared_deck(author, name=f"More {i}", wins=i)
        assert Deck.objects.filter(is_shared=True).count() == 30
        assert count("/decks/shared/") == one
        assert count("/decks/shared/?sort=author&dir=asc&author=bob") == one
        assert count("/decks/shared/?page=2") == one

    def test_needs_the_decks_section(self, alice, client_of, client):
        assert client_of(alice).get("/decks/shared/").status_code == 403  # level 0
        response = client.get("/decks/shared/")
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]


# ---------------------------------------------------------------------------- the deck page
class TestSharedDetail:
    def test_shows_the_cards_and_facts(self, builder, author, client_of):
        deck = shared_deck(author, name="Look at me", wins=2, losses=1, draws=0)
        page = client_of(builder).get(f"/decks/shared/{deck.pk}/").content.decode()
        assert "Look at me" in page and "bob" in page and "won 2, lost 1, drawn 0" in page
        shown = [int(x) for x in re.findall(r'id="slot-\w+-\d+">\s*<div[^>]*data-card-id="(\d+)"',
                                            page)]
        assert shown == deck.card_ids()
        assert "45 of 45 cards" in page and "Mage" in page
        assert 'name="target"' in page

    def test_the_note_stays_private(self, builder, author, client_of):
        deck = shared_deck(author)
        Deck.objects.filter(pk=deck.pk).update(note="bob-private-note-51c2")
        for url in ("/decks/shared/", f"/decks/shared/{deck.pk}/"):
            assert "bob-private-note-51c2" not in client_of(builder).get(url).content.decode()

    def test_a_private_deck_of_someone_else_is_404(self, builder, author, client_of):
        deck = shared_deck(author)
        Deck.objects.filter(pk=deck.pk).update(is_shared=False)
        client = client_of(builder)
        assert client.get(f"/decks/shared/{deck.pk}/").status_code == 404
        assert client.get("/decks/shared/999999/").status_code == 404

    def test_the_owner_sees_their_own_deck_even_unshared(self, builder, client_of):
        deck = shared_deck(builder, name="Mine")
        Deck.objects.filter(pk=deck.pk).update(is_shared=False)
        page = client_of(builder).get(f"/decks/shared/{deck.pk}/").content.decode()
        assert "only you can see this page" in page
        assert f'<option value="{deck.pk}"' not in page  # never onto itself

    def test_cards_above_the_level_are_marked_and_the_import_is_not_offered(
            self, alice, author, client_of):
        alice.level = 1
        alice.save()
        high = high_level_common()
        common = full_sections()["common"]
        deck = shared_deck(author, common=[high.id, *[c for c in common if c != high.id][:14]])
        page = client_of(alice).get(f"/decks/shared/{deck.pk}/").content.decode()
        assert "You cannot import this deck yet" in page
        assert f"{high.name} needs level {high.level}" in page
        assert 'name="target"' not in page


# ---------------------------------------------------------------------------- importing
class TestImportShared:
    def test_into_one_of_my_decks_copies_cards_and_tokens_only(self, builder, author):
        source = shared_deck(author, tokens=("Undead", "Mage", "none"), wins=9)
        mine = services.deck_create(player=builder, name="Slot two")
        services.deck_set_note(player=builder, deck_id=mine.pk, note="keep me")
        Deck.objects.filter(pk=mine.pk).update(wins=1, losses=2)
        result = services.deck_import_shared(player=builder, source_id=source.pk,
                                             target=mine.pk)
        mine.refresh_from_db()
        assert result.pk == mine.pk
        assert (mine.common, mine.uncommon, mine.rare) == (source.common, source.uncommon,
                                                           source.rare)
        assert mine.tokens == ["Undead", "Mage", "none"] and mine.is_ready
        assert (mine.name, mine.note, mine.wins, mine.losses) == ("Slot two", "keep me", 1, 2)
        assert not mine.is_shared
        source.refresh_from_db()
        assert source.player == author and source.wins == 9

    def test_into_a_new_deck(self, builder, author):
        source = shared_deck(author, name="Fresh")
        created = services.deck_import_shared(player=builder, source_id=source.pk,
                                              target=services.NEW_DECK)
        assert created.player == builder and created.name == "Fresh"
        assert created.card_ids() == source.card_ids() and created.pk != source.pk

    def test_refusals_say_why_and_change_nothing(self, builder, author):
        source = shared_deck(author, name="Fresh")
        mine = services.deck_create(player=builder, name="Fresh")
        snapshot = list(Deck.objects.order_by("pk").values())
        cases = [
            (mine.pk, mine.pk, services.IMPORT_ONTO_ITSELF),  # my own deck onto itself
            (source.pk, services.NEW_DECK, "already have a deck called “Fresh”"),
            (source.pk, "", services.IMPORT_TARGET_MISSING),
            (source.pk, "abc", services.IMPORT_TARGET_MISSING),
            (source.pk, 99999999, services.IMPORT_TARGET_MISSING),
        ]
        for source_id, target, message in cases:
            with pytest.raises(services.DeckError) as info:
                services.deck_import_shared(player=builder, source_id=source_id, target=target)
            assert message in info.value.message, (target, info.value.message)
        other = services.deck_create(player=author, name="Another of bob's")
        with pytest.raises(services.DeckError, match="Choose one of your own decks"):
            services.deck_import_shared(player=builder, source_id=source.pk, target=other.pk)
        snapshot.append(Deck.objects.filter(pk=other.pk).values().get())
        assert list(Deck.objects.order_by("pk").values()) == snapshot

    def test_no_free_slot_for_a_new_deck(self, builder, author):
        source = shared_deck(author)
        for i in range(services.deck_slots(builder)):
            services.deck_create(player=builder, name=f"Full {i}")
        with pytest.raises(services.DeckError, match="deck slots are in use"):
            services.deck_import_shared(player=builder, source_id=source.pk,
                                        target=services.NEW_DECK)

    def test_cards_above_the_level_refuse_the_whole_import(self, alice, author):
        alice.level = 1
        alice.save()
        high = high_level_common()
        common = full_sections()["common"]
        source = shared_deck(author, common=[high.id, *[c for c in common if c != high.id][:14]])
        mine = services.deck_create(player=alice, name="Mine")
        with pytest.raises(services.DeckError) as info:
            services.deck_import_shared(player=alice, source_id=source.pk, target=mine.pk)
        assert info.value.message == services.IMPORT_CARDS_REFUSED
        assert f"Common slot 1: {high.name} needs level {high.level} (you are level 1)." in (
            info.value.problems)
        mine.refresh_from_db()
        assert mine.card_count() == 0

    def test_a_private_deck_cannot_be_imported(self, builder, author):
        source = shared_deck(author)
        Deck.objects.filter(pk=source.pk).update(is_shared=False)
        mine = services.deck_create(player=builder, name="Mine")
        with pytest.raises(Deck.DoesNotExist):
            services.deck_import_shared(player=builder, source_id=source.pk, target=mine.pk)

    def test_through_the_page(self, builder, author, client_of):
        source = shared_deck(author)
        mine = services.deck_create(player=builder, name="Mine")
        client = client_of(builder)
        response = client.post(f"/decks/shared/{source.pk}/import/", {"target": mine.pk},
                               follow=True)
        assert response.redirect_chain[-1][0] == f"/decks/{mine.pk}/"
        assert any("Imported" in m for m in flashes(response))
        assert Deck.objects.get(pk=mine.pk).card_ids() == source.card_ids()
        refused = client.post(f"/decks/shared/{mine.pk}/import/", {"target": mine.pk},
                              follow=True)
        assert refused.redirect_chain[-1][0] == f"/decks/shared/{mine.pk}/"
        assert services.IMPORT_ONTO_ITSELF in flashes(refused)

    def test_the_page_refuses_private_decks_get_and_anonymous(self, builder, author, client_of):
        source = shared_deck(author)
        mine = services.deck_create(player=builder, name="Mine")
        client = client_of(builder)
        assert client.get(f"/decks/shared/{source.pk}/import/").status_code == 405
        Deck.objects.filter(pk=source.pk).update(is_shared=False)
        assert client.post(f"/decks/shared/{source.pk}/import/",
                           {"target": mine.pk}).status_code == 404
        anonymous = Client().post(f"/decks/shared/{source.pk}/import/", {"target": mine.pk})
        assert anonymous.status_code == 302
        assert Deck.objects.get(pk=mine.pk).card_count() == 0

    def test_a_long_list_of_refused_cards_is_shortened_in_the_message(self, alice, author,
                                                                      client_of):
        alice.level = 1
        alice.save()
        source = shared_deck(author)
        mine = services.deck_create(player=alice, name="Mine")
        problems = services.deck_import_problems(alice, source)
        assert len(problems) > 5, "the full deck holds many cards above level 1"
        response = client_of(alice).post(f"/decks/shared/{source.pk}/import/",
                                         {"target": mine.pk}, follow=True)
        (message,) = flashes(response)
        assert message.startswith(services.IMPORT_CARDS_REFUSED)
        assert f"and {len(problems) - 5} more." in message


# ---------------------------------------------------------------------------- statistics
class TestStatisticsReset:
    def test_confirm_then_reset(self, builder, client_of):
        deck = shared_deck(builder, wins=5, losses=3, draws=1)
        before = Deck.objects.get(pk=deck.pk).modified_at
        client = client_of(builder)
        page = client.get(f"/decks/{deck.pk}/statistics/reset/").content.decode()
        assert "5 won, 3 lost, 1 drawn" in page and 'method="post"' in page
        assert Deck.objects.get(pk=deck.pk).wins == 5  # the GET changes nothing
        response = client.post(f"/decks/{deck.pk}/statistics/reset/", follow=True)
        assert response.redirect_chain[-1][0] == f"/decks/{deck.pk}/"
        assert any("start again from 0" in m for m in flashes(response))
        deck.refresh_from_db()
        assert (deck.wins, deck.losses, deck.draws) == (0, 0, 0)
        assert deck.card_ids() == sum(full_sections().values(), []) and deck.modified_at == before

    def test_the_builder_links_to_it_only_when_there_is_something_to_reset(self, builder,
                                                                          client_of):
        deck = shared_deck(builder)
        url = f"/decks/{deck.pk}/statistics/reset/"
        assert url not in client_of(builder).get(f"/decks/{deck.pk}/").content.decode()
        Deck.objects.filter(pk=deck.pk).update(draws=1)
        assert url in client_of(builder).get(f"/decks/{deck.pk}/").content.decode()

    def test_only_the_owner(self, builder, author, client_of):
        deck = shared_deck(author, wins=4)
        client = client_of(builder)
        assert client.get(f"/decks/{deck.pk}/statistics/reset/").status_code == 404
        assert client.post(f"/decks/{deck.pk}/statistics/reset/").status_code == 404
        assert client_of(author).put(f"/decks/{deck.pk}/statistics/reset/").status_code == 405
        assert Deck.objects.get(pk=deck.pk).wins == 4
