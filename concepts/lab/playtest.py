""""Try this card": a game against the computer with the concept in the player's deck.

The concept takes the place of a card of its rarity the player picks in one of his complete
decks; as an option the computer's deck (a random starter deck) holds it too, in the place
of the same card or, when that deck lacks it, of the first card of the same section. The
game is an ordinary game against the computer (games.services.ai_game_start, at any level)
whose state carries the concept's definition: the engine and the computer play it from
its effect, and the games services rate and count nothing for it (a playtest). Its
replay is listed with the concept.
"""
import random

from django.db import transaction

from games import engine
from games import services as gs
from players.models import Player

from ..models import Concept
from .cards import LabError, lab_card_for, parse_choice, starter_payload, with_card
from .models import Playtest


@transaction.atomic
def playtest_start(*, concept_id, player: Player, choice: str, level: str,
                   in_ai_deck: bool = False, hidden: bool = False) -> Playtest:
    """Start the game; LabError (or games' GameError: slots, level) when it cannot."""
    concept = Concept.objects.filter(pk=concept_id).first()
    if concept is None:
        raise LabError("No such concept.")
    if level not in engine.AI_LEVELS:
        raise LabError("Choose one of the computer's levels.")
    deck, payload, _name, replaced = parse_choice(player, choice, concept.rarity)
    if deck is None:
        raise LabError("Choose one of your own complete decks.")
    lab = lab_card_for(concept)
    cards = with_card(payload, replaced, lab.engine_id, concept.rarity)
    index = random.randrange(len(engine.STARTER_DECKS))
    ai_cards = starter_payload(index)
    if in_ai_deck:
        ai_cards = with_card(ai_cards, replaced, lab.engine_id, concept.rarity)
    game = gs.ai_game_start(
        player=player, deck=deck, level=level, hidden=hidden, deck_cards=cards,
        ai_cards=ai_cards, ai_name=engine.STARTER_DECK_NAMES[index],
        custom_cards={lab.engine_id: lab.definition})
    return Playtest.objects.create(concept=concept, lab_card=lab, game=game, player=player,
                                   replaced=replaced, in_ai_deck=in_ai_deck)
