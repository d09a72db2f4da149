"""A form too large for the site gets its 413 page, not a reset connection, however the client
sends it (marcomage/http_protocol.py).

The site answers an oversized form from its Content-Length, before reading its body. A client
that writes the whole body before it reads (Python's urllib, a browser's form) must still read
that answer: the server reads the body off (up to bounds) before it closes. Tested against
the real server process as `manage.py serve` runs it (a fresh SQLite database, no Redis), with
clients that send the headers first and then the body, in chunks, quickly and slowly; the
bounds against uvicorn with the same protocols in a thread.
"""
import json
import socket
import time
import urllib.error
import urllib.request

import pytest

from .live_sockets import serving
from .serve_process import serve_process

# served_sites (and fresh_database_url): tests/served_sites.py
pytest_plugins = ["tests.served_sites"]

# One worker runs the module: its tests share one server (tests/conftest.py).
pytestmark = pytest.mark.xdist_group("oversized_bodies")

MB = 1024 * 1024
PAGE_TEXT = b"that was too much to send at once"  # templates/413.html
FORMS = ["/concepts/preview/", "/tournaments/new/", "/puzzles/1/answer/", "/settings/"]

SETUP = """
from players.accounts.services import player_register
from players.tokens.services import token_create
player = player_register(username="sender", password="pw-for-the-test-1")
print("RESULT " + token_create(player=player, name="test", scopes=["read"])[1])
"""


@pytest.fixture(scope="module")
def site(served_sites, tmp_path_factory):
    """(the port of `manage.py serve`, an API token of a player), on a fresh database."""
    with serve_process(served_sites, tmp_path_factory.mktemp("oversized"),
                       setup=SETUP) as (port, printed):
        yield port, printed.split("RESULT ", 1)[1].strip()


# ---------------------------------------------------------------- a client of raw sockets
def _request(method, path, body=b"", *, port, headers=(), connection="close"):
    lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{port}",
             f"Content-Length: {len(body)}", f"Connection: {connection}", *headers]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def _send(sock, head, body, *, chunk=256 * 1024, pause=0.0):
    """The headers, then the body in chunks (a pause after each), all before reading: as
    urllib and a browser's form send."""
    sock.sendall(head)
    for start in range(0, len(body), chunk):
        sock.sendall(body[start:start + chunk])
        if pause:
            time.sleep(pause)


def _answer(sock):
    """(status, headers, body) of one answer, read by its Content-Length."""
    data = b""
    while b"\r\n\r\n" not in data:
        got = sock.recv(65536)
        assert got, f"the connection closed before an answer: {data[:200]!r}"
        data += got
    head, _, rest = data.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in header_lines:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers["content-length"])
    while len(rest) < length:
        got = sock.recv(65536)
        assert got, "the connection closed in the middle of the answer"
        rest += got
    return int(status_line.split()[1]), headers, rest[:length]


def _closed_cleanly(sock) -> bool:
    """True when the server ended the connection with an EOF (not a reset)."""
    sock.settimeout(10)
    return sock.recv(65536) == b""


def _form(size: int) -> bytes:
    return b"title=" + b"x" * (size - 6)


FORM_HEADERS = ("Content-Type: application/x-www-form-urlencoded",)


# ---------------------------------------------------------------- the site's forms
@pytest.mark.slow
@pytest.mark.parametrize("path", FORMS)
def test_an_oversized_form_written_after_its_headers_gets_the_413_page(site, path):
    port, _token = site
    for size in (3 * MB, 7 * MB):
        for attempt in range(3):
            with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
                body = _form(size)
                _send(sock, _request("POST", path, body, port=port, headers=FORM_HEADERS),
                      body)
                status, headers, page = _answer(sock)
                assert status == 413, (path, size, attempt, status)
                assert PAGE_TEXT in page and b"css/site.css" in page
                assert headers.get("connection") == "close"
                assert _closed_cleanly(sock), (path, size, attempt)


@pytest.mark.slow
@pytest.mark.parametrize("size, chunk, pause", [(3 * MB, 64 * 1024, 0.02),
                                                (7 * MB, 256 * 1024, 0.05)])
def test_a_slowly_written_oversized_form_gets_the_413_page(site, size, chunk, pause):
    port, _token = site
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        body = _form(size)
        _send(sock, _request("POST", "/concepts/preview/", body, port=port,
                             headers=FORM_HEADERS), body, chunk=chunk, pause=pause)
        status, _headers, page = _answer(sock)
        assert status == 413 and PAGE_TEXT in page
        assert _closed_cleanly(sock)


@pytest.mark.slow
def test_urllib_posting_an_oversized_form_reads_the_413_page(site):
    port, _token = site
    for path in FORMS:
        for size in (3 * MB, 7 * MB):
            request = urllib.request.Request(
                f"http://127.0.0.1:{port}{path}", data=_form(size),
                headers={"Content-Type": "application/x-www-form-urlencoded"})
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(request, timeout=30)
            assert refused.value.code == 413, (path, size)
            assert PAGE_TEXT in refused.value.read()


