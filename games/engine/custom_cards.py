"""Cards that are not in the catalogue: proposed cards (the card lab's concepts) built from a
definition and played by the games that hold them.

A **definition** is JSON made of the card vocabulary's building blocks (``cards/dsl.py``,
``cards/blocks.py``), so the effect, its text and its effect tags all come from one tree,
exactly as for the real cards::

    {"name": "Ink golem", "rarity": "Common", "bricks": 0, "gems": 0, "recruits": 4,
     "keywords": ["Unliving", "Charge (3)"],
     "effect": [{"kind": "attack", "amount": {"kind": "n", "n": 5}},
                {"kind": "change", "side": "me", "attr": "wall", "direction": "up",
                 "amount": {"kind": "n", "n": 2}}]}

``STEP_KINDS`` lists the steps, ``CONDITION_KINDS`` the conditions of an ``if`` step and
``NUMBER_KINDS`` the numbers (a constant, so many per keyword card in a hand, a share of
an attribute, a token counter, the round). ``custom_card_check`` validates a definition
and returns its canonical form; a definition that cannot be built raises
``EngineError("bad_custom_card", message)`` with a message for the card's author.

**Per game**: a custom card has an id of its own from ``FIRST_CUSTOM_ID`` up (the web side
gives each distinct definition one id, for good), and a game that holds it carries its
definitions in the state (``GameState.extra``, ``"extra_cards"`` in ``state_to_json``) and
plays it from its own card table (``GameState.cards``: the base catalogue's cards and its
own, ``cards_for``), so a replay, the computer (in any process) and the analysis rebuild it
from the state alone. Nothing is registered in the process: the catalogue (``card``,
``all_cards``, filters, summon lists) never holds a custom card, and two games may hold
different cards under one id. ``custom_card`` compiles one definition (kept in a bounded
cache, like the tables: memory does not grow with the concepts played); ``game_card``
reads a card as a game plays it.

``custom_card_source`` writes a definition as the Python of a ``defs_*.py`` module (for a
concept that becomes a real card).
"""
import json
from functools import lru_cache
from types import SimpleNamespace

from . import setup as _setup
from . import state as _state
from .cards import dsl
from .cards.blocks import DiscardCards, RevealCards, TokenAdd
from .cards.card_facts import CardFacts
from .cards.effect_tags import tree_tags
from .cards.filters import cards_filter
from .cards.model import CARDS, FIRST_CUSTOM_ID, CardDef, card_in, with_cards
from .catalogue import card
from .constants import ATTRS
from .errors import EngineError
from .keywords import KEYWORDS, ORDER, TOKEN_KEYWORDS, compile_card

__all__ = ["CONDITION_KINDS", "FIRST_CUSTOM_ID", "NUMBER_KINDS", "STEP_KINDS", "cards_for",
           "custom_card", "custom_card_check", "custom_card_ids", "custom_card_preview",
           "custom_card_source", "game_card", "is_custom_card", "new_game",
           "state_from_json", "with_custom_cards"]

BAD = "bad_custom_card"
MAX_STEPS = 16  # every step counts, those inside conditions and modes too
MAX_DEPTH = 3  # a condition inside a condition inside a condition, no deeper
MAX_AMOUNT = 100
MAX_COMPARE = 200
NAME_MAX = 64
COST_MAX = 200
PARAM_MAX = 99
RARITIES = ("Common", "Uncommon", "Rare")
SIDES = ("me", "enemy")
SIDE_OF = {"me": dsl.ME, "enemy": dsl.ENEMY, "both": 2}
ATTRIBUTES = ATTRS + ("stock", "facilities")
RESOURCE_NAMES = ("bricks", "gems", "recruits")
PRODUCTION_FACTORS = (0, 2, 3)
OPERATORS = ("<", "<=", ">", ">=", "=", "!=")

