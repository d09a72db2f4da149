"""The bell (its count and its list, fetched by the navigation), the notifications page,
opening a notice, marking notices read, and the one-click unsubscribe of the mails."""
from django.contrib import messages as flash
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from . import email, selectors, services
from .kinds import Kind

PAGE_SIZE = 25


@login_required
@require_GET
def notifications_page(request):
    player = request.user.player
    page = Paginator(selectors.bell_notices(player), PAGE_SIZE).get_page(request.GET.get("page"))
    return render(request, "players/notifications/list.html", {
        "page": page, "notices": page.object_list,
        "unread": selectors.unread_count(player)})


@login_required
@require_GET
def notifications_bell(request):
    """The bell's parts for the navigation's script: ``?part=count`` the badge, else the
    list of the latest notices."""
    player = request.user.player
    if request.GET.get("part") == "count":
        return render(request, "players/notifications/bell_count.html",
                      {"notices_unread": selectors.unread_count(player)})
    return render(request, "players/notifications/bell_list.html", {
        "notices": selectors.bell_latest(player), "unread": selectors.unread_count(player)})


def _safe_path(url: str) -> str:
    """A notice's link, when it is a path of this site; else the notifications page."""
    if url.startswith("/") and not url.startswith("//") and url_has_allowed_host_and_scheme(
            url, allowed_hosts=None):
        return url
    return reverse("players:notifications")


@login_required
@require_GET
def notification_open(request, notification_id):
    """Open a notice: it is read, and the page it is about opens."""
    notice = services.notification_open(player=request.user.player,
                                        notification_id=notification_id)
    if notice is None:
        raise Http404("No such notification")
    return redirect(_safe_path(notice.url))


@login_required
@require_POST
def notifications_read(request):
    """Mark the notices named (``notice`` ids) or all of them read."""
    ids = request.POST.getlist("notice")
    try:
        ids = [int(i) for i in ids] or None
    except ValueError:
        ids = None
    player = request.user.player
    services.notifications_mark_read(player=player, ids=ids)
    if request.htmx:
        response = render(request, "players/notifications/bell_list.html", {
            "notices": selectors.bell_latest(player), "unread": 0 if ids is None
            else selectors.unread_count(player)})
        response["HX-Trigger"] = "marcomage:notices"
        return response
    flash.success(request, "Your notifications are marked read.")
    return redirect("players:notifications")


@csrf_exempt
@require_http_methods(["GET", "POST"])
def unsubscribe(request, token):
    """The mails' unsubscribe link (RFC 8058): POST turns that kind of mail off, without a
    login (a mail program's one-click, or the button of the page GET shows)."""
    found = email.unsubscribe_read(token)
    if found is None:
        return render(request, "players/notifications/unsubscribe.html",
                      {"invalid": True}, status=404)
    player_id, kind = found
    what = ("every mail from MArcomage" if kind == email.ALL_KINDS
            else f"mails of “{Kind(kind).label}”")
    if request.method == "GET":
        return render(request, "players/notifications/unsubscribe.html",
                      {"what": what, "token": token})
    if not services.email_unsubscribe(player_id=player_id, kind=kind):
        return render(request, "players/notifications/unsubscribe.html",
                      {"invalid": True}, status=404)
    if request.POST.get("List-Unsubscribe") == "One-Click":
        return HttpResponse("Unsubscribed.", content_type="text/plain")
    return render(request, "players/notifications/unsubscribe.html",
                  {"what": what, "done": True})
