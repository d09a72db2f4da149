"""Events through their services: creating, joining, the arena's pairing at each game's
end, Swiss rounds with byes and tie-breaks, the tick's housekeeping."""
from datetime import time, timedelta

import pytest
from django.utils import timezone

from games.models import Game
from games.services.events import game_finished
from games.tournaments import services
from games.tournaments.models import (
    DeckRule,
    Entry,
    Kind,
    Pairing,
    Policy,
    Schedule,
    Tournament,
)
from games.tournaments.services import TournamentError
from tests.factories import PlayerFactory
from tests.games.conftest import make_deck

from .conftest import (
    ARENA,
    entry_of,
    event,
    finish,
    joined,
    pairing_of,
    running_games,
    start_now,
)

pytestmark = pytest.mark.django_db


# ---------------------------------------------------------------- creating
def test_players_create_events_from_the_administrators_level(alice):
    Policy.objects.update_or_create(pk=1, defaults={"create_min_level": 15})
    soon = timezone.now() + timedelta(hours=1)
    alice.level = 14
    alice.save()
    with pytest.raises(TournamentError, match="from level 15"):
        services.tournament_create(creator=alice, options=ARENA, starts_at=soon)
    alice.level = 15
    alice.save()
    made = services.tournament_create(creator=alice, options=ARENA, starts_at=soon)
    assert made.status == Tournament.Status.UPCOMING and made.created_by == alice
    assert made.ends_at == soon + timedelta(minutes=30)


def test_a_player_has_only_so_many_events_open(alice):
    Policy.objects.update_or_create(pk=1, defaults={"create_min_level": 0,
                                                    "open_events_per_player": 1})
    soon = timezone.now() + timedelta(hours=1)
    services.tournament_create(creator=alice, options=ARENA, starts_at=soon)
    with pytest.raises(TournamentError, match="already have 1"):
        services.tournament_create(creator=alice, options=ARENA, starts_at=soon)


@pytest.mark.parametrize("bad", [{"kind": "knockout"}, {"turn_timeout": 0},
                                 {"turn_timeout": 7}, {"duration_minutes": 1},
                                 {"name": "x"}, {"min_level": -1}, {"deck_rule": "rares"}])
def test_event_options_are_checked(bad):
    with pytest.raises(TournamentError):
        services.options_check({**ARENA, **bad})


def test_the_creator_cancels_before_the_start_and_nobody_else_may(alice, bob):
    Policy.objects.update_or_create(pk=1, defaults={"create_min_level": 0})
    made = services.tournament_create(creator=alice, options=ARENA,
                                      starts_at=timezone.now() + timedelta(hours=1))
    with pytest.raises(TournamentError):
        services.tournament_cancel(tournament_id=made.pk, player=bob)
    services.tournament_cancel(tournament_id=made.pk, player=alice)
    made.refresh_from_db()
    assert made.status == Tournament.Status.CANCELLED


# ---------------------------------------------------------------- joining
def test_join_leave_and_join_again_before_the_start(alice):
    tournament = event()
    deck = make_deck(alice)
    services.tournament_join(tournament_id=tournament.pk, player=alice, deck=deck.pk)
    with pytest.raises(TournamentError, match="already"):
        services.tournament_join(tournament_id=tournament.pk, player=alice, deck=deck.pk)
    services.tournament_leave(tournament_id=tournament.pk, player=alice)
    assert not Entry.objects.filter(tournament=tournament).exists()
    services.tournament_join(tournament_id=tournament.pk, player=alice, deck=deck.pk)
    assert entry_of(tournament, alice).deck_cards["common"] == deck.common


