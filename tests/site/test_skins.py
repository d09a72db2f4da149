"""Skins: one stylesheet of colour variables each, readable in every one (WCAG AA), the
automatic skin following the device, and the old card appearance on the root element."""
import re
from pathlib import Path

import pytest
from django.urls import reverse

from marcomage.site.skins import SKIN_AUTO, page_look
from players.models import PlayerSettings

SKINS_DIR = Path(__file__).resolve().parents[2] / "static" / "css" / "skins"
VARIABLE = re.compile(r"--([a-z-]+)\s*:\s*(#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3})\s*;")
SCHEME = re.compile(r"color-scheme\s*:\s*(light|dark)\s*;")

# (foreground, background) pairs the site sets text on. Body text must reach 4.5:1.
BODY_TEXT = [
    ("text", "bg"), ("text", "bg-alt"), ("text", "panel"), ("text", "accent-soft"),
    ("text", "success-soft"), ("text", "warning-soft"), ("text", "danger-soft"),
    ("muted", "bg"), ("muted", "bg-alt"), ("muted", "panel"),
    ("accent", "bg"), ("accent", "panel"),  # links
    ("accent-text", "accent"),  # buttons
    ("header-text", "header"),  # the top bar
    ("danger", "bg"), ("danger", "panel"), ("danger", "danger-soft"),  # errors
    ("warning", "bg"), ("warning", "panel"), ("warning", "warning-soft"),
    ("success", "bg"), ("success", "panel"),
    ("on-success", "success"), ("on-danger", "danger"), ("on-rare", "rare"),  # badges
    ("on-resource", "bricks"), ("on-resource", "gems"), ("on-resource", "recruits"),  # costs
    # Resource amounts and rarity names are written in their colour at body size (the
    # board's stock figures, the deck builder's counts): text, so 4.5:1 on every surface.
    *[(colour, surface) for colour in ("bricks", "gems", "recruits", "common", "uncommon", "rare")
      for surface in ("panel", "bg", "bg-alt")],
]
# User-interface parts only (borders, dots): 3:1.
LARGE_TEXT_AND_UI = [("rare", "bg"), ("common", "bg")]


def skin_variables(path: Path) -> dict[str, str]:
    return dict(VARIABLE.findall(path.read_text("utf-8")))


def relative_luminance(colour: str) -> float:
    """WCAG 2 relative luminance of "#rgb" or "#rrggbb"."""
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    channels = []
    for i in (0, 2, 4):
        c = int(digits[i:i + 2], 16) / 255
        channels.append(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
    red, green, blue = channels
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast_ratio(one: str, other: str) -> float:
    lighter, darker = sorted((relative_luminance(one), relative_luminance(other)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


SKIN_FILES = sorted(SKINS_DIR.glob("*.css"))


def test_the_contrast_formula_matches_known_values():
    assert contrast_ratio("#000", "#fff") == pytest.approx(21.0)
    assert contrast_ratio("#ffffff", "#ffffff") == pytest.approx(1.0)
    assert contrast_ratio("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)  # just fails AA
    assert contrast_ratio("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)  # just passes


def test_every_skin_choice_has_a_stylesheet_and_every_stylesheet_is_a_choice():
    offered = set(PlayerSettings.Skin.values) - {SKIN_AUTO}
    assert {path.stem for path in SKIN_FILES} == offered
    assert len(offered) >= 8


def test_there_are_light_and_at_least_three_dark_skins():
    schemes = {path.stem: SCHEME.search(path.read_text("utf-8")).group(1) for path in SKIN_FILES}
    assert list(schemes.values()).count("dark") >= 3
    assert list(schemes.values()).count("light") >= 3
    assert schemes["light"] == "light" and schemes["dark"] == "dark"  # the automatic pair


def test_every_skin_sets_the_same_variables():
    names = {path.stem: set(skin_variables(path)) for path in SKIN_FILES}
    needed = {name for pair in BODY_TEXT + LARGE_TEXT_AND_UI for name in pair}
    for skin, variables in names.items():
        assert needed <= variables, (skin, needed - variables)
        assert variables == names["light"], skin


@pytest.mark.parametrize("path", SKIN_FILES, ids=lambda path: path.stem)
def test_text_is_readable_in_every_skin(path):
    colours = skin_variables(path)
    too_faint = [
        f"{fg} on {bg}: {contrast_ratio(colours[fg], colours[bg]):.2f} < {needed}"
        for pairs, needed in ((BODY_TEXT, 4.5), (LARGE_TEXT_AND_UI, 3.0))
        for fg, bg in pairs
        if contrast_ratio(colours[fg], colours[bg]) < needed
    ]
    assert not too_faint, too_faint


def test_no_stylesheet_depends_on_one_skin_by_name():
    """Skins differ only in their variables: a rule for [data-skin=...] elsewhere would
    leave the other skins (and the automatic one) out."""
    css_dir = SKINS_DIR.parent
    for path in css_dir.glob("*.css"):
        assert "data-skin" not in path.read_text("utf-8"), path.name


def test_page_look_of_a_visitor_follows_the_device():
    look = page_look(None)
    assert look.skin == "auto" and look.root_classes == ""
    assert look.stylesheets == (
        ("css/skins/light.css", "not all and (prefers-color-scheme: dark)"),
        ("css/skins/dark.css", "(prefers-color-scheme: dark)"))


def test_page_look_of_a_skin_no_longer_offered_falls_back_to_automatic():
    row = PlayerSettings(skin="../../etc/passwd", old_card_appearance=True)
    look = page_look(row)
    assert look.skin == "auto" and look.root_classes == "cards-classic"


@pytest.mark.django_db
def test_visitors_get_the_automatic_skin(client):
    html = client.get(reverse("home")).content.decode()
    assert 'data-skin="auto"' in html
    assert ('href="/static/css/skins/light.css" media="not all and (prefers-color-scheme: dark)"'
            in html)
    assert 'href="/static/css/skins/dark.css" media="(prefers-color-scheme: dark)"' in html


@pytest.mark.django_db
def test_a_chosen_skin_links_only_its_stylesheet(alice, client_of):
    PlayerSettings.objects.filter(player=alice).update(skin="forge")
    html = client_of(alice).get(reverse("help")).content.decode()
    assert 'data-skin="forge"' in html
    assert re.findall(r'href="/static/css/skins/([a-z]+)\.css"(?! media)', html) == ["forge"]
    assert "prefers-color-scheme" not in html


@pytest.mark.django_db
def test_old_card_appearance_puts_its_class_on_the_root(alice, client_of):
    client = client_of(alice)
    assert 'class="cards-classic"' not in client.get(reverse("home")).content.decode()
    PlayerSettings.objects.filter(player=alice).update(old_card_appearance=True)
    assert '<html lang="en" data-skin="auto" class="cards-classic">' in (
        client.get(reverse("home")).content.decode())


def test_the_old_card_appearance_is_styled():
    cards_css = (SKINS_DIR.parent / "cards.css").read_text("utf-8")
    assert ".cards-classic .card {" in cards_css
    assert ".cards-classic .card-art { display: none; }" in cards_css


def test_the_error_page_links_the_automatic_skin():
    from marcomage.site.views import error_500

    html = error_500(None).content.decode()
    assert "css/skins/light.css" in html and "css/skins/dark.css" in html
