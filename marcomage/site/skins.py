"""The page's look: which skin stylesheets to link, and the layout classes of the root.

A skin is one stylesheet of colour variables, static/css/skins/<skin>.css. "auto" links
the light and the dark skin with media queries, so the browser picks the one matching
the device's colour scheme; visitors who are not logged in get "auto" too.
"""
from dataclasses import dataclass

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
                    root_classes=OLD_CARDS_CLASS if old_cards else "")
