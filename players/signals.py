"""Every user has a Player profile, however the user was created (site, admin, shell)."""
from django.db.models.signals import post_save
from django.dispatch import receiver

from .models import Player, PlayerSettings, User


@receiver(post_save, sender=User, dispatch_uid="players_create_profile")
def _create_player_profile(sender, instance, created, raw=False, **kwargs):
    if created and not raw:
        player = Player.objects.get_or_create(user=instance)[0]
        PlayerSettings.objects.get_or_create(player=player)
