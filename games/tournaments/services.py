"""Every state change of events: create, join, leave, pause, start, pair, results, the end.

Each service takes its access step first (the event's row locked with
``select_for_update``: all changes of one event happen one at a time, whichever process or
worker makes them), then changes, then publishes "event changed" after commit.

Pairing is idempotent and loses nothing: an entry is claimed for a pairing by a
conditional UPDATE (``current_pairing IS NULL``), so a repeated or concurrent task cannot
put a player in two games of one event; a worker that dies rolls its transaction back and
the periodic ``tournaments_tick`` pairs the waiting players again. A result is recorded
once (the pairing's ``result`` moves from "pending" by a conditional UPDATE too).
"""
import logging
import random
from datetime import UTC, datetime, timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone

from decks.models import Deck
from games import engine
from games.models import Game
from games.services import deck_payload
from games.services.endings import game_end_by_site
from games.services.errors import GameError
from games.services.lobby import game_start_arranged
from marcomage.plumbing.plain_text import name_problem
from players.models import Player
from players.moderation.selectors import mute_refusal
from players.notifications import triggers as notices

from . import presence, rules
from .events import publish_games_paired, publish_tournament_changed
from .models import (
    ARENA_MINUTES,
    EVENT_TURN_TIMEOUTS,
    SWISS_ROUND_MINUTES,
    SWISS_ROUNDS,
    DeckRule,
    Entry,
    Kind,
    Pairing,
    Policy,
    Schedule,
    Tournament,
)
from .queue import pairing_queue
from .selectors import standing_order

log = logging.getLogger(__name__)

# An arena's rematch (the same two players again) waits this long for someone else to be
# free while other games of the arena are running.
REMATCH_AFTER = timedelta(seconds=20)
# How far ahead a player may schedule an event, and how soon it may start.
LATEST_START = timedelta(days=14)
EARLIEST_START = timedelta(minutes=1)
STARTER = "starter-"


class TournamentError(Exception):
    """A refused request; ``message`` is for players."""

    def __init__(self, message: str, *, code: str = "refused"):
        super().__init__(message)
        self.message = message
        self.code = code


# ---------------------------------------------------------------- access steps
def _lock(tournament_id) -> Tournament:
    """The event's row, locked until the end of the transaction."""
    try:
        return Tournament.objects.select_for_update().get(pk=tournament_id)
    except (Tournament.DoesNotExist, ValueError, TypeError):
        raise TournamentError("There is no such event.", code="gone")


def _changed(tournament: Tournament, *fields) -> None:
    tournament.version += 1
    tournament.save(update_fields=["version", *fields])
    publish_tournament_changed(tournament)


# ---------------------------------------------------------------- options
def options_check(options: dict) -> dict:
    """The options of a new event, checked (forms, the API and the admin's schedules
    offer the same choices); returns them with the unused ones for its kind dropped."""
    kind = options.get("kind")
    if kind not in Kind.values:
        raise TournamentError("Choose arena or Swiss.", code="kind")
    name = (options.get("name") or "").strip()
    if not 3 <= len(name) <= 60:
        raise TournamentError("Give the event a name of 3 to 60 characters.", code="name")
    if problem := name_problem(name, "event's name"):
        raise TournamentError(problem, code="name")
    if options.get("deck_rule", DeckRule.ANY) not in DeckRule.values:
        raise TournamentError("Choose one of the deck rules.", code="deck_rule")
    if options.get("turn_timeout") not in EVENT_TURN_TIMEOUTS:
        raise TournamentError("Choose one of the offered turn time limits.", code="timeout")
    if kind == Kind.ARENA and options.get("duration_minutes") not in ARENA_MINUTES:
        raise TournamentError("Choose one of the offered arena durations.", code="duration")
    if kind == Kind.SWISS:
        if options.get("rounds") not in SWISS_ROUNDS:
            raise TournamentError(f"A Swiss event has {SWISS_ROUNDS[0]} to {SWISS_ROUNDS[-1]} "
                                  "rounds.", code="rounds")
        if options.get("round_minutes") not in SWISS_ROUND_MINUTES:
            raise TournamentError("Choose one of the offered round time limits.", code="round")
    min_level = options.get("min_level", 0)
    if not isinstance(min_level, int) or not 0 <= min_level <= 100:
        raise TournamentError("The minimum level is 0 to 100.", code="min_level")
    max_players = options.get("max_players", 200)
    if not isinstance(max_players, int) or not 2 <= max_players <= 500:
        raise TournamentError("An event takes 2 to 500 players.", code="max_players")
    fields = {"name": name, "kind": kind, "deck_rule": options.get("deck_rule", DeckRule.ANY),
              "turn_timeout": options["turn_timeout"], "min_level": min_level,
              "max_players": max_players}
    for flag in ("hidden", "long_mode", "rated", "bots_allowed"):
        fields[flag] = bool(options.get(flag, flag == "rated"))
    if kind == Kind.ARENA:
        fields["duration_minutes"] = options["duration_minutes"]
    else:
        fields["rounds"] = options["rounds"]
        fields["round_minutes"] = options["round_minutes"]
    return fields


