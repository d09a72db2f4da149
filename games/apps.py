from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self):
        # The services queue the Celery tasks by name (games.services.queue): register them
        # in every process, so eager mode finds and runs them here.
        from . import tasks  # noqa: F401
