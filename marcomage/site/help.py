"""The numbers the help page states, read from where the game keeps them: the rules engine
(limits, starting values, keywords, AI challenges), the lobby's and the decks' slots, the shop's
prices, the activity classes, the game page's time rules and how often pages refresh. The page cannot drift from the
game when a rule changes.

Everything here is fixed while a process runs, so it is worked out once.
"""
from functools import cache

from decks.services import BASE_DECK_SLOTS
from games import engine
from games.game.selectors import DEFAULT_REFRESH_SECONDS
from games.lobby.forms import TIMEOUT_CHOICES
from games.lobby.views import LIST_REFRESH_SECONDS
from games.services import BASE_GAME_SLOTS
from games.services.permissions import FINISH_AFTER
from players import activity
from players.models import PlayerSettings
from players.shop.services import PRICES
from players.tutorial.sections import SECTION_LABELS, SECTION_LEVELS

# The attributes of a side, in the order the help's tables show them.
_ATTRIBUTE_LABELS = (("tower", "Tower"), ("wall", "Wall"), ("quarry", "Quarry"),
                     ("magic", "Magic"), ("dungeons", "Dungeons"), ("bricks", "Bricks"),
                     ("gems", "Gems"), ("recruits", "Recruits"))


def _starting_sides(long_mode: bool):
    """(the first player's, the second player's) starting attributes, from a new game."""
    state = engine.new_game(engine.STARTER_DECKS[0], engine.STARTER_DECKS[1], seed=1,
                            long_mode=long_mode, first=0)
    return (dict(zip(engine.ATTRS, state.p[0].a, strict=True)),
            dict(zip(engine.ATTRS, state.p[1].a, strict=True)))


def _challenge_rows():
    rows = []
    for challenge in engine.AI_CHALLENGES.values():
        rows.append({
            "name": challenge.fullname,
            "tokens": [t for t in challenge.deck.tokens if t and t != "none"],
            "computer": [challenge.ai_start[key] for key, _label in _ATTRIBUTE_LABELS],
            "you": [challenge.human_start[key] for key, _label in _ATTRIBUTE_LABELS],
        })
    return rows


@cache
def help_facts() -> dict:
    """The help page's context: every number it prints."""
    normal_first, normal_second = _starting_sides(False)
    long_first, _ = _starting_sides(True)
    keywords = engine.all_keywords()
    return {
        "normal": engine.NORMAL,
        "long": engine.LONG,
        "start_first": normal_first,
        "start_second": normal_second,
        "start_long": long_first,
        "attribute_labels": [label for _key, label in _ATTRIBUTE_LABELS],
        # the keywords in the order they act (the engine's execution order)
        "keyword_order": [kw for kw in keywords if kw.name not in ("Cursed", "Forbidden")],
        "passive_keywords": [kw for kw in keywords if kw.name in ("Cursed", "Forbidden")],
        "token_keywords": [kw for kw in keywords if kw.token],
        "alliance": engine.keyword("Alliance"),
        "ai_levels": [level.capitalize() for level in engine.AI_LEVELS],
        "ai_challenges": _challenge_rows(),
        "starter_decks": list(engine.STARTER_DECK_NAMES),
        "turn_timeouts": [label for seconds, label in TIMEOUT_CHOICES if seconds],
        "base_game_slots": BASE_GAME_SLOTS,
        "base_deck_slots": BASE_DECK_SLOTS,
        "prices": {str(item): price for item, price in PRICES.items()},
        "online_minutes": int(activity.ONLINE_WITHIN.total_seconds() // 60),
        "offline_days": activity.OFFLINE_WITHIN.days,
        "dead_days": activity.DEAD_AFTER.days,
        "finish_days": FINISH_AFTER.days,
        "tutorial_end": engine.TUTORIAL_END_LEVEL,
        "gold_per_level": engine.rating_rules.GOLD_PER_LEVEL,
        "base_exp": engine.rating_rules.BASE_EXP,
        "statuses": [label for value, label in PlayerSettings.Status.choices if value != "none"],
        "skins": [label for value, label in PlayerSettings.Skin.choices if value != "auto"],
        "first_sections": [SECTION_LABELS[key] for key, level in SECTION_LEVELS.items()
                           if level == 0],
        # what Auto refresh set to Off leaves: the games list's own refresh, and the game
        # screen's while its live updates are offline
        "list_refresh_seconds": LIST_REFRESH_SECONDS,
        "board_refresh_seconds": DEFAULT_REFRESH_SECONDS,
    }
