"""The effect builder of the concept form, and the card definition a concept gives the engine.

The author composes the effect from the engine's building blocks (``engine.CUSTOM_STEP_KINDS``)
with menus only. The builder's state travels in the form as plain fields named by their place
in the tree: the steps of the effect are ``fx-0``, ``fx-1``...; a step's fields add their name
(``fx-0-kind``, ``fx-0-side``, ``fx-0-amount-n``...); the steps inside a condition are
``fx-0-then-0``, ``fx-0-else-0``, and those of a mode ``fx-2-mode1-0``. ``tree_from_post``
reads them back into the engine's JSON shape, ``builder_apply`` runs the builder's buttons
(add, remove, move a step, add or remove a mode), and ``builder_view`` turns a tree into what
the template draws. Nothing here decides what is valid: the engine checks the definition
(``engine.custom_card_check``) and its message is shown as it is.
"""
import hashlib
import json
from dataclasses import dataclass, field
from functools import cache, lru_cache

from decks.catalogue import keyword_names
from games import engine

PREFIX = "fx"
MAX_LIST = 16  # steps read from one list of the form (the engine allows 16 in all)
MAX_PATH = 12  # parts of a field's path: deeper than the engine allows anyway

STEP_LABELS = dict(engine.CUSTOM_STEP_KINDS)
CONDITION_LABELS = dict(engine.CUSTOM_CONDITION_KINDS)
NUMBER_LABELS = dict(engine.CUSTOM_NUMBER_KINDS)
AMOUNT_KINDS = ("n", "count", "attr")
LEFT_KINDS = ("attr", "count", "tokens", "round")
RIGHT_KINDS = ("n", "attr")

SIDES = (("me", "yours"), ("enemy", "the enemy's"))
HAND_SIDES = (("me", "your hand"), ("enemy", "the enemy's hand"), ("both", "both hands"))
ATTRIBUTES = (("tower", "tower"), ("wall", "wall"), ("quarry", "quarry"), ("magic", "magic"),
              ("dungeons", "dungeons"), ("bricks", "bricks"), ("gems", "gems"),
              ("recruits", "recruits"), ("stock", "each resource"),
              ("facilities", "each facility"))
DIRECTIONS = (("up", "up (+)"), ("down", "down (−)"))
DIVISORS = ((1, "all of"), (2, "half of"), (3, "a third of"), (4, "a quarter of"))
OPERATORS = (("<", "is below"), ("<=", "is at most"), (">", "is above"),
             (">=", "is at least"), ("=", "is"), ("!=", "is not"))
RARITIES = (("Common", "common"), ("Uncommon", "uncommon"), ("Rare", "rare"))
ANY = ""


def _numbers(low, high):
    return tuple((n, str(n)) for n in range(low, high + 1))


@cache
def _keywords():
    return tuple((k, k) for k in keyword_names())


@cache
def _token_keywords():
    return tuple((k, k) for k in engine.token_keywords())


@cache
def _cards():
    """Every playable card of the game, by name, for "summon a card you name"."""
    cards = sorted((c for c in engine.all_cards() if c.implemented),
                   key=lambda c: (c.name.lower(), c.id))
    return ((ANY, "—"),) + tuple((c.id, f"{c.name} ({c.rarity.lower()})") for c in cards)


