from django.contrib.auth.decorators import login_required
from django.http import HttpResponsePermanentRedirect, HttpResponseRedirect
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST


def home(request):
    return render(request, "home.html")


def favicon(request):
    # Resolved per request: with hashed static names the URL exists only after collectstatic.
    return HttpResponsePermanentRedirect(static("img/favicon.svg"))


def help_page(request):
    return render(request, "help.html")


@require_POST
@login_required
def notices_reset(request):
    """The navigation's "Mark seen": every forum post and card concept counts as seen."""
    from concepts.services import concepts_visit_mark
    from forum.services import forum_mark_all_read

    player = request.user.player
    forum_mark_all_read(player)
    concepts_visit_mark(player=player)
    target = request.POST.get("next", "")
    if not (target.startswith("/") and url_has_allowed_host_and_scheme(
            target, allowed_hosts={request.get_host()}, require_https=request.is_secure())):
        target = reverse("home")
    return HttpResponseRedirect(target)


def error_403(request, exception=None):
    return render(request, "403.html", status=403)


def error_404(request, exception=None):
    return render(request, "404.html", status=404)


def error_500(request):
    # Rendered without context processors: the failing request may be the cause.
    from django.http import HttpResponseServerError
    from django.template import loader

    return HttpResponseServerError(loader.get_template("500.html").render())
