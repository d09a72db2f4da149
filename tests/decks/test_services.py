"""Deck services: the rules of a deck, enforced whatever the caller sends."""
import pytest

from decks import catalogue, services
from decks.models import Deck
from decks.services import DeckError
from games import engine
from players.accounts.services import player_register

from .conftest import full_sections, playable

pytestmark = pytest.mark.django_db


def fill(player, deck, sections):
    for ids in sections.values():
        for cid in ids:
            services.deck_add_card(player=player, deck_id=deck.pk, card_id=cid)
    deck.refresh_from_db()
    return deck


class TestStarterDecks:
    def test_registration_gives_three_starter_decks_and_two_empty_ones(self):
        player = player_register(username="newcomer", password="pw-long-enough-1")
        decks = {d.name: d for d in Deck.objects.filter(player=player)}
        assert len(decks) == services.BASE_DECK_SLOTS == 5
        for name, starter in zip(engine.STARTER_DECK_NAMES, engine.STARTER_DECKS, strict=True):
            deck = decks[name]
            assert deck.common == list(starter.common)
            assert deck.rare == list(starter.rare)
            assert deck.tokens == ["none", "none", "none"]
            assert deck.is_ready
        empty = [d for d in decks.values() if d.name not in engine.STARTER_DECK_NAMES]
        assert len(empty) == 2 and all(not d.is_ready and d.card_count() == 0 for d in empty)


    def test_demo_players_get_them_too(self):
        from io import StringIO

        from django.core.management import call_command

        call_command("load_demo", puzzles=2, balance_games=40, stdout=StringIO())
        call_command("load_demo", puzzles=2, balance_games=40, stdout=StringIO())  # idempotent
        for name in ("alice", "bob", "carol"):
            names = set(Deck.objects.filter(player__user__username=name).values_list("name", flat=True))
            assert set(engine.STARTER_DECK_NAMES) <= names and len(names) == 5
        from concepts.models import Concept
        from forum.models import ForumThread
        from players.models import Player

        levels = dict(Player.objects.values_list("user__username", "level"))
        assert levels["carol"] == 10 and levels["alice"] == 0
        assert ForumThread.objects.get().priority == "sticky"
        assert Concept.objects.get().author.name == "bob"
        from games.puzzles.models import Puzzle
        from games.puzzles.services import daily_puzzle

        assert Puzzle.objects.count() == 2  # mined once, for the home page's daily puzzle
        assert daily_puzzle() is not None
        from games.balance.models import CardBalance, SelfPlayRun

        # one self-play run, played once, for the card balance dashboard's first minute
        run = SelfPlayRun.objects.get()
        assert (run.status, run.games_played, run.level) == ("done", 40, "easy")
        assert CardBalance.objects.filter(source="selfplay", times_played__gt=0).exists()


