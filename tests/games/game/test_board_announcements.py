"""The words a screen reader hears when the opponent's move arrives, and at the end."""
from games import engine
from games.game.board import board_for, end_announcement, last_actor, move_announcement


def _card_named(name):
    return next(c for c in engine.all_cards() if c.name == name)


def _attrs(**changes):
    keys = ("tower", "wall", "quarry", "magic", "dungeons", "bricks", "gems", "recruits")
    return [{"key": k, "label": k.title(), "value": 10, "change": changes.get(k, 0)}
            for k in keys]


def _last(cards):
    """Last cards as a board's side holds them (games.services.board.side_for)."""
    return [{**h, "name": engine.card(h["card"]).name if h["card"] else "",
             "playagain": bool(h["card"]) and engine.card(h["card"]).playagain} for h in cards]


def _board(*, seat=1, current=1, mine=None, theirs=None, their_cards=(), my_cards=(),
           running=True, winner=None):
    return {"seat": seat, "current": current, "running": running, "winner_seat": winner,
            "me": {"attributes": _attrs(**(mine or {})), "last_cards": _last(my_cards)},
            "opponent": {"attributes": _attrs(**(theirs or {})),
                         "last_cards": _last(their_cards)}}


def test_the_opponents_play_in_words():
    burglar = _card_named("Burglar")
    board = _board(mine={"gems": -2}, theirs={"gems": 2, "bricks": 3},
                   their_cards=[{"card": burglar.id, "mode": 0, "action": "play"}])
    assert move_announcement(board, opponent_name="bob") == (
        "bob played Burglar: your gems −2; bob's bricks +3; bob's gems +2.")


def test_a_discard_and_a_mode_are_named():
    board = _board(their_cards=[{"card": 1, "mode": 0, "action": "discard"}])
    assert move_announcement(board, opponent_name="bob") == (
        f"bob discarded {engine.card(1).name}: nothing changed.")


def test_a_play_again_chain_is_read_in_order_and_keeps_the_turn():
    quick = next(c for c in engine.all_cards() if c.playagain)
    burglar = _card_named("Burglar")
    # bob (seat 1) played Burglar, then a play-again card: still on turn, the turn was his.
    chain = _board(seat=0, current=1, their_cards=[
        {"card": burglar.id, "mode": 0, "action": "play"},
        {"card": quick.id, "mode": 0, "action": "play"}])
    assert last_actor(chain) == 1
    assert move_announcement(chain, opponent_name="bob").startswith(
        f"bob played Burglar, then played {quick.name}")
    # Without the play-again card last, bob on turn means alice moved last.
    plain = _board(seat=0, current=1, their_cards=[
        {"card": burglar.id, "mode": 0, "action": "play"}],
        my_cards=[{"card": 1, "mode": 0, "action": "discard"}])
    assert last_actor(plain) == 0


def test_my_own_last_turn_is_not_announced():
    board = _board(seat=0, current=1, my_cards=[{"card": 1, "mode": 0, "action": "discard"}],
                   their_cards=[{"card": 2, "mode": 0, "action": "discard"}])
    assert last_actor(board) == 0
    assert move_announcement(board, opponent_name="bob") == ""


def test_from_the_engine_the_watcher_hears_the_move_and_the_mover_does_not():
    deck = engine.STARTER_DECKS[0]
    state = engine.new_game(deck, deck, seed=3)
    mover = state.current
    watcher = 1 - mover
    assert move_announcement(board_for(None, watcher, state_json=engine.state_to_json(state)),
                             opponent_name="alice") == ""
    discarded = engine.card(state.p[mover].hand[0]).name
    after = engine.state_to_json(engine.discard(state, mover, 1).state)
    heard = move_announcement(board_for(None, watcher, state_json=after),
                              opponent_name="alice")
    assert heard.startswith(f"alice discarded {discarded}: ")
    assert "alice's bricks +" in heard  # production counts as the turn's change
    assert move_announcement(board_for(None, mover, state_json=after),
                             opponent_name="bob") == ""


def test_the_end_in_words():
    assert end_announcement(_board(running=False, winner=1), opponent_name="bob",
                            outcome_label="Tower destroyed") == (
        "The game is over: you won (tower destroyed).")
    assert end_announcement(_board(running=False, winner=0), opponent_name="bob",
                            outcome_label="Surrender") == "The game is over: bob won (surrender)."
    assert "a draw" in end_announcement(_board(running=False), opponent_name="bob",
                                        outcome_label="Draw")
    assert end_announcement(_board(), opponent_name="bob", outcome_label="Pending") == ""
