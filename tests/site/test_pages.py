"""The layout, error pages and public pages."""
import pytest
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_home_for_visitors_offers_register_and_login(client):
    html = client.get(reverse("home")).content.decode()
    assert reverse("register") in html and reverse("login") in html


def test_navigation_shows_the_logged_in_name(client, alice):
    client.force_login(alice.user)
    html = client.get(reverse("home")).content.decode()
    assert 'class="nav-name"' in html and ">alice<" in html


def test_404_page_is_in_site_style(client):
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    assert "lost in the fog" in response.content.decode()


def test_500_page_renders_without_context():
    from marcomage.site.views import error_500

    response = error_500(None)
    assert response.status_code == 500 and b"a spell went wrong" in response.content


def test_help_page(client):
    response = client.get(reverse("help"))
    assert response.status_code == 200 and b"How a game is won" in response.content


def test_favicon_redirects_to_static(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response.url.endswith("favicon.svg")


def test_security_headers(client):
    response = client.get(reverse("home"))
    assert response["X-Frame-Options"] == "DENY"
    assert "default-src 'self'" in response["Content-Security-Policy"]


def test_admin_is_not_open_to_players(alice):
    c = Client()
    c.force_login(alice.user)
    response = c.get("/admin/")
    assert response.status_code == 302 and "/admin/login/" in response.url


def test_help_lists_the_site_wide_shortcuts(client):
    html = client.get(reverse("help")).content.decode()
    shortcuts = html.split('id="shortcuts"', 1)[1].split("</table>", 1)[0]
    for keys in ("<kbd>Alt</kbd>+<kbd>W</kbd>", "<kbd>Alt</kbd>+<kbd>Q</kbd>",
                 "<kbd>1</kbd> … <kbd>8</kbd>", "<kbd>P</kbd>", "<kbd>D</kbd>",
                 "<kbd>←</kbd> <kbd>→</kbd>", "<kbd>Home</kbd> <kbd>End</kbd>"):
        assert keys in shortcuts, keys


def test_help_lists_every_access_key_and_replay_key_of_the_templates(client):
    """A shortcut added to a template (accesskey, data-replay-key) must reach the help."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    templates = [p for p in root.rglob("templates/**/*.html") if ".venv" not in p.parts]
    access_keys, replay_keys = set(), set()
    for path in templates:
        text = path.read_text("utf-8")
        access_keys |= set(re.findall(r'accesskey="(\w)"', text))
        replay_keys |= set(re.findall(r'data-replay-key="(\w+)"', text))
    assert access_keys and replay_keys
    shortcuts = client.get(reverse("help")).content.decode().split('id="shortcuts"', 1)[1]
    for key in access_keys:
        assert f"<kbd>Alt</kbd>+<kbd>{key.upper()}</kbd>" in shortcuts, key
    names = {"ArrowLeft": "←", "ArrowRight": "→"}
    for key in replay_keys:
        assert f"<kbd>{names.get(key, key)}</kbd>" in shortcuts, key


# ---- the help's words against the pages they describe
def _help_text(client) -> str:
    import re
    html = client.get(reverse("help")).content.decode()
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_help_names_every_column_of_the_advanced_games_list(client):
    """The advanced list's own headers (games/lobby/_list_live.html) are named in the help."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    lists = (root / "games/templates/games/lobby/_list_live.html").read_text("utf-8")
    columns = set()
    for advanced in re.findall(r"{% if advanced %}((?:<th>[^<]*</th>)+){% endif %}", lists):
        columns |= set(re.findall(r"<th>([^<]+)</th>", advanced))
    assert {"Modes", "Opponent last seen", "Last move"} <= columns
    settings_item = _help_text(client).split("Advanced games list", 1)[1].split("Auto refresh", 1)[0]
    for column in columns:
        assert column in settings_item, column


def test_help_says_what_auto_refresh_off_leaves_as_the_pages_do_it(client, alice, bob):
    """With Auto refresh Off the Games list still fetches its lists, and the game screen
    polls while its live updates are offline: the help gives the same intervals as the pages
    carry (data-live-seconds, data-refresh)."""
    import re

    from games import services as gs
    from tests.games.conftest import make_deck

    assert alice.settings.auto_refresh == 0  # Off
    game = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice))
    gs.challenge_accept(game_id=game.pk, player=bob, deck=make_deck(bob))
    player = Client()
    player.force_login(alice.user)
    lobby = player.get(reverse("games:list")).content.decode()
    list_seconds = re.search(r'data-live-seconds="(\d+)"', lobby).group(1)
    screen = player.get(reverse("games:detail", args=[game.pk])).content.decode()
    board_seconds = re.search(r'data-refresh="(\d+)"', screen).group(1)
    auto_refresh = _help_text(client).split("Auto refresh —", 1)[1].split("</li>", 1)[0]
    assert (f"when Auto refresh is Off it still does so every {list_seconds} seconds"
            in auto_refresh)
    assert f"every {board_seconds} seconds when Auto refresh is Off" in auto_refresh
    assert "players list and your inbox reload" in auto_refresh


def test_help_lists_every_key_the_board_names(client):
    """The board's key hint (games/jinja2/games/game/_board.html) and the help's shortcuts
    for the game screen name the same keys."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    board = (root / "games/jinja2/games/game/_board.html").read_text("utf-8")
    hint = re.search(r'<span class="key-hint">([^<]+)</span>', board).group(1)
    # The hint's words, exactly: a key added to it must be added to the help (and here).
    assert hint == " (keys 1–8 or arrows, Enter or P plays, D discards)"
    html = client.get(reverse("help")).content.decode()
    table = html.split('id="shortcuts"', 1)[1].split("</table>", 1)[0]
    game_rows = " ".join(row for row in table.split("<tr>") if "<td>game screen</td>" in row)
    for keys in ("<kbd>1</kbd> … <kbd>8</kbd>", "<kbd>←</kbd> <kbd>→</kbd> <kbd>↑</kbd> <kbd>↓</kbd>",
                 "<kbd>Enter</kbd>", "<kbd>P</kbd>", "<kbd>D</kbd>"):
        assert keys in game_rows, keys
