"""Card effects compiled to Python: each card's tree of building blocks (``dsl.py``) is
turned into the source of one plain function of the turn context, compiled once when the
engine loads.

The tree stays the one definition of a card: its text, its effect tags and its
interpreted effect (``node.run``) are read from it, and the compiled function is generated
from it. Walking the tree on every play costs a method call per block, at call sites
that see every kind of block (the interpreter cannot specialise them); the compiled
function does the same steps in the same order as the blocks' ``run``/``ev``/``test``,
written out. Only the blocks named in ``_ACTIONS``, ``_NUMBERS`` and ``_CONDITIONS`` are
written out, matched by their exact class; any other block (a subclass, a block of a card
module, a new block) is called as it is (``block.run(ctx)``, ``.ev(ctx)``,
``.test(ctx)``), so a block without a compiler rule is still right, only not faster.

``registry.interpreted()`` is a card table whose cards walk their trees instead (the tests
compare both on random games).
"""
import linecache

from .. import attributes as _at
from ..php import php_round
from . import dsl

FILENAME = "<compiled card effects>"  # (registry.interpreted knows them by it)
_SOURCES = []  # the generated source of every compiled effect, for tracebacks


class _Writer:
    """The source of one function being written, and the objects it refers to."""

    def __init__(self, names, prefix):
        self.names = names  # the shared namespace of the compiled functions
        self.prefix = prefix
        self.lines = []
        self.temps = 0

    def _count(self):
        self.temps += 1
        return self.temps

    def ref(self, obj):
        """A global name for ``obj`` in the compiled functions' namespace."""
        name = "%s_%d" % (self.prefix, self._count())
        self.names[name] = obj
        return name

    def temp(self):
        """A new local name."""
        return "_t%d" % self._count()

    def line(self, depth, text):
        self.lines.append("    " * depth + text)


def _player(side):
    """The player a block of ``side`` acts on (``dsl._P``: ME is A, anything else B)."""
    return "A" if side == dsl.ME else "B"


def _const_src(w, v):
    if type(v) is int or type(v) is bool:
        return repr(v)
    return w.ref(v)


# ---------------------------------------------------------------- numbers
def _num(w, e):
    rule = _NUMBERS.get(type(e))
    if rule is None:
        return "%s.ev(ctx)" % w.ref(e)
    return rule(w, e)


def _n_const(w, e):
    return _const_src(w, e.v)


def _n_attr(w, e):
    P = _player(e.side)
    if e.name in ("stock", "facilities"):
        first = 5 if e.name == "stock" else 2
        t = w.temp()
        return "((%s := %s.a)[%d] + %s[%d] + %s[%d])" % (t, P, first, t, first + 1, t,
                                                        first + 2)
    return "%s.a[%d]" % (P, e.i)


def _n_changed(w, e):
    ch = "ctx.my_ch" if e.side == dsl.ME else "ctx.his_ch"
    if len(e.idx) == 1:
        return "%s[%d]" % (ch, e.idx[0])
    t = w.temp()
    first, *rest = e.idx
    return "(%s + %s)" % ("(%s := %s)[%d]" % (t, ch, first),
                          " + ".join("%s[%d]" % (t, i) for i in rest))


def _n_round(w, e):
    return "ctx.round"


def _n_mode_const(w, e):
    return "ctx.lim.%s" % e.name


def _n_fn(w, e):
    return "%s(ctx)" % w.ref(e.fn)


def _n_binop(w, e):
    op = {"+": "+", "-": "-", "*": "*"}.get(e.op)
    if op is None:
        return "%s.ev(ctx)" % w.ref(e)
    return "(%s %s %s)" % (_num(w, e.a), op, _num(w, e.b))


def _n_div(w, e):
    return "_php_round(%s / %s)" % (_num(w, e.a), _num(w, e.b))


def _n_floor(w, e):
    return "(%s // %s)" % (_num(w, e.a), _num(w, e.b))


def _n_minmax(fn):
    def rule(w, e):
        xs = [_num(w, x) for x in e.xs]
        if len(xs) == 1:
            return xs[0]
        return "%s(%s)" % (fn, ", ".join(xs))
    return rule


_NUMBERS = {
    dsl.Const: _n_const, dsl.Attr: _n_attr, dsl.Changed: _n_changed,
    dsl.RoundNo: _n_round, dsl.ModeConst: _n_mode_const, dsl.Fn: _n_fn,
    dsl.BinOp: _n_binop, dsl.Div: _n_div, dsl.Floor: _n_floor,
    dsl.Min: _n_minmax("min"), dsl.Max: _n_minmax("max"),
}


