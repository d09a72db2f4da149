"""Games against the computer have replays like games between two players: listed once
finished, marked as played against the computer under the AI's name, with the same rule
for what a replay shows (both hands, only once the game is over)."""
import re

import pytest
from django.urls import reverse

from games import engine
from games import services as gs
from games.models import Game
from games.services.sweeps import sweep_left_games
from tests.games.conftest import make_deck

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("everyone_past_the_tutorial")]


def _rows(html):
    return re.findall(r'href="/replays/(\d+)/"', html)


def _play_against_the_computer(game, turns):
    """The human discards, the computer moves (as the queued task would), ``turns`` times."""
    for i in range(turns):
        game.refresh_from_db()
        if game.status != Game.Status.IN_PROGRESS:
            break
        if game.current_seat == 0:
            gs.game_discard_card(game_id=game.pk, player=game.player1, version=game.version,
                                 position=1 + i % 8)
        else:
            assert gs.game_ai_move(game_id=game.pk, version=game.version)
    game.refresh_from_db()
    return game


@pytest.fixture
def ai_game(carol):
    """ai_game(turns=6, **options): carol plays the standard AI, then gives up."""

    def _make(turns=6, **options):
        deck = make_deck(carol, name="Carol's secret deck name")
        game = gs.ai_game_start(player=carol, deck=deck, **options)
        game = _play_against_the_computer(game, turns)
        gs.game_surrender(game_id=game.pk, player=carol)
        game.refresh_from_db()
        assert game.status == Game.Status.FINISHED
        return game

    return _make


def test_a_finished_ai_game_is_listed_and_marked(alice, carol, client_of, ai_game):
    game = ai_game()
    html = client_of(alice).get(reverse("games:replays")).content.decode()
    assert _rows(html) == [str(game.pk)]
    assert 'carol</a> vs <span class="replay-ai">MArcomage</span>' in html
    assert 'title="A game against the computer">computer</span>' in html
    # carol surrendered: the computer won, and says so (it has no player row)
    assert "<td>MArcomage</td>" in html


def test_an_ai_challenge_is_named_after_its_character(alice, carol, client_of):
    deck = make_deck(carol)
    name, fullname = gs.ai_challenge_choices()[1]
    game = gs.ai_challenge_start(player=carol, deck=deck, challenge=name)
    game = _play_against_the_computer(game, 3)
    gs.game_surrender(game_id=game.pk, player=carol)
    html = client_of(alice).get(reverse("games:replays")).content.decode()
    assert f'<span class="replay-ai">{fullname}</span>' in html.replace("&#x27;", "'")
    detail = client_of(alice).get(reverse("games:replay", args=[game.pk]),
                                  {"turn": 999}).content.decode().replace("&#x27;", "'")
    assert f"Replay: carol vs {fullname}" in detail
    assert f"<strong>{fullname} wins.</strong>" in detail  # carol surrendered


def test_the_opponent_filter(alice, bob, carol, client_of, ai_game, started_game):
    against_ai = ai_game(turns=2)
    human = started_game()
    gs.game_surrender(game_id=human.pk, player=bob)
    gs.game_surrender_answer(game_id=human.pk, player=alice, accept=True)
    client = client_of(carol)

    def ids(**params):
        return set(_rows(client.get(reverse("games:replays"), params).content.decode()))

    assert ids() == {str(against_ai.pk), str(human.pk)}
    assert ids(opponent="computer") == {str(against_ai.pk)}
    assert ids(opponent="human") == {str(human.pk)}
    assert ids(opponent="computer", player="carol") == {str(against_ai.pk)}
    assert "Some filters were not understood" in client.get(
        reverse("games:replays"), {"opponent": "martians"}).content.decode()


def test_the_viewer_names_the_computers_turns(alice, client_of, ai_game):
    game = ai_game(turns=6)
    assert game.turns.filter(is_ai_move=True).exists()
    first_ai_turn = game.turns.filter(is_ai_move=True).order_by("number").first()
    html = client_of(alice).get(reverse("games:replay", args=[game.pk]),
                                {"turn": first_ai_turn.number}).content.decode()
    assert "Replay: carol vs MArcomage" in html
    assert re.search(r"<strong>MArcomage (played|discarded) ", html)
    assert 'href="/replays/?opponent=computer"' in html


