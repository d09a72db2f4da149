"""The rules of events, without Django: points, arena pairing, Swiss pairing, tie-breaks.

Scores are integers in half points (a win 2, a draw 1, a loss 0; a Swiss bye 2). In an
arena a player who has won his last two games is on a streak: his next games count double
(a win 4, a draw 2) until he fails to win, as lichess's arenas count.

Swiss pairing is a maximum-weight matching (networkx) over the players of the round: an
edge's weight falls with the square of the score difference and, much more, when the two
have met already; with an odd count a "bye" node takes the lowest-scored player who has
not had one. The matching is the kept library's; only the weights are ours.
"""
from dataclasses import dataclass, field
from datetime import timedelta

WIN, DRAW, LOSS = "win", "draw", "loss"
POINTS = {WIN: 2, DRAW: 1, LOSS: 0}
BYE_POINTS = 2
# Two wins in a row: the next games count double.
STREAK_FOR_DOUBLE = 2
# No arena game starts this close to its end: it could not be finished, and a game still
# running at the end does not count (the event's page says so).
LAST_PAIRING = timedelta(minutes=1)


def arena_points(result: str, streak: int) -> tuple[int, int]:
    """(points earned, streak after) for a game ``result`` ("win", "draw", "loss") played
    with ``streak`` consecutive wins before it."""
    factor = 2 if streak >= STREAK_FOR_DOUBLE else 1
    if result == WIN:
        return POINTS[WIN] * factor, streak + 1
    return POINTS[result] * factor, 0


def on_fire(streak: int) -> bool:
    """Does this player's next game count double?"""
    return streak >= STREAK_FOR_DOUBLE


# ---------------------------------------------------------------- arena pairing
@dataclass(frozen=True)
class Waiting:
    """A free player of an arena: his entry id, score, rating, last opponent's entry id,
    and whether he has waited long enough to take a rematch."""

    id: int
    score: int
    rating: float = 1500.0
    last_opponent: int | None = None
    patient: bool = False


def arena_pairs(waiting: list[Waiting], *, others_playing: bool) -> list[tuple[int, int]]:
    """Pair the free players of an arena, nearest in the standings first.

    A player is not paired with his last opponent while someone else is free for him; when
    nobody else is, the rematch waits while other games of the arena are running
    (``others_playing``: someone new may soon be free), unless both have waited long
    enough (``patient``). Returns (entry id, entry id) pairs; an odd player out waits.
    """
    order = sorted(waiting, key=lambda w: (-w.score, -w.rating, w.id))
    paired: set[int] = set()
    pairs = []
    for index, first in enumerate(order):
        if first.id in paired:
            continue
        fallback = None
        chosen = None
        for second in order[index + 1:]:
            if second.id in paired:
                continue
            if first.last_opponent == second.id or second.last_opponent == first.id:
                if fallback is None:
                    fallback = second
                continue
            chosen = second
            break
        if chosen is None and fallback is not None:
            if not others_playing or (first.patient and fallback.patient):
                chosen = fallback
        if chosen is not None:
            paired.update((first.id, chosen.id))
            pairs.append((first.id, chosen.id))
    return pairs


# ---------------------------------------------------------------- Swiss pairing
@dataclass(frozen=True)
class SwissPlayer:
    id: int
    score: int
    rating: float = 1500.0
    had_bye: bool = False


@dataclass
class SwissRound:
    pairs: list[tuple[int, int]] = field(default_factory=list)
    bye: int | None = None


# Weights (integers: networkx's matching is exact on them). Every edge stays positive, and
# the matching takes as many pairs as it can (maxcardinality), so these only rank pairings.
_BASE = 10_000_000
_SCORE_DIFF = 1_000      # per (half point difference)^2
_REMATCH = 2_000_000     # a pair that has met already
_RATING = 1              # per 100 rating points apart: breaks ties between equal scores
_BYE_SCORE = 2_000       # per half point of the player given the bye
_BYE_AGAIN = 4_000_000   # a second bye for the same player
_BYE = "bye"


