"""The self-play report (concepts.lab.selfplay): the arithmetic on small samples, the games
(paired deals, seats swapped, deterministic), the queued work and the concept page."""
import pytest
from django.urls import reverse

from concepts.lab import selfplay
from concepts.lab.cards import LabError, starter_payload
from concepts.lab.models import SelfPlayReport
from games import engine
from tests.games.conftest import make_deck

from .lab_helpers import _fresh_card_faces, lab_concept, n

_ = _fresh_card_faces
CID = engine.FIRST_CUSTOM_ID + 7000
STRONG = {"name": "Ink golem", "rarity": "Common", "bricks": 0, "gems": 0, "recruits": 1,
          "keywords": [], "effect": [{"kind": "attack", "amount": n(12)}]}


# ------------------------------------------------------------------ the arithmetic
def test_the_wilson_interval_of_small_samples():
    low, high = selfplay.wilson_interval(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    low, high = selfplay.wilson_interval(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = selfplay.wilson_interval(10, 10)
    assert low == pytest.approx(0.7225, abs=1e-4) and high == pytest.approx(1.0)
    assert selfplay.wilson_interval(0, 0) == (0.0, 1.0)


def test_the_mean_score_and_its_interval():
    mean, low, high = selfplay.mean_interval([1, 0, 1, 0.5])
    # sd = sqrt(0.6875 / 3) = 0.47871; half = 1.959964 * 0.47871 / 2 = 0.46913
    assert mean == 0.625 and low == pytest.approx(0.15587, abs=1e-4) and high == 1.0
    mean, low, high = selfplay.mean_interval([0.5] * 8)
    assert (mean, low, high) == (0.5, 0.5, 0.5)
    assert selfplay.mean_interval([]) == (0.0, 0.0, 1.0)
    assert selfplay.mean_interval([1]) == (1, 0.0, 1.0)


def test_a_summary_counts_results_plays_and_changes():
    games = [
        {"score": 1.0, "turns": 30, "concept_plays": [(0, 3, 0, 0, -6, 0, 0, 0)] * 2,
         "replaced_plays": []},
        {"score": 0.5, "turns": 50, "concept_plays": [], "replaced_plays": [(1,) * 8]},
        {"score": 0.0, "turns": 10, "concept_plays": [(0, 1, 0, 0, -2, 0, 0, 0)],
         "replaced_plays": [(3,) * 8]},
    ]
    report = selfplay.summarize(games)
    assert (report["games"], report["wins"], report["draws"], report["losses"]) == (3, 1, 1, 1)
    assert report["score"] == 0.5 and report["turns"] == 30
    assert report["win_rate"] == pytest.approx(1 / 3)
    concept = report["concept"]
    assert (concept["plays"], concept["games_played_in"]) == (3, 2)
    assert concept["per_game"] == 1.0 and concept["share_of_games"] == pytest.approx(2 / 3)
    assert concept["changes"]["my_wall"] == pytest.approx(7 / 3)
    assert concept["changes"]["enemy_tower"] == pytest.approx(-14 / 3)
    assert report["replaced"]["changes"]["my_stock"] == 2.0


def test_what_a_play_changed_leaves_out_cost_and_production():
    deck = engine.STARTER_DECKS[0]
    state = engine.new_game(deck, deck, seed=3, first=0, custom_cards={CID: STRONG})
    state.p[0].hand[0] = CID
    result = engine.play(state, 0, 1)
    changes = selfplay.play_changes(state, result.state, 0, engine.custom_card(CID, STRONG),
                                    result.record["production"])
    enemy_wall = state.p[1].a[1]
    assert changes[0:4] == (0, 0, 0, 0)  # the recruit paid and the production left out
    assert changes[5] == -min(12, enemy_wall) and changes[4] == -max(0, 12 - enemy_wall)


# ------------------------------------------------------------------ the games
def test_games_are_paired_deals_and_deterministic():
    base = starter_payload(0)
    replaced = base["common"][0]
    first = selfplay.run_games(base_deck=base, concept_id=CID, definition=STRONG,
                               replaced=replaced, games=6, level="standard", seed=11)
    again = selfplay.run_games(base_deck=base, concept_id=CID, definition=STRONG,
                               replaced=replaced, games=6, level="standard", seed=11)
    assert first == again and first["games"] == 6
    assert first["concept"]["plays"] > 0
    concept_deck, other = selfplay.decks_of(base, CID, replaced)
    assert concept_deck["common"][0] == CID and other["common"][0] == replaced


def test_each_deal_is_played_twice_with_the_seats_swapped(monkeypatch):
    calls = []

    def record(concept_deck, other_deck, **game):
        calls.append((game["seed"], game["concept_seat"]))
        return {"score": 0.5, "turns": 1, "concept_plays": [], "replaced_plays": []}

    monkeypatch.setattr(selfplay, "play_game", record)
    base = starter_payload(0)
    selfplay.run_games(base_deck=base, concept_id=CID, definition=STRONG,
                       replaced=base["common"][0], games=4, level="easy", seed=100)
    assert calls == [(100, 0), (100, 1), (101, 0), (101, 1)]


def test_a_much_stronger_card_shows_in_the_interval():
    base = starter_payload(1)
    weak = base["common"][0]
    huge = dict(STRONG, effect=[{"kind": "attack", "amount": n(60)},
                                {"kind": "change", "side": "me", "attr": "tower",
                                 "direction": "up", "amount": n(20)}])
    report = selfplay.run_games(base_deck=base, concept_id=CID, definition=huge,
                                replaced=weak, games=40, level="standard", seed=5)
    assert report["score_ci"][0] > 0.5  # the whole interval above even


# ------------------------------------------------------------------ the stored report
@pytest.fixture
def queued_here(settings):
    """Reports wait on this process's queue until drained (no thread: the test's data lives
    in its transaction)."""
    settings.LAB_SELFPLAY_THREADS = 0
    yield selfplay.local_reports
    selfplay.local_reports.discard_waiting()


def test_the_author_asks_for_a_report_and_it_is_made(alice, queued_here,
                                                     django_capture_on_commit_callbacks):
    concept = lab_concept(alice)
    base = starter_payload(2)
    with django_capture_on_commit_callbacks(execute=True):
        report = selfplay.report_request(concept_id=concept.pk, player=alice,
                                         choice=f"starter:2:{base['common'][1]}",
                                         games=100, level="easy")
    assert report.status == SelfPlayReport.Status.QUEUED and report.deck == base
    assert queued_here.waiting() == [report.pk]
    assert queued_here.drain() == 1
    report.refresh_from_db()
    assert report.status == SelfPlayReport.Status.DONE and report.progress == 100
    assert report.result["games"] == 100 and report.percent == 100
    assert not selfplay.report_run(report_id=report.pk)  # a repeat does nothing


def test_who_may_ask_and_what(alice, bob, staff, queued_here):
    concept = lab_concept(alice)
    choice = f"starter:0:{starter_payload(0)['common'][0]}"
    with pytest.raises(selfplay.LabPermissionError):
        selfplay.report_request(concept_id=concept.pk, player=bob, choice=choice, games=100,
                                level="easy")
    with pytest.raises(LabError, match="how many games"):
        selfplay.report_request(concept_id=concept.pk, player=alice, choice=choice,
                                games=5000, level="easy")
    with pytest.raises(LabError, match="easy or standard"):
        selfplay.report_request(concept_id=concept.pk, player=alice, choice=choice,
                                games=100, level="expert")
    with pytest.raises(LabError, match="replaces a common card"):
        selfplay.report_request(concept_id=concept.pk, player=alice, games=100, level="easy",
                                choice=f"starter:0:{starter_payload(0)['rare'][0]}")
    selfplay.report_request(concept_id=concept.pk, player=staff, choice=choice, games=100,
                            level="easy")  # the staff may
    with pytest.raises(LabError, match="being made now"):
        selfplay.report_request(concept_id=concept.pk, player=alice, choice=choice,
                                games=100, level="easy")
    assert SelfPlayReport.objects.count() == 1


def test_a_failed_run_is_marked_and_said(alice, queued_here, monkeypatch):
    concept = lab_concept(alice)
    report = selfplay.report_request(concept_id=concept.pk, player=alice, games=100,
                                     level="easy",
                                     choice=f"starter:0:{starter_payload(0)['common'][0]}")

    def broken(**kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(selfplay, "run_games", broken)
    assert not selfplay.report_run(report_id=report.pk)
    report.refresh_from_db()
    assert report.status == SelfPlayReport.Status.FAILED and "logged" in report.error


def test_the_concept_page_asks_shows_progress_and_figures(alice, bob, client_of, queued_here,
                                                         django_capture_on_commit_callbacks):
    concept = lab_concept(alice)
    deck = make_deck(alice)
    client = client_of(alice)
    page = client.get(concept.get_absolute_url()).content.decode()
    assert "Make the report" in page and f'value="deck:{deck.pk}:{deck.common[0]}"' in page
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("concepts:lab_report_new", args=[concept.pk]), {
            "report-replace": f"deck:{deck.pk}:{deck.common[0]}", "report-games": "100",
            "report-level": "standard"})
    assert response.status_code == 302
    report = SelfPlayReport.objects.get()
    partial = client.get(reverse("concepts:lab_report", args=[concept.pk, report.pk]))
    assert 'hx-trigger="every 2s"' in partial.content.decode()  # polled while queued
    queued_here.drain()
    partial = client.get(reverse("concepts:lab_report", args=[concept.pk, report.pk]))
    text = partial.content.decode()
    assert "every 2s" not in text and "95 % confidence interval" in text
    report.refresh_from_db()
    score = f"{100 * report.result['score']:.1f} %"
    assert f"<strong data-lab-score>{score}</strong>" in text
    # everybody who sees the concept sees the report; only its author and the staff ask
    other = client_of(bob)
    assert score in other.get(concept.get_absolute_url()).content.decode()
    assert "Make the report" not in other.get(concept.get_absolute_url()).content.decode()
    assert other.post(reverse("concepts:lab_report_new", args=[concept.pk]), {}).status_code \
        == 404
    assert client.get(reverse("concepts:lab_report", args=[concept.pk, 999])).status_code \
        == 404


def test_report_requests_are_flood_limited(alice, client_of, settings, queued_here):
    settings.FLOOD_CONTROL = True
    settings.FLOOD_LIMITS = {**settings.FLOOD_LIMITS, "selfplay": {"user": "1/h"}}
    concept = lab_concept(alice)
    client = client_of(alice)
    data = {"report-replace": f"starter:0:{starter_payload(0)['common'][0]}",
            "report-games": "100", "report-level": "easy"}
    url = reverse("concepts:lab_report_new", args=[concept.pk])
    client.post(url, data)
    SelfPlayReport.objects.update(status=SelfPlayReport.Status.DONE)
    second = client.post(url, data, follow=True)
    assert "Too many self-play reports of concepts" in second.content.decode()
    assert SelfPlayReport.objects.count() == 1
