"""Lifting (or replacing) a mute takes the same rights as setting one: nobody acts on their
own mute, only an administrator acts on a moderator's, and a moderator never undoes what an
administrator decided. Everything goes through the profile's moderation URLs, as a
moderator would."""
import pytest
from django.urls import reverse

from players.models import Mute
from players.moderation import services
from players.moderation.selectors import active_mute
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db

MUTE = {"mute-duration": "1h", "mute-reason": "Let me write again"}


def _unmute(client, name):
    return client.post(reverse("players:unmute", args=[name]), follow=True)


def _mute(client, name, data=MUTE):
    return client.post(reverse("players:mute", args=[name]), data, follow=True)


@pytest.fixture
def other_mod(db):
    player = PlayerFactory(user__username="othermod")
    services.moderator_add(player)
    return player


def test_a_muted_moderator_cannot_lift_their_own_mute(mod, root, client_of):
    mute = services.player_mute(moderator=root, player=mod, duration="7d", reason="Abuse")
    response = _unmute(client_of(mod), "mod")
    assert "You cannot unmute yourself." in response.content.decode()
    assert active_mute(mod) == mute
    # nor shorten it by muting themselves again
    response = _mute(client_of(mod), "mod")
    assert "You cannot mute yourself." in response.content.decode()
    assert active_mute(mod) == mute and Mute.objects.count() == 1


def test_a_moderator_cannot_lift_an_administrators_mute(bob, mod, root, client_of):
    mute = services.player_mute(moderator=root, player=bob, duration="30d", reason="Spam")
    response = _unmute(client_of(mod), "bob")
    assert "set by an administrator" in response.content.decode()
    assert active_mute(bob) == mute


def test_a_moderator_cannot_replace_an_administrators_mute(bob, mod, root, client_of):
    mute = services.player_mute(moderator=root, player=bob, duration="30d", reason="Spam")
    response = _mute(client_of(mod), "bob")
    assert "set by an administrator" in response.content.decode()
    assert active_mute(bob) == mute and Mute.objects.count() == 1


def test_a_moderator_cannot_lift_another_moderators_mute(mod, other_mod, root, client_of):
    mute = services.player_mute(moderator=root, player=other_mod, duration="1d", reason="x")
    response = _unmute(client_of(mod), "othermod")
    assert "Only an administrator" in response.content.decode()
    assert active_mute(other_mod) == mute


def test_who_may_lift_which_mute(bob, mod, other_mod, root, client_of):
    services.player_mute(moderator=mod, player=bob, duration="1d", reason="by a moderator")
    assert "bob may write again" in _unmute(client_of(other_mod), "bob").content.decode()
    assert active_mute(bob) is None
    services.player_mute(moderator=root, player=bob, duration="1d", reason="by an admin")
    services.player_mute(moderator=root, player=mod, duration="1d", reason="by an admin")
    for name in ("bob", "mod"):
        assert f"{name} may write again" in _unmute(client_of(root), name).content.decode()
    assert not Mute.objects.filter(lifted_at__isnull=True).exists()
    # an administrator replaces a moderator's mute like any other
    services.player_mute(moderator=mod, player=bob, duration="1h", reason="short")
    assert "bob is muted until" in _mute(client_of(root), "bob", {
        "mute-duration": "30d", "mute-reason": "longer"}).content.decode()
    assert active_mute(bob).reason == "longer"


def test_the_profile_offers_only_what_the_moderator_may_do(bob, mod, root, client_of):
    url = reverse("players:detail", args=["bob"])
    services.player_mute(moderator=root, player=bob, duration="1d", reason="by an admin")
    html = client_of(mod).get(url).content.decode()
    assert 'id="player-muted"' in html  # the moderator sees the mute ...
    assert reverse("players:unmute", args=["bob"]) not in html  # ... but no button to lift it
    assert 'id="mute-form"' not in html and "set by an administrator" in html
    html = client_of(root).get(url).content.decode()
    assert reverse("players:unmute", args=["bob"]) in html and 'id="mute-form"' in html
