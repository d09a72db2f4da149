"""The lobby's services: challenges, hosted games, games against the computer, slots."""

import pytest

from games import engine
from games import services as gs
from games.lobby.selectors import games_overview
from games.models import Game
from games.services import errors
from players.models import Message
from tests.games.conftest import make_deck

pytestmark = pytest.mark.django_db


# ---------------------------------------------------------------- starting games
class TestChallenges:
    def test_challenge_then_accept_starts_the_game_with_a_random_first_player(
            self, alice, bob, django_capture_on_commit_callbacks):
        firsts = set()
        for i in range(12):
            deck_a, deck_b = make_deck(alice, name=f"a{i}"), make_deck(bob, name=f"b{i}")
            game = gs.challenge_create(challenger=alice, opponent=bob, deck=deck_a)
            assert game.status == Game.Status.WAITING and game.is_challenge
            game = gs.challenge_accept(game_id=game.pk, player=bob, deck=deck_b)
            assert game.status == Game.Status.IN_PROGRESS and game.deck2_id == deck_b.pk
            firsts.add(game.current_seat)
            state = engine.state_from_json(game.state)
            second = state.p[1 - state.current].a
            assert second[5:8] == [16, 6, 11]  # the second player's +1 of each resource
            game.player1_left = game.player2_left = True  # free the slots
            game.status = Game.Status.FINISHED
            game.save()
        assert firsts == {0, 1}

    def test_cannot_challenge_yourself(self, alice):
        deck = make_deck(alice)
        with pytest.raises(gs.GameError, match="yourself"):
            gs.challenge_create(challenger=alice, opponent=alice, deck=deck)

    def test_incomplete_or_foreign_deck_is_refused(self, alice, bob):
        unfinished = make_deck(alice, ready=False)
        with pytest.raises(gs.GameError, match=errors.DECK_NOT_READY):
            gs.challenge_create(challenger=alice, opponent=bob, deck=unfinished)
        bobs = make_deck(bob)
        with pytest.raises(gs.GameError, match="your own decks"):
            gs.challenge_create(challenger=alice, opponent=bob, deck=bobs)

    def test_only_offered_timeouts(self, alice, bob):
        with pytest.raises(gs.GameError, match="turn timeouts"):
            gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice),
                                turn_timeout=42)

    def test_reject_and_cancel_remove_the_challenge(self, alice, bob):
        deck = make_deck(alice)
        game = gs.challenge_create(challenger=alice, opponent=bob, deck=deck)
        with pytest.raises(gs.GameError):
            gs.challenge_reject(game_id=game.pk, player=alice)  # not hers to answer
        gs.challenge_reject(game_id=game.pk, player=bob)
        assert not Game.objects.exists()
        game = gs.challenge_create(challenger=alice, opponent=bob, deck=deck)
        with pytest.raises(gs.GameError):
            gs.challenge_cancel(game_id=game.pk, player=bob)
        gs.challenge_cancel(game_id=game.pk, player=alice)
        assert not Game.objects.exists()

    def test_outsider_cannot_accept(self, alice, bob, carol):
        game = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice))
        with pytest.raises(gs.GameError, match="not sent to you"):
            gs.challenge_accept(game_id=game.pk, player=carol, deck=make_deck(carol))

    def test_accepted_and_rejected_challenges_notify_the_challenger(self, alice, bob):
        game = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice))
        gs.challenge_accept(game_id=game.pk, player=bob, deck=make_deck(bob))
        game2 = gs.challenge_create(challenger=alice, opponent=bob,
                                    deck=make_deck(alice, name="x"))
        gs.challenge_reject(game_id=game2.pk, player=bob)
        notices = Message.objects.filter(kind=Message.Kind.CHALLENGE).order_by("pk")
        assert [(m.recipient, m.author, m.subject) for m in notices] == [
            (alice, None, "bob accepted your challenge"),
            (alice, None, "bob declined your challenge")]

    def test_unique_opponent_setting_refuses_a_second_game(self, alice, bob):
        bob.settings.unique_game_opponent = True
        bob.settings.save()
        gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice))
        deck_b = make_deck(bob)
        with pytest.raises(gs.GameError, match="two games at once"):
            gs.game_join(game_id=gs.game_host(host=alice, deck=make_deck(alice, name="h")).pk,
                         player=bob, deck=deck_b)


