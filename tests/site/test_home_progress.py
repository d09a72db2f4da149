"""What a newcomer sees of their progress: the home page's greeting changes after the first
game (games against the computer count no wins), it says what the last game earned and how
far the next level and what it opens are; a lost game's end screen says what would have
earned EXP."""
import pytest
from django.urls import reverse

from games.tasks import game_rate_task
from players.models import GameRating, Player
from tests.players import conftest as players_conftest

pytestmark = pytest.mark.django_db

finished_game = players_conftest.finished_game  # the fixture


def _home(client):
    return client.get(reverse("home")).content.decode()


def _ai_game(finished_game, player, *, won, last_turn_seat=0):
    game = finished_game(player, None, is_ai=True, is_friendly=True,
                         winner_seat=0 if won else 1, last_turn_seat=last_turn_seat)
    game_rate_task(game.pk)
    return game


def test_a_newcomer_is_greeted_to_the_first_duel_and_shown_no_last_game(alice, client_of):
    html = _home(client_of(alice))
    assert "Your first duel awaits, alice" in html
    assert 'id="home-progress"' not in html


def test_after_two_wins_against_the_computer_the_home_page_shows_the_progress(
        alice, client_of, finished_game):
    for _ in range(2):
        game = _ai_game(finished_game, alice, won=True)
    alice = Player.objects.get(pk=alice.pk)
    assert alice.wins == 0 and 0 < alice.exp < 500 and alice.level == 0
    html = _home(client_of(alice))
    assert "Welcome back, alice" in html and "Your first duel awaits" not in html
    panel = html.split('id="home-progress"', 1)[1].split("</section>", 1)[0]
    earned = GameRating.objects.get(player=alice, game_id=game.pk).exp
    assert "You beat the computer" in panel
    assert f"It earned you <strong class=\"home-earned-exp\">{earned} EXP</strong>" in panel
    assert f'aria-valuenow="{alice.exp}"' in panel and 'aria-valuemax="500"' in panel
    wins = -(-(500 - alice.exp) // 105)
    assert (f"{wins} more win{'s' if wins > 1 else ''} against the computer "
            f"open{'' if wins > 1 else 's'} <strong>Decks</strong>") in panel
    assert f"level 1, {500 - alice.exp} EXP away" in panel


def test_a_loss_against_the_computer_says_why_no_exp_and_what_would_earn_some(
        alice, client_of, finished_game):
    game = _ai_game(finished_game, alice, won=False, last_turn_seat=1)
    client = client_of(alice)
    html = _home(client)
    assert "Welcome back, alice" in html
    panel = html.split('id="home-progress"', 1)[1].split("</section>", 1)[0]
    assert "The computer beat you" in panel and "It earned no EXP" in panel
    assert "ended on the computer&#x27;s move" in panel or "ended on the computer's move" in panel
    assert "5 more wins against the computer open <strong>Decks</strong>" in panel
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    lesson = page.split('id="outcome-lesson"', 1)[1].split("</span>", 1)[0]
    assert "A win against the computer earns 105 to 201 EXP" in lesson
    assert "Level 1 is 500 EXP away and opens Decks." in lesson


def test_a_lost_human_game_tells_what_holding_on_is_worth(alice, bob, client_of,
                                                          finished_game):
    game = finished_game(alice, bob, winner_seat=0, outcome="Surrender")
    game_rate_task(game.pk)
    page = client_of(bob).get(reverse("games:detail", args=[game.pk])).content.decode()
    lesson = page.split('id="outcome-lesson"', 1)[1].split("</span>", 1)[0]
    assert "A win earns about 105 to 201 EXP" in lesson and "a surrender nothing" in lesson
    # the winner, spectators and friendly games get no such advice
    assert 'id="outcome-lesson"' not in client_of(alice).get(
        reverse("games:detail", args=[game.pk])).content.decode()
    friendly = finished_game(alice, bob, winner_seat=0, is_friendly=True)
    assert 'id="outcome-lesson"' not in client_of(bob).get(
        reverse("games:detail", args=[friendly.pk])).content.decode()


def test_past_the_tutorial_the_next_level_is_shown_without_tutorial_promises(
        alice, bob, client_of, finished_game):
    Player.objects.filter(pk=alice.pk).update(level=12)
    alice = Player.objects.get(pk=alice.pk)
    game = finished_game(alice, bob, winner_seat=0)
    game_rate_task(game.pk)
    html = _home(client_of(alice))
    panel = html.split('id="home-progress"', 1)[1].split("</section>", 1)[0]
    assert "You beat bob" in panel and "to level 13" in panel
    assert "against the computer" not in panel
