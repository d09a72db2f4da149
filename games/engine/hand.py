"""Hand primitives (spec §7). All take the turn context ``ctx``; ``P`` is a PlayerState."""
from .cards.model import CARDS


def place(ctx, P, slot, cid, new=True, reveal=False, hard=False):
    """§7.1 place ``cid`` into ``P``'s ``slot`` (0-based) with Cursed redirection and logging."""
    hand = P.hand
    old = hand[slot]
    if not ctx.hidden:
        reveal = False
    if old and not hard and CARDS[old].cursed:
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
