"""The statistics a finished game leaves: deck results and card counts."""
import pytest

from decks.models import Deck
from games import services as gs
from games.models import CardStatistic
from tests.games.conftest import make_deck, play_turns

pytestmark = pytest.mark.django_db


class TestGameStatisticsRecord:
    def test_a_played_out_game_records_outcome_card_and_deck_statistics(
            self, started_game, django_capture_on_commit_callbacks):
        game = started_game()
        with django_capture_on_commit_callbacks(execute=True):
            play_turns(game, 600)
        game.refresh_from_db()
        assert game.status == "finished" and game.finished_at is not None
        assert game.outcome in {"Destruction", "Construction", "Resource", "Timeout", "Draw"}
        assert game.rated_at is not None  # rated after commit
        stats = CardStatistic.objects.all()
        turns = game.turns.count()
        assert sum(s.played + s.discarded for s in stats) >= turns
        assert sum(s.drawn for s in stats) >= 16  # both starting hands at least
        assert all(s.played == s.played_total for s in stats)
        decks = Deck.objects.filter(pk__in=[game.deck1_id, game.deck2_id])
        assert sum(d.wins + d.losses + d.draws for d in decks) == 2

    def test_each_ended_game_adds_exactly_its_counts_to_the_rows_already_there(
            self, started_game, django_capture_on_commit_callbacks):
        from collections import Counter

        from games.services.statistics import card_counts, card_statistics_reset_latest

        def ended_game():
            game = started_game()
            with django_capture_on_commit_callbacks(execute=True):
                play_turns(game, 600)
            game.refresh_from_db()
            assert game.status == "finished"
            return game

        def rows():
            return {s.card_id: s for s in CardStatistic.objects.all()}

        first, second = ended_game(), ended_game()
        expected = {}
        for game in (first, second):
            for cid, counter in card_counts(game).items():
                expected.setdefault(cid, Counter()).update(counter)
        found = rows()
        assert set(found) == set(expected)
        for cid, counter in expected.items():
            row = found[cid]
            assert (row.played, row.discarded, row.drawn) == (
                counter["played"], counter["discarded"], counter["drawn"])
            assert (row.played_total, row.discarded_total, row.drawn_total) == (
                row.played, row.discarded, row.drawn)
        card_statistics_reset_latest()
        third = ended_game()
        after = rows()
        for cid, counter in card_counts(third).items():
            assert after[cid].played == counter["played"]  # the latest counters start again
            assert after[cid].played_total == (expected.get(cid, Counter())["played"]
                                               + counter["played"])

    def test_ai_games_record_no_card_statistics(self, alice):
        make_deck(alice)
        game = gs.ai_quick_game(player=alice)
        gs.game_surrender(game_id=game.pk, player=alice)
        assert not CardStatistic.objects.exists()
        assert Deck.objects.get(pk=game.deck1_id).losses == 1

