"""The match command (docs/ai.md): paired deals, the table it prints."""
import re

from devtools import ai_match


def test_a_small_match_plays_paired_deals_and_prints_the_table(capsys):
    ai_match.main(["--a", "easy", "--b", "standard", "--n", "4", "--seed", "3"])
    out = capsys.readouterr().out
    assert "A=easy vs B=standard, normal mode, 4 games (2 paired deals)" in out
    wins, draws, losses = map(int, re.search(
        r"A: (\d+) wins, (\d+) draws, (\d+) losses", out).groups())
    assert wins + draws + losses == 4
    assert re.search(r"score [\d.]+% \(95% CI [\d.]+-[\d.]+%\)", out)


def test_the_score_counts_a_draw_as_half_and_the_interval_is_over_deals(capsys):
    games = [((1.0, 10, [], []), (0.5, 10, [], [])), ((0.0, 10, [], []), (1.0, 10, [], []))]
    wins, draws, losses, score, half = ai_match.summarize(games, "a", "b", "normal", 1.0)
    assert (wins, draws, losses) == (2, 1, 1) and score == 0.625
    assert abs(half - 1.96 * 0.125 / 2 ** 0.5) < 1e-9  # deal scores 0.75 and 0.5
