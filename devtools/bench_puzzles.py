"""Figures of the puzzle miner (issue 27): puzzles a minute and positions examined, from
games played on the site and from self-play, through ``manage.py mine_puzzles``.

    python -m devtools.bench_puzzles [--games 40] [--puzzles 25] [--seed 1] [--worlds 48]

A test database of the configured engine (DATABASE_URL, SQLite by default) is created for
the run and dropped after it, so nothing is left in the site's own. First ``--games`` games
are played between two accounts through the site's services (a challenge, then every move
through games.services, so each is logged turn by turn like a game of the site; the moves
are the computer's at the easy or standard level, one game in four with hidden cards; the
loser's last move ends it or, after 400 moves, a surrender), untimed. Then the miner runs,
timed, as an administrator runs it: ``mine_puzzles N --from-games`` over those games and
``mine_puzzles N --self-play --seed S``; each prints its own figures.
"""
import argparse
import logging
import sys
import time

from devtools.django_ready import django_ready


def _setup_django():
    logging.disable(logging.INFO)  # the eager tasks' own lines
    django_ready()
    from marcomage.celery import app

    app.conf.task_always_eager = True
    app.conf.task_eager_propagates = True


def _players():
    from django.contrib.auth import get_user_model

    from decks.models import Deck
    from games import engine

    made = []
    for n, name in enumerate(("bench_ann", "bench_ben")):
        user = get_user_model().objects.create_user(username=name, password=None)
        player = user.player
        player.level = 10
        player.save(update_fields=["level"])
        deck = engine.STARTER_DECKS[n]
        made.append((player, Deck.objects.create(
            player=player, name="Main", common=list(deck.common), uncommon=list(deck.uncommon),
            rare=list(deck.rare), tokens=list(deck.tokens), is_ready=True)))
    return made


def play_site_games(count: int, seed: int) -> tuple[int, int]:
    """Play ``count`` games through the site's services; (games, moves)."""
    from games import engine
    from games import services as gs
    from games.models import Game

    (ann, ann_deck), (ben, ben_deck) = _players()
    rng = engine.Rng(seed)
    moves = 0
    for number in range(count):
        game = gs.challenge_create(challenger=ann, opponent=ben, deck=ann_deck,
                                   hidden=rng.below(4) == 0)
        game = gs.challenge_accept(game_id=game.pk, player=ben, deck=ben_deck)
        levels = ("easy", "standard")[rng.below(2)], ("easy", "standard")[rng.below(2)]
        for _ in range(400):
            game.refresh_from_db()
            if game.status != Game.Status.IN_PROGRESS:
                break
            seat = game.current_seat
            mover = game.player1 if seat == 0 else game.player2
            state = engine.state_from_json(game.state)
            action = engine.choose_action(state, seat, level=levels[seat],
                                          seed=seed * 100_003 + number * 1_000 + moves)
            if action.kind == "play":
                gs.game_play_card(game_id=game.pk, player=mover, version=game.version,
                                  position=action.position, mode=action.mode)
            else:
                gs.game_discard_card(game_id=game.pk, player=mover, version=game.version,
                                     position=action.position)
            moves += 1
        game.refresh_from_db()
        if game.status == Game.Status.IN_PROGRESS:
            gs.game_surrender(game_id=game.pk, player=ann)
            gs.game_surrender_answer(game_id=game.pk, player=ben, accept=True)
        for player in (ann, ben):  # a finished game holds a slot until its players leave
            gs.game_leave(game_id=game.pk, player=player)
    return count, moves


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games played on the site first")
    parser.add_argument("--puzzles", type=int, default=25, help="puzzles asked of each run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worlds", type=int, default=48)
    args = parser.parse_args(argv)
    _setup_django()
    from django.core.management import call_command
    from django.db import connection
    from django.test.utils import setup_test_environment, teardown_test_environment

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True,
                                                  serialize=False)
    print(f"database: {connection.vendor} (a test database of the configured engine)")
    try:
        started = time.perf_counter()
        games, moves = play_site_games(args.games, args.seed)
        print(f"site games: {games} played through the services ({moves} moves, "
              f"{time.perf_counter() - started:.0f} s, not part of the figures)")
        common = ["--seed", str(args.seed), "--worlds", str(args.worlds)]
        print(f"$ manage.py mine_puzzles {args.puzzles} --from-games {' '.join(common)}")
        call_command("mine_puzzles", str(args.puzzles), "--from-games", *common, verbosity=0)
        print(f"$ manage.py mine_puzzles {args.puzzles} --self-play {' '.join(common)}")
        call_command("mine_puzzles", str(args.puzzles), "--self-play", *common, verbosity=0)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        teardown_test_environment()
    return 0


if __name__ == "__main__":
    sys.exit(main())
