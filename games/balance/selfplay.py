"""Self-play games for the balance dashboard: the computer against itself with random
starter-like decks, in pure engine code (no Django).

Each game deals two decks of 15 different cards per rarity, drawn from what a deck may hold
(implemented cards that are not Forbidden, every level), with their automatic token
counters, and lets ``engine.choose_action`` play both seats at one level. Every move is
chosen on what its seat may know, told the cards its opponent showed so far (``seen``), as
``devtools/ai_match.py`` plays. Game ``i`` of a run with seed ``s`` is the same game
whatever else the run does: its deal, its modes and its moves' seeds come from ``s`` and
``i`` only, so a run stopped early is a prefix of the longer one.
"""
import time

from games import engine

from .counting import SeatGame, Tally

SELFPLAY_MODES = {
    "normal": "Normal games",
    "hidden": "Hidden cards",
    "long": "Long mode",
    "mixed": "Mixed: normal, hidden, long, hidden and long in turn",
}
RARITIES = ("Common", "Uncommon", "Rare")
DECK_SECTION = 15
_POOLS = None


def deck_pools() -> tuple:
    """Per rarity, the ids a deck may hold (the deck builder's rule without the level)."""
    global _POOLS
    if _POOLS is None:
        _POOLS = tuple(tuple(c.id for c in engine.cards_filter(rarity=rarity, implemented=True))
                       for rarity in RARITIES)
    return _POOLS


def random_deck(rng) -> "engine.Deck":
    """15 different cards of each rarity, picked with ``rng`` (an engine ``Rng``), and the
    automatic token counters."""
    sections = []
    for pool in deck_pools():
        ids = list(pool)
        for i in range(DECK_SECTION):  # the first 15 steps of a Fisher-Yates shuffle
            j = i + rng.below(len(ids) - i)
            ids[i], ids[j] = ids[j], ids[i]
        sections.append(tuple(ids[:DECK_SECTION]))
    tokens = engine.deck_auto_tokens([cid for section in sections for cid in section])
    return engine.Deck(*sections, tuple(tokens))


def game_modes(mode: str, index: int) -> tuple:
    """(hidden, long) of game ``index`` of a run in ``mode``."""
    if mode == "mixed":
        return bool(index % 2), bool(index // 2 % 2)
    return mode == "hidden", mode == "long"


def level_budget(level: str):
    """A search level's default simulation count without its time limit (a run gives the
    same games whatever the machine's load), as devtools/ai_match.py plays."""
    default = engine.AI_DEFAULT_BUDGETS.get(level, {})
    return {"simulations": default["simulations"]} if "simulations" in default else None


def play_game(index: int, *, seed: int, level: str, mode: str):
    """Game ``index`` of the run: (seats as SeatGame, hidden, long, turns)."""
    rng = engine.Rng(seed * 1000003 + index)
    decks = (random_deck(rng), random_deck(rng))
    hidden, long = game_modes(mode, index)
    state = engine.new_game(decks[0], decks[1], seed=rng.randint(0, (1 << 62) - 1),
                            hidden=hidden, long_mode=long)
    move_rng = engine.Rng(rng.randint(0, (1 << 62) - 1))
    budget = level_budget(level)
    seats = tuple(SeatGame(deck=frozenset(d.common + d.uncommon + d.rare)) for d in decks)
    shown = ([], [])  # per seat: the cards it played or discarded (both players see them)
    turns = 0
    while state.status == "in progress":
        seat = state.current
        action = engine.choose_action(state, seat, level=level,
                                      seed=move_rng.randint(0, (1 << 62) - 1),
                                      budget=budget, seen=shown[1 - seat])
        card = state.p[seat].hand[action.position - 1]
        shown[seat].append(card)
        if action.kind == "play":
            seats[seat].plays[card] = seats[seat].plays.get(card, 0) + 1
            state = engine.play(state, seat, action.position, action.mode).state
        else:
            seats[seat].discards[card] = seats[seat].discards.get(card, 0) + 1
            state = engine.discard(state, seat, action.position).state
        turns += 1
    for seat, facts in enumerate(seats):
        facts.won = None if state.winner is None else state.winner == seat
    return seats, hidden, long, turns


def run_games(games: int, *, seed: int, level: str, mode: str, start: int = 0,
              cpu_seconds: float | None = None, progress=None, every: int = 50):
    """Play games ``start`` .. ``start + games - 1``; returns (Tally, games played, turns).

    Stops early once ``cpu_seconds`` of this process's CPU time are spent (the bound of a
    queued run). ``progress(done, tally)`` is called every ``every`` games."""
    if level not in engine.AI_LEVELS:
        raise ValueError(f"unknown level {level!r}")
    if mode not in SELFPLAY_MODES:
        raise ValueError(f"unknown mode {mode!r}")
    tally = Tally()
    turns = 0
    began = time.process_time()
    done = 0
    for index in range(start, start + games):
        if cpu_seconds is not None and time.process_time() - began >= cpu_seconds:
            break
        seats, hidden, long, n = play_game(index, seed=seed, level=level, mode=mode)
        tally.add(seats, hidden=hidden, long=long)
        turns += n
        done += 1
        if progress is not None and done % every == 0:
            progress(done, tally)
    return tally, done, turns
