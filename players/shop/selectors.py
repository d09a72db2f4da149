"""Read-only queries of the shop."""
from players.models import FoilCard


def player_foil_ids(player) -> frozenset:
    """Card ids whose foil version the player owns (for the card component)."""
    if player is None:
        return frozenset()
    return frozenset(FoilCard.objects.filter(player=player).values_list("card_id", flat=True))
