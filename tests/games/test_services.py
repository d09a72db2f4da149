"""The games services, used the way views and tasks use them."""
from datetime import timedelta
from unittest import mock

import pytest
import time_machine
from django.utils import timezone

from decks.models import Deck
from games import engine
from games import services as gs
from games.models import CardStatistic, ChatMessage, Game, Turn
from games.services import errors
from games.services.sweeps import (
    sweep_game_deadlines,
    sweep_left_games,
    sweep_player_activity,
    sweep_turn_timeouts,
)
from games.tasks import game_ai_move_task
from tests.factories import PlayerFactory
from tests.games.conftest import make_deck, player_on_turn

pytestmark = pytest.mark.django_db


def _discard(game, player=None, position=1, **kw):
    game.refresh_from_db()
    player = player or player_on_turn(game)
    return gs.game_discard_card(game_id=game.pk, player=player, version=game.version,
                                position=position, **kw)


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
        with mock.patch("games.services.lifecycle.message_send_system") as send:
            game = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice))
            gs.challenge_accept(game_id=game.pk, player=bob, deck=make_deck(bob))
            game2 = gs.challenge_create(challenger=alice, opponent=bob,
                                        deck=make_deck(alice, name="x"))
            gs.challenge_reject(game_id=game2.pk, player=bob)
        subjects = [c.kwargs["subject"] for c in send.call_args_list]
        assert subjects == ["bob accepted your challenge", "bob declined your challenge"]
        assert all(c.kwargs["recipient"] == alice for c in send.call_args_list)

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

    def test_leaving_a_finished_game_frees_its_slot(self, alice, started_game):
        game = started_game()
        before = gs.game_slots_used(alice)
        gs.game_surrender(game_id=game.pk, player=alice)
        gs.game_surrender_answer(game_id=game.pk, player=game.player2, accept=True)
        assert gs.game_slots_used(alice) == before
        gs.game_leave(game_id=game.pk, player=alice)
        assert gs.game_slots_used(alice) == before - 1


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

    def test_without_auto_moves_the_button_queues_the_ai(self, alice,
                                                         django_capture_on_commit_callbacks):
        alice.settings.auto_ai_move = False
        alice.settings.save()
        make_deck(alice)
        with django_capture_on_commit_callbacks(execute=True):
            game = gs.ai_quick_game(player=alice)
            game.refresh_from_db()
            if game.current_seat == 0:
                _discard(game, alice)
        game.refresh_from_db()
        assert game.current_seat == 1
        with django_capture_on_commit_callbacks(execute=True):
            gs.game_ai_move_request(game_id=game.pk, player=alice, version=game.version)
        game.refresh_from_db()
        assert game.current_seat == 0 or game.turns.last().actor_seat == 1

    def test_stale_or_repeated_ai_task_does_nothing(self, alice):
        alice.settings.auto_ai_move = False
        alice.settings.save()
        make_deck(alice)
        game = gs.ai_quick_game(player=alice)
        if game.current_seat == 0:
            _discard(game, alice)
        game.refresh_from_db()
        version = game.version
        assert game_ai_move_task(game.pk, version - 1) is False
        turns = game.turns.count()
        game_ai_move_task(game.pk, version)
        assert game.turns.count() > turns
        again = game.turns.count()
        assert game_ai_move_task(game.pk, version) is False
        assert game.turns.count() == again

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


