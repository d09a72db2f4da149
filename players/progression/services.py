"""State changes of a player's progression: achievement counters and the gold they pay."""
from django.db import transaction
from django.db.models import F

from games.engine import awards_rules
from marcomage.prepared import PreparedQuery, PreparedUpdate
from players.inbox.services import message_send_system
from players.models import AwardCounters, Message, Player

# Compiled once: most plays lock this row, and compiling the query cost more than running it.
_COUNTERS_LOCKED = PreparedQuery(
    lambda player_id: AwardCounters.objects.select_for_update().filter(player_id=player_id))

# Written whole (one row of small numbers): a prepared statement instead of Model.save, which
# cost 3 % of a server process at think time 0 (py-spy), most of it Django's save machinery.
_COUNTERS_WRITE = PreparedUpdate(AwardCounters, awards_rules.COUNTERS)


def _counters_row_locked(player: Player) -> AwardCounters:
    """The player's counters row, locked (created the first time): one query when it exists."""
    try:
        return _COUNTERS_LOCKED.get(player.pk)
    except AwardCounters.DoesNotExist:
        return AwardCounters.objects.select_for_update().get_or_create(player=player)[0]


# Runs in most moves (inside the move's transaction): no savepoint of its own, as any error
# here fails the whole move anyway.
@transaction.atomic(savepoint=False)
def award_counters_add(*, player: Player, counters: dict) -> list:
    """Add per-turn or end-of-game amounts to the player's achievement counters (§16.4).

    Grants the gold of every achievement reached and tells the player by message.
    Returns the achievements newly reached. Callers skip friendly games themselves
    (AI challenge wins do call this with {"ai_challenges": 1}).
    """
    if not any(int(v) > 0 for v in counters.values()):
        return []
    row = _counters_row_locked(player)
    update = awards_rules.counters_add(row.as_dict(), counters)
    changed = [name for name, value in update.counters.items() if getattr(row, name) != value]
    for name in changed:
        setattr(row, name, update.counters[name])
    if changed:
        _COUNTERS_WRITE.save(row)
    if update.achievements:
        Player.objects.filter(pk=player.pk).update(gold=F("gold") + update.gold)
        for achievement in update.achievements:
            message_send_system(
                recipient=player, subject=f"Achievement reached: {achievement.name}",
                body=_achievement_text(achievement), kind=Message.Kind.SYSTEM)
    return list(update.achievements)


def _achievement_text(achievement) -> str:
    if achievement.counter:
        label = awards_rules.COUNTER_LABELS[achievement.counter].lower()
        what = f"{label} reached {achievement.threshold}"
    else:
        what = f"every counter reached tier {achievement.tier}"
    return (f"Well done: {what}, which earns you the [b]{achievement.name}[/b] achievement "
            f"and {achievement.gold} gold.")
