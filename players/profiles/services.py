"""State changes of a player's public profile: the avatar."""
import secrets

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage

from marcomage.images import PictureRules, upload_to_png
from players.models import Player, PlayerSettings

# A 10 kB file can still claim to be a gigantic picture: more than this is refused undecoded.
AVATAR = PictureRules(what="An avatar", max_bytes=10 * 1024, size=(60, 60),
                      max_pixels=2000 * 2000)


def player_avatar_set(*, player: Player, upload) -> str:
    """Store a new avatar for the player (replacing the old one); returns its storage name.

    Raises ImageUploadError (marcomage/images.py) when the upload cannot be an avatar.
    """
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
