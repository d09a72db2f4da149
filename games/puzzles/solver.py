"""Finding a puzzle in a position and proving it: pure engine work, no Django.

A puzzle is a position where one move (a card, its mode, played or discarded) wins within a
few of the mover's turns whatever the opponent answers, or is the only move that stops the
opponent winning on his next turn, and no other move does as much. It is checked on the
position as the mover sees it: ``engine.sample_worlds`` draws complete games the mover
cannot tell from the real one (the opponent's unseen cards and deck, the generator, drawn
from what the mover may know), and the right move must do its work in every one of them and
in the real game. A wrong move is one that fails in the real game itself (it may
still work in some worlds: it is a gamble, the right move is not).

Everything goes through the engine's public API (``from games import engine``): the
legal moves, ``play``/``discard``, ``sample_worlds``, ``choose_action`` (the computer's
answer shown in the line that follows a move, and whether the computer finds the puzzle).
"""
from dataclasses import dataclass, field

from games import engine

WIN = "win"          # one move wins within ``turns`` of the mover's turns
DEFEND = "defend"    # one move stops the opponent from winning on his next turn

# A win within this many of the mover's turns is looked for (2: a move, any answer, a move).
MAX_WIN_TURNS = 2
# A puzzle needs this many different plays (cards and modes) to choose from.
MIN_PLAY_CHOICES = 3
# The opponent's turn may chain cards that play again: at most this many actions are
# followed in one search branch, so a loop of such cards cannot run away.
MAX_PLIES = 8
# The line shown after an answer: at most this many moves.
LINE_LENGTH = 6


def action_key(action) -> str:
    """A move as the puzzles store it: "play:3:2" (card 3, mode 2), "discard:5:0"."""
    mode = action.mode if action.kind == "play" else 0
    return f"{action.kind}:{action.position}:{mode}"


def parse_key(key: str):
    """The engine's Action of a stored key (ValueError for anything else)."""
    kind, position, mode = key.split(":")
    if kind not in ("play", "discard"):
        raise ValueError(key)
    return engine.Action(kind, int(position), int(mode))


def after(state, seat, action):
    """The state after ``seat`` makes ``action`` (the input is not touched)."""
    if action.kind == "play":
        return engine.play(state, seat, action.position, action.mode).state
    return engine.discard(state, seat, action.position).state


def _turns_left(nxt, seat, turns) -> int:
    """``seat``'s turns left after one of its actions led to ``nxt``: a card that plays
    again keeps the turn, anything else ends it."""
    return turns if nxt.status == "in progress" and nxt.current == seat else turns - 1


def wins_within(state, seat, turns, plies=MAX_PLIES) -> bool:
    """Can ``seat`` force a win within ``turns`` more turns of its own (a card that plays
    again does not end a turn), whatever the other side does? An AND-OR search over every
    legal action of both sides, at most ``plies`` actions deep."""
    if state.status != "in progress":
        return state.winner == seat
    if turns <= 0 or plies <= 0:
        return False
    mover = state.current
    actions = engine.legal_actions(state, mover)
    if mover == seat:
        return any(wins_after(state, seat, a, turns, plies) for a in actions)
    return all(wins_within(after(state, mover, a), seat, turns, plies - 1) for a in actions)


def wins_after(state, seat, action, turns, plies=MAX_PLIES) -> bool:
    """Does ``action`` of ``seat`` (on turn) force its win within ``turns`` turns, this
    one included?"""
    nxt = after(state, seat, action)
    return wins_within(nxt, seat, _turns_left(nxt, seat, turns), plies - 1)


def _first_winning(state, seat, turns):
    """The first action of ``seat`` (on turn) that forces its win within ``turns``, or
    None."""
    for a in engine.legal_actions(state, seat):
        if wins_after(state, seat, a, turns):
            return a
    return None