# What each step, condition and number is, in the builder's words (its menus).
STEP_KINDS = (
    ("attack", "Attack the enemy (wall first, then tower)"),
    ("change", "Raise or lower a tower, wall, facility or resource"),
    ("extreme", "Raise or lower the highest or lowest facility or resource"),
    ("steal", "Steal resources"),
    ("steal_random", "Steal random resources"),
    ("random_gain", "Gain random resources"),
    ("random_loss", "Lose random resources"),
    ("production", "Change this turn's production"),
    ("summon", "Summon a random card by keyword or rarity"),
    ("summon_card", "Summon a card you name (one of up to three)"),
    ("keep", "This card stays in your hand"),
    ("discard", "Discards from a hand (refilled from its deck)"),
    ("reveal", "Reveal enemy cards (hidden-cards games)"),
    ("tokens", "Change a token counter"),
    ("if", "A condition: do something only if…"),
    ("modes", "Modes: the player chooses one of 2–4 effects"),
)
CONDITION_KINDS = (
    ("compare", "A number compared with another"),
    ("last_card", "The last card played was…"),
    ("hidden_mode", "Hidden cards are on"),
    ("is_new", "This card is new"),
    ("round_divisible", "The round number is divisible by…"),
)
NUMBER_KINDS = (
    ("n", "a number"),
    ("count", "for each card of a keyword in a hand"),
    ("attr", "a share of a tower, wall, facility or resource"),
    ("tokens", "a token counter"),
    ("round", "the round number"),
)
_STEP_LABEL = dict(STEP_KINDS)
AMOUNT_NUMBERS = ("n", "count", "attr")
LEFT_NUMBERS = ("attr", "count", "tokens", "round")
RIGHT_NUMBERS = ("n", "attr")
# Steps that decide the card taking this one's slot: one of them per play at most.
_NEXT_CARD_STEPS = ("summon", "summon_card", "keep")


class _Problem(Exception):
    """A definition that cannot be built: ``where`` (e.g. "step 2 → then → step 1") and
    the message for the card's author."""

    def __init__(self, where, message):
        super().__init__(where, message)
        self.where, self.message = where, message


def _keyword_names():
    return tuple(ORDER)


def _real_card(cid):
    """Whether ``cid`` is a playable card of the catalogue."""
    c = card_in(CARDS, cid)
    return c is not None and c.id > 0 and c.implemented


# ------------------------------------------------------------------ values
def _int(value, low, high, what, where):
    if type(value) is not int or not low <= value <= high:
        raise _Problem(where, "choose %s between %d and %d" % (what, low, high))
    return value


def _choice(value, allowed, what, where):
    if value not in allowed:
        raise _Problem(where, "choose %s" % what)
    return value


def _side(value, where, allowed=SIDES):
    return _choice(value, allowed, "whose (yours or the enemy's)", where)


def _keyword(value, where, allowed=None):
    allowed = _keyword_names() if allowed is None else allowed
    return _choice(value, allowed, "a keyword", where)


def _side_src(side):
    return {"me": "me", "enemy": "enemy", "both": "both"}[side]


# ------------------------------------------------------------------ numbers
def _number(q, where, allowed, low=1, high=MAX_AMOUNT):
    """(Expr, source, canonical) of a number of one of the ``allowed`` kinds."""
    if not isinstance(q, dict):
        raise _Problem(where, "choose a number")
    kind = q.get("kind")
    if kind not in allowed:
        raise _Problem(where, "choose what the number is: " + ", ".join(
            label for k, label in NUMBER_KINDS if k in allowed))
    if kind == "n":
        n = _int(q.get("n"), low, high, "a number", where)
        return dsl.Const(n), str(n), {"kind": "n", "n": n}
    if kind == "count":
        kw = _keyword(q.get("keyword"), where)
        side = _choice(q.get("side"), ("me", "enemy", "both"), "whose hand", where)
        times = _int(q.get("times", 1), 1, 5, "how many per card", where)
        expr = dsl.KwCount(kw, SIDE_OF[side])
        src = "%s.count(%s)" % (_side_src(side), json.dumps(kw))
        if times > 1:
            expr, src = dsl.BinOp("*", times, expr), "%d * %s" % (times, src)
        return expr, src, {"kind": "count", "keyword": kw, "side": side, "times": times}
    if kind == "attr":
        attr = _choice(q.get("attr"), ATTRIBUTES, "a tower, wall, facility or resource", where)
        side = _side(q.get("side"), where)
        divisor = _int(q.get("divisor", 1), 1, 4, "the share (1 = all, 2 = half ...)", where)
        expr = dsl.Attr(attr, SIDE_OF[side])
        src = "%s.%s" % (_side_src(side), attr)
        if divisor > 1:
            expr, src = dsl.Div(expr, divisor), "%s / %d" % (src, divisor)
        return expr, src, {"kind": "attr", "attr": attr, "side": side, "divisor": divisor}
    if kind == "tokens":
        kw = _keyword(q.get("keyword"), where, TOKEN_KEYWORDS)
        side = _side(q.get("side"), where)
        return (dsl.Tokens(kw, SIDE_OF[side]), "%s.tokens(%s)" % (side, json.dumps(kw)),
                {"kind": "tokens", "keyword": kw, "side": side})
    return dsl.RoundNo(), "round_no", {"kind": "round"}


