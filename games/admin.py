"""Games in the admin: records to read, not to edit.

A running game's state changes only through the services (the access step, the version,
the events); the admin never writes it. What it shows of a running game is what both
players see on the board (towers, walls, resources, tokens, round, who is on turn, how many
cards each holds), never the hands, the decks or the generator, which the rules keep
hidden (also the Turn log's draws). A finished game shows its whole state, read-only. The
chat, the challenge's message and the players' notes are for the players alone
(players/moderation/admin_privacy.py keeps them out of every list, filter and search).
"""
import json

from django.contrib import admin
from django.utils.html import format_html, format_html_join

from games import engine
from players.moderation.admin_privacy import PrivateFieldsAdmin

from .models import AiLevelGame, AiLevelRating, CardStatistic, ChatMessage, Game, Turn
from .services.statistics import card_statistics_reset_latest


class ReadOnlyAdmin(PrivateFieldsAdmin):
    """Listed and shown, deleted if need be; never added or changed here."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


def _json_block(value):
    return format_html('<pre class="readonly-json">{}</pre>',
                       json.dumps(value, indent=1, sort_keys=True))


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin):
    list_display = ("id", "player1", "player2", "status", "outcome", "winner", "round",
                    "is_ai", "is_friendly", "is_hidden", "is_long", "last_action_at",
                    "rated_at", "replay_views")
    list_filter = ("status", "outcome", "is_ai", "is_friendly", "is_hidden", "is_long")
    search_fields = ("player1__user__username", "player2__user__username", "ai_challenge")
    list_select_related = ("player1__user", "player2__user", "winner__user")
    date_hierarchy = "created_at"
    # The decks (deck1, deck2) are left out: a running game is played with their cards.
    fields = ("player1", "player2", "status", "outcome", "winner", "round", "board",
              "is_ai", "ai_challenge", "ai_deck_name", "ai_level", "is_friendly", "is_long",
              "is_hidden", "turn_timeout", "surrender_requested_by", "player1_left",
              "player2_left", "version", "created_at", "started_at", "last_action_at",
              "finished_at", "rated_at", "replay_views")
    # Shown once the game is over (everything in them was played out or is in the replay).
    finished_fields = ("final_state", "starting_state", "host_deck")

    def get_fields(self, request, obj=None):
        if obj is not None and obj.status == Game.Status.FINISHED:
            return (*self.fields, *self.finished_fields)
        return self.fields

    @admin.display(description="Board")
    def board(self, game):
        """What both players see: each side's attributes, tokens and number of cards."""
        if not game.state:
            return "Not started."
        try:
            state = engine.state_from_json(game.state)
        except (engine.EngineError, KeyError, TypeError, ValueError):
            return "The stored state cannot be read."
        names = (game.player1_name, game.player2_name or "—")
        head = format_html_join("", "<th>{}</th>", ((name,) for name in
                                                      ("", *engine.ATTRS, "tokens",
                                                       "cards in hand")))
        rows = format_html_join("", "<tr><th>{}</th>{}<td>{}</td><td>{}</td></tr>", (
            (names[seat],
             format_html_join("", "<td>{}</td>", ((value,) for value in side.a)),
             ", ".join(f"{name} {count}" for name, count in zip(side.tok_names, side.tok,
                                                                 strict=True) if name) or "—",
             sum(1 for card in side.hand if card))
            for seat, side in enumerate(state.p)))
        if state.status == "in progress":
            turn = format_html("Round {}, {} on turn.", state.round, names[state.current])
        else:
            turn = format_html("Round {}, {}.", state.round, state.status)
        return format_html('<p>{}</p><table id="game-state-summary"><tr>{}</tr>{}</table>',
                           turn, head, rows)

    @admin.display(description="Final state")
    def final_state(self, game):
        return _json_block(game.state)

    @admin.display(description="Starting state")
    def starting_state(self, game):
        return _json_block(game.initial_state)

    @admin.display(description="Host's deck as copied")
    def host_deck(self, game):
        return _json_block(game.deck1_cards)


@admin.register(Turn)
class TurnAdmin(ReadOnlyAdmin):
    """The append-only log of moves; a running game's records (the draws) stay hidden."""

    list_display = ("game", "number", "actor_seat", "actor", "action", "card", "mode",
                    "is_substitute", "is_ai_move", "created_at")
    list_filter = ("action", "is_substitute", "is_ai_move")
    search_fields = ("game__id", "actor__user__username")
    list_select_related = ("game", "actor__user")
    fields = ("game", "number", "round", "actor_seat", "actor", "action", "position", "card",
              "mode", "is_substitute", "is_ai_move", "created_at")

    def get_fields(self, request, obj=None):
        if obj is not None and obj.game.status == Game.Status.FINISHED:
            return (*self.fields, "turn_record")
        return self.fields

    @admin.display(description="Record")
    def turn_record(self, turn):
        return _json_block(turn.record)


@admin.register(ChatMessage)
class ChatMessageAdmin(ReadOnlyAdmin):
    """Who wrote in which game's chat and when, never what: the chat is the two players'."""

    list_display = ("pk", "game", "author", "created_at")
    search_fields = ("author__user__username",)
    list_filter = ("created_at",)
    list_select_related = ("author__user",)
    fields = ("game", "author", "created_at")


@admin.register(CardStatistic)
class CardStatisticAdmin(PrivateFieldsAdmin):
    list_display = ("card_id", "played", "discarded", "drawn", "played_total",
                    "discarded_total", "drawn_total")
    search_fields = ("card_id",)
    list_filter = ()
    actions = ["reset_latest"]

    @admin.action(description="Reset the 'latest' counters (after new cards were added)")
    def reset_latest(self, request, queryset):
        # Also: manage.py reset_latest_card_statistics (every card at once).
        count = card_statistics_reset_latest(queryset=queryset)
        self.message_user(request, f"The latest counters of {count} card(s) were reset.")


@admin.register(AiLevelRating)
class AiLevelRatingAdmin(ReadOnlyAdmin):
    """The computer levels' ratings (made by manage.py ai_ratings, shown to players)."""

    list_display = ("level", "hidden", "rating", "deviation", "games", "score_vs_standard",
                    "updated_at")
    list_filter = ("hidden",)


@admin.register(AiLevelGame)
class AiLevelGameAdmin(ReadOnlyAdmin):
    """The games among the levels that the ratings come from."""

    list_display = ("period", "level_a", "level_b", "hidden", "score_a", "turns",
                    "simulations_a", "simulations_b", "played_at")
    list_filter = ("hidden", "level_a", "level_b")
