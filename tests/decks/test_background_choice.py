"""The game background a player chooses: the site's own ones and, beside them, the original
game's backgrounds an administrator imported (manage.py import_card_art); the board shows
exactly the one chosen, and a chosen imported background removed since is Plain again."""
import io
import json
import re
import shutil
from pathlib import Path

import pytest
from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.urls import reverse
from PIL import Image

from decks import card_art
from games import services as gs
from players.models import PlayerSettings
from tests.games.conftest import make_deck
from tests.players.settings.test_settings_page import preferences_post

pytestmark = pytest.mark.django_db

OWN = ["plain", "stone", "forest", "night"]


@pytest.fixture(autouse=True)
def _fresh_index():
    card_art.forget()
    yield
    card_art.forget()


@pytest.fixture
def imported(tmp_path):
    """Backgrounds 3 and 7 imported: {number: (picture URL, small copy's URL)}."""
    source = tmp_path / "original"
    source.mkdir()
    Image.new("RGB", (640, 480), (70, 50, 30)).save(source / "bg_3.jpg", format="JPEG")
    Image.new("RGB", (800, 450), (20, 60, 120)).save(source / "bg_7.jpg", format="JPEG")
    call_command("import_card_art", str(source), stdout=io.StringIO(), stderr=io.StringIO())
    index = card_art.imported()
    return {n: (reverse("decks:art", args=[index["backgrounds"][n]]),
                reverse("decks:art", args=[index["background_previews"][n]])) for n in (3, 7)}


@pytest.fixture
def game(alice, bob, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice))
        return gs.challenge_accept(game_id=game.pk, player=bob, deck=make_deck(bob, starter=1))


def options(page):
    """[(value, label, selected)] of the settings page's background list."""
    select = re.search(r'<select name="prefs-game_background".*?</select>', page, re.S).group(0)
    return [(value, label, bool(selected)) for value, selected, label in re.findall(
        r'<option value="([^"]*)"( selected)?>([^<]*)</option>', select)]


def choose(client, player, value):
    return client.post(reverse("players:settings"),
                       preferences_post(player.settings, game_background=value))


def board(client, game):
    response = client.get(reverse("games:detail", args=[game.pk]))
    assert response.status_code == 200
    return response.content.decode()


def test_without_imported_art_the_form_offers_our_own_backgrounds(alice, client_of):
    response = client_of(alice).get(reverse("players:settings"))
    assert response.status_code == 200
    page = response.content.decode()
    assert [value for value, _, _ in options(page)] == OWN
    assert "background-previews" not in page


def test_the_form_lists_the_imported_backgrounds_beside_our_own(imported, alice, client_of):
    client = client_of(alice)
    page = client.get(reverse("players:settings")).content.decode()
    assert [(value, label) for value, label, _ in options(page)] == [
        ("plain", "Plain"), ("stone", "Stone"), ("forest", "Forest"), ("night", "Night sky"),
        ("original-3", "Original background 3"), ("original-7", "Original background 7")]
    # A small picture of each, the small copy the import made (not the whole background).
    for number, (picture, small) in imported.items():
        assert f'<img src="{small}"' in page and f"Original background {number}</figcaption>" in page
        assert picture not in page
    response = client.get(imported[7][1])
    assert response.status_code == 200 and response["Content-Type"] == "image/jpeg"
    with Image.open(io.BytesIO(b"".join(response.streaming_content))) as preview:
        assert preview.size == (160, 90)  # 800x450 made to fit 160x120, keeping its shape


def test_choosing_an_imported_background_shows_exactly_it_on_the_board(
        imported, alice, game, client_of):
    client = client_of(alice)
    assert choose(client, alice, "original-7").status_code == 302
    alice.settings.refresh_from_db()
    assert alice.settings.game_background == "original-7"
    page = board(client, game)
    assert f'url("{imported[7][0]}")' in page
    assert imported[3][0] not in page
    selected = [value for value, _, chosen in options(
        client.get(reverse("players:settings")).content.decode()) if chosen]
    assert selected == ["original-7"]


def test_an_own_background_shows_no_imported_picture(imported, alice, game, client_of):
    client = client_of(alice)
    assert choose(client, alice, "stone").status_code == 302
    page = board(client, game)
    assert "game-bg-stone" in page
    assert "/cards/art/bg_" not in page


@pytest.mark.parametrize("value", ["original-5", "original-0", "original-03", "neon", "",
                                   "original-7x", "original-" + "9" * 40])
def test_a_bad_background_gets_a_form_error(imported, alice, client_of, value):
    client = client_of(alice)
    response = choose(client, alice, value)
    assert response.status_code == 400
    page = response.content.decode()
    assert re.search(r'class="field has-error">\s*<label for="id_prefs-game_background"', page)
    assert ("That background is not one of those listed" in page
            or "This field is required" in page)
    alice.settings.refresh_from_db()
    assert alice.settings.game_background == "plain"


def test_a_removed_imported_background_falls_back_to_plain(imported, alice, game, client_of):
    client = client_of(alice)
    assert choose(client, alice, "original-3").status_code == 302
    assert f'url("{imported[3][0]}")' in board(client, game)

    shutil.rmtree(Path(settings.MEDIA_ROOT) / "card_art")  # the administrator removes the art
    card_art.forget()  # as a restart of the web processes does
    page = board(client, game)
    assert "/cards/art/bg_" not in page and "<style>.game-page main" not in page
    assert not re.search(r"game-bg-(stone|forest|night)\b", page)
    settings_page = client.get(reverse("players:settings"))
    assert settings_page.status_code == 200
    assert [(value, chosen) for value, _, chosen in options(settings_page.content.decode())] == [
        ("plain", True), ("stone", False), ("forest", False), ("night", False)]
    # Saving the preferences as shown stores Plain.
    assert client.post(reverse("players:settings"),
                       preferences_post(PlayerSettings.objects.get(pk=alice.settings.pk))
                       ).status_code == 302
    alice.settings.refresh_from_db()
    assert alice.settings.game_background == "plain"


def test_the_row_keeps_any_imported_number_but_nothing_else(alice):
    row = alice.settings
    for value in ("night", "original-1", "original-999"):
        row.game_background = value
        row.full_clean()
    for value in ("neon", "original-", "original-1000", "Original-1", "bg_3"):
        row.game_background = value
        with pytest.raises(ValidationError):
            row.full_clean()


def test_an_older_import_without_small_copies_shows_no_preview_until_imported_again(
        imported, alice, client_of, tmp_path):
    index_path = Path(settings.MEDIA_ROOT) / "card_art" / "index.json"
    data = json.loads(index_path.read_text())
    del data["background_previews"]  # as an import made before the small copies
    index_path.write_text(json.dumps(data))
    card_art.forget()
    client = client_of(alice)
    page = client.get(reverse("players:settings")).content.decode()
    assert [value for value, _, _ in options(page)] == [*OWN, "original-3", "original-7"]
    assert "background-previews" not in page

    source = tmp_path / "original"  # the same files: the pictures are unchanged
    out = io.StringIO()
    call_command("import_card_art", str(source), stdout=out, stderr=io.StringIO())
    assert "bg_3.jpg: replaced" in out.getvalue()
    assert set(card_art.imported()["background_previews"]) == {3, 7}
    page = client.get(reverse("players:settings")).content.decode()
    assert page.count("<figcaption>Original background") == 2
