"""Deck and card pages: permissions, the htmx builder, filters and pinned query counts."""
import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from decks import catalogue, services
from decks.models import Deck
from games import engine

from .conftest import full_sections, playable

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def card_ids_in(html):
    return [int(x) for x in re.findall(r'data-card-id="(\d+)"', html)]


def filled_deck(player, name="Full"):
    deck = services.deck_create(player=player, name=name)
    for ids in full_sections().values():
        for cid in ids:
            services.deck_add_card(player=player, deck_id=deck.pk, card_id=cid)
    deck.refresh_from_db()
    return deck


class TestPermissions:
    def test_anonymous_visitors_are_sent_to_log_in(self, client):
        for url in ("/decks/", "/decks/1/", "/cards/", "/cards/1/", "/cards/keywords/"):
            response = client.get(url)
            assert response.status_code == 302 and "/accounts/login/" in response["Location"], url

    def test_tutorial_players_see_when_the_section_opens(self, alice, client_of):
        assert alice.level == 0
        response = client_of(alice).get("/decks/")
        assert response.status_code == 403 and b"opens at level" in response.content

    def test_outsiders_get_404_for_every_deck_page_and_action(self, builder, carol, client_of):
        carol.level = 10
        carol.save()
        deck = services.deck_create(player=builder, name="Private")
        client = client_of(carol)
        for url in ("", "delete/", "export/"):
            assert client.get(f"/decks/{deck.pk}/{url}").status_code == 404, url
        for url, data in (("take/", {"card": 1}), ("return/", {"card": 1}), ("rename/", {"name": "x"}),
                          ("reset/", {}), ("note/", {"note": "x"}), ("tokens/", {"auto": "1"}),
                          ("delete/", {})):
            assert client.post(f"/decks/{deck.pk}/{url}", data).status_code == 404, url
            assert client.post(f"/decks/{deck.pk}/{url}", data, **HTMX).status_code == 404, url
        deck.refresh_from_db()
        assert deck.name == "Private" and deck.card_count() == 0

    def test_actions_need_post_and_csrf(self, builder):
        deck = services.deck_create(player=builder, name="D")
        client = Client(enforce_csrf_checks=True)
        client.force_login(builder.user)
        assert client.get(f"/decks/{deck.pk}/take/").status_code == 405
        assert client.post(f"/decks/{deck.pk}/take/", {"card": 1}).status_code == 403
        assert client.post(f"/decks/{deck.pk}/delete/").status_code == 403
        assert Deck.objects.filter(pk=deck.pk).exists()


