"""Read-only queries of a player's progression: EXP to the next level, awards, rated games."""
import math

from django.db.models import Count, Sum

from games.engine import awards_rules, rating_rules
from players.models import AwardCounters, GameRating
from players.tutorial.sections import SECTION_LABELS, SECTION_LEVELS, TUTORIAL_END_LEVEL


def exp_progress(player) -> dict:
    needed = rating_rules.exp_required(player.level)
    return {"exp": player.exp, "needed": needed,
            "percent": min(100, round(100 * player.exp / needed)) if needed else 100}


def exp_to_reach(player, level: int) -> int:
    """EXP ``player`` still needs to reach ``level`` (0 when there already)."""
    needed = sum(rating_rules.exp_required(n) for n in range(player.level, level))
    return max(0, needed - player.exp)


# A win against the computer at one's own level (games.services.rating rates the standard
# AI as the player's level): 100 EXP times the game rating (105 % for a tower destroyed,
# 110 % built, 115 % resources) times the victory rating (100 %, 125 % or 175 % for a clear
# lead). The least of them, to promise no more wins than needed.
_round = rating_rules.php_round
WIN_EXP_LEAST = _round(rating_rules.BASE_EXP * rating_rules.game_rating("win", "Destruction"))
WIN_EXP_MOST = _round(_round(rating_rules.BASE_EXP * rating_rules.game_rating("win", "Resource"))
                      * rating_rules.VICTORY_MULTIPLIER[rating_rules.MAJOR])


def tutorial_milestone(player) -> dict | None:
    """What the tutorial opens next for ``player`` and how far it is, or None past the
    tutorial: {"level", "opens": [section labels] (empty: the tutorial's end), "exp",
    "wins": wins against the computer that bring that EXP at the least (WIN_EXP_LEAST each;
    clear wins need fewer)}."""
    if player.level >= TUTORIAL_END_LEVEL:
        return None
    level = min((lvl for lvl in SECTION_LEVELS.values() if lvl > player.level),
                default=TUTORIAL_END_LEVEL)
    opens = sorted(SECTION_LABELS[key] for key, lvl in SECTION_LEVELS.items() if lvl == level)
    exp = exp_to_reach(player, level)
    return {"level": level, "opens": opens, "exp": exp,
            "wins": math.ceil(exp / WIN_EXP_LEAST)}


def loss_lesson(*, player, is_ai: bool, ai_challenge: bool, friendly: bool,
                outcome: str) -> str:
    """What would have earned ``player`` EXP in a game just lost (the end screen's advice),
    or "" when the game could not have earned any (friendly, AI challenges, the computer
    past the tutorial)."""
    if friendly and not is_ai or ai_challenge or (is_ai and player.level >= TUTORIAL_END_LEVEL):
        return ""
    parts = []
    if is_ai:
        parts.append(f"A win against the computer earns {WIN_EXP_LEAST} to {WIN_EXP_MOST} EXP: "
                     "more for a win by resources or by building your tower, and for a clear "
                     "lead.")
    else:
        held_on = _round(rating_rules.BASE_EXP * rating_rules.game_rating("loss", "Destruction"))
        parts.append(f"A win earns about {WIN_EXP_LEAST} to {WIN_EXP_MOST} EXP (more against a "
                     "higher level). Holding on pays a little too: a defeat by a destroyed "
                     f"tower still earns about {held_on} EXP, a surrender nothing.")
    milestone = tutorial_milestone(player)
    if milestone:
        opens = (" and opens " + ", ".join(milestone["opens"]) if milestone["opens"]
                 else " and ends the tutorial")
        parts.append(f"Level {milestone['level']} is {milestone['exp']} EXP away{opens}.")
    return " ".join(parts)


def award_summary(player) -> dict:
    """End-of-game award counts, achievement progress and reached achievements."""
    try:
        counters = player.award_counters.as_dict()
    except AwardCounters.DoesNotExist:
        counters = {name: 0 for name in awards_rules.COUNTERS}
    end_of_game = [{"award": award, "count": counters[key]}
                   for key, award in awards_rules.END_OF_GAME_AWARDS.items()]
    progress = []
    for name in awards_rules.COUNTERS:
        tiers = awards_rules.ACHIEVEMENTS[name]
        value = counters[name]
        nxt = awards_rules.next_achievement(name, value)
        progress.append({
            "label": awards_rules.COUNTER_LABELS[name], "value": value,
            "tiers": [{"achievement": a, "reached": value >= a.threshold} for a in tiers],
            "next": nxt,
            "percent": 100 if nxt is None else min(100, round(100 * value / nxt.threshold)),
        })
    reached = awards_rules.achievements_reached(counters)
    finals = [a for a in reached if not a.counter]
    return {"end_of_game": end_of_game, "progress": progress, "reached_count": len(reached),
            "finals": finals}


def own_statistics(player) -> dict:
    """The player's rated games by result and outcome, with the EXP and gold they brought."""
    rows = (GameRating.objects.filter(player=player).values("result", "outcome")
            .annotate(n=Count("id"), exp=Sum("exp"), gold=Sum("gold"))
            .order_by("result", "outcome"))
    rows = list(rows)
    return {
        "rows": rows,
        "games": sum(r["n"] for r in rows),
        "exp": sum(r["exp"] or 0 for r in rows),
        "gold": sum(r["gold"] or 0 for r in rows),
    }