# ------------------------------------------------------------------ conditions
def _condition(c, where):
    """(Cond, source, canonical)."""
    if not isinstance(c, dict):
        raise _Problem(where, "choose a condition")
    kind = c.get("kind")
    if kind == "compare":
        left, lsrc, lcan = _number(c.get("left"), where, LEFT_NUMBERS)
        op = _choice(c.get("op"), OPERATORS, "how to compare (below, at least, ...)", where)
        right, rsrc, rcan = _number(c.get("right"), where, RIGHT_NUMBERS, 0, MAX_COMPARE)
        if lcan == rcan:
            raise _Problem(where, "the condition compares a number with itself")
        cond = dsl.Cmp(op, left, right)
        src = "%s %s %s" % (lsrc, "==" if op == "=" else op, rsrc)
        can = {"kind": "compare", "left": lcan, "op": op, "right": rcan}
    elif kind == "last_card":
        side = _side(c.get("side"), where)
        kw = c.get("keyword") or ""
        rarity = c.get("rarity") or ""
        if kw:
            _keyword(kw, where)
        if rarity:
            _choice(rarity, RARITIES, "a rarity", where)
        cond = dsl.last_card(keyword=kw or None, rarity=rarity or None, side=SIDE_OF[side])
        args = ["%s=%s" % (k, json.dumps(v)) for k, v in (("keyword", kw), ("rarity", rarity))
                if v]
        if side == "enemy":
            args.append("side=ENEMY")
        src = "last_card(%s)" % ", ".join(args)
        can = {"kind": "last_card", "side": side, "keyword": kw, "rarity": rarity}
    elif kind == "hidden_mode":
        cond, src, can = dsl.hidden_mode(), "hidden_mode()", {"kind": "hidden_mode"}
    elif kind == "is_new":
        cond, src, can = dsl.is_new(), "is_new()", {"kind": "is_new"}
    elif kind == "round_divisible":
        n = _int(c.get("n"), 2, 10, "the divisor", where)
        cond, src, can = (dsl.round_divisible(n), "round_divisible(%d)" % n,
                          {"kind": "round_divisible", "n": n})
    else:
        raise _Problem(where, "choose a condition")
    if c.get("negate"):
        cond, src = dsl.Not(cond), "~(%s)" % src
        can["negate"] = True
    return cond, src, can


# ------------------------------------------------------------------ steps
class _Built:
    """What a list of steps became: its nodes, their source, the canonical steps, and how
    many of them may decide the next card along one path of play."""

    def __init__(self):
        self.nodes, self.sources, self.canonical = [], [], []
        self.next_card = 0

    def source(self):
        if len(self.sources) == 1:
            return self.sources[0]
        return "[%s]" % ", ".join(self.sources)


