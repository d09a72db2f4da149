"""The admin of the puzzles, the balance tables and the card lab: every model listed and
shown to a superuser, searchable by what an administrator looks for, closed to players,
and read-only where the rows are records the statistics were counted from."""
import json
from datetime import timedelta

import pytest
from django.core import checks
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from concepts.lab import playtest, selfplay
from concepts.lab.models import LabCard, Playtest, SelfPlayReport
from games.balance import services as balance
from games.balance.models import BalanceState, CardBalance, CountedGame, SelfPlayRun
from games.puzzles import services as puzzles
from games.puzzles.models import DailyPuzzle, MinedGame, Puzzle, PuzzleAttempt, PuzzlePlayer
from tests.concepts.lab_helpers import _fresh_card_faces, lab_concept
from tests.games.balance.conftest import finished
from tests.games.conftest import make_deck
from tests.puzzles.factories import RIGHT, make_puzzle

_ = (_fresh_card_faces, finished)
pytestmark = pytest.mark.django_db

MODELS = (Puzzle, DailyPuzzle, PuzzlePlayer, PuzzleAttempt, MinedGame, CardBalance,
          CountedGame, BalanceState, SelfPlayRun, LabCard, Playtest, SelfPlayReport)


def _url(model, view, *args):
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{view}", args=args)


@pytest.fixture
def rows(alice, bob, carol, finished):
    """One row (at least) of each model, made through the services."""
    alice.level = 10  # past the tutorial: the lab and the games against the computer
    alice.save(update_fields=["level"])
    game = finished(alice, bob, decks=((1, 2, 3), (1, 2)), turns=[(0, "play", 1)])
    puzzle = make_puzzle(source_game=game)
    assert puzzles.daily_puzzle() == puzzle
    attempt = puzzles.puzzle_answer(puzzle_id=puzzle.pk, player=bob, **RIGHT)
    mined = MinedGame.objects.create(game=game, positions=12, found=1)
    assert balance.balance_refresh() == 1
    run = balance.selfplay_start(player=carol, games=10, level="easy", mode="normal", seed=7)
    concept = lab_concept(alice, name="Ink golem")
    deck = make_deck(alice)
    test = playtest.playtest_start(concept_id=concept.pk, player=alice,
                                   choice=f"deck:{deck.pk}:{deck.common[0]}", level="easy")
    report = selfplay.report_request(concept_id=concept.pk, player=alice, games=100,
                                     level="easy", choice=f"deck:{deck.pk}:{deck.common[1]}")
    return {Puzzle: puzzle, DailyPuzzle: DailyPuzzle.objects.get(),
            PuzzlePlayer: PuzzlePlayer.objects.get(player=bob), PuzzleAttempt: attempt,
            MinedGame: mined,
            CardBalance: CardBalance.objects.get(source="all", mode="all", card_id=1),
            CountedGame: CountedGame.objects.get(game_id=game.pk),
            BalanceState: BalanceState.objects.get(), SelfPlayRun: run,
            LabCard: LabCard.objects.get(), Playtest: test, SelfPlayReport: report,
            "game": game, "deck": deck, "finished": finished}


def _pages(rows):
    return [url for model in MODELS
            for url in (_url(model, "changelist"), _url(model, "change", rows[model].pk))]


def _results(response):
    return list(response.context["cl"].result_list)


def test_a_superuser_opens_every_list_and_every_row(superuser_client, rows):
    for model in MODELS:
        listing = superuser_client.get(_url(model, "changelist"))
        assert listing.status_code == 200, model
        assert rows[model] in _results(listing), model
        change = superuser_client.get(_url(model, "change", rows[model].pk))
        assert change.status_code == 200, model


def test_players_and_strangers_get_the_admin_login(rows, alice, client_of):
    for client in (Client(), client_of(alice)):
        for url in _pages(rows):
            response = client.get(url)
            assert response.status_code == 302, url
            assert response.url.startswith(reverse("admin:login")), url


