"""The self-play report: the computer plays itself, a deck holding the concept against the
same deck holding the card the concept replaced.

Games go in pairs on one deal (the same seed): in the first the concept's deck sits at seat
0, in the second at seat 1, so neither side keeps the luck of a deal or of moving first. The
report gives the concept side's wins, draws and losses with its score (a win 1, a draw ½)
and a 95 % confidence interval, the win rate with its Wilson interval, how often each of the
two cards was played, and what a play of each changed on average (the card's own effect and
keywords: its cost and the turn's production are taken out).

The work is a Celery task (``concepts.tasks.lab_selfplay_task``, queued after commit);
without a worker (no Redis: Celery is eager) the task hands it to ``local_reports``, a
background thread of the server process, so the request that asked answers at once. It is
bounded: at most ``MAX_GAMES`` games at the "easy" or "standard" level (a few milliseconds
a game on one core: ``python -m devtools.lab_selfplay`` measures it), ``MAX_TURNS`` turns a
game.
"""
import logging
import math
import random
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games import engine
from games.services.background import BackgroundQueue
from games.services.queue import task_send

from ..models import Concept
from ..services import is_reviewer
from .cards import LabError, lab_card_for, parse_choice
from .models import SelfPlayReport

log = logging.getLogger(__name__)

SELFPLAY_TASK = "concepts.tasks.lab_selfplay_task"
LEVELS = ("easy", "standard")
GAME_CHOICES = (100, 200, 500, 1000)
MAX_GAMES = max(GAME_CHOICES)
MAX_TURNS = 400  # a game still running then counts as a draw
PROGRESS_EVERY = 25
Z95 = 1.959964
# A queued or running report not heard of for this long may be asked for again.
STALLED = timedelta(minutes=10)
CHANGE_KEYS = ("my_tower", "my_wall", "my_facilities", "my_stock", "enemy_tower",
               "enemy_wall", "enemy_facilities", "enemy_stock")
CHANGE_LABELS = ("your tower", "your wall", "your facilities", "your stock", "enemy tower",
                 "enemy wall", "enemy facilities", "enemy stock")


