"""games.engine: the MArcomage rules engine (pure Python, stdlib only).

The public contract is documented in ``docs/engine-api.md``; everything outside
this package uses only the names exported here.
"""
from .cards.registry import load_all as _load_all

_load_all()

# The rating and award rules as read-only namespaces (their tables and pure functions):
# the web side reads them through these names, never through the submodules.
from . import awards as awards_rules  # noqa: E402
from . import evaluation as ai_evaluation  # noqa: E402  (the learned evaluation, for tools)
from . import rating as rating_rules  # noqa: E402
from .ai import ai_choose_action, seat_knowledge, standard_ai_seed  # noqa: E402
from .analysis import ANALYSIS_LEVEL, MoveJudgement, judge_move  # noqa: E402
from .cards.effect_tags import EFFECT_TAGS, effect_tags  # noqa: E402
from .cards.model import CardDef  # noqa: E402
from .catalogue import (  # noqa: E402
                        AI_CHALLENGES,
                        STARTER_DECK_NAMES,
                        STARTER_DECKS,
                        Deck,
                        all_cards,
                        all_keywords,
                        card,
                        cards_filter,
                        deck_auto_tokens,
                        keyword,
                        token_keywords,
)
from .constants import ATTRS, LONG, NORMAL, limits_for  # noqa: E402
from .custom_cards import CONDITION_KINDS as CUSTOM_CONDITION_KINDS  # noqa: E402
from .custom_cards import (  # noqa: E402  (new_game, state_from_json: with proposed cards)
                        FIRST_CUSTOM_ID,
                        custom_card,
                        custom_card_check,
                        custom_card_ids,
                        custom_card_preview,
                        custom_card_source,
                        game_card,
                        is_custom_card,
                        new_game,
                        state_from_json,
                        with_custom_cards,
)
from .custom_cards import NUMBER_KINDS as CUSTOM_NUMBER_KINDS  # noqa: E402
from .custom_cards import STEP_KINDS as CUSTOM_STEP_KINDS  # noqa: E402
from .errors import EngineError  # noqa: E402
from .keywords import KeywordDef  # noqa: E402
from .knowledge import sample_worlds  # noqa: E402
from .legality import Action, legal_actions  # noqa: E402
from .levels import DEFAULT_BUDGETS as AI_DEFAULT_BUDGETS  # noqa: E402
from .levels import LEVELS as AI_LEVELS  # noqa: E402
from .levels import choose_action, suggest_action  # noqa: E402
from .preview import Preview, preview  # noqa: E402
from .rating import TUTORIAL_END_LEVEL  # noqa: E402
from .rng import Rng  # noqa: E402
from .rng import seed_to_state as rng_state_for_seed  # noqa: E402
from .sandbox import (  # noqa: E402
                        SANDBOX_MAX,
                        sandbox_put_card,
                        sandbox_set_attribute,
                        sandbox_set_hidden,
)
from .sandbox import attribute_range as sandbox_attribute_range  # noqa: E402
from .state import GameState, PlayerState, state_to_json  # noqa: E402
from .turn import TurnResult, discard, play  # noqa: E402
from .victory import finish_game  # noqa: E402
from .view import view_for  # noqa: E402

__all__ = [
    "Action", "ANALYSIS_LEVEL", "AI_CHALLENGES", "ai_choose_action", "AI_DEFAULT_BUDGETS", "ai_evaluation", "AI_LEVELS", "all_cards", "all_keywords", "ATTRS",
    "awards_rules", "card", "CardDef", "cards_filter", "choose_action", "CUSTOM_CONDITION_KINDS",
    "custom_card", "custom_card_check", "custom_card_ids", "custom_card_preview",
    "custom_card_source", "CUSTOM_NUMBER_KINDS", "CUSTOM_STEP_KINDS", "Deck", "deck_auto_tokens",
    "discard", "EFFECT_TAGS", "effect_tags", "EngineError", "finish_game", "FIRST_CUSTOM_ID", "game_card", "GameState", "is_custom_card", "keyword", "KeywordDef",
    "judge_move", "legal_actions", "limits_for", "LONG", "MoveJudgement", "new_game", "NORMAL", "play", "PlayerState",
    "Preview", "preview", "rating_rules", "Rng", "rng_state_for_seed",
    "sandbox_attribute_range", "SANDBOX_MAX", "sandbox_put_card", "sandbox_set_attribute",
    "sandbox_set_hidden", "sample_worlds", "seat_knowledge", "standard_ai_seed", "STARTER_DECK_NAMES", "STARTER_DECKS", "state_from_json",
    "state_to_json", "suggest_action", "token_keywords", "TurnResult", "TUTORIAL_END_LEVEL",
    "view_for", "with_custom_cards",
]
