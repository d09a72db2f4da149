"""Game state: plain lists and ints, a hand-written fast clone and exact JSON."""
from .cards.model import CARDS, card_in
from .constants import ATTRS, limits_for
from .errors import EngineError

SCHEMA_VERSION = 1
_new = object.__new__  # (list.copy() and this: the cheapest copies, for the turns' clones)
_ZERO8 = (0, 0, 0, 0, 0, 0, 0, 0)


class PlayerState:
    """One player's part of a game (spec §2.5).

    ``a`` holds the 8 attributes in the order of ``constants.ATTRS``
    (tower, wall, quarry, magic, dungeons, bricks, gems, recruits).
    Hand lists are indexed 0..7 (slot 1..8). ``deck`` is an immutable tuple of
    three 15-tuples (common, uncommon, rare slots) shared between clones.
    ``hist`` is the list of (card, mode, action) of the latest round. ``hist`` and
    ``changes`` are shared between clones too: code replaces them with new lists and
    never changes them in place (the engine's tests check that no turn changes its input).
    ``disc`` holds the two discard piles (own hand, opponent's hand).
    """

    __slots__ = ("a", "hand", "new", "rev", "deck", "tok_names", "tok", "tok_ch", "hist",
                 "changes", "disc")

    def __init__(self, a=None, hand=None, new=None, rev=None, deck=((), (), ()),
                 tok_names=(None, None, None), tok=None, tok_ch=None, hist=None, changes=None,
                 disc=None):
        self.a = a if a is not None else [0] * 8
        self.hand = hand if hand is not None else [0] * 8
        self.new = new if new is not None else [False] * 8
        self.rev = rev if rev is not None else [False] * 8
        self.deck = deck
        self.tok_names = tuple(tok_names)
        self.tok = tok if tok is not None else [0, 0, 0]
        self.tok_ch = tok_ch if tok_ch is not None else [0, 0, 0]
        self.hist = hist if hist is not None else [(0, 0, "play")]
        self.changes = changes if changes is not None else [0] * 8
        self.disc = disc if disc is not None else [[], []]

    @classmethod
    def of(cls, a, hand, new, rev, deck, tok_names, tok, tok_ch, hist, changes, disc):
        """Build from a complete set of fresh values (all required; no defaults, no copies)."""
        P = cls.__new__(cls)
        P.a = a
        P.hand = hand
        P.new = new
        P.rev = rev
        P.deck = deck
        P.tok_names = tuple(tok_names)
        P.tok = tok
        P.tok_ch = tok_ch
        P.hist = hist
        P.changes = changes
        P.disc = disc
        return P

    def clone(self):
        # ``hist`` and ``changes`` are shared: the engine replaces these lists, it never
        # changes them in place (like ``deck``); every other list is copied.
        c = _new(PlayerState)
        c.a = self.a.copy()
        c.hand = self.hand.copy()
        c.new = self.new.copy()
        c.rev = self.rev.copy()
        c.deck = self.deck
        c.tok_names = self.tok_names
        c.tok = self.tok.copy()
        c.tok_ch = self.tok_ch.copy()
        c.hist = self.hist
        c.changes = self.changes
        disc = self.disc
        c.disc = [disc[0].copy(), disc[1].copy()]
        return c

    def clone_new_round(self, mover):
        """A copy for the first turn of a round (``mover``: the player whose round it is,
        else his opponent): the lists the round starts afresh are new instead of copied
        (both players' ``changes`` and ``tok_ch``, the mover's ``new`` flags and ``disc``
        piles)."""
        c = _new(PlayerState)
        c.a = self.a.copy()
        c.hand = self.hand.copy()
        c.rev = self.rev.copy()
        c.deck = self.deck
        c.tok_names = self.tok_names
        c.tok = self.tok.copy()
        c.tok_ch = [0, 0, 0]
        c.hist = self.hist
        c.changes = [0, 0, 0, 0, 0, 0, 0, 0]
        if mover:
            c.new = [False, False, False, False, False, False, False, False]
            c.disc = [[], []]
        else:
            c.new = self.new.copy()
            disc = self.disc
            c.disc = [disc[0].copy(), disc[1].copy()]
        return c

    # named attribute access for readability outside the hot paths
    def _get(i):
        return property(lambda self: self.a[i], lambda self, v: self.a.__setitem__(i, v))

    tower = _get(0)
    wall = _get(1)
    quarry = _get(2)
    magic = _get(3)
    dungeons = _get(4)
    bricks = _get(5)
    gems = _get(6)
    recruits = _get(7)
    del _get

    @property
    def stock(self):
        a = self.a
        return a[5] + a[6] + a[7]

    def token(self, name):
        """Counter value of token keyword ``name`` or None when not assigned."""
        try:
            return self.tok[self.tok_names.index(name)]
        except ValueError:
            return None

    def to_json(self):
        return {
            "attributes": dict(zip(ATTRS, self.a)),
            "hand": self.hand[:],
            "new": self.new[:],
            "revealed": self.rev[:],
            "deck": {"common": list(self.deck[0]), "uncommon": list(self.deck[1]),
                     "rare": list(self.deck[2])},
            "token_names": [n if n else "none" for n in self.tok_names],
            "tokens": self.tok[:],
            "token_changes": self.tok_ch[:],
            "history": [[c, m, act] for (c, m, act) in self.hist],
            "changes": self.changes[:],
            "discarded": [self.disc[0][:], self.disc[1][:]],
        }

    @classmethod
    def from_json(cls, d):
        at = d["attributes"]
        deck = d["deck"]
        return cls(
            a=[int(at[k]) for k in ATTRS],
            hand=list(d["hand"]), new=list(d["new"]), rev=list(d["revealed"]),
            deck=(tuple(deck["common"]), tuple(deck["uncommon"]), tuple(deck["rare"])),
            tok_names=tuple(None if n in (None, "none", "") else n for n in d["token_names"]),
            tok=list(d["tokens"]), tok_ch=list(d["token_changes"]),
            hist=[(c, m, act) for c, m, act in d["history"]],
            changes=list(d["changes"]), disc=[list(d["discarded"][0]), list(d["discarded"][1])],
        )

    def __eq__(self, other):
        return isinstance(other, PlayerState) and self.to_json() == other.to_json()

    def __repr__(self):
        return "PlayerState(%r)" % (self.to_json(),)


