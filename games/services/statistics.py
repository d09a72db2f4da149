"""The statistics a finished game leaves behind, and the one maintenance change on them.

Deck statistics (wins, losses, draws of the decks that played) and card statistics
(played, discarded, drawn) are recorded when a game ends; the "latest" card counters get
a fresh start when new cards join the game.
"""
from collections import Counter

from django.db import connection, transaction
from django.db.models import F, Q

from decks.models import Deck
from games import engine
from games.models import CardStatistic, Game, Turn


def game_statistics_record(game: Game, winner_seat) -> None:
    """Count a game that just ended (inside its transaction, the game row locked).

    An aborted game says nothing about its decks, nor does a game against the computer
    where the sandbox changed the board; games against the computer give no card counts.
    A playtest of a proposed card (concepts.lab) counts nothing.
    """
    if engine.custom_card_ids(game.state):
        return
    if game.outcome != Game.Outcome.ABORT and not _used_sandbox(game):
        _deck_statistics_add(game, winner_seat)
    if not game.is_ai:
        _card_statistics_add(game)


# The turns of a game against the AI where the sandbox changed the board or dictated a move:
# such a game's result says nothing about the decks (here and in the card balance).
SANDBOX_TURNS = Q(action=Turn.Action.SANDBOX) | Q(record__dictated=True)


def _used_sandbox(game: Game) -> bool:
    return game.is_ai and game.turns.filter(SANDBOX_TURNS).exists()


def _deck_statistics_add(game: Game, winner_seat):
    # The AI's deck is not a player deck: only seat 0 counts in AI games.
    seats = [(0, game.deck1_id)] + ([] if game.is_ai else [(1, game.deck2_id)])
    for seat, deck_id in seats:
        if deck_id is None:
            continue
        if winner_seat is None:
            field = "draws"
        else:
            field = "wins" if winner_seat == seat else "losses"
        Deck.objects.filter(pk=deck_id).update(**{field: F(field) + 1})


def card_counts(game: Game) -> dict:
    """{card id: Counter(played=, discarded=, drawn=)} over the whole game, starting hands
    included."""
    counts: dict = {}
    for player in game.initial_state.get("players", []):
        for cid in player["hand"]:
            counts.setdefault(int(cid), Counter())["drawn"] += 1
    names = {"play": "played", "discard": "discarded", "draw": "drawn"}
    for record in game.turns.values_list("record", flat=True):
        for cid, kinds in (record or {}).get("card_stats", {}).items():
            for kind, n in kinds.items():
                if kind in names:
                    counts.setdefault(int(cid), Counter())[names[kind]] += n
    return counts


_COUNTERS = ("played", "discarded", "drawn")


def _card_statistics_add(game: Game):
    """Add the game's counts to its cards' rows in one statement: an upsert that adds to the
    latest counters and the totals. It was a SELECT ... FOR UPDATE of every card of the game
    and Django's bulk_update, a CASE per field over some 80 rows to compile: 6.8 % of a
    server process's interpreter time with the players thinking 0 s (py-spy --gil), inside
    the ending move's transaction. Rows are written in card order, so two games ending at
    once take the rows' locks in the same order."""
    counts = card_counts(game)
    if not counts:
        return
    table = connection.ops.quote_name(CardStatistic._meta.db_table)
    columns = ("card_id", *_COUNTERS, *(f"{name}_total" for name in _COUNTERS))
    rows = [(cid, *(counts[cid][name] for name in _COUNTERS),
             *(counts[cid][name] for name in _COUNTERS)) for cid in sorted(counts)]
    placeholders = ", ".join(["(" + ", ".join(["%s"] * len(columns)) + ")"] * len(rows))
    added = ", ".join(f"{name} = {table}.{name} + EXCLUDED.{name}" for name in columns[1:])
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} ({', '.join(columns)}) VALUES {placeholders} "
            f"ON CONFLICT (card_id) DO UPDATE SET {added}",
            [value for row in rows for value in row])


def card_statistics_reset_latest(*, dry_run: bool = False, queryset=None) -> int:
    """Zero the latest played/discarded/drawn counters (of `queryset`, default: every card).

    Returns how many cards had something to reset. Games finishing meanwhile add to the
    counters with row locks (game_statistics_record), so the update waits for them.
    """
    rows = (queryset if queryset is not None else CardStatistic.objects.all())
    rows = rows.exclude(played=0, discarded=0, drawn=0)
    if dry_run:
        return rows.count()
    with transaction.atomic():
        return rows.update(played=0, discarded=0, drawn=0)
