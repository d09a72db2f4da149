"""Events in the browser: an arena of four and a Swiss event of five rounds run to their
podiums. alice plays in a real browser (she joins through the page, is taken to her game
when it begins, surrenders through the game screen, follows the top bar back to the event;
a game page of the event opens her next game);
the other players are simulated through the services, which also end their games quickly.
The event page changes by itself over its websocket."""
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import Error as PlaywrightError

from games import services as gs
from games.models import Game
from games.tournaments import services
from games.tournaments.models import Entry, Kind, Pairing, Tournament
from tests.browser.conftest import log_in
from tests.factories import PlayerFactory
from tests.games.conftest import make_deck

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _event(kind, **options):
    base = {"name": f"Browser {kind}", "kind": kind, "duration_minutes": 30, "rounds": 5,
            "round_minutes": 60, "turn_timeout": 600}
    tournament = Tournament.objects.create(
        starts_at=timezone.now() + timedelta(minutes=5),
        **services.options_check({**base, **options}))
    services.set_end(tournament)
    return tournament


def _simulated(tournament, names):
    players = []
    for name in names:
        player = PlayerFactory(user__username=name, level=10)
        services.tournament_join(tournament_id=tournament.pk, player=player,
                                 deck=make_deck(player, name="Sim").pk)
        players.append(player)
    return players


def _start(tournament):
    Tournament.objects.filter(pk=tournament.pk).update(starts_at=timezone.now())
    assert services.tournament_start(tournament_id=tournament.pk)


def _running(tournament):
    return list(Game.objects.filter(tournament_pairing__tournament=tournament,
                                    status=Game.Status.IN_PROGRESS).order_by("pk"))


def _finish_all(tournament, winner_seat=0):
    """Every running game of the event ends: the other seat gives up (a loss on time would
    pause the loser)."""
    for game in _running(tournament):
        gs.game_surrender(game_id=game.pk, player=game.player_at(1 - winner_seat))
        gs.game_surrender_answer(game_id=game.pk, player=game.player_at(winner_seat),
                                 accept=True)


def _join_in_the_page(page, base, tournament):
    page.goto(f"{base}{reverse('tournaments:list')}")
    page.click(f"text={tournament.name}")
    page.wait_for_selector("#tournament-live[data-socket=open]")
    page.click(".join-form button[type=submit]")
    page.wait_for_selector("text=You are in this event")


def _controls_fetch(url):
    """The event page's fetch of the viewer's own controls (?part=controls)."""
    return "part=controls" in url


def _open(page, url):
    """page.goto, again if a navigation of the page's own (an event page opening alice's
    new game as its socket names it) cut it short."""
    for _ in range(3):
        try:
            page.goto(url)
            return
        except PlaywrightError as error:
            if "ERR_ABORTED" not in str(error):
                raise
            page.wait_for_load_state()
    page.goto(url)


def _surrender_in_the_game(page, alice, game):
    """alice gives up through the game screen; her opponent accepts (simulated)."""
    page.wait_for_selector("#board")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#board button:has-text('Surrender')")
    page.wait_for_selector("text=You asked to surrender")
    opponent = game.player2 if game.player1_id == alice.pk else game.player1
    gs.game_surrender_answer(game_id=game.pk, player=opponent, accept=True)
    page.wait_for_selector(".end-screen", timeout=30_000)


def test_an_arena_of_four_to_its_podium(page, asgi_url, alice, screenshot):
    alice.level = 10
    alice.save()
    make_deck(alice, name="Alice's deck")
    tournament = _event(Kind.ARENA)
    log_in(page, asgi_url, "alice")
    _join_in_the_page(page, asgi_url, tournament)
    _simulated(tournament, ["bert", "cleo", "dora"])
    # the live panel shows the newcomers without a reload
    page.wait_for_selector("#tournament-live >> text=dora")
    _start(tournament)
    # alice's first game begins: the event page takes her there
    page.wait_for_url(f"{asgi_url}/games/*/", timeout=30_000)
    game = Game.objects.get(pk=int(page.url.rstrip("/").rsplit("/", 1)[1]))
    assert Pairing.objects.filter(game=game, tournament=tournament).exists()
    _surrender_in_the_game(page, alice, game)
    # the top bar leads back to the event
    page.click("#nav-tournament")
    page.wait_for_selector("#tournament-live")
    assert Entry.objects.get(tournament=tournament, player=alice).losses == 1
    # the other game ends: four players free, new opponents for all. The page opens alice's
    # new game from the socket's frame naming it (sent to her alone), not from the panel:
    # her controls, which the panel's change would fetch, are kept from her meanwhile.
    page.wait_for_selector("#tournament-live[data-socket=open]")
    page.route(_controls_fetch, lambda route: route.abort())
    _finish_all(tournament, winner_seat=1)
    page.wait_for_url(f"{asgi_url}/games/*/", timeout=30_000)
    page.unroute(_controls_fetch)
    second = Game.objects.get(pk=int(page.url.rstrip("/").rsplit("/", 1)[1]))
    assert {second.player1_id, second.player2_id} != {game.player1_id, game.player2_id}
    # she stays on her game's page, which names the event; when the games end, that page
    # shows her next game of the event itself: its board comes over the socket and the page
    # becomes that game's (no page load)
    page.wait_for_selector(f"#game-event[data-tournament='{tournament.pk}']")
    page.wait_for_selector("#live-status[data-state=live]")
    screenshot("arena-game-strip")
    page.evaluate("window.__marcomagePageLoads = 1")  # gone if the page loads again
    _finish_all(tournament, winner_seat=0)
    page.wait_for_url(lambda url: "/games/" in url and f"/games/{second.pk}/" not in url,
                      timeout=30_000)
    third = Game.objects.get(pk=int(page.url.rstrip("/").rsplit("/", 1)[1]))
    assert Pairing.objects.filter(game=third, tournament=tournament).exists()
    assert alice.pk in (third.player1_id, third.player2_id)
    page.wait_for_selector(f"#board[data-game='{third.pk}']")
    assert page.evaluate("[window.__marcomagePageLoads, window.__marcomageEventSwitches]") \
        == [1, 1]
    # the parts around the board are the new game's (its chat, its line above the board),
    # and the socket is the new game's: a chat line of the new opponent shows up
    page.wait_for_selector(f"#chat-form[action='/games/{third.pk}/chat/']")
    page.wait_for_selector(f"#game-event[data-game='{third.pk}']")
    page.wait_for_selector("#live-status[data-state=live]")
    opponent = third.player2 if third.player1_id == alice.pk else third.player1
    gs.chat_post(game_id=third.pk, player=opponent, body="Good luck in game three")
    page.wait_for_selector("#chat-lines >> text=Good luck in game three", timeout=30_000)
    assert "Game against" in page.title() and opponent.name in page.title()
    screenshot("arena-next-game-pushed")
    page.goto(f"{asgi_url}{reverse('tournaments:detail', args=[tournament.pk])}")
    # alice pauses through the page: the others play on without her
    page.click("#tournament-controls button:has-text('Pause')")
    page.wait_for_selector("#tournament-controls >> text=paused")
    page.wait_for_selector("#tournament-live[data-socket=open]")
    for _ in range(2):
        _finish_all(tournament, winner_seat=0)
    Tournament.objects.filter(pk=tournament.pk).update(ends_at=timezone.now())
    services.tournaments_tick()
    page.wait_for_selector("#podium-h", timeout=30_000)  # pushed, no reload
    places = page.locator(".podium-places li")
    assert places.count() == 3
    winner = Entry.objects.get(tournament=tournament, final_rank=1)
    assert winner.player.name in places.first.inner_text()
    screenshot("arena-podium")


