"""Events with real players: the games of an event hold no game slot, a player who has left
the event's pages or lost on time is paused (not paired into games he would lose on time),
and no arena game starts in its last minute."""
from datetime import timedelta

import pytest
from django.utils import timezone

from games import services as gs
from games.models import Game
from games.tournaments import presence, services
from games.tournaments.models import Entry, Kind, Pairing, Tournament
from games.tournaments.rules import LAST_PAIRING
from tests.games.conftest import make_deck

from .conftest import entry_of, event, finish, joined, lose_on_time, running_games, start_now

pytestmark = pytest.mark.django_db


# ---------------------------------------------------------------- game slots
def test_an_events_games_hold_no_game_slot_running_or_finished(on_commit):
    tournament = event()
    players = joined(tournament, 2)
    star = players[0]
    # Her own games fill every slot but one ...
    deck = make_deck(star, name="Spare")
    for _ in range(gs.game_slots_limit(star) - 1):
        gs.game_host(host=star, deck=deck)
    on_commit(start_now, tournament)
    # ... the arena's game, running, takes none: the last slot is still free,
    game = running_games(tournament)[0]
    assert game.is_arranged
    assert gs.game_slots_used(star) == gs.game_slots_limit(star) - 1
    for _ in range(5):  # ... nor do the arena's games once finished (never left)
        game = running_games(tournament)[0]
        on_commit(finish, game, game.seat_of(star))
    assert Game.objects.filter(is_arranged=True, status=Game.Status.FINISHED).count() == 5
    assert gs.game_slots_used(star) == gs.game_slots_limit(star) - 1
    gs.ai_game_start(player=star, deck=deck)  # Quick game is not refused


# ---------------------------------------------------------------- who is still there
def _gone(tournament, player, *, seconds_ago):
    """The player had the event's page open and closed it ``seconds_ago``."""
    presence.page_opened(tournament.pk, player.pk)
    presence.page_closed(tournament.pk, player.pk,
                         now=timezone.now() - timedelta(seconds=seconds_ago))


def test_a_player_who_left_the_events_pages_is_paused_and_not_paired(on_commit):
    tournament = event()
    players = joined(tournament, 4)
    on_commit(start_now, tournament)
    one, two = running_games(tournament)
    for player in players:
        presence.page_opened(tournament.pk, player.pk)
    # one of game one's players closes his last page of the event; the other stays
    leaver = one.player1
    presence.page_closed(tournament.pk, leaver.pk,
                         now=timezone.now() - presence.AWAY_AFTER - timedelta(seconds=1))
    on_commit(finish, one, 1)
    on_commit(finish, two, 0)  # four free: he is left out, the other three wait
    entry = entry_of(tournament, leaver)
    assert (entry.status, entry.paused_reason) == (Entry.Status.PAUSED, Entry.Paused.AWAY)
    assert entry.current_pairing_id is None
    games = running_games(tournament)
    assert len(games) == 1 and leaver.pk not in (games[0].player1_id, games[0].player2_id)
    # He comes back (the event's page again, its button): paired as soon as someone is free.
    presence.page_opened(tournament.pk, leaver.pk)
    on_commit(services.tournament_pause, tournament_id=tournament.pk, player=leaver,
              paused=False)
    assert entry_of(tournament, leaver).current_pairing_id is not None


def test_a_page_closed_moments_ago_or_never_opened_keeps_a_player_in_the_pairings(on_commit):
    tournament = event()
    players = joined(tournament, 4)
    # going from the event's page to a game's (a reload, a socket reconnecting) ...
    _gone(tournament, players[0], seconds_ago=3)
    # ... and a player never seen on a page (a bot playing through the API): both paired
    on_commit(start_now, tournament)
    assert len(running_games(tournament)) == 2
    assert not Entry.objects.filter(tournament=tournament, status=Entry.Status.PAUSED).exists()


