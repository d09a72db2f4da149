"""What the end of any game means to the events: one indexed look-up (is it a game of an
event, not yet scored?) and, if so, the scoring task queued. It runs after the game's
commit (games.services.events.game_finished) and never fails the game's end: the signal
is sent robustly, and a result whose task is lost is found by the periodic tick."""
from games.services.queue import task_send

from .models import Pairing
from .queue import RESULT_TASK


def game_finished_received(sender, *, game_id, **kwargs) -> None:
    if Pairing.objects.filter(game_id=game_id, result=Pairing.Result.PENDING).exists():
        task_send(RESULT_TASK, game_id)