def _queries(client, url) -> int:
    client.get(url)  # the session and the user are cached after the first request
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_the_lists_do_not_query_once_per_row(superuser_client, rows, alice, bob):
    """A second puzzle, day, answer, mined game, playtest and report add no query to
    their lists."""
    lists = [_url(model, "changelist") for model in
             (Puzzle, DailyPuzzle, PuzzleAttempt, PuzzlePlayer, MinedGame, SelfPlayRun,
              LabCard, Playtest, SelfPlayReport)]
    before = [_queries(superuser_client, url) for url in lists]
    game = rows["finished"](bob, alice)
    second = make_puzzle(seed=5, source_game=game)
    DailyPuzzle.objects.create(day=timezone.localdate() - timedelta(days=1), puzzle=second)
    puzzles.puzzle_answer(puzzle_id=second.pk, player=alice, **RIGHT)
    MinedGame.objects.create(game=game)
    SelfPlayRun.objects.filter(pk=rows[SelfPlayRun].pk).update(status=SelfPlayRun.Status.DONE)
    balance.selfplay_start(player=alice, games=10, level="easy", mode="normal", seed=8)
    other = lab_concept(bob, name="Ink golem II")
    deck = make_deck(bob)
    playtest.playtest_start(concept_id=other.pk, player=bob,
                            choice=f"deck:{deck.pk}:{deck.common[0]}", level="easy")
    selfplay.report_request(concept_id=other.pk, player=bob, games=100, level="easy",
                            choice=f"deck:{deck.pk}:{deck.common[1]}")
    after = [_queries(superuser_client, url) for url in lists]
    for url, one, two in zip(lists, before, after, strict=True):
        assert len(_results(superuser_client.get(url))) == 2, url
        assert two == one, (url, one, two)


def test_puzzles_are_found_by_id_and_by_the_source_games_players(superuser_client, rows):
    puzzle, listing = rows[Puzzle], _url(Puzzle, "changelist")
    assert _results(superuser_client.get(listing, {"q": str(puzzle.pk)})) == [puzzle]
    assert _results(superuser_client.get(listing, {"q": "alice"})) == [puzzle]
    assert _results(superuser_client.get(listing, {"q": "nobody-here"})) == []
    assert _results(superuser_client.get(listing, {"kind__exact": puzzle.kind})) == [puzzle]
    attempts = _url(PuzzleAttempt, "changelist")
    assert _results(superuser_client.get(attempts, {"q": "bob"})) == [rows[PuzzleAttempt]]
    assert _results(superuser_client.get(attempts, {"q": "alice"})) == []
    players = _url(PuzzlePlayer, "changelist")
    assert _results(superuser_client.get(players, {"q": "bob"})) == [rows[PuzzlePlayer]]


def test_lab_cards_are_found_by_name_concept_author_and_engine_id(superuser_client, rows):
    card, listing = rows[LabCard], _url(LabCard, "changelist")
    for term in ("ink gol", "alice", str(card.engine_id)):
        assert _results(superuser_client.get(listing, {"q": term})) == [card], term
    assert _results(superuser_client.get(listing, {"q": "nobody-here"})) == []
    reports = _url(SelfPlayReport, "changelist")
    assert _results(superuser_client.get(reports, {"q": "Ink golem"})) == [rows[SelfPlayReport]]
    tests = _url(Playtest, "changelist")
    assert _results(superuser_client.get(tests, {"q": "alice"})) == [rows[Playtest]]


def test_card_balance_rows_are_found_by_card_name_and_id(superuser_client, rows):
    listing = _url(CardBalance, "changelist")
    by_name = _results(superuser_client.get(listing, {"q": "Basic wall", "source__exact": "all"}))
    assert by_name and {row.card_id for row in by_name} == {1}
    by_id = _results(superuser_client.get(listing, {"q": "1", "source__exact": "all", "mode__exact": "all"}))
    assert rows[CardBalance] in by_id
    assert "Basic wall" in superuser_client.get(_url(CardBalance, "change", rows[CardBalance].pk)).content.decode()


def test_recorded_rows_are_neither_added_nor_changed(superuser_client, rows):
    for model in MODELS:
        if model is DailyPuzzle:
            continue
        assert superuser_client.get(_url(model, "add")).status_code == 403, model
        page = superuser_client.get(_url(model, "change", rows[model].pk)).content.decode()
        assert "<textarea" not in page and 'type="submit" value="Save"' not in page, model
    puzzle = rows[Puzzle]
    puzzle.refresh_from_db()  # answered since it was made
    before = (puzzle.solution, puzzle.rating, puzzle.attempts)
    assert superuser_client.post(_url(Puzzle, "change", puzzle.pk),
                     {"solution": '["discard:1:0"]', "attempts": "0"}).status_code == 403
    puzzle.refresh_from_db()
    assert (puzzle.solution, puzzle.rating, puzzle.attempts) == before
    page = superuser_client.get(_url(Puzzle, "change", puzzle.pk)).content.decode()
    assert puzzle.solution[0] in page and puzzle.fingerprint in page  # shown, read-only