def test_the_tick_pauses_who_left_even_when_nobody_can_be_paired(on_commit):
    tournament = event()
    players = joined(tournament, 3)
    on_commit(start_now, tournament)
    (odd,) = [p for p in players if entry_of(tournament, p).current_pairing_id is None]
    _gone(tournament, odd, seconds_ago=presence.AWAY_AFTER.total_seconds() + 1)
    version = Tournament.objects.get(pk=tournament.pk).version
    on_commit(services.tournaments_tick)
    entry = entry_of(tournament, odd)
    assert (entry.status, entry.paused_reason) == (Entry.Status.PAUSED, Entry.Paused.AWAY)
    assert Tournament.objects.get(pk=tournament.pk).version > version  # the pages are told


def test_a_swiss_round_leaves_out_who_left_the_events_pages(on_commit):
    tournament = event(Kind.SWISS, rounds=3)
    players = joined(tournament, 4)
    _gone(tournament, players[3], seconds_ago=600)
    on_commit(start_now, tournament)
    assert entry_of(tournament, players[3]).status == Entry.Status.PAUSED
    round_one = Pairing.objects.filter(tournament=tournament, round=1)
    assert {p.white.player_id for p in round_one} | {
        p.black.player_id for p in round_one if p.black} == {p.pk for p in players[:3]}


def test_a_page_of_the_events_game_counts_as_being_with_the_event(on_commit):
    from games.tournaments.receivers import (
        arranged_socket_closed_received,
        arranged_socket_opened_received,
    )
    tournament = event()
    players = joined(tournament, 2)
    on_commit(start_now, tournament)
    game = running_games(tournament)[0]
    player = players[0]
    arranged_socket_opened_received(None, game_id=game.pk, player_id=player.pk,
                                    event_id=tournament.pk)
    assert presence.gone_since(tournament.pk, [player.pk]) == {}
    arranged_socket_closed_received(None, game_id=game.pk, player_id=player.pk,
                                    event_id=tournament.pk)
    assert set(presence.gone_since(tournament.pk, [player.pk])) == {player.pk}
    # A page that names an event its game is not of is not counted.
    other = event(name="Other arena")
    arranged_socket_opened_received(None, game_id=game.pk, player_id=player.pk,
                                    event_id=other.pk)
    assert presence.gone_since(other.pk, [player.pk]) == {}


# ---------------------------------------------------------------- losing on time
def test_a_loss_on_time_pauses_the_loser_and_the_winner_plays_on(on_commit):
    tournament = event()
    joined(tournament, 4)
    on_commit(start_now, tournament)
    one, two = running_games(tournament)
    on_commit(lose_on_time, one, 0)  # seat 1 let his turn's time pass
    on_commit(finish, two, 0)
    loser = entry_of(tournament, one.player2)
    assert (loser.status, loser.paused_reason) == (Entry.Status.PAUSED, Entry.Paused.TIME)
    assert loser.losses == 1  # the game counted
    # the three others: one new game (the winner of game one not against his last
    # opponent), the fourth waits
    games = [g for g in running_games(tournament) if g.pk not in (one.pk, two.pk)]
    assert len(games) == 1
    assert one.player2_id not in (games[0].player1_id, games[0].player2_id)
    one.refresh_from_db()
    assert one.outcome_label == "Turn time limit passed"


# ---------------------------------------------------------------- the end
def test_no_game_starts_in_the_arenas_last_minute(on_commit):
    tournament = event()
    joined(tournament, 4)
    on_commit(start_now, tournament)
    one, _two = running_games(tournament)
    Tournament.objects.filter(pk=tournament.pk).update(
        ends_at=timezone.now() + LAST_PAIRING - timedelta(seconds=5))
    on_commit(finish, one, 0)
    assert len(running_games(tournament)) == 1  # its two players wait: no new game
    assert Entry.objects.filter(tournament=tournament, current_pairing__isnull=True).count() == 2
