"""Hand primitives (spec §7). All take the turn context ``ctx``; ``P`` is a PlayerState."""


def place(ctx, P, slot, cid, new=True, reveal=False, hard=False):
    """§7.1 place ``cid`` into ``P``'s ``slot`` (0-based) with Cursed redirection and logging."""
    hand = P.hand
    old = hand[slot]
    if not ctx.hidden:
        reveal = False
    if old and not hard and ctx.cards[old].cursed:
        if new:
            P.new[slot] = True
        P.rev[slot] = bool(ctx.hidden and (reveal or P.rev[slot]))
    else:
        hand[slot] = cid
        if new:
            P.new[slot] = True
        P.rev[slot] = reveal
    if old:
        A = ctx.A
        if P is A:
            if slot != ctx.slot:
                A.disc[0].append(old)
                ctx.events.append(("discard", old))
        else:
            A.disc[1].append(old)
            ctx.events.append(("discard", old))


def place_named(ctx, P, slot, cid, new=True):
    """Put one particular card (a named card, a copy of a known card, a card taken from the
    other hand) into ``P``'s slot: both players can tell what it is, so in hidden mode it
    arrives revealed, in either hand (docs/rules-corrections.md, "Named cards are revealed").
    Random draws and whole-hand replacements use ``place`` and stay unrevealed."""
    place(ctx, P, slot, cid, new, True)


def order_by_rarity(ctx, hand, slots):
    """``slots`` ordered by the rarity of their card, commons first; the order within one
    rarity is random. Each rarity group is shuffled on its own, commons first, which is the
    original's order of random calls: "the highest-rarity card" is the last slot, "the
    lowest-rarity card" the first (docs/rules-corrections.md, "Ties by rarity")."""
    cards = ctx.cards
    groups = {}
    for i in slots:
        groups.setdefault(cards[hand[i]].rank, []).append(i)
    out = []
    rng = ctx.rng
    for rank in sorted(groups):
        group = groups[rank]
        rng.shuffle(group)
        out += group
    return out


def highest_rarity_slot(ctx, hand, slots):
    """The slot of ``slots`` holding the highest-rarity card (a random one on a tie), or None."""
    return order_by_rarity(ctx, hand, slots)[-1] if slots else None


def lowest_rarity_slot(ctx, hand, slots):
    """The slot of ``slots`` holding the lowest-rarity card (a random one on a tie), or None."""
    return order_by_rarity(ctx, hand, slots)[0] if slots else None


def place_self(ctx, slot):
    """§7.2 persistent replacement: put the played card into another own slot (not new, revealed)."""
    place(ctx, ctx.A, slot, ctx.card.id, new=False, reveal=ctx.hidden and slot != ctx.slot)


def reveal(ctx, P, slot):
    """§7.3 reveal a slot (hidden mode only)."""
    if ctx.hidden:
        P.rev[slot] = True


def switch(P, i, j):
    """§7.4 swap two own slots with their new flags; both lose their revealed flags."""
    h, n = P.hand, P.new
    h[i], h[j] = h[j], h[i]
    n[i], n[j] = n[j], n[i]
    P.rev[i] = P.rev[j] = False


def shuffle_hand(ctx, P):
    """§7.5 shuffle a hand: new flags travel with the cards, all revealed flags cleared."""
    pairs = list(zip(P.hand, P.new))
    ctx.rng.shuffle(pairs)
    P.hand = [c for c, _ in pairs]
    P.new = [n for _, n in pairs]
    P.rev = [False] * 8


def replace_hand(ctx, P, cards, shuffled=False):
    """§7.6 soft placement of 8 cards into slots 1..8 (optionally shuffled first)."""
    cards = list(cards)
    if shuffled:
        ctx.rng.shuffle(cards)
    for i in range(8):
        place(ctx, P, i, cards[i])