# ------------------------------------------------------------------ what each step holds
# A step's fields: (key, label, choices, default). Choices are callables for the long lists.
def _step_fields(kind):
    amount = ("amount", "How much", None, {"kind": "n", "n": 5})
    return {
        "attack": [amount],
        "change": [("side", "Whose", SIDES, "me"), ("attr", "What", ATTRIBUTES, "tower"),
                   ("direction", "Up or down", DIRECTIONS, "up"), amount],
        "extreme": [("side", "Whose", SIDES, "me"),
                    ("which", "Which", (("highest", "the highest"), ("lowest", "the lowest")),
                     "lowest"),
                    ("what", "Of", (("resource", "resources"), ("facility", "facilities")),
                     "facility"),
                    ("direction", "Up or down", DIRECTIONS, "up"),
                    ("amount-n", "By", _numbers(1, 100), 1)],
        "steal": [("what", "What", (("bricks", "bricks"), ("gems", "gems"),
                                    ("recruits", "recruits"), ("stock", "each resource")),
                   "gems"), amount],
        "steal_random": [amount],
        "random_gain": [("side", "Who gains", SIDES, "me"), amount],
        "random_loss": [("side", "Who loses", SIDES, "enemy"), amount],
        "production": [("resource", "Of", (("all", "all resources"), ("bricks", "bricks"),
                                           ("gems", "gems"), ("recruits", "recruits")), "all"),
                       ("factor", "Factor", ((0, "none (x0)"), (2, "x2"), (3, "x3")), 2)],
        "summon": [("keyword", "Keyword", ((ANY, "any keyword"),) + _keywords(), ANY),
                   ("rarity", "Rarity", ((ANY, "any rarity"),) + RARITIES, "Common")],
        "summon_card": [("card1", "Card", _cards, 1), ("card2", "or", _cards, ANY),
                        ("card3", "or", _cards, ANY)],
        "keep": [],
        "discard": [("side", "Whose hand", SIDES, "enemy"),
                    ("count", "How many", _numbers(1, 3), 1),
                    ("which", "Which", (("random", "random cards"),
                                        ("costliest", "the most expensive")), "random")],
        "reveal": [("which", "Which enemy cards",
                    (("opposite", "the one opposite"), ("around", "opposite and beside it"),
                     ("hand", "the whole hand")), "opposite")],
        "tokens": [("side", "Whose", SIDES, "me"), ("keyword", "Counter", _token_keywords,
                                                     "Mage"),
                   ("direction", "Up or down", DIRECTIONS, "up"),
                   ("amount-n", "By", _numbers(1, 100), 20)],
        "if": [],
        "modes": [],
    }[kind]


def _number_fields(kind, *, low=1, high=100):
    """The fields of a number of ``kind`` (after its kind menu)."""
    return {
        "n": [("n", "", _numbers(low, high), max(low, 5) if low else 0)],
        "count": [("times", "", ((1, "1"), (2, "2"), (3, "3"), (4, "4"), (5, "5")), 1),
                  ("keyword", "for each", _keywords, "Mage"),
                  ("side", "card in", HAND_SIDES, "me")],
        "attr": [("divisor", "", DIVISORS, 1), ("side", "", SIDES, "me"),
                 ("attr", "", ATTRIBUTES, "tower")],
        "tokens": [("side", "", SIDES, "me"), ("keyword", "counter", _token_keywords,
                                               "Mage")],
        "round": [],
    }[kind]


def _condition_fields(kind):
    return {
        "compare": [],  # its two numbers and the operator, below
        "last_card": [("side", "Whose", SIDES, "me"),
                      ("keyword", "With keyword", ((ANY, "any keyword"),) + _keywords(), ANY),
                      ("rarity", "Rarity", ((ANY, "any rarity"),) + RARITIES, ANY)],
        "hidden_mode": [],
        "is_new": [],
        "round_divisible": [("n", "By", _numbers(2, 10), 2)],
    }[kind]


def _choices(spec):
    return spec() if callable(spec) else spec


def _value(raw):
    """A posted value: whole numbers become ints, anything else stays text."""
    raw = (raw or "").strip()
    if raw.isascii() and raw.isdigit() and len(raw) < 7:
        return int(raw)
    return raw


# ------------------------------------------------------------------ the form → a tree
def tree_from_post(data) -> list:
    """The steps posted by the builder (``data``: a QueryDict or dict), in the engine's JSON
    shape. Unknown or missing parts are left for the engine to name."""
    return _list(data, PREFIX, 0)


