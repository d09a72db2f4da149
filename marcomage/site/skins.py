"""The page's look: which skin stylesheets to link, and the layout classes of the root.

A skin is one stylesheet of colour variables, static/css/skins/<skin>.css. "auto" links
the light and the dark skin with media queries, so the browser picks the one matching
the device's colour scheme; visitors who are not logged in get "auto" too.
"""
import re
from dataclasses import dataclass
from functools import cache

from django.conf import settings

from players.models import PlayerSettings

SKIN_AUTO = PlayerSettings.Skin.AUTO.value
# The pair "auto" switches between.
AUTO_LIGHT, AUTO_DARK = PlayerSettings.Skin.LIGHT.value, PlayerSettings.Skin.DARK.value
# The root element's class for the "old card appearance" option (styled in cards.css).
OLD_CARDS_CLASS = "cards-classic"


@dataclass(frozen=True)
class PageLook:
    skin: str
    stylesheets: tuple[tuple[str, str], ...]  # (static path, media query or "")
    root_classes: str
    # The browser's toolbar colour (<meta name="theme-color">): the skin's top bar.
    theme_colours: tuple[tuple[str, str], ...] = ()  # (colour, media query or "")


_COLOUR_RE = re.compile(r"--([a-z0-9-]+):\s*(#[0-9a-fA-F]{3,8})\s*;")


@cache
def skin_colours(skin: str) -> dict[str, str]:
    """A skin's colour variables ("bg", "header", "text"...), read from its stylesheet once
    per process (the installable app's manifest, offline page and theme colour use them)."""
    path = settings.BASE_DIR / "static" / "css" / "skins" / f"{skin}.css"
    return dict(_COLOUR_RE.findall(path.read_text(encoding="utf-8")))


def theme_colours(skin: str) -> tuple[tuple[str, str], ...]:
    if skin == SKIN_AUTO:
        return ((skin_colours(AUTO_LIGHT)["header"], "(prefers-color-scheme: light)"),
                (skin_colours(AUTO_DARK)["header"], "(prefers-color-scheme: dark)"))
    return ((skin_colours(skin)["header"], ""),)


def skin_stylesheets(skin: str) -> tuple[tuple[str, str], ...]:
    """(static path, media query) of each stylesheet the skin needs ("" = all media)."""
    if skin == SKIN_AUTO:
        return ((f"css/skins/{AUTO_LIGHT}.css", "not all and (prefers-color-scheme: dark)"),
                (f"css/skins/{AUTO_DARK}.css", "(prefers-color-scheme: dark)"))
    return ((f"css/skins/{skin}.css", ""),)


def page_look(settings_row) -> PageLook:
    """The look of the viewer's pages; "auto" without settings or for a skin no longer
    offered (an unknown file name must never reach the static files storage)."""
    skin = getattr(settings_row, "skin", None)
    if skin not in PlayerSettings.Skin.values:
        skin = SKIN_AUTO
    old_cards = bool(getattr(settings_row, "old_card_appearance", False))
    return PageLook(skin=skin, stylesheets=skin_stylesheets(skin),
                    root_classes=OLD_CARDS_CLASS if old_cards else "",
                    theme_colours=theme_colours(skin))
