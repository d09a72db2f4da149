"""Settings page (every option saves and takes effect where it is ours) and avatar upload."""
import io
import struct
import zlib

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st
from PIL import Image

from marcomage.images import ImageUploadError
from players.forms_profile import PreferencesForm
from players.models import PlayerSettings
from players.services import player_avatar_set

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
    from players.services import message_send

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


# ---------------------------------------------------------------- avatar

def png_bytes(size=(30, 20), color=(200, 30, 30)):
    out = io.BytesIO()
    Image.new("RGB", size, color).save(out, format="PNG")
    return out.getvalue()


def upload(name, data, content_type="image/png"):
    return SimpleUploadedFile(name, data, content_type=content_type)


def test_avatar_is_reencoded_to_60_pixels(alice, client_of):
    client = client_of(alice)
    response = client.post(reverse("players:avatar_upload"),
                           {"avatar-avatar": upload("me.PNG", png_bytes())})
    assert response.status_code == 302
    alice.settings.refresh_from_db()
    name = alice.settings.avatar.name
    assert name.startswith("avatars/") and name.endswith(".png")
    with alice.settings.avatar.open("rb") as f:
        image = Image.open(f)
        assert image.size == (60, 60) and image.format == "PNG"
    served = client.get(reverse("players:avatar", args=[alice.settings.avatar_filename]))
    assert served.status_code == 200 and served["Content-Type"] == "image/png"
    # a second upload replaces the first file
    old = alice.settings.avatar.name
    player_avatar_set(player=alice, upload=upload("b.gif", gif_bytes()))
    alice.settings.refresh_from_db()
    from django.core.files.storage import default_storage

    assert alice.settings.avatar.name != old and not default_storage.exists(old)


def gif_bytes():
    out = io.BytesIO()
    Image.new("P", (10, 10)).save(out, format="GIF")
    return out.getvalue()


def jpeg_bytes():
    out = io.BytesIO()
    Image.new("RGB", (80, 40), (1, 2, 3)).save(out, format="JPEG")
    return out.getvalue()


def png_bomb():
    """A tiny PNG whose header claims 30000 × 30000 pixels."""
    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    header = struct.pack(">IIBBBBB", 30000, 30000, 8, 0, 0, 0, 0)
    rows = zlib.compress(b"\x00" * 3001 * 10, 9)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", rows) + chunk(b"IEND", b"")


@pytest.mark.parametrize("name,data,error", [
    ("me.jpg", jpeg_bytes(), None),
    ("me.jpeg", jpeg_bytes(), None),
    ("me.gif", gif_bytes(), None),
    ("me.bmp", png_bytes(), "JPG, JPEG, PNG or GIF"),
    ("me", png_bytes(), "JPG, JPEG, PNG or GIF"),
    ("me.png", b"<script>alert(1)</script>", "not a picture we can read"),
    ("me.png", b"GIF89a" + b"\x00" * 40, "not a picture we can read"),
    ("me.png", png_bytes()[:60], "not a picture we can read"),
    ("me.png", png_bytes((400, 400), (0, 0, 0)) + b"\x00" * 11000, "at most 10 kB"),
    ("bomb.png", png_bomb(), "too many pixels"),
    ("me.svg", b"<svg xmlns='http://www.w3.org/2000/svg'/>", "JPG, JPEG, PNG or GIF"),
])
def test_avatar_upload_checks(alice, client_of, name, data, error):
    client = client_of(alice)
    response = client.post(reverse("players:avatar_upload"), {"avatar-avatar": upload(name, data)})
    alice.settings.refresh_from_db()
    if error is None:
        assert response.status_code == 302 and alice.settings.avatar
    else:
        assert response.status_code == 400
        assert error in response.content.decode()
        assert not alice.settings.avatar


def test_avatar_without_file_is_a_form_error(alice, client_of):
    response = client_of(alice).post(reverse("players:avatar_upload"), {})
    assert response.status_code == 400 and "required" in response.content.decode()


@hsettings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(min_size=0, max_size=12000),
       name=st.sampled_from(["a.png", "a.jpg", "a.gif", "a.jpeg"]))
def test_avatar_fuzz_never_crashes(alice, data, name):
    try:
        player_avatar_set(player=alice, upload=upload(name, data))
    except ImageUploadError:
        return
    # anything accepted is a real 60×60 PNG
    alice.settings.refresh_from_db()
    with alice.settings.avatar.open("rb") as f:
        assert Image.open(f).size == (60, 60)


@hsettings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(flips=st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 255)), max_size=8))
def test_avatar_fuzz_corrupted_png(alice, flips):
    data = bytearray(png_bytes((50, 50), (10, 200, 10)))
    for position, value in flips:
        data[position % len(data)] = value
    try:
        player_avatar_set(player=alice, upload=upload("x.png", bytes(data)))
    except ImageUploadError:
        pass


def test_avatar_remove(alice, client_of):
    player_avatar_set(player=alice, upload=upload("a.png", png_bytes()))
    client_of(alice).post(reverse("players:avatar_remove"))
    alice.settings.refresh_from_db()
    assert not alice.settings.avatar


def test_avatar_file_view_refuses_other_paths(alice, client_of):
    client = client_of(alice)
    assert client.get("/avatars/..%2Fsettings.py").status_code == 404
    assert client.get(reverse("players:avatar", args=["1-000000000000.png"])).status_code == 404