# ------------------------------------------------------------- conditions
# (a condition is only ever tested for truth: ``If`` and the ``And``/``Or``/``Not`` around
# it; so ``a and b`` stands for ``And.test``, which gives True or False)
def _cond(w, c):
    rule = _CONDITIONS.get(type(c))
    if rule is None:
        return "%s.test(ctx)" % w.ref(c)
    return rule(w, c)


_CMP = {"<": "<", "<=": "<=", ">": ">", ">=": ">=", "=": "==", "!=": "!="}


def _c_cmp(w, c):
    if c.op not in _CMP:
        return "%s.test(ctx)" % w.ref(c)
    return "(%s %s %s)" % (_num(w, c.a), _CMP[c.op], _num(w, c.b))


def _c_and(w, c):
    if not c.cs:
        return "True"
    return "(%s)" % " and ".join(_cond(w, x) for x in c.cs)


def _c_or(w, c):
    if not c.cs:
        return "False"
    return "(%s)" % " or ".join(_cond(w, x) for x in c.cs)


def _c_not(w, c):
    return "(not %s)" % _cond(w, c.c)


def _c_pred(w, c):
    return "%s(ctx)" % w.ref(c.fn)


_CONDITIONS = {dsl.Cmp: _c_cmp, dsl.And: _c_and, dsl.Or: _c_or, dsl.Not: _c_not,
               dsl.Pred: _c_pred}


# ---------------------------------------------------------------- actions
def _act(w, a, depth):
    rule = _ACTIONS.get(type(a))
    if rule is None:
        w.line(depth, "%s.run(ctx)" % w.ref(a))
    else:
        rule(w, a, depth)


def _a_seq(w, a, depth):
    for x in a.acts:
        _act(w, x, depth)


def _a_attack(w, a, depth):
    P = "B" if a.side == dsl.ENEMY else "A"
    w.line(depth, "_attack(%s.a, %s)" % (P, _num(w, a.n)))


def _a_add(op):
    def rule(w, a, depth):
        P = _player(a.side)
        if type(a.n) is dsl.Const and len(a.idx) == 1:
            w.line(depth, "%s.a[%d] %s %s" % (P, a.idx[0], op, _const_src(w, a.n.v)))
            return
        # the list first, then the number (the order of ``run``)
        ta = w.temp()
        w.line(depth, "%s = %s.a" % (ta, P))
        tv = _value(w, a.n, depth)
        for i in a.idx:
            w.line(depth, "%s[%d] %s %s" % (ta, i, op, tv))
    return rule


def _value(w, n, depth):
    """A name or literal holding number ``n``, evaluated once, here."""
    if type(n) is dsl.Const and type(n.v) is int:
        return repr(n.v)
    tv = w.temp()
    w.line(depth, "%s = %s" % (tv, _num(w, n)))
    return tv


def _a_set(w, a, depth):
    ta = w.temp()
    w.line(depth, "%s = %s.a" % (ta, _player(a.side)))
    tv = _value(w, a.n, depth)
    for i in a.idx:
        w.line(depth, "%s[%d] = %s" % (ta, i, tv))


def _a_mul(w, a, depth):
    ta = w.temp()
    w.line(depth, "%s = %s.a" % (ta, _player(a.side)))
    k = _const_src(w, a.k)
    for i in a.idx:
        if isinstance(a.k, float):
            w.line(depth, "%s[%d] = _php_round(%s[%d] * %s)" % (ta, i, ta, i, k))
        else:
            w.line(depth, "%s[%d] = %s[%d] * %s" % (ta, i, ta, i, k))


def _a_extreme(w, a, depth):
    w.line(depth, "_add_extreme(ctx.rng, %s.a, %s, %s, %s)"
           % (_player(a.side), w.ref(a.idx), _num(w, a.n), bool(a.highest)))


def _a_steal(w, a, depth):
    tv = _value(w, a.n, depth)
    for i in a.idx:
        w.line(depth, "_steal(B.a, A.a, %d, %s)" % (i, tv))


def _a_steal_random(w, a, depth):
    w.line(depth, "_steal_random(ctx.rng, B.a, A.a, %s)" % _num(w, a.n))


def _a_random_gain(w, a, depth):
    w.line(depth, "_random_gain(ctx.rng, %s.a, %s)" % (_player(a.side), _num(w, a.n)))


def _a_random_loss(w, a, depth):
    w.line(depth, "_random_loss(ctx.rng, %s.a, %s)" % (_player(a.side), _num(w, a.n)))


