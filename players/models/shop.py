"""What players bought in the shop (players/shop/)."""
from django.db import models

from .profiles import Player


class FoilCard(models.Model):
    """A card a player bought the foil (shiny, cosmetic) version of."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="foil_cards")
    card_id = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["player", "card_id"]
        constraints = [
            models.UniqueConstraint(fields=["player", "card_id"], name="foil_card_once"),
        ]

    def __str__(self):
        return f"{self.player}: foil card {self.card_id}"


class Purchase(models.Model):
    """What a player bought in the shop; the token makes a repeated submit a no-op."""

    class Item(models.TextChoices):
        GAME_SLOT = "game_slot", "Extra game slot"
        DECK_SLOT = "deck_slot", "Extra deck slot"
        FOIL = "foil", "Foil card"

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="purchases")
    item = models.CharField(max_length=10, choices=Item.choices)
    card_id = models.PositiveIntegerField(null=True, blank=True)
    price = models.PositiveIntegerField()
    token = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["player", "token"], name="purchase_token_once"),
        ]

    def __str__(self):
        return f"{self.player}: {self.get_item_display()} for {self.price} gold"
