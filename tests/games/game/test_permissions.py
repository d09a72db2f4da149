"""Who may do what: the two players act on their own game, everyone else gets 404/refusal."""
import pytest
from django.urls import reverse

from tests.games.conftest import player_on_turn

pytestmark = pytest.mark.django_db

GET_PAGES = ["games:detail", "games:board", "games:history", "games:chat"]
POST_ACTIONS = [
    ("games:leave", {}),
    ("games:chat", {"body": "hello"}),
]
COMMANDS = ["ai-move", "substitute", "surrender", "surrender-cancel", "surrender-accept",
            "surrender-reject", "abort", "finish"]


@pytest.mark.parametrize("page", GET_PAGES)
@pytest.mark.parametrize("who,status", [("alice", 200), ("bob", 200), ("carol", 404)])
def test_pages_by_persona(page, who, status, started_game, client_of, request):
    game = started_game()
    player = request.getfixturevalue(who)
    assert client_of(player).get(reverse(page, args=[game.pk])).status_code == status


@pytest.mark.parametrize("name,data", POST_ACTIONS)
def test_outsider_posts_get_404_and_change_nothing(name, data, started_game, client_of, carol):
    game = started_game()
    version = game.version
    response = client_of(carol).post(reverse(name, args=[game.pk]),
                                     {**data, "version": game.version})
    assert response.status_code == 404
    game.refresh_from_db()
    assert game.version == version and game.chat_messages.count() == 0


@pytest.mark.parametrize("command", COMMANDS)
def test_outsider_commands_get_404(command, started_game, client_of, carol):
    game = started_game()
    response = client_of(carol).post(reverse("games:command", args=[game.pk, command]))
    assert response.status_code == 404


@pytest.mark.parametrize("command", COMMANDS)
def test_player_commands_never_500(command, started_game, client_of):
    game = started_game()
    client = client_of(player_on_turn(game))
    response = client.post(reverse("games:command", args=[game.pk, command]),
                           {"version": game.version}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200


def test_unknown_command_is_404(started_game, client_of):
    game = started_game()
    response = client_of(game.player1).post(reverse("games:command", args=[game.pk, "explode"]))
    assert response.status_code == 404


def test_get_on_post_only_actions_is_refused(started_game, client_of):
    game = started_game()
    client = client_of(game.player1)
    for name in ("leave", "sandbox", "command"):
        args = [game.pk, "surrender"] if name == "command" else [game.pk]
        assert client.get(reverse(f"games:{name}", args=args)).status_code == 405


def test_missing_game_is_404(client_of, alice):
    assert client_of(alice).get(reverse("games:detail", args=[999999])).status_code == 404
