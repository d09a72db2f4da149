"""Names coloured by activity (players.activity) on the players list, the Games page and
the challenges, as the original's four classes: online (10 minutes), seen within a week,
within three weeks, longer. Each coloured name says the same in words (a title and text for
screen readers); the advanced games list shows when the opponent was last seen; the colours
read at 4.5:1 in every skin; the pages' query counts do not grow with the names."""
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games import services as gs
from players.activity import seen_ago, seen_text
from players.models import Player, PlayerSettings
from tests.factories import PlayerFactory
from tests.games.conftest import make_deck
from tests.site.test_skins import SKIN_FILES, contrast_ratio, skin_variables

NOW = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)

# name -> (how long ago the player was last seen, activity class, the words with the name)
SEEN = {
    "erin": (timedelta(minutes=2), "online", "online"),
    "bob": (timedelta(days=3), "offline", "seen 3 days ago"),
    "carol": (timedelta(days=15), "inactive", "seen 15 days ago"),
    "dave": (timedelta(days=60), "dead", "seen 2 months ago"),
}
# The advanced games list's "Opponent last seen" column.
SEEN_COLUMN = {"erin": "online", "bob": "3 days ago", "carol": "15 days ago",
               "dave": "2 months ago"}

MARKED_NAME = re.compile(
    r'<span class="activity-name activity-(?P<activity>[a-z]+)" title="(?P<title>[^"]*)">'
    r'(?P<name>[^<]+)<span class="visually-hidden"> \((?P<spoken>[^)]*)\)</span></span>')


def marked_names(html: str) -> dict:
    """name -> (activity class, the words) of every coloured name; the tooltip and the
    screen readers' text must say the same."""
    marks = {}
    for match in MARKED_NAME.finditer(html):
        assert match["title"] == match["spoken"], match.group(0)
        marks[match["name"]] = (match["activity"], match["title"])
    return marks


def expected_marks(names=SEEN) -> dict:
    return {name: (SEEN[name][1], SEEN[name][2]) for name in names}


def between(html: str, start: str, end: str) -> str:
    return html[html.index(start):html.index(end, html.index(start))]


@pytest.fixture
def seen_players(alice, bob, carol):
    """alice (the viewer) and four others, each last seen at one of the four ages."""
    erin, dave = PlayerFactory(user__username="erin"), PlayerFactory(user__username="dave")
    return {"erin": erin, "bob": bob, "carol": carol, "dave": dave}


def mark_seen(players):
    """Set every player's last activity now (after the services ran: they may touch it)."""
    now = timezone.now()
    for name, player in players.items():
        Player.objects.filter(pk=player.pk).update(last_activity=now - SEEN[name][0])


def start_game(challenger, opponent):
    game = gs.challenge_create(challenger=challenger, opponent=opponent,
                               deck=make_deck(challenger, name=f"vs {opponent.name}"))
    return gs.challenge_accept(game_id=game.pk, player=opponent,
                               deck=make_deck(opponent, name=f"vs {challenger.name}", starter=1))


# ---------------------------------------------------------------- the rule in words
@pytest.mark.parametrize("idle, ago, text", [
    (timedelta(0), "online", "online"),
    (timedelta(minutes=10), "online", "online"),
    (timedelta(minutes=11), "11 minutes ago", "seen 11 minutes ago"),
    (timedelta(hours=1, minutes=5), "1 hour ago", "seen 1 hour ago"),
    (timedelta(days=3, hours=5), "3 days ago", "seen 3 days ago"),
    (timedelta(days=15), "15 days ago", "seen 15 days ago"),
    (timedelta(days=59), "59 days ago", "seen 59 days ago"),
    (timedelta(days=60), "2 months ago", "seen 2 months ago"),
    (timedelta(days=800), "2 years ago", "seen 2 years ago"),
])
def test_when_a_player_was_seen_in_words(idle, ago, text):
    assert seen_ago(NOW - idle, NOW) == ago
    assert seen_text(NOW - idle, NOW) == text


# ---------------------------------------------------------------- the pages
def test_players_list_colours_each_name_by_activity_and_explains_the_colours(
        alice, seen_players, client_of):
    mark_seen(seen_players)
    html = client_of(alice).get(reverse("players:list")).content.decode()
    marks = marked_names(html)
    assert marks["alice"] == ("online", "online")  # the viewer, marked by this request
    assert {name: marks[name] for name in SEEN} == expected_marks()
    legend = between(html, 'id="activity-legend"', "</p>")
    for activity in ("online", "offline", "inactive", "dead"):
        assert f'class="activity-{activity}"' in legend


def test_games_list_colours_the_opponents_of_running_games(alice, seen_players, client_of):
    for opponent in seen_players.values():
        start_game(alice, opponent)
    mark_seen(seen_players)
    html = client_of(alice).get(reverse("games:list")).content.decode()
    running = between(html, 'id="running-h"', "</table>")
    assert marked_names(running) == expected_marks()
    assert "opponent-seen" not in html  # the plain list: no last-seen column


def test_the_advanced_games_list_shows_when_the_opponent_was_last_seen(
        alice, seen_players, client_of):
    for opponent in seen_players.values():
        start_game(alice, opponent)
    make_deck(alice, name="against the computer")
    gs.ai_quick_game(player=alice)
    mark_seen(seen_players)
    PlayerSettings.objects.filter(player=alice).update(advanced_games_list=True)
    html = client_of(alice).get(reverse("games:list")).content.decode()
    running = between(html, 'id="running-h"', "</table>")
    assert "<th>Opponent last seen</th><th>Last move</th>" in running
    rows = re.findall(r"<tr[ >].*?</tr>", running, flags=re.S)[1:]  # after the head
    seen_by_name = {}
    for row in rows:
        cell = re.search(r'<td class="opponent-seen">([^<]*)</td><td>([^<]*) ago</td>', row)
        assert cell is not None, row
        marks = marked_names(row)
        name = next(iter(marks)) if marks else "the computer"
        seen_by_name[name] = cell[1]
    assert seen_by_name == {**SEEN_COLUMN, "the computer": "—"}


