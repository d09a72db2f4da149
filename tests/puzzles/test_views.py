"""The puzzle pages: the board before an answer holds nothing of the solution, the lines
or the source; answering right and wrong; bad input; the home page's panel; history and
browsing."""
import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from games.puzzles import services
from games.puzzles.models import Puzzle, PuzzleAttempt
from tests.puzzles.factories import KNIGHT_SLOT, RIGHT, make_puzzle

pytestmark = pytest.mark.django_db


def _page_without_ids(html: str, puzzle: Puzzle) -> str:
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", html)
    html = re.sub(r'"X-CSRFToken": "[^"]+"', "", html)
    return html.replace(f"/puzzles/{puzzle.pk}/", "/puzzles/N/").replace(
        f"Puzzle {puzzle.pk}", "Puzzle N")


def test_the_page_before_an_answer_does_not_depend_on_the_solution(alice, client_of):
    """The same position with another solution, other lines and another source renders the
    same page: nothing of them is in the HTML (nor in any script it loads inline)."""
    puzzle = make_puzzle()
    decoy = Puzzle.objects.get(pk=puzzle.pk)
    decoy.pk = None
    decoy.fingerprint = "decoy"
    decoy.solution = ["play:1:0"]
    decoy.lines = {key: {"right": key == "play:1:0", "steps": []} for key in puzzle.lines}
    decoy.source = {"seed": 424242, "decks": ["Decoy deck", "Other"]}
    decoy.source_turn = 77
    decoy.save()
    client = client_of(alice)
    first = client.get(reverse("puzzles:detail", args=[puzzle.pk]))
    second = client.get(reverse("puzzles:detail", args=[decoy.pk]))
    assert first.status_code == second.status_code == 200
    assert _page_without_ids(first.content.decode(), puzzle) == _page_without_ids(
        second.content.decode(), decoy)
    html = first.content.decode()
    for secret in ("You win", "puzzle-line", "Right!", "watch the replay",
                   "computer played against itself", "424242", 'data-answered="1"'):
        assert secret not in html, secret


def test_answering_right_shows_the_verdict_and_the_winning_line(alice, client_of):
    puzzle = make_puzzle()
    client = client_of(alice)
    response = client.post(reverse("puzzles:answer", args=[puzzle.pk]),
                           {"action": "play", "position": KNIGHT_SLOT})
    assert response.status_code == 302
    assert response.url == reverse("puzzles:detail", args=[puzzle.pk]) + "#result"
    html = client.get(response.url).content.decode()
    assert "Right!" in html and "You win." in html and "Knight" in html
    assert 'data-answered="1"' in html and 'id="puzzle-form"' not in html
    assert PuzzleAttempt.objects.get(player=alice).correct


def test_answering_wrong_shows_the_answer_s_line_then_a_retry_or_the_solution(
        alice, client_of):
    puzzle = make_puzzle()
    client = client_of(alice)
    response = client.post(reverse("puzzles:answer", args=[puzzle.pk]),
                           {"action": "play", "position": 1}, follow=True)
    html = response.content.decode()
    assert "Not this one." in html
    assert "You played <strong>Basic wall</strong>" in html
    assert "<strong>You</strong> play <span class=\"puzzle-card-name\">Basic wall</span>" in html
    # The solution is not in the page until asked for: he may try again first.
    assert "Knight" not in html.split('id="result"', 1)[1] and "The right move" not in html
    assert 'id="try-again"' in html and 'id="show-solution"' in html
    shown = client.get(reverse("puzzles:detail", args=[puzzle.pk]) + "?solution=1").content
    assert re.search(r"The right move: play <span[^>]*>Knight</span>", shown.decode())