class _Builder:
    def __init__(self, keywords):
        self.steps = 0
        self.modes = 0
        self.keywords = keywords

    def steps_of(self, steps, where, depth, top=False):
        if not isinstance(steps, list):
            raise _Problem(where, "the effect must be a list of steps")
        built = _Built()
        for i, step in enumerate(steps, 1):
            at = "step %d" % i if not where else "%s → step %d" % (where, i)
            node, src, can, next_card = self.step(step, at, depth, top)
            built.nodes.append(node)
            built.sources.append(src)
            built.canonical.append(can)
            built.next_card += next_card
        if built.next_card > 1:
            raise _Problem(where or "the effect", "only one step may decide the card that "
                           "takes this one's place (a summon, or “this card stays in your "
                           "hand”) in one play")
        return built

    def step(self, s, where, depth, top):
        if not isinstance(s, dict) or s.get("kind") not in _STEP_LABEL:
            raise _Problem(where, "choose what the step does")
        self.steps += 1
        if self.steps > MAX_STEPS:
            raise _Problem(where, "a card has at most %d steps" % MAX_STEPS)
        kind = s["kind"]
        where = "%s (%s)" % (where, _STEP_LABEL[kind].split(" (")[0].split(":")[0])
        return getattr(self, "_" + kind)(s, where, depth, top)

    # one method per step kind: (node, source, canonical, next-card steps on one path)
    def _attack(self, s, where, depth, top):
        n, src, can = _number(s.get("amount"), where, AMOUNT_NUMBERS)
        return dsl.Attack(n), "attack(%s)" % src, {"kind": "attack", "amount": can}, 0

    def _change(self, s, where, depth, top):
        side = _side(s.get("side"), where)
        attr = _choice(s.get("attr"), ATTRIBUTES, "a tower, wall, facility or resource",
                       where)
        up = _choice(s.get("direction"), ("up", "down"), "up or down", where) == "up"
        n, src, can = _number(s.get("amount"), where, AMOUNT_NUMBERS)
        helper = ("enemy_" if side == "enemy" else "") + attr
        if isinstance(n, dsl.Const):
            v = n.v if up else -n.v
            node, source = dsl.Add(attr, v, SIDE_OF[side]), "%s(%d)" % (helper, v)
        elif up:
            node, source = dsl.Add(attr, n, SIDE_OF[side]), "%s(%s)" % (helper, src)
        else:
            node = dsl.Sub(attr, n, SIDE_OF[side])
            source = "Sub(%s, %s%s)" % (json.dumps(attr), src,
                                        ", ENEMY" if side == "enemy" else "")
        return node, source, {"kind": "change", "side": side, "attr": attr,
                              "direction": "up" if up else "down", "amount": can}, 0

    def _extreme(self, s, where, depth, top):
        side = _side(s.get("side"), where)
        which = _choice(s.get("which"), ("highest", "lowest"), "highest or lowest", where)
        what = _choice(s.get("what"), ("resource", "facility"), "a resource or a facility",
                       where)
        up = _choice(s.get("direction"), ("up", "down"), "up or down", where) == "up"
        n = _int((s.get("amount") or {}).get("n"), 1, MAX_AMOUNT if what == "resource" else 5,
                 "a number", where)
        v = n if up else -n
        node = dsl.Extreme(what, v, which == "highest", SIDE_OF[side])
        source = "%s(%s, %d%s)" % (which, json.dumps(what), v,
                                   ", ENEMY" if side == "enemy" else "")
        return node, source, {"kind": "extreme", "side": side, "which": which, "what": what,
                              "direction": "up" if up else "down",
                              "amount": {"kind": "n", "n": n}}, 0

    def _steal(self, s, where, depth, top):
        what = _choice(s.get("what"), RESOURCE_NAMES + ("stock",),
                       "bricks, gems, recruits or each resource", where)
        n, src, can = _number(s.get("amount"), where, AMOUNT_NUMBERS)
        return (dsl.Steal(what, n), "Steal(%s, %s)" % (json.dumps(what), src),
                {"kind": "steal", "what": what, "amount": can}, 0)

    def _random(self, cls, name, default_side, s, where):
        side = _side(s.get("side", default_side), where)
        n, src, can = _number(s.get("amount"), where, AMOUNT_NUMBERS)
        source = "%s(%s%s)" % (name, src, "" if side == default_side else
                               ", %s" % ("ME" if side == "me" else "ENEMY"))
        return (cls(n, SIDE_OF[side]), source,
                {"kind": s["kind"], "side": side, "amount": can}, 0)

    def _steal_random(self, s, where, depth, top):
        n, src, can = _number(s.get("amount"), where, AMOUNT_NUMBERS)
        return (dsl.StealRandom(n), "StealRandom(%s)" % src,
                {"kind": "steal_random", "amount": can}, 0)

    def _random_gain(self, s, where, depth, top):
        return self._random(dsl.RandomGain, "RandomGain", "me", s, where)

    def _random_loss(self, s, where, depth, top):
        return self._random(dsl.RandomLoss, "RandomLoss", "enemy", s, where)

    def _production(self, s, where, depth, top):
        res = _choice(s.get("resource", "all"), ("all",) + RESOURCE_NAMES,
                      "all resources or one", where)
        k = s.get("factor")
        if k not in PRODUCTION_FACTORS:
            raise _Problem(where, "choose the factor: no production (x0), x2 or x3")
        node = dsl.Prod(k, None if res == "all" else res)
        source = "Prod(%d)" % k if res == "all" else "Prod(%d, %s)" % (k, json.dumps(res))
        return node, source, {"kind": "production", "resource": res, "factor": k}, 0

    def _summon(self, s, where, depth, top):
        kw = s.get("keyword") or ""
        rarity = s.get("rarity") or ""
        if not kw and not rarity:
            raise _Problem(where, "choose a keyword or a rarity (or both) for the summon")
        criteria = {}
        if rarity:
            criteria["rarity"] = _choice(rarity, RARITIES, "a rarity", where)
        if kw:
            criteria["keyword"] = _keyword(kw, where)
        if not cards_filter(**criteria):
            raise _Problem(where, "no card of the game is %s" % " and ".join(
                ("a %s card" % kw if k == "keyword" else rarity.lower())
                for k in criteria))
        args = ", ".join("%s=%s" % (k, json.dumps(criteria[k])) for k in ("rarity", "keyword")
                         if k in criteria)
        return (dsl.summon_filter(**criteria), "summon_filter(%s)" % args,
                {"kind": "summon", "keyword": kw, "rarity": rarity}, 1)

    def _summon_card(self, s, where, depth, top):
        ids = s.get("cards")
        if not isinstance(ids, list) or not 1 <= len(ids) <= 3:
            raise _Problem(where, "choose one to three cards to summon")
        clean = []
        for cid in ids:
            if not _real_card(cid):
                raise _Problem(where, "choose cards of the game to summon")
            if cid in clean:
                raise _Problem(where, "choose different cards (each once)")
            clean.append(cid)
        return (dsl.summon_ids(*clean), "summon_ids(%s)" % ", ".join(map(str, clean)),
                {"kind": "summon_card", "cards": clean}, 1)

    def _keep(self, s, where, depth, top):
        if "Durable" in self.keywords:
            raise _Problem(where, "a Durable card stays in your hand anyway: remove this step "
                           "or the keyword")
        return dsl.keep(), "keep()", {"kind": "keep"}, 1

    def _discard(self, s, where, depth, top):
        side = _side(s.get("side"), where)
        which = _choice(s.get("which", "random"), ("random", "costliest"),
                        "random or the most expensive", where)
        count = _int(s.get("count", 1), 1, 3, "how many cards", where)
        source = "DiscardCards(%d%s%s)" % (count, ", ME" if side == "me" else "",
                                           ", which=\"costliest\"" if which == "costliest"
                                           else "")
        return (DiscardCards(count, SIDE_OF[side], which), source,
                {"kind": "discard", "side": side, "which": which, "count": count}, 0)

    def _reveal(self, s, where, depth, top):
        which = _choice(s.get("which"), ("opposite", "around", "hand"), "which cards", where)
        return (RevealCards(which), "RevealCards(%s)" % json.dumps(which),
                {"kind": "reveal", "which": which}, 0)

    def _tokens(self, s, where, depth, top):
        side = _side(s.get("side"), where)
        kw = _keyword(s.get("keyword"), where, TOKEN_KEYWORDS)
        up = _choice(s.get("direction"), ("up", "down"), "up or down", where) == "up"
        n = _int((s.get("amount") or {}).get("n"), 1, MAX_AMOUNT, "a number", where)
        v = n if up else -n
        source = "TokenAdd(%s, %d%s)" % (json.dumps(kw), v, ", ENEMY" if side == "enemy" else "")
        return (TokenAdd(kw, v, SIDE_OF[side]), source,
                {"kind": "tokens", "side": side, "keyword": kw,
                 "direction": "up" if up else "down", "amount": {"kind": "n", "n": n}}, 0)

    def _if(self, s, where, depth, top):
        if depth >= MAX_DEPTH:
            raise _Problem(where, "conditions go at most %d deep" % MAX_DEPTH)
        cond, csrc, ccan = _condition(s.get("condition"), where)
        then = self.steps_of(s.get("then") or [], where + " → then", depth + 1)
        if not then.nodes:
            raise _Problem(where, "add at least one step to do when the condition holds")
        other = self.steps_of(s.get("else") or [], where + " → otherwise", depth + 1)
        node = dsl.If(cond, then.nodes, other.nodes or None)
        source = "If(%s, %s%s)" % (csrc, then.source(),
                                   ", %s" % other.source() if other.nodes else "")
        can = {"kind": "if", "condition": ccan, "then": then.canonical,
               "else": other.canonical}
        return node, source, can, max(then.next_card, other.next_card)

    def _modes(self, s, where, depth, top):
        if not top:
            raise _Problem(where, "modes are a step of their own at the top of the effect, "
                           "not inside a condition or another mode")
        self.modes += 1
        if self.modes > 1:
            raise _Problem(where, "a card has one choice of modes at most")
        options = s.get("options")
        if not isinstance(options, list) or not 2 <= len(options) <= 4:
            raise _Problem(where, "the player chooses between 2 and 4 modes")
        alts = []
        for i, option in enumerate(options, 1):
            built = self.steps_of(option, "%s → mode %d" % (where, i), depth + 1)
            if not built.nodes:
                raise _Problem("%s → mode %d" % (where, i), "add at least one step to the mode")
            alts.append(built)
        node = dsl.Modes(*[b.nodes for b in alts])
        source = "Modes(%s)" % ", ".join(b.source() for b in alts)
        return (node, source, {"kind": "modes", "options": [b.canonical for b in alts]},
                max(b.next_card for b in alts))


