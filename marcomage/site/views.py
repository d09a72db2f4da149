"""Site-wide pages: home (with the latest news), help, the favicon, the navigation's
"Mark seen", error pages."""
from django.contrib.auth.decorators import login_required
from django.http import HttpResponsePermanentRedirect
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.views.decorators.http import require_POST

from concepts.services import concepts_visit_mark
from forum.services import forum_mark_all_read
from games.ai_ratings.selectors import ai_level_ratings
from marcomage.plumbing.redirects import safe_next
from players.inbox.services import messages_mark_seen

from .help import help_facts
from .home import home_progress
from .news.selectors import news_latest


def home(request):
    player = getattr(request.user, "player", None) if request.user.is_authenticated else None
    return render(request, "home.html", {
        "news": news_latest(), "home": home_progress(player) if player is not None else None})


def favicon(request):
    # Resolved per request: with hashed static names the URL exists only after collectstatic.
    return HttpResponsePermanentRedirect(static("img/favicon.svg"))


def help_page(request):
    # The levels' ratings change with each run of manage.py ai_ratings: not in the cached facts.
    modes = [("normal", ai_level_ratings()), ("hidden cards", ai_level_ratings(hidden=True))]
    return render(request, "help.html", {**help_facts(), "ai_rating_modes": [
        (mode, rows) for mode, rows in modes if rows]})


@require_POST
@login_required
def notices_reset(request):
    """The navigation's "Mark seen" (the manual's "Reset notification"): every forum post
    and card concept counts as seen, and the messages received so far lose their "new"
    mark. A message counts as read only once it is opened (the manual's "unread" messages),
    so the envelope, which counts unread messages, stays."""
    player = request.user.player
    forum_mark_all_read(player)
    concepts_visit_mark(player=player)
    messages_mark_seen(player=player)
    return redirect(safe_next(request, "home"))


def error_403(request, exception=None):
    return render(request, "403.html", status=403)


def error_404(request, exception=None):
    return render(request, "404.html", status=404)


def error_500(request):
    # Rendered without context processors: the failing request may be the cause.
    # Django calls this while handling the exception, so sys.exc_info() names it: a
    # database that refuses connections is an outage to wait out (503), not a bug (500).
    import sys

    from django.db import InterfaceError, OperationalError
    from django.http import HttpResponse, HttpResponseServerError
    from django.template import loader

    if isinstance(sys.exc_info()[1], OperationalError | InterfaceError):
        response = HttpResponse(loader.get_template("503.html").render(), status=503)
        response["Retry-After"] = "30"
        return response
    return HttpResponseServerError(loader.get_template("500.html").render())