def loses_next_turn(state, seat) -> bool:
    """Can the opponent of ``seat`` force his win before ``seat``'s next turn? (``state``:
    after ``seat``'s move; ``seat`` may still be on turn after a card that plays again,
    and then any of its moves will do.)"""
    return wins_within(state, 1 - seat, 1)


def group_of(state, seat, action) -> tuple:
    """What a player picks: the card, its mode, played or discarded (two copies of a card
    in the hand are one choice)."""
    card = state.p[seat].hand[action.position - 1]
    return (action.kind, card, action.mode if action.kind == "play" else 0)


@dataclass
class Found:
    """A puzzle found in a position: its ``kind`` and ``turns``, the accepted moves'
    keys (one choice, perhaps in several hand slots), every legal move's verdict in the
    real game, and the number of sampled worlds it was proven in."""

    kind: str
    turns: int
    solution: list
    verdicts: dict = field(default_factory=dict)
    worlds: int = 0


def _groups(state, seat, actions, verdict):
    """{group: [actions]} and the groups whose every action passes ``verdict``."""
    groups = {}
    for a in actions:
        groups.setdefault(group_of(state, seat, a), []).append(a)
    passing = [g for g, acts in groups.items() if all(verdict[action_key(a)] for a in acts)]
    return groups, passing


def _enough_choice(groups) -> bool:
    return sum(1 for g in groups if g[0] == "play") >= MIN_PLAY_CHOICES


def _win_verdicts(state, seat, actions, nexts, turns) -> dict:
    return {action_key(a): wins_within(nexts[action_key(a)], seat,
                                       _turns_left(nexts[action_key(a)], seat, turns))
            for a in actions}


def _one_choice(state, seat, actions, verdict):
    """The keys of the one choice (card, mode, kind) whose every slot passes
    ``verdict`` when no other move passes and there is a real choice; else None."""
    groups, passing = _groups(state, seat, actions, verdict)
    if len(passing) != 1 or not _enough_choice(groups):
        return None
    solution = [action_key(a) for a in groups[passing[0]]]
    if any(ok for key, ok in verdict.items() if key not in solution):
        return None  # a twin slot of the card behaves otherwise, or two choices pass
    return solution


def candidate(state) -> Found | None:
    """A puzzle in ``state`` judged on the real game alone (the cheap first filter), or
    None. The mover is the seat on turn. A win in the fewest turns first; without any win,
    the one move that saves the game."""
    if state.status != "in progress":
        return None
    seat = state.current
    actions = engine.legal_actions(state, seat)
    nexts = {action_key(a): after(state, seat, a) for a in actions}
    for turns in range(1, MAX_WIN_TURNS + 1):
        verdict = _win_verdicts(state, seat, actions, nexts, turns)
        if any(verdict.values()):
            solution = _one_choice(state, seat, actions, verdict)
            return Found(WIN, turns, solution, verdict) if solution else None
    safe = {key: not loses_next_turn(nxt, seat) for key, nxt in nexts.items()}
    if all(safe.values()) or not any(safe.values()):
        return None  # no danger, or nothing helps
    solution = _one_choice(state, seat, actions, safe)
    return Found(DEFEND, 1, solution, safe) if solution else None


def holds_in(world, seat, found: Found, key: str) -> bool:
    """Does the move ``key`` do the puzzle's work in ``world``?"""
    action = parse_key(key)
    if action not in engine.legal_actions(world, seat):
        return False
    if found.kind == WIN:
        return wins_after(world, seat, action, found.turns)
    return not loses_next_turn(after(world, seat, action), seat)


def verify(state, found: Found, *, worlds: int, seed: int, seen=()) -> bool:
    """Does the solution hold in the real game and in ``worlds`` worlds sampled from what
    the mover sees (``engine.sample_worlds`` with ``seed``; ``seen``: cards the opponent
    showed earlier in the game)? Sets ``found.worlds``."""
    seat = state.current
    sampled = engine.sample_worlds(state, seat, worlds, seed=seed, seen=seen)
    for world in [state, *sampled]:
        if not all(holds_in(world, seat, found, key) for key in found.solution):
            return False
    found.worlds = worlds
    return True


