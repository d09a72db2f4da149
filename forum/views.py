"""The forum: sections, thread lists, threads, posting, editing, moderation and search.

Views parse the request, check who may do what, call one service and render.
"""
from django.contrib import messages as flash
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from marcomage.plumbing.bbcode import bbcode_quote
from marcomage.plumbing.flood import FLOOD_STATUS, flood_refusal
from players.tutorial.sections import section_required

from . import deck_threads, selectors, services
from .forms import (
    LockForm,
    MoveForm,
    PostEditForm,
    PostForm,
    PriorityForm,
    SearchForm,
    ThreadForm,
)
from .models import ForumThread
from .services import ForumError


def _thread_or_404(pk):
    thread = selectors.thread_by_id(pk)
    if thread is None:
        raise Http404("No such thread")
    return thread


def _redirect_to_post(post):
    page = selectors.page_of_post(post)
    return redirect(f"{reverse('forum:thread', args=[post.thread_id])}?page={page}#post-{post.pk}")


def _redirect_to_thread_end(thread):
    last = selectors.last_post_of(thread)
    return _redirect_to_post(last) if last is not None else redirect(thread)


@require_GET
@section_required("forum")
def index(request):
    viewer = request.user.player
    return render(request, "forum/index.html", {
        "sections": selectors.section_index(viewer),
        "search_form": SearchForm(),
    })


@require_POST
@section_required("forum")
def mark_all_read(request):
    services.forum_mark_all_read(request.user.player)
    flash.success(request, "Every thread is marked as read.")
    return redirect("forum:index")


@require_GET
@section_required("forum")
def section_detail(request, section_slug):
    viewer = request.user.player
    section = selectors.section_by_slug(section_slug)
    if section is None:
        raise Http404("No such forum section")
    page_obj = selectors.thread_list_page(section, viewer, request.GET.get("page", 1))
    return render(request, "forum/section.html", {"section": section, "page_obj": page_obj})


@require_http_methods(["GET", "POST"])
@section_required("forum")
def thread_new(request, section_slug):
    viewer = request.user.player
    section = selectors.section_by_slug(section_slug)
    if section is None:
        raise Http404("No such forum section")
    form = ThreadForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        if refusal := flood_refusal(request, "thread"):
            form.add_error(None, refusal)
            return render(request, "forum/thread_form.html", {"section": section, "form": form},
                          status=FLOOD_STATUS)
        try:
            thread = services.thread_create(section=section, author=viewer,
                                            title=form.cleaned_data["title"],
                                            body=form.cleaned_data["body"])
        except services.DuplicatePostError as error:
            flash.info(request, str(error))
            return redirect(error.thread)
        except ForumError as error:
            form.add_error(None, str(error))
        else:
            flash.success(request, "Your thread is open.")
            return redirect(thread)
    return render(request, "forum/thread_form.html", {"section": section, "form": form})


@require_GET
@section_required("forum")
def thread_detail(request, thread_id):
    viewer = request.user.player
    thread = _thread_or_404(thread_id)
    read_at = selectors.thread_read_at(thread, viewer)
    page_obj = selectors.thread_posts_page(thread, request.GET.get("page", 1))
    posts = list(page_obj.object_list)
    first_id = selectors.first_post_id(thread)
    for post in posts:
        post.thread = thread
        post.is_unread = post.created_at > read_at
        post.is_first = post.pk == first_id
        post.can_change = services.can_edit_post(viewer, post)
    first_unread_id = (selectors.first_unread_post_id(thread, read_at)
                       if thread.last_post_at > read_at else None)
    if posts:
        newest = max(post.created_at for post in posts)
        if newest > read_at:
            services.thread_mark_read(thread=thread, player=viewer, up_to=newest)
    moderator = services.is_moderator(viewer)
    context = {
        "thread": thread,
        "section": thread.section,
        "page_obj": page_obj,
        "posts": posts,
        "first_unread_id": first_unread_id,
        "first_unread_on_page": any(post.pk == first_unread_id for post in posts),
        "can_reply": not thread.locked or moderator,
        "reply_form": PostForm(),
        "moderator": moderator,
    }
    if moderator:
        context["move_sections"] = selectors.sections_for_move()
        context["priorities"] = ForumThread.Priority.choices
    return render(request, "forum/thread.html", context)


@require_GET
@section_required("forum")
def post_detail(request, post_id):
    """A post's permanent address: the page of its thread where it appears."""
    post = selectors.post_by_id(post_id)
    if post is None:
        raise Http404("No such post")
    return _redirect_to_post(post)


@require_http_methods(["GET", "POST"])
@section_required("forum")
def reply(request, thread_id):
    viewer = request.user.player
    thread = _thread_or_404(thread_id)
    if thread.locked and not services.is_moderator(viewer):
        flash.error(request, "This thread is locked: no new replies can be posted.")
        return redirect(thread)
    if request.method == "POST":
        form = PostForm(request.POST)
        if form.is_valid() and (refusal := flood_refusal(request, "post")):
            form.add_error(None, refusal)
            return render(request, "forum/post_form.html", {
                "thread": thread, "section": thread.section, "form": form, "mode": "reply"},
                status=FLOOD_STATUS)
        if form.is_valid():
            try:
                post = services.post_create(thread=thread, author=viewer,
                                            body=form.cleaned_data["body"])
            except services.DuplicatePostError as error:
                flash.info(request, str(error))
                return _redirect_to_thread_end(thread)
            except ForumError as error:
                form.add_error(None, str(error))
            else:
                return _redirect_to_post(post)
    else:
        initial = {}
        quoted = request.GET.get("quote", "")
        if quoted.isascii() and quoted.isdigit():
            post = selectors.post_by_id(int(quoted))
            if post is not None and post.thread_id == thread.pk:
                initial["body"] = bbcode_quote(post.author_name, post.body)
        form = PostForm(initial=initial)
    return render(request, "forum/post_form.html", {
        "thread": thread, "section": thread.section, "form": form, "mode": "reply"})


