"""The arithmetic of the balance dashboard: what one seat of one game says about each card,
the tallies over many games, Wilson intervals and the minimum sample.

Pure Python (no Django): the refresh of real games and the self-play runs count the same
way. A seat's game says, for each card of its deck, whether the card was played at least
once and whether the seat won; plays and discards are counted for every card the seat
played or threw away (summoned cards too, which were never in its deck).

The two win rates of a card compare the games where it was in the seat's deck: those where
the seat played it, and those where it stayed unplayed. A draw is a game not won. The
difference (played minus not played) has Newcombe's interval, built from the two Wilson
intervals. None of this says the card caused the wins: a card is played more often by a
player who is already ahead (or who can afford it).
"""
import math
from dataclasses import dataclass, field

# 95 % two-sided.
Z95 = 1.959963984540054
# Below this many games in a group (played, or in the deck and not played) its win rate is
# not shown: "too few games". The difference needs both groups.
MIN_GAMES = 30

# The mode rows a game counts in: every game in "all", then each of its modes ("normal"
# when it is neither hidden nor long).
MODE_KEYS = ("all", "normal", "hidden", "long")

COUNTERS = ("in_deck", "played_games", "played_wins", "unplayed_games", "unplayed_wins",
            "times_played", "times_discarded")


def wilson(wins: int, games: int, z: float = Z95):
    """(rate, low, high) of ``wins`` out of ``games`` with Wilson's score interval, or None
    for no games."""
    if games <= 0:
        return None
    if not 0 <= wins <= games:
        raise ValueError(f"{wins} wins out of {games} games")
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return p, max(0.0, centre - half), min(1.0, centre + half)


def difference(first, second):
    """(difference, low, high) of two (rate, low, high) Wilson results: Newcombe's hybrid
    score interval for first minus second."""
    p1, l1, u1 = first
    p2, l2, u2 = second
    d = p1 - p2
    return (d, d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2),
            d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2))


def mode_keys(*, hidden: bool, long: bool) -> tuple:
    keys = ["all"]
    if hidden:
        keys.append("hidden")
    if long:
        keys.append("long")
    if not hidden and not long:
        keys.append("normal")
    return tuple(keys)


@dataclass
class SeatGame:
    """One seat of one finished game: its deck's card ids, how often it played and
    discarded each card, and whether it won (None: a draw)."""

    deck: frozenset
    plays: dict = field(default_factory=dict)
    discards: dict = field(default_factory=dict)
    won: bool | None = False


@dataclass
class Tally:
    """Counters per (mode key, card id): ``rows[(mode, card)] = [COUNTERS...]``."""

    rows: dict = field(default_factory=dict)
    games: int = 0

    def add(self, seats, *, hidden: bool, long: bool) -> None:
        """Count one game (its counted seats)."""
        self.games += 1
        for mode in mode_keys(hidden=hidden, long=long):
            for seat in seats:
                self._add_seat(mode, seat)

    def _row(self, mode, card):
        row = self.rows.get((mode, card))
        if row is None:
            row = self.rows[(mode, card)] = [0] * len(COUNTERS)
        return row

    def _add_seat(self, mode, seat: SeatGame) -> None:
        won = 1 if seat.won else 0
        for card in seat.deck:
            row = self._row(mode, card)
            row[0] += 1
            if seat.plays.get(card):
                row[1] += 1
                row[2] += won
            else:
                row[3] += 1
                row[4] += won
        for card, n in seat.plays.items():
            self._row(mode, card)[5] += n
        for card, n in seat.discards.items():
            self._row(mode, card)[6] += n

    def merge(self, other: "Tally") -> None:
        self.games += other.games
        for key, counts in other.rows.items():
            row = self._row(*key)
            for i, n in enumerate(counts):
                row[i] += n


def figures(counts: dict, *, min_games: int = MIN_GAMES) -> dict:
    """The shown figures of one card's counters (a dict of COUNTERS): each win rate with its
    interval when its group has ``min_games`` games, else None; the difference when both
    have."""
    played = wilson(counts["played_wins"], counts["played_games"])
    unplayed = wilson(counts["unplayed_wins"], counts["unplayed_games"])
    played = played if counts["played_games"] >= min_games else None
    unplayed = unplayed if counts["unplayed_games"] >= min_games else None
    both = difference(played, unplayed) if played and unplayed else None
    out = {}
    for prefix, value in (("played_", played), ("unplayed_", unplayed), ("difference_", both)):
        rate, low, high = value if value else (None, None, None)
        out["difference" if prefix == "difference_" else f"{prefix}rate"] = rate
        out[f"{prefix}low"] = low
        out[f"{prefix}high"] = high
    return out
