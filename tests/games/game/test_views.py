"""The game screen's pages through the test client (the page, the board partial, the
history, the chat), with the personas alice, bob and carol."""
from unittest import mock

import pytest
from django.urls import reverse

from games import engine
from games.models import ChatMessage
from tests.games.conftest import player_on_turn

pytestmark = pytest.mark.django_db


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
    assert client.post(reverse("games:chat", args=[game.pk]), {"body": "hi"}).status_code == 404
    game.refresh_from_db()
    assert game.turns.count() == 0


def test_anonymous_is_sent_to_login(client, started_game):
    game = started_game()
    response = client.get(reverse("games:detail", args=[game.pk]))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


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


def test_the_opponents_avatar_comes_with_the_game_on_every_board(client_of, started_game):
    # The board partial (fetched, a move's answer, a live push) reads the opponent's avatar
    # from the game's own row, not from the opponent's cached settings.
    from games.game import live
    game = started_game()
    settings = game.player2.settings
    settings.avatar.name = "avatars/bob.png"
    settings.save()
    me = game.player1
    with mock.patch("games.game.selectors.cached_user",
                    side_effect=AssertionError("the opponent's settings were looked up")):
        board = client_of(me).get(reverse("games:board", args=[game.pk]),
                                  HTTP_HX_REQUEST="true").content.decode()
        _version, pushed = live.board_frame(game.pk, live.viewer_of(me.user_id), "x" * 32)
    assert 'src="/avatars/bob.png"' in board
    assert 'src="/avatars/bob.png"' in pushed


def test_the_board_posts_and_links_to_the_games_own_addresses(alice, client_of, started_game):
    """The board's addresses are reversed once per game and process (board_urls): each is
    the address of this game, and a second game's board has its own."""
    first, second = started_game(), started_game()
    client = client_of(alice)
    for game in (first, second):
        html = client.get(reverse("games:board", args=[game.pk])).content.decode()
        assert f'action="{reverse("games:move", args=[game.pk])}"' in html
        assert f'href="{reverse("games:history", args=[game.pk])}"' in html
        assert f'action="{reverse("games:command", args=[game.pk, "surrender"])}"' in html
        assert f'href="{reverse("games:list")}"' in html
        other = second if game is first else first
        assert f"/games/{other.pk}/move/" not in html
