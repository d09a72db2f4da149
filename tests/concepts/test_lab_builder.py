"""The effect builder of the concept form (concepts.lab.effects): menus to a tree the engine
checks, its buttons with and without JavaScript, the text as the game renders it, saving."""
import re

import pytest
from django.urls import reverse

from concepts.lab import effects
from concepts.models import Concept
from games import engine

from .lab_helpers import ATTACK, WALL, _fresh_card_faces, builder_fields, lab_concept, lab_form, n

_ = _fresh_card_faces
HTMX = {"HTTP_HX_REQUEST": "true"}


def test_the_posted_fields_become_the_engines_tree():
    data = {"fx-0-kind": "attack", "fx-0-amount-kind": "n", "fx-0-amount-n": "6",
            "fx-1-kind": "if", "fx-1-cond-kind": "compare", "fx-1-cond-left-kind": "attr",
            "fx-1-cond-left-attr": "wall", "fx-1-cond-left-side": "enemy",
            "fx-1-cond-left-divisor": "1", "fx-1-cond-op": "=", "fx-1-cond-right-kind": "n",
            "fx-1-cond-right-n": "0", "fx-1-then-0-kind": "reveal",
            "fx-1-then-0-which": "hand",
            "fx-2-kind": "summon_card", "fx-2-card1": "159", "fx-2-card2": "",
            "fx-2-card3": "7"}
    tree = effects.tree_from_post(data)
    assert tree == [
        {"kind": "attack", "amount": n(6)},
        {"kind": "if", "condition": {"kind": "compare", "op": "=", "right": n(0),
                                     "left": {"kind": "attr", "attr": "wall",
                                              "side": "enemy", "divisor": 1}},
         "then": [{"kind": "reveal", "which": "hand"}], "else": []},
        {"kind": "summon_card", "cards": [159, 7]}]
    definition = effects.definition_of(name="X", rarity="Common", bricks=1, gems=0,
                                       recruits=0, keywords=[], keyword_params={},
                                       effect_tree=tree)
    assert engine.custom_card_preview(definition).text == (
        "Attack 6. If enemy wall is 0: Reveal the enemy's hand. Summons "
        f"{engine.card(159).name} or {engine.card(7).name}.")


def test_the_buttons_add_move_and_remove_steps_and_modes():
    tree = []
    effects.builder_apply(tree, "add:fx", {"fx-new": "attack"})
    effects.builder_apply(tree, "add:fx", {"fx-new": "modes"})
    assert [s["kind"] for s in tree] == ["attack", "modes"]
    effects.builder_apply(tree, "add:fx-1-mode2", {"fx-1-mode2-new": "change"})
    effects.builder_apply(tree, "mode-add:fx-1", {})
    assert len(tree[1]["options"]) == 3 and tree[1]["options"][1][0]["kind"] == "change"
    effects.builder_apply(tree, "up:fx-1", {})
    assert [s["kind"] for s in tree] == ["modes", "attack"]
    effects.builder_apply(tree, "remove:fx-1", {})
    effects.builder_apply(tree, "mode-remove:fx-0", {})
    assert [s["kind"] for s in tree] == ["modes"] and len(tree[0]["options"]) == 2
    for op, data in (("remove:fx-7", {}), ("add:fx-0-then", {"fx-0-then-new": "attack"}),
                     ("add:fx", {"fx-new": "fly"}), ("explode:fx", {}), ("remove:zz-0", {}),
                     ("up:fx-0-mode9-0", {})):
        with pytest.raises(effects.BuilderError):
            effects.builder_apply(tree, op, data)
    effects.builder_apply(tree, "clear", {})
    assert tree == []


def test_every_new_step_is_valid_as_it_comes():
    for kind, _label in engine.CUSTOM_STEP_KINDS:
        step = effects.new_step(kind)
        if kind == "if":
            step["then"] = [dict(ATTACK)]
        if kind == "modes":
            step["options"] = [[dict(ATTACK)], [dict(WALL)]]
        definition = effects.definition_of(name="X", rarity="Common", bricks=0, gems=0,
                                           recruits=0, keywords=[], keyword_params={},
                                           effect_tree=[step])
        engine.custom_card_check(definition)  # raises when the builder's defaults are wrong


def test_a_changed_kind_menu_starts_its_fields_afresh():
    data = {"fx-0-kind": "attack", "fx-0-amount-kind": "count", "fx-0-amount-was": "n",
            "fx-0-amount-n": "6"}
    tree = effects.reset_changed_kinds(effects.tree_from_post(data), data)
    assert tree[0]["amount"] == {"kind": "count", "times": 1, "keyword": "Mage", "side": "me"}


def test_the_builder_button_answers_with_the_builder_and_the_preview(alice, client_of):
    data = {**lab_form(ATTACK), "lab_op": "add:fx", "fx-new": "change"}
    response = client_of(alice).post(reverse("concepts:lab_builder"), data, **HTMX)
    page = response.content.decode()
    assert response.status_code == 200
    assert 'name="fx-1-kind" value="change"' in page
    assert "As the game writes it: <q data-lab-text>Attack 6. Tower +5.</q>" in page
    assert 'id="concept-preview" hx-swap-oob="innerHTML"' in page
    assert "Attack 6. Tower +5." in page.split('hx-swap-oob')[1]
    assert not Concept.objects.exists()


def test_an_invalid_combination_gets_the_engines_message(alice, client_of):
    data = {**lab_form({"kind": "keep"}, {"kind": "summon", "keyword": "Mage", "rarity": ""}),
            "lab_op": "refresh"}
    page = client_of(alice).post(reverse("concepts:lab_builder"), data, **HTMX).content.decode()
    assert "Not playable yet:" in page and "only one step may decide the card" in page


