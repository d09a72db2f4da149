""""Try this card" (concepts.lab.playtest): a game against the computer with the concept in
the deck, played by the engine and the computer from its effect, marked as a playtest (no
EXP, no rating, no statistics), its replay listed with the concept."""
import pytest
from django.urls import reverse

from concepts.lab import playtest
from concepts.lab.cards import LabError
from concepts.lab.models import LabCard, Playtest
from decks.models import Deck
from games import engine
from games import services as gs
from games.models import CardStatistic, Game
from games.services.ai import game_ai_move
from tests.games.conftest import make_deck

from .lab_helpers import ATTACK, _fresh_card_faces, lab_concept, n

_ = _fresh_card_faces


def _choice(deck, card=None):
    return f"deck:{deck.pk}:{card or deck.common[0]}"


def _start(player, concept, deck=None, **options):
    deck = deck or Deck.objects.filter(player=player).first() or make_deck(player)
    return playtest.playtest_start(concept_id=concept.pk, player=player,
                                   choice=options.pop("choice", _choice(deck)),
                                   level=options.pop("level", "standard"), **options)


def test_the_concept_takes_the_place_of_the_chosen_card(alice):
    concept = lab_concept(alice)
    deck = make_deck(alice)
    replaced = deck.common[3]
    test = _start(alice, concept, deck, choice=_choice(deck, replaced))
    game, lab = test.game, LabCard.objects.get()
    assert game.is_ai and game.deck1_id == deck.pk and test.replaced == replaced
    assert game.deck1_cards["common"][3] == lab.engine_id
    assert replaced not in game.deck1_cards["common"]
    assert engine.custom_card_ids(game.state) == (lab.engine_id,)
    assert game.state["extra_cards"][str(lab.engine_id)]["effect"] == concept.effect_tree
    ai_deck = game.state["players"][1]["deck"]
    assert lab.engine_id not in ai_deck["common"]
    assert Deck.objects.get(pk=deck.pk).common == deck.common  # the player's deck is untouched


def test_the_computers_deck_may_hold_it_too(alice):
    concept = lab_concept(alice)
    test = _start(alice, concept, in_ai_deck=True)
    lab_id = LabCard.objects.get().engine_id
    assert lab_id in test.game.state["players"][1]["deck"]["common"]


def test_the_same_definition_keeps_its_engine_id_and_a_change_gets_a_new_one(alice):
    concept = lab_concept(alice)
    first = _start(alice, concept).lab_card
    assert _start(alice, concept).lab_card == first
    concept.effect_tree = [{"kind": "attack", "amount": n(9)}]
    concept.save()
    second = _start(alice, concept).lab_card
    assert second.engine_id != first.engine_id
    assert first.card_def().text == "Attack 6. Wall +3."
    assert second.card_def().text == "Attack 9."


def test_the_computer_plays_the_concept_from_its_effect(alice):
    concept = lab_concept(alice, {"kind": "attack", "amount": n(30)})
    game = _start(alice, concept, in_ai_deck=True).game
    lab_id = LabCard.objects.get().engine_id
    state = game.state
    state["players"][1]["hand"] = [lab_id] * 8
    state["players"][1]["attributes"].update(recruits=20)
    state["current"] = 1
    Game.objects.filter(pk=game.pk).update(state=state, current_seat=1)
    game.refresh_from_db()
    # a process that never saw the card: the state brings its definition along
    from games.engine import custom_cards

    custom_cards._compiled.cache_clear()
    custom_cards._table.cache_clear()
    assert game_ai_move(game_id=game.pk, version=game.version)
    turn = game.turns.get()
    assert (turn.action, turn.card, turn.is_ai_move) == ("play", lab_id, True)


def test_a_playtest_is_not_rated_and_counts_nothing(alice):
    alice.level = 3  # in the tutorial a game against the computer gives EXP...
    alice.save(update_fields=["level"])
    concept = lab_concept(alice)
    game = _start(alice, concept).game
    gs.game_surrender(game_id=game.pk, player=alice)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert gs.rating_rule(game) == ((), False, "playtest")
    assert "playtest" in gs.NOT_RATED_REASONS["playtest"]
    assert not gs.game_rate(game_id=game.pk)
    alice.refresh_from_db()
    assert alice.exp == 0
    deck = Deck.objects.get(pk=game.deck1_id)
    assert (deck.wins, deck.losses, deck.draws) == (0, 0, 0)
    assert not CardStatistic.objects.exists()


@pytest.mark.parametrize("change, message", [
    ({"effect_tree": None, "effect": "Only words"}, "no effect built"),
    ({"keywords": ["Forbidden"]}, "Forbidden card can never be put into a deck"),
])
def test_concepts_that_cannot_be_played_say_why(alice, change, message):
    concept = lab_concept(alice)
    for key, value in change.items():
        setattr(concept, key, value)
    concept.save()
    with pytest.raises(LabError, match=message):
        _start(alice, concept)
    assert not Game.objects.exists()


def test_the_replaced_card_must_be_of_the_concepts_rarity_and_the_deck_ones_own(alice, bob):
    concept = lab_concept(alice)
    deck = make_deck(alice)
    with pytest.raises(LabError, match="replaces a common card"):
        _start(alice, concept, deck, choice=f"deck:{deck.pk}:{deck.rare[0]}")
    with pytest.raises(LabError, match="your own complete decks"):
        _start(bob, concept, deck, choice=_choice(deck))
    with pytest.raises(LabError):
        _start(alice, concept, deck, choice="starter:0:1")  # a playtest uses your deck
    with pytest.raises(LabError, match="levels"):
        _start(alice, concept, deck, level="godlike")
    assert not Game.objects.exists()


