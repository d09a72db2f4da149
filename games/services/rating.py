"""Rating finished games: applies games.engine.rating to the players (rules-engine.md §16).

``game_rate`` runs in the Celery task ``games.tasks.game_rate_task``. It claims
the game with a conditional UPDATE of ``Game.rated_at`` inside the transaction,
so a repeated or concurrent task finds the game claimed and does nothing, and a
failure rolls the claim back for a retry.

Beside the EXP levels, a game whose result counts (two accounts, humans or bots, not
friendly, never the AI) updates both players' Glicko-2 ratings in the same transaction,
each from both ratings as they were before the game (one game = one rating period).
"""
import logging

from django.db import transaction
from django.utils import timezone

from games.engine import all_cards, awards_rules, custom_card_ids, state_from_json
from games.engine import rating_rules as rules
from games.models import Game, Turn
from players.inbox.services import message_send_system
from players.models import GameRating, Message, Player, RatingHistory
from players.progression.glicko2 import Glicko2Game, Glicko2Rating, glicko2_update
from players.progression.services import award_counters_add
from players.tutorial.sections import SECTION_LABELS, SECTION_LEVELS, TUTORIAL_END_LEVEL

from .events import publish_game_changed

log = logging.getLogger(__name__)

RESULT_WORDS = {"win": "Victory", "loss": "Defeat", "draw": "Draw"}
OUTCOME_WORDS = {
    "Destruction": "tower destroyed",
    "Construction": "tower built to the top",
    "Resource": "resources gathered",
    "Timeout": "round limit reached",
    "Draw": "even game",
    "Surrender": "surrender",
    "Abandon": "game abandoned",
}


def _ended_on_human_turn(game) -> bool:
    """True when the last move of an AI game was the human's own play or discard (§13)."""
    last = Turn.objects.filter(game=game).order_by("-number").only(
        "action", "actor_seat", "is_ai_move").first()
    return (last is not None and last.action in (Turn.Action.PLAY, Turn.Action.DISCARD)
            and last.actor_seat == 0 and not last.is_ai_move)


# Why a finished game gave nobody EXP or gold, in the words of the end screen.
NOT_RATED_REASONS = {
    "aborted": "An aborted game is not rated: nobody earns EXP or gold.",
    "friendly": "Friendly games are not rated: they give no EXP, gold or awards.",
    "ai_challenge": "AI challenges are not rated: they give no EXP or gold.",
    "ai_after_tutorial": ("Games against the computer give EXP only during the tutorial "
                          f"(below level {TUTORIAL_END_LEVEL})."),
    "ai_computer_ended": ("During the tutorial a game against the computer is rated when it "
                          "ends on your own play or discard; this one ended on the "
                          "computer's move."),
    "playtest": "A playtest of a proposed card is not rated: it gives no EXP or gold.",
}


def rating_rule(game):
    """(seats to rate, whether the result counts, the NOT_RATED_REASONS key when nobody is
    rated), per §13/§16. Reads the players' levels as they are now."""
    if game.outcome in rules.UNRATED_OUTCOMES or not game.state:
        return (), False, "aborted"
    if custom_card_ids(game.state):  # a proposed card in a deck: a playtest (concepts.lab)
        return (), False, "playtest"
    if game.is_ai:
        if game.ai_challenge:
            return (), False, "ai_challenge"
        if game.player1.level >= TUTORIAL_END_LEVEL:
            return (), False, "ai_after_tutorial"
        if not _ended_on_human_turn(game):
            return (), False, "ai_computer_ended"
        return (0,), False, None
    if game.is_friendly or game.player2_id is None:
        return (), False, "friendly"
    return (0, 1), True, None


@transaction.atomic
def game_rate(*, game_id: int) -> bool:
    """Rate a finished game once. Returns True when this call rated it."""
    game = Game.objects.select_related("player1__user", "player2__user").filter(
        pk=game_id).first()
    if game is None or game.status != Game.Status.FINISHED or game.rated_at is not None:
        return False
    claimed = Game.objects.filter(pk=game_id, rated_at__isnull=True,
                                  status=Game.Status.FINISHED).update(rated_at=timezone.now())
    if claimed != 1:
        return False
    seats, counts_result, _why_not = rating_rule(game)
    if not seats:
        return False
    state = state_from_json(game.state)
    winner_seat = game.seat_of(game.winner) if game.winner_id else None
    players = {p.pk: p for p in Player.objects.select_for_update(of=("self",)).select_related(
        "user", "settings").filter(pk__in=[game.player_id_at(s) for s in seats]).order_by("pk")}
    for seat in seats:
        player = players[game.player_id_at(seat)]
        if len(seats) == 2:
            opponent = players[game.player_id_at(1 - seat)]
            opponent_level, opponent_name = opponent.level, opponent.name
        else:  # the standard AI counts as the player's own level
            opponent_level, opponent_name = player.level, game.player2_name
        side = rules.rate_side(state, seat, outcome=game.outcome, winner_seat=winner_seat,
                               level=player.level, opponent_level=opponent_level)
        _apply(game, player, side, opponent_name, counts_result)
    if counts_result:
        _glicko_apply(game, players, winner_seat)
    # The end screens show what the game earned: redrawn now that it is known.
    publish_game_changed(game, what="rated")
    return True


