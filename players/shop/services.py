"""State changes of the shop: buying with gold."""
from django.db import transaction
from django.db.models import F

from games.engine import EngineError, card
from players.models import FoilCard, Player, Purchase


class ShopError(Exception):
    """A purchase that cannot be made; the text says why."""


PRICES = {
    Purchase.Item.GAME_SLOT: 200,
    Purchase.Item.DECK_SLOT: 300,
    Purchase.Item.FOIL: 500,
}


@transaction.atomic
def shop_buy(*, player: Player, item: str, token: str, card_id: int | None = None):
    """Buy one item with gold. Returns (purchase, created).

    The player row is locked first, so two submits of the same form (same token)
    run one after the other and the second finds the first purchase and buys nothing.
    """
    if item not in PRICES:
        raise ShopError("The shop does not sell that.")
    token = (token or "").strip()[:64]
    # The shop's tokens are URL-safe; NUL would even make PostgreSQL refuse the lookup.
    if not token or "\x00" in token:
        raise ShopError("The purchase form has expired; please open the shop again.")
    locked = Player.objects.select_for_update().get(pk=player.pk)
    done = Purchase.objects.filter(player=locked, token=token).first()
    if done is not None:
        return done, False
    price = PRICES[item]
    if item == Purchase.Item.FOIL:
        try:
            card_id = int(card_id)
            card(card_id)
        except (TypeError, ValueError, EngineError, KeyError):
            raise ShopError("Please choose a card for the foil version.") from None
        if card_id <= 0:
            raise ShopError("Please choose a card for the foil version.")
        if FoilCard.objects.filter(player=locked, card_id=card_id).exists():
            raise ShopError("You already own the foil version of that card.")
    else:
        card_id = None
    if locked.gold < price:
        raise ShopError(f"That costs {price} gold and you have {locked.gold}. "
                        "Win games and collect awards to earn more.")
    changes = {"gold": F("gold") - price}
    if item == Purchase.Item.GAME_SLOT:
        changes["extra_game_slots"] = F("extra_game_slots") + 1
    elif item == Purchase.Item.DECK_SLOT:
        changes["extra_deck_slots"] = F("extra_deck_slots") + 1
    else:
        FoilCard.objects.create(player=locked, card_id=card_id)
    # The condition on gold is a second guard: it can never go below zero.
    if Player.objects.filter(pk=locked.pk, gold__gte=price).update(**changes) != 1:
        raise ShopError("You do not have enough gold for that.")
    purchase = Purchase.objects.create(player=locked, item=item, card_id=card_id, price=price,
                                       token=token)
    return purchase, True