class TestBuilder:
    def test_take_and_return_with_htmx_swap_only_the_changed_fragments(self, builder, client_of):
        deck = services.deck_create(player=builder, name="D")
        cid = playable("Uncommon", count=1)[0]
        client = client_of(builder)
        response = client.post(f"/decks/{deck.pk}/take/", {"card": cid, "next": "rarity=Uncommon"}, **HTMX)
        body = response.content.decode()
        assert response.status_code == 200
        assert 'id="slot-uncommon-0"' in body and f'id="pool-{cid}"' in body and 'id="deck-summary"' in body
        assert body.count('hx-swap-oob="true"') == 4  # slot, pool card, summary, status
        assert "1 of 45 cards" in body
        assert 'name="next" value="rarity=Uncommon"' in body
        assert Deck.objects.get(pk=deck.pk).uncommon[0] == cid

        response = client.post(f"/decks/{deck.pk}/return/", {"card": cid}, **HTMX)
        assert 'id="slot-uncommon-0"' in response.content.decode()
        assert Deck.objects.get(pk=deck.pk).uncommon[0] == 0

    def test_the_pool_is_one_form_whose_buttons_name_the_card_and_the_action(self, builder,
                                                                             client_of):
        # Without JavaScript a button posts its form with its own name, value and formaction:
        # the pool's cards share one form (one token, one "next") and each button says which
        # card and whether to take or return it.
        deck = services.deck_create(player=builder, name="D")
        taken, other = playable("Uncommon", count=2)
        client = client_of(builder)
        client.post(f"/decks/{deck.pk}/take/", {"card": taken})
        body = client.get(f"/decks/{deck.pk}/?rarity=Uncommon").content.decode()
        pool = body[body.index('id="card-pool"'):]
        assert pool.count("<form") == 1 and pool.count('name="csrfmiddlewaretoken"') == 1
        assert pool.count('name="next" value="rarity=Uncommon"') == 1
        assert (f'name="card" value="{taken}" formaction="/decks/{deck.pk}/return/">Return<'
                in pool)
        assert f'name="card" value="{other}" formaction="/decks/{deck.pk}/take/">Take<' in pool
        # What that button posts takes the card and comes back to the same filters.
        response = client.post(f"/decks/{deck.pk}/take/",
                               {"card": other, "next": "rarity=Uncommon"})
        assert response.status_code == 302 and response.url.endswith("?rarity=Uncommon")
        assert other in Deck.objects.get(pk=deck.pk).uncommon

    def test_htmx_errors_come_back_as_a_message(self, builder, client_of):
        deck = services.deck_create(player=builder, name="D")
        forbidden = engine.cards_filter(keyword="Forbidden", include_forbidden=True)[0]
        response = client_of(builder).post(f"/decks/{deck.pk}/take/", {"card": forbidden.id}, **HTMX)
        assert response.status_code == 200 and b"flash-error" in response.content
        assert b"Forbidden" in response.content

    def test_without_javascript_take_redirects_back_with_the_filters(self, builder, client_of):
        deck = services.deck_create(player=builder, name="D")
        cid = playable("Common", count=1)[0]
        client = client_of(builder)
        response = client.post(f"/decks/{deck.pk}/take/",
                               {"card": cid, "next": "rarity=Common&keyword=bogus&evil=1"})
        assert response.status_code == 302
        assert response["Location"] == f"/decks/{deck.pk}/?rarity=Common"
        page = client.get(response["Location"]).content.decode()
        slot = page.split('id="slot-common-0"')[1].split('id="slot-common-1"')[0]
        assert card_ids_in(slot) == [cid]

        again = client.post(f"/decks/{deck.pk}/take/", {"card": cid}, follow=True)
        assert "already in this deck" in again.content.decode()

    def test_completing_a_deck_over_htmx_also_swaps_the_token_counters(self, builder, client_of):
        deck = services.deck_create(player=builder, name="D")
        sections = full_sections()
        last = sections["rare"].pop()
        for ids in sections.values():
            for cid in ids:
                services.deck_add_card(player=builder, deck_id=deck.pk, card_id=cid)
        response = client_of(builder).post(f"/decks/{deck.pk}/take/", {"card": last}, **HTMX)
        body = response.content.decode()
        deck.refresh_from_db()
        assert deck.is_ready and 'id="deck-tokens"' in body and "Ready to play" in body
        assert "chosen automatically" in body

    def test_the_pool_holds_only_cards_the_player_may_use(self, alice, client_of):
        alice.level = 1
        alice.save()
        deck = services.deck_create(player=alice, name="D")
        page = client_of(alice).get(f"/decks/{deck.pk}/").content.decode()
        pool = card_ids_in(page.split('id="card-pool"')[1])
        assert pool
        for cid in pool:
            card = engine.card(cid)
            assert card.level <= 1 and card.implemented and not card.forbidden
        assert "unlock" in page  # the count of cards above the level is mentioned

    def test_pool_filters_combine(self, builder, client_of):
        deck = services.deck_create(player=builder, name="D")
        response = client_of(builder).get(f"/decks/{deck.pk}/?rarity=Rare&cost=gems&effect=attack",
                                          HTTP_HX_REQUEST="true", HTTP_HX_TARGET="card-pool")
        body = response.content.decode()
        assert body.lstrip().startswith('<div id="card-pool"')  # only the pool fragment
        ids = card_ids_in(body)
        expected = [c.id for c in engine.cards_filter(rarity="Rare", cost="gems")
                    if "attack" in engine.effect_tags(c) and c.implemented and c.level <= 10]
        assert sorted(ids) == sorted(expected)

    def test_settings_shape_the_builder(self, builder, client_of):
        builder.settings.cards_per_row = 5
        builder.settings.hide_card_pool = True
        builder.settings.save()
        deck = services.deck_create(player=builder, name="D")
        page = client_of(builder).get(f"/decks/{deck.pk}/").content.decode()
        assert "--cards-per-row: 5" in page
        assert '<details class="pool-details">' in page  # closed

    def test_rename_reset_note_tokens_delete(self, builder, client_of):
        deck = filled_deck(builder)
        client = client_of(builder)
        client.post(f"/decks/{deck.pk}/rename/", {"name": "Renamed"})
        client.post(f"/decks/{deck.pk}/note/", {"note": "plan: rush"}, **HTMX)
        client.post(f"/decks/{deck.pk}/tokens/", {"token1": "Beast", "token2": "Beast", "token3": "Holy"})
        deck.refresh_from_db()
        assert (deck.name, deck.note, deck.tokens) == ("Renamed", "plan: rush", ["Beast", "Holy", "none"])
        response = client.post(f"/decks/{deck.pk}/tokens/", {"token1": "Nonsense"}, follow=True)
        assert "not a token keyword" in response.content.decode()
        client.post(f"/decks/{deck.pk}/reset/")
        deck.refresh_from_db()
        assert deck.card_count() == 0
        assert b"Delete" in client.get(f"/decks/{deck.pk}/delete/").content
        assert client.post(f"/decks/{deck.pk}/delete/").status_code == 302
        assert not Deck.objects.filter(pk=deck.pk).exists()

    def test_refused_name_and_note_come_back_without_javascript(self, builder, client_of):
        deck = services.deck_create(player=builder, name="Mine")
        services.deck_create(player=builder, name="Taken")
        client = client_of(builder)
        page = client.post(f"/decks/{deck.pk}/rename/", {"name": "Taken"}, follow=True)
        assert 'value="Taken"' in page.content.decode()
        long_note = "battle plan " * 200  # over the 2000-character limit
        page = client.post(f"/decks/{deck.pk}/note/", {"note": long_note}, follow=True)
        assert long_note.strip() in page.content.decode()
        deck.refresh_from_db()
        assert (deck.name, deck.note) == ("Mine", "")
        # shown once: a fresh visit shows the stored values again
        again = client.get(f"/decks/{deck.pk}/").content.decode()
        assert 'value="Mine"' in again and long_note.strip() not in again

    def test_export_downloads_the_deck_file(self, builder, client_of):
        deck = filled_deck(builder, name="My Rush!")
        response = client_of(builder).get(f"/decks/{deck.pk}/export/")
        assert response["Content-Disposition"] == 'attachment; filename="my-rush.marcomage-deck.json"'
        data = response.json()
        assert data["format"] == "marcomage-deck" and data["version"] == 1
        assert data["cards"]["rare"] == deck.rare