# ---------------------------------------------------------------- moves and their safety
class TestMoves:
    def test_a_move_appends_a_turn_and_bumps_the_version(self, started_game):
        game = started_game()
        version = game.version
        mover = player_on_turn(game)
        _discard(game, mover, position=4)
        game.refresh_from_db()
        assert game.version == version + 1
        turn = Turn.objects.get(game=game)
        assert (turn.number, turn.action, turn.actor) == (1, "discard", mover)
        assert game.current_seat != turn.actor_seat or turn.record["extra_turn"]

    def test_double_submit_gives_one_move_and_a_clear_message(self, started_game):
        game = started_game()
        mover = player_on_turn(game)
        version = game.version
        gs.game_discard_card(game_id=game.pk, player=mover, version=version, position=1)
        with pytest.raises(gs.GameError) as exc:
            gs.game_discard_card(game_id=game.pk, player=mover, version=version, position=1)
        assert exc.value.message == errors.STALE_PAGE
        assert game.turns.count() == 1

    def test_only_the_player_on_turn_moves_and_outsiders_never(self, started_game, carol):
        game = started_game()
        waiting = game.player2 if game.current_seat == 0 else game.player1
        with pytest.raises(gs.GameError, match=errors.NOT_YOUR_TURN):
            _discard(game, waiting)
        with pytest.raises(gs.GameError, match="not playing"):
            _discard(game, carol)
        assert game.turns.count() == 0

    def test_unaffordable_card_gets_the_engines_reason(self, started_game):
        game = started_game()
        state = engine.state_from_json(game.state)
        me = state.p[state.current]
        me.a[5] = me.a[6] = me.a[7] = 0
        game.state = engine.state_to_json(state)
        game.save()
        costly = next((i for i, c in enumerate(me.hand) if engine.card(c).total_cost), None)
        if costly is None:
            pytest.skip("starting hand without a costly card")
        with pytest.raises(gs.GameError, match="cannot afford"):
            gs.game_play_card(game_id=game.pk, player=player_on_turn(game),
                              version=game.version, position=costly + 1)

    def test_moves_are_locked_while_a_surrender_request_waits(self, started_game):
        game = started_game()
        mover = player_on_turn(game)
        gs.game_surrender(game_id=game.pk, player=mover)
        with pytest.raises(gs.GameError, match="surrender request"):
            _discard(game, mover)

    def test_non_friendly_turn_credits_award_counters_to_the_actor(self, started_game):
        game = started_game()
        mover = player_on_turn(game)
        with mock.patch("games.services.play.award_counters_add") as add:
            for i in range(120):
                game.refresh_from_db()
                if game.status != "in_progress" or add.called:
                    break
                try:
                    gs.game_play_card(game_id=game.pk, player=player_on_turn(game),
                                      version=game.version, position=1 + i % 8)
                except gs.GameError:
                    _discard(game, position=1 + i % 8)
        assert add.called
        assert {c.kwargs["player"] for c in add.call_args_list} <= {mover, game.player1,
                                                                      game.player2}

    def test_friendly_games_credit_no_counters(self, started_game):
        game = started_game(friendly=True)
        with mock.patch("games.services.play.award_counters_add") as add:
            for _ in range(10):
                _discard(game)
        assert not add.called


