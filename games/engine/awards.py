"""End-of-game awards and the achievement counters (rules-engine.md §16.2 and §16.4).

Pure Python, no Django. The names, thresholds and gold amounts are facts of the
original game; the descriptions are ours.

Deliberate difference from the original: when one update carries a counter over
more than one tier at once, every tier crossed pays its gold (the original paid
only the lowest), the same spirit as granting several level-ups in one game.
"""
from dataclasses import dataclass

from .cards.model import CARDS, card_in

# The twenty lifetime counters, in the order the player pages show them.
COUNTERS = (
    "wall", "wall_damage", "quarry", "magic", "dungeons", "tower", "tower_damage", "rares",
    "ai_challenges", "saboteur", "gentle_touch", "desolator", "dragon", "carpenter", "titan",
    "assassin", "snob", "collector", "builder", "survivor",
)

# Counters the engine reports for every turn (TurnResult.record["awards"]).
TURN_COUNTERS = ("wall", "wall_damage", "quarry", "magic", "dungeons", "tower",
                 "tower_damage", "rares")

COUNTER_LABELS = {
    "wall": "Wall built",
    "wall_damage": "Wall damage dealt",
    "quarry": "Quarry raised",
    "magic": "Magic raised",
    "dungeons": "Dungeons raised",
    "tower": "Tower built",
    "tower_damage": "Tower damage dealt",
    "rares": "Rare cards played",
    "ai_challenges": "AI challenges won",
    "saboteur": "Saboteur awards",
    "gentle_touch": "Gentle touch awards",
    "desolator": "Desolator awards",
    "dragon": "Dragon awards",
    "carpenter": "Carpenter awards",
    "titan": "Titan awards",
    "assassin": "Assassin awards",
    "snob": "Snob awards",
    "collector": "Collector awards",
    "builder": "Builder awards",
    "survivor": "Survivor awards",
}


@dataclass(frozen=True)
class Achievement:
    name: str
    counter: str  # "" for a final achievement
    tier: int  # 1..3
    threshold: int  # 0 for a final achievement
    gold: int


@dataclass(frozen=True)
class EndOfGameAward:
    key: str  # also the name of its counter
    name: str
    gold: int
    description: str


def _tiers(counter, rows):
    return tuple(Achievement(name, counter, tier, threshold, gold)
                 for tier, (name, threshold, gold) in enumerate(rows, start=1))


# counter -> its three achievements, tier 1..3
ACHIEVEMENTS = {
    "wall": _tiers("wall", [("Defender", 50000, 20), ("Protector", 100000, 40),
                            ("Guardian", 150000, 60)]),
    "wall_damage": _tiers("wall_damage", [("Invader", 50000, 20), ("Ransacker", 100000, 40),
                                          ("Ravager", 150000, 60)]),
    "quarry": _tiers("quarry", [("Sculptor", 250, 25), ("Mason", 500, 50),
                                ("Architect", 750, 75)]),
    "magic": _tiers("magic", [("Apprentice", 250, 25), ("Librarian", 500, 50),
                              ("Lore keeper", 750, 75)]),
    "dungeons": _tiers("dungeons", [("Sergeant", 250, 25), ("Colonel", 500, 50),
                                    ("Marshal", 750, 75)]),
    "tower": _tiers("tower", [("Tower guard", 50000, 30), ("Honor guard", 100000, 60),
                              ("Royal guard", 150000, 90)]),
    "tower_damage": _tiers("tower_damage", [("Assailant", 50000, 30),
                                            ("Aggressor", 100000, 60),
                                            ("Conqueror", 150000, 90)]),
    "rares": _tiers("rares", [("Evoker", 500, 35), ("Magician", 1000, 70),
                              ("Archmage", 1500, 105)]),
    "ai_challenges": _tiers("ai_challenges", [("Adventurer", 100, 40), ("Explorer", 200, 80),
                                              ("Vanguard", 300, 120)]),
    "saboteur": _tiers("saboteur", [("Intruder", 50, 25), ("Backstabber", 100, 50),
                                    ("Infiltrator", 150, 75)]),
    "gentle_touch": _tiers("gentle_touch", [("Goblin", 50, 50), ("Halfling", 100, 100),
                                            ("Dwarf", 150, 150)]),
    "desolator": _tiers("desolator", [("Pillager", 50, 75), ("Scourge", 100, 150),
                                      ("Defiler", 150, 225)]),
    "dragon": _tiers("dragon", [("Dragon apprentice", 50, 75), ("Dragon trainer", 100, 150),
                                ("Dragon master", 150, 225)]),
    "carpenter": _tiers("carpenter", [("Student", 50, 100), ("Scholar", 100, 200),
                                      ("Professor", 150, 300)]),
    "titan": _tiers("titan", [("Awakening titan", 50, 100), ("Defiler of the gods", 100, 200),
                              ("Bane of the gods", 150, 300)]),
    "assassin": _tiers("assassin", [("Cutthroat", 50, 125), ("Eliminator", 100, 250),
                                    ("Executioner", 150, 375)]),
    "snob": _tiers("snob", [("Elder", 50, 150), ("Stewart", 100, 300),
                            ("Governour", 150, 450)]),
    "collector": _tiers("collector", [("Count", 50, 175), ("Baron", 100, 350),
                                      ("Lord", 150, 525)]),
    "builder": _tiers("builder", [("Guardsman", 50, 200), ("Sentry", 100, 400),
                                  ("Keeper", 150, 600)]),
    "survivor": _tiers("survivor", [("Advisor", 50, 225), ("Counselor", 100, 450),
                                    ("Strategist", 150, 675)]),
}