def test_try_this_card_from_the_concept_page(alice, bob, client_of):
    concept = lab_concept(alice)
    deck = make_deck(bob)
    client = client_of(bob)  # anybody may try a concept
    page = client.get(concept.get_absolute_url()).content.decode()
    assert "Try this card" in page and f'value="{_choice(deck)}"' in page
    response = client.post(reverse("concepts:lab_try", args=[concept.pk]), {
        "try-replace": _choice(deck), "try-level": "easy", "try-in_ai_deck": "on"})
    test = Playtest.objects.get()
    assert response.status_code == 302 and response.url == reverse("games:detail",
                                                                    args=[test.game_id])
    assert test.player == bob and test.in_ai_deck and test.game.ai_level == "easy"
    game_page = client.get(response.url).content.decode()
    assert "A playtest of “Ink golem”: the concept is in your deck." in game_page


def test_a_bad_try_gets_a_message_and_no_game(alice, client_of):
    concept = lab_concept(alice)
    make_deck(alice)
    client = client_of(alice)
    response = client.post(reverse("concepts:lab_try", args=[concept.pk]),
                           {"try-replace": "deck:999:1", "try-level": "standard"}, follow=True)
    assert response.status_code == 200 and not Game.objects.exists()
    assert "The game was not started" in response.content.decode()
    assert client.post(reverse("concepts:lab_try", args=[999999]), {}).status_code == 404


def test_the_replay_is_listed_with_the_concept_and_shows_the_card(alice, bob, client_of):
    concept = lab_concept(alice)
    game = _start(alice, concept).game
    lab_id = LabCard.objects.get().engine_id
    for _ in range(6):  # the computer opens, maybe with cards that play again
        if game.current_seat == 0:
            break
        assert game_ai_move(game_id=game.pk, version=game.version)
        game.refresh_from_db()
    # the sandbox puts the concept into alice's first slot, and she plays it
    gs.sandbox_put_card(game_id=game.pk, player=alice, version=game.version, seat=0,
                        position=1, card=str(lab_id))
    game.refresh_from_db()
    gs.sandbox_set_attribute(game_id=game.pk, player=alice, version=game.version, seat=0,
                             attribute="recruits", value=20)
    game.refresh_from_db()
    gs.game_play_card(game_id=game.pk, player=alice, version=game.version, position=1)
    gs.game_surrender(game_id=game.pk, player=alice)
    concept_page = client_of(bob).get(concept.get_absolute_url()).content.decode()
    assert reverse("games:replay", args=[game.pk]) in concept_page
    played = game.turns.get(action="play", actor_seat=0)
    assert played.card == lab_id
    replay = client_of(bob).get(reverse("games:replay", args=[game.pk])
                                + f"?turn={played.number}")
    assert replay.status_code == 200
    assert "alice played Ink golem" in replay.content.decode()


def test_an_unregistered_process_still_shows_the_game(alice, client_of):
    concept = lab_concept(alice)
    game = _start(alice, concept, in_ai_deck=True).game
    lab_id = LabCard.objects.get().engine_id
    from games.engine import custom_cards

    state = game.state  # the concept in the first slot of both hands
    state["players"][0]["hand"][0] = state["players"][1]["hand"][0] = lab_id
    Game.objects.filter(pk=game.pk).update(state=state)
    custom_cards._compiled.cache_clear()  # a process that never compiled the card
    custom_cards._table.cache_clear()
    page = client_of(alice).get(reverse("games:detail", args=[game.pk]))
    assert page.status_code == 200
    faces = page.content.decode().count('<span class="card-name">Ink golem</span>')
    assert faces >= 2  # both hands draw its face (the lab's definition, by its id)
    # the page's load left the process as it was: the catalogue knows no such card
    with pytest.raises(engine.EngineError):
        engine.card(lab_id)
    assert len(engine.all_cards()) == 754


def test_the_sandbox_puts_the_concept_but_no_other_lab_card(alice, client_of):
    concept = lab_concept(alice)
    other = lab_concept(alice, ATTACK, name="Other")
    game = _start(alice, concept).game
    mine = LabCard.objects.get(concept=concept).engine_id
    _start(alice, other)
    foreign = LabCard.objects.get(concept=other).engine_id
    state = engine.state_from_json(game.state)
    assert engine.sandbox_put_card(state, 0, 1, mine).p[0].hand[0] == mine
    with pytest.raises(engine.EngineError):
        engine.sandbox_put_card(state, 0, 1, foreign)


def test_a_concept_with_playtests_and_reports_can_be_deleted(alice):
    from concepts import services
    from concepts.lab.models import SelfPlayReport

    concept = lab_concept(alice)
    test = _start(alice, concept)
    SelfPlayReport.objects.create(concept=concept, lab_card=test.lab_card, replaced=1,
                                  deck={}, deck_name="Main", games=100, seed=1)
    services.concept_delete(concept_id=concept.pk, player=alice)
    assert not Playtest.objects.exists() and not SelfPlayReport.objects.exists()
    assert Game.objects.filter(pk=test.game_id).exists()  # the game and its card remain
    assert LabCard.objects.get().concept is None
