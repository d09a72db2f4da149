"""The staff's card definition download (concepts.lab.export): a defs module, a facts entry
and a test written from an accepted concept; here the card is built from them as the engine
builds its cards, in a catalogue of the test's own (as tests/engine/test_adding_a_card.py
does: the engine's never changes), and the generated test is run on it."""
import io
import zipfile
from functools import partial

import pytest
from django.urls import reverse

from concepts import services
from concepts.lab import export
from concepts.lab.cards import LabError
from concepts.models import Concept
from games import engine
from games.engine.cards.card_facts import CardFacts
from games.engine.cards.model import CARDS, check_facts, with_cards
from games.engine.cards.registry import new_cards
from tests.engine.helpers import play_card

from .lab_helpers import ATTACK, WALL, _fresh_card_faces, lab_concept, n

_ = _fresh_card_faces
NEW_ID = 755


def _accepted(author, staff, *effect, **changes):
    concept = lab_concept(author, *effect, **changes)
    services.concept_set_state(concept_id=concept.pk, staff=staff,
                               state=Concept.State.INTERESTING)
    concept.refresh_from_db()
    return concept


def _absolute(source):
    """A generated module's relative imports as absolute ones, to run it here."""
    return (source.replace("from .blocks import *", "from games.engine.cards.blocks import *")
            .replace("from .dsl import *", "from games.engine.cards.dsl import *")
            .replace("from ..php import", "from games.engine.php import"))


def _installed(files):
    """(facts, catalogue): the exported card built as a developer adds it (its facts entry,
    its defs module), in a catalogue of the test's own."""
    entry = files["facts_manual_entry.txt"].strip().rstrip(",")
    facts = eval(entry, {"CardFacts": CardFacts})  # noqa: S307 (our own generated entry)
    check_facts(facts)
    module = files[f"games/engine/cards/{export.module_name(NEW_ID)}"]
    with new_cards(facts) as built:
        exec(compile(_absolute(module), "defs", "exec"), {})  # noqa: S102 (generated here)
    return facts, with_cards(CARDS, built)


def _run_generated(test_globals, catalogue):
    """The generated test's ``play_card`` plays in ``catalogue``."""
    test_globals["play_card"] = partial(play_card, cards=catalogue)


@pytest.fixture
def cleanup():
    """Every other test sees the 754 cards (nothing was added to the engine's)."""
    yield
    assert len(engine.all_cards()) == 754 and len(CARDS) == NEW_ID


def test_the_export_is_a_card_definition_in_the_house_style(alice, staff, cleanup):
    concept = _accepted(alice, staff, ATTACK, WALL, keywords=["Unliving"], recruits=4)
    files = export.export_files(concept)
    assert set(files) == {"README.txt", "facts_manual_entry.txt",
                          "games/engine/cards/defs_0755_0800.py",
                          "tests/engine/cards/test_card_0755.py"}
    defs = files["games/engine/cards/defs_0755_0800.py"]
    assert defs.startswith('"""Card definitions for ids 755-800')
    assert "card(755, attack(6), wall(3))" in defs
    assert "effect_classes=('attack', 'wall_plus')" in files["facts_manual_entry.txt"]
    test = files["tests/engine/cards/test_card_0755.py"]
    assert "play_card(755)" in test and 'enemy["wall"] == 19' in test
    assert 'me["wall"] == 28' in test and 'me["recruits"] == 49' in test  # 50 - 4 + 3
    assert 'enemy["tower"]' not in test  # only what changed
    facts, catalogue = _installed(files)
    card = catalogue[NEW_ID]
    assert (facts.name, card.text, card.keywords) == ("Ink golem", "Attack 6. Wall +3.",
                                                      ("Unliving",))
    namespace = {}
    exec(compile(test, "test", "exec"), namespace)  # noqa: S102 (the generated test)
    _run_generated(namespace, catalogue)
    namespace["test_755_ink_golem_plays"]()  # the generated test passes on the real card


def test_a_card_with_modes_and_random_parts_gets_a_careful_test(alice, staff, cleanup):
    concept = _accepted(alice, staff,
                        {"kind": "modes", "options": [[ATTACK], [{"kind": "random_gain",
                                                                  "side": "me",
                                                                  "amount": n(4)}]]},
                        {"kind": "summon", "keyword": "Mage", "rarity": ""})
    files = export.export_files(concept)
    test = files["tests/engine/cards/test_card_0755.py"]
    assert "mode=1" in test and "random parts" in test
    _facts, catalogue = _installed(files)
    namespace = {}
    exec(compile(test, "test", "exec"), namespace)  # noqa: S102
    _run_generated(namespace, catalogue)
    namespace["test_755_ink_golem_plays"]()


def test_only_accepted_concepts_are_exported(alice, staff):
    concept = lab_concept(alice)
    with pytest.raises(LabError, match="interesting or implemented"):
        export.export_files(concept)


