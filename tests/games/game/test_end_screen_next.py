"""The end screen's next steps (issue 44): play again (the computer with the same level and
modes, or the same opponent with the challenge form filled in), this game's replay and
analysis (open to its own players at any level, while the Replays section and the other
games' replays wait for level 3), and the way back to the games list."""
import re
from html import unescape

import pytest
from django.urls import reverse

from games import engine
from games import services as gs
from games.models import Game, GameAnalysis
from tests.games.conftest import make_deck

pytestmark = pytest.mark.django_db


def _finished_ai_game(player, **options):
    game = gs.ai_game_start(player=player, deck=make_deck(player, name="First"), **options)
    gs.game_surrender(game_id=game.pk, player=player)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game


def _finished_human_game(alice, bob, **modes):
    game = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice), **modes)
    game = gs.challenge_accept(game_id=game.pk, player=bob, deck=make_deck(bob, starter=1))
    gs.game_surrender(game_id=game.pk, player=alice)
    gs.game_surrender_answer(game_id=game.pk, player=bob, accept=True)
    game.refresh_from_db()
    return game


def _end_screen(client, game):
    html = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    match = re.search(r'<section class="end-screen.*?</section>', html, re.S)
    assert match, "no end screen"
    return unescape(match.group(0))


def test_a_newcomer_gets_play_again_the_analysis_the_replay_and_the_way_back(alice, client_of):
    assert alice.level == 0  # the Replays section opens at level 3
    game = _finished_ai_game(alice, level="easy", hidden=True, long_mode=True)
    client = client_of(alice)
    screen = _end_screen(client, game)
    assert "Play the computer again" in screen
    assert f'action="{reverse("games:ai_again", args=[game.pk])}"' in screen
    assert "Analyse this game" in screen
    assert f'action="{reverse("games:replay_analysis", args=[game.pk])}"' in screen
    assert f'href="{reverse("games:replay", args=[game.pk])}"' in screen
    assert f'href="{reverse("games:list")}"' in screen and "Back to your games" in screen
    # His own game's replay and its analysis open to him below level 3 ...
    replay = client.get(reverse("games:replay", args=[game.pk]))
    assert replay.status_code == 200
    assert "the other replays open at level 3" in replay.content.decode()
    asked = client.post(reverse("games:replay_analysis", args=[game.pk]), {"turn": "0"})
    assert asked.status_code == 302 and asked["Location"].endswith("?turn=0#analysis")
    assert GameAnalysis.objects.filter(game=game).exists()
    # ... after which the end screen links the analysis asked for.
    assert "See this game's analysis" in _end_screen(client, game)


def test_the_section_and_other_games_replays_stay_closed_below_level_3(alice, bob, carol,
                                                                     client_of):
    others = _finished_human_game(bob, carol)
    client = client_of(alice)
    for url in (reverse("games:replays"), reverse("games:replay", args=[others.pk]),
                reverse("games:replay_analysis", args=[others.pk])):
        response = client.get(url)
        assert response.status_code == 403 and b"opens at level 3" in response.content, url
    assert client.post(reverse("games:replay_analysis", args=[others.pk])).status_code == 403
    assert not GameAnalysis.objects.filter(game=others).exists()
    # Past level 3 the public replay is his to watch, as before.
    alice.level = 3
    alice.save(update_fields=["level"])
    assert client.get(reverse("games:replay", args=[others.pk])).status_code == 200


