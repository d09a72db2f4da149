"""The computer levels' ratings (issue 47; games.ai_ratings): games among the levels on
paired deals, Glicko-2 from all recorded games with the standard AI at 1500, shown on the
computer-game form and the help page, refreshed by ``manage.py ai_ratings``."""
import re

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from games.ai_ratings.matches import match_deal
from games.ai_ratings.selectors import ai_level_ratings
from games.ai_ratings.services import ai_ratings_compute, ai_ratings_refresh
from games.models import AiLevelGame, AiLevelRating


def _game(a, b, score, period, hidden=False):
    sims = {"hard": 120, "expert": 300}
    return AiLevelGame(level_a=a, level_b=b, score_a=score, turns=30, period=period,
                       hidden=hidden, simulations_a=sims.get(a), simulations_b=sims.get(b))


def test_the_ratings_follow_the_results_with_the_standard_ai_at_1500():
    games = [g for period in range(1, 6) for g in (
        _game("expert", "standard", 1, period), _game("standard", "expert", 0.5, period),
        _game("hard", "standard", 1, period), _game("standard", "hard", 0, period),
        _game("expert", "hard", 1, period), _game("hard", "expert", 0, period),
        _game("easy", "standard", 0, period), _game("standard", "easy", 1, period))]
    rated = ai_ratings_compute(games)
    assert rated["standard"][0].rating == pytest.approx(1500)
    order = sorted(rated, key=lambda level: rated[level][0].rating)
    assert order == ["easy", "standard", "hard", "expert"]
    assert {level: count for level, (_r, count) in rated.items()} == {
        "expert": 20, "standard": 30, "hard": 20, "easy": 10}
    # more games, surer ratings
    fewer = ai_ratings_compute([g for g in games if g.period == 1])
    assert rated["expert"][0].deviation < fewer["expert"][0].deviation


def test_a_level_left_out_of_a_period_grows_less_sure():
    games = [_game("easy", "standard", 0, 1), _game("hard", "standard", 1, 1),
             _game("hard", "standard", 1, 2)]
    rated = ai_ratings_compute(games)
    alone = ai_ratings_compute(games[:2])
    assert rated["easy"][0].deviation > alone["easy"][0].deviation
    assert rated["easy"][1] == alone["easy"][1] == 1


def test_a_paired_deal_is_two_games_with_the_seats_swapped_and_repeats_for_its_seed():
    task = (0, 5, "easy", "standard", None, None, False)
    first, second = match_deal(task)
    assert _same_scores(match_deal(task), (first, second))
    assert not _same_scores(match_deal((1, 5, "easy", "standard", None, None, False)),
                            (first, second))
    for score, turns, times_a, times_b in (first, second):
        assert score in (0, 0.5, 1) and turns >= 1
        assert times_a and times_b and len(times_a) + len(times_b) == turns


def _same_scores(one, other):  # the times differ from run to run, the games do not
    return [(g[0], g[1]) for g in one] == [(g[0], g[1]) for g in other]


@pytest.mark.django_db
def test_the_command_plays_records_and_rates_and_runs_add_up(capsys):
    call_command("ai_ratings", "--deals", "2", "--levels", "easy", "standard", "--seed", "4")
    games = list(AiLevelGame.objects.all())
    assert len(games) == 4 and {g.period for g in games} == {1, 2}
    assert {(g.level_a, g.level_b) for g in games} == {("easy", "standard")}
    out = capsys.readouterr().out
    assert "normal: 4 games recorded" in out and "Hidden cards: no games yet" in out
    [easy, standard] = ai_level_ratings()
    assert (easy.level, standard.level, standard.rating) == ("easy", "standard", 1500)
    row = AiLevelRating.objects.get(level="easy", hidden=False)
    assert row.games == 4 and row.games_vs_standard == 4
    assert row.score_vs_standard == pytest.approx(sum(g.score_a for g in games) / 4)
    assert f"Easy {easy.rating:>9}" not in out and re.search(r"Easy\s+%d" % easy.rating, out)

    # a second run adds its games in periods of its own; the hidden mode is rated apart
    call_command("ai_ratings", "--deals", "1", "--levels", "easy", "standard", "--hidden")
    assert AiLevelGame.objects.filter(hidden=True, period=3).count() == 2
    assert AiLevelRating.objects.get(level="easy", hidden=False).games == 4
    assert AiLevelRating.objects.get(level="easy", hidden=True).games == 2


@pytest.mark.django_db
def test_games_at_other_budgets_are_kept_but_not_rated():
    call_command("ai_ratings", "--deals", "1", "--levels", "easy", "hard",
                 "--simulations", "2")
    assert AiLevelGame.objects.filter(level_b="hard", simulations_b=2).count() == 2
    assert not AiLevelRating.objects.exists()
    AiLevelGame.objects.create(level_a="hard", level_b="standard", score_a=1, turns=20,
                               period=9, simulations_a=120)
    assert {row.level for row in ai_ratings_refresh()} == {"hard", "standard"}


@pytest.mark.django_db
def test_the_command_refuses_unknown_levels_and_bad_counts():
    with pytest.raises(CommandError, match="Unknown level wizard"):
        call_command("ai_ratings", "--levels", "easy", "wizard")
    with pytest.raises(CommandError, match="--deals"):
        call_command("ai_ratings", "--deals", "-1")


@pytest.mark.django_db
def test_players_see_the_ratings_on_the_form_and_in_the_help(alice, client_of):
    from tests.games.conftest import make_deck

    make_deck(alice)
    client = client_of(alice)
    form = client.get(reverse("games:ai_new")).content.decode()
    help_page = client.get(reverse("help")).content.decode()
    assert "Ratings from games among the levels" not in form and "ai-ratings" not in help_page

    for period in (1, 2):
        AiLevelGame.objects.bulk_create([
            _game("expert", "standard", 1, period), _game("standard", "expert", 0.5, period),
            _game("easy", "standard", 0, period), _game("standard", "easy", 1, period),
            _game("expert", "standard", 1, period, hidden=True),
            _game("standard", "expert", 0, period, hidden=True)])
    ai_ratings_refresh()
    ratings = {r.level: r for r in ai_level_ratings()}
    form = client.get(reverse("games:ai_new")).content.decode()
    assert (f"Ratings from games among the levels: Easy {ratings['easy'].rating}, Standard "
            f"1500, Expert {ratings['expert'].rating}.") in form
    help_page = client.get(reverse("help")).content.decode()
    table = help_page.split('class="data compact ai-ratings"', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r"<tr><td>(\w+)</td><td>([\w ]+)</td><td class=\"num\">(\d+)</td>"
                      r"<td class=\"num\">(\d+)</td><td class=\"num\">(\d+)</td>"
                      r"<td class=\"num\">([^<]+)</td></tr>", table)
    assert [(r[0], r[1]) for r in rows] == [
        ("Easy", "normal"), ("Standard", "normal"), ("Expert", "normal"),
        ("Standard", "hidden cards"), ("Expert", "hidden cards")]
    expert = rows[2]
    assert int(expert[2]) == ratings["expert"].rating
    assert int(expert[3]) == 2 * ratings["expert"].deviation and expert[4] == "4"
    assert expert[5] == "75 %"  # 1, 0.5, 1, 0.5 against Standard
    assert rows[1][5] == "–"
