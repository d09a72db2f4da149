"""Bot endpoints: who may use them, the same rules as the site (the event stream:
test_bot_stream.py)."""

import pytest

from games import engine
from games import services as gs
from games.models import Game
from tests.api.conftest import api_client, token_for
from tests.games.conftest import make_deck
from tests.security.conftest import CHALLENGE_NOTE

pytestmark = pytest.mark.django_db


def challenge_robot(alice, robot, **modes):
    return gs.challenge_create(challenger=alice, opponent=robot, deck=make_deck(
        alice, name=f"deck {Game.objects.count()}"), message=CHALLENGE_NOTE, **modes)


def test_bot_endpoints_need_a_bot_token_of_a_bot_account(alice, robot):
    assert api_client().get("/api/v1/bot/games").status_code == 401
    read_only = api_client(token_for(robot, "read")).get("/api/v1/bot/games")
    assert read_only.status_code == 403
    assert read_only.json()["error"]["code"] == "forbidden"
    assert api_client(token_for(alice, "read")).get("/api/v1/bot/stream").status_code == 403


def test_the_bot_sees_accepts_and_declines_challenges(alice, bob, robot, robot_token):
    first, second = challenge_robot(alice, robot), challenge_robot(bob, robot, hidden=True)
    client = api_client(robot_token)
    listed = client.get("/api/v1/bot/challenges").json()
    assert [c["id"] for c in listed] == [first.pk, second.pk]
    assert listed[0]["challenger"] == "alice" and listed[0]["message"] == CHALLENGE_NOTE
    accepted = client.post(f"/api/v1/bot/challenges/{first.pk}/accept",
                           content_type="application/json", data={})
    assert accepted.status_code == 200 and accepted.json()["status"] == "in_progress"
    assert client.post(f"/api/v1/bot/challenges/{second.pk}/decline").status_code == 204
    assert not Game.objects.filter(pk=second.pk).exists()
    again = client.post(f"/api/v1/bot/challenges/{second.pk}/decline")
    assert again.status_code == 404 and again.json()["error"]["code"] == "not_found"


def test_a_challenge_to_someone_else_cannot_be_answered(alice, bob, robot, robot_token):
    game = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice))
    response = api_client(robot_token).post(f"/api/v1/bot/challenges/{game.pk}/accept",
                                            content_type="application/json", data={})
    assert response.status_code == 404
    assert Game.objects.get(pk=game.pk).status == Game.Status.WAITING


def _started(alice, robot, robot_token, **modes):
    game = challenge_robot(alice, robot, **modes)
    api_client(robot_token).post(f"/api/v1/bot/challenges/{game.pk}/accept",
                                 content_type="application/json", data={})
    game.refresh_from_db()
    return game


def _robot_to_move(game, alice):
    """Let alice discard until it is the robot's turn."""
    game.refresh_from_db()
    if game.current_seat == 0:
        gs.game_discard_card(game_id=game.pk, player=alice, version=game.version, position=1)
        game.refresh_from_db()
    return game


def test_the_bot_plays_through_the_sites_services(alice, robot, robot_token):
    game = _robot_to_move(_started(alice, robot, robot_token, hidden=True), alice)
    client = api_client(robot_token)
    mine = client.get(f"/api/v1/bot/games/{game.pk}").json()
    assert mine["seat"] == 1 and mine["my_turn"] is True
    state = engine.state_from_json(mine["knowledge"])
    true_state = engine.state_from_json(game.state)
    # what the bot knows: its own hand, none of alice's unrevealed cards, no deck, no RNG
    assert state.p[1].hand == true_state.p[1].hand
    assert all(card == 0 for card, shown in zip(state.p[0].hand, true_state.p[0].rev,
                                                strict=True) if not shown)
    assert state.p[0].deck == ((0,) * 15,) * 3 or list(map(list, state.p[0].deck)) == [
        [0] * 15] * 3
    assert state.rng == 0 and state.seed == 0
    assert all(c is None for c, shown in zip(mine["view"]["players"][0]["hand"],
                                             true_state.p[0].rev, strict=True) if not shown)
    action = engine.ai_choose_action(state, 1, rng=engine.Rng(5))
    stale = client.post(f"/api/v1/bot/games/{game.pk}/discard", content_type="application/json",
                        data={"version": game.version - 1, "position": 1})
    assert stale.status_code == 409 and stale.json()["error"]["code"] == "stale"
    body = {"version": game.version, "position": action.position}
    if action.kind == "play":
        body["mode"] = action.mode
    moved = client.post(f"/api/v1/bot/games/{game.pk}/{action.kind}",
                        content_type="application/json", data=body)
    assert moved.status_code == 200, moved.content
    assert moved.json()["version"] == game.version + 1
    game.refresh_from_db()
    assert moved.json()["my_turn"] is (game.current_seat == 1)  # Quick and Swift play again
    assert game.turns.filter(actor=robot).count() == 1


