"""The finished games the rating tests start from are the players tests' (the rating used to
live in players): one definition, shared."""
from tests.players.conftest import finished_game  # noqa: F401
