"""Proposed cards built from a definition (games/engine/custom_cards.py): the text rendered as
for real cards, the effect, invalid combinations, the cards of one game (its own table: the
catalogue and other games never see them), the state's round trip, the computer playing the
card, the bounded memory of compiled cards, and the source written for a card module."""
import gc
import json

import pytest

from games import engine
from games.engine import custom_cards
from games.engine.cards import blocks, dsl
from games.engine.cards.model import CARDS, CardDef

from .helpers import FILL, attrs, make_state, player

CID = engine.FIRST_CUSTOM_ID + 901  # far from the ids the site's tests give out


def n(value):
    return {"kind": "n", "n": value}


def definition(*effect, **facts):
    d = {"name": "Ink golem", "rarity": "Common", "bricks": 0, "gems": 0, "recruits": 4,
         "keywords": [], "effect": list(effect)}
    d.update(facts)
    return d


ATTACK_5 = {"kind": "attack", "amount": n(5)}
WALL_2 = {"kind": "change", "side": "me", "attr": "wall", "direction": "up", "amount": n(2)}


def holding(d, card_id=CID):
    """The card table of a game holding the proposed card ``d`` under ``card_id``."""
    return custom_cards.cards_for({str(card_id): d})


def play_custom(d, *, me=None, enemy=None, pos=1, mode=0, hidden=False, enemy_hand=None):
    hand = [FILL] * 8
    hand[pos - 1] = CID
    A = player(hand=hand, bricks=50, gems=50, recruits=50, **(me or {}))
    B = player(hand=list(enemy_hand or [FILL] * 8), **(enemy or {}))
    r = engine.play(make_state(A, B, hidden=hidden, cards=holding(d)), 0, pos, mode)
    return attrs(r.state.p[0]), attrs(r.state.p[1]), r


def test_the_text_is_rendered_as_for_the_real_cards():
    # card 1 is defined as If(me.wall == 0, wall(10), wall(3)) in defs_0001_0050.py
    d = definition({"kind": "if",
                    "condition": {"kind": "compare", "op": "=", "right": n(0),
                                  "left": {"kind": "attr", "attr": "wall", "side": "me"}},
                    "then": [{**WALL_2, "amount": n(10)}], "else": [{**WALL_2,
                                                                     "amount": n(3)}]})
    assert engine.custom_card_preview(d).text == engine.card(1).text
    assert engine.custom_card_preview(definition(ATTACK_5, WALL_2)).text == \
        "Attack 5. Wall +2."


def test_the_card_plays_its_effect_and_its_keywords_from_the_facts():
    me, enemy, result = play_custom(definition(ATTACK_5, WALL_2, keywords=["Quick"]),
                                    enemy={"wall": 3})
    assert enemy["wall"] == 0 and enemy["tower"] == 28
    assert me["wall"] == 27 and me["recruits"] == 50 - 4  # Quick: no production
    assert result.record["card"] == CID and result.state.current == 0  # Quick: again


def test_facts_come_from_the_definition():
    c = engine.custom_card(CID, definition(ATTACK_5, keywords=["Charge (3)", "Mage"],
                                           rarity="Rare", bricks=7))
    assert (c.id, c.name, c.rarity, c.cost, c.modes) == (CID, "Ink golem", "Rare",
                                                          (7, 0, 4), 0)
    assert c.keywords == ("Mage", "Charge") and c.kw_param == {"Charge": 3}  # game's order
    assert c.classes == {"attack"} and engine.effect_tags(c) == {"attack"}


def test_modes_give_the_card_its_choices():
    d = definition({"kind": "modes", "options": [[WALL_2], [ATTACK_5]]})
    c = engine.custom_card(CID, d)
    assert c.modes == 2 and c.text == "Mode 1: Wall +2 / Mode 2: Attack 5."
    hand = [CID] + [FILL] * 7
    st = make_state(player(hand=hand, recruits=10), player(), cards=holding(d))
    plays = [a for a in engine.legal_actions(st, 0) if a.kind == "play" and a.position == 1]
    assert [a.mode for a in plays] == [1, 2]
    _me, enemy, _r = play_custom(d, mode=2, enemy={"wall": 0})
    assert enemy["tower"] == 25