# ------------------------------------------------------------------ definitions
def _facts(d):
    """(name, rarity, bricks, gems, recruits, keywords) of a definition, checked."""
    if not isinstance(d, dict):
        raise _Problem("the card", "the definition must be an object")
    name = d.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > NAME_MAX:
        raise _Problem("the card", "give the card a name of at most %d characters" % NAME_MAX)
    rarity = _choice(d.get("rarity"), RARITIES, "the rarity", "the card")
    cost = [_int(d.get(r, 0), 0, COST_MAX, "the %s cost" % r, "the card")
            for r in RESOURCE_NAMES]
    keywords = d.get("keywords") or []
    if not isinstance(keywords, list):
        raise _Problem("the card", "keywords must be a list")
    seen, clean = set(), []
    for raw in keywords:
        kw, param = raw, None
        if isinstance(raw, str) and raw.endswith(")") and " (" in raw:
            kw, _, number = raw[:-1].rpartition(" (")
            if not number.isdigit() or not 1 <= int(number) <= PARAM_MAX:
                raise _Problem("the card", "the number of %s must be 1 to %d" % (kw, PARAM_MAX))
            param = int(number)
        if kw not in KEYWORDS:
            raise _Problem("the card", "keywords must come from the game's keyword list")
        if kw in seen:
            raise _Problem("the card", "each keyword once")
        seen.add(kw)
        clean.append(kw if param is None else "%s (%d)" % (kw, param))
    order = {k: i for i, k in enumerate(ORDER)}
    clean.sort(key=lambda k: order[k.split(" (")[0]])
    return name.strip(), rarity, cost, clean


