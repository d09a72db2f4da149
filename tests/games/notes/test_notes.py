"""Game notes: each player's private note on a game, saved and cleared from the game screen,
never seen by anybody else, still there after the game ended."""
import pytest
from django.urls import reverse

from games import services as gs
from games.models import Game, GameNote
from games.services.sweeps import sweep_left_games
from tests.games.conftest import discard_on_turn, make_deck

pytestmark = pytest.mark.django_db

SECRET = "alice-plans-a-dragon-7f3a"


def _save(game, player, text):
    return gs.game_note_save(game_id=game.pk, player=player, text=text)


def _finish(game):
    gs.game_surrender(game_id=game.pk, player=game.player2)
    gs.game_surrender_answer(game_id=game.pk, player=game.player1, accept=True)
    game.refresh_from_db()
    return game


# ---------------------------------------------------------------- the service
def test_a_note_is_saved_replaced_and_cleared(alice, started_game):
    game = started_game()
    note = _save(game, alice, "  watch the rares  ")
    assert note.text == "watch the rares"  # trimmed
    _save(game, alice, "line one\r\nline two")
    assert GameNote.objects.get(game=game, player=alice).text == "line one\nline two"
    assert _save(game, alice, "   ") is None
    assert not GameNote.objects.filter(game=game).exists()
    assert _save(game, alice, "") is None  # clearing twice is no error


def test_each_player_has_a_note_of_their_own(alice, bob, started_game):
    game = started_game()
    _save(game, alice, "mine")
    _save(game, bob, "his")
    assert dict(GameNote.objects.filter(game=game).values_list("player__user__username",
                                                               "text")) == {
        "alice": "mine", "bob": "his"}


@pytest.mark.parametrize("text, code", [("x" * 2001, "too_long"), ("a\x00b", "bad_text")])
def test_bad_texts_are_refused_and_keep_the_old_note(alice, started_game, text, code):
    game = started_game()
    _save(game, alice, "keep me")
    with pytest.raises(gs.GameError) as refused:
        _save(game, alice, text)
    assert refused.value.code == code
    assert GameNote.objects.get(game=game, player=alice).text == "keep me"
    assert _save(game, alice, "x" * 2000).text == "x" * 2000  # the limit itself is fine


def test_only_the_players_of_a_started_game_keep_notes(alice, bob, carol, started_game):
    game = started_game()
    with pytest.raises(gs.GameError) as refused:
        _save(game, carol, "hi")
    assert refused.value.code == "forbidden"
    challenge = gs.challenge_create(challenger=alice, opponent=carol, deck=make_deck(alice))
    with pytest.raises(gs.GameError) as refused:
        _save(challenge, alice, "hi")
    assert refused.value.code == "not_started"
    with pytest.raises(gs.GameError) as refused:
        gs.game_note_save(game_id=10**9, player=alice, text="hi")
    assert refused.value.code == "gone"
    assert not GameNote.objects.exists()


def test_a_note_changes_nothing_of_the_game_and_announces_nothing(
        alice, started_game, django_capture_on_commit_callbacks):
    game = started_game()
    with django_capture_on_commit_callbacks() as callbacks:
        _save(game, alice, SECRET)
    assert callbacks == []  # no live event: the opponent must not even learn of it
    before = game.version
    game.refresh_from_db()
    assert game.version == before


# ---------------------------------------------------------------- the pages
def test_the_game_page_shows_the_own_note_under_the_board(alice, client_of, started_game):
    game = started_game()
    _save(game, alice, SECRET)
    html = client_of(alice).get(reverse("games:detail", args=[game.pk])).content.decode()
    assert 'id="game-note"' in html and SECRET in html
    assert html.index('id="board"') < html.index('id="game-note"')