class GameState:
    """Whole game (spec §2.4) plus the engine's own bookkeeping.

    ``rsc`` is the pair of change accumulators as they stood when the current
    player's round began (read by "last round" conditions during Quick/Swift
    chains), or None when unknown (then they read as zeros).
    ``rng`` is the generator state (an int), ``seed`` the original seed. A tool may
    inject its own generator instead of the int: any object with the ``Rng`` methods
    (``randint``, ``below``, ``choice``, ``shuffle``, ``random``); turns then draw from
    it in place and it stays shared by clones (the conformance runner replays PHP's
    mt_rand this way). Such a state is for tools only: ``state_to_json`` needs the int.
    ``extra`` maps the ids of the proposed cards this game holds (str) to their
    definitions (``custom_cards.py``), or is None: never changed, shared by copies.
    ``cards`` is the game's card table: every lookup of a card during the game (effects,
    legality, draws, summons, the AI) indexes it, ``cards[id]``. It is the base catalogue
    (``cards.model.CARDS``) unless the game holds proposed cards: then a table of the base
    cards and the game's own (``custom_cards.py`` builds it from ``extra``). Never changed,
    shared by copies.
    """

    __slots__ = ("p", "round", "current", "long_mode", "hidden", "friendly", "ai",
                 "ai_challenge", "status", "winner", "outcome", "rsc", "rng", "seed", "turns",
                 "extra", "cards")

    def __init__(self, p, round=1, current=0, long_mode=False, hidden=False, friendly=False,
                 ai=False, ai_challenge="", status="in progress", winner=None,
                 outcome="Pending", rsc=None, rng=0, seed=0, turns=0, extra=None, cards=CARDS):
        self.p = p
        self.round = round
        self.current = current
        self.long_mode = long_mode
        self.hidden = hidden
        self.friendly = friendly
        self.ai = ai
        self.ai_challenge = ai_challenge
        self.status = status
        self.winner = winner
        self.outcome = outcome
        self.rsc = rsc
        self.rng = rng
        self.seed = seed
        self.turns = turns
        self.extra = extra
        self.cards = cards

    @property
    def limits(self):
        return limits_for(self.long_mode)

    def card(self, card_id):
        """The CardDef of ``card_id`` as this game plays it (its proposed cards, else the
        catalogue's); ``EngineError("unknown_card")`` when the game has no such card."""
        c = card_in(self.cards, card_id)
        if c is None:
            raise EngineError("unknown_card", "no card with id %r" % (card_id,))
        return c

    def clone(self):
        """A copy whose players are copies too (``copy_shell`` shares them). ``rsc`` is
        shared: a turn replaces it, never changes it in place (it holds ``changes`` lists)."""
        c = self.copy_shell()
        c.p = [self.p[0].clone(), self.p[1].clone()]
        return c

    def copy_shell(self):
        """A copy sharing the players (``p`` is a new list holding the same two
        PlayerStates): enough for turns, which replace both players and never change
        them (``play``/``discard``, the AI's previews and playouts)."""
        c = _new(GameState)
        c.p = self.p.copy()
        c.round = self.round
        c.current = self.current
        c.long_mode = self.long_mode
        c.hidden = self.hidden
        c.friendly = self.friendly
        c.ai = self.ai
        c.ai_challenge = self.ai_challenge
        c.status = self.status
        c.winner = self.winner
        c.outcome = self.outcome
        c.rsc = self.rsc
        c.rng = self.rng
        c.seed = self.seed
        c.turns = self.turns
        c.extra = self.extra
        c.cards = self.cards
        return c

    def __eq__(self, other):
        return isinstance(other, GameState) and state_to_json(self) == state_to_json(other)

    def __repr__(self):
        return "GameState(round=%r, current=%r, status=%r)" % (self.round, self.current,
                                                              self.status)