# ---------------------------------------------------------------- endings
class TestEndings:
    def test_surrender_request_cancel_reject_accept(self, started_game):
        game = started_game()
        alice, bob = game.player1, game.player2
        gs.game_surrender(game_id=game.pk, player=alice)
        with pytest.raises(gs.GameError):
            gs.game_surrender(game_id=game.pk, player=bob)
        with pytest.raises(gs.GameError):
            gs.game_surrender_cancel(game_id=game.pk, player=bob)
        gs.game_surrender_cancel(game_id=game.pk, player=alice)
        gs.game_surrender(game_id=game.pk, player=alice)
        with pytest.raises(gs.GameError):
            gs.game_surrender_answer(game_id=game.pk, player=alice, accept=True)
        gs.game_surrender_answer(game_id=game.pk, player=bob, accept=False)
        game.refresh_from_db()
        assert game.surrender_requested_by is None and game.status == "in_progress"
        gs.game_surrender(game_id=game.pk, player=alice)
        with mock.patch("games.services.play.game_rate_task") as rate:
            gs.game_surrender_answer(game_id=game.pk, player=bob, accept=True)
        game.refresh_from_db()
        assert (game.status, game.outcome, game.winner) == ("finished", "Surrender", bob)
        assert rate.delay_on_commit.call_count == 1
        assert game.turns.last().action == "surrender"
        assert Deck.objects.get(pk=game.deck1_id).losses == 1
        assert Deck.objects.get(pk=game.deck2_id).wins == 1

    def test_surrender_in_an_ai_game_is_accepted_at_once(self, alice):
        make_deck(alice)
        game = gs.ai_quick_game(player=alice)
        gs.game_surrender(game_id=game.pk, player=alice)
        game.refresh_from_db()
        assert game.status == "finished" and game.winner is None and game.outcome == "Surrender"

    def test_abort_only_when_the_opponent_is_away_for_good(self, started_game):
        game = started_game()
        alice, bob = game.player1, game.player2
        with pytest.raises(gs.GameError, match="three weeks"):
            gs.game_abort(game_id=game.pk, player=alice)
        bob.last_activity = timezone.now() - timedelta(days=22)
        bob.save()
        with mock.patch("games.services.play.game_rate_task"):
            gs.game_abort(game_id=game.pk, player=alice)
        game.refresh_from_db()
        assert (game.outcome, game.winner) == ("Abort", None)
        assert Deck.objects.get(pk=game.deck1_id).draws == 0  # Abort changes no deck stats

    def test_finish_when_the_opponent_let_his_turn_wait_three_weeks(self, started_game):
        game = started_game()
        waiting = game.player2 if game.current_seat == 0 else game.player1
        on_turn = player_on_turn(game)
        with pytest.raises(gs.GameError):
            gs.game_finish(game_id=game.pk, player=waiting)
        Game.objects.filter(pk=game.pk).update(
            last_action_at=timezone.now() - timedelta(days=21, minutes=1))
        with pytest.raises(gs.GameError):
            gs.game_finish(game_id=game.pk, player=on_turn)  # his own turn: no
        gs.game_finish(game_id=game.pk, player=waiting)
        game.refresh_from_db()
        assert (game.outcome, game.winner) == ("Abandon", waiting)

    def test_substitute_move_after_the_turn_timeout(self, started_game):
        game = started_game(turn_timeout=300)
        waiting = game.player2 if game.current_seat == 0 else game.player1
        absent = player_on_turn(game)
        with pytest.raises(gs.GameError, match="still has time"):
            gs.game_substitute_move(game_id=game.pk, player=waiting, version=game.version)
        with time_machine.travel(timezone.now() + timedelta(seconds=301)):
            gs.game_substitute_move(game_id=game.pk, player=waiting, version=game.version)
        turn = game.turns.get()
        assert turn.is_substitute and turn.actor == absent

    def test_a_played_out_game_records_outcome_card_and_deck_statistics(self, started_game):
        game = started_game()
        with mock.patch("games.services.play.game_rate_task") as rate:
            for i in range(600):
                game.refresh_from_db()
                if game.status != "in_progress":
                    break
                mover = player_on_turn(game)
                try:
                    gs.game_play_card(game_id=game.pk, player=mover, version=game.version,
                                      position=1 + i % 8)
                except gs.GameError:
                    _discard(game, mover, position=1 + i % 8)
        game.refresh_from_db()
        assert game.status == "finished" and game.finished_at is not None
        assert game.outcome in {"Destruction", "Construction", "Resource", "Timeout", "Draw"}
        assert rate.delay_on_commit.call_count == 1
        stats = CardStatistic.objects.all()
        turns = game.turns.count()
        assert sum(s.played + s.discarded for s in stats) >= turns
        assert sum(s.drawn for s in stats) >= 16  # both starting hands at least
        assert all(s.played == s.played_total for s in stats)
        decks = Deck.objects.filter(pk__in=[game.deck1_id, game.deck2_id])
        assert sum(d.wins + d.losses + d.draws for d in decks) == 2

    def test_ai_games_record_no_card_statistics(self, alice):
        make_deck(alice)
        game = gs.ai_quick_game(player=alice)
        gs.game_surrender(game_id=game.pk, player=alice)
        assert not CardStatistic.objects.exists()
        assert Deck.objects.get(pk=game.deck1_id).losses == 1

    def test_leaving_writes_a_chat_line_once(self, started_game):
        game = started_game()
        gs.game_surrender(game_id=game.pk, player=game.player1)
        gs.game_surrender_answer(game_id=game.pk, player=game.player2, accept=True)
        with pytest.raises(gs.GameError):
            gs.chat_post(game_id=game.pk, player=PlayerFactory(), body="hi")
        gs.game_leave(game_id=game.pk, player=game.player1)
        gs.game_leave(game_id=game.pk, player=game.player1)
        assert ChatMessage.objects.filter(game=game, author=None).count() == 1

    def test_cannot_leave_a_running_game(self, started_game):
        game = started_game()
        with pytest.raises(gs.GameError, match="once it is over"):
            gs.game_leave(game_id=game.pk, player=game.player1)


