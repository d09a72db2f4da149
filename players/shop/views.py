"""The shop: gold for game slots, deck slots and foil cards."""
import secrets

from django.contrib import messages as flash
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from games.engine import EngineError, all_cards, card
from players.models import Purchase
from players.tutorial.sections import section_required

from .selectors import player_foil_ids
from .services import PRICES, ShopError, shop_buy

ITEM_TEXT = {
    Purchase.Item.GAME_SLOT: "one more game you can play at the same time",
    Purchase.Item.DECK_SLOT: "room for one more deck",
    Purchase.Item.FOIL: "the shiny foil look of one card, wherever you see it",
}


def _cards_for_foil(owned):
    return sorted(((c.id, c.name, c.rarity) for c in all_cards() if c.id not in owned),
                  key=lambda row: row[1].lower())


@require_GET
@section_required("shop")
def shop(request):
    player = request.user.player
    owned = player_foil_ids(player)
    return render(request, "players/shop.html", {
        "player": player,
        "prices": {key.value: price for key, price in PRICES.items()},
        "foil_cards": sorted((card(i) for i in owned), key=lambda c: c.name.lower()),
        "foil_choices": _cards_for_foil(owned),
        "purchases": player.purchases.all()[:10],
    })


@require_GET
@section_required("shop")
def shop_confirm(request):
    """Step two of a purchase: says what it costs and carries a one-time token."""
    player = request.user.player
    item = request.GET.get("item", "")
    if item not in PRICES:
        flash.error(request, "The shop does not sell that.")
        return redirect("players:shop")
    chosen = None
    if item == Purchase.Item.FOIL:
        try:
            chosen = card(int(request.GET.get("card", "")))
        except (ValueError, EngineError, KeyError):
            flash.error(request, "Please choose a card for the foil version.")
            return redirect("players:shop")
    price = PRICES[item]
    return render(request, "players/shop_confirm.html", {
        "item": item, "label": Purchase.Item(item).label, "text": ITEM_TEXT[item],
        "card": chosen, "price": price, "gold": player.gold,
        "affordable": player.gold >= price, "missing": max(0, price - player.gold), "token": secrets.token_urlsafe(24),
    })


@require_POST
@section_required("shop")
def shop_buy_view(request):
    try:
        purchase, created = shop_buy(player=request.user.player,
                                     item=request.POST.get("item", ""),
                                     token=request.POST.get("token", ""),
                                     card_id=request.POST.get("card"))
    except ShopError as error:
        flash.error(request, str(error))
        return redirect("players:shop")
    if created:
        flash.success(request, f"Bought: {purchase.get_item_display()} for {purchase.price} gold.")
    else:
        flash.info(request, "That purchase was already made; you were not charged twice.")
    return redirect("players:shop")