def creation_refusal(player: Player) -> str | None:
    """Why ``player`` may not create an event now (None: he may)."""
    policy = Policy.current()
    if player.is_bot:
        return "Bots may join events that allow them, not create them."
    if refusal := mute_refusal(player):
        return refusal
    if player.level < policy.create_min_level:
        return f"Players may create events from level {policy.create_min_level} on."
    open_count = Tournament.objects.filter(
        created_by=player, status__in=[Tournament.Status.UPCOMING, Tournament.Status.RUNNING]
    ).count()
    if open_count >= policy.open_events_per_player:
        return (f"You already have {open_count} events upcoming or running: wait until one "
                "is over.")
    return None


@transaction.atomic
def tournament_create(*, creator: Player, options: dict, starts_at: datetime,
                      now=None) -> Tournament:
    """A player's event (the administrators create theirs in the admin or by schedules)."""
    now = now or timezone.now()
    Player.objects.select_for_update().filter(pk=creator.pk).first()  # one at a time
    refusal = creation_refusal(creator)
    if refusal:
        raise TournamentError(refusal, code="not_allowed")
    fields = options_check(options)
    if not now + EARLIEST_START <= starts_at <= now + LATEST_START:
        raise TournamentError("An event starts between a minute and two weeks from now.",
                              code="starts_at")
    tournament = Tournament.objects.create(created_by=creator, starts_at=starts_at, **fields)
    set_end(tournament)
    return tournament


def set_end(tournament: Tournament) -> None:
    if tournament.is_arena:
        tournament.ends_at = tournament.starts_at + timedelta(minutes=tournament.duration_minutes)
        tournament.save(update_fields=["ends_at"])


@transaction.atomic
def tournament_cancel(*, tournament_id, player: Player) -> Tournament:
    """The creator calls off his event before it starts."""
    tournament = _lock(tournament_id)
    if tournament.created_by_id != player.pk:
        raise TournamentError("Only the player who created the event may cancel it.",
                              code="forbidden")
    if tournament.status != Tournament.Status.UPCOMING:
        raise TournamentError("Only an event that has not started can be cancelled.",
                              code="started")
    tournament.status = Tournament.Status.CANCELLED
    tournament.finished_at = timezone.now()
    _changed(tournament, "status", "finished_at")
    return tournament


# ---------------------------------------------------------------- schedules
def next_start(schedule: Schedule, now: datetime) -> datetime:
    """The schedule's next start after ``now`` (UTC)."""
    start = datetime.combine(now.date(), schedule.start_time, tzinfo=UTC)
    if schedule.every == Schedule.Every.WEEK:
        start += timedelta(days=(schedule.weekday - start.weekday()) % 7)
        if start <= now:
            start += timedelta(days=7)
    elif start <= now:
        start += timedelta(days=1)
    return start


