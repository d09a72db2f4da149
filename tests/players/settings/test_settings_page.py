"""Settings page: every option saves and takes effect where it is ours."""
import pytest
from django.urls import reverse

from players.models import PlayerSettings
from players.settings.forms import PreferencesForm

pytestmark = pytest.mark.django_db


def preferences_post(row, **changes):
    form = PreferencesForm(instance=row)
    data = {"form": "preferences"}
    for name in form.fields:
        value = form.initial.get(name)
        if isinstance(value, bool):
            if value:
                data[f"prefs-{name}"] = "on"
        else:
            data[f"prefs-{name}"] = value
    for name, value in changes.items():
        if value is False:
            data.pop(f"prefs-{name}", None)
        elif value is True:
            data[f"prefs-{name}"] = "on"
        else:
            data[f"prefs-{name}"] = value
    return data


def test_every_preference_is_on_the_form():
    model_options = {f.name for f in PlayerSettings._meta.get_fields()} - {
        "id", "player", "real_name", "country", "birthdate", "gender", "hobbies", "avatar",
        "dismissed_hints"}
    assert model_options == set(PreferencesForm.Meta.fields)


def test_preferences_save_each_option(alice, client_of):
    client = client_of(alice)
    changes = {"skin": "dark", "timezone": "Europe/Helsinki", "game_background": "forest",
               "players_filter": "online", "auto_refresh": "60", "cards_per_row": "10",
               "status": "dnd"}
    booleans = [name for name, field in PreferencesForm().fields.items()
                if field.__class__.__name__ == "BooleanField"]
    row = alice.settings
    flipped = {name: not getattr(row, name) for name in booleans}
    response = client.post(reverse("players:settings"),
                           preferences_post(row, **changes, **flipped))
    assert response.status_code == 302
    row.refresh_from_db()
    assert (row.skin, row.timezone, row.game_background, row.players_filter) == (
        "dark", "Europe/Helsinki", "forest", "online")
    assert (row.auto_refresh, row.cards_per_row, row.status) == (60, 10, "dnd")
    for name, value in flipped.items():
        assert getattr(row, name) == value, name


def test_dark_skin_changes_the_page(alice, client_of):
    client = client_of(alice)
    client.post(reverse("players:settings"), preferences_post(alice.settings, skin="dark"))
    assert b'data-skin="dark"' in client.get(reverse("home")).content


def test_bad_preference_values_are_refused(alice, client_of):
    client = client_of(alice)
    response = client.post(reverse("players:settings"), preferences_post(
        alice.settings, timezone="Mars/Olympus", cards_per_row="99", skin="neon"))
    assert response.status_code == 400
    page = response.content.decode()
    assert page.count("Select a valid choice") == 3
    alice.settings.refresh_from_db()
    assert alice.settings.timezone == "UTC"


def test_profile_saves_and_validates(alice, client_of):
    client = client_of(alice)
    data = {"form": "profile", "profile-real_name": "Alice A.", "profile-country": "SK",
            "profile-birthdate": "1990-05-01", "profile-gender": "female",
            "profile-hobbies": "cards"}
    assert client.post(reverse("players:settings"), data).status_code == 302
    alice.settings.refresh_from_db()
    assert (alice.settings.country, str(alice.settings.birthdate)) == ("SK", "1990-05-01")
    bad = client.post(reverse("players:settings"), {**data, "profile-birthdate": "2999-01-01",
                                                    "profile-country": "XX"})
    assert bad.status_code == 400
    assert "cannot be in the future" in bad.content.decode()


def test_unknown_settings_form_changes_nothing(alice, client_of):
    response = client_of(alice).post(reverse("players:settings"), {"form": "evil"}, follow=True)
    assert "nothing was changed" in response.content.decode()


def test_timezone_shows_dates_in_the_players_zone(alice, bob, client_of):
    from players.inbox.services import message_send

    message = message_send(author=bob, recipient=alice, subject="Zone", body="x")
    client = client_of(alice)
    utc_page = client.get(reverse("players:message_detail", args=[message.pk])).content.decode()
    PlayerSettings.objects.filter(player=alice).update(timezone="Asia/Kathmandu")  # UTC+5:45
    local_page = client.get(reverse("players:message_detail", args=[message.pk])).content.decode()
    import zoneinfo

    from django.utils import timezone

    expected = message.created_at.astimezone(zoneinfo.ZoneInfo("Asia/Kathmandu"))
    assert timezone.localtime(message.created_at, zoneinfo.ZoneInfo("UTC")).strftime(
        "%H:%M") in utc_page
    assert expected.strftime("%H:%M") in local_page


def test_nationality_and_avatar_list_options(alice, bob, client_of):
    PlayerSettings.objects.filter(player=bob).update(country="NZ")
    client = client_of(alice)
    assert "New Zealand" in client.get(reverse("players:list")).content.decode()
    PlayerSettings.objects.filter(player=alice).update(nationality_in_list=False,
                                                       avatars_in_list=False)
    page = client.get(reverse("players:list")).content.decode()
    assert "New Zealand" not in page and "avatar-cell" not in page


def test_board_animations_setting_reaches_the_board(alice, bob, client_of):
    from games import services as gs
    from tests.games.conftest import make_deck

    game = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice))
    game = gs.challenge_accept(game_id=game.pk, player=bob, deck=make_deck(bob))
    client = client_of(alice)
    board = client.get(reverse("games:board", args=[game.pk])).content.decode()
    assert 'data-animations="1"' in board  # on by default
    response = client.post(reverse("players:settings"),
                           preferences_post(alice.settings, board_animations=False))
    assert response.status_code == 302
    assert PlayerSettings.objects.get(player=alice).board_animations is False
    board = client.get(reverse("games:board", args=[game.pk])).content.decode()
    assert 'data-animations="0"' in board
    page = client.get(reverse("players:settings")).content.decode()
    assert "Animations on the game board" in page
