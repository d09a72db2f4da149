"""The games section's services: every state change, and the reads that go with them,
split by concern. Pages, sockets, the API, tasks and commands call them.

Layers (kept by an import-linter contract in pyproject.toml; a module imports only the
ones below it):

    lobby, chat, moves, sandbox, replays, rating, sweeps,  what pages, the API and tasks
    notes, analysis, spectators, suggestions               call
    ai                                                     the computer's move
    turns                                                  storing a played turn
    endings                                                how a game ends
    permissions                                            what a player may do now
    access, statistics, board                              access step, counts, board pieces
    turn_log                                               the Turn log, replayed
    errors, events, queue, background                      refusals, notices, task queueing

The rule for code outside this package (tests aside; the contract "the services are
reached through games.services" in pyproject.toml keeps it, tests/site/test_services_exports.py
keeps the list complete):

- The services, the modules from lobby down to endings, are reached through this package
  only: ``from games import services as gs`` then ``gs.game_play_card(...)``, or ``from
  games.services import game_play_card``. Every name of theirs that code outside uses is
  re-exported here and listed in ``__all__``; nothing outside imports one of these modules.
- The modules below them (permissions to background) are what the services and the pages
  share: code outside imports them by name (``from games.services.access import PLAYER,
  access_game``). The few of their names pages use beside the services are re-exported
  too (GameError, the "may X" rules).
"""
from .access import access_game_for_move
from .ai import ai_choose, game_ai_move, game_ai_move_request
from .analysis import (
    MARK_THRESHOLD,
    MARKS_PER_SEAT,
    analyses_ahead,
    analysis_for,
    analysis_hand_off,
    analysis_request,
    analysis_run,
    local_analyses,
)
from .chat import chat_mark_seen, chat_post
from .endings import (
    game_abort,
    game_end_by_site,
    game_finish,
    game_leave,
    game_surrender,
    game_surrender_answer,
    game_surrender_cancel,
)
from .errors import GameError
from .lobby import (
    BASE_GAME_SLOTS,
    ai_challenge_choices,
    ai_challenge_start,
    ai_game_again,
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
    holds_slot,
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
    ATTRIBUTE_LABELS,
    DICTATE_MESSAGES,
    TOOL_MESSAGES,
    sandbox_dictate,
    sandbox_panel,
    sandbox_put_card,
    sandbox_set_attribute,
    sandbox_toggle_hidden,
)
from .spectators import (
    spectator_arrived,
    spectator_board,
    spectator_left,
    spectators_count,
    spectators_counts,
)
from .suggestions import play_suggestion
from .sweeps import (
    sweep_game_deadlines,
    sweep_left_games,
    sweep_player_activity,
    sweep_stalled_tasks,
    sweep_turn_time_warnings,
    sweep_turn_timeouts,
)
from .turns import ENGINE_MESSAGES

__all__ = [
    # the services' names (lobby ... endings), by module
    "ai_choose", "game_ai_move", "game_ai_move_request",
    "MARK_THRESHOLD", "MARKS_PER_SEAT", "analyses_ahead", "analysis_for", "analysis_hand_off",
    "analysis_request", "analysis_run",
    "local_analyses",
    "chat_mark_seen", "chat_post",
    "game_abort", "game_end_by_site", "game_finish", "game_leave", "game_surrender", "game_surrender_answer",
    "game_surrender_cancel",
    "BASE_GAME_SLOTS", "ai_challenge_choices", "ai_challenge_start", "ai_game_again", "ai_game_start",
    "ai_quick_game",
    "challenge_accept", "challenge_cancel", "challenge_create", "challenge_reject",
    "deck_payload", "game_host", "game_host_cancel", "game_join", "game_slots_limit",
    "game_slots_used", "holds_slot",
    "game_discard_card", "game_play_card", "game_preview", "game_substitute_move",
    "game_note_save",
    "NOT_RATED_REASONS", "exp_phase_lines", "game_rate", "rating_rule",
    "replay_count_view",
    "ATTRIBUTE_LABELS", "DICTATE_MESSAGES", "TOOL_MESSAGES", "sandbox_dictate", "sandbox_panel",
    "sandbox_put_card", "sandbox_set_attribute", "sandbox_toggle_hidden",
    "spectator_arrived", "spectator_board", "spectator_left", "spectators_count",
    "spectators_counts",
    "play_suggestion",
    "sweep_game_deadlines", "sweep_left_games", "sweep_player_activity", "sweep_stalled_tasks",
    "sweep_turn_time_warnings", "sweep_turn_timeouts",
    "ENGINE_MESSAGES",
    # the shared modules' names pages use beside them
    "access_game_for_move", "GameError",
    "abort_allowed", "can_for", "finish_allowed", "sandbox_allowed", "substitute_move_allowed",
]