def test_the_replay_of_a_hidden_game_shows_its_player_what_anybody_sees(alice, bob, carol,
                                                                       client_of):
    """A newcomer's own replay is the public replay: both hands once the game is over (the
    rule of every replay, which carol, past level 3, sees the same); while a hidden game
    runs the page sends its player to his own history, and anybody else gets nothing."""
    game = _finished_human_game(alice, bob, hidden=True)
    state = engine.state_from_json(game.state)
    bob_cards = {engine.card(cid).name for cid in state.p[1].hand if cid}
    url = reverse("games:replay", args=[game.pk]) + "?turn=0"
    carol.level = 10
    carol.save(update_fields=["level"])
    own, public = client_of(alice).get(url), client_of(carol).get(url)
    assert own.status_code == public.status_code == 200
    shown = [name for name in bob_cards if name in unescape(own.content.decode())]
    assert shown and all(name in unescape(public.content.decode()) for name in shown)
    running = gs.challenge_create(challenger=alice, opponent=bob,
                                  deck=make_deck(alice, name="Again"), hidden=True)
    running = gs.challenge_accept(game_id=running.pk, player=bob,
                                  deck=make_deck(bob, name="Again"))
    response = client_of(alice).get(reverse("games:replay", args=[running.pk]))
    assert response.status_code == 302
    assert response["Location"] == reverse("games:history", args=[running.pk])
    assert client_of(carol).get(reverse("games:replay", args=[running.pk])).status_code == 404


def test_play_the_computer_again_keeps_the_level_the_modes_and_the_deck(alice, client_of):
    game = _finished_ai_game(alice, level="hard", hidden=True, long_mode=True)
    response = client_of(alice).post(reverse("games:ai_again", args=[game.pk]))
    again = Game.objects.exclude(pk=game.pk).get()
    assert response.status_code == 302
    assert response["Location"] == reverse("games:detail", args=[again.pk])
    assert (again.is_ai, again.ai_level, again.is_hidden, again.is_long, again.deck1_id) == (
        True, "hard", True, True, game.deck1_id)


def test_play_again_is_only_for_ones_own_finished_game_against_the_computer(
        alice, bob, carol, client_of):
    finished = _finished_ai_game(alice)
    assert client_of(carol).post(reverse("games:ai_again", args=[finished.pk])).status_code == 404
    running = gs.ai_game_start(player=alice, deck=make_deck(alice, name="Second"))
    response = client_of(alice).post(reverse("games:ai_again", args=[running.pk]), follow=True)
    assert "Only a finished game against the computer" in response.content.decode()
    human = _finished_human_game(alice, bob)
    response = client_of(alice).post(reverse("games:ai_again", args=[human.pk]), follow=True)
    assert "Only a finished game against the computer" in response.content.decode()
    assert Game.objects.count() == 3  # nothing started
    assert client_of(alice).get(reverse("games:ai_again", args=[finished.pk])).status_code == 405


def test_against_a_player_the_end_screen_challenges_him_again_with_the_same_modes(
        alice, bob, client_of):
    game = _finished_human_game(alice, bob, hidden=True, long_mode=True, turn_timeout=3600)
    screen = _end_screen(client_of(alice), game)
    assert "Challenge bob again" in screen
    link = re.search(r'href="(/games/challenge/\?[^"]+)"', screen).group(1)
    assert f"deck={game.deck1_id}" in link
    form = client_of(alice).get(link).content.decode()
    assert 'name="opponent" value="bob"' in form
    assert re.search(r'name="hidden"[^>]*checked', form)
    assert re.search(r'name="long_mode"[^>]*checked', form)
    assert not re.search(r'name="friendly"[^>]*checked', form)
    assert re.search(r'<option value="3600" selected>', form)
    assert re.search(rf'<option value="{game.deck1_id}" selected>', form)
    # A query that is not one of the form's values is left out, never an error.
    bad = client_of(alice).get(reverse("games:challenge_new")
                               + "?to=bob&turn_timeout=7&deck=x&hidden=yes")
    assert bad.status_code == 200
    assert not re.search(r'name="hidden"[^>]*checked', bad.content.decode())


def test_an_aborted_game_offers_its_history_instead_of_a_replay(alice, bob, client_of):
    game = _finished_human_game(alice, bob)
    Game.objects.filter(pk=game.pk).update(outcome=Game.Outcome.ABORT)
    screen = _end_screen(client_of(alice), Game.objects.get(pk=game.pk))
    assert "This game's history" in screen and "Watch the replay" not in screen
    assert "Analyse this game" not in screen


def test_a_running_game_has_no_next_steps(alice, bob, client_of):
    game = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice))
    game = gs.challenge_accept(game_id=game.pk, player=bob, deck=make_deck(bob))
    html = client_of(alice).get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "end-next" not in html and "Play the computer again" not in html