class TestDeckList:
    def test_ready_decks_are_highlighted_and_the_limit_is_explained(self, builder, client_of):
        filled_deck(builder, "Ready one")
        for i in range(4):
            services.deck_create(player=builder, name=f"Empty {i}")
        page = client_of(builder).get("/decks/").content.decode()
        assert page.count('class="deck-ready"') == 1
        assert "5 of 5 deck slots used" in page and "All 5 deck slots are in use" in page

    def test_create_at_the_limit_shows_the_message(self, builder, client_of):
        for i in range(5):
            services.deck_create(player=builder, name=f"Deck {i}")
        response = client_of(builder).post("/decks/new/", {"name": "Sixth"}, follow=True)
        assert "deck slots are in use" in response.content.decode()


class TestCardsSection:
    def test_filters_and_sorting(self, builder, client_of):
        client = client_of(builder)
        page = client.get("/cards/?rarity=Common&sort=cost&dir=desc").content.decode()
        ids = card_ids_in(page)
        assert ids and all(engine.card(i).rarity == "Common" for i in ids)
        costs = [engine.card(i).total_cost for i in ids]
        assert costs == sorted(costs, reverse=True)

    def test_bad_filter_values_are_ignored_not_errors(self, builder, client_of):
        response = client_of(builder).get("/cards/?rarity=Mythic&sort=evil&level=99&page=x")
        assert response.status_code == 200

    def test_pages_cover_every_card(self, builder, client_of):
        client = client_of(builder)
        seen = []
        page_no = 1
        while True:
            html = client.get(f"/cards/?page={page_no}").content.decode()
            seen += card_ids_in(html)
            if "Next</a>" not in html:
                break
            page_no += 1
        assert sorted(seen) == [c.id for c in engine.all_cards()]

    def test_locked_cards_are_marked_for_tutorial_players(self, alice, client_of):
        alice.level = 2
        alice.save()
        page = client_of(alice).get("/cards/?level=5").content.decode()
        assert "is-locked" in page and "unlock when you reach it" in page

    def test_details_page(self, builder, client_of):
        card = next(c for c in engine.all_cards() if c.keywords and c.implemented and c.modes)
        page = client_of(builder).get(f"/cards/{card.id}/").content.decode()
        assert card.name in page and card.created in page and f"{card.modes} (you choose" in page
        for kw in card.keywords:
            assert engine.keyword(kw).text.split(":")[0] in page

    def test_details_of_an_unimplemented_card_say_so(self, builder, client_of, unplayable_card):
        page = client_of(builder).get(f"/cards/{unplayable_card.id}/").content.decode()
        assert "not available on this site yet" in page

    @pytest.mark.parametrize("bad", [0, 99999])
    def test_unknown_cards_are_404(self, builder, client_of, bad):
        assert client_of(builder).get(f"/cards/{bad}/").status_code == 404

    def test_keywords_page_lists_every_keyword_with_its_cards(self, builder, client_of):
        page = client_of(builder).get("/cards/keywords/").content.decode()
        for kw in engine.all_keywords():
            assert f'id="kw-{catalogue.keyword_slug(kw.name)}"' in page
        assert "Token gain: 17 for the card played" in page  # Alliance


