"""Card effects compiled from their trees (games/engine/cards/codegen.py) do exactly what
walking the trees does: the same states and records, on every card and on random games. The
walked trees are a card table of their own (``registry.interpreted``) that the test's games
play from: the catalogue is never switched."""
import json

from devtools.bench import random_deck
from games.engine import all_cards, discard, legal_actions, new_game, play, state_to_json
from games.engine.cards import dsl
from games.engine.cards.codegen import compile_effects, effect_source
from games.engine.cards.model import CARDS
from games.engine.cards.registry import interpreted
from games.engine.rng import Rng

TREE_CARDS = [c for c in all_cards() if c.node is not None]


WALKED = interpreted()  # the catalogue's cards walking their trees


def _snapshot(result):
    return json.dumps([state_to_json(result.state), result.record], sort_keys=True)


def _both_ways(fn):
    """fn(cards) with the catalogue's compiled effects, then with the trees walked."""
    return fn(CARDS), fn(WALKED)


def _positions(count, seed):
    """Positions of random games (random decks of all cards, every mode)."""
    rng = Rng(seed)
    out = []
    g = 0
    while len(out) < count:
        st = new_game(random_deck(rng), random_deck(rng), seed=rng.randint(0, 1 << 30),
                      long_mode=g % 2 == 1, hidden=g % 3 == 0)
        while st.status == "in progress" and len(out) < count:
            seat = st.current
            if rng.below(4) == 0:
                out.append(st)
            kind, pos, mode = (moves := legal_actions(st, seat))[rng.below(len(moves))]
            st = (play(st, seat, pos, mode) if kind == "play" else discard(st, seat, pos)).state
        g += 1
    return out


def test_every_card_defined_by_a_tree_runs_compiled():
    assert len(TREE_CARDS) > 700
    assert all(c.effect is not c.node.run and c.effect.__name__ == "effect_%d" % c.id
               for c in TREE_CARDS)


def test_the_interpreted_table_puts_the_trees_back_for_its_games_only():
    assert all(WALKED[c.id].effect == c.node.run for c in TREE_CARDS)
    assert all(WALKED[c.id].sealed and WALKED[c.id].text == c.text for c in TREE_CARDS)
    assert all(c.effect is not c.node.run for c in TREE_CARDS)  # the catalogue's: compiled
    assert len(WALKED) == len(CARDS) and WALKED[0] is CARDS[0]


def test_every_card_in_every_mode_gives_the_same_state_and_record_both_ways():
    positions = _positions(3, seed=29)

    def run_all(cards):
        out = []
        for c in TREE_CARDS:
            for st in positions:
                seat = st.current
                st = st.clone()
                st.cards = cards
                P = st.p[seat]
                P.hand[2] = c.id
                P.a[5:8] = [max(P.a[5], c.bricks), max(P.a[6], c.gems),
                            max(P.a[7], c.recruits)]
                for mode in range(1, c.modes + 1) if c.modes else (0,):
                    out.append(_snapshot(play(st, seat, 3, mode)))
        return out

    compiled, walked = _both_ways(run_all)
    assert len(compiled) > 2000
    differing = [i for i, (x, y) in enumerate(zip(compiled, walked)) if x != y]
    assert not differing, "first difference at play %d" % differing[0]


def test_random_games_are_the_same_both_ways():
    def games(cards):
        rng = Rng(7)
        out = []
        for g in range(12):
            st = new_game(random_deck(rng), random_deck(rng), seed=g, hidden=g % 2 == 0)
            st.cards = cards
            while st.status == "in progress" and len(out) < 200 * (g + 1):
                seat = st.current
                kind, pos, mode = (moves := legal_actions(st, seat))[rng.below(len(moves))]
                r = play(st, seat, pos, mode) if kind == "play" else discard(st, seat, pos)
                out.append(_snapshot(r))
                st = r.state
        return out

    compiled, walked = _both_ways(games)
    assert compiled == walked


def test_the_source_of_a_tree_is_its_blocks_written_out():
    tree = dsl.Seq(dsl.If(dsl.me.wall == 0, dsl.wall(10), dsl.wall(3)), dsl.attack(5))
    source = effect_source(tree, "effect_test")
    assert "if (A.a[1] == 0):" in source
    assert "A.a[1] += 10" in source and "A.a[1] += 3" in source
    assert "_attack(B.a, 5)" in source


def test_a_block_without_a_compiler_rule_is_called_as_it_is():
    class Halve(dsl.Action):  # a card module's own block: no rule in codegen
        def run(self, ctx):
            ctx.B.a[0] //= 2

        def text(self):
            return "Halve the enemy tower"

    class Twice(dsl.Add):  # a subclass of a block with a rule: its own run counts
        def run(self, ctx):
            dsl.Add.run(self, ctx)
            dsl.Add.run(self, ctx)

    tree = dsl.Seq(Halve(), Twice("wall", 4))
    source = effect_source(tree, "effect_test")
    assert source.count(".run(ctx)") == 2
    fn = compile_effects({"test": tree})["test"]

    class Ctx:
        pass

    def ctx_with(wall):
        ctx = Ctx()
        ctx.A = type("P", (), {})()
        ctx.B = type("P", (), {})()
        ctx.A.a = [30, wall, 3, 3, 3, 0, 0, 0]
        ctx.B.a = [40, 0, 3, 3, 3, 0, 0, 0]
        return ctx

    ours, theirs = ctx_with(5), ctx_with(5)
    fn(ours)
    tree.run(theirs)
    assert ours.A.a == theirs.A.a == [30, 13, 3, 3, 3, 0, 0, 0]
    assert ours.B.a == theirs.B.a == [20, 0, 3, 3, 3, 0, 0, 0]
