"""devtools/lab_selfplay.py prints one concept's self-play report and its cost."""
import json

from devtools import lab_selfplay


def test_the_figures_of_a_small_run(capsys):
    assert lab_selfplay.main(["--games", "4", "--level", "easy", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Ink golem (Attack 6. Wall +3.) against Battering ram" in out
    assert "4 games at the easy level" in out and "95 % CI" in out and "ms CPU a game" in out


def test_a_definition_from_a_file_and_a_card_not_in_the_deck(tmp_path, capsys):
    path = tmp_path / "concept.json"
    path.write_text(json.dumps({**lab_selfplay.INK_GOLEM, "name": "Brick golem"}))
    assert lab_selfplay.main(["--games", "2", "--definition", str(path)]) == 0
    assert "Brick golem" in capsys.readouterr().out
    assert lab_selfplay.main(["--games", "2", "--replace", "1"]) == 2
