from django.urls import path

from . import views, views_replays, views_statistics

app_name = "games"
urlpatterns = [
    path("games/", views.games_list, name="list"),
    path("games/challenge/", views.challenge_new, name="challenge_new"),
    path("games/challenge/<int:game_id>/answer/", views.challenge_answer,
         name="challenge_answer"),
    path("games/challenge/<int:game_id>/cancel/", views.challenge_cancel,
         name="challenge_cancel"),
    path("games/host/", views.game_host, name="host"),
    path("games/host/<int:game_id>/join/", views.game_join, name="join"),
    path("games/host/<int:game_id>/cancel/", views.game_host_cancel, name="host_cancel"),
    path("games/ai/quick/", views.ai_quick, name="ai_quick"),
    path("games/ai/", views.ai_new, name="ai_new"),
    path("games/next/", views.game_next, name="next"),
    path("games/indicator/", views.turn_indicator, name="turn_indicator"),
    path("games/<int:game_id>/", views.game_detail, name="detail"),
    path("games/<int:game_id>/board/", views.game_board, name="board"),
    path("games/<int:game_id>/move/", views.game_move, name="move"),
    path("games/<int:game_id>/do/<slug:command>/", views.game_command, name="command"),
    path("games/<int:game_id>/sandbox/", views.game_sandbox, name="sandbox"),
    path("games/<int:game_id>/leave/", views.game_leave, name="leave"),
    path("games/<int:game_id>/history/", views.game_history, name="history"),
    path("games/<int:game_id>/chat/", views.game_chat, name="chat"),
    path("replays/", views_replays.replays_list, name="replays"),
    path("replays/<int:game_id>/", views_replays.replay_detail, name="replay"),
    path("statistics/", views_statistics.statistics_page, name="statistics"),
]
