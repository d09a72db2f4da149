from django.apps import AppConfig


class ConceptsConfig(AppConfig):
    name = "concepts"
