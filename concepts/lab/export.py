"""An accepted concept as a real card, ready for review: the three things a new card is
(docs/adding-a-card.md) written from its definition, offered as a zip to download. Nothing
is written into the running code: a developer adds the files to the repository.

- ``games/engine/cards/defs_NNNN_MMMM.py``: the definition in the card vocabulary, as the
  hand-written modules are (``engine.custom_card_source``), with the module's import lines;
- the ``CardFacts`` entry for ``games/engine/cards/facts_manual.py``;
- ``tests/engine/cards/test_card_NNNN.py``: the card played once with the engine tests'
  ``play_card``, asserting the numbers it changes (worked out now by playing the concept on
  the same board; for a card with random parts only what does not depend on the draw).

What a player typed (the concept's name, its author's name) never becomes code: the name
goes into the facts entry as a Python string literal (``repr``), and nowhere else in the
Python files; every generated file is parsed and its shape checked before it is offered
(``_checked``), so a text that escaped would stop the download instead of running on a
developer's machine.
"""
import ast
import io
import re
import zipfile
from datetime import date

from django.utils.text import slugify

from games import engine

from ..models import Concept
from .cards import LabError, playable_definition

EXPORTABLE_STATES = (Concept.State.INTERESTING, Concept.State.IMPLEMENTED)
# The engine tests' play_card board (tests/engine/helpers.py): both towers 30, walls 25,
# facilities 3; the actor holds 50 of each resource, the enemy 15/5/10; Caravan (23)
# fillers in both hands; round 6; the generator seeded with 1; decks of the ids 1-45.
FILL = 23
_DECK = (tuple(range(1, 16)), tuple(range(16, 31)), tuple(range(31, 46)))
ATTR_NAMES = engine.ATTRS


def next_card_id() -> int:
    return max(c.id for c in engine.all_cards()) + 1


FIRST_NEW_ID = 755  # the original game's cards end at 754 (defs_0751_0754.py)


def module_name(card_id: int) -> str:
    """The defs module of the id's range of fifty, new cards starting a range of their own
    (defs_0755_0800.py for 755, as docs/adding-a-card.md names it; defs_0801_0850.py...)."""
    base = (card_id - 1) // 50 * 50
    low = max(base + 1, FIRST_NEW_ID) if card_id >= FIRST_NEW_ID else base + 1
    return f"defs_{low:04d}_{base + 50:04d}.py"


def _facts_entry(card_id, preview, today) -> str:
    keywords = tuple(preview.keywords_raw)
    classes = tuple(sorted(preview.classes))
    return (f"    CardFacts(id={card_id}, name={preview.name!r}, rarity={preview.rarity!r}, "
            f"bricks={preview.bricks}, gems={preview.gems},\n"
            f"              recruits={preview.recruits}, level=0, modes={preview.modes}, "
            f"keywords={keywords!r},\n"
            f"              support_keywords=(), effect_classes={classes!r},\n"
            f"              created={today!r}, modified={today!r}),\n")


def _player(hand, *, me):
    a = [30, 25, 3, 3, 3] + ([50, 50, 50] if me else [15, 5, 10])
    return engine.PlayerState(a=a, hand=list(hand), deck=_DECK)


def _played(card_id, definition, mode) -> tuple[dict, dict, dict, dict]:
    """(actor before, enemy before, actor after, enemy after) of the concept card (the
    proposed card ``card_id`` of ``definition``) played on the tests' board from slot 1."""
    hand = [card_id] + [FILL] * 7
    board = engine.GameState([_player(hand, me=True), _player([FILL] * 8, me=False)],
                             round=6, current=0, rng=engine.Rng(1).s, seed=1)
    state = engine.with_custom_cards(board, {card_id: definition})
    before = [dict(zip(ATTR_NAMES, p.a)) for p in state.p]
    after_state = engine.play(state, 0, 1, mode).state
    after = [dict(zip(ATTR_NAMES, p.a)) for p in after_state.p]
    return before[0], before[1], after[0], after[1]


def _test_module(card_id, preview, lab, concept) -> str:
    mode = 1 if preview.modes else 0
    me0, enemy0, me1, enemy1 = _played(lab.engine_id, lab.definition, mode)
    lines = [f'"""Card {card_id}: generated from the card lab\'s concept {int(concept.pk)}.',
             "",
             "The board of tests/engine/helpers.py's play_card: both towers 30, walls 25,",
             "facilities 3; the actor holds 50 of each resource, the enemy 15/5/10; Caravan",
             "fillers; round 6. Check the numbers before you keep them.",
             '"""',
             "from tests.engine.helpers import play_card",
             "",
             "",
             f"def test_{card_id}_{_identifier(preview.name)}_plays():",
             f"    me, enemy, record, _state = play_card({card_id}"
             + (f", mode={mode}" if mode else "") + ")",
             f"    assert record[\"card\"] == {card_id}"]
    if preview.uncertain:
        lines.append("    # the card has random parts (draws, summons, random resources): only "
                     "what does not")
        lines.append("    # depend on them is checked")
        checked = ("tower", "wall")
    else:
        checked = ATTR_NAMES
    for who, before, after in (("me", me0, me1), ("enemy", enemy0, enemy1)):
        changed = [(k, after[k]) for k in checked if after[k] != before[k]]
        if changed:
            lines.append("    assert " + " and ".join(f'{who}["{k}"] == {v}' for k, v in changed))
    return "\n".join(lines) + "\n"


