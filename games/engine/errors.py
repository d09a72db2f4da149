"""Engine errors with stable codes."""


class EngineError(Exception):
    """Raised for every refused action. ``code`` is stable; ``message`` is for humans.

    Codes: not_your_turn, bad_position, insufficient_resources, bad_mode,
    rare_in_challenge, game_over, preview_hidden, card_unimplemented,
    bad_schema, bad_deck, bad_outcome.
    """

    def __init__(self, code, message=""):
        super().__init__(code, message)
        self.code = code
        self.message = message or code

    def __str__(self):
        return "%s: %s" % (self.code, self.message)