class TestSlots:
    def test_fifteen_slots_count_games_challenges_and_hosted_games(self, alice, bob):
        deck = make_deck(alice)
        for _ in range(gs.game_slots_limit(alice)):
            gs.game_host(host=alice, deck=deck)
        with pytest.raises(gs.GameError, match="all 15 of your game slots"):
            gs.ai_game_start(player=alice, deck=deck)
        alice.extra_game_slots = 1
        alice.save()
        gs.ai_game_start(player=alice, deck=deck)

    def test_challenging_a_player_without_free_slots_is_refused(self, alice, bob):
        deck = make_deck(bob)
        for _ in range(15):
            gs.game_host(host=bob, deck=deck)
        with pytest.raises(gs.GameError, match="bob has no free game slot"):
            gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice))

    def test_a_finished_game_frees_its_slot_at_its_end(self, alice, started_game):
        game = started_game()
        before = gs.game_slots_used(alice)
        gs.game_surrender(game_id=game.pk, player=alice)
        gs.game_surrender_answer(game_id=game.pk, player=game.player2, accept=True)
        # Still in her list until she leaves it, but holding no slot any more.
        assert gs.game_slots_used(alice) == before - 1
        overview = games_overview(alice)
        assert overview["finished"] == [game] and overview["slots_used"] == before - 1
        gs.game_leave(game_id=game.pk, player=alice)
        assert gs.game_slots_used(alice) == before - 1

    def test_a_full_list_of_finished_games_refuses_no_new_game(self, alice):
        deck = make_deck(alice)
        for _ in range(gs.game_slots_limit(alice)):
            game = gs.ai_game_start(player=alice, deck=deck)
            gs.game_surrender(game_id=game.pk, player=alice)  # against the computer: at once
        assert Game.objects.filter(player1=alice, status=Game.Status.FINISHED,
                                   player1_left=False).count() == gs.game_slots_limit(alice)
        assert gs.game_slots_used(alice) == 0
        gs.ai_game_start(player=alice, deck=deck)  # no "all 15 of your game slots"


class TestHostedGames:
    def test_anyone_else_may_join_the_host_may_cancel_before(self, alice, bob, carol):
        game = gs.game_host(host=alice, deck=make_deck(alice), long_mode=True)
        assert game.is_hosted
        with pytest.raises(gs.GameError, match="own game"):
            gs.game_join(game_id=game.pk, player=alice, deck=make_deck(alice, name="2"))
        game = gs.game_join(game_id=game.pk, player=bob, deck=make_deck(bob))
        assert game.status == Game.Status.IN_PROGRESS and game.player2 == bob
        assert engine.state_from_json(game.state).long_mode
        with pytest.raises(gs.GameError, match="already started"):
            gs.game_join(game_id=game.pk, player=carol, deck=make_deck(carol))
        with pytest.raises(gs.GameError):
            gs.game_host_cancel(game_id=game.pk, player=alice)

    def test_host_cancels_an_unjoined_game(self, alice):
        game = gs.game_host(host=alice, deck=make_deck(alice))
        gs.game_host_cancel(game_id=game.pk, player=alice)
        assert not Game.objects.exists()


class TestAIGames:
    def test_quick_game_is_friendly_ai_and_the_ai_answers_at_once(
            self, alice, django_capture_on_commit_callbacks):
        make_deck(alice)
        with django_capture_on_commit_callbacks(execute=True):
            game = gs.ai_quick_game(player=alice)
        game.refresh_from_db()
        assert game.is_ai and game.is_friendly and game.player2 is None
        assert game.ai_deck_name in engine.STARTER_DECK_NAMES
        # whoever started, it is now the human's turn (auto AI move is on by default)
        assert game.current_seat == 0

    def test_ai_challenge_needs_level_ten_and_forces_long_mode(self, alice):
        deck = make_deck(alice)
        name = next(iter(engine.AI_CHALLENGES))
        with pytest.raises(gs.GameError, match="level 10"):
            gs.ai_challenge_start(player=alice, deck=deck, challenge=name)
        alice.level = 10
        alice.save()
        game = gs.ai_challenge_start(player=alice, deck=deck, challenge=name)
        assert game.is_long and game.is_ai and game.is_friendly and game.ai_challenge == name
        with pytest.raises(gs.GameError):
            gs.ai_challenge_start(player=alice, deck=deck, challenge="Nobody")

    def test_ai_deck_may_be_one_of_mine(self, alice):
        mine = make_deck(alice)
        other = make_deck(alice, name="Other", starter=2)
        game = gs.ai_game_start(player=alice, deck=mine, ai_deck=other.pk, hidden=True)
        assert game.ai_deck_name == "Other" and game.deck2_id is None and game.is_hidden
