"""Template tags of the players app, used by pages of every app: hints, avatars, status,
names coloured by activity, the home-page panel and the help page's tables."""
from django import template
from django.utils import timezone

from games.engine import awards_rules, rating_rules
from players import activity
from players.models import PlayerSettings
from players.profiles.countries import COUNTRY_NAMES
from players.progression.selectors import exp_progress
from players.tutorial.hints import HINTS
from players.tutorial.sections import SECTION_LABELS, SECTION_LEVELS, TUTORIAL_END_LEVEL

register = template.Library()


@register.inclusion_tag("players/partials/hint.html", takes_context=True)
def tutorial_hint(context, key):
    """A dismissable tutorial hint for the viewer, or nothing."""
    viewer = context.get("viewer")
    show = (viewer is not None and key in HINTS and viewer.level < TUTORIAL_END_LEVEL
            and key not in (viewer.settings.dismissed_hints or []))
    request = context.get("request")
    return {"show": show, "key": key, "text": HINTS.get(key, ""),
            "csrf_token": context.get("csrf_token"),
            "request_path": request.get_full_path() if request is not None else ""}


@register.inclusion_tag("players/partials/status.html")
def player_status(settings_row):
    status = settings_row.status if settings_row is not None else ""
    label = PlayerSettings.Status(status).label if status in PlayerSettings.Status.values else ""
    return {"status": status, "label": label}


@register.inclusion_tag("players/partials/bot_mark.html")
def bot_mark(player):
    """The "bot" mark after a player's name (nothing for a person, the AI or None)."""
    return {"is_bot": bool(getattr(player, "is_bot", False))}


@register.inclusion_tag("players/partials/activity_name.html")
def activity_name(player, name=None):
    """A player's name coloured by when they were last seen (players.activity), saying it
    in words too: a tooltip and text for screen readers. ``name`` replaces the player's
    name; without a player (the computer) the name is shown as it is."""
    if player is None:
        return {"name": name or "", "activity": ""}
    now = timezone.now()
    return {"name": name or player.name, "activity": activity.activity_of(player.last_activity, now),
            "seen": activity.seen_text(player.last_activity, now)}


@register.filter
def seen_ago(last_activity):
    """When a player was last seen, in words ("online", "3 days ago")."""
    return activity.seen_ago(last_activity) if last_activity is not None else ""


@register.inclusion_tag("players/partials/avatar.html")
def player_avatar(player, size=60):
    avatar = player.settings.avatar if hasattr(player, "settings") else None
    return {"player": player, "avatar": avatar, "size": size}


@register.filter
def flag_emoji(country_code):
    """The flag of a two-letter country code (regional indicator symbols)."""
    code = (country_code or "").upper()
    if len(code) != 2 or not code.isalpha():
        return ""
    return "".join(chr(0x1F1E6 + ord(ch) - ord("A")) for ch in code)


@register.filter
def country_name(country_code):
    return COUNTRY_NAMES.get((country_code or "").upper(), "")


@register.inclusion_tag("players/partials/dashboard_panel.html", takes_context=True)
def players_dashboard_panel(context):
    """Level, EXP, gold, results, unread messages and what the tutorial opens next."""
    viewer = context.get("viewer")
    if viewer is None:
        return {"viewer": None}
    upcoming = sorted((level, SECTION_LABELS[key]) for key, level in SECTION_LEVELS.items()
                      if level > viewer.level)
    return {
        "viewer": viewer,
        "progress": exp_progress(viewer),
        "next_level": viewer.level + 1,
        "in_tutorial": viewer.level < TUTORIAL_END_LEVEL,
        "next_unlock": upcoming[0] if upcoming else None,
        "unread_messages": context.get("unread_messages"),
        "sections_open": context.get("sections_open", frozenset()),
        "request": context.get("request"),
        "csrf_token": context.get("csrf_token"),
    }


@register.simple_tag
def tutorial_sections():
    """(label, level) of every section, in the order they open."""
    return sorted(((SECTION_LABELS[key], SECTION_LEVELS[key]) for key in SECTION_LEVELS),
                  key=lambda row: (row[1], row[0]))


@register.simple_tag
def rating_tables():
    """The numbers of the rating rules for the help page (one source: games.engine.rating)."""
    r, aw = rating_rules, awards_rules
    return {
        "game_rating": [(result, outcome, round(m * 100)) for (result, outcome), m
                        in r.GAME_RATING.items() if not (result == "draw" and outcome != "Draw")],
        "levels": [(n, r.exp_required(n)) for n in (0, 1, 2, 5, 9, 10, 15, 20)],
        "awards": list(aw.END_OF_GAME_AWARDS.values()),
        "finals": list(aw.FINAL_ACHIEVEMENTS.values()),
    }