@pytest.mark.slow
def test_the_apis_413_arrives_whole_too(site):
    port, token = site
    body = b'{"action": "play", "position": 1, "pad": "' + b"x" * (7 * MB) + b'"}'
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        _send(sock, _request("POST", "/api/v1/puzzles/1/answer", body, port=port, headers=(
            "Content-Type: application/json", f"Authorization: Bearer {token}")), body)
        status, _headers, answer = _answer(sock)
        assert status == 413
        assert json.loads(answer)["error"]["code"] == "too_large"
        assert _closed_cleanly(sock)


@pytest.mark.slow
def test_a_kept_connection_serves_the_next_post_after_a_413(site):
    """A client that keeps its connection: the body is read off, and the next request on
    the same connection (a login form, a normal POST) is answered as usual."""
    port, _token = site
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(_request("GET", "/accounts/login/", port=port, connection="keep-alive"))
        status, headers, page = _answer(sock)
        assert status == 200
        cookie = headers["set-cookie"].split(";", 1)[0]  # the CSRF cookie
        token = page.split(b'name="csrfmiddlewaretoken" value="', 1)[1].split(b'"', 1)[0]
        body = _form(7 * MB)
        _send(sock, _request("POST", "/concepts/preview/", body, port=port,
                             connection="keep-alive", headers=FORM_HEADERS), body)
        status, headers, page = _answer(sock)
        assert status == 413 and PAGE_TEXT in page
        assert headers.get("connection") != "close"
        login = (b"csrfmiddlewaretoken=" + token
                 + b"&username=sender&password=not-the-password")
        sock.sendall(_request("POST", "/accounts/login/", login, port=port, connection="keep-alive",
                              headers=(*FORM_HEADERS, f"Cookie: {cookie}",
                                       f"Referer: http://127.0.0.1:{port}/accounts/login/")) + login)
        status, _headers, page = _answer(sock)
        assert status == 200 and b"password" in page.lower() and b"<form" in page


@pytest.mark.slow
def test_a_client_waiting_for_100_continue_is_told_the_connection_closes(site):
    port, _token = site
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(_request("POST", "/concepts/preview/", _form(7 * MB), port=port,
                              connection="keep-alive",
                              headers=(*FORM_HEADERS, "Expect: 100-continue")))
        status, headers, page = _answer(sock)  # no "100 Continue" before it
        assert status == 413 and PAGE_TEXT in page
        assert headers.get("connection") == "close"
        assert _closed_cleanly(sock)


# ---------------------------------------------------------------- the bounds
async def _answers_at_once(scope, receive, send):
    """An application that answers without reading the body (as the 413 page does)."""
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"text/plain"), (b"content-length", b"9")]})
    await send({"type": "http.response.body", "body": b"too large"})


def _bounded(monkeypatch, **bounds):
    from marcomage import http_protocol
    for name, value in bounds.items():
        monkeypatch.setattr(http_protocol, name, value)
    return serving(_answers_at_once)


def test_a_body_past_the_byte_bound_ends_the_connection(monkeypatch):
    with _bounded(monkeypatch, DRAIN_BYTES=2 * MB) as port:
        with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
            body = b"x" * (64 * MB)
            with pytest.raises(OSError):  # reset or broken pipe, long before 64 MB
                _send(sock, _request("POST", "/", body, port=port), body)
        # A body within the bound is read off and the answer arrives.
        with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
            body = b"x" * MB
            _send(sock, _request("POST", "/", body, port=port), body)
            assert _answer(sock)[0] == 413 and _closed_cleanly(sock)


def test_a_body_that_stops_coming_is_given_up_after_the_time_bound(monkeypatch):
    with _bounded(monkeypatch, DRAIN_SECONDS=0.5) as port:
        with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
            body = b"x" * MB
            sock.sendall(_request("POST", "/", body, port=port, connection="keep-alive")
                         + body[:1000])
            assert _answer(sock)[0] == 413
            started = time.monotonic()
            assert _closed_cleanly(sock)  # closed by the server, the body never finished
            assert time.monotonic() - started < 9


def test_the_connection_holds_no_body_in_memory(monkeypatch):
    """What is read off is dropped as it arrives: the request's buffer stays small."""
    from marcomage import http_protocol
    buffered = []
    original = http_protocol.Protocol.on_body

    def on_body(self, body):
        original(self, body)
        buffered.append(len(self.cycle.body))

    monkeypatch.setattr(http_protocol.Protocol, "on_body", on_body)
    with serving(_answers_at_once) as port:
        with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
            body = b"x" * (8 * MB)
            _send(sock, _request("POST", "/", body, port=port), body)
            assert _answer(sock)[0] == 413 and _closed_cleanly(sock)
    assert buffered
    assert max(buffered) <= MB  # uvicorn's own buffer before the answer, at most
