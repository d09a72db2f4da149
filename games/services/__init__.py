"""The games section's state changes, split by concern. Views and tasks call these.

Layers (kept by an import-linter contract in pyproject.toml; a module imports only the
ones below it):

    lobby, chat, moves, sandbox, replays, rating, sweeps,  what views and tasks call
    notes, analysis, spectators, suggestions
    ai                                                     the computer's move
    turns                                                  storing a played turn
    endings                                                how a game ends
    permissions                                            what a player may do now
    access, statistics, board                              access step, counts, board pieces
    turn_log                                               the Turn log, replayed
    errors, events, queue                                  refusals, notices, task queueing
"""
from .access import access_game_for_move
from .ai import game_ai_move, game_ai_move_request
from .chat import chat_mark_seen, chat_post
from .endings import (
    game_abort,
    game_finish,
    game_leave,
    game_surrender,
    game_surrender_answer,
    game_surrender_cancel,
)
from .errors import GameError
from .lobby import (
    ai_challenge_choices,
    ai_challenge_start,
    ai_game_start,
    ai_quick_game,
    challenge_accept,
    challenge_cancel,
    challenge_create,
    challenge_reject,
    deck_payload,
    game_host,
    game_host_cancel,
    game_join,
    game_slots_limit,
    game_slots_used,
)
from .moves import (
    game_discard_card,
    game_play_card,
    game_preview,
    game_substitute_move,
)
from .notes import game_note_save
from .permissions import (
    abort_allowed,
    can_for,
    finish_allowed,
    sandbox_allowed,
    substitute_move_allowed,
)
from .rating import NOT_RATED_REASONS, exp_phase_lines, game_rate, rating_rule
from .replays import replay_count_view
from .sandbox import (
    sandbox_dictate,
    sandbox_panel,
    sandbox_put_card,
    sandbox_set_attribute,
    sandbox_toggle_hidden,
)
from .suggestions import play_suggestion

__all__ = [
    "GameError", "NOT_RATED_REASONS", "abort_allowed", "access_game_for_move", "ai_challenge_choices",
    "ai_challenge_start", "ai_game_start", "ai_quick_game", "can_for", "challenge_accept",
    "challenge_cancel", "challenge_create", "challenge_reject", "chat_mark_seen", "chat_post",
    "deck_payload", "exp_phase_lines", "finish_allowed", "game_abort", "game_ai_move", "game_ai_move_request",
    "game_discard_card", "game_finish", "game_host", "game_host_cancel", "game_join",
    "game_leave", "game_note_save", "game_play_card", "game_preview", "game_rate", "game_slots_limit", "rating_rule",
    "game_slots_used", "game_substitute_move", "game_surrender", "game_surrender_answer",
    "game_surrender_cancel", "play_suggestion", "replay_count_view",
    "sandbox_allowed", "sandbox_dictate", "sandbox_panel", "sandbox_put_card",
    "sandbox_set_attribute", "sandbox_toggle_hidden", "substitute_move_allowed",
]