def schedules_create(*, now=None) -> int:
    """Create the scheduled events whose announcement time has come (once each: a unique
    constraint on (schedule, start) makes a repeated or concurrent run create nothing)."""
    now = now or timezone.now()
    created = 0
    for schedule in Schedule.objects.filter(active=True):
        starts_at = next_start(schedule, now)
        if starts_at - timedelta(hours=schedule.announce_hours) > now:
            continue
        fields = {f.name: getattr(schedule, f.name) for f in Tournament._meta.fields
                  if f.name in _OPTION_FIELDS}
        try:
            with transaction.atomic():
                tournament, made = Tournament.objects.get_or_create(
                    schedule=schedule, starts_at=starts_at, defaults=fields)
                if made:
                    set_end(tournament)
        except IntegrityError:  # another run made it meanwhile
            continue
        created += made
    return created


_OPTION_FIELDS = {"name", "kind", "duration_minutes", "rounds", "round_minutes", "hidden",
                  "long_mode", "deck_rule", "turn_timeout", "min_level", "rated",
                  "bots_allowed", "max_players"}


# ---------------------------------------------------------------- decks
def starter_choices() -> list[tuple[str, str]]:
    return [(f"{STARTER}{n}", f"{name} (starter deck)")
            for n, name in enumerate(engine.STARTER_DECK_NAMES)]


def _starter_payload(index: int) -> dict:
    deck = engine.STARTER_DECKS[index]
    return {"common": list(deck.common), "uncommon": list(deck.uncommon),
            "rare": list(deck.rare), "tokens": list(deck.tokens)}


def commons_only(cards: list[int]) -> bool:
    """Are all these cards commons (the engine's rarity)?"""
    try:
        return all(engine.card(cid).rarity == "Common" for cid in cards)
    except engine.EngineError:
        return False


def entry_deck(tournament: Tournament, player: Player, choice) -> tuple[str, dict]:
    """(deck name, the cards the player's games of this event use) for the deck he chose:
    one of his own complete decks ("any"), its 15 commons in every section ("commons
    only", checked against the engine's rarities), or a starter deck ("starter-N")."""
    choice = "" if choice is None else str(choice)
    if tournament.deck_rule == DeckRule.STARTER:
        if choice == "":
            choice = f"{STARTER}{random.randrange(len(engine.STARTER_DECKS))}"
        if not choice.startswith(STARTER):
            raise TournamentError("This event is played with the starter decks: choose one.",
                                  code="deck")
        try:
            index = int(choice[len(STARTER):])
            name = engine.STARTER_DECK_NAMES[index]
        except (ValueError, IndexError):
            raise TournamentError("Choose one of the starter decks.", code="deck")
        return name, _starter_payload(index)
    try:
        deck = Deck.objects.get(pk=int(choice), player=player)
    except (Deck.DoesNotExist, ValueError, TypeError):
        raise TournamentError("Choose one of your own decks.", code="deck")
    if not deck.is_ready:
        raise TournamentError("That deck is not complete: all 45 card slots must be filled.",
                              code="deck")
    payload = deck_payload(deck)
    if tournament.deck_rule == DeckRule.COMMONS:
        commons = [cid for cid in payload["common"] if cid]
        if len(commons) != len(payload["common"]) or not commons_only(commons):
            raise TournamentError("This event is played with commons only: the deck's "
                                  "common section must hold 15 common cards.", code="deck")
        payload = {**payload, "uncommon": list(commons), "rare": list(commons)}
    return deck.name, payload


# ---------------------------------------------------------------- joining, leaving, pausing
def join_refusal(tournament: Tournament, player: Player) -> str | None:
    """Why ``player`` may not join ``tournament`` now (None: he may)."""
    if tournament.status == Tournament.Status.RUNNING and not tournament.is_arena:
        return "This Swiss event has started: it takes no more players."
    if tournament.status == Tournament.Status.RUNNING and tournament.ends_at \
            and tournament.ends_at <= timezone.now():
        return "This arena is over."
    if tournament.status not in (Tournament.Status.UPCOMING, Tournament.Status.RUNNING):
        return "This event is over."
    if player.is_bot and not tournament.bots_allowed:
        return "This event does not take bots."
    if player.level < tournament.min_level:
        return f"This event is for players from level {tournament.min_level} on."
    return None