def export_files(concept) -> dict:
    """{path in the repository: text} of the concept as card ``next_card_id()``."""
    if concept.state not in EXPORTABLE_STATES:
        raise LabError("Only a concept the staff marked interesting or implemented becomes a "
                       "card definition.")
    definition = playable_definition(concept)
    from .cards import lab_card_for

    lab = lab_card_for(concept)
    card_id = next_card_id()
    preview = engine.custom_card_preview(definition)
    today = date.today().isoformat()
    source = engine.custom_card_source(definition, card_id)
    module = module_name(card_id)
    low, high = (int(x) for x in re.findall(r"\d{4}", module))
    defs = (f'"""Card definitions for ids {low}-{high} (see cards/README.md for the '
            f'vocabulary)."""\n'
            "from .blocks import *  # noqa: F401,F403\n"
            "from .dsl import *  # noqa: F401,F403\n"
            "from ..php import php_round  # noqa: F401\n\n"
            f"# The card lab's concept {int(concept.pk)}.\n{source}\n")
    readme = (f"{preview.name} as card {card_id}, generated from concept {concept.pk} on "
              f"{today}.\n\n"
              "1. games/engine/cards/facts_manual.py: add the entry of "
              "facts_manual_entry.txt to CARDS.\n"
              f"2. games/engine/cards/{module}: a new module (or add the card(...) line to it "
              "if it exists).\n"
              f"3. tests/engine/cards/test_card_{card_id:04d}.py: the card's test.\n\n"
              "Then run: python -m pytest -q -p no:xdist tests/engine (docs/adding-a-card.md)."
              "\nThe text is the one the card lab rendered; write your own with text=\"...\" "
              "if you wish.\n")
    test = _test_module(card_id, preview, lab, concept)
    facts = _facts_entry(card_id, preview, today)
    _checked(defs, _DEFS_SHAPE)
    _checked(test, _TEST_SHAPE)
    _checked(facts.strip().rstrip(","), _FACTS_SHAPE, mode="eval")
    return {
        "README.txt": readme,
        "facts_manual_entry.txt": facts,
        f"games/engine/cards/{module}": defs,
        f"tests/engine/cards/test_card_{card_id:04d}.py": test,
    }


def _identifier(name: str) -> str:
    """The card's name as part of a test function's name: ASCII letters, digits and _."""
    return re.sub(r"[^a-z0-9_]", "", slugify(name).replace("-", "_")) or "card"


# The statements a generated file may hold, by kind: a docstring, the imports, the card(...)
# call; a test function; the CardFacts(...) entry.
_DEFS_SHAPE = (ast.Expr, ast.ImportFrom)
_TEST_SHAPE = (ast.Expr, ast.ImportFrom, ast.FunctionDef)
_FACTS_SHAPE = (ast.Expression,)


def _checked(source: str, shape, *, mode="exec") -> None:
    """Refuse a generated file whose top-level statements are not of the expected kinds
    (after the docstring, only imports, calls and the test function), or that reaches for
    anything private (a dunder name, an underscored attribute, an import statement): the
    generator's own guard, so that a text which escaped its literal stops the download."""
    refused = LabError("The card definition could not be written for this concept.")
    try:
        tree = ast.parse(source, mode=mode)
    except SyntaxError:
        raise refused from None
    body = [tree] if mode == "eval" else tree.body
    for index, node in enumerate(body):
        if not isinstance(node, shape):
            raise refused
        if isinstance(node, ast.Expr) and index and not isinstance(node.value, ast.Call):
            raise refused
    for node in ast.walk(tree):
        if (isinstance(node, (ast.Import, ast.Lambda, ast.Global, ast.Nonlocal,
                              ast.NamedExpr, ast.Delete))
                or isinstance(node, ast.Name) and node.id.startswith("__")
                or isinstance(node, ast.Attribute) and node.attr.startswith("_")):
            raise refused


def export_zip(concept) -> tuple[str, bytes]:
    """(file name, zip bytes) of ``export_files``."""
    files = export_files(concept)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, text in files.items():
            archive.writestr(path, text)
    name = f"card-{slugify(concept.name) or concept.pk}.zip"
    return name, out.getvalue()