def _glicko_apply(game, players, winner_seat):
    """Both players' Glicko-2 update for this game, plus a history row each."""
    seated = [players[game.player_id_at(seat)] for seat in (0, 1)]
    before = [Glicko2Rating(p.rating, p.rating_deviation, p.rating_volatility) for p in seated]
    for seat, player in enumerate(seated):
        if winner_seat is None:
            score, result = 0.5, "draw"
        else:
            score, result = (1.0, "win") if winner_seat == seat else (0.0, "loss")
        opponent = before[1 - seat]
        after = glicko2_update(before[seat], [Glicko2Game(opponent.rating, opponent.deviation,
                                                          score)])
        player.rating, player.rating_deviation = after.rating, after.deviation
        player.rating_volatility = after.volatility
        player.save(update_fields=["rating", "rating_deviation", "rating_volatility"])
        RatingHistory.objects.create(
            player=player, game_id=game.pk, opponent_name=seated[1 - seat].name, result=result,
            rating=after.rating, deviation=after.deviation, volatility=after.volatility,
            rating_before=before[seat].rating)


def _apply(game, player, side, opponent_name, counts_result):
    old_level = player.level
    level, exp, gained = rules.levels_after(player.level, player.exp + side.exp)
    player.level, player.exp = level, exp
    player.gold += side.gold + gained * rules.GOLD_PER_LEVEL
    fields = ["level", "exp", "gold"]
    if counts_result:
        counter = {"win": "wins", "loss": "losses", "draw": "draws"}[side.result]
        setattr(player, counter, getattr(player, counter) + 1)
        fields.append(counter)
    player.save(update_fields=fields)
    achievements = []
    if side.awards:
        achievements = award_counters_add(player=player,
                                          counters={key: 1 for key in side.awards})
    GameRating.objects.create(
        player=player, game_id=game.pk, opponent_name=opponent_name, outcome=side.outcome,
        result=side.result, exp=side.exp, gold=side.gold, awards=list(side.awards),
        levels_gained=gained, breakdown=exp_breakdown(side),
        achievements=[{"name": a.name, "gold": a.gold} for a in achievements])
    if player.settings.battle_reports:
        message_send_system(recipient=player, kind=Message.Kind.BATTLE_REPORT,
                            subject=f"Battle report: game against {opponent_name}",
                            body=battle_report_text(side, opponent_name, gained))
    if gained:
        message_send_system(recipient=player, kind=Message.Kind.LEVEL_UP,
                            subject=f"You reached level {level}",
                            body=level_up_text(old_level, level))


def exp_breakdown(side) -> dict:
    """The phases of the EXP (the battle report's lines 1-3), kept with the rating."""
    return {"base_exp": side.base_exp, "game_multiplier": side.game_multiplier,
            "game_exp": side.game_exp, "opponent_multiplier": side.opponent_multiplier,
            "opponent_exp": side.opponent_exp, "victory_name": side.victory_name,
            "victory_multiplier": side.victory_multiplier}


def _percent(multiplier):
    return f"{rules.php_round(multiplier * 100)} %"


def exp_phase_lines(breakdown: dict, exp: int) -> list:
    """The EXP phases 1-3 in words, from exp_breakdown (the battle report, the end screen)."""
    b = breakdown
    return [
        f"Game rating: {b['base_exp']} EXP × {_percent(b['game_multiplier'])} "
        f"= {b['game_exp']} EXP",
        f"Opponent rating: × {_percent(b['opponent_multiplier'])} = {b['opponent_exp']} EXP",
        f"Victory rating: {b['victory_name']} (× {_percent(b['victory_multiplier'])}) "
        f"= {exp} EXP",
    ]


def battle_report_text(side, opponent_name, levels_gained) -> str:
    lines = [
        f"[b]{RESULT_WORDS[side.result]}[/b] against {opponent_name} "
        f"({OUTCOME_WORDS.get(side.outcome, side.outcome.lower())}).",
        "",
        *(f"{n}. {line}" for n, line in enumerate(
            exp_phase_lines(exp_breakdown(side), side.exp), start=1)),
    ]
    if side.awards:
        names = ", ".join(f"{awards_rules.END_OF_GAME_AWARDS[k].name} ({awards_rules.END_OF_GAME_AWARDS[k].gold})"
                          for k in side.awards)
        lines.append(f"4. Awards: {names} = {side.gold} gold")
    else:
        lines.append("4. Awards: none")
    lines += ["", f"[b]In total: {side.exp} EXP and {side.gold} gold.[/b]"]
    if levels_gained:
        lines.append(f"You also gained {levels_gained} level(s) and "
                     f"{levels_gained * rules.GOLD_PER_LEVEL} gold for them.")
    return "\n".join(lines)


def level_up_text(old_level: int, new_level: int) -> str:
    lines = [f"Congratulations, you are now level {new_level} "
             f"and {rules.GOLD_PER_LEVEL * (new_level - old_level)} gold richer."]
    sections = [SECTION_LABELS[key] for key, needed in SECTION_LEVELS.items()
                if old_level < needed <= new_level]
    if sections:
        lines.append("Newly opened parts of the site: " + ", ".join(sections) + ".")
    if old_level < TUTORIAL_END_LEVEL <= new_level:
        lines.append("You have finished the tutorial: the whole site is open to you.")
    cards = [c.name for c in all_cards() if old_level < c.level <= new_level]
    if cards:
        lines.append(f"New cards you may now put into your decks ({len(cards)}): "
                     + ", ".join(sorted(cards)) + ".")
    return "\n".join(lines)
