import factory
from django.contrib.auth import get_user_model

from players.models import Player


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"player{n}")
    password = factory.django.Password("correct-horse-battery")


class PlayerFactory(factory.django.DjangoModelFactory):
    """A player created the way the site creates one (the profile comes with the user)."""

    class Meta:
        model = Player

    user = factory.SubFactory(UserFactory)

    @classmethod
    def _create(cls, model_class, user, **kwargs):
        player = user.player
        for key, value in kwargs.items():
            setattr(player, key, value)
        if kwargs:
            player.save()
        return player