def _list(data, prefix, depth) -> list:
    steps = []
    if depth > MAX_PATH:
        return steps
    for i in range(MAX_LIST):
        path = f"{prefix}-{i}"
        if f"{path}-kind" not in data:
            break
        steps.append(_step(data, path, depth))
    return steps


def _number(data, path) -> dict:
    kind = data.get(f"{path}-kind", "")
    out = {"kind": kind}
    if kind in NUMBER_LABELS:
        for key, _label, _spec, _default in _number_fields(kind):
            out[key] = _value(data.get(f"{path}-{key}"))
    return out


def _condition(data, path) -> dict:
    kind = data.get(f"{path}-kind", "")
    out = {"kind": kind}
    if kind == "compare":
        out["left"] = _number(data, f"{path}-left")
        out["op"] = data.get(f"{path}-op", "")
        out["right"] = _number(data, f"{path}-right")
    elif kind in CONDITION_LABELS:
        for key, _label, _spec, _default in _condition_fields(kind):
            out[key] = _value(data.get(f"{path}-{key}"))
    if data.get(f"{path}-negate"):
        out["negate"] = True
    return out


def _step(data, path, depth) -> dict:
    kind = data.get(f"{path}-kind", "")
    step = {"kind": kind}
    if kind not in STEP_LABELS:
        return step
    for key, _label, _spec, _default in _step_fields(kind):
        if key == "amount":
            step["amount"] = _number(data, f"{path}-amount")
        elif key == "amount-n":
            step["amount"] = {"kind": "n", "n": _value(data.get(f"{path}-amount-n"))}
        elif key.startswith("card"):
            continue
        else:
            step[key] = _value(data.get(f"{path}-{key}"))
    if kind == "summon_card":
        step["cards"] = [v for v in (_value(data.get(f"{path}-card{i}")) for i in (1, 2, 3))
                         if v != ""]
    elif kind == "if":
        step["condition"] = _condition(data, f"{path}-cond")
        step["then"] = _list(data, f"{path}-then", depth + 1)
        step["else"] = _list(data, f"{path}-else", depth + 1)
    elif kind == "modes":
        count = _value(data.get(f"{path}-modes"))
        count = count if isinstance(count, int) and 2 <= count <= 4 else 2
        step["options"] = [_list(data, f"{path}-mode{k}", depth + 1)
                           for k in range(1, count + 1)]
    return step


# ------------------------------------------------------------------ new steps
def new_step(kind) -> dict:
    """A step of ``kind`` with the builder's first choices (valid as it is)."""
    step = {"kind": kind}
    for key, _label, _spec, default in _step_fields(kind):
        if key == "amount-n":
            step["amount"] = {"kind": "n", "n": default}
        elif key.startswith("card"):
            continue
        else:
            step[key] = dict(default) if isinstance(default, dict) else default
    if kind == "summon_card":
        step["cards"] = [1]
    elif kind == "if":
        step.update(condition=new_condition("compare"), then=[], **{"else": []})
    elif kind == "modes":
        step["options"] = [[], []]
    return step


def new_number(kind, *, low=1) -> dict:
    number = {"kind": kind}
    for key, _label, _spec, default in _number_fields(kind, low=low):
        number[key] = default
    return number


def new_condition(kind) -> dict:
    if kind == "compare":
        return {"kind": "compare", "left": {"kind": "attr", "attr": "tower", "side": "me",
                                            "divisor": 1},
                "op": "<", "right": {"kind": "n", "n": 20}}
    condition = {"kind": kind}
    for key, _label, _spec, default in _condition_fields(kind):
        condition[key] = default
    return condition


# ------------------------------------------------------------------ the builder's buttons
class BuilderError(Exception):
    """A button that does not fit the tree (a stale page): nothing changes."""


