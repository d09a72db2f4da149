"""The computer levels' ratings as the pages show them (the computer-game form, help)."""
from dataclasses import dataclass

from games import engine
from games.models import AiLevelRating


@dataclass(frozen=True)
class LevelRating:
    level: str  # engine.AI_LEVELS
    label: str
    rating: int
    deviation: int
    margin: int  # twice the deviation: the rating's 95 % interval either side
    games: int
    percent_vs_standard: int | None


def ai_level_ratings(*, hidden: bool = False) -> list[LevelRating]:
    """The rated levels of a mode, weakest level first (engine.AI_LEVELS' order)."""
    rows = {row.level: row for row in AiLevelRating.objects.filter(hidden=hidden)}
    return [LevelRating(level, level.capitalize(), round(row.rating), round(row.deviation),
                        2 * round(row.deviation),
                        row.games, None if row.score_vs_standard is None
                        or level == "standard" else round(100 * row.score_vs_standard))
            for level in engine.AI_LEVELS if (row := rows.get(level)) is not None]


def ai_level_ratings_line(ratings: list[LevelRating]) -> str:
    """"Easy 1210, Standard 1500, Hard 1690, Expert 1740" (plain text, for a help text)."""
    return ", ".join(f"{r.label} {r.rating}" for r in ratings)
