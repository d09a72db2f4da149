from django.apps import AppConfig


class ConceptsConfig(AppConfig):
    name = "concepts"

    def ready(self):
        # The card lab queues its task by name: register it in every process, so eager
        # mode finds and runs it here (as games.apps does for its tasks).
        from decks import catalogue

        from . import tasks  # noqa: F401
        from .lab.cards import proposed_card

        # The faces of the lab's proposed cards, drawn by id in games' hands and histories.
        catalogue.set_proposed_cards(proposed_card)
