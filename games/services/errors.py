"""The one error type a player can cause in the games section; views show its message."""


class GameError(Exception):
    """A refused request (full slots, not your turn, stale page…). ``message`` is for players."""

    def __init__(self, message: str, *, code: str = "refused"):
        super().__init__(message)
        self.message = message
        self.code = code


# Messages the tests reuse.
STALE_PAGE = ("The game changed since this page was loaded (maybe a second click or another "
              "tab). The board has been refreshed: check it and try again.")
VERSION_MISSING = ("Your move did not say which state of the game it was made on (an old page or "
                   "a hand-made request). The board has been refreshed: check it and try again.")
NOT_YOUR_TURN = "It is not your turn."
GAME_NOT_RUNNING = "This game is not in progress."
SLOTS_FULL = ("You already use all {limit} of your game slots (games, hosted games and "
              "challenges). Finish or leave a game first.")
OPPONENT_SLOTS_FULL = "{name} has no free game slot at the moment."
DECK_NOT_READY = "That deck is not complete: all 45 card slots must be filled."
SELF_CHALLENGE = "You cannot challenge yourself."
UNIQUE_OPPONENT = ("{name} does not play two games at once with the same opponent, and you "
                   "already have one together.")
SURRENDER_PENDING = ("A surrender request is waiting for an answer: moves are paused until it "
                     "is accepted, rejected or withdrawn.")