def test_after_a_miss_the_player_tries_again_without_a_rating(alice, client_of):
    puzzle = make_puzzle()
    client = client_of(alice)
    detail = reverse("puzzles:detail", args=[puzzle.pk])
    answer = reverse("puzzles:answer", args=[puzzle.pk])
    client.post(answer, {"action": "play", "position": 1})
    rated = PuzzleAttempt.objects.get(player=alice)
    assert not rated.correct
    # Try again: the board and the form once more
    again = client.get(detail + "?again=1").content.decode()
    assert 'id="puzzle-form"' in again and "not rated (your first answer stays)" in again
    assert "Not this one." not in again
    # ... right this time: the verdict and the line, no rating change
    response = client.post(answer, {"action": "play", "position": KNIGHT_SLOT})
    assert response.status_code == 302
    html = client.get(response.url).content.decode()
    assert "Right!" in html and "You win." in html
    assert "your first answer, the rated one, stays (missed)" in html
    assert "Your puzzle rating" not in html
    assert list(PuzzleAttempt.objects.filter(player=alice)) == [rated]
    rated.refresh_from_db()
    assert not rated.correct
    puzzle.refresh_from_db()
    assert puzzle.attempts == 1 and puzzle.solved == 0
    # a bad move on a retry is refused with a message, as a first answer is
    bad = client.post(answer, {"action": "play", "position": 3, "mode_3": "4"})
    assert bad.status_code == 400 and "That move cannot be made" in unescape(
        bad.content.decode())


@pytest.mark.parametrize("data, message", [
    ({"action": "play"}, "Pick a card of your hand first."),
    ({"action": "fly", "position": 1}, "Say whether to play or discard the card."),
    ({"action": "play", "position": 3, "mode_3": "x"}, "A card's mode is a whole number."),
    ({"action": "play", "position": 3, "mode_3": "4"}, "That move cannot be made"),
])
def test_a_bad_answer_gets_a_message_and_counts_nothing(alice, client_of, data, message):
    puzzle = make_puzzle()
    response = client_of(alice).post(reverse("puzzles:answer", args=[puzzle.pk]), data)
    assert response.status_code == 400
    assert message in unescape(response.content.decode())
    assert not PuzzleAttempt.objects.exists()


def test_unknown_puzzles_are_404_and_the_answer_is_post_only(alice, client_of):
    client = client_of(alice)
    assert client.get(reverse("puzzles:detail", args=[999999])).status_code == 404
    assert client.post(reverse("puzzles:answer", args=[999999]),
                       {"action": "play", "position": 1}).status_code == 404
    puzzle = make_puzzle()
    assert client.get(reverse("puzzles:answer", args=[puzzle.pk])).status_code == 405


def test_the_puzzle_pages_need_a_login_but_todays_puzzle(client):
    daily, other = make_puzzle(seed=3), make_puzzle(seed=4)
    assert services.daily_puzzle() == daily
    for url in (reverse("puzzles:home"), reverse("puzzles:detail", args=[other.pk]),
                reverse("puzzles:history"), reverse("puzzles:browse"),
                reverse("puzzles:next")):
        response = client.get(url)
        assert response.status_code == 302 and reverse("login") in response.url, url
    response = client.post(reverse("puzzles:answer", args=[other.pk]),
                           {"action": "play", "position": KNIGHT_SLOT})
    assert response.status_code == 302 and reverse("login") in response.url
    assert client.get(reverse("puzzles:daily")).url == reverse("puzzles:detail",
                                                               args=[daily.pk])