def test_htmx_save_answers_with_the_panel(alice, client_of, started_game):
    game = started_game()
    url = reverse("games:note", args=[game.pk])
    response = client_of(alice).post(url, {"text": SECRET, "action": "save"},
                                     HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<section id="game-note"')
    assert "Your note is saved." in html and SECRET in html
    assert GameNote.objects.get(game=game, player=alice).text == SECRET
    response = client_of(alice).post(url, {"text": SECRET, "action": "clear"},
                                     HTTP_HX_REQUEST="true")
    assert "Your note is cleared." in response.content.decode()
    assert not GameNote.objects.exists()


def test_htmx_refusal_gives_the_typed_text_back(alice, client_of, started_game):
    game = started_game()
    _save(game, alice, "old")
    response = client_of(alice).post(reverse("games:note", args=[game.pk]),
                                     {"text": "y" * 2001}, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200
    assert "at most 2000 characters" in html and "y" * 2001 in html
    assert GameNote.objects.get(player=alice).text == "old"


def test_without_javascript_the_form_posts_and_comes_back(alice, client_of, started_game):
    game = started_game()
    client = client_of(alice)
    response = client.post(reverse("games:note", args=[game.pk]), {"text": SECRET},
                           follow=True)
    assert response.redirect_chain[-1][0] == reverse("games:detail", args=[game.pk]) + \
        "#game-note"
    html = response.content.decode()
    assert "Your note is saved." in html and SECRET in html
    response = client.post(reverse("games:note", args=[game.pk]),
                           {"action": "clear", "back": "history"})
    assert response["Location"] == reverse("games:history", args=[game.pk]) + "#game-note"
    assert not GameNote.objects.exists()
    response = client.post(reverse("games:note", args=[game.pk]),
                           {"text": "z" * 3000, "back": "elsewhere"}, follow=True)
    assert response.redirect_chain[-1][0].startswith(reverse("games:detail", args=[game.pk]))
    assert "at most 2000 characters" in response.content.decode()


def test_outsiders_get_404_and_nothing_changes(alice, carol, client, client_of,
                                               started_game):
    game = started_game()
    _save(game, alice, SECRET)
    url = reverse("games:note", args=[game.pk])
    for data in ({"text": "carol"}, {"action": "clear"}):
        for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
            response = client_of(carol).post(url, data, **headers)
            assert response.status_code == 404
            assert SECRET not in response.content.decode()
    assert client_of(alice).get(url).status_code == 405
    assert client.post(url, {"text": "x"})["Location"].startswith(reverse("login"))
    assert client_of(alice).post(reverse("games:note", args=[10**9]),
                                 {"text": "x"}).status_code == 404
    assert list(GameNote.objects.values_list("text", flat=True)) == [SECRET]


def test_the_opponent_never_sees_the_note_on_any_page_or_partial(
        alice, bob, client_of, started_game):
    """Everything bob can open of this game, while it runs and after it ended."""
    game = started_game()
    _save(game, alice, SECRET)
    bob_client = client_of(bob)

    def bob_pages():
        urls = [(reverse("games:detail", args=[game.pk]), {}),
                (reverse("games:board", args=[game.pk]), {"HTTP_HX_REQUEST": "true"}),
                (reverse("games:history", args=[game.pk]), {}),
                (reverse("games:chat", args=[game.pk]), {}),
                (reverse("games:chat", args=[game.pk]), {"HTTP_HX_REQUEST": "true"}),
                (reverse("games:list"), {}), (reverse("home"), {}),
                (reverse("players:detail", args=["alice"]), {})]
        for url, headers in urls:
            response = bob_client.get(url, **headers)
            assert response.status_code == 200, url
            yield url, response.content.decode()

    for url, html in bob_pages():
        assert SECRET not in html, url
    # bob's own answers to actions on the board (the htmx partials)
    game.refresh_from_db()
    mover = game.player_at(game.current_seat)
    if mover == bob:
        response = bob_client.post(reverse("games:move", args=[game.pk]),
                                   {"position": 1, "action": "discard",
                                    "version": game.version}, HTTP_HX_REQUEST="true")
        assert response.status_code == 200 and SECRET not in response.content.decode()
    _finish(game)
    for url, html in bob_pages():
        assert SECRET not in html, url
    for level in (3, 10):  # the public replay too, whoever watches it
        bob.level = level
        bob.save(update_fields=["level"])
        html = bob_client.get(reverse("games:replay", args=[game.pk])).content.decode()
        assert SECRET not in html


def test_the_note_stays_readable_after_the_game_ends(alice, client_of, started_game):
    game = started_game()
    _save(game, alice, SECRET)
    discard_on_turn(game)
    _finish(game)
    client = client_of(alice)
    for url in (reverse("games:detail", args=[game.pk]),
                reverse("games:history", args=[game.pk])):
        html = client.get(url).content.decode()
        assert SECRET in html, url
    gs.game_leave(game_id=game.pk, player=alice)
    assert SECRET in client.get(reverse("games:detail", args=[game.pk])).content.decode()
    # ...and may still be changed by its writer
    response = client.post(reverse("games:note", args=[game.pk]), {"text": "after"})
    assert response.status_code == 302
    assert GameNote.objects.get(player=alice).text == "after"


def test_a_note_on_a_game_against_the_computer_outlives_leaving(alice, client_of):
    make_deck(alice)
    game = gs.ai_quick_game(player=alice)
    _save(game, alice, SECRET)
    gs.game_surrender(game_id=game.pk, player=alice)
    gs.game_leave(game_id=game.pk, player=alice)
    sweep_left_games()
    assert Game.objects.filter(pk=game.pk).exists()
    html = client_of(alice).get(reverse("games:detail", args=[game.pk])).content.decode()
    assert SECRET in html
