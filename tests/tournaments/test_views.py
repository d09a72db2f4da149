"""The events' pages: the list, a new event, an event's page with its controls and live
panel, the forms posted from it, the top bar's link and the profile's history."""
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games import services as gs
from games.tournaments.models import Entry, Kind, Policy, Tournament
from tests.games.conftest import make_deck

from .conftest import event, finish, joined, running_games, start_now

pytestmark = pytest.mark.django_db

NEW = {"name": "Friday arena", "kind": "arena", "starts_in": "15", "duration_minutes": "30",
       "rounds": "5", "round_minutes": "30", "turn_timeout": "300", "deck_rule": "any",
       "rated": "on", "min_level": "0", "max_players": "50"}


@pytest.fixture
def level_ten(alice, bob, carol):
    for player in (alice, bob, carol):
        player.level = 10
        player.save()


def test_the_list_shows_each_kind_of_event(client_of, alice, level_ten):
    upcoming = event(name="Soon arena")
    running = event(Kind.SWISS, name="Now Swiss")
    joined(running, 2)
    start_now(running)
    page = client_of(alice).get(reverse("tournaments:list"))
    assert page.status_code == 200
    text = page.content.decode()
    assert "Soon arena" in text and "Now Swiss" in text
    assert text.index("Now Swiss") < text.index("Soon arena")  # running first
    assert reverse("tournaments:detail", args=[upcoming.pk]) in text


def test_creating_an_event_from_the_policys_level(client_of, alice, level_ten):
    Policy.objects.update_or_create(pk=1, defaults={"create_min_level": 11})
    client = client_of(alice)
    refused = client.get(reverse("tournaments:new"))
    assert "from level 11" in refused.content.decode()
    client.post(reverse("tournaments:new"), NEW)
    assert not Tournament.objects.exists()
    Policy.objects.filter(pk=1).update(create_min_level=10)
    answer = client.post(reverse("tournaments:new"), NEW)
    made = Tournament.objects.get()
    assert answer.status_code == 302 and answer.url == reverse("tournaments:detail",
                                                               args=[made.pk])
    assert made.created_by == alice and made.turn_timeout == 300
    assert timezone.now() + timedelta(minutes=14) < made.starts_at


def test_bad_input_for_a_new_event_is_a_message_not_an_error(client_of, alice, level_ten):
    Policy.objects.update_or_create(pk=1, defaults={"create_min_level": 0})
    answer = client_of(alice).post(reverse("tournaments:new"),
                                   {**NEW, "turn_timeout": "0", "kind": "knockout"})
    assert answer.status_code == 200 and not Tournament.objects.exists()
    assert "Select a valid choice" in answer.content.decode()


def test_creating_events_is_flood_limited(client_of, alice, level_ten, settings):
    settings.FLOOD_CONTROL = True
    settings.FLOOD_LIMITS = {**settings.FLOOD_LIMITS, "tournament": {"user": "1/h"}}
    Policy.objects.update_or_create(pk=1, defaults={"create_min_level": 0,
                                                    "open_events_per_player": 5})
    client = client_of(alice)
    client.post(reverse("tournaments:new"), NEW)
    second = client.post(reverse("tournaments:new"), {**NEW, "name": "Another"})
    assert second.status_code == 429 and "Too many new events" in second.content.decode()
    assert Tournament.objects.count() == 1


def test_joining_pausing_and_leaving_through_the_page(client_of, alice, level_ten):
    tournament = event()
    deck = make_deck(alice, name="Fire")
    client = client_of(alice)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert 'name="deck"' in page and "Fire" in page
    client.post(reverse("tournaments:join", args=[tournament.pk]), {"deck": deck.pk})
    entry = Entry.objects.get(tournament=tournament, player=alice)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert "You are in this event" in page and "Fire" in page
    client.post(reverse("tournaments:leave", args=[tournament.pk]))
    assert not Entry.objects.filter(pk=entry.pk).exists()


def test_a_deck_that_is_not_yours_is_refused_with_a_message(client_of, alice, bob, level_ten):
    tournament = event()
    bobs = make_deck(bob)
    answer = client_of(alice).post(reverse("tournaments:join", args=[tournament.pk]),
                                   {"deck": bobs.pk}, follow=True)
    assert answer.status_code == 200 and "Choose one of the decks offered" in \
        answer.content.decode()
    assert not Entry.objects.exists()


def test_only_the_creator_cancels(client_of, alice, bob, level_ten):
    Policy.objects.update_or_create(pk=1, defaults={"create_min_level": 0})
    client_of(alice).post(reverse("tournaments:new"), NEW)
    made = Tournament.objects.get()
    assert client_of(bob).post(reverse("tournaments:cancel", args=[made.pk])).status_code == 403
    client_of(alice).post(reverse("tournaments:cancel", args=[made.pk]))
    made.refresh_from_db()
    assert made.status == Tournament.Status.CANCELLED


def test_unknown_events_are_404(client_of, alice, level_ten):
    client = client_of(alice)
    for name in ("detail", "live"):
        assert client.get(reverse(f"tournaments:{name}", args=[999])).status_code == 404
    assert client.post(reverse("tournaments:join", args=[999]), {"deck": "1"}).status_code == 404


