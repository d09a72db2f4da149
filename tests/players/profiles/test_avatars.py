"""Avatars: uploaded on the settings page, re-encoded to a 60-pixel PNG, served by name."""
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

from marcomage.plumbing.images import ImageUploadError
from players.profiles.services import player_avatar_set

pytestmark = pytest.mark.django_db


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