def test_a_visitor_solves_todays_puzzle_without_a_rating(client):
    puzzle = make_puzzle()
    detail = reverse("puzzles:detail", args=[puzzle.pk])
    page = client.get(detail).content.decode()
    assert 'id="puzzle-form"' in page and "not rated without an account" in page
    assert "Knight" not in page.split('id="opponent-hand"', 1)[0]
    for secret in ("You win", "puzzle-line", "Right!", "watch the replay"):
        assert secret not in page
    # a miss: his move's line; try again; then right
    answer = reverse("puzzles:answer", args=[puzzle.pk])
    html = client.get(client.post(answer, {"action": "play", "position": 1}).url)
    html = html.content.decode()
    assert "Not this one." in html and 'id="try-again"' in html
    assert "create an account" in html and "The right move" not in html
    assert 'id="puzzle-form"' in client.get(detail + "?again=1").content.decode()
    response = client.post(answer, {"action": "play", "position": KNIGHT_SLOT})
    html = client.get(response.url).content.decode()
    assert "Right!" in html and "You win." in html and "Not rated" in html
    assert not PuzzleAttempt.objects.exists()
    puzzle.refresh_from_db()
    assert puzzle.attempts == 0
    # bad input from a visitor: a message, nothing else
    bad = client.post(answer, {"action": "fly", "position": 1})
    assert bad.status_code == 400 and "Say whether to play or discard" in unescape(
        bad.content.decode())


def test_the_home_page_shows_the_daily_puzzle_and_never_its_answer(alice, client_of):
    puzzle = make_puzzle()
    for viewer in (Client(), client_of(alice)):
        html = viewer.get(reverse("home")).content.decode()
        assert 'id="daily-puzzle"' in html and puzzle.title in html
        assert "Knight" not in html and "You solved it" not in html
    services.puzzle_answer(puzzle_id=puzzle.pk, player=alice, **RIGHT)
    html = client_of(alice).get(reverse("home")).content.decode()
    assert "You solved it." in html and "Daily puzzles in a row: 1." in html


def test_daily_and_next_lead_to_a_puzzle(alice, client_of):
    client = client_of(alice)
    assert client.get(reverse("puzzles:daily")).url == reverse("puzzles:home")
    easy, hard = make_puzzle(seed=3, rating=1480), make_puzzle(seed=4, rating=1900)
    assert client.get(reverse("puzzles:daily")).url == reverse("puzzles:detail",
                                                               args=[easy.pk])
    assert client.get(reverse("puzzles:next")).url == reverse("puzzles:detail", args=[easy.pk])
    services.puzzle_answer(puzzle_id=easy.pk, player=alice, **RIGHT)
    assert client.get(reverse("puzzles:next")).url == reverse("puzzles:detail", args=[hard.pk])


def test_history_and_browsing_by_rating(alice, client_of):
    low, high = make_puzzle(seed=3, rating=1210), make_puzzle(seed=4, rating=1650)
    client = client_of(alice)
    bands = client.get(reverse("puzzles:browse")).content.decode()
    assert "1200–1400" in bands and "1600–1800" in bands
    band = client.get(reverse("puzzles:browse") + "?from=1600").content.decode()
    assert f"Puzzle {high.pk}" in band and f"Puzzle {low.pk}" not in band
    assert "new" in band
    services.puzzle_answer(puzzle_id=low.pk, player=alice, **RIGHT)
    low.refresh_from_db()
    history = client.get(reverse("puzzles:history")).content.decode()
    assert f"Puzzle {low.pk}" in history and "solved" in history
    assert f"Puzzle {high.pk}" not in history
    mine = client.get(reverse("puzzles:browse") + f"?from={int(low.rating)}").content.decode()
    assert f"Puzzle {low.pk}" in mine and "puzzle-right" in mine
    for bad in ("?from=abc", "?from=-5", "?from=99999999999", "?page=zz&from=1200"):
        assert client.get(reverse("puzzles:browse") + bad).status_code == 200
    assert client.get(reverse("puzzles:history") + "?page=-3").status_code == 200


def test_a_hidden_cards_puzzle_keeps_the_opponent_s_hand_hidden(alice, client_of):
    puzzle = make_puzzle(hidden=True)
    html = client_of(alice).get(reverse("puzzles:detail", args=[puzzle.pk])).content.decode()
    opponent = html[html.index('id="opponent-hand"'):html.index('id="puzzle-form"')]
    assert opponent.count("card--hidden") == 8
    assert "data-card-id" not in opponent
