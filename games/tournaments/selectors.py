"""What the event pages, the API, the navigation and the profiles read about events."""
from django.db.models import Count, Q

from .models import Entry, Kind, Pairing, Tournament
from .rules import LAST_PAIRING, on_fire

FINISHED_SHOWN = 20
# The standings rows the live panel shows (the leaders): the panel goes to every open page
# of the event each time it changes, and 200 rows made it 80 KB a page every 2 s. The whole
# table is a page of its own (standings/), and each player's controls show his place.
STANDINGS_SHOWN = 50
# The arena games an event page lists (the newest first).
ARENA_GAMES_SHOWN = 60
# How the page words rules.LAST_PAIRING.
_LAST_MINUTES = int(LAST_PAIRING.total_seconds() // 60)
LAST_PAIRING_WORDS = "minute" if _LAST_MINUTES == 1 else f"{_LAST_MINUTES} minutes"


def tournament_get(tournament_id) -> Tournament | None:
    try:
        return Tournament.objects.select_related("created_by__user").get(pk=tournament_id)
    except (Tournament.DoesNotExist, ValueError, TypeError):
        return None


def tournament_lists() -> dict:
    """The events page: upcoming (soonest first), running, the latest finished."""
    rows = Tournament.objects.select_related("created_by__user")
    status = Tournament.Status
    return {
        "upcoming": list(rows.filter(status=status.UPCOMING).order_by("starts_at", "pk")),
        "running": list(rows.filter(status=status.RUNNING).order_by("starts_at", "pk")),
        "finished": list(rows.filter(status__in=[status.FINISHED, status.CANCELLED])
                         .order_by("-finished_at", "-pk")[:FINISHED_SHOWN]),
    }


def standing_order(tournament: Tournament) -> list[str]:
    """How the standings are ordered: an arena by points (then wins), a Swiss event by
    score, Buchholz, Sonneborn-Berger; then the rating at joining."""
    if tournament.kind == Kind.ARENA:
        return ["-score", "-wins", "-rating", "pk"]
    return ["-score", "-buchholz", "-sonneborn", "-rating", "pk"]


def standings(tournament: Tournament) -> list[dict]:
    """Every entry with its place, score in points, tie-breaks and state."""
    entries = (Entry.objects.filter(tournament=tournament).select_related("player__user")
               .order_by(*standing_order(tournament)))
    rows = []
    for place, entry in enumerate(entries, start=1):
        rows.append({
            "place": entry.final_rank or place, "entry": entry, "player": entry.player,
            "name": entry.player.name, "is_bot": entry.player.is_bot,
            "score": entry.score / 2 if tournament.kind == Kind.SWISS else entry.score,
            "games": entry.games, "wins": entry.wins, "draws": entry.draws,
            "losses": entry.losses, "buchholz": entry.buchholz / 2,
            "sonneborn": entry.sonneborn / 4, "status": entry.status,
            "on_fire": tournament.kind == Kind.ARENA and on_fire(entry.streak),
            "playing": entry.current_pairing_id is not None,
        })
    return rows


def pairings(tournament: Tournament, *, round_number=None, limit=None) -> list[Pairing]:
    """The event's pairings with both players and the game: a Swiss round's, or an
    arena's newest ``limit``."""
    rows = (Pairing.objects.filter(tournament=tournament)
            .select_related("white__player__user", "black__player__user", "game"))
    if round_number is not None:
        rows = rows.filter(round=round_number).order_by("pk")
    else:
        rows = rows.order_by("-pk")
    return list(rows[:limit] if limit else rows)


def podium(rows: list[dict]) -> list[dict]:
    return rows[:3]


def place_of(tournament: Tournament, entry: Entry | None) -> int | None:
    """The entry's place in the standings now (its final place once the event is over)."""
    if entry is None:
        return None
    if entry.final_rank:
        return entry.final_rank
    order = list(Entry.objects.filter(tournament=tournament)
                 .order_by(*standing_order(tournament)).values_list("pk", flat=True))
    return order.index(entry.pk) + 1 if entry.pk in order else None


def live_panel(tournament: Tournament) -> dict:
    """Everything the event's live panel shows (the same for every viewer): the podium, the
    leaders (STANDINGS_SHOWN) and the games."""
    rows = standings(tournament)
    if tournament.kind == Kind.ARENA:
        shown = pairings(tournament, limit=ARENA_GAMES_SHOWN)
    else:
        shown = pairings(tournament, round_number=tournament.current_round)
    over = tournament.status == Tournament.Status.FINISHED
    return {"tournament": tournament, "standings": rows[:STANDINGS_SHOWN],
            "standings_total": len(rows), "pairings": shown,
            "podium": podium(rows) if over and rows else [],
            "playing": sum(1 for p in shown if p.result == Pairing.Result.PENDING),
            "unscored": (Pairing.objects.filter(tournament=tournament,
                                                result=Pairing.Result.UNSCORED).count()
                         if over and tournament.kind == Kind.ARENA else 0),
            "last_pairing_words": LAST_PAIRING_WORDS}


def entry_of(tournament: Tournament, player) -> Entry | None:
    if player is None:
        return None
    return Entry.objects.filter(tournament=tournament, player=player).first()


def current_pairing_game(entry: Entry | None):
    """The game the entry's player is playing in the event now (None: none)."""
    if entry is None or entry.current_pairing_id is None:
        return None
    return (Pairing.objects.filter(pk=entry.current_pairing_id)
            .values_list("game_id", flat=True).first())


def current_game_of(tournament_id, player_id):
    """The game ``player_id`` is playing in the event now (None: none), one query."""
    return (Entry.objects.filter(tournament_id=tournament_id, player_id=player_id,
                                 current_pairing__isnull=False)
            .values_list("current_pairing__game_id", flat=True).first())


def pairing_of_game(game_id) -> Pairing | None:
    """The event pairing whose game is ``game_id``, with its event (None: not an event's)."""
    return Pairing.objects.filter(game_id=game_id).select_related("tournament").first()


def open_entries(player_id):
    """Entries of ``player_id`` in events upcoming or running, not withdrawn: the events he
    is "in" (the navigation shows the first)."""
    return (Entry.objects.filter(player_id=player_id,
                                 tournament__status__in=[Tournament.Status.UPCOMING,
                                                         Tournament.Status.RUNNING])
            .exclude(status=Entry.Status.WITHDRAWN))


def history(player, limit=20) -> list[Entry]:
    """The player's finished events, newest first, with his final place."""
    return list(Entry.objects.filter(player=player, tournament__status=Tournament.Status.FINISHED)
                .select_related("tournament").order_by("-tournament__finished_at")[:limit])


def history_counts(player) -> dict:
    """How many finished events the player was in, won and finished on the podium (one
    query)."""
    return Entry.objects.filter(
        player=player, tournament__status=Tournament.Status.FINISHED).aggregate(
        events=Count("pk"), won=Count("pk", filter=Q(final_rank=1)),
        podiums=Count("pk", filter=Q(final_rank__lte=3)))


def api_events(*, status=None):
    rows = Tournament.objects.order_by("-starts_at", "-pk")
    if status:
        rows = rows.filter(status=status)
    return rows


def players_count(tournament: Tournament) -> int:
    return Entry.objects.filter(tournament=tournament).exclude(
        status=Entry.Status.WITHDRAWN).count()


def with_player_counts(tournaments):
    """Annotate each event of a list with ``players`` (entries not withdrawn), one query."""
    ids = [t.pk for t in tournaments]
    counts = dict(Entry.objects.filter(tournament_id__in=ids).exclude(
        status=Entry.Status.WITHDRAWN).values("tournament_id").annotate(n=Count("pk"))
        .values_list("tournament_id", "n"))
    for tournament in tournaments:
        tournament.players = counts.get(tournament.pk, 0)
    return tournaments
