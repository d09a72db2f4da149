"""URLs of the forum section."""
from django.urls import path

from . import views

app_name = "forum"

# Fixed words come before <slug:section_slug>/: a section may not be called "search" or "thread"
# (ForumSection.clean refuses those slugs).
urlpatterns = [
    path("", views.index, name="index"),
    path("search/", views.search, name="search"),
    path("read-all/", views.mark_all_read, name="mark_all_read"),
    path("thread/<int:thread_id>/", views.thread_detail, name="thread"),
    path("thread/<int:thread_id>/reply/", views.reply, name="reply"),
    path("thread/<int:thread_id>/lock/", views.thread_lock, name="thread_lock"),
    path("thread/<int:thread_id>/priority/", views.thread_priority, name="thread_priority"),
    path("thread/<int:thread_id>/move/", views.thread_move, name="thread_move"),
    path("deck/<int:deck_id>/discuss/", views.deck_discuss, name="deck_discuss"),
    path("post/<int:post_id>/", views.post_detail, name="post"),
    path("post/<int:post_id>/edit/", views.post_edit, name="post_edit"),
    path("post/<int:post_id>/delete/", views.post_delete, name="post_delete"),
    path("<slug:section_slug>/", views.section_detail, name="section"),
    path("<slug:section_slug>/new/", views.thread_new, name="thread_new"),
]
