"""Rating a finished game: EXP in four phases, levels, gold (rules-engine.md §16).

Pure Python, no Django. The web side (games/services/rating.py) reads the
finished game, calls ``rate_side`` for each rated player and applies the result.

Two deliberate choices, both documented on the help page:
* Opponent rating follows the manual (bonus 10 % per level the opponent is
  above, at most +100 %; penalty 5 % per level above the opponent, at most
  −50 %). The original always used 1 because of a bug.
* ``levels_after`` grants every level the EXP pays for, not one per game.
"""
from dataclasses import dataclass, field

from .awards import END_OF_GAME_AWARDS, end_of_game_awards, side_facts
from .php import php_round

BASE_EXP = 100
GOLD_PER_LEVEL = 100
TUTORIAL_END_LEVEL = 10

# (result, outcome) -> EXP multiplier of the first phase
GAME_RATING = {
    ("win", "Resource"): 1.15,
    ("win", "Construction"): 1.10,
    ("win", "Destruction"): 1.05,
    ("win", "Abandon"): 1.00,
    ("win", "Surrender"): 0.95,
    ("win", "Timeout"): 0.60,
    ("draw", "Draw"): 0.50,
    ("draw", "Timeout"): 0.50,
    ("loss", "Timeout"): 0.40,
    ("loss", "Destruction"): 0.15,
    ("loss", "Construction"): 0.10,
    ("loss", "Resource"): 0.05,
    ("loss", "Surrender"): 0.0,
    ("loss", "Abandon"): 0.0,
}

TACTICAL, MINOR, MAJOR = 1, 2, 3
VICTORY_MULTIPLIER = {TACTICAL: 1.0, MINOR: 1.25, MAJOR: 1.75}
VICTORY_NAMES = {TACTICAL: "Tactical", MINOR: "Minor", MAJOR: "Major"}

# Outcomes that are never rated.
UNRATED_OUTCOMES = ("Abort", "Pending")


def exp_required(level: int) -> int:
    """EXP needed to pass ``level`` (to go from level N to N + 1)."""
    return 500 + 50 * level + 200 * (level // 5) + 100 * (level // 10) ** 2


def levels_after(level: int, exp: int):
    """(new level, leftover EXP, levels gained) once ``exp`` EXP are held at ``level``."""
    gained = 0
    while exp >= exp_required(level):
        exp -= exp_required(level)
        level += 1
        gained += 1
    return level, exp, gained


def game_rating(result: str, outcome: str) -> float:
    return GAME_RATING.get((result, outcome), 0.0)


def opponent_rating(level: int, opponent_level: int) -> float:
    """Multiplier for the opponent's level (the manual's rule)."""
    if opponent_level > level:
        return 1 + 0.1 * min(10, opponent_level - level)
    if opponent_level < level:
        return 1 - 0.05 * min(10, level - opponent_level)
    return 1.0


def _third_bounds(maximum):
    return php_round(maximum / 3), php_round(2 * maximum / 3)


def _band(value, low, high, *, below, between, above):
    if value < low:
        return below
    if value <= high:
        return between
    return above


def victory_rating(*, won: bool, own_tower: int, own_stock: int, opponent_tower: int,
                   opponent_stock: int, max_tower: int, res_victory: int) -> int:
    """How close the game was: TACTICAL, MINOR or MAJOR (§16.1 phase 3)."""
    t1, t2 = _third_bounds(max_tower)
    s1, s2 = _third_bounds(res_victory)
    if won:
        ratings = (
            _band(opponent_stock, s1, s2, below=MAJOR, between=MINOR, above=TACTICAL),
            _band(opponent_tower, t1, t2, below=MAJOR, between=MINOR, above=TACTICAL),
            _band(own_tower, t1, t2, below=TACTICAL, between=MINOR, above=MAJOR),
        )
        return sum(ratings) // 3  # averaged, rounded down
    ratings = (
        _band(own_stock, s1, s2, below=TACTICAL, between=MINOR, above=MAJOR),
        _band(own_tower, t1, t2, below=TACTICAL, between=MINOR, above=MAJOR),
        _band(opponent_tower, t1, t2, below=MAJOR, between=MINOR, above=TACTICAL),
    )
    return -(-sum(ratings) // 3)  # averaged, rounded up


@dataclass(frozen=True)
class SideRating:
    """Everything the rating gave one player, phase by phase (for the battle report)."""

    result: str  # win / loss / draw
    outcome: str
    base_exp: int
    game_multiplier: float
    game_exp: int
    opponent_multiplier: float
    opponent_exp: int
    victory: int
    victory_multiplier: float
    exp: int  # total EXP (after phase 3)
    awards: tuple = field(default_factory=tuple)  # end-of-game award keys
    gold: int = 0  # gold of the awards (phase 4)

    @property
    def victory_name(self):
        return VICTORY_NAMES[self.victory]


def rate_exp(*, result, outcome, level, opponent_level, own_tower, own_stock, opponent_tower,
             opponent_stock, max_tower, res_victory, awards=()):
    """The four phases for one player, each phase rounded like PHP's round()."""
    m1 = game_rating(result, outcome)
    exp1 = php_round(BASE_EXP * m1)
    m2 = opponent_rating(level, opponent_level)
    exp2 = php_round(exp1 * m2)
    victory = victory_rating(won=result == "win", own_tower=own_tower, own_stock=own_stock,
                             opponent_tower=opponent_tower, opponent_stock=opponent_stock,
                             max_tower=max_tower, res_victory=res_victory)
    m3 = VICTORY_MULTIPLIER[victory]
    exp3 = php_round(exp2 * m3)
    gold = sum(END_OF_GAME_AWARDS[key].gold for key in awards)
    return SideRating(result=result, outcome=outcome, base_exp=BASE_EXP, game_multiplier=m1,
                      game_exp=exp1, opponent_multiplier=m2, opponent_exp=exp2,
                      victory=victory, victory_multiplier=m3, exp=exp3,
                      awards=tuple(awards), gold=gold)


def rate_side(state, seat: int, *, outcome: str, winner_seat, level: int,
              opponent_level: int) -> SideRating:
    """Rate one seat of a finished GameState; ``winner_seat`` is 0, 1 or None (draw)."""
    if winner_seat is None:
        result = "draw"
    elif winner_seat == seat:
        result = "win"
    else:
        result = "loss"
    own, opp = state.p[seat], state.p[1 - seat]
    limits = state.limits
    awards = ()
    if result == "win":
        awards = tuple(end_of_game_awards(
            outcome=outcome, winner=side_facts(own, state.cards),
            loser=side_facts(opp, state.cards),
            round_counter=state.round, max_wall=limits.max_wall,
            assassin_rounds=limits.assassin_rounds))
    return rate_exp(result=result, outcome=outcome, level=level,
                    opponent_level=opponent_level, own_tower=own.tower, own_stock=own.stock,
                    opponent_tower=opp.tower, opponent_stock=opp.stock,
                    max_tower=limits.max_tower, res_victory=limits.res_victory, awards=awards)