def _compile(d):
    """(canonical definition, Seq node, source of its steps, number of modes)."""
    try:
        name, rarity, (b, g, r), keywords = _facts(d)
        names = {k.split(" (")[0] for k in keywords}
        builder = _Builder(names)
        built = builder.steps_of(d.get("effect") or [], "", 0, top=True)
    except _Problem as problem:
        raise EngineError(BAD, "%s: %s." % (_cap(problem.where), problem.message)) from None
    modes = sum(len(c["options"]) for c in built.canonical if c["kind"] == "modes")
    canonical = {"name": name, "rarity": rarity, "bricks": b, "gems": g, "recruits": r,
                 "keywords": keywords, "effect": built.canonical}
    return canonical, dsl.Seq(*built.nodes), built.sources, modes


def _cap(s):
    return s[:1].upper() + s[1:]


def _card_def(card_id, canonical, node, modes):
    facts = CardFacts(id=card_id, name=canonical["name"], rarity=canonical["rarity"],
                      bricks=canonical["bricks"], gems=canonical["gems"],
                      recruits=canonical["recruits"], level=0, modes=modes,
                      keywords=tuple(canonical["keywords"]), support_keywords=(),
                      effect_classes=(), created="", modified="")
    c = CardDef(facts)
    c.effect = node.run
    c.text = dsl.card_text(node)
    c.implemented = True
    c.uncertain = node.uncertain
    c.node = node
    tags, _opaque = tree_tags(SimpleNamespace(node=node, implemented=True, id=card_id))
    c.classes = frozenset(cls for cls, tag_set in _CLASS_OF_TAGS if tags & tag_set)
    compile_card(c)
    return c