# tier -> the achievement for reaching that tier on every counter
FINAL_ACHIEVEMENTS = {
    1: Achievement("Veteran", "", 1, 0, 1250),
    2: Achievement("Champion", "", 2, 0, 2500),
    3: Achievement("Grandmaster", "", 3, 0, 3750),
}

END_OF_GAME_AWARDS = {
    "saboteur": EndOfGameAward("saboteur", "Saboteur", 1,
                               "Won by knocking the enemy tower down while their wall still stood."),
    "gentle_touch": EndOfGameAward("gentle_touch", "Gentle touch", 2,
                                   "Won with a Common card as the final move."),
    "desolator": EndOfGameAward("desolator", "Desolator", 3,
                                "Left every enemy facility at 1."),
    "dragon": EndOfGameAward("dragon", "Dragon", 3, "Won with a Dragon as the final move."),
    "carpenter": EndOfGameAward("carpenter", "Carpenter", 4,
                                "Ended with all three own facilities at 6 or more."),
    "titan": EndOfGameAward("titan", "Titan", 4,
                            "Destroyed the enemy tower with Completion ritual."),
    "assassin": EndOfGameAward("assassin", "Assassin", 5,
                               "Won within 10 rounds (20 in a long game)."),
    "snob": EndOfGameAward("snob", "Snob", 6, "Won with a discard as the final move."),
    "collector": EndOfGameAward("collector", "Collector", 7,
                                "Held at least four Rare cards at the end."),
    "builder": EndOfGameAward("builder", "Builder", 8, "Ended with the wall at its maximum."),
    "survivor": EndOfGameAward("survivor", "Survivor", 9,
                               "Ended with a tower of exactly 1 and no wall."),
}

COUNTER_CAP = {counter: tiers[-1].threshold for counter, tiers in ACHIEVEMENTS.items()}

STANDARD_VICTORIES = ("Resource", "Construction", "Destruction")
COMPLETION_RITUAL = 315


@dataclass(frozen=True)
class SideFacts:
    """What the award rules read about one side at the end of a game."""

    tower: int
    wall: int
    quarry: int
    magic: int
    dungeons: int
    last_card: int  # card id of the last history entry (0 = none)
    last_action: str  # "play" / "discard"
    last_card_rarity: str  # "Common" / "Uncommon" / "Rare" / ""
    last_card_is_dragon: bool
    rares_in_hand: int


