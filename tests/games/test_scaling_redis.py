"""Two ASGI processes sharing one Redis: a move made through one reaches a socket on the other.

Skipped when REDIS_URL is unset (CI sets it). The two daphne processes and this test share
a throw-away SQLite file; the move is an ordinary HTTP POST to process A, the socket is
held by process B, and the notice must arrive well within two seconds (typically
~0.1 s including the POST itself).
"""
import base64
import json
import os
import socket
import struct
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

REDIS_URL = os.environ.get("REDIS_URL", "")
ROOT = Path(__file__).resolve().parents[2]

# served_sites: tests/served_sites.py
pytest_plugins = ["tests.served_sites"]

pytestmark = [
    pytest.mark.skipif(not REDIS_URL, reason="needs REDIS_URL (a shared channel layer)"),
    pytest.mark.slow,
]

SETUP = """
from django.test import Client
from decks.models import Deck
from games import engine, services as gs
from players.accounts.services import player_register

def deck(player):
    d = engine.STARTER_DECKS[0]
    return Deck.objects.create(player=player, name="Main", common=list(d.common),
        uncommon=list(d.uncommon), rare=list(d.rare), tokens=list(d.tokens), is_ready=True)

alice = player_register(username="alice", password="pw-for-the-test-1")
bob = player_register(username="bob", password="pw-for-the-test-1")
game = gs.challenge_create(challenger=alice, opponent=bob, deck=deck(alice))
game = gs.challenge_accept(game_id=game.pk, player=bob, deck=deck(bob))
cookies = {}
for p in (alice, bob):
    c = Client()
    c.force_login(p.user)
    cookies[p.user.username] = c.cookies["sessionid"].value
mover = "alice" if game.current_seat == 0 else "bob"
print("RESULT " + __import__("json").dumps({"game": game.pk, "version": game.version,
      "mover": mover, "cookies": cookies}))
"""


class _Daphne:
    """A daphne process serving a socket this test already listens on: connections wait in
    the socket's backlog until daphne takes them, so nothing has to wait for it to start
    (and no other process can take the port meanwhile)."""

    def __init__(self, daphne, env, log):
        listener = socket.socket()
        listener.bind(("127.0.0.1", 0))
        listener.listen(64)
        self.port = listener.getsockname()[1]
        self.process = subprocess.Popen(
            [daphne, "--fd", str(listener.fileno()), "marcomage.asgi:application"],
            pass_fds=[listener.fileno()], cwd=ROOT, env=env, stdout=log,
            stderr=subprocess.STDOUT)
        listener.close()  # daphne holds its own copy

    def wait_stopped(self):
        """Wait for the process told to stop (``process.terminate()``), killed after 10 s."""
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class _WebSocket:
    """The few lines of RFC 6455 a test client needs (text frames from the server)."""

    def __init__(self, port, path, cookie):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                   f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                   f"Sec-WebSocket-Version: 13\r\nOrigin: http://127.0.0.1:{port}\r\n"
                   f"Cookie: sessionid={cookie}\r\n\r\n")
        self.sock.sendall(request.encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.sock.recv(1)
        assert head.startswith(b"HTTP/1.1 101"), head

    def _read(self, n):
        data = b""
        while len(data) < n:
            chunk = self.sock.recv(n - len(data))
            if not chunk:
                raise ConnectionError("socket closed")
            data += chunk
        return data

    def receive_json(self, timeout):
        self.sock.settimeout(timeout)
        first, second = self._read(2)
        length = second & 0x7F
        if length == 126:
            length = struct.unpack(">H", self._read(2))[0]
        elif length == 127:
            length = struct.unpack(">Q", self._read(8))[0]
        payload = self._read(length)
        assert first & 0x0F == 1, "expected a text frame"
        return json.loads(payload)

    def close(self):
        self.sock.close()


@pytest.fixture
def two_daphnes(served_sites, tmp_path):
    env = {**os.environ, "DATABASE_URL": served_sites.sqlite_url(tmp_path),
           "REDIS_URL": REDIS_URL, "DEBUG": "true", "AXES_ENABLED": "false"}
    python = sys.executable
    out = subprocess.run([python, "manage.py", "shell", "-c", SETUP], cwd=ROOT, env=env,
                         check=True, capture_output=True, text=True).stdout
    setup = json.loads(out.split("RESULT ", 1)[1])
    daphne = str(Path(python).parent / "daphne")
    logs = [open(tmp_path / f"daphne-{n}.log", "w") for n in (1, 2)]  # noqa: SIM115
    daphnes = [_Daphne(daphne, env, log) for log in logs]
    try:
        yield [process.port for process in daphnes], setup
    finally:
        for process in daphnes:  # both stop at once
            process.process.terminate()
        for process in daphnes:
            process.wait_stopped()
        for log in logs:
            log.close()
            sys.stderr.write(Path(log.name).read_text()[-3000:])


def test_a_move_on_process_a_reaches_a_socket_on_process_b(two_daphnes):
    (port_a, port_b), setup = two_daphnes
    game, mover = setup["game"], setup["mover"]
    watcher = "bob" if mover == "alice" else "alice"
    # Warm both processes up. The first request waits in the socket's backlog while daphne
    # starts (imports, warms its templates): seconds on a quiet machine, far more on a
    # loaded one, so the wait is long; it ends as soon as the page comes.
    for port, who in ((port_a, mover), (port_b, watcher)):
        warm = urllib.request.Request(f"http://127.0.0.1:{port}/games/{game}/board/",
                                      headers={"Cookie": f"sessionid={setup['cookies'][who]}"})
        with urllib.request.urlopen(warm, timeout=180) as response:
            assert response.status == 200
    # The consumer joins the game's group before it accepts the socket: once the handshake
    # is answered, B is in the group and the move may go.
    ws = _WebSocket(port_b, f"/ws/games/{game}/", setup["cookies"][watcher])
    token = "x" * 32
    body = urllib.parse.urlencode({"position": 1, "action": "discard",
                                   "version": setup["version"]}).encode()
    request = urllib.request.Request(
        f"http://127.0.0.1:{port_a}/games/{game}/move/", data=body, method="POST",
        headers={"Cookie": f"sessionid={setup['cookies'][mover]}; csrftoken={token}",
                 "X-CSRFToken": token, "HX-Request": "true",
                 "Content-Type": "application/x-www-form-urlencoded"})
    started = time.monotonic()
    with urllib.request.urlopen(request, timeout=60) as response:
        assert response.status == 200
    # The notice crosses from A to B through Redis (how fast is the load harness's business:
    # `devtools.load --nodes 2`, docs/performance.md).
    message = ws.receive_json(timeout=60)
    elapsed = time.monotonic() - started
    ws.close()
    assert message == {"event": "changed", "what": "board", "version": setup["version"] + 1}
    print(f"cross-process notice after {elapsed * 1000:.0f} ms")
