"""State changes of a player's public profile: its texts and the avatar.

Everything here is shown to every player: a muted player changes none of it until the mute
ends (the same rule as the forum's, ``mute_refusal``)."""
import secrets

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage

from marcomage.plumbing.images import PictureRules, upload_to_png
from players.models import Player, PlayerSettings
from players.moderation.selectors import mute_refusal

# The profile's free texts (the other fields are choices and a date).
PUBLIC_TEXTS = ("real_name", "hobbies")


class ProfileRefused(Exception):
    """The change is not allowed now; the text says why."""


def player_profile_save(*, player: Player, form) -> None:
    """Save the settings page's profile form (already valid) of ``player``."""
    if any(field in form.changed_data for field in PUBLIC_TEXTS):
        if refusal := mute_refusal(player):
            raise ProfileRefused(refusal)
    form.save()

# A 10 kB file can still claim to be a gigantic picture: more than this is refused undecoded.
AVATAR = PictureRules(what="An avatar", max_bytes=10 * 1024, size=(60, 60),
                      max_pixels=2000 * 2000)


def player_avatar_set(*, player: Player, upload) -> str:
    """Store a new avatar for the player (replacing the old one); returns its storage name.

    Raises ImageUploadError (marcomage/plumbing/images.py) when the upload cannot be an avatar,
    ProfileRefused while the player is muted.
    """
    if refusal := mute_refusal(player):
        raise ProfileRefused(refusal)
    png = upload_to_png(upload, AVATAR)
    settings_row = player.settings
    old_name = settings_row.avatar.name if settings_row.avatar else ""
    name = f"{player.pk}-{secrets.token_hex(6)}.png"
    settings_row.avatar.save(name, ContentFile(png), save=False)
    PlayerSettings.objects.filter(pk=settings_row.pk).update(avatar=settings_row.avatar.name)
    if old_name:
        default_storage.delete(old_name)
    return settings_row.avatar.name


def player_avatar_remove(*, player: Player) -> None:
    settings_row = player.settings
    if settings_row.avatar:
        old_name = settings_row.avatar.name
        PlayerSettings.objects.filter(pk=settings_row.pk).update(avatar="")
        settings_row.avatar = ""
        default_storage.delete(old_name)
