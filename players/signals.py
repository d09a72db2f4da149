"""Every user has a Player profile, however the user was created (site, admin, shell); a
logout stops the web push of the browsers subscribed in that session."""
from django.contrib.auth.signals import user_logged_out
from django.db.models.signals import post_save
from django.dispatch import receiver

from .models import Player, PlayerSettings, User
from .push.services import push_forget_session


@receiver(post_save, sender=User, dispatch_uid="players_create_profile")
def _create_player_profile(sender, instance, created, raw=False, **kwargs):
    if created and not raw:
        player = Player.objects.get_or_create(user=instance)[0]
        PlayerSettings.objects.get_or_create(player=player)


@receiver(user_logged_out, dispatch_uid="players_push_forget_session")
def _forget_push_of_the_session(sender, request, user, **kwargs):
    if user is not None and request is not None:
        push_forget_session(user_id=user.pk, session_key=request.session.session_key)