def queries_of(client, method, url, data=None, **extra):
    with CaptureQueriesContext(connection) as ctx:
        response = getattr(client, method)(url, data or {}, **extra)
    assert response.status_code in (200, 302), url
    return len(ctx)


class TestQueryCounts:
    """Busy pages make the same number of queries whatever the deck or the filters hold.

    Counts are pinned above the site's own per-request queries (session, user, activity,
    navigation indicators), measured on the deck help page (which reads no data), so other sections' indicators do
    not move these numbers.
    """

    @pytest.fixture
    def client(self, builder, client_of):
        client = client_of(builder)
        queries_of(client, "get", "/decks/help/")  # warm-up: the first request records activity
        self.overhead = queries_of(client, "get", "/decks/help/")  # a decks page without data
        return client

    def test_builder(self, builder, client):
        empty = services.deck_create(player=builder, name="Empty")
        full = filled_deck(builder)
        counts = {queries_of(client, "get", url) - self.overhead
                  for url in (f"/decks/{empty.pk}/?rarity=Rare", f"/decks/{full.pk}/",
                              f"/decks/{full.pk}/?keyword=any&sort=level")}
        assert counts == {BUILDER_QUERIES}

    def test_take_and_return_over_htmx(self, builder, client):
        deck = services.deck_create(player=builder, name="D")
        cid = playable("Rare", count=1)[0]
        take = queries_of(client, "post", f"/decks/{deck.pk}/take/", {"card": cid}, **HTMX)
        back = queries_of(client, "post", f"/decks/{deck.pk}/return/", {"card": cid}, **HTMX)
        assert (take - self.overhead, back - self.overhead) == (TAKE_QUERIES, TAKE_QUERIES)

    def test_cards_list(self, client):
        counts = {queries_of(client, "get", url) - self.overhead
                  for url in ("/cards/", "/cards/?rarity=Rare&sort=level", "/cards/?page=5")}
        assert counts == {CARDS_QUERIES}

    def test_deck_list(self, builder, client):
        services.deck_create(player=builder, name="One")
        one = queries_of(client, "get", "/decks/") - self.overhead
        filled_deck(builder, "Full")
        for i in range(3):
            services.deck_create(player=builder, name=f"D{i}")
        five = queries_of(client, "get", "/decks/") - self.overhead
        assert one == five == LIST_QUERIES


# Queries beyond the site's per-request overhead:
BUILDER_QUERIES = 3  # the deck; its forum thread (the discussion link); the viewer's foil cards
TAKE_QUERIES = 4  # the deck locked, the deck saved, the foil cards; and one for the
# navigation's query, counted in a page's overhead, which an htmx answer does not make
CARDS_QUERIES = 1  # the viewer's foil cards
LIST_QUERIES = 1  # the decks
