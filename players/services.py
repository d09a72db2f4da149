"""State changes for accounts and profiles."""
import secrets

from django.contrib.auth import get_user_model
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import transaction
from django.db.models import F, Q

from games.engine import awards_rules
from marcomage.bbcode import bbcode_to_html
from marcomage.images import PictureRules, upload_to_png

from .models import AwardCounters, FoilCard, Message, Player, PlayerSettings, Purchase

USERNAME_TAKEN = "That name is already taken."


@transaction.atomic
def player_register(*, username: str, password: str, email: str = "") -> Player:
    """Create the account and its profile. The caller has validated the input."""
    user_model = get_user_model()
    user = user_model.objects.create_user(username=username, email=email or "", password=password)
    player = Player.objects.get_or_create(user=user)[0]
    for setup in REGISTRATION_HOOKS:
        setup(player)
    return player


# Other apps add the things every new player starts with (starter decks, settings…).
# Each hook takes the new Player and runs inside the registration transaction.
REGISTRATION_HOOKS: list = []


# ---------------------------------------------------------------- messages

class MessageError(Exception):
    """A message the user asked for cannot be sent or changed; the text says why."""


MESSAGE_SUBJECT_MAX = 100
MESSAGE_BODY_MAX = 4000


# Kinds the player's "battle report messages" option turns off (the option covers game
# results and answers to one's challenges).
OPTIONAL_KINDS = (Message.Kind.BATTLE_REPORT, Message.Kind.CHALLENGE)


def message_send_system(*, recipient: Player, subject: str, body: str,
                        kind: str = Message.Kind.SYSTEM) -> Message | None:
    """A message written by the site (no author): battle reports, level-ups, challenges.

    `body` is BBCode; it is rendered once here. Returns None when the recipient
    turned this kind of message off (battle reports and challenge answers).
    """
    if kind in OPTIONAL_KINDS and not recipient.settings.battle_reports:
        return None
    subject = (subject or "").strip()[:MESSAGE_SUBJECT_MAX] or "(no subject)"
    body = (body or "")[:MESSAGE_BODY_MAX]
    return Message.objects.create(author=None, recipient=recipient, subject=subject, body=body,
                                  body_html=bbcode_to_html(body), kind=kind)


def message_send(*, author: Player, recipient: Player, subject: str, body: str) -> Message:
    """A personal message from one player to another."""
    subject = (subject or "").strip()
    body = (body or "").strip()
    if recipient.pk == author.pk:
        raise MessageError("You cannot send a message to yourself.")
    if not subject:
        raise MessageError("Please give the message a subject.")
    if len(subject) > MESSAGE_SUBJECT_MAX:
        raise MessageError(f"The subject may be at most {MESSAGE_SUBJECT_MAX} characters long.")
    if not body:
        raise MessageError("The message is empty.")
    if len(body) > MESSAGE_BODY_MAX:
        raise MessageError(f"The message may be at most {MESSAGE_BODY_MAX} characters long.")
    return Message.objects.create(author=author, recipient=recipient, subject=subject, body=body,
                                  body_html=bbcode_to_html(body), kind=Message.Kind.PERSONAL)


def message_mark_read(*, message: Message, reader: Player) -> None:
    if message.recipient_id == reader.pk and not message.is_read:
        Message.objects.filter(pk=message.pk).update(is_read=True)
        message.is_read = True


@transaction.atomic
def message_delete(*, message_ids, player: Player) -> int:
    """Delete messages from the player's own view (inbox or sent); returns how many."""
    ids = [int(i) for i in message_ids]
    count = Message.objects.filter(pk__in=ids, recipient=player).update(deleted_by_recipient=True)
    count += Message.objects.filter(pk__in=ids, author=player).update(deleted_by_author=True)
    # A message both sides dropped (system messages have no author side) is gone for good.
    Message.objects.filter(pk__in=ids, deleted_by_recipient=True).filter(
        Q(author__isnull=True) | Q(deleted_by_author=True)).delete()
    return count


# ---------------------------------------------------------------- award counters

def _counters_row_locked(player: Player) -> AwardCounters:
    AwardCounters.objects.get_or_create(player=player)
    return AwardCounters.objects.select_for_update().get(player=player)


@transaction.atomic
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
    for name, value in update.counters.items():
        setattr(row, name, value)
    row.save()
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


# ---------------------------------------------------------------- avatar

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


# ---------------------------------------------------------------- tutorial hints

def player_hint_dismiss(*, player: Player, key: str) -> None:
    from .hints import HINTS

    if key not in HINTS:
        return
    with transaction.atomic():
        row = PlayerSettings.objects.select_for_update().get(player=player)
        if key not in row.dismissed_hints:
            row.dismissed_hints = [*row.dismissed_hints, key]
            row.save(update_fields=["dismissed_hints"])


# ---------------------------------------------------------------- shop

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
        from games.engine import EngineError, card

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
