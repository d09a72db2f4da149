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