def side_facts(player_state, cards=None) -> SideFacts:
    """SideFacts of a PlayerState at the end of a game; ``cards``: the game's card table
    (``GameState.cards``; default the base catalogue)."""
    cards = CARDS if cards is None else cards

    def rarity(card_id):
        c = card_in(cards, card_id) if card_id > 0 else None
        return c.rarity if c is not None else ""

    def is_dragon(card_id):
        c = card_in(cards, card_id) if card_id > 0 else None
        return c is not None and "Dragon" in c.kw

    a = player_state.a
    last_card, _mode, last_action = player_state.hist[-1] if player_state.hist else (0, 0, "")
    return SideFacts(
        tower=a[0], wall=a[1], quarry=a[2], magic=a[3], dungeons=a[4],
        last_card=last_card, last_action=last_action, last_card_rarity=rarity(last_card),
        last_card_is_dragon=is_dragon(last_card),
        rares_in_hand=sum(1 for c in player_state.hand if rarity(c) == "Rare"),
    )


def end_of_game_awards(*, outcome, winner, loser, round_counter, max_wall,
                       assassin_rounds):
    """Keys of the end-of-game awards the winner earns (§16.2), in table order.

    ``winner`` and ``loser`` are SideFacts; ``round_counter`` is the state's
    round as stored after the final turn.
    """
    standard = outcome in STANDARD_VICTORIES
    played_last = winner.last_action == "play" and winner.last_card > 0
    earned = []
    if standard and loser.tower <= 0 and loser.wall > 0:
        earned.append("saboteur")
    if standard and played_last and winner.last_card_rarity == "Common":
        earned.append("gentle_touch")
    if loser.quarry == 1 and loser.magic == 1 and loser.dungeons == 1:
        earned.append("desolator")
    if standard and played_last and winner.last_card_is_dragon:
        earned.append("dragon")
    if winner.quarry >= 6 and winner.magic >= 6 and winner.dungeons >= 6:
        earned.append("carpenter")
    if outcome == "Destruction" and played_last and winner.last_card == COMPLETION_RITUAL:
        earned.append("titan")
    if standard and round_counter <= assassin_rounds:
        earned.append("assassin")
    if standard and winner.last_action == "discard":
        earned.append("snob")
    if winner.rares_in_hand >= 4:
        earned.append("collector")
    if winner.wall >= max_wall:
        earned.append("builder")
    if winner.tower == 1 and winner.wall == 0:
        earned.append("survivor")
    return earned


@dataclass(frozen=True)
class CounterUpdate:
    counters: dict  # counter -> new value (all twenty)
    achievements: tuple  # Achievement objects newly reached, tier achievements first
    gold: int


def counters_add(current, amounts):
    """Add ``amounts`` (counter -> int) to ``current`` counters.

    Values are capped at the tier-3 threshold; non-positive amounts and unknown
    counter names are ignored (the engine may report a counter it adds later).
    Returns the new counters, the achievements newly reached and their gold.
    """
    new = {name: int(current.get(name, 0)) for name in COUNTERS}
    reached = []
    crossed_tiers = set()
    for name, amount in amounts.items():
        if name not in ACHIEVEMENTS:
            continue
        amount = int(amount)
        if amount <= 0:
            continue
        old = new[name]
        value = min(old + amount, COUNTER_CAP[name])
        new[name] = value
        for achievement in ACHIEVEMENTS[name]:
            if old < achievement.threshold <= value:
                reached.append(achievement)
                crossed_tiers.add(achievement.tier)
    for tier in sorted(crossed_tiers):
        if all(new[name] >= ACHIEVEMENTS[name][tier - 1].threshold for name in COUNTERS):
            reached.append(FINAL_ACHIEVEMENTS[tier])
    return CounterUpdate(new, tuple(reached), sum(a.gold for a in reached))


def achievements_reached(counters):
    """Every achievement the counters show as reached (tier and final), for display."""
    reached = []
    for name in COUNTERS:
        value = counters.get(name, 0)
        reached.extend(a for a in ACHIEVEMENTS[name] if value >= a.threshold)
    for tier, final in FINAL_ACHIEVEMENTS.items():
        if all(counters.get(name, 0) >= ACHIEVEMENTS[name][tier - 1].threshold
               for name in COUNTERS):
            reached.append(final)
    return reached


def next_achievement(counter, value):
    """The next tier of ``counter`` not yet reached at ``value``, or None."""
    for achievement in ACHIEVEMENTS[counter]:
        if value < achievement.threshold:
            return achievement
    return None
