"""The database side of test_embedded_default.py, run as a process of its own against the
server's database: players with a signed-in session each, and two events not yet due.
Prints one JSON line: {"arena": id, "swiss": id, "players": [{"id", "session", ...}, ...]},
then waits for a line on its standard input (the test's sockets are open) to make the
events due: only the periodic tick starts them.

    python -m tests.tournaments.serve_events
"""
import json
import sys
from datetime import timedelta


def main() -> None:
    from devtools.load import create_players, django_setup
    django_setup()
    from django.utils import timezone

    from games.tournaments import services
    from games.tournaments.models import Tournament
    from players.models import Player

    players = create_players("embedded", 4, level=10)
    starts_at = timezone.now() + timedelta(minutes=2)
    events = {}
    for kind, extra in (("arena", {"duration_minutes": 15}),
                        ("swiss", {"rounds": 3, "round_minutes": 10})):
        fields = services.options_check({"name": f"Embedded {kind}", "kind": kind,
                                         "turn_timeout": 300, **extra})
        tournament = Tournament.objects.create(starts_at=starts_at, **fields)
        services.set_end(tournament)
        group = players[:2] if kind == "arena" else players[2:]
        for player in group:
            services.tournament_join(tournament_id=tournament.pk,
                                     player=Player.objects.get(pk=player["id"]),
                                     deck=player["deck"])
        events[kind] = tournament.pk
    print(json.dumps({**events, "players": players}), flush=True)
    # Due once the test's sockets are open: no request starts an event, only the tick.
    sys.stdin.readline()
    Tournament.objects.filter(pk__in=events.values()).update(starts_at=timezone.now())


if __name__ == "__main__":
    main()
