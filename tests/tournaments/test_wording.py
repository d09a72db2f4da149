"""What the event pages say: names that already say their kind, lengths in words, why a
player is paused, what happens at the end, the Replay links a tutorial player cannot open
yet, the admin's lengths as choices, and who may create an event."""
import pytest
from django.urls import reverse
from django.utils import timezone

from games.tournaments import presence
from games.tournaments.admin import OPTION_FIELDS, OptionsCheckedForm
from games.tournaments.forms import TournamentForm, minutes_label, seconds_label
from games.tournaments.models import Entry, Kind, Policy, Tournament
from games.tournaments.services import creation_refusal, tournaments_tick

from .conftest import event, finish, joined, lose_on_time, running_games, start_now

pytestmark = pytest.mark.django_db


def _page(client, tournament, part=""):
    return client.get(reverse("tournaments:detail", args=[tournament.pk]) + part).content.decode()


def test_a_name_that_says_its_kind_is_not_followed_by_it_again(client_of, alice):
    alice.level = 10
    alice.save()
    client = client_of(alice)
    for name, kind in (("Newcomer Arena", Kind.ARENA), ("Carol's Swiss", Kind.SWISS)):
        tournament = event(kind, name=name)
        page = _page(client, tournament)
        heading = page.split("<h1>", 1)[1].split("</h1>", 1)[0]
        assert heading == name.replace("'", "&#x27;")
        assert str(tournament) == name
    plain = event(name="Friday night")
    heading = _page(client, plain).split("<h1>", 1)[1].split("</h1>", 1)[0]
    assert 'class="tag">Arena' in heading and str(plain) == "Friday night (Arena)"
    # the game page's line above the board too
    arena = Tournament.objects.get(name="Newcomer Arena")
    players = joined(arena, 2)
    start_now(arena)
    game = running_games(arena)[0]
    strip = client_of(players[0]).get(reverse("games:detail", args=[game.pk])).content.decode()
    strip = strip.split('id="game-event"', 1)[1].split("</p>", 1)[0]
    assert "game-event-kind" not in strip and "Newcomer Arena" in strip
    assert "a game still running then does not count" in strip


def test_lengths_are_said_in_words():
    assert minutes_label(1) == "1 minute" and minutes_label(5) == "5 minutes"
    assert minutes_label(61) == "1 hour 1 minute" and minutes_label(120) == "2 hours"
    assert seconds_label(60) == "1 minute" and seconds_label(1) == "1 second"
    offered = dict(TournamentForm().fields["turn_timeout"].choices)
    assert offered[60] == "1 minute" and "1 minutes" not in offered.values()


def test_the_admin_offers_the_lengths_as_choices():
    class EventForm(OptionsCheckedForm):
        class Meta:
            model = Tournament
            fields = OPTION_FIELDS

    form = EventForm()
    for name in ("duration_minutes", "rounds", "round_minutes", "turn_timeout"):
        html = str(form[name])
        assert html.startswith("<select"), name  # a choice, not a free number box
    assert 'value="45">45 minutes</option>' in str(form["duration_minutes"])


def test_the_page_says_why_a_player_is_paused_and_how_the_end_goes(client_of, on_commit):
    tournament = event()
    players = joined(tournament, 4)
    on_commit(start_now, tournament)
    one, two = running_games(tournament)
    on_commit(lose_on_time, one, 0)
    client = client_of(one.player2)
    controls = _page(client, tournament, "?part=controls")
    assert "lost a game on your turn's time limit" in controls and "Come back" in controls
    page = _page(client, tournament)
    assert "No new game starts in the last minute" in page
    assert "a game still running when the arena ends is played out but does not count" in page
    # One who left the pages is told so when he comes back.
    leaver = one.player1
    presence.page_opened(tournament.pk, leaver.pk)
    presence.page_closed(tournament.pk, leaver.pk,
                         now=timezone.now() - presence.AWAY_AFTER * 2)
    on_commit(tournaments_tick)
    assert Entry.objects.get(tournament=tournament, player=leaver).status == "paused"
    assert "because you left the event's pages" in _page(client_of(leaver), tournament,
                                                         "?part=controls")
    # The end: the game still running is named as not counted.
    Tournament.objects.filter(pk=tournament.pk).update(ends_at=timezone.now())
    on_commit(tournaments_tick)
    live = client.get(reverse("tournaments:live", args=[tournament.pk])).content.decode()
    assert "1 game was still running at the end: played out, not counted." in live
    assert "No new game starts" not in live
    assert len(players) == 4 and two.pk


def test_a_loss_on_time_is_worded_as_one_in_the_games_list(client_of, on_commit):
    tournament = event()
    joined(tournament, 2)
    on_commit(start_now, tournament)
    game = running_games(tournament)[0]
    on_commit(lose_on_time, game, 0)
    def games_list(player):
        return " ".join(client_of(player).get(reverse("games:list")).content.decode().split())
    loser_list = games_list(game.player2)
    assert "you lost (your turn's time limit passed)" in loser_list
    assert "Abandoned by the opponent" not in loser_list
    assert "you won (your opponent's turn time ran out)" in games_list(game.player1)


def test_replay_links_are_kept_from_players_whose_tutorial_has_not_opened_replays(
        client_of, on_commit):
    tournament = event()
    players = joined(tournament, 2, level=0)
    on_commit(start_now, tournament)
    on_commit(finish, running_games(tournament)[0], 0)
    page = _page(client_of(players[0]), tournament)
    assert 'class="panel tournament-live replays-locked"' in page
    assert 'class="replay-link"' in page  # the panel is everybody's; the CSS hides it
    assert ".tournament-live.replays-locked .replay-link { display: none; }" in open(
        "static/css/tournaments.css").read()
    veteran = joined(event(name="Other"), 1, level=10)[0]
    assert "replays-locked" not in _page(client_of(veteran), tournament)


def test_a_player_with_a_few_games_may_create_an_event():
    Policy.objects.all().delete()
    assert Policy.current().create_min_level == 3
    player = joined(event(), 1, level=3)[0]
    assert creation_refusal(player) is None
    player.level = 2
    assert creation_refusal(player) == "Players may create events from level 3 on."