def test_counted_rows_cannot_be_deleted_but_a_mined_game_can(superuser_client, rows):
    for model in (PuzzleAttempt, PuzzlePlayer, CardBalance, CountedGame, BalanceState,
                  SelfPlayRun):
        assert superuser_client.get(_url(model, "delete", rows[model].pk)).status_code == 403, model
    report = rows[SelfPlayReport]
    assert report.status == SelfPlayReport.Status.QUEUED  # being made: kept
    assert superuser_client.get(_url(SelfPlayReport, "delete", report.pk)).status_code == 403
    mined = rows[MinedGame]
    assert superuser_client.post(_url(MinedGame, "delete", mined.pk), {"post": "yes"}).status_code == 302
    assert not MinedGame.objects.filter(pk=mined.pk).exists()  # the miner looks again


def test_a_day_to_come_may_be_given_its_puzzle_not_today_or_the_past(superuser_client, rows):
    puzzle, today = rows[Puzzle], timezone.localdate()
    add = _url(DailyPuzzle, "add")
    response = superuser_client.post(add, {"day": str(today), "puzzle": str(puzzle.pk)})
    assert response.status_code == 200 and "day still to come" in response.content.decode()
    response = superuser_client.post(add, {"day": str(today + timedelta(days=1)), "puzzle": str(puzzle.pk)})
    assert response.status_code == 302
    assert puzzles.daily_puzzle(today + timedelta(days=1)) == puzzle
    todays = rows[DailyPuzzle]
    assert superuser_client.post(_url(DailyPuzzle, "change", todays.pk),
                     {"day": str(today + timedelta(days=3)),
                      "puzzle": str(puzzle.pk)}).status_code == 403
    assert superuser_client.get(_url(DailyPuzzle, "delete", todays.pk)).status_code == 403
    todays.refresh_from_db()
    assert todays.day == today
    listing = superuser_client.get(_url(DailyPuzzle, "changelist")).content.decode()
    assert 'class="field-answers">1<' in listing  # bob answered today's puzzle


def test_a_reports_deck_is_neither_shown_nor_filtered_on(superuser_client, rows):
    report, deck = rows[SelfPlayReport], rows["deck"]
    page = superuser_client.get(_url(SelfPlayReport, "change", report.pk)).content.decode()
    assert deck.name in page
    for cards in (report.deck["common"], report.deck["rare"]):
        assert json.dumps(cards) not in page and json.dumps(cards, indent=1) not in page
    listing = _url(SelfPlayReport, "changelist")
    for guess in (str(deck.common[2]), "no-such-card"):
        response = superuser_client.get(listing, {"deck__common__contains": guess})
        assert response.status_code == 400 or response["Location"].endswith("?e=1")


# As tests/security/test_admin_privacy.py tries on every list, and a few more.
ODD_FILTERS = [{"nonexistent__x": "1"}, {"id__in": "a,b"}, {"id": "abc"}, {"id__gt": "x"},
               {"id__regex": "["}, {"id__iregex": "(a"}, {"id__isnull": "maybe"},
               {"created_at__year": "x"}, {"o": "x.y"}, {"o": "99"}, {"q": "\x00"},
               {"q": "a" * 5000}, {"q": "'"}, {"q": "99999999999999999999999"}, {"p": "-1"},
               {"p": "99999"}, {"_to_field": "password"}, {"_popup": "1", "_to_field": "deck"},
               {"day__gte": "not-a-date"}, {"game_id": "x"}]


def test_odd_filters_never_break_these_lists(superuser_client, rows):
    superuser_client.raise_request_exception = False
    for model in MODELS:
        for params in ODD_FILTERS:
            status = superuser_client.get(_url(model, "changelist"), params).status_code
            assert status < 500, (model, params, status)


def test_the_privacy_checks_pass_with_these_admins():
    assert not [e for e in checks.run_checks(tags=[checks.Tags.admin])
                if e.id.startswith("privacy.")]
