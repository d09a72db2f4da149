"""manage.py import_card_art: the original game's card pictures and backgrounds, checked,
stored under MEDIA_ROOT and shown instead of the generated pictures."""
import io
import json
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command
from django.urls import reverse
from PIL import Image

from decks import card_art

BASIC_WALL, BURGLAR = 1, 260


@pytest.fixture(autouse=True)
def _fresh_faces():
    card_art.forget()
    yield
    card_art.forget()


def png(path, size=(80, 60), colour=(200, 40, 40), fmt="PNG"):
    Image.new("RGB", size, colour).save(path, format=fmt)
    return path


@pytest.fixture
def folder(tmp_path):
    src = tmp_path / "original"
    src.mkdir()
    png(src / f"card_{BASIC_WALL}.png")
    png(src / f"card_{BURGLAR}.png", colour=(20, 160, 40))
    png(src / "bg_3.jpg", size=(640, 480), colour=(70, 50, 30), fmt="JPEG")
    return src


def run(folder, *args):
    out, err = io.StringIO(), io.StringIO()
    call_command("import_card_art", str(folder), *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def stored():
    art = Path(settings.MEDIA_ROOT) / "card_art"
    return sorted(p.name for p in art.iterdir()) if art.exists() else []


def index():
    return json.loads((Path(settings.MEDIA_ROOT) / "card_art" / "index.json").read_text())


def test_good_files_are_stored_under_media_and_listed(folder):
    out, err = run(folder)
    assert err == ""
    assert "card_1.png: added" in out and "card_260.png: added" in out and "bg_3.jpg: added" in out
    assert "3 added" in out and "Restart the web processes" in out
    data = index()
    assert set(data["cards"]) == {"1", "260"} and set(data["backgrounds"]) == {"3"}
    assert set(data["background_previews"]) == {"3"}
    assert stored() == sorted([*data["cards"].values(), *data["backgrounds"].values(),
                               *data["background_previews"].values(), "index.json"])
    media = Path(settings.MEDIA_ROOT) / "card_art"
    with Image.open(media / data["cards"]["1"]) as picture:
        assert picture.format == "PNG" and picture.size == (80, 60)
    with Image.open(media / data["backgrounds"]["3"]) as background:
        assert background.format == "JPEG" and background.size == (640, 480)
    # The small copy the settings page shows: named after the background, 160x120 at most.
    assert data["background_previews"]["3"] == data["backgrounds"]["3"].replace(".jpg", "-small.jpg")
    with Image.open(media / data["background_previews"]["3"]) as preview:
        assert preview.format == "JPEG" and preview.size == (160, 120)


def test_bad_files_are_skipped_with_a_reason_and_the_good_ones_still_imported(folder):
    (folder / "card_2.png").write_bytes(b"this is no picture")
    png(folder / "card_3.png", fmt="JPEG")  # a JPEG named .png
    png(folder / "card_4.png", size=(5, 4))  # too small to be a card picture
    (folder / "card_5.png").write_bytes(b"")
    (folder / "card_6.png").write_bytes(b"\x89PNG" + b"0" * (600 * 1024))  # too large
    png(folder / "card_99999.png")  # no such card
    png(folder / "card_0.png")  # the Empty card has no picture
    png(folder / "card_7.gif", fmt="GIF")
    png(folder / "bg_2.png")  # backgrounds are JPEGs
    png(folder / "bg_0.jpg", fmt="JPEG")
    (folder / "notes.txt").write_text("hello")
    (folder / "sub").mkdir()
    out, err = run(folder)
    assert "3 added" in out and "11 skipped" in out
    reasons = dict(line.split(": skipped: ") for line in err.strip().splitlines())
    assert reasons == {
        "bg_0.jpg": "background numbers go from 1 to 999",
        "bg_2.png": "a background must be a .jpg file",
        "card_0.png": "there is no card 0",
        "card_2.png": "it is not a PNG picture",
        "card_3.png": "it is not a PNG picture",
        "card_4.png": "it is 5x4 pixels; a card picture needs at least 16x10",
        "card_5.png": "the file is empty",
        "card_6.png": "the file is 600 kB; a card picture may be at most 512 kB",
        "card_7.gif": "a card picture must be a .png file",
        "card_99999.png": "there is no card 99999",
        "notes.txt": "not a card_<id>.png or bg_<n>.jpg name",
    }
    assert set(index()["cards"]) == {"1", "260"}


def test_a_damaged_png_is_refused(folder):
    whole = (folder / "card_1.png").read_bytes()
    (folder / "card_1.png").write_bytes(whole[: len(whole) // 2])
    _, err = run(folder)
    assert "card_1.png: skipped: it is a damaged PNG picture" in err


def test_import_again_changes_nothing_and_a_new_picture_replaces_the_old(folder):
    run(folder)
    before = stored()
    media = Path(settings.MEDIA_ROOT) / "card_art"
    times = {name: (media / name).stat().st_mtime_ns for name in before}
    out, _ = run(folder)
    assert "0 added, 0 replaced, 3 unchanged" in out and "Restart" not in out
    assert stored() == before
    assert {name: (media / name).stat().st_mtime_ns for name in before} == times

    old_name = index()["cards"]["1"]
    png(folder / "card_1.png", colour=(10, 10, 240))
    out, _ = run(folder)
    assert "card_1.png: replaced" in out and "1 replaced" in out
    new_name = index()["cards"]["1"]
    assert new_name != old_name and new_name in stored() and old_name not in stored()


def test_dry_run_lists_what_would_change_and_stores_nothing(folder):
    out, _ = run(folder, "--dry-run")
    assert "card_1.png: would be added" in out and "bg_3.jpg: would be added" in out
    assert out.startswith("card_1.png") or "Dry run, nothing stored" in out
    assert stored() == []
    run(folder)
    png(folder / "card_260.png", colour=(1, 2, 3))
    before = stored()
    out, _ = run(folder, "--dry-run")
    assert "card_260.png: would be replaced" in out
    assert "0 would be added, 1 would be replaced, 2 unchanged" in out
    assert stored() == before


def test_a_missing_folder_is_a_clear_error(tmp_path):
    with pytest.raises(CommandError, match="is not a folder"):
        run(tmp_path / "nowhere")


def test_an_unreadable_index_means_no_imported_pictures(folder):
    run(folder)
    (Path(settings.MEDIA_ROOT) / "card_art" / "index.json").write_text("{broken")
    card_art.forget()
    assert card_art.imported() == {"cards": {}, "backgrounds": {}, "background_previews": {}}


@pytest.mark.django_db
def test_the_site_shows_an_imported_picture_instead_of_the_drawn_one(folder, client_of, builder):
    client = client_of(builder)
    page = client.get(reverse("decks:card_detail", args=[BASIC_WALL])).content.decode()
    assert "card-art--drawn" in page and "card-art--picture" not in page

    run(folder)
    name = index()["cards"]["1"]
    url = reverse("decks:art", args=[name])
    page = client.get(reverse("decks:card_detail", args=[BASIC_WALL])).content.decode()
    assert f'<div class="card-art card-art--picture"><img src="{url}"' in page
    assert "card-art--drawn" not in page
    # A card without an imported picture keeps the drawn one.
    other = client.get(reverse("decks:card_detail", args=[2])).content.decode()
    assert "card-art--drawn" in other and "card-art--picture" not in other

    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert "immutable" in response["Cache-Control"]
    with Image.open(io.BytesIO(b"".join(response.streaming_content))) as served:
        assert served.format == "PNG"
    background = index()["backgrounds"]["3"]
    response = client.get(reverse("decks:art", args=[background]))
    assert response.status_code == 200 and response["Content-Type"] == "image/jpeg"


@pytest.mark.django_db
@pytest.mark.parametrize("name", [
    "index.json", "card_1.png", "card_1-0123456789ab.png", "card_1-0123456789ab.PNG",
    "..%2Findex.json", "card_1-0123456789ab.png%00", "bg_1-0123456789ab.png",
])
def test_only_stored_pictures_are_served(folder, client, name):
    run(folder)
    assert client.get(f"/cards/art/{name}").status_code == 404