@pytest.mark.parametrize("effect, message", [
    ([{"kind": "summon", "keyword": "Mage"}, {"kind": "keep"}], "only one step may decide"),
    ([{"kind": "if", "condition": {"kind": "is_new"},
       "then": [{"kind": "modes", "options": [[ATTACK_5], [WALL_2]]}]}],
     "modes are a step of their own at the top"),
    ([{"kind": "modes", "options": [[ATTACK_5]]}], "between 2 and 4 modes"),
    ([{"kind": "if", "condition": {"kind": "is_new"}, "then": []}], "at least one step"),
    ([{"kind": "attack", "amount": n(0)}], "between 1 and 100"),
    ([{"kind": "summon"}], "a keyword or a rarity"),
    ([{"kind": "fly"}], "choose what the step does"),
    ([{"kind": "production", "factor": 1}], "no production (x0), x2 or x3"),
    ([{"kind": "if", "condition": {"kind": "compare", "op": "<",
                                   "left": {"kind": "attr", "attr": "wall", "side": "me"},
                                   "right": {"kind": "attr", "attr": "wall", "side": "me"}},
       "then": [ATTACK_5]}], "compares a number with itself"),
])
def test_invalid_combinations_get_a_clear_message(effect, message):
    with pytest.raises(engine.EngineError) as caught:
        engine.custom_card_check(definition(*effect))
    assert caught.value.code == "bad_custom_card"
    assert message in caught.value.message
    assert caught.value.message.startswith(("Step 1", "The effect:"))


def test_the_problem_names_its_place_and_facts_are_checked():
    nested = definition(ATTACK_5, {"kind": "if", "condition": {"kind": "hidden_mode"},
                                   "then": [WALL_2, {"kind": "attack", "amount": n(500)}]})
    with pytest.raises(engine.EngineError, match="Step 2 .* → then → step 2 .*between 1 and 100"):
        engine.custom_card_check(nested)
    with pytest.raises(engine.EngineError, match="Durable card stays in your hand anyway"):
        engine.custom_card_check(definition({"kind": "keep"}, keywords=["Durable"]))
    with pytest.raises(engine.EngineError, match="keyword list"):
        engine.custom_card_check(definition(ATTACK_5, keywords=["Flying"]))
    with pytest.raises(engine.EngineError, match="at most 16 steps"):
        engine.custom_card_check(definition(*[ATTACK_5] * 17))
    with pytest.raises(engine.EngineError, match="id starts at"):
        engine.custom_card(754, definition(ATTACK_5))


def test_a_card_is_compiled_once_and_never_joins_the_catalogue():
    first = engine.custom_card(CID, definition(ATTACK_5))
    assert engine.custom_card(CID, definition(ATTACK_5)) is first
    assert engine.game_card(_game(definition(ATTACK_5)), CID) is first
    assert engine.is_custom_card(CID) and first.sealed
    with pytest.raises(engine.EngineError) as caught:
        engine.card(CID)
    assert caught.value.code == "unknown_card"
    assert len(engine.all_cards()) == 754 and CID not in {c.id for c in engine.all_cards()}
    assert not engine.cards_filter(ids={CID})
    other = engine.custom_card(CID, definition(WALL_2))  # tests reuse ids; the site does not
    assert other is not first and other.text == "Wall +2." and first.text == "Attack 5."


def _game(d, seed=5):
    deck = engine.STARTER_DECKS[0]
    common = (CID,) + tuple(deck.common[1:])
    mine = engine.Deck(common, deck.uncommon, deck.rare, deck.tokens)
    return engine.new_game(mine, engine.STARTER_DECKS[1], seed=seed, custom_cards={CID: d})


def test_a_game_carries_its_card_through_json_and_a_fresh_process():
    d = definition(ATTACK_5, WALL_2)
    st = _game(d)
    data = json.loads(json.dumps(engine.state_to_json(st)))
    assert data["extra_cards"] == {str(CID): d} and engine.custom_card_ids(data) == (CID,)
    assert "extra_cards" not in engine.state_to_json(engine.new_game(
        engine.STARTER_DECKS[0], engine.STARTER_DECKS[1], seed=5))
    # a process that has never seen the card: the state alone brings it back
    custom_cards._compiled.cache_clear()
    custom_cards._table.cache_clear()
    again = engine.state_from_json(data)
    assert again.card(CID).text == "Attack 5. Wall +2." and again == st
    assert engine.game_card(data, CID).text == "Attack 5. Wall +2."
    assert engine.custom_card_ids(again) == (CID,)
    turn = engine.discard(again, again.current, 1)
    assert engine.state_to_json(turn.state)["extra_cards"] == {str(CID): d}


def test_a_bad_definition_in_a_state_is_refused():
    data = engine.state_to_json(_game(definition(ATTACK_5)))
    data["extra_cards"][str(CID)]["effect"] = [{"kind": "attack", "amount": n(-4)}]
    with pytest.raises(engine.EngineError) as caught:
        engine.state_from_json(data)
    assert caught.value.code == "bad_custom_card"