def _resolve(tree, path):
    """(the list holding the step or list at ``path``, the index or None for a list)."""
    parts = path.split("-")
    if parts[0] != PREFIX or len(parts) > MAX_PATH:
        raise BuilderError(path)
    current = tree
    parts = parts[1:]
    while parts:
        head = parts.pop(0)
        if not head.isdigit():
            raise BuilderError(path)
        index = int(head)
        if not parts:
            if index >= len(current):
                raise BuilderError(path)
            return current, index
        branch = parts.pop(0)
        if index >= len(current):
            raise BuilderError(path)
        step = current[index]
        if branch in ("then", "else") and step.get("kind") == "if":
            current = step.setdefault(branch, [])
        elif branch.startswith("mode") and branch[4:].isdigit() and step.get("kind") == "modes":
            k = int(branch[4:])
            options = step.setdefault("options", [])
            if not 1 <= k <= len(options):
                raise BuilderError(path)
            current = options[k - 1]
        else:
            raise BuilderError(path)
    return current, None


def builder_apply(tree, op, data) -> list:
    """Run one of the builder's buttons on ``tree`` (changed in place and returned).

    ``op``: "add:<list>" (the kind from the list's ``<list>-new`` menu), "remove:<step>",
    "up:<step>", "down:<step>", "mode-add:<step>", "mode-remove:<step>", "kind:<number or
    condition>" (its menu changed: its fields start over), "clear", "refresh".
    Raises BuilderError for a button that does not fit the tree."""
    action, _, path = (op or "").partition(":")
    if action == "refresh":
        return tree
    if action == "clear":
        tree.clear()
        return tree
    if action == "add":
        kind = data.get(f"{path}-new", "")
        if kind not in STEP_LABELS:
            raise BuilderError(op)
        target, index = _resolve(tree, path) if path != PREFIX else (tree, None)
        if index is not None:
            raise BuilderError(op)
        if len(target) >= MAX_LIST:
            raise BuilderError(op)
        target.append(new_step(kind))
        return tree
    if action in ("remove", "up", "down", "mode-add", "mode-remove"):
        holder, index = _resolve(tree, path)
        if index is None:
            raise BuilderError(op)
        if action == "remove":
            del holder[index]
        elif action == "up" and index > 0:
            holder[index - 1], holder[index] = holder[index], holder[index - 1]
        elif action == "down" and index + 1 < len(holder):
            holder[index + 1], holder[index] = holder[index], holder[index + 1]
        elif action in ("mode-add", "mode-remove"):
            step = holder[index]
            options = step.get("options")
            if step.get("kind") != "modes" or not isinstance(options, list):
                raise BuilderError(op)
            if action == "mode-add" and len(options) < 4:
                options.append([])
            elif action == "mode-remove" and len(options) > 2:
                options.pop()
        return tree
    raise BuilderError(op)


def reset_changed_kinds(tree, data):
    """A number's or condition's kind menu changed: its other fields start from the
    defaults of the new kind (the posted ones belonged to the old)."""
    def walk(steps, prefix):
        for i, step in enumerate(steps):
            path = f"{prefix}-{i}"
            amount = step.get("amount")
            if isinstance(amount, dict) and amount.get("kind") in AMOUNT_KINDS and \
                    data.get(f"{path}-amount-was") not in (None, amount["kind"]):
                step["amount"] = new_number(amount["kind"])
            if step.get("kind") == "if":
                cond = step.get("condition") or {}
                was = data.get(f"{path}-cond-was")
                if cond.get("kind") in CONDITION_LABELS and was not in (None, cond["kind"]):
                    step["condition"] = new_condition(cond["kind"])
                    if cond.get("negate"):
                        step["condition"]["negate"] = True
                elif cond.get("kind") == "compare":
                    for side, low in (("left", 1), ("right", 0)):
                        number = cond.get(side) or {}
                        if number.get("kind") in NUMBER_LABELS and data.get(
                                f"{path}-cond-{side}-was") not in (None, number["kind"]):
                            cond[side] = new_number(number["kind"], low=low)
                walk(step.get("then") or [], f"{path}-then")
                walk(step.get("else") or [], f"{path}-else")
            elif step.get("kind") == "modes":
                for k, option in enumerate(step.get("options") or [], 1):
                    walk(option, f"{path}-mode{k}")
    walk(tree, PREFIX)
    return tree


