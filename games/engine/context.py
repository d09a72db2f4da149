"""The per-turn context handed to card and keyword effects (spec §10)."""
from . import draws, hand
from .attributes import attack
from .constants import LONG, NORMAL

_ZERO8 = (0, 0, 0, 0, 0, 0, 0, 0)


class Ctx:
    """Everything an effect may read or change during one turn.

    A / B: acting player and opponent (PlayerState); slot: played slot
    (0-based); mode: chosen mode; card: CardDef being played.
    my_last / opp_last: last history entries (card, mode, action) as they were
    when the turn began; opp_hist: B's whole last-round history.
    new_a / new_b: new-flag snapshots; my_ch / his_ch: last-round changes;
    disc_snap: A's discard piles before the round reset.
    next_card: -1 standard draw, 0 draw disabled, else the summoned id;
    next_rev: summoned card arrives revealed. prod: production factors.
    again: the turn is followed by another turn of A (Quick/Swift).
    events: ("draw"|"discard", id) statistics of this turn.
    A0 / B0: the two players as the turn found them (a turn replaces both and never
    changes these: the snapshots above are read from them); extra: the turn goes on a
    Quick/Swift chain (nothing of the round was reset).
    cards: the game's card table (``GameState.cards``): every effect looks a card up in it,
    ``ctx.cards[id]``, never in a module's catalogue (a game may hold proposed cards).
    """

    __slots__ = ("st", "rng", "seat", "A", "B", "A0", "B0", "slot", "mode", "card",
                 "next_card", "next_rev", "prod", "again", "events", "extra", "cards")

    # the snapshots, read when an effect asks (most turns never do)
    @property
    def hidden(self):
        return self.st.hidden

    @property
    def lim(self):
        return LONG if self.st.long_mode else NORMAL

    @property
    def round(self):
        return self.st.round  # (a turn moves the round on after every effect)

    @property
    def base_b(self):
        return self.B0.a  # the opponent's attributes as the turn found them

    @property
    def my_last(self):
        return self.A0.hist[-1]

    @property
    def opp_last(self):
        return self.B0.hist[-1]

    @property
    def opp_hist(self):
        return self.B0.hist

    @property
    def new_a(self):
        return self.A0.new

    @property
    def new_b(self):
        return self.B0.new

    @property
    def disc_snap(self):
        d = (self.A if self.extra else self.A0).disc
        return (d[0], d[1])

    @property
    def my_ch(self):
        # the round-start changes: in a new round, the lists the players held before it
        rsc = self.st.rsc
        return _ZERO8 if rsc is None else rsc[self.seat]

    @property
    def his_ch(self):
        rsc = self.st.rsc
        return _ZERO8 if rsc is None else rsc[1 - self.seat]

    # ------------------------------------------------------------------ draws
    def draw_deck(self, P, slot):
        """Type-random draw from P's deck for P's slot (anti-flood against P's hand)."""
        return draws.type_random(self.rng, P.deck, P.hand, slot, self.events)

    def draw_no_rare(self, P, slot):
        return draws.no_rare(self.rng, P.deck, P.hand, slot, self.events)

    def draw_different(self, P, slot):
        return draws.different(self.rng, P.deck, P.hand, slot, self.events)

    def draw_list(self, lst, P, slot):
        return draws.from_list(self.rng, lst, P.hand, slot, self.events)

    # -------------------------------------------------------------- placement
    def place(self, P, slot, cid, new=True, reveal=False, hard=False):
        hand.place(self, P, slot, cid, new, reveal, hard)

    def place_named(self, P, slot, cid, new=True):
        """Put one particular card into a hand: revealed in hidden mode (hand.place_named)."""
        hand.place_named(self, P, slot, cid, new)

    def replace_from_deck(self, P, slot, how="random", reveal=False):
        """Discard P's slot and refill it from P's own deck (random/no_rare/different)."""
        if how == "different":
            cid = self.draw_different(P, slot)
        elif how == "no_rare":
            cid = self.draw_no_rare(P, slot)
        else:
            cid = self.draw_deck(P, slot)
        hand.place(self, P, slot, cid, True, reveal)
        return cid

    def replace_from_list(self, P, slot, lst, reveal=False):
        cid = self.draw_list(lst, P, slot)
        hand.place(self, P, slot, cid, True, reveal)
        return cid

    def reveal(self, P, slot):
        if self.hidden:
            P.rev[slot] = True

    # ---------------------------------------------------------------- summons
    def summon_list(self, lst, reveal=False):
        """Next card := uniform pick from ``lst`` (anti-flood vs A's hand); empty list ignored."""
        cid = draws.from_list(self.rng, lst, self.A.hand, self.slot, self.events)
        if cid:
            self.next_card = cid
            self.next_rev = reveal
        return cid

    def summon(self, cid, reveal=False):
        """Next card := a specific card (evoked: no anti-flood, no draw statistic)."""
        if cid:
            self.next_card = cid
            self.next_rev = reveal

    def keep(self):
        """Disable the standard draw: the played slot keeps what it holds."""
        self.next_card = 0
        self.next_rev = False

    # ---------------------------------------------------------------- helpers
    def attack(self, P, power):
        attack(P.a, power)

    def kw_count(self, P, kw, exclude=None):
        cards = self.cards
        n = 0
        for i, c in enumerate(P.hand):
            if i != exclude and kw in cards[c].kw:
                n += 1
        return n