class TestCreateRenameDelete:
    def test_slots_run_out_with_a_clear_message(self, builder):
        for i in range(5):
            services.deck_create(player=builder, name=f"Deck {i}")
        with pytest.raises(DeckError, match="All your 5 deck slots are in use"):
            services.deck_create(player=builder, name="One too many")
        builder.extra_deck_slots = 1
        builder.save()
        services.deck_create(player=builder, name="Bought slot")
        assert Deck.objects.filter(player=builder).count() == 6

    def test_names_are_unique_per_player_ignoring_case(self, builder, bob):
        services.deck_create(player=builder, name="Rush")
        with pytest.raises(DeckError, match="already have a deck called"):
            services.deck_create(player=builder, name="  rush ")
        services.deck_create(player=bob, name="Rush")  # another player's name is no clash

    @pytest.mark.parametrize("name, error", [("", "needs a name"), ("   ", "needs a name"),
                                             ("x" * 41, "at most 40")])
    def test_bad_names_are_refused(self, builder, name, error):
        with pytest.raises(DeckError, match=error):
            services.deck_create(player=builder, name=name)

    def test_rename_refuses_a_taken_name_and_keeps_the_old_one(self, builder):
        a = services.deck_create(player=builder, name="A")
        services.deck_create(player=builder, name="B")
        with pytest.raises(DeckError):
            services.deck_rename(player=builder, deck_id=a.pk, name="b")
        assert Deck.objects.get(pk=a.pk).name == "A"
        assert services.deck_rename(player=builder, deck_id=a.pk, name="A2").name == "A2"

    def test_database_refuses_two_names_differing_only_by_case(self, builder):
        from django.db import IntegrityError, transaction
        Deck.objects.create(player=builder, name="Fire")
        with pytest.raises(IntegrityError), transaction.atomic():
            Deck.objects.create(player=builder, name="fIRE")

    @pytest.mark.parametrize("action", ["rename", "create"])
    def test_a_name_taken_between_check_and_save_is_a_clear_refusal(
            self, builder, monkeypatch, action):
        # What a concurrent request does: the check passes, the other save wins the name.
        a = services.deck_create(player=builder, name="A")
        services.deck_create(player=builder, name="Taken")
        monkeypatch.setattr(services, "_name_taken", lambda *args, **kwargs: False)
        with pytest.raises(DeckError, match="already have a deck called"):
            if action == "rename":
                services.deck_rename(player=builder, deck_id=a.pk, name="TAKEN")
            else:
                services.deck_create(player=builder, name="taken")
        assert Deck.objects.get(pk=a.pk).name == "A"
        assert Deck.objects.filter(player=builder, name__iexact="taken").count() == 1

    def test_outsiders_cannot_touch_a_deck(self, builder, carol):
        deck = services.deck_create(player=builder, name="Mine")
        for call in (
            lambda: services.deck_rename(player=carol, deck_id=deck.pk, name="Stolen"),
            lambda: services.deck_add_card(player=carol, deck_id=deck.pk, card_id=1),
            lambda: services.deck_delete(player=carol, deck_id=deck.pk),
            lambda: services.deck_reset(player=carol, deck_id=deck.pk),
        ):
            with pytest.raises(Deck.DoesNotExist):
                call()
        assert Deck.objects.get(pk=deck.pk).name == "Mine"

    def test_note_length_is_limited(self, builder):
        deck = services.deck_create(player=builder, name="Noted")
        with pytest.raises(DeckError, match="at most 2000"):
            services.deck_set_note(player=builder, deck_id=deck.pk, note="x" * 2001)
        assert services.deck_set_note(player=builder, deck_id=deck.pk, note="ok").note == "ok"