@transaction.atomic
def tournament_join(*, tournament_id, player: Player, deck=None) -> Entry:
    """Join an upcoming event, or a running arena (late). A player who withdrew from a
    running arena comes back with his score."""
    tournament = _lock(tournament_id)
    refusal = join_refusal(tournament, player)
    if refusal:
        raise TournamentError(refusal, code="closed")
    entry = Entry.objects.filter(tournament=tournament, player=player).first()
    if entry is not None and entry.status != Entry.Status.WITHDRAWN:
        raise TournamentError("You are in this event already.", code="joined")
    playing = Entry.objects.filter(tournament=tournament).exclude(
        status=Entry.Status.WITHDRAWN).count()
    if playing >= tournament.max_players:
        raise TournamentError("This event is full.", code="full")
    deck_name, cards = entry_deck(tournament, player, deck)
    now = timezone.now()
    if entry is None:
        entry = Entry.objects.create(tournament=tournament, player=player, deck_name=deck_name,
                                     deck_cards=cards, rating=player.rating, free_since=now)
    else:
        entry.status, entry.deck_name, entry.deck_cards = Entry.Status.ACTIVE, deck_name, cards
        entry.free_since = now
        entry.save(update_fields=["status", "deck_name", "deck_cards", "free_since"])
    _changed(tournament)
    if tournament.status == Tournament.Status.RUNNING:
        _after_commit_pair(tournament.pk)
    return entry


def _own_entry(tournament: Tournament, player: Player) -> Entry:
    entry = Entry.objects.select_for_update().filter(tournament=tournament, player=player).first()
    if entry is None or entry.status == Entry.Status.WITHDRAWN:
        raise TournamentError("You are not in this event.", code="not_joined")
    return entry


@transaction.atomic
def tournament_leave(*, tournament_id, player: Player) -> None:
    """Leave: before the start the entry goes; later the player withdraws (his results
    stay in the standings, he is paired no more; a game he is playing goes on)."""
    tournament = _lock(tournament_id)
    entry = _own_entry(tournament, player)
    if tournament.status == Tournament.Status.UPCOMING:
        entry.delete()
    elif tournament.status == Tournament.Status.RUNNING:
        entry.status = Entry.Status.WITHDRAWN
        entry.save(update_fields=["status"])
    else:
        raise TournamentError("This event is over.", code="closed")
    _changed(tournament)


@transaction.atomic
def tournament_pause(*, tournament_id, player: Player, paused: bool) -> Entry:
    """Pause (no new pairing; a Swiss round passes without you, for no points) or come
    back. A game being played goes on."""
    tournament = _lock(tournament_id)
    if not tournament.is_open:
        raise TournamentError("This event is over.", code="closed")
    entry = _own_entry(tournament, player)
    entry.status = Entry.Status.PAUSED if paused else Entry.Status.ACTIVE
    entry.paused_reason = Entry.Paused.ASKED
    entry.free_since = timezone.now()
    entry.save(update_fields=["status", "paused_reason", "free_since"])
    _changed(tournament)
    if not paused and tournament.status == Tournament.Status.RUNNING:
        _after_commit_pair(tournament.pk)
    return entry


def _pause(entries, reason) -> None:
    """Pause these entries for ``reason`` (the site's own pause: he left the event's pages,
    or he lost on time); he is paired again once he comes back (the page's button). The
    caller holds the event's lock and saves its version."""
    ids = [entry.pk for entry in entries]
    if ids:
        Entry.objects.filter(pk__in=ids, status=Entry.Status.ACTIVE).update(
            status=Entry.Status.PAUSED, paused_reason=reason)


def _pause_the_away(tournament: Tournament, entries: dict, now) -> dict:
    """The entries of ``entries`` (pk -> Entry, with their players) whose players have left
    every page of the event for presence.AWAY_AFTER are paused (as lichess withdraws who
    leaves an arena's page): returned without them."""
    gone = presence.away(tournament.pk, [e.player_id for e in entries.values()], now=now)
    if not gone:
        return entries
    _pause([e for e in entries.values() if e.player_id in gone], Entry.Paused.AWAY)
    return {pk: e for pk, e in entries.items() if e.player_id not in gone}