def state_to_json(st):
    d = {
        "schema": SCHEMA_VERSION,
        "players": [st.p[0].to_json(), st.p[1].to_json()],
        "round": st.round,
        "current": st.current,
        "long_mode": st.long_mode,
        "hidden": st.hidden,
        "friendly": st.friendly,
        "ai": st.ai,
        "ai_challenge": st.ai_challenge,
        "status": st.status,
        "winner": st.winner,
        "outcome": st.outcome,
        "round_start_changes": None if st.rsc is None else [st.rsc[0][:], st.rsc[1][:]],
        # the generator state is a 64-bit int; keep it a string so any JSON
        # store (and JavaScript) round-trips it exactly
        "rng": str(st.rng),
        "seed": str(st.seed),
        "turns": st.turns,
    }
    if st.extra:  # a game holding proposed cards (custom_cards.py)
        d["extra_cards"] = st.extra
    return d


def state_from_json(d, cards=CARDS):
    """The GameState of ``state_to_json``'s dict ``d``, reading its cards from the table
    ``cards`` (the caller builds the table of the proposed cards ``d`` holds: the engine's
    ``state_from_json`` is ``custom_cards.state_from_json``)."""
    if d.get("schema") != SCHEMA_VERSION:
        raise EngineError("bad_schema", "unsupported state schema %r" % (d.get("schema"),))
    rsc = d.get("round_start_changes")
    return GameState(
        p=[PlayerState.from_json(d["players"][0]), PlayerState.from_json(d["players"][1])],
        round=d["round"], current=d["current"], long_mode=d["long_mode"], hidden=d["hidden"],
        friendly=d["friendly"], ai=d["ai"], ai_challenge=d["ai_challenge"], status=d["status"],
        winner=d["winner"], outcome=d["outcome"],
        rsc=None if rsc is None else [list(rsc[0]), list(rsc[1])],
        rng=int(d["rng"]), seed=int(d["seed"]), turns=d.get("turns", 0),
        extra=d.get("extra_cards") or None, cards=cards,
    )