def _self_play(d, seed, level="standard"):
    st = _game(d, seed)
    played = 0
    while st.status == "in progress" and st.turns < 400:
        seat = st.current
        action = engine.choose_action(st, seat, level=level, seed=st.turns)
        if action.kind == "play":
            played += st.p[seat].hand[action.position - 1] == CID
            st = engine.play(st, seat, action.position, action.mode).state
        else:
            st = engine.discard(st, seat, action.position).state
    return st, played


def test_games_with_the_card_are_deterministic_and_the_computer_plays_it():
    d = definition({**ATTACK_5, "amount": n(12)}, recruits=1)
    first, played = _self_play(d, seed=3)
    again, _ = _self_play(d, seed=3)
    assert engine.state_to_json(first) == engine.state_to_json(again)
    assert first.status == "finished" and played > 0


@pytest.mark.parametrize("level", ["standard", "hard"])
def test_the_computer_judges_the_card_from_its_effect(level):
    # two unplayable hands but for one card: a strong custom attack for the computer
    cards = holding(definition({**ATTACK_5, "amount": n(40)}))
    hand = [CID] + [21] * 7  # Stronghold costs 24 bricks: not playable here
    st = make_state(player(hand=list(hand), bricks=0, recruits=10), player(tower=20, wall=5),
                    current=0, cards=cards)
    action = engine.choose_action(st, 0, level=level, seed=1)
    assert (action.kind, action.position) == ("play", 1)


def test_the_new_blocks_discard_reveal_and_count_tokens():
    _me, _enemy, r = play_custom(definition(
        {"kind": "discard", "side": "enemy", "count": 2, "which": "costliest"}),
        enemy_hand=[21, 1, 21, 1, 1, 1, 1, 1])
    assert r.state.p[1].hand[0] != 21 and r.state.p[1].hand[2] != 21
    _me, _enemy, r = play_custom(definition({"kind": "reveal", "which": "around"}), pos=3,
                                 hidden=True)
    assert r.state.p[1].rev == [False, True, True, True, False, False, False, False]
    _me, _enemy, r = play_custom(definition(
        {"kind": "tokens", "side": "me", "keyword": "Mage", "direction": "up",
         "amount": n(30)}), me={"tokens": [("Mage", 50)]})
    assert r.state.p[0].tok[0] == 80
    assert r.state.card(CID).text == "Your Mage tokens +30."


def test_the_source_is_a_card_definition_with_the_same_text_and_effect():
    d = definition(ATTACK_5, {"kind": "if",
                              "condition": {"kind": "last_card", "side": "enemy",
                                            "keyword": "Mage", "negate": True},
                              "then": [{"kind": "steal", "what": "gems",
                                        "amount": {"kind": "count", "keyword": "Mage",
                                                   "side": "me", "times": 2}}],
                              "else": [{"kind": "change", "side": "enemy", "attr": "tower",
                                        "direction": "down",
                                        "amount": {"kind": "attr", "attr": "tower",
                                                   "side": "me", "divisor": 2}}]},
                   {"kind": "discard", "side": "me", "count": 1},
                   {"kind": "summon", "rarity": "Rare", "keyword": "Beast"})
    source = engine.custom_card_source(d, 755)
    assert source.startswith("card(755, attack(5), If(~(last_card(keyword=\"Mage\", side=ENEMY))")
    namespace = {**vars(dsl), **{k: getattr(blocks, k) for k in blocks.__all__}}
    defined = {}
    namespace["card"] = lambda cid, *acts: defined.setdefault(cid, dsl.Seq(*acts))
    exec(source, namespace)  # noqa: S102 (the generated source of a test definition)
    assert dsl.card_text(defined[755]) == engine.custom_card_preview(d).text
    assert engine.custom_card_check(d) == engine.custom_card_check(
        engine.custom_card_check(d))  # canonical is a fixed point


def test_the_sandbox_puts_only_the_proposed_cards_the_game_holds():
    st = _game(definition(ATTACK_5))
    assert engine.sandbox_put_card(st, 0, 1, CID).p[0].hand[0] == CID
    engine.custom_card(CID + 1, definition(WALL_2))  # known to this process, not the game
    with pytest.raises(engine.EngineError) as caught:
        engine.sandbox_put_card(st, 0, 1, CID + 1)
    assert caught.value.code == "unknown_card"