# ---------------------------------------------------------------- chat
class TestChat:
    def test_only_players_write_and_text_is_checked(self, started_game, carol):
        game = started_game()
        with pytest.raises(gs.GameError, match="Only the two players"):
            gs.chat_post(game_id=game.pk, player=carol, body="hi")
        with pytest.raises(gs.GameError, match="Write something"):
            gs.chat_post(game_id=game.pk, player=game.player1, body="   ")
        with pytest.raises(gs.GameError, match="at most"):
            gs.chat_post(game_id=game.pk, player=game.player1, body="x" * 1001)
        line = gs.chat_post(game_id=game.pk, player=game.player1,
                            body="[i]hi[/i]\n<b>raw</b>")
        assert "&lt;b&gt;raw" in line.body_html and "<b>raw" not in line.body_html

    def test_chat_does_not_make_the_movers_page_stale(self, started_game):
        game = started_game()
        version = game.version
        waiting = game.player2 if game.current_seat == 0 else game.player1
        gs.chat_post(game_id=game.pk, player=waiting, body="good luck")
        gs.game_discard_card(game_id=game.pk, player=player_on_turn(game), version=version,
                             position=1)


# ---------------------------------------------------------------- sweeps
class TestSweeps:
    def test_activity_sweep_marks_once(self, started_game):
        game = started_game()
        assert sweep_player_activity() == 1
        assert sweep_player_activity() == 0
        game.refresh_from_db()
        assert game.player1_activity == "online"
        game.player2.last_activity = timezone.now() - timedelta(days=30)
        game.player2.save()
        assert sweep_player_activity() == 1
        game.refresh_from_db()
        assert game.player2_activity == "dead"

    def test_timeout_sweep_announces_once_per_turn(self, started_game):
        game = started_game(turn_timeout=300)
        assert sweep_turn_timeouts() == 0
        later = timezone.now() + timedelta(seconds=400)
        assert sweep_turn_timeouts(now=later) == 1
        assert sweep_turn_timeouts(now=later) == 0
        game.refresh_from_db()
        assert game.timeout_noticed_version == game.version

    def test_deadline_sweep_announces_finish_once(self, started_game):
        game = started_game()
        Game.objects.filter(pk=game.pk).update(last_action_at=timezone.now() - timedelta(days=22))
        assert sweep_game_deadlines() == 1
        assert sweep_game_deadlines() == 0

    def test_left_games_are_cleaned_up(self, alice, started_game):
        make_deck(alice, name="ai")
        ai_game = gs.ai_quick_game(player=alice)
        gs.game_surrender(game_id=ai_game.pk, player=alice)
        gs.game_leave(game_id=ai_game.pk, player=alice)
        human = started_game()
        gs.chat_post(game_id=human.pk, player=human.player1, body="gg")
        gs.game_surrender(game_id=human.pk, player=human.player1)
        gs.game_surrender_answer(game_id=human.pk, player=human.player2, accept=True)
        gs.game_leave(game_id=human.pk, player=human.player1)
        gs.game_leave(game_id=human.pk, player=human.player2)
        later = timezone.now() + timedelta(days=2)
        assert sweep_left_games(now=later) > 0
        assert not Game.objects.filter(pk=ai_game.pk).exists()
        assert Game.objects.filter(pk=human.pk).exists()  # kept for replays and statistics
        assert not ChatMessage.objects.filter(game=human).exists()
        assert sweep_left_games(now=later) == 0
