"""The browser's side of web push: subscribing and unsubscribing this browser (JSON posted by
static/js/push.js with the CSRF token), removing a device from the settings page's list,
"send me a test notification", and closing the game page's offer.

JSON requests get JSON answers: {"ok": true, ...} or {"error": "..."} with 400 (bad input),
404, 429 (flood control) or 503 (push not configured); never a 500. The settings page's
forms (no JavaScript) get a message and a redirect back to the block.
"""
import json

from django.contrib import messages as flash
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from marcomage.plumbing.flood import FLOOD_STATUS, flood_refusal
from marcomage.plumbing.redirects import safe_next

from . import services
from .keys import push_enabled

BODY_MAX = 4096  # a subscription is a few hundred bytes


def _error(message: str, status: int = 400) -> JsonResponse:
    return JsonResponse({"error": message}, status=status)


def _json_body(request):
    """The posted JSON object, or raises ValueError with the reason."""
    if not _wants_json(request):
        raise ValueError("Send JSON (Content-Type: application/json).")
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = BODY_MAX + 1
    if length > BODY_MAX or len(request.body) > BODY_MAX:
        raise ValueError("The request is too large.")
    try:
        data = json.loads(request.body.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise ValueError("Send JSON (the browser's push subscription).") from None
    if not isinstance(data, dict):
        raise ValueError("Send a JSON object.")
    return data


def _wants_json(request) -> bool:
    return (request.content_type or "").startswith("application/json")


def _back_to_block():
    return redirect(reverse("players:settings") + "#push")


@require_POST
@login_required
def subscribe(request):
    """This browser's subscription (its PushSubscription.toJSON()): 201 with its id."""
    if not push_enabled():
        return _error("Web push is not configured on this site.", 503)
    try:
        data = _json_body(request)
    except ValueError as error:
        return _error(str(error))
    refusal = flood_refusal(request, "push")
    if refusal:
        return _error(refusal, FLOOD_STATUS)
    try:
        row = services.push_subscribe(player=request.user.player, data=data,
                                      user_agent=request.headers.get("User-Agent", ""),
                                      session_key=request.session.session_key)
    except services.PushSubscriptionError as error:
        return _error(error.message)
    return JsonResponse({"ok": True, "id": row.pk, "label": row.label}, status=201)


@csrf_exempt  # posted by the service worker, which has no CSRF token: the old
@require_POST  # subscription's auth secret is the proof instead (services.push_renew)
def renew(request):
    """The service worker's pushsubscriptionchange: {"old_endpoint", "old_auth",
    "subscription"}; 200, or 404 for an old subscription the site does not know."""
    try:
        data = _json_body(request)
    except ValueError as error:
        return _error(str(error))
    refusal = flood_refusal(request, "push")
    if refusal:
        return _error(refusal, FLOOD_STATUS)
    try:
        row = services.push_renew(old_endpoint=data.get("old_endpoint"),
                                  old_auth=data.get("old_auth"), data=data.get("subscription"))
    except services.PushSubscriptionError as error:
        if error.message == "not found":
            return _error("No such subscription.", 404)
        return _error(error.message)
    return JsonResponse({"ok": True, "id": row.pk})


@require_POST
@login_required
def unsubscribe(request):
    """This browser turns its notifications off: {"endpoint": ...}."""
    try:
        endpoint = _json_body(request).get("endpoint")
    except ValueError as error:
        return _error(str(error))
    if not isinstance(endpoint, str) or not endpoint:
        return _error("Send the endpoint of the subscription to remove.")
    removed = services.push_unsubscribe(player=request.user.player, endpoint=endpoint)
    return JsonResponse({"ok": True, "removed": removed})


@require_POST
@login_required
def device_remove(request, subscription_id):
    """The settings page's "Remove" beside a device: only the player's own (else 404)."""
    if not services.push_unsubscribe(player=request.user.player,
                                     subscription_id=subscription_id):
        raise Http404("No such device")
    flash.success(request, "That device no longer gets notifications.")
    return _back_to_block()


@require_POST
@login_required
def send_test(request):
    """"Send me a test notification": to this browser ({"endpoint"} in JSON) or, from the
    form, to every device of the player."""
    endpoint = None
    if _wants_json(request):
        try:
            endpoint = _json_body(request).get("endpoint")
        except ValueError as error:
            return _error(str(error))
        if not isinstance(endpoint, str) or not endpoint:
            return _error("Send the endpoint of this browser's subscription.")
    refusal = flood_refusal(request, "push_test")
    if refusal:
        if endpoint:
            return _error(refusal, FLOOD_STATUS)
        flash.error(request, refusal)
        return _back_to_block()
    if not push_enabled():
        message = "Web push is not configured on this site."
        if endpoint:
            return _error(message, 503)
        flash.error(request, message)
        return _back_to_block()
    sent, failed = services.push_test(player=request.user.player, endpoint=endpoint)
    if sent:
        message = ("A test notification is on its way." if sent == 1 else
                   f"A test notification is on its way to {sent} devices.")
    elif failed:
        message = "The push service did not take the notification; try again later."
    else:
        message = "This browser is not subscribed: turn notifications on first."
    if endpoint:
        status = 200 if sent else (502 if failed else 404)
        return JsonResponse({"ok": bool(sent), "sent": sent, "failed": failed,
                             "message": message}, status=status)
    (flash.success if sent else flash.error)(request, message)
    return _back_to_block()


@require_POST
@login_required
def offer_dismiss(request):
    """The offer's "Not now": not shown again (turned on later from the settings page)."""
    services.push_offer_dismiss(player=request.user.player)
    if request.htmx or _wants_json(request):
        return HttpResponse(status=204)
    return redirect(safe_next(request, "players:settings"))
