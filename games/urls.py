from django.urls import path

from .game import views as game
from .lobby import views as lobby
from .notes import views as notes
from .replays import views as replays
from .statistics import views as statistics
from .watch import views as watch

app_name = "games"
urlpatterns = [
    path("games/", lobby.games_list, name="list"),
    path("games/challenge/", lobby.challenge_new, name="challenge_new"),
    path("games/challenge/<int:game_id>/answer/", lobby.challenge_answer,
         name="challenge_answer"),
    path("games/challenge/<int:game_id>/cancel/", lobby.challenge_cancel,
         name="challenge_cancel"),
    path("games/host/", lobby.game_host, name="host"),
    path("games/host/<int:game_id>/join/", lobby.game_join, name="join"),
    path("games/host/<int:game_id>/cancel/", lobby.game_host_cancel, name="host_cancel"),
    path("games/ai/quick/", lobby.ai_quick, name="ai_quick"),
    path("games/ai/", lobby.ai_new, name="ai_new"),
    path("games/<int:game_id>/again/", lobby.ai_again, name="ai_again"),
    path("games/next/", game.game_next, name="next"),
    path("games/watch/", watch.watch_list, name="watch"),
    path("games/indicator/", lobby.turn_indicator, name="turn_indicator"),
    path("games/<int:game_id>/", game.game_detail, name="detail"),
    path("games/<int:game_id>/board/", game.game_board, name="board"),
    path("games/<int:game_id>/move/", game.game_move, name="move"),
    path("games/<int:game_id>/do/<slug:command>/", game.game_command, name="command"),
    path("games/<int:game_id>/sandbox/", game.game_sandbox, name="sandbox"),
    path("games/<int:game_id>/leave/", game.game_leave, name="leave"),
    path("games/<int:game_id>/history/", game.game_history, name="history"),
    path("games/<int:game_id>/chat/", game.game_chat, name="chat"),
    path("games/<int:game_id>/note/", notes.game_note, name="note"),
    path("games/<int:game_id>/watch/", watch.watch_game, name="watch_game"),
    path("games/<int:game_id>/watch/board/", watch.watch_board, name="watch_board"),
    path("replays/", replays.replays_list, name="replays"),
    path("replays/<int:game_id>/", replays.replay_detail, name="replay"),
    path("replays/<int:game_id>/analysis/", replays.replay_analysis, name="replay_analysis"),
    path("statistics/", statistics.statistics_page, name="statistics"),
]
