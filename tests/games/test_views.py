"""The games pages through the test client, with the personas alice, bob and carol."""
import pytest
from django.urls import reverse

from games import engine
from games.models import ChatMessage, Game
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


def test_game_page_renders_both_sides_and_my_hand(alice, bob, client_of, started_game,
                                                   django_assert_max_num_queries):
    game = started_game()
    client = client_of(alice)
    client.get(reverse("games:detail", args=[game.pk]))
    with django_assert_max_num_queries(10):
        response = client.get(reverse("games:detail", args=[game.pk]))
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="board"' in html and 'id="hand-form"' in html
    assert "bob" in html
    assert 'id="chat-box"' in html


def test_outsider_gets_404_on_every_game_page(carol, client_of, started_game):
    game = started_game()
    client = client_of(carol)
    for name in ("games:detail", "games:board", "games:history", "games:chat"):
        assert client.get(reverse(name, args=[game.pk])).status_code == 404
    response = client.post(reverse("games:move", args=[game.pk]),
                           {"position": 1, "action": "discard", "version": game.version})
    assert response.status_code == 404
    assert client.post(reverse("games:chat", args=[game.pk]), {"body": "hi"}).status_code == 404
    game.refresh_from_db()
    assert game.turns.count() == 0


def test_anonymous_is_sent_to_login(client, started_game):
    game = started_game()
    response = client.get(reverse("games:detail", args=[game.pk]))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_discard_through_plain_form_then_stale_resubmit_gets_a_message(
        client_of, started_game):
    game = started_game()
    mover = player_on_turn(game)
    client = client_of(mover)
    data = {"position": 3, "action": "discard", "version": game.version}
    response = client.post(reverse("games:move", args=[game.pk]), data)
    assert response.status_code == 302
    response = client.post(reverse("games:move", args=[game.pk]), data, follow=True)
    assert response.status_code == 200
    assert "The game changed since this page was loaded" in response.content.decode()
    assert game.turns.count() == 1


def test_htmx_move_returns_the_board_partial(client_of, started_game):
    game = started_game()
    mover = player_on_turn(game)
    client = client_of(mover)
    response = client.post(reverse("games:move", args=[game.pk]),
                           {"position": 2, "action": "discard", "version": game.version},
                           HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith("{#") is False and 'id="board"' in html
    assert "<html" not in html


def test_move_on_opponents_turn_is_refused_with_a_message(client_of, started_game):
    game = started_game()
    waiting = game.player2 if game.current_seat == 0 else game.player1
    client = client_of(waiting)
    response = client.post(reverse("games:move", args=[game.pk]),
                           {"position": 1, "action": "discard", "version": game.version},
                           HTTP_HX_REQUEST="true")
    assert "It is not your turn." in response.content.decode()
    assert game.turns.count() == 0


@pytest.mark.parametrize("bad", [{"position": "x"}, {"position": 9}, {"position": -1},
                                 {}, {"position": 1, "mode_1": "99"}])
def test_bad_move_input_gets_a_message_never_a_500(client_of, started_game, bad):
    game = started_game()
    client = client_of(player_on_turn(game))
    response = client.post(reverse("games:move", args=[game.pk]),
                           {"version": game.version, "action": "play", **bad},
                           HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert 'class="flash flash-error board-error"' in response.content.decode()


def test_chat_line_is_rendered_with_bbcode_and_escaped(alice, bob, client_of, started_game):
    game = started_game()
    client = client_of(alice)
    response = client.post(reverse("games:chat", args=[game.pk]),
                           {"body": "[b]hello[/b] <script>x</script>"}, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert "<b>hello</b>" in html or "<strong>hello</strong>" in html
    assert "<script>x" not in html
    bob_page = client_of(bob).get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "is-new" in bob_page
    assert ChatMessage.objects.filter(game=game).count() == 1


@pytest.mark.parametrize("htmx", [False, True])
def test_a_refused_chat_line_comes_back_with_its_text(alice, client_of, started_game, htmx):
    game = started_game()
    typed = "a long story " * 100  # over the 1000-character limit
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    response = client_of(alice).post(reverse("games:chat", args=[game.pk]), {"body": typed},
                                     **headers)
    html = response.content.decode()
    assert response.status_code == 200
    assert "at most 1000 characters" in html
    assert typed[:1000].strip() in html
    assert not ChatMessage.objects.filter(game=game).exists()


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


def test_hidden_hand_never_reaches_the_opponents_html(bob, client_of, started_game):
    game = started_game(hidden=True)
    state = engine.state_from_json(game.state)
    alice_hand = state.p[0].hand
    revealed = state.p[0].rev
    html = client_of(bob).get(reverse("games:board", args=[game.pk])).content.decode()
    opponent_part = html.split('aria-label="alice\'s hand"')[1].split('id="hand-form"')[0]
    shown_ids = {cid for cid, shown in zip(alice_hand, revealed, strict=True) if shown}
    assert opponent_part.count("card--hidden") == revealed.count(False)
    for cid, shown in zip(alice_hand, revealed, strict=True):
        if not shown and cid not in shown_ids:
            assert f'data-card-id="{cid}"' not in opponent_part


def test_game_page_links_from_nav_and_dashboard(alice, client_of, started_game):
    started_game()
    html = client_of(alice).get("/").content.decode()
    assert 'href="/games/"' in html
    assert "Your games" in html


def test_history_page_steps_through_the_game(alice, client_of, started_game):
    game = started_game()
    mover = player_on_turn(game)
    client_of(mover).post(reverse("games:move", args=[game.pk]),
                          {"position": 1, "action": "discard", "version": game.version})
    response = client_of(alice).get(reverse("games:history", args=[game.pk]) + "?step=0")
    assert response.status_code == 200
    assert "Step 0 of 1" in response.content.decode()
    response = client_of(alice).get(reverse("games:history", args=[game.pk]) + "?step=1")
    assert "discarded" in response.content.decode()


def test_turn_indicator_counts_games_on_my_turn(client_of, started_game):
    game = started_game()
    mover = player_on_turn(game)
    html = client_of(mover).get(reverse("games:turn_indicator")).content.decode()
    assert "Your turn" in html and ">1<" in html


def test_game_page_query_count_does_not_grow_with_game_length(
        client_of, started_game, django_assert_num_queries, django_assert_max_num_queries):
    game = started_game()
    client = client_of(game.player1)
    url = reverse("games:detail", args=[game.pk])
    client.get(url)
    with django_assert_max_num_queries(10) as early:
        client.get(url)
    early_count = len(early.captured_queries)  # read now: every request resets the log
    from games import services as gs

    for i in range(30):
        game.refresh_from_db()
        if game.status != "in_progress":
            break
        gs.chat_post(game_id=game.pk, player=game.player2, body=f"line {i}")
        gs.game_discard_card(game_id=game.pk, player=player_on_turn(game),
                             version=game.version, position=1 + i % 8)
    client.get(url)
    with django_assert_num_queries(early_count):
        client.get(url)


def test_avatars_show_in_game_when_the_setting_is_on(client_of, started_game):
    game = started_game()
    settings = game.player2.settings
    settings.avatar.name = "avatars/bob.png"
    settings.save()
    html = client_of(game.player1).get(reverse("games:detail", args=[game.pk])).content.decode()
    assert 'src="/avatars/bob.png"' in html or "bob.png" in html
    viewer = game.player1.settings
    viewer.avatars_in_game = False
    viewer.save()
    html = client_of(game.player1).get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "bob.png" not in html