def _pair_weight(a: SwissPlayer, b: SwissPlayer, met: bool) -> int:
    weight = _BASE - _SCORE_DIFF * (a.score - b.score) ** 2
    weight -= _RATING * int(abs(a.rating - b.rating) // 100)
    if met:
        weight -= _REMATCH
    return weight


def _bye_weight(player: SwissPlayer) -> int:
    return _BASE - _BYE_SCORE * player.score - (_BYE_AGAIN if player.had_bye else 0)


# Each player is offered the players this many places above and below him in the standings
# (a score group of any size is still paired within itself, and a player has met few of
# them): a matching over all the pairs of 200 players took 4 s, over these 0.02-0.3 s. A
# round this cannot pair whole, or only with a rematch, is paired again with twice the
# reach, up to every pair.
NEIGHBOURS = 12


def swiss_pairs(players: list[SwissPlayer], met: set[frozenset], *,
                neighbours: int | None = NEIGHBOURS) -> SwissRound:
    """One Swiss round: players with equal or near scores who have not met (``met`` holds
    frozensets of entry ids that played each other), a bye for an odd count."""
    # Imported here, where a Swiss round is paired: networkx is a tenth of a second of every
    # server and worker process's start, and most processes never pair a round.
    import networkx as nx

    ordered = sorted(players, key=lambda p: (-p.score, -p.rating, p.id))
    graph = nx.Graph()
    graph.add_nodes_from(p.id for p in ordered)
    reach = len(ordered) if neighbours is None else neighbours
    for i, a in enumerate(ordered):
        for b in ordered[i + 1:i + 1 + reach]:
            graph.add_edge(a.id, b.id, weight=_pair_weight(a, b, frozenset((a.id, b.id)) in met))
    if len(players) % 2:
        for player in players:
            graph.add_edge(_BYE, player.id, weight=_bye_weight(player))
    matching = nx.max_weight_matching(graph, maxcardinality=True, weight="weight")
    if neighbours is not None and reach < len(ordered) and (
            len(matching) < len(players) // 2 + len(players) % 2
            or any(frozenset(pair) in met for pair in matching)):
        wider = 2 * reach
        return swiss_pairs(players, met, neighbours=None if wider >= len(ordered) else wider)
    result = SwissRound()
    rank = {p.id: n for n, p in enumerate(ordered)}
    for a, b in matching:
        if _BYE in (a, b):
            result.bye = b if a == _BYE else a
            continue
        # The better placed player first (the engine draws who moves first anyway).
        first, second = (a, b) if rank[a] < rank[b] else (b, a)
        result.pairs.append((first, second))
    result.pairs.sort(key=lambda pair: rank[pair[0]])
    return result


# ---------------------------------------------------------------- tie-breaks
@dataclass(frozen=True)
class Played:
    """One finished game of an event: the two entry ids and the half points each earned
    (by the game's result, before an arena's doubling)."""

    a: int
    b: int
    a_result: int
    b_result: int


def tie_breaks(scores: dict[int, int], games: list[Played]) -> dict[int, tuple[int, int]]:
    """{entry id: (Buchholz in half points, Sonneborn-Berger in quarter points)}.

    Buchholz: the sum of the opponents' scores. Sonneborn-Berger: the scores of the
    opponents beaten, plus half the scores of those drawn. Byes count for neither.
    """
    buchholz = dict.fromkeys(scores, 0)
    sonneborn = dict.fromkeys(scores, 0)
    for game in games:
        for me, opponent, mine in ((game.a, game.b, game.a_result),
                                   (game.b, game.a, game.b_result)):
            if me not in scores or opponent not in scores:
                continue
            buchholz[me] += scores[opponent]
            sonneborn[me] += mine * scores[opponent]
    return {pid: (buchholz[pid], sonneborn[pid]) for pid in scores}