def test_join_checks_level_bots_capacity_and_own_deck(alice, bob, carol):
    tournament = event(min_level=5, max_players=2)
    deck = make_deck(alice)
    with pytest.raises(TournamentError, match="level 5"):
        services.tournament_join(tournament_id=tournament.pk, player=alice, deck=deck.pk)
    for p in (alice, bob, carol):
        p.level = 5
        p.save()
    with pytest.raises(TournamentError, match="own decks"):
        services.tournament_join(tournament_id=tournament.pk, player=bob, deck=deck.pk)
    bob.is_bot = True
    bob.save()
    with pytest.raises(TournamentError, match="bots"):
        services.tournament_join(tournament_id=tournament.pk, player=bob,
                                 deck=make_deck(bob).pk)
    Tournament.objects.filter(pk=tournament.pk).update(bots_allowed=True)
    services.tournament_join(tournament_id=tournament.pk, player=bob,
                             deck=make_deck(bob, name="Second").pk)
    services.tournament_join(tournament_id=tournament.pk, player=alice, deck=deck.pk)
    with pytest.raises(TournamentError, match="full"):
        services.tournament_join(tournament_id=tournament.pk, player=carol,
                                 deck=make_deck(carol).pk)


def test_starter_rule_takes_a_starter_deck_and_commons_rule_only_commons(alice, bob):
    starter = event(deck_rule=DeckRule.STARTER)
    services.tournament_join(tournament_id=starter.pk, player=alice, deck="starter-1")
    entry = entry_of(starter, alice)
    assert entry.deck_name == "Defense"
    with pytest.raises(TournamentError, match="starter"):
        services.tournament_join(tournament_id=starter.pk, player=bob,
                                 deck=make_deck(bob).pk)
    commons = event(deck_rule=DeckRule.COMMONS)
    deck = make_deck(bob, name="Commons")
    services.tournament_join(tournament_id=commons.pk, player=bob, deck=deck.pk)
    cards = entry_of(commons, bob).deck_cards
    assert cards["uncommon"] == cards["rare"] == deck.common
    assert services.commons_only(cards["rare"])
    assert not services.commons_only(deck.uncommon)


def test_a_commons_deck_holding_a_stray_uncommon_is_refused(alice):
    commons = event(deck_rule=DeckRule.COMMONS)
    deck = make_deck(alice)
    deck.common = [deck.uncommon[0], *deck.common[1:]]
    deck.save()
    with pytest.raises(TournamentError, match="commons only"):
        services.tournament_join(tournament_id=commons.pk, player=alice, deck=deck.pk)


def test_an_event_with_fewer_than_two_players_is_cancelled_at_its_start(alice):
    tournament = event()
    joined(tournament, 1)
    Tournament.objects.filter(pk=tournament.pk).update(starts_at=timezone.now())
    assert not services.tournament_start(tournament_id=tournament.pk)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.CANCELLED


# ---------------------------------------------------------------- arena
def test_arena_pairs_everybody_at_the_start_with_the_events_modes(on_commit):
    tournament = event(hidden=True, rated=False, turn_timeout=120)
    joined(tournament, 5)
    on_commit(start_now, tournament)
    games = running_games(tournament)
    assert len(games) == 2
    assert all(g.is_hidden and g.is_friendly and g.turn_timeout == 120 for g in games)
    busy = Entry.objects.filter(tournament=tournament, current_pairing__isnull=False).count()
    assert busy == 4
    # pairing again changes nothing: nobody is in two games of the event
    assert services.arena_pair(tournament_id=tournament.pk) == 0


def test_a_finished_arena_game_pairs_its_players_again_at_once(on_commit):
    tournament = event()
    joined(tournament, 5)
    on_commit(start_now, tournament)
    first = running_games(tournament)[0]
    on_commit(finish, first, 0)
    pairing = pairing_of(first)
    assert pairing.result == Pairing.Result.WHITE and pairing.white_points == 2
    # the winner and the loser of that game, plus the fifth player who waited: one new game
    games = running_games(tournament)
    assert len(games) == 2
    newest = max(games, key=lambda g: g.pk)
    assert {newest.player1_id, newest.player2_id} != {first.player1_id, first.player2_id}
    free = Entry.objects.filter(tournament=tournament, current_pairing__isnull=True)
    assert free.count() == 1