def test_the_event_page_shows_standings_games_and_at_the_end_the_podium(
        client_of, alice, level_ten, django_capture_on_commit_callbacks):
    tournament = event()
    players = joined(tournament, 4)
    with django_capture_on_commit_callbacks(execute=True):
        start_now(tournament)
    game = running_games(tournament)[0]
    client = client_of(players[0])
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert reverse("games:watch_game", args=[game.pk]) in page
    assert players[3].name in page
    with django_capture_on_commit_callbacks(execute=True):
        finish(game, 0)
    Tournament.objects.filter(pk=tournament.pk).update(ends_at=timezone.now())
    from games.tournaments.services import tournaments_tick

    tournaments_tick()
    live = client.get(reverse("tournaments:live", args=[tournament.pk])).content.decode()
    assert "Podium" in live and reverse("games:replay", args=[game.pk]) in live
    assert game.player1.name in live.split("Standings")[0]  # the winner is on the podium


def test_the_top_bar_links_to_the_event_you_are_in(client_of, alice, level_ten):
    tournament = event(name="Evening arena")
    client = client_of(alice)
    assert "nav-tournament" not in client.get(reverse("home")).content.decode()
    joined_entry = make_deck(alice)
    from games.tournaments.services import tournament_join

    tournament_join(tournament_id=tournament.pk, player=alice, deck=joined_entry.pk)
    page = client.get(reverse("games:list")).content.decode()
    assert 'id="nav-tournament"' in page and "Evening arena" in page
    assert reverse("tournaments:detail", args=[tournament.pk]) in page


def test_the_profile_lists_finished_events_with_the_place(
        client_of, alice, bob, level_ten, django_capture_on_commit_callbacks):
    tournament = event(Kind.SWISS, rounds=3, name="Spring Swiss")
    players = joined(tournament, 2)
    with django_capture_on_commit_callbacks(execute=True):
        start_now(tournament)
    for _round in range(3):
        for game in running_games(tournament):
            with django_capture_on_commit_callbacks(execute=True):
                finish(game, game.seat_of(players[0]))
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    page = client_of(alice).get(reverse("players:detail", args=[players[0].name])).content \
        .decode()
    assert "Spring Swiss" in page and 'class="place">1<' in page


def test_the_top_bar_prefers_the_running_event(client_of, alice, level_ten,
                                               django_capture_on_commit_callbacks):
    from games.tournaments.services import tournament_join

    upcoming = event(name="Later arena", starts_in=timedelta(minutes=1))
    running = event(name="Running arena", starts_in=timedelta(hours=2))
    deck = make_deck(alice)
    for tournament in (upcoming, running):
        tournament_join(tournament_id=tournament.pk, player=alice, deck=deck.pk)
    joined(running, 1)
    with django_capture_on_commit_callbacks(execute=True):
        start_now(running)
    page = client_of(alice).get(reverse("games:list")).content.decode()
    assert "Running arena" in page and "Later arena" not in page.split("nav-tournament")[1][:200]


def test_the_game_page_of_an_event_game_names_the_event(client_of, alice, bob, level_ten):
    tournament = event(name="Night arena")
    joined(tournament, 2)
    start_now(tournament)
    game = running_games(tournament)[0]
    page = client_of(game.player1).get(reverse("games:detail", args=[game.pk])).content.decode()
    strip = page.split('id="game-event"', 1)[1].split("</p>", 1)[0]
    assert f'data-tournament="{tournament.pk}"' in strip and f'data-game="{game.pk}"' in strip
    assert reverse("tournaments:detail", args=[tournament.pk]) in strip
    assert "Night arena" in strip and "Your next game opens here" in strip
    other = gs.challenge_create(challenger=alice, opponent=bob,
                                deck=make_deck(alice, name="Friendly"))
    other = gs.challenge_accept(game_id=other.pk, player=bob, deck=make_deck(bob, name="Mine"))
    page = client_of(other.player1).get(reverse("games:detail", args=[other.pk])).content
    assert b'id="game-event"' not in page


def test_the_live_panel_shows_the_leaders_and_links_to_every_player(
        client_of, alice, level_ten, monkeypatch):
    from games.tournaments import selectors

    monkeypatch.setattr(selectors, "STANDINGS_SHOWN", 3)
    tournament = event(name="Crowded arena")
    players = joined(tournament, 5, prefix="crowd")
    start_now(tournament)
    client = client_of(players[4])
    live = client.get(reverse("tournaments:live", args=[tournament.pk])).content.decode()
    standings_url = reverse("tournaments:standings", args=[tournament.pk])
    table = live.split('class="data compact standings"', 1)[1].split("</table>", 1)[0]
    assert table.count("data-player=") == 3
    assert f'href="{standings_url}">All 5 players' in live
    page = client.get(standings_url).content.decode()
    assert page.count("data-player=") == 5
    mine = page.split(f'data-player="{players[4].pk}"', 1)[1].split(">", 1)[0]
    assert "mine" in mine  # the viewer's own row is marked there (never in the shared panel)
    assert " mine" not in table
    controls = client.get(reverse("tournaments:detail", args=[tournament.pk])
                          + "?part=controls").content.decode()
    assert 'id="my-place">' in controls
    assert client.get(reverse("tournaments:standings", args=[999999])).status_code == 404