# ------------------------------------------------------------------ a tree → the template
# What a menu without a visible label is, for screen readers (by its field's key).
ARIA_NAMES = {"n": "Number", "times": "How many for each card", "keyword": "Keyword",
              "side": "Whose", "divisor": "Share", "attr": "Tower, wall, facility or resource",
              "op": "Comparison", "kind": "Kind of number"}


@dataclass
class FieldView:
    name: str
    label: str
    choices: tuple
    value: object
    rebuild: bool = False  # its menu changes the fields after it

    @property
    def aria_label(self):
        return self.label or ARIA_NAMES.get(self.name.rsplit("-", 1)[-1], "Choice")

    @property
    def was_name(self):
        """A kind menu's hidden twin: the kind the page was drawn with (a change of it
        starts the fields after it afresh, ``reset_changed_kinds``)."""
        return self.name[:-len("-kind")] + "-was" if self.name.endswith("-kind") else ""

    @property
    def options(self):
        return [(str(v), label, str(v) == str(self.value)) for v, label in self.choices]


@dataclass
class ListView:
    path: str
    label: str
    steps: list
    depth: int
    can_add: bool = True


@dataclass
class StepView:
    path: str
    number: str
    kind: str
    label: str
    fields: list = field(default_factory=list)
    condition: list = field(default_factory=list)
    negate: bool = False
    lists: list = field(default_factory=list)
    modes: int = 0
    first: bool = False
    last: bool = False


def _field_views(path, specs, values, *, number_low=1):
    out = []
    for key, label, choices, default in specs:
        if key == "amount":
            out += _number_views(f"{path}-amount", values.get("amount") or {}, AMOUNT_KINDS,
                                 label)
            continue
        if key == "amount-n":
            value = (values.get("amount") or {}).get("n", default)
        elif key.startswith("card"):
            cards = values.get("cards") or []
            i = int(key[4:]) - 1
            value = cards[i] if i < len(cards) else ANY
        else:
            value = values.get(key, default)
        out.append(FieldView(f"{path}-{key}", label, _choices(choices), value))
    return out


def _number_views(path, number, kinds, label, *, low=1, high=100):
    kind = number.get("kind") if number.get("kind") in kinds else kinds[0]
    views = [FieldView(f"{path}-kind", label, tuple((k, NUMBER_LABELS[k]) for k in kinds),
                       kind, rebuild=True)]
    for key, sub_label, choices, default in _number_fields(kind, low=low, high=high):
        views.append(FieldView(f"{path}-{key}", sub_label, _choices(choices),
                               number.get(key, default)))
    return views


def _condition_views(path, cond):
    kind = cond.get("kind") if cond.get("kind") in CONDITION_LABELS else "compare"
    views = [FieldView(f"{path}-kind", "If", tuple(engine.CUSTOM_CONDITION_KINDS), kind,
                       rebuild=True)]
    if kind == "compare":
        views += _number_views(f"{path}-left", cond.get("left") or {}, LEFT_KINDS, "")
        views.append(FieldView(f"{path}-op", "", OPERATORS, cond.get("op", "<")))
        views += _number_views(f"{path}-right", cond.get("right") or {}, RIGHT_KINDS, "",
                               low=0, high=200)
    else:
        views += _field_views(path, _condition_fields(kind), cond)
    return views


def _list_view(steps, path, label, depth) -> ListView:
    views = []
    for i, step in enumerate(steps):
        views.append(_step_view(step, f"{path}-{i}", str(i + 1), depth))
    if views:
        views[0].first = True
        views[-1].last = True
    return ListView(path, label, views, depth, can_add=len(steps) < MAX_LIST)


