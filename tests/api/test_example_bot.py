"""examples/bot.py plays a whole game against a person on a real server.

The server runs the production way (`manage.py serve`) on a fresh database; the person's
side (tests/api/bot_match.py) acts through the site's services on that database, the bot
program only through the HTTP API with its token.
"""
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

# fresh_database_url: tests/served_sites.py
pytest_plugins = ["tests.served_sites"]

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_for(url: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            if time.monotonic() > deadline:
                raise
        time.sleep(0.3)


def _stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, 15)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, 9)


@pytest.mark.slow
def test_the_example_bot_accepts_a_challenge_and_plays_it_to_the_end(
        fresh_database_url, tmp_path):
    port = _free_port()
    env = {**os.environ, "DATABASE_URL": fresh_database_url, "DEBUG": "true",
           "API_STREAM_SECONDS": "0.5",
           "API_RATE_LIMIT_TOKEN": "100000/m", "FLOOD_CONTROL": "false"}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    # Embedded Celery (eager) and an in-process channel layer: the rating is computed in the
    # process that ends the game. With REDIS_URL the tasks would wait for a worker this test
    # does not start, and the shared Redis would mix its queue with other tests'. So alice's
    # side, a process of its own, publishes into no layer the server hears: her moves reach
    # the bot's stream through the restatement that opens every connection (streams of 0.5 s
    # here: the bot hears of each of her moves when its next stream opens; the push itself
    # is tested through the ASGI application in test_bot_stream.py).
    env.pop("REDIS_URL", None)
    server_log = open(tmp_path / "server.log", "w")  # noqa: SIM115
    server = subprocess.Popen([sys.executable, "manage.py", "serve", "--port", str(port)],
                              cwd=ROOT, env=env, stdout=server_log, stderr=subprocess.STDOUT,
                              start_new_session=True)
    bot = human = None
    try:
        base = f"http://127.0.0.1:{port}"
        _wait_for(f"{base}/api/v1/cards/1")
        human = subprocess.Popen([sys.executable, "-m", "tests.api.bot_match"], cwd=ROOT,
                                 env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 text=True, start_new_session=True)
        token = human.stdout.readline().strip()
        assert token.startswith("mcg_"), human.stderr.read()
        bot = subprocess.Popen([sys.executable, str(ROOT / "examples" / "bot.py"), "--url", base,
                                "--token", token, "--games", "1"], cwd=tmp_path, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               start_new_session=True)
        out, err = human.communicate(timeout=300)
        assert human.returncode == 0, err
        result = json.loads(out.strip().splitlines()[-1])
        bot_out, _ = bot.communicate(timeout=60)
        assert bot.returncode == 0, bot_out
        assert result["status"] == "finished", (result, bot_out)
        assert result["outcome"] not in ("Pending", "Abort")
        assert result["robot_moves"] > 0 and result["alice_moves"] > 0
        assert result["robot_left"] is True
        assert result["ratings"] == 2  # a person against a bot moves both Glicko ratings
        assert "is over" in bot_out
        assert " 500 " not in (tmp_path / "server.log").read_text()
    finally:
        for process in (bot, human, server):
            if process is not None:
                _stop(process)
        server_log.close()