def test_the_staff_downloads_a_zip_and_nobody_else_does(alice, bob, staff, client_of):
    concept = _accepted(alice, staff)
    response = client_of(staff).get(reverse("concepts:lab_export", args=[concept.pk]))
    assert response.status_code == 200 and response["Content-Type"] == "application/zip"
    assert 'filename="card-ink-golem.zip"' in response["Content-Disposition"]
    names = zipfile.ZipFile(io.BytesIO(response.content)).namelist()
    assert "games/engine/cards/defs_0755_0800.py" in names
    page = client_of(staff).get(concept.get_absolute_url()).content.decode()
    assert "Download as a card definition" in page
    for outsider in (alice, bob):  # the author is not the staff
        assert client_of(outsider).get(
            reverse("concepts:lab_export", args=[concept.pk])).status_code == 404
        assert "Download as a card definition" not in client_of(outsider).get(
            concept.get_absolute_url()).content.decode()
    waiting = lab_concept(alice, name="Another")
    response = client_of(staff).get(reverse("concepts:lab_export", args=[waiting.pk]),
                                    follow=True)
    assert "interesting or implemented" in response.content.decode()


# Names a player could have typed before names were checked (the form refuses the control
# characters now, so they are written straight into the row here): each tries to leave the
# string or comment it lands in and run a line of its own.
CANARY = "__import__('builtins').LAB_EXPORT_PWNED=1"
HOSTILE_NAMES = [
    f"Ink\n{CANARY}\n#",
    f'Ink""";{CANARY};"""',
    f"Ink''';{CANARY};'''",
    f"Ink\r{CANARY}\r#",
    f"Ink\u2028{CANARY}\u2029#",
    f"Ink\x0c{CANARY}",
    f"Ink\x85{CANARY}",
    "Ink\\",
    'Ink\\"""',
    "Ink # {0} %s \\n",
]


def _import_file(tmp_path, module_name, filename, source):
    """Import ``source`` as the module ``module_name`` (a real import of the written file)."""
    import importlib.util
    import sys

    path = tmp_path / filename
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(module_name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[module_name]
    return module


@pytest.mark.parametrize("hostile", HOSTILE_NAMES)
def test_a_hostile_name_stays_a_string_in_every_written_file(alice, staff, cleanup, tmp_path,
                                                              hostile):
    import builtins

    concept = _accepted(alice, staff)
    Concept.objects.filter(pk=concept.pk).update(name=hostile)
    concept.refresh_from_db()
    files = export.export_files(concept)
    # The facts entry, the defs module (imported as a module of the engine's cards package,
    # its relative imports and all) and the generated test, each imported as written.
    facts_module = _import_file(
        tmp_path, "lab_export_facts_probe", "facts_probe.py",
        "from games.engine.cards.card_facts import CardFacts\n\nFACTS = [\n"
        + files["facts_manual_entry.txt"] + "]\n")
    facts = facts_module.FACTS[0]
    assert facts.name == hostile.strip()  # the name is kept, as a literal
    with new_cards(facts) as built:
        _import_file(tmp_path, "games.engine.cards._lab_export_probe", "defs_probe.py",
                     files[f"games/engine/cards/{export.module_name(NEW_ID)}"])
    catalogue = with_cards(CARDS, built)
    test_module = _import_file(tmp_path, "lab_export_test_probe", "test_probe.py",
                               files["tests/engine/cards/test_card_0755.py"])
    [test] = [f for name, f in vars(test_module).items() if name.startswith("test_")]
    _run_generated(vars(test_module), catalogue)
    test()  # the generated test passes on the card
    assert not hasattr(builtins, "LAB_EXPORT_PWNED")
    for path in ("games/engine/cards/defs_0755_0800.py", "tests/engine/cards/test_card_0755.py"):
        assert "LAB_EXPORT_PWNED" not in files[path]  # the name is not in the code at all
    assert catalogue[NEW_ID].name == hostile.strip()


def test_the_generator_refuses_a_file_that_would_run_anything_else():
    with pytest.raises(LabError, match="could not be written"):
        export._checked('"""Doc."""\nimport os\n', export._DEFS_SHAPE)
    with pytest.raises(LabError, match="could not be written"):
        export._checked('"""Doc."""\n__import__("os").system("x")\n', export._DEFS_SHAPE)
    with pytest.raises(LabError, match="could not be written"):
        export._checked('"""Doc."""\nx = 1\n', export._DEFS_SHAPE)
    with pytest.raises(LabError, match="could not be written"):
        export._checked('"""Doc."""\n"""Another string."""\n', export._DEFS_SHAPE)
    export._checked('"""Doc."""\nfrom .dsl import *\ncard(755, attack(me.tokens("Holy")))\n',
                    export._DEFS_SHAPE)