def test_a_swiss_of_five_rounds_to_its_podium(page, asgi_url, alice, screenshot):
    alice.level = 10
    alice.save()
    make_deck(alice, name="Alice's deck")
    tournament = _event(Kind.SWISS, rounds=5)
    log_in(page, asgi_url, "alice")
    _join_in_the_page(page, asgi_url, tournament)
    _simulated(tournament, ["bert", "cleo", "dora", "emil"])
    _start(tournament)
    # five players: one has the bye; alice plays round 1 if she was paired
    mine = [g for g in _running(tournament) if alice.pk in (g.player1_id, g.player2_id)]
    if mine:
        page.wait_for_url(f"{asgi_url}/games/{mine[0].pk}/", timeout=30_000)
        _surrender_in_the_game(page, alice, mine[0])
    for round_number in range(1, 5):
        tournament.refresh_from_db()
        assert tournament.current_round == round_number
        _finish_all(tournament, winner_seat=round_number % 2)
    tournament.refresh_from_db()
    assert tournament.current_round == 5
    _open(page, f"{asgi_url}{reverse('tournaments:detail', args=[tournament.pk])}")
    page.wait_for_selector("#tournament-live[data-socket=open]")
    assert page.locator("#pairings-h").inner_text() == "Round 5"
    assert page.locator("text=bye (+1)").count() == 1
    _finish_all(tournament, winner_seat=0)
    page.wait_for_selector("#podium-h", timeout=30_000)  # pushed, no reload
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert Entry.objects.filter(tournament=tournament, had_bye=True).count() == 5
    assert page.locator("abbr[title^='Buchholz']").count() == 1
    winner = Entry.objects.get(tournament=tournament, final_rank=1)
    assert winner.player.name in page.locator(".podium-places li").first.inner_text()
    # the finished event is on alice's profile, with her place
    page.goto(f"{asgi_url}{reverse('players:detail', args=['alice'])}")
    assert page.locator("#tournaments >> text=Browser swiss").count() == 1
    screenshot("swiss-podium")


def test_a_crowded_arena_page_fits_a_desktop_and_a_phone(page, asgi_url, alice, screenshot):
    """An arena of 60 running: the event page (the 50 leaders, the games, alice's place) and
    the standings page of all 60 fit 1280×800 and 375×812 without sideways scrolling."""
    from tests.browser.test_board_layout_browser import LAYOUT_PROBLEMS

    alice.level = 10
    alice.save()
    tournament = _event(Kind.ARENA, name="Crowded evening arena")
    services.tournament_join(tournament_id=tournament.pk, player=alice,
                             deck=make_deck(alice, name="Alice's deck").pk)
    _simulated(tournament, [f"crowd{n:02d}" for n in range(59)])
    _start(tournament)
    _finish_all(tournament, winner_seat=0)  # a round of results; everyone paired again
    log_in(page, asgi_url, "alice")
    detail = f"{asgi_url}{reverse('tournaments:detail', args=[tournament.pk])}"
    standings = f"{asgi_url}{reverse('tournaments:standings', args=[tournament.pk])}"
    for width, height in ((1280, 800), (375, 812)):
        page.set_viewport_size({"width": width, "height": height})
        _open(page, detail)
        page.wait_for_selector("#tournament-live[data-socket=open]")
        assert page.locator(".standings tbody tr").count() == 50
        assert page.locator("#my-place").count() == 1
        assert page.evaluate(LAYOUT_PROBLEMS) == []
        screenshot(f"event-{width}")
        page.click("text=All 60 players")
        page.wait_for_url(standings)
        assert page.locator(".standings tbody tr").count() == 60
        assert page.locator(f".standings tr.mine[data-player='{alice.pk}']").count() == 1
        assert page.evaluate(LAYOUT_PROBLEMS) == []
        screenshot(f"standings-{width}")
