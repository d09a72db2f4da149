"""The restore drill of docs/operations.md, with PostgreSQL's own tools: a game is dumped in
the middle (``pg_dump -Fc``), restored into a fresh database (``pg_restore``), the site is
pointed at it, and the game goes on from the version it had: every turn, chat line and
note of the dump is there, and the next move is accepted.

PostgreSQL only: SQLite's backup is a copy of its file (docs/operations.md).
"""
import shutil
import subprocess

import pytest
from django.db import connection, connections
from django.test import Client
from django.urls import reverse

from games import services as gs
from games.models import ChatMessage, Game, GameNote, Turn
from tests.security.conftest import start_game

pytestmark = [
    pytest.mark.slow,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql",
                       reason="the drill uses PostgreSQL's pg_dump and pg_restore; SQLite is "
                              "backed up as a file"),
    pytest.mark.skipif(not shutil.which("pg_dump") or not shutil.which("pg_restore"),
                       reason="needs PostgreSQL's client tools (pg_dump, pg_restore)"),
]


def _pg_args(settings_dict) -> list[str]:
    args = ["-h", settings_dict.get("HOST") or "127.0.0.1",
            "-p", str(settings_dict.get("PORT") or 5432),
            "-U", settings_dict.get("USER") or "postgres"]
    return args


def _pg_env(settings_dict) -> dict:
    import os
    env = dict(os.environ)
    if settings_dict.get("PASSWORD"):
        env["PGPASSWORD"] = settings_dict["PASSWORD"]
    return env


def _snapshot(game_id) -> dict:
    game = Game.objects.get(pk=game_id)
    return {
        "version": game.version, "state": game.state, "status": game.status,
        "turns": list(Turn.objects.filter(game_id=game_id).order_by("number")
                      .values_list("number", "action", "position", "card")),
        "chat": list(ChatMessage.objects.filter(game_id=game_id).order_by("pk")
                     .values_list("body", flat=True)),
        "notes": list(GameNote.objects.filter(game_id=game_id).values_list("text", flat=True)),
    }


def _move(game_id, version, mover) -> int:
    client = Client()
    client.force_login(mover.user)
    response = client.post(reverse("games:move", args=[game_id]),
                           {"version": version, "position": 1, "action": "discard"},
                           HTTP_HX_REQUEST="true")
    return response.status_code


def test_a_game_dumped_mid_game_goes_on_after_a_restore(alice, bob, tmp_path):
    for player in (alice, bob):
        player.level = 10
        player.save(update_fields=["level"])
    game = start_game(alice, bob)
    for _ in range(4):
        game.refresh_from_db()
        mover = alice if game.current_seat == 0 else bob
        assert _move(game.pk, game.version, mover) == 200
    gs.chat_post(game_id=game.pk, player=alice, body="before the backup")
    gs.game_note_save(game_id=game.pk, player=bob, text="bob's plan")
    at_dump = _snapshot(game.pk)

    settings_dict = connection.settings_dict
    dump = tmp_path / "marcomage.dump"
    subprocess.run(["pg_dump", "-Fc", "-f", str(dump), *_pg_args(settings_dict),
                    settings_dict["NAME"]], check=True, env=_pg_env(settings_dict))
    # The site goes on after the dump: this move is not in the backup.
    game.refresh_from_db()
    assert _move(game.pk, game.version, alice if game.current_seat == 0 else bob) == 200

    restored = settings_dict["NAME"] + "_restored"
    admin = [*_pg_args(settings_dict)]
    subprocess.run(["dropdb", "--if-exists", *admin, restored], check=True,
                   env=_pg_env(settings_dict))
    subprocess.run(["createdb", *admin, restored], check=True, env=_pg_env(settings_dict))
    original = settings_dict["NAME"]
    try:
        subprocess.run(["pg_restore", "--no-owner", "--exit-on-error", "-d", restored, *admin,
                        str(dump)], check=True, env=_pg_env(settings_dict))
        connections.close_all()
        settings_dict["NAME"] = restored
        assert _snapshot(game.pk) == at_dump  # the game as it was dumped, nothing lost
        mover = alice if Game.objects.get(pk=game.pk).current_seat == 0 else bob
        assert _move(game.pk, at_dump["version"], mover) == 200
        after = _snapshot(game.pk)
        assert after["version"] > at_dump["version"]
        assert after["turns"][:len(at_dump["turns"])] == at_dump["turns"]
        assert len(after["turns"]) == len(at_dump["turns"]) + 1
        # The players' sessions and accounts came back too: bob reads his game.
        client = Client()
        client.force_login(bob.user)
        page = client.get(reverse("games:detail", args=[game.pk]))
        assert page.status_code == 200 and b"before the backup" in page.content
    finally:
        connections.close_all()
        settings_dict["NAME"] = original
        subprocess.run(["dropdb", "--if-exists", "--force", *admin, restored],
                       env=_pg_env(settings_dict))
