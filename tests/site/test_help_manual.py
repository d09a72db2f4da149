"""The help page carries the whole manual (templates/help.html and templates/help/), and
docs/manual-features.md accounts for every feature of the original's manual."""
import re
from pathlib import Path

import pytest
from django.urls import reverse

from games import engine

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
FEATURES = ROOT / "docs" / "manual-features.md"

# (anchor, heading) of every section of the help: the chapters, then their sections.
SECTIONS = [
    ("ch-game", "The game"),
    ("overview", "Rounds and turns"),
    ("attributes", "Resources, facilities, tower and wall"),
    ("starting", "Starting values"),
    ("winning", "How a game is won"),
    ("endings", "Other ways a game ends"),
    ("modes", "Game modes"),
    ("ch-cards", "Cards and turns"),
    ("cards", "Cards"),
    ("drawing", "Drawing new cards"),
    ("discards", "Played and discarded cards"),
    ("summoning", "Summoned cards"),
    ("terminology", "Words used on cards"),
    ("turn", "The order of a turn"),
    ("limits", "Game limits"),
    ("keywords", "Keywords"),
    ("keyword-order", "The order keywords act in"),
    ("tokens", "Token counters"),
    ("ch-decks", "Decks"),
    ("decks", "Deck building"),
    ("deck-files", "Deck files and shared decks"),
    ("ch-playing", "Playing"),
    ("screen", "The game screen"),
    ("new-game", "Starting a game"),
    ("status", "Your status"),
    ("ai", "Games against the computer"),
    ("ai-challenges", "AI challenges"),
    ("suggestions", "Suggestions and the sandbox"),
    ("chat", "Chat"),
    ("replays", "History, replays and spectators"),
    ("ch-progress", "Progress"),
    ("tutorial", "The tutorial"),
    ("progress", "Levels, experience and gold"),
    ("rating", "How experience is counted"),
    ("awards", "Awards and achievements"),
    ("glicko", "The rating"),
    ("shop", "The shop"),
    ("ch-community", "Players and community"),
    ("players", "The players list"),
    ("messages", "Messages"),
    ("forum", "The forum"),
    ("concepts", "Card concepts"),
    ("bbcode", "Text formatting"),
    ("novels", "Novels"),
    ("statistics", "Statistics"),
    ("ch-site", "The site"),
    ("colours", "What the colours mean"),
    ("notices", "Marks in the top bar"),
    ("settings", "Settings"),
    ("app", "On your phone: the app and notifications"),
    ("shortcuts", "Keyboard shortcuts"),
    ("about", "News and more about the site"),
    ("tournaments", "Tournaments"),
    ("puzzles", "Puzzles"),
    ("card-lab", "The card lab: playing a card concept"),
    ("balance", "Card balance"),
]
STATUSES = ("as the manual says", "partly", "absent", "different by design")


@pytest.fixture
def help_html(client):
    response = client.get(reverse("help"))
    assert response.status_code == 200
    return response.content.decode()


def _ids(html):
    return set(re.findall(r'\sid="([^"]+)"', html))


def test_every_section_has_its_heading_and_anchor(help_html):
    for anchor, heading in SECTIONS:
        assert re.search(rf'<h[234] id="{re.escape(anchor)}">{re.escape(heading)}</h[234]>',
                         help_html), anchor


def test_the_table_of_contents_links_every_section_and_nothing_missing(help_html):
    toc = help_html.split('class="help-toc', 1)[1].split("</nav>", 1)[0]
    targets = re.findall(r'href="#([^"]+)"', toc)
    assert set(targets) == {anchor for anchor, _ in SECTIONS}
    assert set(targets) <= _ids(help_html)


def test_the_anchors_other_pages_link_to_exist(help_html):
    """Every '{% url "help" %}#x' of the templates lands on a section of the help."""
    linked = set()
    for path in ROOT.rglob("*.html"):
        if ".venv" in path.parts or "node_modules" in path.parts:
            continue
        linked |= set(re.findall(r"""\{% url ['"]help['"] %\}#([\w-]+)""", path.read_text("utf-8")))
    assert {"tutorial", "settings", "shortcuts"} <= linked
    assert linked <= _ids(help_html)


def test_the_keyword_order_is_the_engines(help_html):
    table = help_html.split('id="keyword-order"', 1)[1].split("</table>", 1)[0]
    shown = re.findall(r"<td>\d+</td><td><strong>([^<]+)</strong></td>", table)
    acting = [kw.name for kw in engine.all_keywords() if kw.name not in ("Cursed", "Forbidden")]
    assert shown == acting and shown[0] == "Alliance" and shown[-1] == "Siege"


def test_the_limits_are_the_engines(help_html):
    winning = help_html.split('id="winning"', 1)[1].split("<h3", 1)[0]
    for limits in (engine.NORMAL, engine.LONG):
        for value in (limits.max_tower, limits.res_victory, limits.timeout):
            assert f"{value}" in winning


def _feature_rows(text):
    """The rows of the features table: [feature, section, status, where, help, reason]."""
    rows = []
    for line in text.splitlines():
        if not line.startswith("| ") or line.startswith("| Feature ") or line.startswith("|---"):
            continue
        rows.append([cell.strip() for cell in line.strip().strip("|").split(" | ")])
    return rows


def _rows_without_reason(rows):
    """Features whose status is not "as the manual says" and that give no reason."""
    return [row[0] for row in rows if row[2] != "as the manual says" and len(row[5]) < 20]


def test_the_features_table_has_a_status_for_every_row_and_a_reason_where_needed():
    rows = _feature_rows(FEATURES.read_text("utf-8"))
    assert len(rows) > 100
    for row in rows:
        assert len(row) == 6, row
        feature, _section, status, where, _help, _reason = row
        assert status in STATUSES, feature
        assert where, feature
    assert any(row[2] == "partly" for row in rows)
    assert _rows_without_reason(rows) == []


def test_a_partly_row_without_a_reason_is_caught():
    rows = _feature_rows("| Feature | Manual section | Status | Where | Help | Notes |\n"
                         "|---|---|---|---|---|---|\n"
                         "| Something | Settings | partly | `/settings/` | #settings | |\n"
                         "| Other | Chat | as the manual says | `/games/` | #chat | |\n")
    assert [row[5] for row in rows] == ["", ""]
    assert _rows_without_reason(rows) == ["Something"]


def test_the_features_tables_help_column_names_sections_of_the_help():
    anchors = {anchor for anchor, _ in SECTIONS}
    for feature, *_rest, help_anchor, _reason in _feature_rows(FEATURES.read_text("utf-8")):
        assert help_anchor.startswith("#") and help_anchor[1:] in anchors, feature


def test_the_files_the_features_table_names_exist():
    text = FEATURES.read_text("utf-8")
    named = set(re.findall(r"`([\w./-]+\.(?:py|html|css|js|md))`", text))
    assert "games/engine/turn.py" in named
    assert [path for path in sorted(named) if not (ROOT / path).exists()] == []