def test_a_finished_hidden_ai_game_shows_both_hands_like_a_human_replay(alice, client_of,
                                                                        ai_game):
    game = ai_game(turns=5, hidden=True)
    state = engine.state_from_json(game.initial_state)
    for turn in game.turns.order_by("number")[:3]:
        state = engine.discard(state, turn.actor_seat, turn.position).state \
            if turn.action == "discard" else engine.play(state, turn.actor_seat,
                                                         turn.position, turn.mode).state
    html = client_of(alice).get(reverse("games:replay", args=[game.pk]),
                                {"turn": 3}).content.decode()
    assert "Face-down card" not in html
    hands = re.findall(r'<section class="hand-area"(.*?)</section>', html, re.S)
    for seat, hand_html in enumerate(hands):
        assert [int(x) for x in re.findall(r'data-card-id="(\d+)"', hand_html)] == list(
            state.p[seat].hand)


def test_a_running_ai_game_is_not_public(alice, carol, client_of):
    game = gs.ai_game_start(player=carol, deck=make_deck(carol), hidden=True)
    game = _play_against_the_computer(game, 2)
    url = reverse("games:replay", args=[game.pk])
    assert client_of(alice).get(url).status_code == 404
    assert str(game.pk) not in _rows(client_of(alice).get(reverse("games:replays")).content
                                     .decode())
    response = client_of(carol).get(url)
    assert response.status_code == 302
    assert response["Location"] == reverse("games:history", args=[game.pk])


def test_nothing_private_of_the_player_shows(alice, carol, client_of):
    """The AI may play one of carol's own decks: its name stays hers (it is shown nowhere on
    a replay, as deck names are not on human replays)."""
    mine = make_deck(carol, name="Carol's own deck")
    lent = make_deck(carol, name="Lent to the AI 6c1d")
    game = gs.ai_game_start(player=carol, deck=mine, ai_deck=lent)
    game = _play_against_the_computer(game, 2)
    gs.game_surrender(game_id=game.pk, player=carol)
    for url in (reverse("games:replays"), reverse("games:replay", args=[game.pk]), "/"):
        html = client_of(alice).get(url).content.decode()
        assert "Lent to the AI 6c1d" not in html and "Carol&#x27;s own deck" not in html, url


def test_the_end_screen_links_to_the_replay_and_the_game_survives_leaving(carol, client_of,
                                                                          ai_game):
    game = ai_game(turns=2)
    html = client_of(carol).get(reverse("games:detail", args=[game.pk])).content.decode()
    assert f'href="/replays/{game.pk}/"' in html and "Watch the replay" in html
    gs.game_leave(game_id=game.pk, player=carol)
    sweep_left_games()
    assert client_of(carol).get(reverse("games:replay", args=[game.pk])).status_code == 200


def test_the_home_page_panel_lists_ai_replays(alice, client_of, ai_game):
    game = ai_game(turns=1)
    html = client_of(alice).get("/").content.decode()
    assert f'href="/replays/{game.pk}/">carol vs MArcomage</a> <span class="muted">' \
           '(computer)</span>' in html


def test_sandbox_changes_are_told_for_any_reader(alice, carol, client_of):
    game = gs.ai_game_start(player=carol, deck=make_deck(carol))
    game = _play_against_the_computer(game, 1)
    game.refresh_from_db()
    gs.sandbox_set_attribute(game_id=game.pk, player=carol, version=game.version, seat=1,
                             attribute="tower", value=5)
    game.refresh_from_db()
    gs.sandbox_toggle_hidden(game_id=game.pk, player=carol, version=game.version)
    gs.game_surrender(game_id=game.pk, player=carol)
    html = client_of(alice).get(reverse("games:replay", args=[game.pk])).content.decode()
    html = html.replace("&#x27;", "'")
    assert "carol used the sandbox: set MArcomage's tower to 5" in html
    assert "carol used the sandbox: turned hidden cards on" in html
    log = html.split('class="panel replay-log"', 1)[1].split("</details>", 1)[0]
    assert "sandbox" in log and "your" not in log
