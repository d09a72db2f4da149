"""Concept pictures: good uploads are re-encoded; anything else is refused with a clear
message and nothing is stored."""
import io

import pytest
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from concepts.models import Concept

from .conftest import form_data, make_concept, png_bytes

pytestmark = pytest.mark.django_db


def stored_pictures():
    try:
        return default_storage.listdir("concepts")[1]
    except FileNotFoundError:
        return []


def post_new(client, upload, **changes):
    return client.post(reverse("concepts:new"), {**form_data(**changes), "picture": upload})


@pytest.mark.parametrize("fmt, ext", [("PNG", "png"), ("JPEG", "jpg"), ("GIF", "gif")])
def test_good_picture_is_reencoded_as_a_png(alice, bob, client_of, fmt, ext):
    response = post_new(client_of(alice), SimpleUploadedFile(f"art.{ext}",
                                                             png_bytes(fmt=fmt)))
    assert response.status_code == 302
    concept = Concept.objects.get()
    assert concept.picture.name.startswith(f"concepts/c{concept.pk}-")
    from PIL import Image

    with default_storage.open(concept.picture.name, "rb") as f:
        image = Image.open(io.BytesIO(f.read()))
        assert image.format == "PNG" and image.size == (200, 120)
    url = reverse("concepts:picture", args=[concept.picture_filename])
    page = client_of(bob).get(reverse("concepts:detail", args=[concept.pk])).content.decode()
    assert url in page
    served = client_of(bob).get(url)
    assert served.status_code == 200 and served["Content-Type"] == "image/png"
    assert served["X-Content-Type-Options"] == "nosniff"


@pytest.mark.parametrize("name, content, message", [
    ("art.bmp", png_bytes(), "must be a JPG, JPEG, PNG or GIF"),
    ("art", png_bytes(), "must be a JPG, JPEG, PNG or GIF"),
    ("evil.svg", b"<svg onload=alert(1)></svg>", "must be a JPG, JPEG, PNG or GIF"),
    ("script.png", b"<script>alert(1)</script>", "not a picture we can read"),
    ("corrupt.png", png_bytes()[:60], "not a picture we can read"),
    ("fake.jpg", b"\xff\xd8\xff\xe0" + b"\x00" * 200, "not a picture we can read"),
    ("huge.png", png_bytes() + b"\x00" * (51 * 1024), "at most 50 kB"),
    ("empty.png", b"", "empty"),
])
def test_bad_uploads_are_refused(alice, client_of, name, content, message):
    response = post_new(client_of(alice), SimpleUploadedFile(name, content))
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Concept.objects.exists()
    assert stored_pictures() == []


def test_a_picture_claiming_huge_dimensions_is_refused(alice, client_of):
    # A small PNG whose header claims 20000 x 20000 pixels (a decompression bomb).
    import struct
    import zlib

    small = png_bytes(size=(10, 10))
    ihdr = b"IHDR" + struct.pack(">II", 20000, 20000) + small[24:29]
    bomb = small[:12] + ihdr + struct.pack(">I", zlib.crc32(ihdr)) + small[33:]
    response = post_new(client_of(alice), SimpleUploadedFile("bomb.png", bomb))
    assert response.status_code == 400 and "too many pixels" in response.content.decode()
    assert stored_pictures() == []


def test_replacing_and_removing_a_picture_cleans_up(alice, client_of, django_capture_on_commit_callbacks):
    client = client_of(alice)
    post_new(client, SimpleUploadedFile("a.png", png_bytes()))
    concept = Concept.objects.get()
    first = concept.picture.name
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("concepts:edit", args=[concept.pk]),
                    {**form_data(), "picture": SimpleUploadedFile("b.gif", png_bytes(fmt="GIF"))})
    concept.refresh_from_db()
    assert concept.picture.name != first and not default_storage.exists(first)
    # a bad replacement keeps the old picture
    response = client.post(reverse("concepts:edit", args=[concept.pk]),
                           {**form_data(), "picture": SimpleUploadedFile("c.png", b"junk")})
    assert response.status_code == 400
    concept.refresh_from_db()
    assert default_storage.exists(concept.picture.name)
    second = concept.picture.name
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("concepts:edit", args=[concept.pk]),
                    {**form_data(), "remove_picture": "on"})
    concept.refresh_from_db()
    assert not concept.picture and not default_storage.exists(second)
    assert stored_pictures() == []


def test_deleting_a_concept_removes_its_picture(alice, client_of, django_capture_on_commit_callbacks):
    client = client_of(alice)
    post_new(client, SimpleUploadedFile("a.png", png_bytes()))
    concept = Concept.objects.get()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("concepts:delete", args=[concept.pk]))
    assert stored_pictures() == []


def test_picture_urls_reject_guesses(alice, client_of):
    client = client_of(alice)
    for name in ("c1-0123456789ab.png", "../settings.py", "c1-0123456789ab.svg", "x.png"):
        assert client.get(f"/concepts/pictures/{name}").status_code == 404


def test_concept_without_picture_gets_an_emblem(alice, client_of):
    concept = make_concept(alice)
    page = client_of(alice).get(reverse("concepts:detail", args=[concept.pk])).content.decode()
    assert "card-art-svg" in page