def test_arena_rematch_waits_while_other_games_run(on_commit):
    tournament = event()
    joined(tournament, 4)
    on_commit(start_now, tournament)
    one, two = running_games(tournament)
    on_commit(finish, one, 1)
    assert running_games(tournament) == [two]  # the two of game one wait for someone new
    on_commit(finish, two, None)  # a draw frees two more: new opponents for everybody
    games = running_games(tournament)
    assert len(games) == 2
    old = [{one.player1_id, one.player2_id}, {two.player1_id, two.player2_id}]
    assert all({g.player1_id, g.player2_id} not in old for g in games)


def test_arena_streak_doubles_points(on_commit):
    tournament = event()
    players = joined(tournament, 2)
    on_commit(start_now, tournament)
    star = players[0]
    for _ in range(3):  # two players only: rematches are fine (nobody else plays)
        game = running_games(tournament)[0]
        on_commit(finish, game, game.seat_of(star))
    entry = entry_of(tournament, star)
    assert (entry.score, entry.wins, entry.streak) == (2 + 2 + 4, 3, 3)


def test_pause_and_withdraw_keep_a_player_out_of_new_pairings(on_commit):
    tournament = event()
    players = joined(tournament, 4)
    on_commit(start_now, tournament)
    game = running_games(tournament)[0]
    a, b = game.player1, game.player2
    services.tournament_pause(tournament_id=tournament.pk, player=a, paused=True)
    services.tournament_leave(tournament_id=tournament.pk, player=b)
    on_commit(finish, game, 0)
    assert entry_of(tournament, a).score == 2  # the game counted
    assert len(running_games(tournament)) == 1
    on_commit(services.tournament_pause, tournament_id=tournament.pk, player=a, paused=False)
    assert entry_of(tournament, a).current_pairing_id is None  # nobody else is free yet
    assert len(players) == 4


def test_late_join_of_a_running_arena_is_paired(on_commit):
    tournament = event()
    joined(tournament, 3)
    on_commit(start_now, tournament)
    late = PlayerFactory(user__username="late")
    on_commit(services.tournament_join, tournament_id=tournament.pk, player=late,
              deck=make_deck(late).pk)
    assert entry_of(tournament, late).current_pairing_id is not None


def test_the_arena_ends_on_time_with_a_podium_and_uncounted_running_games(on_commit):
    tournament = event()
    joined(tournament, 4)
    on_commit(start_now, tournament)
    one, two = running_games(tournament)
    on_commit(finish, one, 0)
    Tournament.objects.filter(pk=tournament.pk).update(ends_at=timezone.now())
    assert services.tournaments_tick()["finished"] == 1
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert pairing_of(two).result == Pairing.Result.UNSCORED
    winner = Entry.objects.get(tournament=tournament, final_rank=1)
    assert winner.player_id == one.player1_id
    on_commit(finish, two, 0)  # ends after the arena: nothing changes
    assert pairing_of(two).result == Pairing.Result.UNSCORED


# ---------------------------------------------------------------- Swiss
def test_swiss_of_five_rounds_with_a_bye_each_round_and_tie_breaks(on_commit):
    tournament = event(Kind.SWISS, rounds=5)
    joined(tournament, 5)
    on_commit(start_now, tournament)
    met = set()
    for round_number in range(1, 6):
        tournament.refresh_from_db()
        assert tournament.current_round == round_number
        byes = Pairing.objects.filter(tournament=tournament, round=round_number,
                                      result=Pairing.Result.BYE)
        assert byes.count() == 1
        games = running_games(tournament)
        assert len(games) == 2
        for game in games:
            pair = frozenset((game.player1_id, game.player2_id))
            assert pair not in met
            met.add(pair)
        for game in games:
            on_commit(finish, game, 0)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    # five players, five rounds: everybody had one bye
    assert Entry.objects.filter(tournament=tournament, had_bye=True).count() == 5
    ranks = list(Entry.objects.filter(tournament=tournament).order_by("final_rank")
                 .values_list("final_rank", "score", "buchholz"))
    assert [r[0] for r in ranks] == [1, 2, 3, 4, 5]
    assert [r[1] for r in ranks] == sorted((r[1] for r in ranks), reverse=True)
    assert sum(r[2] for r in ranks) > 0


