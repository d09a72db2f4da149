"""The games section's state changes. Views and tasks call these; only these call the engine."""
from .board import board_for, card_info, history_for, play_suggestion, replay_for
from .chat import chat_mark_seen, chat_post
from .errors import GameError
from .lifecycle import (
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
from .play import (
                        abort_allowed,
                        finish_allowed,
                        game_abort,
                        game_ai_move,
                        game_ai_move_request,
                        game_discard_card,
                        game_finish,
                        game_leave,
                        game_play_card,
                        game_preview,
                        game_substitute_move,
                        game_surrender,
                        game_surrender_answer,
                        game_surrender_cancel,
                        substitute_move_allowed,
)
from .replays import replay_count_view
from .sandbox import (
                        sandbox_allowed,
                        sandbox_dictate,
                        sandbox_panel,
                        sandbox_put_card,
                        sandbox_set_attribute,
                        sandbox_toggle_hidden,
)

__all__ = [
    "GameError", "abort_allowed", "board_for", "card_info", "history_for", "ai_challenge_choices", "ai_challenge_start", "ai_game_start", "ai_quick_game",
    "challenge_accept", "challenge_cancel", "challenge_create", "challenge_reject",
    "chat_mark_seen", "chat_post", "deck_payload", "finish_allowed", "game_abort",
    "game_ai_move", "game_ai_move_request", "game_discard_card", "game_finish", "game_host",
    "game_host_cancel", "game_join", "game_leave", "game_play_card", "game_preview",
    "game_slots_limit", "game_slots_used", "game_substitute_move", "game_surrender",
    "game_surrender_answer", "game_surrender_cancel", "play_suggestion",
    "substitute_move_allowed",
    "replay_count_view", "replay_for", "sandbox_allowed", "sandbox_dictate", "sandbox_panel",
    "sandbox_put_card", "sandbox_set_attribute", "sandbox_toggle_hidden",
]
