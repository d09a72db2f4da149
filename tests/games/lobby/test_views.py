"""The lobby's pages through the test client: the Games list, challenges, games against the
computer, the your-turn indicator and the home page panel."""
import pytest
from django.urls import reverse

from games.models import Game
from tests.games.conftest import make_deck, player_on_turn

pytestmark = pytest.mark.django_db


def test_games_list_shows_running_games_my_turn_first_and_challenges(
        alice, bob, carol, client_of, started_game, django_assert_max_num_queries):
    game = started_game()
    client = client_of(alice)
    client.get(reverse("games:list"))  # the first request also records activity
    with django_assert_max_num_queries(10):
        response = client.get(reverse("games:list"))
    assert response.status_code == 200
    assert f'href="/games/{game.pk}/"' in response.content.decode()


def test_games_list_query_count_does_not_grow_with_games(
        alice, bob, carol, client_of, started_game, django_assert_max_num_queries,
        django_assert_num_queries):
    started_game()
    client = client_of(alice)
    client.get(reverse("games:list"))  # warm the session
    with django_assert_max_num_queries(10) as few:
        client.get(reverse("games:list"))
    few_count = len(few.captured_queries)  # read now: every request resets the log
    for _ in range(4):
        started_game()
    with django_assert_num_queries(few_count):
        client.get(reverse("games:list"))


def test_no_chat_in_ai_games(alice, client_of, django_capture_on_commit_callbacks):
    make_deck(alice)
    client = client_of(alice)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("games:ai_quick"))
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    page = client.get(response["Location"]).content.decode()
    assert 'id="chat-box"' not in page
    assert client.post(reverse("games:chat", args=[game.pk]), {"body": "hi"}).status_code == 404


def test_challenge_flow_through_the_pages(alice, bob, client_of):
    deck_a = make_deck(alice)
    deck_b = make_deck(bob)
    alice_client, bob_client = client_of(alice), client_of(bob)
    page = alice_client.get(reverse("games:challenge_new") + "?to=bob").content.decode()
    assert 'value="bob"' in page
    response = alice_client.post(reverse("games:challenge_new"), {
        "opponent": "bob", "deck": deck_a.pk, "turn_timeout": 3600, "hidden": "on",
        "message": "Let's play"})
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.is_hidden and game.turn_timeout == 3600 and game.status == "waiting"
    listing = bob_client.get(reverse("games:list")).content.decode()
    assert "Let&#x27;s play" in listing or "Let's play" in listing
    response = bob_client.post(reverse("games:challenge_answer", args=[game.pk]),
                               {"answer": "accept", "deck": deck_b.pk})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.status == "in_progress"


def test_challenging_a_missing_player_is_a_form_error(alice, client_of):
    deck = make_deck(alice)
    response = client_of(alice).post(reverse("games:challenge_new"),
                                     {"opponent": "nobody", "deck": deck.pk, "turn_timeout": 0})
    assert response.status_code == 200
    assert "There is no player of that name." in response.content.decode()


def test_game_page_links_from_nav_and_dashboard(alice, client_of, started_game):
    started_game()
    html = client_of(alice).get("/").content.decode()
    assert 'href="/games/"' in html
    assert "Your games" in html


def test_turn_indicator_counts_games_on_my_turn(client_of, started_game):
    game = started_game()
    mover = player_on_turn(game)
    html = client_of(mover).get(reverse("games:turn_indicator")).content.decode()
    assert "Your turn" in html and ">1<" in html


def test_get_on_post_only_actions_is_refused(client_of, alice):
    assert client_of(alice).get(reverse("games:ai_quick")).status_code == 405
