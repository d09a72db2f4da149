"""The skin and the old card appearance: chosen on the settings page, shown on every page,
and nothing but an offered skin is ever saved."""
import re

import pytest
from django.urls import reverse

from players.models import PlayerSettings

from .test_settings_page import preferences_post

pytestmark = pytest.mark.django_db


def test_a_new_player_follows_the_device_until_choosing(alice):
    assert alice.settings.skin == PlayerSettings.Skin.AUTO
    assert alice.settings.old_card_appearance is False


@pytest.mark.parametrize("skin", PlayerSettings.Skin.values)
def test_each_skin_round_trips_through_the_settings_page(alice, client_of, skin):
    client = client_of(alice)
    response = client.post(reverse("players:settings"), preferences_post(alice.settings,
                                                                         skin=skin))
    assert response.status_code == 302
    alice.settings.refresh_from_db()
    assert alice.settings.skin == skin
    page = client.get(reverse("players:settings")).content.decode()
    assert f'data-skin="{skin}"' in page
    assert f'<option value="{skin}" selected>' in page
    sheet = "light" if skin == "auto" else skin
    assert f"/static/css/skins/{sheet}.css" in page


@pytest.mark.parametrize("bad", ["neon", "LIGHT", "../site", "light.css", "", "auto ",
                                 "x" * 500, "dark\x00"])
def test_a_skin_that_is_not_offered_is_refused(alice, client_of, bad):
    PlayerSettings.objects.filter(player=alice).update(skin="frost")
    client = client_of(alice)
    response = client.post(reverse("players:settings"), preferences_post(alice.settings,
                                                                         skin=bad))
    assert response.status_code == 400
    alice.settings.refresh_from_db()
    assert alice.settings.skin == "frost"
    assert 'data-skin="frost"' in response.content.decode()


def test_the_old_card_appearance_round_trips(alice, client_of):
    client = client_of(alice)
    client.post(reverse("players:settings"), preferences_post(alice.settings,
                                                              old_card_appearance=True))
    alice.settings.refresh_from_db()
    assert alice.settings.old_card_appearance is True
    page = client.get(reverse("players:settings")).content.decode()
    assert 'class="cards-classic"' in page
    assert re.search(r'<input type="checkbox" name="prefs-old_card_appearance"[^>]* checked>', page)
    client.post(reverse("players:settings"), preferences_post(alice.settings,
                                                              old_card_appearance=False))
    alice.settings.refresh_from_db()
    assert alice.settings.old_card_appearance is False
    assert 'class="cards-classic"' not in client.get(reverse("home")).content.decode()
