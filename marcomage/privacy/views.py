"""The "Your data" page (exports) and "Delete my account", for any signed-in player
(whatever the tutorial has opened: a player's data is theirs from the first day)."""
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.http import FileResponse, Http404
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from marcomage.plumbing.flood import FLOOD_STATUS, flood_refusal

from .deletion import account_delete
from .exports import ExportError, export_path, export_request
from .forms import AccountDeleteForm
from .models import DataExport


@login_required
@never_cache
def data_page(request):
    player = request.user.player
    exports = list(DataExport.objects.filter(player=player)[:5])
    return render(request, "privacy/data.html", {
        "exports": exports, "now": timezone.now(),
        "preparing": any(e.status == DataExport.Status.QUEUED for e in exports)})


@login_required
@require_POST
def export_ask(request):
    try:
        export_request(player=request.user.player)
    except ExportError as refusal:
        messages.error(request, str(refusal))
        return redirect("privacy:data")
    messages.success(request, "Your data is being prepared. A message will tell you when the "
                              "archive is ready to download.")
    return redirect("privacy:data")


@login_required
@never_cache
def export_download(request, export_id):
    export = DataExport.objects.filter(pk=export_id, player=request.user.player,
                                       status=DataExport.Status.DONE,
                                       expires_at__gt=timezone.now()).first()
    if export is None:
        raise Http404("No such archive.")
    try:
        archive = export_path(export).open("rb")
    except OSError:
        raise Http404("No such archive.") from None
    stamp = f"{export.finished_at:%Y-%m-%d}"
    return FileResponse(archive, as_attachment=True, content_type="application/zip",
                        filename=f"marcomage-data-{stamp}.zip")


@login_required
@never_cache
@require_http_methods(["GET", "POST"])
def account_delete_page(request):
    form = AccountDeleteForm(request.POST or None, user=request.user)
    if request.method == "POST":
        # Each try checks the password: as many as a login allows (per address).
        if refusal := flood_refusal(request, "login"):
            form = AccountDeleteForm(user=request.user)
            return render(request, "privacy/delete.html", _delete_context(form, refusal),
                          status=FLOOD_STATUS)
        if form.is_valid():
            account_delete(player=request.user.player)
            logout(request)
            return render(request, "privacy/deleted.html")
        return render(request, "privacy/delete.html", _delete_context(form), status=400)
    return render(request, "privacy/delete.html", _delete_context(form))


def _delete_context(form, refusal=None):
    return {"form": form, "refusal": refusal, "hold_days": settings.DELETED_NAME_HOLD_DAYS}