class TestCards:
    def test_a_card_goes_to_the_first_empty_slot_of_its_rarity(self, builder):
        deck = services.deck_create(player=builder, name="D")
        rare = playable("Rare", count=2)
        _deck, section, index, _ = services.deck_add_card(player=builder, deck_id=deck.pk, card_id=rare[0])
        assert (section, index) == ("rare", 0)
        _deck, section, index, _ = services.deck_add_card(player=builder, deck_id=deck.pk, card_id=rare[1])
        assert (section, index) == ("rare", 1)
        deck.refresh_from_db()
        assert deck.rare[:2] == rare and deck.common == [0] * 15

    def test_no_duplicates(self, builder):
        deck = services.deck_create(player=builder, name="D")
        cid = playable("Common", count=1)[0]
        services.deck_add_card(player=builder, deck_id=deck.pk, card_id=cid)
        with pytest.raises(DeckError, match="already in this deck"):
            services.deck_add_card(player=builder, deck_id=deck.pk, card_id=cid)

    def test_forbidden_cards_are_refused(self, builder):
        deck = services.deck_create(player=builder, name="D")
        forbidden = engine.cards_filter(keyword="Forbidden", include_forbidden=True)[0]
        with pytest.raises(DeckError, match="Forbidden"):
            services.deck_add_card(player=builder, deck_id=deck.pk, card_id=forbidden.id)

    def test_cards_above_the_players_level_are_refused(self, alice):
        alice.level = 1
        alice.save()
        deck = services.deck_create(player=alice, name="D")
        high = next(c for c in engine.all_cards() if c.level > 1 and c.implemented and not c.forbidden)
        with pytest.raises(DeckError, match=f"needs level {high.level}"):
            services.deck_add_card(player=alice, deck_id=deck.pk, card_id=high.id)
        assert Deck.objects.get(pk=deck.pk).card_count() == 0

    def test_unimplemented_cards_are_refused(self, builder, unplayable_card):
        deck = services.deck_create(player=builder, name="D")
        with pytest.raises(DeckError, match="cannot be played on this site yet"):
            services.deck_add_card(player=builder, deck_id=deck.pk, card_id=unplayable_card.id)
        assert Deck.objects.get(pk=deck.pk).card_count() == 0

    @pytest.mark.parametrize("bad", [0, -3, 10**9, "abc", None, "1.5"])
    def test_unknown_card_ids_are_refused(self, builder, bad):
        deck = services.deck_create(player=builder, name="D")
        with pytest.raises(DeckError, match="no such card"):
            services.deck_add_card(player=builder, deck_id=deck.pk, card_id=bad)

    def test_a_full_section_refuses_more(self, builder):
        commons = playable("Common", count=16)
        assert len(commons) == 16
        deck = services.deck_create(player=builder, name="D")
        for cid in commons[:15]:
            services.deck_add_card(player=builder, deck_id=deck.pk, card_id=cid)
        with pytest.raises(DeckError, match="common section is full"):
            services.deck_add_card(player=builder, deck_id=deck.pk, card_id=commons[15])

    def test_completing_a_deck_makes_it_ready_and_sets_tokens_automatically(self, builder):
        deck = services.deck_create(player=builder, name="D")
        deck = fill(builder, deck, full_sections())
        assert deck.is_ready and deck.card_count() == 45
        assert deck.tokens == engine.deck_auto_tokens(deck.card_ids())

    def test_chosen_tokens_are_kept_when_the_deck_completes(self, builder):
        deck = services.deck_create(player=builder, name="D")
        services.deck_set_tokens(player=builder, deck_id=deck.pk, tokens=["Holy"])
        deck = fill(builder, deck, full_sections())
        assert deck.tokens == ["Holy", "none", "none"]

    def test_returning_a_card_empties_its_slot_and_unreadies_the_deck(self, builder):
        deck = fill(builder, services.deck_create(player=builder, name="D"), full_sections())
        cid = deck.uncommon[4]
        _deck, section, index = services.deck_remove_card(player=builder, deck_id=deck.pk, card_id=cid)
        deck.refresh_from_db()
        assert (section, index) == ("uncommon", 4) and deck.uncommon[4] == 0 and not deck.is_ready
        with pytest.raises(DeckError, match="not in this deck"):
            services.deck_remove_card(player=builder, deck_id=deck.pk, card_id=cid)

    def test_reset_empties_everything(self, builder):
        deck = fill(builder, services.deck_create(player=builder, name="D"), full_sections())
        deck = services.deck_reset(player=builder, deck_id=deck.pk)
        assert deck.card_count() == 0 and not deck.is_ready and deck.tokens == ["none"] * 3


class TestTokens:
    def test_duplicates_and_none_are_compacted(self):
        assert services.clean_tokens(["none", "Mage", "Mage"]) == ["Mage", "none", "none"]
        assert services.clean_tokens(["Holy", "", "Beast"]) == ["Holy", "Beast", "none"]

    @pytest.mark.parametrize("bad", [["Durable"], ["Dragon"], ["<script>"]])
    def test_only_token_keywords_are_accepted(self, bad):
        with pytest.raises(DeckError, match="not a token keyword"):
            services.clean_tokens(bad)

    def test_auto_uses_the_engines_rule(self, builder):
        deck = fill(builder, services.deck_create(player=builder, name="D"), full_sections())
        services.deck_set_tokens(player=builder, deck_id=deck.pk, tokens=[])
        deck = services.deck_auto_tokens(player=builder, deck_id=deck.pk)
        assert deck.tokens == engine.deck_auto_tokens(deck.card_ids())
        assert len(deck.tokens) == 3


class TestAverageCost:
    def test_weights_by_rarity_over_filled_slots(self):
        c = playable("Common", count=2)
        u = playable("Uncommon", count=1)
        r = playable("Rare", count=1)
        got = catalogue.average_cost_per_turn(c + [0] * 13, u + [0] * 14, r + [0] * 14)
        for res in ("bricks", "gems", "recruits"):
            mean_c = sum(getattr(engine.card(x), res) for x in c) / 2
            expected = round(0.65 * mean_c + 0.29 * getattr(engine.card(u[0]), res)
                             + 0.06 * getattr(engine.card(r[0]), res), 2)
            assert got[res] == expected

    def test_an_empty_deck_costs_nothing(self):
        assert catalogue.average_cost_per_turn([0] * 15, [0] * 15, [0] * 15) == {
            "bricks": 0, "gems": 0, "recruits": 0}
