"""Card definitions for ids 751-754 (see cards/README.md for the vocabulary)."""
from .dsl import *  # noqa: F401,F403
from ..php import php_round  # noqa: F401


def _751(ctx):
    sel = ctx.mode - 1
    if sel != ctx.slot:
        A = ctx.A
        # a card of the player's own deck, not named by the effect: not revealed
        ctx.place(A, sel, A.deck[1][sel])


card(751, Do(_751, "Choose a slot N: the card there becomes the card in the N-th uncommon "
                   "slot of your deck (choosing this card's own slot does nothing)"))
card(752, attack(24), tower(16), Modes(summon_ids(72, reveal=True), summon_ids(11, reveal=True),
                                      summon_ids(374, reveal=True)))


def _753(ctx):
    a = ctx.A.a
    a[5] -= 12
    a[6] -= 12
    a[7] -= 12
    if a[5] < 0 or a[6] < 0 or a[7] < 0:
        ctx.B.a[1] += 50


card(753, summon_ids(754),
     Do(_753, "Stock -12. If you could not pay all of it, enemy wall +50"), attack(60))
card(754, Prod(2, "bricks"), If(me.count("Aria") > 1, attack(15)),
     If(enemy.count("Aqua") == 0, wall(15)),
     text="Bricks production x2. If you hold another Aria card: attack 15. If the enemy "
          "holds no Aqua card: wall +15")