def test_a_swiss_round_waits_for_its_last_game_then_its_time_limit_calls_it_off(on_commit):
    tournament = event(Kind.SWISS, rounds=3, round_minutes=10, turn_timeout=3600)
    joined(tournament, 4)
    on_commit(start_now, tournament)
    first, second = running_games(tournament)
    on_commit(finish, first, 1)
    tournament.refresh_from_db()
    assert tournament.current_round == 1
    later = timezone.now() + timedelta(minutes=11)
    on_commit(services.tournaments_tick, now=later)
    second.refresh_from_db()
    assert second.outcome == Game.Outcome.ABORT
    assert pairing_of(second).result == Pairing.Result.DRAW
    tournament.refresh_from_db()
    assert tournament.current_round == 2
    assert len(running_games(tournament)) == 2


def test_joining_a_running_swiss_is_refused(on_commit, alice):
    tournament = event(Kind.SWISS, rounds=3)
    joined(tournament, 2)
    on_commit(start_now, tournament)
    with pytest.raises(TournamentError, match="started"):
        services.tournament_join(tournament_id=tournament.pk, player=alice,
                                 deck=make_deck(alice).pk)


# ---------------------------------------------------------------- the tick
def test_an_overdue_turn_loses_the_game_and_the_player_on_turn_loses(on_commit):
    tournament = event(turn_timeout=60)
    joined(tournament, 2)
    on_commit(start_now, tournament)
    game = running_games(tournament)[0]
    on_turn = game.current_seat
    counts = on_commit(services.tournaments_tick, now=timezone.now() + timedelta(seconds=61))
    assert counts["overdue"] == 1
    game.refresh_from_db()
    assert game.outcome == Game.Outcome.ABANDON and game.winner_id == game.player_id_at(1 - on_turn)
    assert pairing_of(game).result != Pairing.Result.PENDING


def test_a_result_whose_news_was_lost_is_recorded_by_the_tick(on_commit):
    tournament = event()
    joined(tournament, 2)
    on_commit(start_now, tournament)
    game = running_games(tournament)[0]
    finish(game, 0)  # the after-commit news never runs: as with a lost task
    assert pairing_of(game).result == Pairing.Result.PENDING
    assert on_commit(services.tournaments_tick)["results"] == 1
    assert pairing_of(game).result == Pairing.Result.WHITE
    assert services.game_result_record(game_id=game.pk) is False  # once only


def test_a_failing_receiver_never_fails_the_games_end(on_commit, alice, bob):
    tournament = event()
    joined(tournament, 2)
    on_commit(start_now, tournament)
    game = running_games(tournament)[0]

    def broken(sender, **kwargs):
        raise RuntimeError("boom")

    game_finished.connect(broken, dispatch_uid="test-broken")
    try:
        on_commit(finish, game, 1)
    finally:
        game_finished.disconnect(dispatch_uid="test-broken")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert pairing_of(game).result == Pairing.Result.BLACK


def test_schedules_create_each_event_once():
    now = timezone.now().replace(hour=10, minute=0, second=0, microsecond=0)
    Schedule.objects.create(name="Daily arena", kind=Kind.ARENA, start_time=time(12, 0),
                            announce_hours=6, duration_minutes=60, turn_timeout=300)
    Schedule.objects.create(name="Weekly Swiss", kind=Kind.SWISS, every=Schedule.Every.WEEK,
                            weekday=(now.weekday() + 3) % 7, start_time=time(18, 0),
                            announce_hours=12, rounds=7)
    assert services.schedules_create(now=now) == 1
    assert services.schedules_create(now=now) == 0
    made = Tournament.objects.get()
    assert made.starts_at == now.replace(hour=12) and made.name == "Daily arena"
    assert made.ends_at == made.starts_at + timedelta(minutes=60)
