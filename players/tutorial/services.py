"""State changes of the tutorial: closing a hint for good."""
from django.db import transaction

from players.models import Player, PlayerSettings

from .hints import HINTS


def player_hint_dismiss(*, player: Player, key: str) -> None:
    if key not in HINTS:
        return
    with transaction.atomic():
        row = PlayerSettings.objects.select_for_update().get(player=player)
        if key not in row.dismissed_hints:
            row.dismissed_hints = [*row.dismissed_hints, key]
            row.save(update_fields=["dismissed_hints"])