def _a_prod(w, a, depth):
    if a.k < 0:
        return
    tp = w.temp()
    w.line(depth, "%s = ctx.prod" % tp)
    for i in a.idx:
        w.line(depth, "%s[%d] *= %s" % (tp, i, _const_src(w, a.k)))


def _a_prod_by(w, a, depth):
    tk, tp = w.temp(), w.temp()
    w.line(depth, "%s = %s" % (tk, _num(w, a.n)))
    w.line(depth, "if %s >= 0:" % tk)
    w.line(depth + 1, "%s = ctx.prod" % tp)
    for i in a.idx:
        w.line(depth + 1, "%s[%d] *= %s" % (tp, i, tk))


def _a_keep(w, a, depth):
    w.line(depth, "ctx.keep()")


def _a_summon(w, a, depth):
    w.line(depth, "ctx.summon_list(%s, %s)" % (w.ref(a.ids), _const_src(w, a.reveal)))


def _a_summon_card(w, a, depth):
    w.line(depth, "ctx.summon(%s, %s)" % (_const_src(w, a.cid), _const_src(w, a.reveal)))


def _a_summon_deck(w, a, depth):
    w.line(depth, "ctx.summon_list(%s.deck[%d], %s)"
           % (_player(a.side), a.sec, _const_src(w, a.reveal)))


def _a_if(w, a, depth):
    w.line(depth, "if %s:" % _cond(w, a.cond))
    _block(w, a.then, depth + 1)
    if a.else_ is not None:
        w.line(depth, "else:")
        _block(w, a.else_, depth + 1)


def _a_modes(w, a, depth):
    tm = w.temp()
    w.line(depth, "%s = ctx.mode" % tm)
    for m, alt in enumerate(a.alts, 1):
        w.line(depth, "%s %s == %d:" % ("if" if m == 1 else "elif", tm, m))
        _block(w, alt, depth + 1)
    # any other mode: as the block does it (alts[mode - 1], an error past the end)
    w.line(depth, "else:" if a.alts else "if True:")
    w.line(depth + 1, "%s.run(ctx)" % w.ref(a))


def _a_do(w, a, depth):
    w.line(depth, "%s(ctx)" % w.ref(a.fn))


def _block(w, a, depth):
    """The statements of ``a`` at ``depth``, at least one."""
    n = len(w.lines)
    _act(w, a, depth)
    if len(w.lines) == n:
        w.line(depth, "pass")


_ACTIONS = {
    dsl.Seq: _a_seq, dsl.Attack: _a_attack, dsl.Add: _a_add("+="), dsl.Sub: _a_add("-="),
    dsl.SetAttr: _a_set, dsl.MulAttr: _a_mul, dsl.Extreme: _a_extreme, dsl.Steal: _a_steal,
    dsl.StealRandom: _a_steal_random, dsl.RandomGain: _a_random_gain,
    dsl.RandomLoss: _a_random_loss, dsl.Prod: _a_prod, dsl.ProdBy: _a_prod_by,
    dsl.Keep: _a_keep, dsl.Summon: _a_summon, dsl.SummonCard: _a_summon_card,
    dsl.SummonDeck: _a_summon_deck, dsl.If: _a_if, dsl.Modes: _a_modes, dsl.Do: _a_do,
}

_HELPERS = {
    "_attack": _at.attack, "_add_extreme": _at.add_extreme, "_steal": _at.steal,
    "_steal_random": _at.steal_random, "_random_gain": _at.random_gain,
    "_random_loss": _at.random_loss, "_php_round": php_round,
}


def effect_source(node, name="effect", names=None):
    """The Python source of the function ``name(ctx)`` doing what ``node.run(ctx)`` does;
    the objects it refers to are put into ``names``."""
    w = _Writer({} if names is None else names, "k_" + name)
    w.line(0, "def %s(ctx):" % name)
    w.line(1, "A = ctx.A")
    w.line(1, "B = ctx.B")
    _act(w, node, 1)
    return "\n".join(w.lines) + "\n"


def compile_effects(nodes):
    """``{key: function}`` for ``nodes`` (``{key: tree}``, a key an int or a name): every
    tree compiled to one function, all in one namespace."""
    names = dict(_HELPERS)
    parts = []
    fn_names = {}
    for key, node in nodes.items():
        fn = "effect_%s" % key
        fn_names[key] = fn
        parts.append(effect_source(node, fn, names))
    source = "\n".join(parts)
    filename = "%s %d" % (FILENAME, len(_SOURCES))
    _SOURCES.append(source)
    # tracebacks through a compiled effect show its generated lines
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    exec(compile(source, filename, "exec"), names)
    return {key: names[fn] for key, fn in fn_names.items()}
