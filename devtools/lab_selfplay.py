"""Figures of the card lab's self-play report (issue 28): one concept's report and its cost.

    python -m devtools.lab_selfplay [--games 1000] [--level standard] [--deck 0]
                                    [--replace ID] [--seed 1] [--definition FILE]

Plays the report's games exactly as the site's task does (``concepts.lab.selfplay.run_games``:
the computer against itself, the starter deck ``--deck`` with the concept in the place of
``--replace`` (default: the deck's first common card) against the same deck as it is, each
deal twice with the seats swapped) and prints the report's figures with the CPU and wall
time. The concept is ``--definition`` (a JSON file: an engine card definition, as
``Concept.effect_tree`` with its fields, docs/engine-api.md) or, by default, "Ink golem": a
common card for 3 recruits that attacks for 6 and builds 3 wall. Nothing is written to any
database.
"""
import argparse
import json
import sys
import time

from devtools.django_ready import django_ready

INK_GOLEM = {"name": "Ink golem", "rarity": "Common", "bricks": 0, "gems": 0, "recruits": 3,
             "keywords": [], "effect": [
                 {"kind": "attack", "amount": {"kind": "n", "n": 6}},
                 {"kind": "change", "side": "me", "attr": "wall", "direction": "up",
                  "amount": {"kind": "n", "n": 3}}]}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--level", default="standard", choices=("easy", "standard"))
    parser.add_argument("--deck", type=int, default=0, help="starter deck index")
    parser.add_argument("--replace", type=int, default=None, help="card id the concept replaces")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--definition", help="JSON file of the concept's card definition")
    args = parser.parse_args(argv)
    django_ready()
    from concepts.lab.cards import SECTION_OF_RARITY, starter_payload
    from concepts.lab.selfplay import CHANGE_KEYS, CHANGE_LABELS, run_games
    from games import engine

    definition = INK_GOLEM
    if args.definition:
        with open(args.definition, encoding="utf-8") as handle:
            definition = json.load(handle)
    definition = engine.custom_card_check(definition)
    base = starter_payload(args.deck)
    section = base[SECTION_OF_RARITY[definition["rarity"]]]
    replaced = args.replace if args.replace is not None else section[0]
    if replaced not in section:
        print(f"card {replaced} is not a {definition['rarity'].lower()} card of starter deck "
              f"{args.deck}", file=sys.stderr)
        return 2
    concept_id = engine.FIRST_CUSTOM_ID + 900_000  # far from the site's lab ids
    text = engine.custom_card_preview(definition).text
    wall, cpu = time.perf_counter(), time.process_time()
    report = run_games(base_deck=base, concept_id=concept_id, definition=definition,
                       replaced=replaced, games=args.games, level=args.level, seed=args.seed)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    concept, other = report["concept"], report["replaced"]
    name = engine.card(replaced).name
    print(f"{definition['name']} ({text}) against {name} ({engine.card(replaced).text}), "
          f"starter deck {engine.STARTER_DECK_NAMES[args.deck]!r}, {report['games']} games at "
          f"the {args.level} level, seed {args.seed}")
    print(f"  concept side: {report['wins']} wins, {report['draws']} draws, "
          f"{report['losses']} losses; score {100 * report['score']:.1f} % "
          f"(95 % CI {100 * report['score_ci'][0]:.1f}-{100 * report['score_ci'][1]:.1f}); "
          f"win rate {100 * report['win_rate']:.1f} % (Wilson "
          f"{100 * report['win_ci'][0]:.1f}-{100 * report['win_ci'][1]:.1f}); "
          f"{report['turns']:.1f} turns a game")
    print(f"  plays per game: concept {concept['per_game']:.2f} (in "
          f"{100 * concept['share_of_games']:.1f} % of games), {name} {other['per_game']:.2f} "
          f"(in {100 * other['share_of_games']:.1f} %)")
    print("  mean change of one play (concept / " + name + "): " + "; ".join(
        f"{label} {concept['changes'][key]:+.2f} / {other['changes'][key]:+.2f}"
        for key, label in zip(CHANGE_KEYS, CHANGE_LABELS)))
    print(f"  cost: {cpu:.2f} s CPU, {wall:.2f} s wall ({1000 * cpu / max(1, report['games']):.1f} "
          f"ms CPU a game)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