def _after_commit_pair(tournament_id: int) -> None:
    """Queue the arena's pairing once this change is committed (Swiss pairs by rounds)."""
    pairing_queue(tournament_id)


# ---------------------------------------------------------------- pairing
class _ClaimLost(Exception):
    """An entry of the pair was taken meanwhile: this pair is not made."""


def _pair_start(tournament: Tournament, white: Entry, black: Entry, *, round_number: int):
    """Claim both entries and start their game (inside a savepoint: a lost claim undoes
    only this pair)."""
    pairing = Pairing.objects.create(tournament=tournament, round=round_number, white=white,
                                     black=black)
    claimed = (Entry.objects.filter(pk__in=[white.pk, black.pk], current_pairing__isnull=True)
               .update(current_pairing=pairing))
    if claimed != 2:
        raise _ClaimLost
    try:
        game = game_start_arranged(
            player1=white.player, player2=black.player, deck1_cards=white.deck_cards,
            deck2_cards=black.deck_cards, hidden=tournament.hidden,
            friendly=not tournament.rated, long_mode=tournament.long_mode,
            turn_timeout=tournament.turn_timeout)
    except GameError:
        log.warning("event %s: no game for entries %s and %s", tournament.pk, white.pk,
                    black.pk, exc_info=True)
        raise _ClaimLost
    pairing.game = game
    pairing.save(update_fields=["game"])
    return pairing


def _start_pairs(tournament, entries: dict, pairs, round_number) -> int:
    """Start the games of ``pairs``; once committed, each player's event pages are told his
    new game at once (the live panel follows in its own time)."""
    games = []
    for a, b in pairs:
        try:
            with transaction.atomic():
                pairing = _pair_start(tournament, entries[a], entries[b],
                                      round_number=round_number)
        except _ClaimLost:
            continue
        games.append((pairing.game_id, entries[a].player_id, entries[b].player_id))
    publish_games_paired(tournament.pk, games)
    notices.event_games_paired(tournament_id=tournament.pk, tournament_name=tournament.name,
                               games=games)
    return len(games)


