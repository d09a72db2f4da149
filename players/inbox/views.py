"""Private messages: inbox, sent, reading, writing (with reply and quote), deleting."""
from django.contrib import messages as flash
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from marcomage.plumbing.bbcode import bbcode_quote
from marcomage.plumbing.flood import FLOOD_STATUS, flood_refusal
from players.directory import player_by_name
from players.models import Player
from players.tutorial.sections import section_required

from . import selectors
from .forms import MessageForm
from .services import MessageError, message_delete, message_mark_read, message_send


@require_GET
@section_required("messages")
def inbox(request):
    viewer = request.user.player
    page_obj = selectors.inbox_page(viewer, request.GET.get("page", 1))
    seen_before = viewer.messages_seen_at
    # Messages that arrived since the previous visit are "new" on this visit only.
    Player.objects.filter(pk=viewer.pk).update(messages_seen_at=timezone.now())
    for message in page_obj.object_list:
        message.is_new = (not message.is_read
                          and (seen_before is None or message.created_at > seen_before))
    return render(request, "players/messages_list.html", {
        "page_obj": page_obj, "box": "inbox"})


@require_GET
@section_required("messages")
def sent(request):
    page_obj = selectors.sent_page(request.user.player, request.GET.get("page", 1))
    return render(request, "players/messages_list.html", {"page_obj": page_obj, "box": "sent"})


@require_GET
@section_required("messages")
def message_detail(request, pk):
    viewer = request.user.player
    message = selectors.message_for(viewer, pk)
    if message is None:  # someone else's message looks exactly like a missing one
        raise Http404("No such message")
    message_mark_read(message=message, reader=viewer)
    can_reply = message.recipient_id == viewer.pk and message.author_id is not None
    return render(request, "players/message_detail.html", {
        "message": message, "can_reply": can_reply})


@require_http_methods(["GET", "POST"])
@section_required("messages")
def message_new(request):
    viewer = request.user.player
    if request.method == "POST":
        form = MessageForm(request.POST)
        if form.is_valid():
            recipient = player_by_name(form.cleaned_data["recipient"])
            if recipient is None:
                form.add_error("recipient", "There is no player of that name.")
            elif refusal := flood_refusal(request, "message"):
                form.add_error(None, refusal)
                return render(request, "players/message_form.html", {"form": form},
                              status=FLOOD_STATUS)
            else:
                try:
                    message_send(author=viewer, recipient=recipient,
                                 subject=form.cleaned_data["subject"],
                                 body=form.cleaned_data["body"])
                except MessageError as error:
                    form.add_error(None, str(error))
                else:
                    flash.success(request, f"Your message to {recipient.name} has been sent.")
                    return redirect("players:sent")
    else:
        initial = {"recipient": request.GET.get("to", "")[:150]}
        reply_to = request.GET.get("reply")
        if reply_to and reply_to.isdigit():
            original = selectors.message_for(viewer, int(reply_to))
            if original is not None and original.author_id is not None:
                subject = original.subject
                if not subject.lower().startswith("re:"):
                    subject = f"Re: {subject}"
                initial = {"recipient": original.author.name,
                           "subject": subject[:100],
                           "body": bbcode_quote(original.author.name, original.body)}
        form = MessageForm(initial=initial)
    return render(request, "players/message_form.html", {"form": form})


@require_POST
@section_required("messages")
def message_delete_view(request):
    # ASCII digits of a size a primary key can have: "²" is a digit to isdigit() and a
    # 40-digit number overflows the database's integer column.
    ids = [value for value in request.POST.getlist("message")
           if value.isascii() and value.isdigit() and len(value) < 19][:200]
    box = "players:sent" if request.POST.get("box") == "sent" else "players:inbox"
    if not ids:
        flash.warning(request, "Tick the messages you want to delete first.")
        return redirect(box)
    count = message_delete(message_ids=ids, player=request.user.player)
    if count:
        flash.success(request, f"Deleted {count} message{'s' if count != 1 else ''}.")
    else:
        flash.warning(request, "Those messages were already gone.")
    return redirect(box)


