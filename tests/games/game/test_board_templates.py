"""The boards are Jinja2 templates (games/jinja.py, games/jinja2/): they must print what the
engine's view holds, on the player's board, the spectator's and the Django pages that show a
side of it. A dict's key reads before the dict's method of that name (``side.values``)."""
import re

import pytest
from django.template import engines
from django.test import Client
from django.urls import reverse
from django.utils.safestring import mark_safe
from markupsafe import Markup

from games import engine

pytestmark = pytest.mark.django_db


def _castle_titles(html):
    return re.findall(r'<title id="castle-(\w+)-t">([^<]*)</title>', html)


def _expected(state, seat, name):
    P, limits = state.p[seat], engine.limits_for(state.long_mode)
    return f"{name}: tower {P.a[0]} of {limits.max_tower}, wall {P.a[1]} of {limits.max_wall}"


@pytest.mark.parametrize("page", ["games:board", "games:detail", "games:history"])
def test_the_players_board_prints_the_castles_numbers(alice, client_of, started_game, page):
    game = started_game()
    state = engine.state_from_json(game.state)
    html = client_of(alice).get(reverse(page, args=[game.pk])).content.decode()
    titles = dict(_castle_titles(html))
    assert titles["me"].endswith(_expected(state, 0, "")[2:]), titles
    assert titles["opponent"].endswith(_expected(state, 1, "")[2:]), titles
    assert titles["opponent"].startswith("bob: ") or page == "games:history"


def test_the_spectators_board_prints_both_castles(alice, bob, carol, client_of, started_game):
    game = started_game()
    state = engine.state_from_json(game.state)
    html = client_of(carol).get(reverse("games:watch_board", args=[game.pk])).content.decode()
    assert [t for _, t in _castle_titles(html)] == [_expected(state, 0, "alice"),
                                                    _expected(state, 1, "bob")]


def test_a_dicts_key_reads_before_its_method():
    template = engines["jinja2"].from_string("{{ d.values }}|{{ d.items.x }}|{{ d.missing }}")
    assert template.render({"d": {"values": 7, "items": {"x": 1}}}) == "7|1|"


def test_the_boards_escape_text_and_write_markup_and_numbers_as_they_are():
    """The boards' own output escape (games.jinja._escape_output): text is escaped, markup of
    either kind (Jinja's, Django's) and numbers are written unchanged, a missing value is
    empty."""
    template = engines["jinja2"].from_string(
        "{{ text }}|{{ markup }}|{{ django_markup }}|{{ n }}|{{ flag }}|{{ x }}|{{ missing }}")
    html = template.render({"text": "<b>Tom & 'Jerry'\"</b>", "markup": Markup("<i>a</i>"),
                            "django_markup": mark_safe("<u>b</u>"), "n": -3, "flag": True,
                            "x": 2.5})
    assert html == "&lt;b&gt;Tom &amp; &#39;Jerry&#39;&#34;&lt;/b&gt;|<i>a</i>|<u>b</u>|-3|True|2.5|"


def test_each_side_shows_its_resource_pictures(alice, client_of, started_game):
    game = started_game()
    html = client_of(alice).get(reverse("games:board", args=[game.pk])).content.decode()
    for kind in ("bricks", "gems", "recruits"):
        # the facility and its stock, on both sides
        assert html.count(f'<svg class="res-icon res-icon--{kind}"') == 4, kind


def test_the_game_page_plays_without_javascript_with_its_forms_token(alice, bob,
                                                                      started_game):
    """The board inside the Django game page carries the form token (a plain form post, as
    a browser without JavaScript sends it, passes the CSRF check)."""
    game = started_game()
    mover = alice if game.current_seat == 0 else bob
    client = Client(enforce_csrf_checks=True)
    client.force_login(mover.user)
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    hand_form = page[page.index('id="hand-form"'):]
    hand_form = hand_form[:hand_form.index("</form>")]
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', hand_form).group(1)
    response = client.post(reverse("games:move", args=[game.pk]),
                           {"csrfmiddlewaretoken": token, "version": game.version,
                            "action": "discard", "position": 2})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.turns.count() == 1


def test_a_board_answer_masks_its_forms_token_once(alice, bob, started_game, monkeypatch):
    """Django's lazy token masks the secret afresh at every use, with 32 draws of the
    system's generator (each a system call that gives the interpreter lock away); a board
    drawn for a request masks it once (marcomage.csrf), every form carries that token, and
    the next move sent with it passes the CSRF check."""
    from marcomage import csrf

    game = started_game()
    mover = alice if game.current_seat == 0 else bob
    client = Client(enforce_csrf_checks=True)
    client.force_login(mover.user)
    client.get(reverse("games:detail", args=[game.pk]))  # the page sets the CSRF cookie
    masks = []
    mask = csrf.csrf_mask
    monkeypatch.setattr(csrf, "csrf_mask", lambda secret: masks.append(secret) or mask(secret))
    html = client.get(reverse("games:board", args=[game.pk]),
                      headers={"HX-Request": "true"}).content.decode()
    tokens = re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
    assert len(tokens) >= 2 and len(set(tokens)) == 1, tokens
    assert len(masks) == 1
    response = client.post(reverse("games:move", args=[game.pk]),
                           {"csrfmiddlewaretoken": tokens[0], "version": game.version,
                            "action": "discard", "position": 2},
                           headers={"HX-Request": "true"})
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.turns.count() == 1