# ------------------------------------------------------------------ the arithmetic
def wilson_interval(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / n`` ((0, 1) for n = 0)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values, z: float = Z95) -> tuple[float, float, float]:
    """(mean, low, high): the mean of ``values`` (scores between 0 and 1) with the normal
    interval of its sampling error (the sample's standard deviation), kept within 0..1."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 1.0
    mean = sum(values) / n
    if n == 1:
        return mean, 0.0, 1.0
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = z * sd / math.sqrt(n)
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def _card_stats(plays: list, games: int, played_in: int) -> dict:
    """``plays``: the change vectors (CHANGE_KEYS) of each play of one card."""
    count = len(plays)
    changes = {key: (sum(p[i] for p in plays) / count if count else 0.0)
               for i, key in enumerate(CHANGE_KEYS)}
    return {"plays": count, "per_game": count / games if games else 0.0,
            "games_played_in": played_in,
            "share_of_games": played_in / games if games else 0.0, "changes": changes}


def summarize(games: list) -> dict:
    """The report of ``games``: each {"score": 1 / 0.5 / 0 for the concept side, "turns",
    "concept_plays": [change vectors], "replaced_plays": [change vectors]}."""
    n = len(games)
    scores = [g["score"] for g in games]
    wins = sum(1 for s in scores if s == 1)
    draws = sum(1 for s in scores if s == 0.5)
    score, low, high = mean_interval(scores)
    win_low, win_high = wilson_interval(wins, n)
    return {
        "games": n, "wins": wins, "draws": draws, "losses": n - wins - draws,
        "score": score, "score_ci": [low, high],
        "win_rate": wins / n if n else 0.0, "win_ci": [win_low, win_high],
        "turns": sum(g["turns"] for g in games) / n if n else 0.0,
        "concept": _card_stats([p for g in games for p in g["concept_plays"]], n,
                               sum(1 for g in games if g["concept_plays"])),
        "replaced": _card_stats([p for g in games for p in g["replaced_plays"]], n,
                                sum(1 for g in games if g["replaced_plays"])),
    }


# ------------------------------------------------------------------ one game
def play_changes(before, after, seat, card, production) -> tuple:
    """What one play changed (CHANGE_KEYS order): both sides' tower, wall, facilities and
    stock, the card's cost and the mover's production taken out."""
    a0, b0 = before.p[seat].a, before.p[1 - seat].a
    a1, b1 = after.p[seat].a, after.p[1 - seat].a
    stock = sum(a1[5 + i] - a0[5 + i] + card.cost[i] - production[i] * a1[2 + i]
                for i in range(3))
    return (a1[0] - a0[0], a1[1] - a0[1], sum(a1[2:5]) - sum(a0[2:5]), stock,
            b1[0] - b0[0], b1[1] - b0[1], sum(b1[2:5]) - sum(b0[2:5]),
            sum(b1[5:8]) - sum(b0[5:8]))


def _ai_seed(state, level):
    # As the site's computer plays (games.services.ai.ai_seed).
    return engine.standard_ai_seed(state) if level == "standard" else None


def play_game(concept_deck, other_deck, *, concept_seat, seed, level, custom_cards,
              concept_id, replaced_id) -> dict:
    """One game of the computer against itself; the facts ``summarize`` reads."""
    decks = (concept_deck, other_deck) if concept_seat == 0 else (other_deck, concept_deck)
    state = engine.new_game(decks[0], decks[1], seed=seed, custom_cards=custom_cards)
    concept_plays, replaced_plays = [], []
    while state.status == "in progress" and state.turns < MAX_TURNS:
        seat = state.current
        action = engine.choose_action(state, seat, level=level, seed=_ai_seed(state, level))
        if action.kind == "play":
            result = engine.play(state, seat, action.position, action.mode)
        else:
            result = engine.discard(state, seat, action.position)
        record = result.record
        if record["action"] == "play":
            card = record["card"]
            mine = seat == concept_seat
            if (card == concept_id and mine) or (card == replaced_id and not mine):
                changes = play_changes(state, result.state, seat, state.card(card),
                                       record["production"])
                (concept_plays if card == concept_id and mine else replaced_plays).append(
                    changes)
        state = result.state
    winner = state.winner if state.status == "finished" else None
    score = 0.5 if winner is None else (1.0 if winner == concept_seat else 0.0)
    return {"score": score, "turns": state.turns, "concept_plays": concept_plays,
            "replaced_plays": replaced_plays}


def decks_of(base: dict, concept_id: int, replaced: int) -> tuple[dict, dict]:
    """(the deck with the concept in the replaced card's place, the deck as it is)."""
    concept_deck = {key: list(base[key]) for key in ("common", "uncommon", "rare")}
    concept_deck["tokens"] = list(base.get("tokens") or ("none",) * 3)
    for key in ("common", "uncommon", "rare"):
        if replaced in concept_deck[key]:
            concept_deck[key][concept_deck[key].index(replaced)] = concept_id
            break
    other = {key: list(base[key]) for key in ("common", "uncommon", "rare")}
    other["tokens"] = list(concept_deck["tokens"])
    return concept_deck, other


def run_games(*, base_deck, concept_id, definition, replaced, games, level, seed,
              progress=None) -> dict:
    """Play ``games`` games (pairs on one deal, seats swapped) and summarize them.
    ``progress(done)`` is called every few games."""
    concept_deck, other = decks_of(base_deck, concept_id, replaced)
    custom = {concept_id: definition}
    out = []
    for i in range(games):
        out.append(play_game(concept_deck, other, concept_seat=i % 2, seed=seed + i // 2,
                             level=level, custom_cards=custom, concept_id=concept_id,
                             replaced_id=replaced))
        if progress is not None and (i + 1) % PROGRESS_EVERY == 0:
            progress(i + 1)
    return summarize(out)


# ------------------------------------------------------------------ the stored report
def report_run(*, report_id) -> bool:
    """The task's work: claim the queued report, play its games, store the result. A
    repeated or concurrent run finds it claimed and does nothing (False)."""
    claimed = SelfPlayReport.objects.filter(
        pk=report_id, status=SelfPlayReport.Status.QUEUED,
    ).update(status=SelfPlayReport.Status.RUNNING, progress=0, updated_at=timezone.now())
    if not claimed:
        return False
    report = SelfPlayReport.objects.select_related("lab_card").get(pk=report_id)
    lab = report.lab_card

    def progress(done):
        SelfPlayReport.objects.filter(pk=report_id).update(progress=done,
                                                           updated_at=timezone.now())

    try:
        result = run_games(base_deck=report.deck, concept_id=lab.engine_id,
                           definition=lab.definition, replaced=report.replaced,
                           games=report.games, level=report.level, seed=report.seed,
                           progress=progress)
    except Exception:
        log.exception("self-play report %s failed", report_id)
        report_failed(report_id)
        return False
    now = timezone.now()
    SelfPlayReport.objects.filter(pk=report_id).update(
        status=SelfPlayReport.Status.DONE, progress=report.games, result=result,
        updated_at=now, finished_at=now, error="")
    return True


def report_failed(report_id) -> None:
    SelfPlayReport.objects.filter(
        pk=report_id,
        status__in=[SelfPlayReport.Status.QUEUED, SelfPlayReport.Status.RUNNING],
    ).update(status=SelfPlayReport.Status.FAILED, updated_at=timezone.now(),
             error="The games could not be played; this has been logged.")


def report_queue(report) -> None:
    transaction.on_commit(lambda: task_send(SELFPLAY_TASK, report.pk))


def report_in_progress(concept: Concept):
    """The concept's report being made now (queued or running, heard of lately), or None."""
    return (SelfPlayReport.objects
            .filter(concept=concept, status__in=[SelfPlayReport.Status.QUEUED,
                                                 SelfPlayReport.Status.RUNNING],
                    updated_at__gte=timezone.now() - STALLED).first())


class LabPermissionError(LabError):
    """The player may not do that with this concept (views answer 404)."""


def may_request_report(player, concept) -> bool:
    """The concept's author and the staff (reviewers) ask for self-play reports; everybody
    who sees the concept sees them."""
    return player is not None and (concept.author_id == player.pk or is_reviewer(player))


@transaction.atomic
def report_request(*, concept_id, player, choice: str, games: int, level: str):
    """Queue a self-play report of the concept: ``choice`` names the deck and the card the
    concept replaces (``cards.deck_choices`` with the starter decks). One report of a
    concept is made at a time."""
    concept = Concept.objects.select_for_update().filter(pk=concept_id).first()
    if concept is None or not may_request_report(player, concept):
        raise LabPermissionError("No such concept.")
    if games not in GAME_CHOICES:
        raise LabError("Choose how many games: " + ", ".join(map(str, GAME_CHOICES)) + ".")
    if level not in LEVELS:
        raise LabError("Choose the computer's level: easy or standard.")
    if report_in_progress(concept) is not None:
        raise LabError("A report of this concept is being made now: wait for it to finish.")
    _deck, payload, name, replaced = parse_choice(player, choice, concept.rarity)
    lab = lab_card_for(concept)
    report = SelfPlayReport.objects.create(
        concept=concept, lab_card=lab, requested_by=player, replaced=replaced,
        deck=payload, deck_name=name[:60], games=games, level=level,
        seed=random.getrandbits(48))
    report_queue(report)
    return report


# Without a Celery worker: the reports of this process, one at a time, on a background
# thread (its own database connection), handing the interpreter over often as the
# analyses do (games.services.analysis).
local_reports = BackgroundQueue(
    "selfplay", lambda report_id: report_run(report_id=report_id),
    threads=lambda: getattr(settings, "LAB_SELFPLAY_THREADS", 1), on_error=report_failed,
    switch_interval=0.0005)


def report_hand_off(*, report_id) -> bool:
    """The eager task's work (no Celery worker): queue the report on this process's
    background thread and return at once."""
    local_reports.submit(report_id)
    return True
