"""Mining puzzles from finished games of the site and from games the computer plays
against itself (``manage.py mine_puzzles``).

Every position before a move is a candidate: the solver's cheap filter judges it on the
real game (``solver.candidate``); a candidate is then proven in sampled worlds as the mover
sees it (``solver.verify``) and saved with the line after every legal move
(``services.puzzle_save``). A finished game is looked through once (``MinedGame``); a
self-play game is a seed, so the same seed mines the same puzzles.
"""
import time
from dataclasses import dataclass, field

from games import engine
from games.models import Game, Turn
from games.services.access import PUBLIC_REPLAYS
from games.services.errors import GameError
from games.services.turn_log import replay_turn

from . import solver
from .models import MinedGame, Puzzle
from .services import puzzle_save

# Worlds sampled to prove a puzzle (besides the real game).
WORLDS = 48
# At most this many puzzles come from one game (varied sources).
PER_GAME = 2
# Self-play: the levels each side may play at (chosen per game from the seed): Easy's
# slips leave wins lying about, Standard's replies are the usual opponent.
SELF_PLAY_LEVELS = ("easy", "standard")
# Self-play: one game in HIDDEN_EVERY is played with hidden cards.
HIDDEN_EVERY = 4
# Self-play gives up after this many games per puzzle asked for.
SELF_PLAY_GAMES_PER_PUZZLE = 40
MASK63 = (1 << 63) - 1


@dataclass
class MiningReport:
    """What a run did: puzzles saved, positions examined (every position before a move),
    candidates (positions the cheap filter passed), candidates the sampled worlds
    refuted, duplicates, games looked through, seconds."""

    puzzles: list = field(default_factory=list)
    positions: int = 0
    candidates: int = 0
    refuted: int = 0
    duplicates: int = 0
    games: int = 0
    self_play_games: int = 0
    seconds: float = 0.0

    @property
    def per_minute(self) -> float:
        return 60 * len(self.puzzles) / self.seconds if self.seconds else 0.0


def mix_seed(*parts) -> int:
    """A 63-bit seed from ints (the same parts, the same seed)."""
    value = 0x5EED_0F_9022
    for part in parts:
        value = (value * 1_000_003 + int(part) + 0x9E37) & MASK63
    return value


def _try_position(state, *, seen, seed, worlds, report, save):
    """Judge one position; save a proven puzzle through ``save(found)``; True if saved."""
    report.positions += 1
    found = solver.candidate(state)
    if found is None:
        return False
    report.candidates += 1
    if not solver.verify(state, found, worlds=worlds, seed=seed, seen=seen):
        report.refuted += 1
        return False
    puzzle = save(found)
    if puzzle is None:
        report.duplicates += 1
        return False
    report.puzzles.append(puzzle)
    return True


def mine_game(game: Game, *, seed: int, worlds: int, report: MiningReport, wanted: int) -> int:
    """Look through one finished game; the puzzles saved (at most PER_GAME, and ``wanted``)."""
    turns = list(game.turns.order_by("number").only(
        "game", "number", "actor_seat", "action", "position", "card", "mode", "record"))
    if not game.initial_state or any(t.action == Turn.Action.SANDBOX for t in turns):
        MinedGame.objects.get_or_create(game=game)
        return 0  # a sandbox game's positions were set by hand
    state = engine.state_from_json(game.initial_state)
    shown = ([], [])  # the cards each seat played or discarded so far
    positions_before = report.positions
    found = 0
    for number, turn in enumerate(turns):
        if turn.action not in (Turn.Action.PLAY, Turn.Action.DISCARD):
            break
        if state.status == "in progress" and found < min(PER_GAME, wanted):
            mover = state.current
            saved = _try_position(
                state, seen=tuple(shown[1 - mover]), seed=mix_seed(seed, game.pk, number),
                worlds=worlds, report=report,
                save=lambda f, s=state, n=number: puzzle_save(
                    f, s, origin=Puzzle.Origin.GAME, source_game=game, source_turn=n,
                    line_seed=mix_seed(seed, game.pk, n, 1)))
            found += saved
        if turn.card and turn.actor_seat in (0, 1):
            shown[turn.actor_seat].append(turn.card)
        try:
            state = replay_turn(state, turn)
        except GameError:
            break
    MinedGame.objects.update_or_create(game=game, defaults={
        "positions": report.positions - positions_before, "found": found})
    report.games += 1
    return found


def games_to_mine():
    """Finished games of the site not looked through yet, newest first: the public
    replays (played out, not aborted), whose every step anybody may already watch."""
    return (Game.objects.filter(PUBLIC_REPLAYS).exclude(
        pk__in=MinedGame.objects.values("game_id")).order_by("-finished_at", "-pk"))


def self_play_game(game_seed: int):
    """The decks, mode and levels of one self-play game, all from its seed."""
    rng = engine.Rng(game_seed)
    names = engine.STARTER_DECK_NAMES
    first, second = rng.below(len(names)), rng.below(len(names))
    hidden = rng.below(HIDDEN_EVERY) == 0
    levels = (SELF_PLAY_LEVELS[rng.below(2)], SELF_PLAY_LEVELS[rng.below(2)])
    state = engine.new_game(engine.STARTER_DECKS[first], engine.STARTER_DECKS[second],
                            seed=game_seed, hidden=hidden)
    return state, (names[first], names[second]), levels


def mine_self_play(game_seed: int, *, seed: int, worlds: int, report: MiningReport,
                   wanted: int) -> int:
    """Play one game of the computer against itself and mine it as it goes."""
    state, decks, levels = self_play_game(game_seed)
    shown = ([], [])
    moves = []
    found = 0
    while state.status == "in progress" and len(moves) < 400:
        mover = state.current
        if found < min(PER_GAME, wanted):
            source = {"seed": game_seed, "decks": list(decks), "levels": list(levels),
                      "hidden": state.hidden, "moves": list(moves)}
            saved = _try_position(
                state, seen=tuple(shown[1 - mover]), seed=mix_seed(seed, game_seed, len(moves)),
                worlds=worlds, report=report,
                save=lambda f, s=state, src=source: puzzle_save(
                    f, s, origin=Puzzle.Origin.SELF_PLAY, source=src,
                    source_turn=len(src["moves"]),
                    line_seed=mix_seed(seed, game_seed, len(src["moves"]), 1)))
            found += saved
        action = engine.choose_action(state, mover, level=levels[mover],
                                      seed=mix_seed(game_seed, len(moves)))
        card = state.p[mover].hand[action.position - 1]
        shown[mover].append(card)
        moves.append(solver.action_key(action))
        state = solver.after(state, mover, action)
    report.self_play_games += 1
    return found


def mine(count: int, *, from_games: bool = True, self_play: bool = True, seed: int = 0,
         worlds: int = WORLDS, log=None) -> MiningReport:
    """Mine up to ``count`` new puzzles: the site's finished games first (when
    ``from_games``), then self-play games (when ``self_play``) from ``seed``."""
    report = MiningReport()
    started = time.perf_counter()
    if from_games:
        for game in games_to_mine().iterator(chunk_size=50):
            if len(report.puzzles) >= count:
                break
            mine_game(game, seed=seed, worlds=worlds, report=report,
                      wanted=count - len(report.puzzles))
            if log:
                log(report)
    if self_play:
        for index in range(max(1, count) * SELF_PLAY_GAMES_PER_PUZZLE):
            if len(report.puzzles) >= count:
                break
            mine_self_play(mix_seed(seed, index), seed=seed, worlds=worlds, report=report,
                           wanted=count - len(report.puzzles))
            if log:
                log(report)
    report.seconds = time.perf_counter() - started
    return report

