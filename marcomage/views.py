from django.http import HttpResponsePermanentRedirect
from django.shortcuts import render
from django.templatetags.static import static


def home(request):
    return render(request, "home.html")


def favicon(request):
    # Resolved per request: with hashed static names the URL exists only after collectstatic.
    return HttpResponsePermanentRedirect(static("img/favicon.svg"))


def help_page(request):
    return render(request, "help.html")


def error_403(request, exception=None):
    return render(request, "403.html", status=403)


def error_404(request, exception=None):
    return render(request, "404.html", status=404)


def error_500(request):
    # Rendered without context processors: the failing request may be the cause.
    from django.http import HttpResponseServerError
    from django.template import loader

    return HttpResponseServerError(loader.get_template("500.html").render())