def computer_finds(state, found: Found, *, seed: int, level: str = "standard") -> bool:
    """Does the computer play the solution here at ``level`` (the search levels with their
    default simulation count, no time limit: the same answer on any machine)? Puzzles it
    misses start with a higher rating."""
    simulations = engine.AI_DEFAULT_BUDGETS.get(level, {}).get("simulations")
    budget = {"simulations": simulations} if simulations else None
    choice = engine.choose_action(state, state.current, level=level, seed=seed, budget=budget)
    return action_key(choice) in found.solution


def _step(state, seat, action, nxt, mover) -> dict:
    ended = None
    if nxt.status != "in progress":
        ended = "won" if nxt.winner == mover else ("lost" if nxt.winner is not None else "draw")
    return {"by_mover": seat == mover, "kind": action.kind,
            "card": state.p[seat].hand[action.position - 1],
            "mode": action.mode if action.kind == "play" else 0,
            "attributes": [list(nxt.p[mover].a), list(nxt.p[1 - mover].a)],
            "ended": ended}


def _computer(state, seat, seed):
    return engine.choose_action(state, seat, level="standard", seed=seed)


def _mover_next(state, mover, found, turns_left, seed):
    """The mover's move in the line: a forced win when there is one, a move that keeps
    the game (a defence's extra turn), else the computer's choice."""
    if found.kind == WIN:
        return _first_winning(state, mover, turns_left) or _computer(state, mover, seed)
    for a in engine.legal_actions(state, mover):
        if not loses_next_turn(after(state, mover, a), mover):
            return a
    return _computer(state, mover, seed)


def _opponent_next(state, opponent, mover, found, turns_left, right, seed):
    """The opponent's move in the line: after a wrong answer the move that shows why (his
    win, or the answer that leaves the mover without a sure win), else the computer's."""
    if not right and found.kind == DEFEND:
        return _first_winning(state, opponent, 1) or _computer(state, opponent, seed)
    if not right and turns_left > 0:
        choice = _computer(state, opponent, seed)
        if not wins_within(after(state, opponent, choice), mover, turns_left):
            return choice
        for a in engine.legal_actions(state, opponent):
            if not wins_within(after(state, opponent, a), mover, turns_left):
                return a
    return _computer(state, opponent, seed)


def line_after(state, found: Found, key: str, *, seed: int) -> list:
    """The moves that follow the answer ``key`` in the real game ``state``: for the right
    move, the opponent's try (the computer's choice) and the mover's win, or for a
    defence the opponent's turn that no longer wins; for a wrong move, the opponent's
    answer that shows why (the win he gets, or the move after which the mover has no sure
    win), up to the end of the mover's turns. Each step: who moved, the card, mode, kind, both sides' attributes after it (the
    mover's first) and how the game ended, if it did; at most LINE_LENGTH steps."""
    mover = state.current
    right = key in found.solution
    turns_left = found.turns
    seat, chosen, st = mover, parse_key(key), state
    opponent_moved = False
    steps = []
    while len(steps) < LINE_LENGTH:
        nxt = after(st, seat, chosen)
        steps.append(_step(st, seat, chosen, nxt, mover))
        if seat == mover:
            turns_left = _turns_left(nxt, mover, turns_left)
        st = nxt
        if st.status != "in progress":
            break
        seat = st.current
        step_seed = seed + len(steps)
        if seat == mover:
            if opponent_moved and (found.kind == DEFEND or turns_left <= 0):
                break
            chosen = _mover_next(st, mover, found, turns_left, step_seed)
        else:
            if found.kind == WIN and turns_left <= 0:
                break  # the mover's turns are spent without the win: nothing more to show
            opponent_moved = True
            chosen = _opponent_next(st, seat, mover, found, turns_left, right, step_seed)
    return steps
