"""The match command (docs/ai.md): paired deals, the table it prints."""
import re

from devtools import ai_match
from games.ai_ratings import matches


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


def test_out_records_each_deal_and_a_longer_run_plays_only_the_missing_deals(
        tmp_path, capsys, monkeypatch):
    path = str(tmp_path / "run.json")
    ai_match.main(["--a", "easy", "--b", "standard", "--n", "4", "--seed", "3", "--out", path])
    settings, deals = ai_match.read_records(path)
    assert sorted(deals) == [0, 1] and settings["a"] == "easy" and settings["seed"] == 3
    assert all(len(pair) == 2 and pair[0][0] in (0.0, 0.5, 1.0) for pair in deals.values())
    played = []
    real = ai_match.match_deal
    monkeypatch.setattr(ai_match, "match_deal",
                        lambda task, **kw: played.append(task[0]) or real(task, **kw))
    ai_match.main(["--a", "easy", "--b", "standard", "--n", "6", "--seed", "3", "--out", path])
    assert played == [2]
    assert "6 games (3 paired deals)" in capsys.readouterr().out
    _settings, grown = ai_match.read_records(path)
    assert sorted(grown) == [0, 1, 2] and grown[0] == deals[0]


def test_out_refuses_a_file_of_other_settings(tmp_path, capsys):
    path = str(tmp_path / "run.json")
    ai_match.main(["--a", "easy", "--b", "standard", "--n", "2", "--seed", "3", "--out", path])
    try:
        ai_match.main(["--a", "easy", "--b", "standard", "--n", "2", "--seed", "4",
                       "--out", path])
    except SystemExit as exc:
        assert exc.code == 2
    else:
        raise AssertionError("a file of seed 3 was extended with seed 4's deals")
    assert "holds a run of other settings" in capsys.readouterr().err


def test_pair_prints_the_difference_deal_by_deal_on_the_common_deals(tmp_path, capsys):
    path = str(tmp_path / "run.json")
    ai_match.main(["--a", "easy", "--b", "standard", "--n", "4", "--seed", "3", "--out", path])
    ai_match.main(["--a", "easy", "--b", "standard", "--n", "4", "--seed", "3",
                   "--pair", path])
    assert "paired with the other run on 2 deals: +0.0 points" in capsys.readouterr().out
    # deal 0: 1 + 1 against 0 + 1 (+0.5), deal 1: 0 + 0 against 1 + 0 (-0.5); deal 2 is not
    # in the other run
    g = lambda score: (score, 10, [], [])  # noqa: E731
    ours = {0: [g(1.0), g(1.0)], 1: [g(0.0), g(0.0)], 2: [g(1.0), g(1.0)]}
    theirs = {0: [g(0.0), g(1.0)], 1: [g(1.0), g(0.0)]}
    mean, half, n = ai_match.paired(ours, theirs, [0, 1, 2])
    assert (mean, n) == (0.0, 2) and abs(half - 1.96 * 0.5 / 2 ** 0.5) < 1e-9


def test_a_salt_replays_the_same_deals_with_other_choices_of_a_and_keeps_b_as_it_was(
        monkeypatch):
    calls = []  # (seat's level, seed) of every decision
    real = matches.choose_action

    def spy(state, seat, **kw):
        calls.append((kw["level"], kw["seed"]))
        return real(state, seat, **kw)

    monkeypatch.setattr(matches, "choose_action", spy)
    # easy: half its moves are random, so its games change course with its numbers
    task = (0, 3, "easy", "standard", None, None, False)
    plain = matches.match_deal(task)
    plain_calls, calls[:] = calls[:], []
    salted = matches.match_deal(task, salt_a=12345)
    assert [(g[0], g[1]) for g in plain] != [(g[0], g[1]) for g in salted]
    # the deals are the same: each game's first decision of each side had the same seed
    # before the salt; B's seeds are untouched, A's are mixed with the salt
    first_b = [seed for level, seed in plain_calls if level == "standard"][0]
    assert first_b in [seed for level, seed in calls if level == "standard"]
    first_a = [seed for level, seed in plain_calls if level == "easy"][0]
    assert first_a ^ 12345 in [seed for level, seed in calls if level == "easy"]
    assert first_a not in [seed for level, seed in calls if level == "easy"]


def test_a_salted_run_is_recorded_as_other_settings(tmp_path, capsys):
    path = str(tmp_path / "run.json")
    ai_match.main(["--a", "easy", "--b", "standard", "--n", "2", "--seed", "3", "--out", path])
    assert "salt_a" not in ai_match.read_records(path)[0]  # files of earlier runs still fit
    try:
        ai_match.main(["--a", "easy", "--b", "standard", "--n", "2", "--seed", "3",
                       "--salt-a", "7", "--out", path])
    except SystemExit as exc:
        assert exc.code == 2
    else:
        raise AssertionError("a salted run was mixed into an unsalted file")
    assert "holds a run of other settings" in capsys.readouterr().err