def arena_pair(*, tournament_id, now=None) -> int:
    """Pair the arena's free players (see rules.arena_pairs). Returns the games started."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = _lock(tournament_id)
        if (not tournament.is_arena or tournament.status != Tournament.Status.RUNNING
                or tournament.ends_at - now < rules.LAST_PAIRING):
            return 0
        found = {e.pk: e for e in Entry.objects.filter(
            tournament=tournament, status=Entry.Status.ACTIVE, current_pairing__isnull=True)
            .select_related("player")}
        free = _pause_the_away(tournament, found, now)
        if len(free) < 2:
            if len(free) != len(found):
                _changed(tournament)
            return 0
        others_playing = Entry.objects.filter(tournament=tournament,
                                              current_pairing__isnull=False).exists()
        last_opponent_entry = dict(Entry.objects.filter(
            tournament=tournament, player_id__in=[e.last_opponent_id for e in free.values()
                                                  if e.last_opponent_id])
            .values_list("player_id", "pk"))
        waiting = [rules.Waiting(
            id=e.pk, score=e.score, rating=e.rating,
            last_opponent=last_opponent_entry.get(e.last_opponent_id),
            patient=e.free_since is None or now - e.free_since >= REMATCH_AFTER)
            for e in free.values()]
        pairs = rules.arena_pairs(waiting, others_playing=others_playing)
        made = _start_pairs(tournament, free, pairs, 0)
        if made or len(free) != len(found):
            _changed(tournament)
        return made


def _met_pairs(tournament) -> set:
    return {frozenset(pair) for pair in Pairing.objects.filter(
        tournament=tournament, black__isnull=False).values_list("white_id", "black_id")}


def _swiss_round_start(tournament: Tournament, now) -> int:
    """Pair and start the next round (the caller holds the event's lock)."""
    entries = _pause_the_away(tournament, {e.pk: e for e in Entry.objects.filter(
        tournament=tournament, status=Entry.Status.ACTIVE).select_related("player")}, now)
    round_number = tournament.current_round + 1
    players = [rules.SwissPlayer(id=e.pk, score=e.score, rating=e.rating, had_bye=e.had_bye)
               for e in entries.values()]
    pairing = rules.swiss_pairs(players, _met_pairs(tournament))
    tournament.current_round = round_number
    tournament.round_started_at = now
    tournament.save(update_fields=["current_round", "round_started_at"])
    made = _start_pairs(tournament, entries, pairing.pairs, round_number)
    if pairing.bye is not None:
        bye = entries[pairing.bye]
        Pairing.objects.create(tournament=tournament, round=round_number, white=bye, black=None,
                               result=Pairing.Result.BYE, white_points=rules.BYE_POINTS,
                               finished_at=now)
        bye.score += rules.BYE_POINTS
        bye.had_bye = True
        bye.save(update_fields=["score", "had_bye"])
    return made


def swiss_advance(*, tournament_id, now=None) -> list[int]:
    """Move a running Swiss event on: when every game of the round is over, the next round
    starts (or the event ends after the last); when the round's time limit has passed, the
    games still running are returned to be called off (the caller ends them outside this
    transaction; their ends come back here)."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = _lock(tournament_id)
        if tournament.is_arena or tournament.status != Tournament.Status.RUNNING:
            return []
        pending = list(Pairing.objects.filter(tournament=tournament,
                                              round=tournament.current_round,
                                              result=Pairing.Result.PENDING)
                       .values_list("pk", "game_id"))
        if pending:
            limit = timedelta(minutes=tournament.round_minutes)
            if tournament.round_started_at and now - tournament.round_started_at >= limit:
                gameless = [pk for pk, game_id in pending if game_id is None]
                for pairing in Pairing.objects.filter(pk__in=gameless):
                    _result_apply(tournament, pairing, rules.DRAW, now)
                return [game_id for _pk, game_id in pending if game_id is not None]
            return []
        _tie_breaks_store(tournament)
        if tournament.current_round >= tournament.rounds:
            _finish(tournament, now)
        else:
            _swiss_round_start(tournament, now)
            if not Pairing.objects.filter(tournament=tournament, round=tournament.current_round,
                                          result=Pairing.Result.PENDING).exists():
                # nobody to pair (all paused or withdrawn but one): the event ends here
                _finish(tournament, now)
        _changed(tournament)
    return []


def _tie_breaks_store(tournament: Tournament) -> None:
    entries = list(Entry.objects.filter(tournament=tournament))
    scores = {e.pk: e.score for e in entries}
    played = [rules.Played(a=w, b=b, a_result=_RESULT_HALVES[result][0],
                           b_result=_RESULT_HALVES[result][1])
              for w, b, result in Pairing.objects.filter(
                  tournament=tournament, black__isnull=False,
                  result__in=[Pairing.Result.WHITE, Pairing.Result.BLACK, Pairing.Result.DRAW])
              .values_list("white_id", "black_id", "result")]
    breaks = rules.tie_breaks(scores, played)
    changed = []
    for entry in entries:
        buchholz, sonneborn = breaks[entry.pk]
        if (entry.buchholz, entry.sonneborn) != (buchholz, sonneborn):
            entry.buchholz, entry.sonneborn = buchholz, sonneborn
            changed.append(entry)
    Entry.objects.bulk_update(changed, ["buchholz", "sonneborn"])


_RESULT_HALVES = {Pairing.Result.WHITE: (2, 0), Pairing.Result.BLACK: (0, 2),
                  Pairing.Result.DRAW: (1, 1)}


# ---------------------------------------------------------------- starting and ending
def tournament_start(*, tournament_id, now=None) -> bool:
    """Start an event whose time has come (fewer than two players: it is cancelled)."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = _lock(tournament_id)
        if tournament.status != Tournament.Status.UPCOMING or tournament.starts_at > now:
            return False
        players = Entry.objects.filter(tournament=tournament, status=Entry.Status.ACTIVE).count()
        if players < 2:
            tournament.status = Tournament.Status.CANCELLED
            tournament.finished_at = now
            _changed(tournament, "status", "finished_at")
            return False
        tournament.status = Tournament.Status.RUNNING
        if tournament.is_arena:
            tournament.ends_at = now + timedelta(minutes=tournament.duration_minutes)
        Entry.objects.filter(tournament=tournament).update(free_since=now)
        _changed(tournament, "status", "ends_at")
    if tournament.is_arena:
        arena_pair(tournament_id=tournament.pk, now=now)
    else:
        swiss_advance(tournament_id=tournament.pk, now=now)
    return True


def _finish(tournament: Tournament, now) -> None:
    """End the event (the caller holds its lock and saves its version): games still running
    do not count; the final places are kept for the players' profiles."""
    tournament.status = Tournament.Status.FINISHED
    tournament.finished_at = now
    if not tournament.is_arena:
        tournament.ends_at = now
    tournament.save(update_fields=["status", "finished_at", "ends_at"])
    Pairing.objects.filter(tournament=tournament, result=Pairing.Result.PENDING).update(
        result=Pairing.Result.UNSCORED, finished_at=now)
    entries = list(Entry.objects.filter(tournament=tournament)
                   .order_by(*standing_order(tournament)))
    for rank, entry in enumerate(entries, start=1):
        entry.final_rank = rank
        entry.current_pairing = None
    Entry.objects.bulk_update(entries, ["final_rank", "current_pairing"])


def arena_finish(*, tournament_id, now=None) -> bool:
    now = now or timezone.now()
    with transaction.atomic():
        tournament = _lock(tournament_id)
        if (not tournament.is_arena or tournament.status != Tournament.Status.RUNNING
                or tournament.ends_at > now):
            return False
        _finish(tournament, now)
        _changed(tournament)
    return True


# ---------------------------------------------------------------- results
def _result_apply(tournament: Tournament, pairing: Pairing, white_result: str, now) -> bool:
    """Record a pairing's result once (conditional UPDATE from "pending") and score both
    entries; frees them for the next pairing. The caller holds the event's lock."""
    black_result = {rules.WIN: rules.LOSS, rules.LOSS: rules.WIN}.get(white_result, rules.DRAW)
    entries = {e.pk: e for e in Entry.objects.select_for_update().filter(
        pk__in=[pairing.white_id, pairing.black_id])}
    white, black = entries[pairing.white_id], entries[pairing.black_id]
    points = {}
    for entry, result in ((white, white_result), (black, black_result)):
        if tournament.is_arena:
            points[entry.pk], entry.streak = rules.arena_points(result, entry.streak)
        else:
            points[entry.pk] = rules.POINTS[result]
    result_name = {rules.WIN: Pairing.Result.WHITE, rules.LOSS: Pairing.Result.BLACK}.get(
        white_result, Pairing.Result.DRAW)
    claimed = Pairing.objects.filter(pk=pairing.pk, result=Pairing.Result.PENDING).update(
        result=result_name, white_points=points[white.pk], black_points=points[black.pk],
        finished_at=now)
    if claimed != 1:
        return False
    for entry, result, opponent in ((white, white_result, black), (black, black_result, white)):
        entry.score += points[entry.pk]
        entry.games += 1
        counter = {rules.WIN: "wins", rules.DRAW: "draws", rules.LOSS: "losses"}[result]
        setattr(entry, counter, getattr(entry, counter) + 1)
        entry.last_opponent_id = opponent.player_id
        if entry.current_pairing_id == pairing.pk:
            entry.current_pairing = None
        entry.free_since = now
        entry.save(update_fields=["score", "games", "wins", "draws", "losses", "streak",
                                  "last_opponent", "current_pairing", "free_since"])
    return True


def game_result_record(*, game_id, now=None) -> bool:
    """A game of an event is over: score it, free both players, and pair again (arena) or
    move the round on (Swiss). Idempotent: a repeated call finds the result recorded."""
    now = now or timezone.now()
    pairing = Pairing.objects.filter(game_id=game_id).only("pk", "tournament_id").first()
    if pairing is None:
        return False
    with transaction.atomic():
        tournament = _lock(pairing.tournament_id)
        pairing = Pairing.objects.select_related("game").get(pk=pairing.pk)
        game = pairing.game
        if (pairing.result != Pairing.Result.PENDING or game is None
                or game.status != Game.Status.FINISHED):
            return False
        if tournament.status != Tournament.Status.RUNNING or (
                tournament.is_arena and game.finished_at > tournament.ends_at):
            # Over after the arena's end: it does not count (the end marks it so).
            return False
        if game.winner_id is None:
            white_result = rules.DRAW
        else:
            white_result = rules.WIN if game.winner_id == game.player1_id else rules.LOSS
        if not _result_apply(tournament, pairing, white_result, now):
            return False
        if game.outcome == Game.Outcome.ABANDON and game.winner_id is not None:
            # Lost on his own turn's time limit (the site's ending of an event's game): he
            # is not paired again until he says he is back, instead of losing on time game
            # after game.
            loser = pairing.black_id if white_result == rules.WIN else pairing.white_id
            _pause([Entry(pk=loser)], Entry.Paused.TIME)
        _changed(tournament)
    if tournament.is_arena:
        arena_pair(tournament_id=tournament.pk, now=now)
    else:
        # Games a round's time limit caught running are called off by the tick alone:
        # ending them here would nest each end's news inside the previous one's.
        swiss_advance(tournament_id=tournament.pk, now=now)
    return True


def _called_off(game_ids) -> None:
    """End games a Swiss round's time limit caught running: nothing decided (Abort), a draw
    for the event."""
    for game_id in game_ids:
        game_end_by_site(game_id=game_id, outcome=Game.Outcome.ABORT)


# ---------------------------------------------------------------- the periodic tick
def _overdue_games(now) -> list[tuple[int, int]]:
    """(game id, seat to win) of running games of running events whose player on turn has
    let the turn time limit pass: the event cannot wait, he loses the game."""
    rows = (Pairing.objects.filter(result=Pairing.Result.PENDING,
                                   tournament__status=Tournament.Status.RUNNING,
                                   game__status=Game.Status.IN_PROGRESS,
                                   game__surrender_requested_by__isnull=True)
            .values_list("game_id", "game__last_action_at", "game__turn_timeout",
                         "game__current_seat"))
    return [(game_id, 1 - seat) for game_id, last, timeout, seat in rows
            if last is not None and seat is not None and timeout
            and (now - last).total_seconds() >= timeout]


def tournaments_tick(*, now=None) -> dict:
    """The periodic housekeeping of events (every few seconds; idempotent): scheduled
    events are created, due events start, arenas end, lost results are recorded, overdue
    turns lose their game, waiting players are paired, Swiss rounds move on."""
    now = now or timezone.now()
    done = {"created": schedules_create(now=now), "started": 0, "finished": 0,
            "results": 0, "overdue": 0, "paired": 0}
    for pk in Tournament.objects.filter(status=Tournament.Status.UPCOMING,
                                        starts_at__lte=now).values_list("pk", flat=True):
        done["started"] += tournament_start(tournament_id=pk, now=now)
    for pk in Tournament.objects.filter(status=Tournament.Status.RUNNING, kind=Kind.ARENA,
                                        ends_at__lte=now).values_list("pk", flat=True):
        done["finished"] += arena_finish(tournament_id=pk, now=now)
    # Results whose game ended without the news arriving (a lost task, a restart).
    lost = Pairing.objects.filter(result=Pairing.Result.PENDING,
                                  tournament__status=Tournament.Status.RUNNING,
                                  game__status=Game.Status.FINISHED)
    for game_id in list(lost.values_list("game_id", flat=True)):
        done["results"] += game_result_record(game_id=game_id, now=now)
    for game_id, winner_seat in _overdue_games(now):
        if game_end_by_site(game_id=game_id, outcome=Game.Outcome.ABANDON,
                            winner_seat=winner_seat):
            done["overdue"] += 1
    for pk, kind in Tournament.objects.filter(status=Tournament.Status.RUNNING).values_list(
            "pk", "kind"):
        if kind == Kind.ARENA:
            done["paired"] += arena_pair(tournament_id=pk, now=now)
        else:
            _called_off(swiss_advance(tournament_id=pk, now=now))
    return done


