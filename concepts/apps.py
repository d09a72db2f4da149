from django.apps import AppConfig


class ConceptsConfig(AppConfig):
    name = "concepts"

    def ready(self):
        # The card lab queues its task by name: register it in every process, so eager
        # mode finds and runs it here (as games.apps does for its tasks).
        from . import tasks  # noqa: F401