# ------------------------------------------------------------------ no global state
def test_loading_a_game_with_a_proposed_card_changes_nothing_elsewhere():
    cards_before = engine.all_cards()
    faces = [(c.id, c.name, c.text, c.effect) for c in cards_before]
    data = engine.state_to_json(_game(definition(ATTACK_5, WALL_2)))
    loaded = engine.state_from_json(data)
    engine.discard(loaded, loaded.current, 1)
    assert loaded.card(CID).text == "Attack 5. Wall +2."
    assert engine.all_cards() is cards_before and len(cards_before) == 754
    assert [(c.id, c.name, c.text, c.effect) for c in engine.all_cards()] == faces
    with pytest.raises(engine.EngineError) as caught:
        engine.card(CID)
    assert caught.value.code == "unknown_card"
    ordinary = engine.new_game(engine.STARTER_DECKS[0], engine.STARTER_DECKS[1], seed=5)
    assert ordinary.cards is CARDS and CID not in {c.id for c in engine.all_cards()}
    with pytest.raises(engine.EngineError) as caught:
        ordinary.card(CID)
    assert caught.value.code == "unknown_card"
    assert engine.game_card(engine.state_to_json(ordinary), 1) is engine.card(1)


def test_two_games_with_different_cards_under_one_id_play_each_its_own():
    attack, wall = definition({**ATTACK_5, "amount": n(9)}), definition(
        {**WALL_2, "amount": n(7)}, name="Ink wall")
    first = engine.state_from_json(engine.state_to_json(_game(attack)))
    second = engine.state_from_json(engine.state_to_json(_game(wall)))
    assert first.card(CID).name == "Ink golem" and second.card(CID).name == "Ink wall"
    for st, effect in ((first, "Attack 9."), (second, "Wall +7."), (first, "Attack 9.")):
        assert st.card(CID).text == effect  # loading the other game changed nothing here
        seat = st.current
        probe = st.clone()
        probe.p[seat].hand[0] = CID
        probe.p[seat].a[5:8] = [50, 50, 50]
        other = probe.p[1 - seat].a
        before = list(other), list(probe.p[seat].a)
        after = engine.play(probe, seat, 1).state
        if effect == "Attack 9.":
            assert (sum(before[0][:2]) - sum(after.p[1 - seat].a[:2])) == 9
        else:
            assert after.p[seat].a[1] == before[1][1] + 7
        assert engine.state_to_json(after)["extra_cards"] == {
            str(CID): attack if effect == "Attack 9." else wall}


def test_the_base_catalogue_cannot_be_changed():
    assert type(CARDS) is tuple and type(engine.all_cards()) is tuple
    with pytest.raises(TypeError):
        CARDS[1] = None
    with pytest.raises(AttributeError):
        engine.all_cards().append(CARDS[1])
    c = engine.card(1)
    for name, value in (("effect", None), ("text", "Wall +99."), ("implemented", False),
                        ("kw", frozenset({"Holy"}))):
        with pytest.raises(AttributeError, match="sealed"):
            setattr(c, name, value)
    with pytest.raises(TypeError):
        engine.card(32).kw_param["Charge"] = 1
    with pytest.raises(AttributeError):
        del c.text
    table = holding(definition(ATTACK_5))
    with pytest.raises(TypeError):
        table[CID] = engine.card(1)  # a game's table is read-only too
    with pytest.raises(AttributeError, match="sealed"):
        table[CID].effect = None
    assert c.text == "If your wall is 0: Wall +10. Otherwise: Wall +3." and c.implemented


def _live_custom_cards():
    # type(o), not isinstance(o): isinstance reads __class__, which makes a lazy object left
    # by an earlier test (a request's CSP nonce) evaluate itself, and it raises.
    return sum(1 for o in gc.get_objects()
               if issubclass(type(o), CardDef) and o.id >= engine.FIRST_CUSTOM_ID)


def test_memory_stays_bounded_however_many_concepts_are_played():
    custom_cards._compiled.cache_clear()
    custom_cards._table.cache_clear()
    gc.collect()
    baseline = _live_custom_cards()
    deck = engine.STARTER_DECKS[0]
    concepts = 3 * custom_cards.COMPILED_CACHE_SIZE
    for i in range(concepts):
        cid = engine.FIRST_CUSTOM_ID + 20_000 + i
        d = definition({**ATTACK_5, "amount": n(1 + i % 100)}, name="Concept %d" % i)
        mine = engine.Deck((cid,) + tuple(deck.common[1:]), deck.uncommon, deck.rare,
                           deck.tokens)
        st = engine.new_game(mine, engine.STARTER_DECKS[1], seed=i, custom_cards={cid: d})
        st = engine.state_from_json(engine.state_to_json(st))
        engine.discard(st, st.current, 1)
        engine.effect_tags(st.card(cid))
    assert custom_cards._compiled.cache_info().currsize <= custom_cards.COMPILED_CACHE_SIZE
    assert custom_cards._table.cache_info().currsize <= custom_cards.TABLE_CACHE_SIZE
    del st
    gc.collect()
    live = _live_custom_cards() - baseline
    assert 0 < live <= custom_cards.COMPILED_CACHE_SIZE < concepts
    assert len(engine.all_cards()) == 754
