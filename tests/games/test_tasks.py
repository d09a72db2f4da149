"""The games' Celery tasks as the services queue them: by name, after commit."""
import pytest
from celery import current_app

from games.models import Game
from games.services import queue
from tests.games.conftest import make_deck

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("name", [queue.AI_MOVE_TASK, queue.RATE_TASK])
def test_every_task_the_services_name_is_registered(name):
    # games.apps imports games.tasks at start-up; a name Celery does not know would be sent
    # to a broker that does not run it (and, without Redis, never run at all).
    assert name in current_app.tasks


@pytest.mark.parametrize("name, queue_name", [(queue.AI_MOVE_TASK, "ai"),
                                              (queue.RATE_TASK, "rating")])
def test_each_task_goes_to_its_own_queue(name, queue_name):
    assert current_app.amqp.router.route({}, name)["queue"].name == queue_name


def test_a_queued_task_runs_after_commit_only(alice, django_capture_on_commit_callbacks):
    game = Game.objects.create(player1=alice, is_ai=True, status=Game.Status.FINISHED,
                               deck1=make_deck(alice), outcome=Game.Outcome.SURRENDER)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        queue.game_rate_queue(game)
    game.refresh_from_db()
    assert len(callbacks) == 1 and game.rated_at is None  # nothing ran before commit
    callbacks[0]()
    game.refresh_from_db()
    assert game.rated_at is not None  # the rating task claimed the game