def test_challenges_colour_the_challengers_on_the_games_and_messages_pages(
        alice, seen_players, client_of):
    for challenger in seen_players.values():
        gs.challenge_create(challenger=challenger, opponent=alice,
                            deck=make_deck(challenger, name="challenge"))
    mark_seen(seen_players)
    client = client_of(alice)
    games_page = client.get(reverse("games:list")).content.decode()
    assert marked_names(between(games_page, 'id="incoming-h"', 'id="outgoing-h"')) == (
        expected_marks())
    inbox = client.get(reverse("players:inbox")).content.decode()
    assert marked_names(between(inbox, 'id="challenges-h"', "</section>")) == expected_marks()


def test_own_challenges_and_hosted_games_colour_the_other_player(
        alice, seen_players, client_of):
    for opponent in (seen_players["bob"], seen_players["carol"]):
        gs.challenge_create(challenger=alice, opponent=opponent,
                            deck=make_deck(alice, name=f"for {opponent.name}"))
    for host in (seen_players["erin"], seen_players["dave"]):
        gs.game_host(host=host, deck=make_deck(host))
    mark_seen(seen_players)
    html = client_of(alice).get(reverse("games:list")).content.decode()
    assert marked_names(between(html, 'id="outgoing-h"', 'id="open-h"')) == (
        expected_marks(["bob", "carol"]))
    assert marked_names(between(html, 'id="open-h"', "</section>")) == (
        expected_marks(["erin", "dave"]))


# ---------------------------------------------------------------- queries
def _queries(client, url) -> int:
    client.get(url)  # the activity mark and the session are written by the first request
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries.captured_queries)


def test_the_players_list_reads_activity_with_its_rows(alice, seen_players, client_of):
    client = client_of(alice)
    few = _queries(client, reverse("players:list"))
    for n in range(6):
        PlayerFactory(user__username=f"more{n}")
    assert _queries(client, reverse("players:list")) == few


def test_the_games_page_reads_activity_with_its_games_and_challenges(
        alice, seen_players, client_of):
    PlayerSettings.objects.filter(player=alice).update(advanced_games_list=True)
    start_game(alice, seen_players["bob"])
    gs.challenge_create(challenger=seen_players["carol"], opponent=alice,
                        deck=make_deck(seen_players["carol"]))
    client = client_of(alice)
    few = _queries(client, reverse("games:list"))
    start_game(alice, seen_players["erin"])
    gs.challenge_create(challenger=seen_players["dave"], opponent=alice,
                        deck=make_deck(seen_players["dave"]))
    gs.game_host(host=seen_players["erin"], deck=make_deck(seen_players["erin"], name="host"))
    assert _queries(client, reverse("games:list")) == few


# ---------------------------------------------------------------- the colours
SITE_CSS = Path(__file__).resolve().parents[2] / "static" / "css" / "site.css"
COLOUR_RULE = re.compile(r"^\.activity-(online|offline|inactive|dead) \{ color: (.+?); \}$", re.M)
VARIABLE = re.compile(r"^var\(--([a-z-]+)\)$")
MIX = re.compile(r"^color-mix\(in srgb, var\(--([a-z-]+)\) (\d+)%, var\(--([a-z-]+)\)\)$")
# Where names stand: the page, panels, table heads, the Games page's your-turn rows, the
# viewer's own row on the players list.
SURFACES = ("bg", "bg-alt", "panel", "success-soft", "accent-soft")


def colour_in(skin: dict, value: str) -> str:
    """The #rrggbb a rule's colour comes to in one skin (a variable or an sRGB color-mix)."""
    if plain := VARIABLE.match(value):
        return skin[plain[1]]
    mix = MIX.match(value)
    assert mix is not None, f"unexpected colour {value!r}"
    one, share, other = skin[mix[1]].lstrip("#"), int(mix[2]) / 100, skin[mix[3]].lstrip("#")
    return "#" + "".join(
        f"{round(int(one[i:i + 2], 16) * share + int(other[i:i + 2], 16) * (1 - share)):02x}"
        for i in (0, 2, 4))


def test_the_four_classes_have_their_colour_in_the_site_stylesheet():
    rules = dict(COLOUR_RULE.findall(SITE_CSS.read_text("utf-8")))
    assert set(rules) == {"online", "offline", "inactive", "dead"}
    assert "success" in rules["online"] and rules["offline"] == "var(--danger)"
    assert "danger" in rules["inactive"] and rules["dead"] == "var(--muted)"


@pytest.mark.parametrize("path", SKIN_FILES, ids=lambda path: path.stem)
def test_activity_colours_are_readable_and_distinct_in_every_skin(path):
    skin = skin_variables(path)
    colours = {activity: colour_in(skin, value)
               for activity, value in COLOUR_RULE.findall(SITE_CSS.read_text("utf-8"))}
    too_faint = [f"{activity} on {surface}: {contrast_ratio(colour, skin[surface]):.2f}"
                 for activity, colour in colours.items() for surface in SURFACES
                 if contrast_ratio(colour, skin[surface]) < 4.5]
    assert not too_faint, too_faint
    assert len(set(colours.values())) == 4