# The facts' effect classes (summon filters, deck filters, the learned evaluation) from the
# tree's effect tags.
_CLASS_OF_TAGS = (("attack", {"attack"}), ("wall_plus", {"wall_plus"}),
                  ("tower_plus", {"tower_plus"}), ("summons", {"summons", "evoke"}),
                  ("replace", {"replace"}), ("discard", {"discard"}))


def custom_card_check(definition):
    """The canonical form of a valid definition (what to store); raises
    ``EngineError("bad_custom_card", message)`` naming the first problem."""
    return _compile(definition)[0]


def custom_card_preview(definition):
    """A CardDef of the definition that is not registered (id 0 would be the Empty card, so
    it has no id a game could hold): its ``text``, ``classes``, ``modes`` for a preview."""
    canonical, node, _sources, modes = _compile(definition)
    return _card_def(FIRST_CUSTOM_ID - 1, canonical, node, modes)


def custom_card_source(definition, card_id):
    """The definition as the line of a ``defs_*.py`` module: ``card(755, attack(5), ...)``
    (the facts entry for ``facts_manual.py`` comes from ``custom_card_preview``)."""
    _canonical, _node, sources, _modes = _compile(definition)
    return "card(%s)" % ", ".join([str(card_id)] + sources)


# ------------------------------------------------------------------ a game's own cards
# Compiled cards are kept, a bounded number: a game loaded again (every request of a
# playtest, the computer's moves, a replay) finds its cards compiled. What is kept is keyed
# by the card's id and its definition's JSON text, so a different definition under the
# same id (tests reuse ids) is a different card, and nothing kept changes what another game
# sees. However many concepts are played, at most this many cards and tables are held.
COMPILED_CACHE_SIZE = 256
TABLE_CACHE_SIZE = 64


def _key(definition):
    return json.dumps(definition, sort_keys=True, separators=(",", ":"))


def is_custom_card(card_id):
    """Whether ``card_id`` is in the range of custom cards (from ``FIRST_CUSTOM_ID`` up)."""
    return type(card_id) is int and card_id >= FIRST_CUSTOM_ID


@lru_cache(maxsize=COMPILED_CACHE_SIZE)
def _compiled(card_id, key):
    canonical, node, _sources, modes = _compile(json.loads(key))
    return _card_def(card_id, canonical, node, modes).seal()