def _post_gone(request):
    """A form sent for a post that no longer exists (deleted in another tab or by a moderator)."""
    flash.warning(request, "That post has been deleted in the meantime; nothing was changed.")
    thread_id = request.POST.get("thread", "")
    if thread_id.isascii() and thread_id.isdigit():
        thread = selectors.thread_by_id(int(thread_id))
        if thread is not None:
            return redirect(thread)
    return redirect("forum:index")


def _post_or_404(request, post_id):
    """The post; None for a form sent after it was deleted (answered by _post_gone);
    a page asked for a post that does not exist is a 404."""
    post = selectors.post_by_id(post_id)
    if post is None and request.method != "POST":
        raise Http404("No such post")
    return post


@require_http_methods(["GET", "POST"])
@section_required("forum")
def post_edit(request, post_id):
    viewer = request.user.player
    post = _post_or_404(request, post_id)
    if post is None:
        return _post_gone(request)
    if not services.can_edit_post(viewer, post):
        raise PermissionDenied("You may not edit this post.")
    thread = post.thread
    with_title = services.post_is_first(post)
    if request.method == "POST":
        form = PostEditForm(request.POST, with_title=with_title)
        if form.is_valid():
            try:
                services.post_edit(post=post, editor=viewer, body=form.cleaned_data["body"],
                                   title=form.cleaned_data.get("title"))
            except ForumError as error:
                if not selectors.post_exists(post.pk):
                    return _post_gone(request)
                form.add_error(None, str(error))
            else:
                flash.success(request, "Your changes are saved.")
                return _redirect_to_post(post)
    else:
        initial = {"body": post.body, "title": thread.title}
        form = PostEditForm(initial=initial, with_title=with_title)
    return render(request, "forum/post_form.html", {
        "thread": thread, "section": thread.section, "form": form, "mode": "edit",
        "post": post})


@require_http_methods(["GET", "POST"])
@section_required("forum")
def post_delete(request, post_id):
    viewer = request.user.player
    post = _post_or_404(request, post_id)
    if post is None:
        return _post_gone(request)
    if not services.can_delete_post(viewer, post):
        raise PermissionDenied("You may not delete this post.")
    thread = post.thread
    is_first = services.post_is_first(post)
    if request.method == "POST":
        try:
            remaining = services.post_delete(post=post, actor=viewer)
        except ForumError as error:
            if not selectors.post_exists(post.pk):
                return _post_gone(request)
            flash.error(request, str(error))
            return redirect(thread)
        if remaining is None:
            flash.success(request, f"The thread “{thread.title}” has been deleted.")
            return redirect(thread.section)
        flash.success(request, "The post has been deleted.")
        return _redirect_to_thread_end(remaining)
    return render(request, "forum/post_delete.html", {
        "thread": thread, "section": thread.section, "post": post, "is_first": is_first})


def _moderation(request, thread_id, form_class, action, done):
    viewer = request.user.player
    if not services.is_moderator(viewer):
        raise PermissionDenied("Only moderators may do that.")
    thread = _thread_or_404(thread_id)
    form = form_class(request.POST)
    if not form.is_valid():
        flash.error(request, "That choice is not available; nothing was changed.")
        return redirect(thread)
    try:
        action(thread, viewer, form.cleaned_data)
    except ForumError as error:
        flash.error(request, str(error))
    else:
        flash.success(request, done(thread))
    return redirect(thread)


@require_POST
@section_required("forum")
def thread_lock(request, thread_id):
    return _moderation(
        request, thread_id, LockForm,
        lambda thread, actor, data: services.thread_set_locked(
            thread=thread, actor=actor, locked=data["locked"]),
        lambda thread: "The thread is locked." if thread.locked else "The thread is open again.")


@require_POST
@section_required("forum")
def thread_priority(request, thread_id):
    return _moderation(
        request, thread_id, PriorityForm,
        lambda thread, actor, data: services.thread_set_priority(
            thread=thread, actor=actor, priority=data["priority"]),
        lambda thread: f"The thread is now {thread.get_priority_display().lower()}.")


@require_POST
@section_required("forum")
def thread_move(request, thread_id):
    return _moderation(
        request, thread_id, MoveForm,
        lambda thread, actor, data: services.thread_move(
            thread=thread, actor=actor, section=data["section"]),
        lambda thread: f"The thread has moved to {thread.section.name}.")


@require_GET
@section_required("forum")
def search(request):
    form = SearchForm(request.GET if "q" in request.GET else None)
    page_obj = None
    if form.is_bound and form.is_valid():
        page_obj = selectors.search_page(form.cleaned_data["q"], request.GET.get("page", 1))
    params = request.GET.copy()
    params.pop("page", None)
    return render(request, "forum/search.html", {
        "form": form, "page_obj": page_obj, "query": params.urlencode()})


@require_POST
@section_required("forum")
def deck_discuss(request, deck_id):
    """Open the deck's discussion thread (once) and go there (forum/deck_threads.py)."""
    try:
        thread = deck_threads.deck_discussion_open(deck_id=deck_id, player=request.user.player)
    except deck_threads.DeckNotVisible:
        raise Http404("No such deck") from None
    except ForumError as error:
        flash.error(request, str(error))
        return redirect("decks:shared_detail", deck_id)
    return redirect(thread.get_absolute_url())