def test_a_move_out_of_turn_is_a_409(alice, robot, robot_token):
    game = _started(alice, robot, robot_token)
    if game.current_seat == 1:  # the robot begins: let it discard once
        api_client(robot_token).post(f"/api/v1/bot/games/{game.pk}/discard",
                                     content_type="application/json",
                                     data={"version": game.version, "position": 1})
        game.refresh_from_db()
    assert game.current_seat == 0
    response = api_client(robot_token).post(f"/api/v1/bot/games/{game.pk}/discard",
                                            content_type="application/json",
                                            data={"version": game.version, "position": 1})
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "not_your_turn"


def test_bad_moves_are_400s(alice, robot, robot_token):
    game = _robot_to_move(_started(alice, robot, robot_token), alice)
    client = api_client(robot_token)
    for body in ({"position": 1}, {"version": "x", "position": 1}, {"version": game.version},
                 {"version": game.version, "position": 9}, {"version": game.version,
                                                            "position": -3}):
        response = client.post(f"/api/v1/bot/games/{game.pk}/discard",
                               content_type="application/json", data=body)
        assert response.status_code == 400, (body, response.content)
        assert response.json()["error"]["code"] in ("invalid", "bad_position")
    garbage = client.post(f"/api/v1/bot/games/{game.pk}/play", content_type="application/json",
                          data=b"{not json")
    assert garbage.status_code == 400


def test_a_game_of_others_is_a_404_for_the_bot(alice, bob, robot_token):
    from tests.security.conftest import start_game
    game = start_game(alice, bob)
    client = api_client(robot_token)
    assert client.get(f"/api/v1/bot/games/{game.pk}").status_code == 404
    response = client.post(f"/api/v1/bot/games/{game.pk}/discard",
                           content_type="application/json",
                           data={"version": game.version, "position": 1})
    assert response.status_code == 404
    assert Game.objects.get(pk=game.pk).version == game.version


def test_the_bot_answers_a_surrender_offer_and_leaves_the_finished_game(alice, robot,
                                                                       robot_token):
    game = _started(alice, robot, robot_token)
    gs.game_surrender(game_id=game.pk, player=alice)
    client = api_client(robot_token)
    assert client.get(f"/api/v1/bot/games/{game.pk}").json()["surrender_offered"] is True
    done = client.post(f"/api/v1/bot/games/{game.pk}/surrender-answer",
                       content_type="application/json", data={"accept": True})
    assert done.json()["status"] == "finished"
    assert client.post(f"/api/v1/bot/games/{game.pk}/leave").json()["status"] == "finished"
    assert client.get("/api/v1/bot/games").json() == []


def test_a_body_over_the_upload_limit_is_a_413_in_the_error_shape(alice, robot, robot_token):
    game = _robot_to_move(_started(alice, robot, robot_token), alice)
    challenge = challenge_robot(alice, robot)
    body = b'{"version": 1, "position": 1, "deck": 1, "pad": "' + b"x" * (3 << 20) + b'"}'
    client = api_client(robot_token)
    for address in (f"/api/v1/bot/games/{game.pk}/discard", f"/api/v1/bot/games/{game.pk}/play",
                    f"/api/v1/bot/challenges/{challenge.pk}/accept"):
        response = client.post(address, data=body, content_type="application/json")
        assert response.status_code == 413, (address, response.content[:200])
        assert response.json()["error"]["code"] == "too_large"
        assert "2048 KB" in response.json()["error"]["message"]
    assert Game.objects.get(pk=game.pk).version == game.version
    assert Game.objects.get(pk=challenge.pk).status == Game.Status.WAITING


def test_without_the_asgi_route_the_stream_address_answers_the_pending_events_once(
        alice, robot, robot_token):
    """A server that does not route the stream to the event loop (a WSGI server, the
    test client) answers at once: what is pending, then reconnect; no thread waits."""
    waiting = challenge_robot(alice, robot)
    response = api_client(robot_token).get("/api/v1/bot/stream")
    assert response.status_code == 200 and response["Content-Type"] == "text/event-stream"
    text = response.content.decode()
    assert f'event: challenge\ndata: {{"game":{waiting.pk},"challenger":"alice"}}' in text
    assert text.endswith('event: reconnect\ndata: {}\n\n')
    assert CHALLENGE_NOTE not in text