def _step_view(step, path, number, depth) -> StepView:
    kind = step.get("kind")
    if kind not in STEP_LABELS:
        return StepView(path, number, "", "(an unknown step: remove it)")
    view = StepView(path, number, kind, STEP_LABELS[kind])
    view.fields = _field_views(path, _step_fields(kind), step)
    if kind == "if":
        cond = step.get("condition") or {}
        view.condition = _condition_views(f"{path}-cond", cond)
        view.negate = bool(cond.get("negate"))
        view.lists = [_list_view(step.get("then") or [], f"{path}-then", "Then", depth + 1),
                      _list_view(step.get("else") or [], f"{path}-else",
                                 "Otherwise (optional)", depth + 1)]
    elif kind == "modes":
        options = step.get("options") or [[], []]
        view.modes = len(options)
        view.lists = [_list_view(option, f"{path}-mode{k}", f"Mode {k}", depth + 1)
                      for k, option in enumerate(options, 1)]
    return view


def builder_view(tree) -> ListView:
    """What templates/concepts/lab/_builder.html draws for ``tree``."""
    return _list_view(tree or [], PREFIX, "The effect", 0)


def step_kind_choices(top=True):
    """The "add a step" menu (modes only at the top of the effect)."""
    return [(k, label) for k, label in engine.CUSTOM_STEP_KINDS if top or k != "modes"]


# ------------------------------------------------------------------ the card definition
def keyword_labels(keywords, params) -> list:
    """The engine's keyword list of a concept: ``["Mage", "Charge (3)"]``."""
    params = params or {}
    return [f"{k} ({params[k]})" if params.get(k) else k for k in keywords or ()]


def definition_of(*, name, rarity, bricks, gems, recruits, keywords, keyword_params,
                  effect_tree) -> dict:
    """The engine card definition of a concept's fields and built effect."""
    return {"name": name or "", "rarity": rarity, "bricks": bricks or 0, "gems": gems or 0,
            "recruits": recruits or 0, "keywords": keyword_labels(keywords, keyword_params),
            "effect": effect_tree or []}


def concept_definition(concept) -> dict | None:
    """The definition of a saved concept, or None when it has no built effect."""
    if not concept.effect_tree:
        return None
    return definition_of(name=concept.name, rarity=concept.rarity, bricks=concept.bricks,
                         gems=concept.gems, recruits=concept.recruits,
                         keywords=concept.keywords, keyword_params=concept.keyword_params,
                         effect_tree=concept.effect_tree)


def checked(definition) -> tuple[dict | None, str]:
    """(the canonical definition, "") or (None, the engine's message)."""
    try:
        return engine.custom_card_check(definition), ""
    except engine.EngineError as error:
        return None, error.message


# The concepts' previews, kept per definition: a page draws each concept's text and
# picture from it, and its effect tags (which the picture reads) are computed once.
_PREVIEWS_KEPT = 512
# A preview's card id, made from its definition (engine.custom_card_preview gives every
# preview the same id; the pictures place their details by the id, and the engine keeps a
# card's effect tags by it): far above the catalogue's ids and the lab's registered ones.
PREVIEW_IDS_FROM = 1_000_000_000


@lru_cache(maxsize=_PREVIEWS_KEPT)
def _preview(text: str):
    card = engine.custom_card_preview(json.loads(text))
    card.id = PREVIEW_IDS_FROM + int(hashlib.sha256(text.encode()).hexdigest()[:8], 16)
    return card


def concept_preview(concept):
    """The engine's card of a concept's built effect (not registered: nothing can play it)
    for its text and picture; None when it has none or it no longer builds."""
    definition = concept_definition(concept)
    if definition is None:
        return None
    try:
        return _preview(json.dumps(definition, sort_keys=True, separators=(",", ":")))
    except engine.EngineError:
        return None


def played_text(concept) -> str:
    """The text of a concept's built effect as the game renders it ("" when none or when
    it no longer builds)."""
    preview = concept_preview(concept)
    return preview.text if preview is not None else ""
