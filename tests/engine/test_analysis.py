"""engine.judge_move: the expert search's verdict on one move, from the mover's knowledge."""
from games import engine


def _game(hidden=True, seed=5):
    decks = engine.STARTER_DECKS
    return engine.new_game(decks[0], decks[1], seed=seed, hidden=hidden, first=0)


def _winning_setup():
    """Both seats one step from a tower victory, seat 0 on turn with a card in slot 1 that
    gets it there: a discard lets the opponent win first."""
    base = _game()
    for seat in (0, 1):
        for name in ("bricks", "gems", "recruits"):
            base = engine.sandbox_set_attribute(base, seat, name, 50)
        base = engine.sandbox_set_attribute(base, seat, "tower",
                                            engine.limits_for(False).max_tower - 1)
    for card in engine.all_cards():
        if not card.id or card.modes:
            continue
        try:
            state = engine.sandbox_put_card(base, 0, 1, card.id)
            result = engine.play(state, 0, 1)
        except engine.EngineError:
            continue
        if result.state.winner == 0:
            return state
    raise AssertionError("no card wins from there")


def test_a_discard_instead_of_the_winning_play_costs_and_is_named():
    state = _winning_setup()
    discard = engine.Action("discard", 2, 0)
    judged = engine.judge_move(state, 0, discard, simulations=120, seed=1)
    assert judged.best == engine.Action("play", 1, 0)
    assert judged.best_value == 1.0 and 0 < judged.win < 1
    assert judged.best_value - judged.played_value > 0.1
    same = engine.judge_move(state, 0, engine.Action("play", 1, 0), simulations=30, seed=1)
    assert same.best_value == same.played_value  # the best move costs nothing


def test_the_verdict_is_reproducible_and_a_probability():
    state = _game()
    move = engine.legal_actions(state, 0)[0]
    first = engine.judge_move(state, 0, move, simulations=40, seed=7)
    assert first == engine.judge_move(state, 0, move, simulations=40, seed=7)
    for value in (first.win, first.best_value, first.played_value):
        assert 0.0 <= value <= 1.0
    assert first.best_value >= first.played_value
    assert first.best in engine.legal_actions(state, 0)


def test_the_opponents_hidden_cards_deck_and_generator_do_not_change_the_verdict():
    state = _game(hidden=True)
    other = state.clone()
    # Everything seat 0 cannot know, changed: the opponent's unrevealed cards, his deck
    # and the game's generator.
    other.p[1].hand = [c if other.p[1].rev[i] else engine.STARTER_DECKS[2].common[i]
                       for i, c in enumerate(other.p[1].hand)]
    other.p[1].deck = (tuple(engine.STARTER_DECKS[2].common),
                       tuple(engine.STARTER_DECKS[2].uncommon),
                       tuple(engine.STARTER_DECKS[2].rare))
    other.rng = 12345
    assert other.p[1].hand != state.p[1].hand
    for move in engine.legal_actions(state, 0)[:3]:
        assert (engine.judge_move(state, 0, move, simulations=30)
                == engine.judge_move(other, 0, move, simulations=30))