def custom_card(card_id, definition):
    """The CardDef of the card ``definition`` under ``card_id`` (``FIRST_CUSTOM_ID`` or
    above): compiled once and kept (bounded, ``COMPILED_CACHE_SIZE``), sealed, registered
    nowhere: the catalogue (``card``, ``all_cards``) never holds it. A game plays it when
    its state holds the definition (``new_game(custom_cards=...)``)."""
    if not is_custom_card(card_id):
        raise EngineError(BAD, "a custom card's id starts at %d" % FIRST_CUSTOM_ID)
    try:
        key = _key(definition)
    except (TypeError, ValueError):
        raise EngineError(BAD, "The card: the definition must be JSON.") from None
    return _compiled(card_id, key)


def custom_card_ids(state):
    """The custom card ids a game holds (a GameState or its ``state_to_json``), sorted: a
    game with any is a playtest of a proposed card."""
    extra = state.get("extra_cards") if isinstance(state, dict) else state.extra
    return tuple(sorted(int(k) for k in extra or ()))


def _custom_defs(extra):
    """The CardDefs of ``extra`` (card id (str) -> definition)."""
    if not isinstance(extra, dict):
        raise EngineError(BAD, "extra_cards must map card ids to definitions")
    defs = []
    for key, definition in extra.items():
        try:
            card_id = int(key)
        except (TypeError, ValueError):
            raise EngineError(BAD, "bad custom card id %r" % (key,)) from None
        defs.append(custom_card(card_id, definition))
    return defs


@lru_cache(maxsize=TABLE_CACHE_SIZE)
def _table(key):
    return with_cards(CARDS, _custom_defs(json.loads(key)))


def cards_for(extra):
    """The card table of a game holding the proposed cards ``extra`` (card id (str) ->
    definition; none: the base catalogue): the base cards and these, kept (bounded,
    ``TABLE_CACHE_SIZE``) for the next load of the same game."""
    if not extra:
        return CARDS
    if not isinstance(extra, dict):
        raise EngineError(BAD, "extra_cards must map card ids to definitions")
    try:
        key = _key(extra)
    except (TypeError, ValueError):
        raise EngineError(BAD, "The card: the definition must be JSON.") from None
    return _table(key)


def game_card(state, card_id):
    """The CardDef of ``card_id`` as the game ``state`` (a GameState or its
    ``state_to_json``) plays it: one of its proposed cards, else the catalogue's card.
    Raises ``EngineError("unknown_card")`` when the game has no such card."""
    if not isinstance(state, dict):
        return state.card(card_id)
    definition = (state.get("extra_cards") or {}).get(str(card_id)) if is_custom_card(
        card_id) else None
    if definition is None:
        return card(card_id)
    return custom_card(card_id, definition)


def _extra(custom_cards):
    try:
        return {str(int(k)): v for k, v in custom_cards.items()}
    except (AttributeError, TypeError, ValueError):
        raise EngineError(BAD, "custom cards must map card ids to definitions") from None


def with_custom_cards(state, custom_cards):
    """A copy of the game ``state`` that holds the proposed cards ``custom_cards`` (card id
    -> definition) besides those it holds: it keeps them (``extra``) and plays them from its
    own card table (``cards``). ``state`` is not touched."""
    extra = {**(state.extra or {}), **_extra(custom_cards)}
    cards = cards_for(extra)
    st = state.clone()
    st.extra = extra or None
    st.cards = cards
    return st


def new_game(deck1, deck2, *, seed, custom_cards=None, **options):
    """``setup.new_game`` with the custom cards the decks may hold: ``custom_cards`` maps
    their ids to their definitions; the state keeps them (``extra``) and plays them from its
    own card table (``cards``)."""
    extra = cards = None
    if custom_cards:
        extra = _extra(custom_cards)
        cards = cards_for(extra)  # (a bad definition is refused before the game is dealt)
    st = _setup.new_game(deck1, deck2, seed=seed, **options)
    if extra:
        st.extra = extra
        st.cards = cards
    return st


def state_from_json(d):
    """``state.state_from_json`` with the card table of the proposed cards the state
    carries: a replay, the computer (in any process) and the analysis rebuild them from the
    state alone, and nothing outside this state sees them."""
    extra = d.get("extra_cards") if isinstance(d, dict) else None
    return _state.state_from_json(d, cards_for(extra))
