"""What the games' endpoints of the API answer and take, field by field (anything not
listed here is never sent): finished and running games, replays, and the bots' games."""
from datetime import datetime
from typing import Any

from ninja import Field, Schema


class GameModesOut(Schema):
    hidden: bool
    friendly: bool
    long: bool


class GameOut(Schema):
    id: int
    player1: str
    player2: str
    player1_is_bot: bool
    player2_is_bot: bool
    status: str
    outcome: str
    winner: str | None
    round: int
    modes: GameModesOut
    turn_timeout: int
    started_at: datetime | None
    finished_at: datetime | None


class TurnOut(Schema):
    number: int
    round: int = Field(description="The round the turn was played in, as the replay page "
                                   "shows it")
    round_after: int = Field(description="The game's round counter after the turn")
    actor_seat: int | None
    actor: str
    action: str
    card: int
    card_name: str
    mode: int
    substitute: bool


class ReplayOut(Schema):
    game: GameOut
    turns: list[TurnOut]


class BoardOut(Schema):
    """The engine's view (``games.engine.view_for``): attributes, hands (null = hidden),
    tokens, the last round's cards, round, the seat on turn, modes, status, result."""

    game: int
    version: int
    step: int | None = None
    view: dict[str, Any]


class ChallengeOut(Schema):
    id: int
    challenger: str
    challenger_is_bot: bool
    modes: GameModesOut
    turn_timeout: int
    message: str
    created_at: datetime


class BotGameOut(Schema):
    id: int
    opponent: str
    opponent_is_bot: bool
    seat: int
    version: int
    status: str
    my_turn: bool
    surrender_offered: bool  # the opponent offers to surrender: moves wait for the answer


class BotGameStateOut(Schema):
    """A bot's own game: its seat's view, and ``knowledge``: the engine state holding only
    what this seat may know (``games.engine.state_from_json`` reads it), for a program
    that chooses moves with the engine."""

    id: int
    seat: int
    version: int
    status: str
    my_turn: bool
    surrender_offered: bool
    view: dict[str, Any]
    knowledge: dict[str, Any]


class AcceptIn(Schema):
    deck: int | None = None


class MoveIn(Schema):
    version: int
    position: int
    mode: int = 0


class SurrenderAnswerIn(Schema):
    accept: bool


class DiscardIn(Schema):
    version: int
    position: int
