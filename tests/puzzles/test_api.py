"""The puzzles in the API: the day's puzzle and a puzzle as the mover sees them (no
solution, line or source before an answer), answering with a token."""
import json

import pytest
from django.urls import reverse

from games.puzzles.models import PuzzleAttempt
from tests.api.conftest import api_client, token_for
from tests.puzzles.factories import KNIGHT_SLOT, make_puzzle

pytestmark = pytest.mark.django_db

SECRET_KEYS = ("solution", "lines", "answer_line", "solution_line", "source", "state",
               "fingerprint", "worlds")


def _keys(value, found):
    if isinstance(value, dict):
        for key, inner in value.items():
            found.add(key)
            _keys(inner, found)
    elif isinstance(value, list):
        for inner in value:
            _keys(inner, found)
    return found


def test_the_daily_puzzle_is_served_without_its_answer(alice):
    puzzle = make_puzzle(hidden=True)
    for token in (None, token_for(alice)):
        response = api_client(token).get(reverse("api:puzzle_daily"))
        assert response.status_code == 200
        data = response.json()
        assert data["id"] == puzzle.pk and data["answer"] is None
        assert data["kind"] == "win" and data["seat"] == puzzle.seat
        assert not _keys(data, set()) & set(SECRET_KEYS) - {"answer"}
        opponent = data["view"]["players"][1 - puzzle.seat]
        assert opponent["hand"] == [None] * 8  # hidden cards stay hidden
        assert "Knight" not in response.content.decode()


def test_answering_through_the_api_with_a_token(alice):
    puzzle = make_puzzle()
    url = reverse("api:puzzle_answer", args=[puzzle.pk])
    body = json.dumps({"action": "play", "position": KNIGHT_SLOT})
    assert api_client().post(url, body, content_type="application/json").status_code == 401
    token = token_for(alice)
    response = api_client(token).post(url, body, content_type="application/json")
    assert response.status_code == 200
    data = response.json()
    assert data["correct"] is True and data["streak"] == 1
    assert data["answer"]["name"] == "Knight" and data["solution"][0]["position"] == KNIGHT_SLOT
    assert data["answer_line"][-1]["ended"] == "won"
    assert data["rating_after"] > data["rating_before"]
    # the reads now carry the answer, the same one
    daily = api_client(token).get(reverse("api:puzzle_daily")).json()
    assert daily["answer"]["correct"] is True
    again = api_client(token).post(url, json.dumps({"action": "discard", "position": 1}),
                                   content_type="application/json").json()
    assert again["correct"] is True and PuzzleAttempt.objects.count() == 1


def test_a_wrong_answer_through_the_api(alice):
    puzzle = make_puzzle()
    data = api_client(token_for(alice)).post(
        reverse("api:puzzle_answer", args=[puzzle.pk]),
        json.dumps({"action": "play", "position": 1}), content_type="application/json").json()
    assert data["correct"] is False and data["streak"] == 0
    assert data["answer"]["name"] == "Basic wall"
    assert data["solution_line"][-1]["ended"] == "won"
    assert all(step["ended"] != "won" for step in data["answer_line"])


@pytest.mark.parametrize("body, status", [
    ({"action": "play"}, 400), ({"action": "jump", "position": 1}, 400),
    ({"action": "play", "position": 12}, 400), ({"action": "play", "position": 3, "mode": 5}, 400),
    ("not json", 400),
])
def test_bad_answers_are_400_and_count_nothing(alice, body, status):
    puzzle = make_puzzle()
    response = api_client(token_for(alice)).post(
        reverse("api:puzzle_answer", args=[puzzle.pk]),
        body if isinstance(body, str) else json.dumps(body), content_type="application/json")
    assert response.status_code == status
    assert set(response.json()) == {"error"}
    assert not PuzzleAttempt.objects.exists()


def test_unknown_puzzles_and_no_puzzles_are_404(alice):
    assert api_client().get(reverse("api:puzzle_daily")).status_code == 404
    assert api_client().get(reverse("api:puzzle", args=[4242])).status_code == 404
    response = api_client(token_for(alice)).post(
        reverse("api:puzzle_answer", args=[4242]),
        json.dumps({"action": "play", "position": 1}), content_type="application/json")
    assert response.status_code == 404
