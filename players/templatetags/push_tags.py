"""Web push's parts of other pages: the settings page's "Notifications on your devices"
block and the game page's offer "Get a notice when it's your turn" (players/push/)."""
from django import template
from django.urls import reverse

from players.push.keys import vapid_keys
from players.push.services import OFFER_DISMISSED, endpoint_mark, push_subscriptions_of

register = template.Library()


def _urls():
    return {name: reverse(f"players:push_{name}") for name in
            ("subscribe", "unsubscribe", "test", "offer_dismiss")}


@register.inclusion_tag("players/push/settings_panel.html", takes_context=True)
def push_settings_panel(context):
    viewer = context.get("viewer")
    keys = vapid_keys()
    devices = push_subscriptions_of(viewer) if viewer is not None else []
    return {"enabled": keys is not None and viewer is not None,
            "public_key": keys.public_key if keys else "",
            "devices": [(device, endpoint_mark(device.endpoint)) for device in devices],
            "urls": _urls(), "csrf_token": context.get("csrf_token")}


@register.inclusion_tag("players/push/offer.html", takes_context=True)
def push_offer(context, opponent_name=""):
    """The offer, for a viewer who has not closed it on a site with push configured; the
    script shows it only in a browser that can subscribe and has not."""
    viewer = context.get("viewer")
    keys = vapid_keys()
    show = (keys is not None and viewer is not None
            and OFFER_DISMISSED not in (viewer.settings.dismissed_hints or []))
    request = context.get("request")
    # Which browsers the site knows for him (digests): a browser subscribed for another
    # account, or before a logout, is offered again.
    known = ",".join(endpoint_mark(device.endpoint) for device in push_subscriptions_of(viewer)
                     ) if show else ""
    return {"show": show, "public_key": keys.public_key if keys else "", "urls": _urls(),
            "known": known,
            "opponent_name": opponent_name, "csrf_token": context.get("csrf_token"),
            "next": request.get_full_path() if request is not None else ""}