def test_without_javascript_a_button_draws_the_form_again_and_saves_nothing(alice, client_of):
    data = {**lab_form(ATTACK), "lab_op": "add:fx", "fx-new": "keep"}
    response = client_of(alice).post(reverse("concepts:new"), data)
    page = response.content.decode()
    assert response.status_code == 200 and not Concept.objects.exists()
    assert 'name="fx-1-kind" value="keep"' in page and 'value="Ink golem"' in page


def test_a_built_effect_is_saved_and_writes_the_text(alice, client_of):
    response = client_of(alice).post(reverse("concepts:new"), lab_form(ATTACK, WALL))
    concept = Concept.objects.get()
    assert response.status_code == 302
    assert concept.effect_tree == [ATTACK, WALL]
    assert concept.effect == "Attack 6. Wall +3."  # the text field was left empty
    page = client_of(alice).get(concept.get_absolute_url()).content.decode()
    assert "As the game plays it: <q class=\"lab-played\">Attack 6. Wall +3.</q>" in page
    assert '<div class="card-text bbcode">Attack 6. Wall +3.</div>' in page


def test_the_author_keeps_his_own_description_beside_the_built_effect(alice, client_of):
    client_of(alice).post(reverse("concepts:new"), lab_form(ATTACK, effect="A [b]golem[/b]."))
    concept = Concept.objects.get()
    assert concept.effect_html == "A <b>golem</b>." and concept.effect_tree == [ATTACK]


def test_an_invalid_effect_is_refused_with_a_clear_message(alice, client_of):
    bad = {"kind": "attack", "amount": n(0)}
    response = client_of(alice).post(reverse("concepts:new"), lab_form(bad))
    assert response.status_code == 400 and not Concept.objects.exists()
    assert "The effect builder: Step 1 (Attack the enemy): choose a number between 1 and 100." \
        in response.content.decode()


def test_the_edit_form_shows_the_built_steps_and_keeps_them(alice, client_of):
    concept = lab_concept(alice, ATTACK, WALL)
    client = client_of(alice)
    page = client.get(reverse("concepts:edit", args=[concept.pk])).content.decode()
    assert 'name="fx-0-kind" value="attack"' in page and 'name="fx-1-kind" value="change"' in page
    data = lab_form(ATTACK, WALL, name="Ink golem II")
    assert client.post(reverse("concepts:edit", args=[concept.pk]), data).status_code == 302
    concept.refresh_from_db()
    assert concept.name == "Ink golem II" and concept.effect_tree == [ATTACK, WALL]
    # removing every step makes it a text again
    client.post(reverse("concepts:edit", args=[concept.pk]),
                lab_form(effect="Just words now."))
    concept.refresh_from_db()
    assert concept.effect_tree is None and concept.effect == "Just words now."


def test_the_preview_shows_the_built_text(alice, client_of):
    response = client_of(alice).post(reverse("concepts:preview"), lab_form(ATTACK), **HTMX)
    assert "Attack 6." in response.content.decode()


@pytest.mark.parametrize("garbage", [
    {"fx-0-kind": "zzz"}, {"fx-0-kind": "attack", "fx-0-amount-kind": "n",
                           "fx-0-amount-n": "lots"},
    {"fx-0-kind": "if", "fx-0-cond-kind": "compare", "fx-0-cond-left-kind": "nope"},
    {"fx-0-kind": "modes", "fx-0-modes": "99"}, {"lab_op": "remove:fx-99"},
    {"lab_op": "add:fx-0-then-0-else", "fx-0-kind": "keep"},
    {"fx-0-kind": "summon_card", "fx-0-card1": "99999999"},
    {"fx-0-kind": "attack", "fx-0-amount-kind": "n", "fx-0-amount-n": "9" * 40},
])
def test_bad_builder_input_never_breaks_a_page(alice, client_of, garbage):
    client = client_of(alice)
    data = {**lab_form(), **garbage}
    builder = client.post(reverse("concepts:lab_builder"), data, **HTMX)
    assert builder.status_code == 200
    saved = client.post(reverse("concepts:new"), data)
    assert saved.status_code in (200, 302, 400)


def test_the_builder_offers_modes_only_at_the_top():
    assert "modes" in dict(effects.step_kind_choices())
    assert "modes" not in dict(effects.step_kind_choices(top=False))
    view = effects.builder_view([{"kind": "if", "condition": {"kind": "is_new"},
                                  "then": [ATTACK], "else": []}])
    assert [lst.label for lst in view.steps[0].lists] == ["Then", "Otherwise (optional)"]
    assert builder_fields(ATTACK)["fx-0-amount-n"] == "6"


def test_every_menu_has_a_name_for_screen_readers(alice, client_of):
    data = {**lab_form(ATTACK, {"kind": "if", "condition": effects.new_condition("compare"),
                                "then": [WALL], "else": []}), "lab_op": "refresh"}
    data.update({"fx-1-kind": "if", "fx-1-cond-kind": "compare", "fx-1-cond-left-kind": "attr",
                 "fx-1-cond-left-attr": "tower", "fx-1-cond-left-side": "me",
                 "fx-1-cond-left-divisor": "1", "fx-1-cond-op": "<",
                 "fx-1-cond-right-kind": "n", "fx-1-cond-right-n": "20",
                 **builder_fields(WALL, prefix="fx-1-then")})
    page = client_of(alice).post(reverse("concepts:lab_builder"), data, **HTMX).content.decode()
    for select in re.findall(r"<label class=\"lab-field\">(.*?)</label>", page, re.S):
        assert "<span>" in select or "aria-label=" in select, select[:80]
    assert 'aria-label="Comparison"' in page
