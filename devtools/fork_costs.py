"""What each fork of a library's private internals saves, against the supported way:
``python -m devtools.fork_costs [NAME ...] [--redis URL]`` (docs/decisions/).

One small measure per fork, each a few seconds, in this process (the default settings: no
database is touched; Redis only for the channel layer, with ``--redis`` or ``REDIS_URL``, on
a key prefix of its own). NAME is one of the keys of
MEASURES; none runs them all. The figures are what the decision records quote.
"""
import argparse
import asyncio
import gc
import os
import socket
import statistics
import sys
import threading
import time

from devtools.django_ready import django_ready


def _setup() -> None:
    django_ready()


def _per_call(*functions, seconds=1.0, rounds=9, pick=min) -> list[float]:
    """Microseconds per call of each of ``functions``: the best (``pick``) of ``rounds`` runs
    each, their runs taking turns (a loaded machine slows them alike), about ``seconds`` in
    all."""
    calls = 1
    while True:
        started = time.perf_counter()
        for _ in range(calls):
            functions[0]()
        if time.perf_counter() - started > seconds / (rounds * len(functions) * 4):
            break
        calls *= 2
    runs = [[] for _ in functions]
    for _ in range(rounds):
        for index, function in enumerate(functions):
            started = time.perf_counter()
            for _ in range(calls):
                function()
            runs[index].append((time.perf_counter() - started) / calls)
    return [pick(values) * 1e6 for values in runs]


class _Busy:
    """A thread of the same process computing in Python meanwhile (a server process runs a
    dozen: the interpreter lock is contended)."""

    def __enter__(self):
        self.stop = False

        def spin():
            n = 0
            while not self.stop:
                n += 1
        self.thread = threading.Thread(target=spin, daemon=True)
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop = True
        self.thread.join()


# ---------------------------------------------------------------- 0006 csrf
def csrf() -> list[str]:
    from django.http import HttpRequest
    from django.middleware.csrf import _get_new_csrf_string, get_token

    from marcomage.csrf import csrf_token
    request = HttpRequest()
    secret = _get_new_csrf_string()

    def ours():
        request.META["CSRF_COOKIE"] = secret
        csrf_token(request)

    def django_s():
        request.META["CSRF_COOKIE"] = secret
        get_token(request)
    stock, mine = _per_call(django_s, ours)
    lines = [f"alone: Django's get_token {stock:.1f} us, marcomage.csrf.csrf_token {mine:.1f} us"]
    with _Busy():
        stock, mine = _per_call(django_s, ours, seconds=3, pick=statistics.median)
        lines.append(f"beside a computing thread (median of 9 runs): Django's {stock:.0f} us, "
                     f"ours {mine:.0f} us")
    return lines


# ---------------------------------------------------------------- 0007 jinja escape
def jinja_escape() -> list[str]:
    from jinja2 import Template
    from markupsafe import Markup

    from decks.templatetags.cards import card_html
    from games.jinja import BoardEnvironment, environment

    source = ("{% for c in cards %}<li>{{ c }}</li>{% endfor %}"
              "{% for n in numbers %}<b>{{ n }}</b>{% endfor %}"
              "{% for t in texts %}<i>{{ t }}</i>{% endfor %}{{ field }}")
    values = {"cards": [card_html(None, card) for card in range(1, 21)],  # Markup, 3 kB each
              "numbers": list(range(150)), "texts": [f"name {i}" for i in range(80)],
              "field": Markup('<input type="hidden" name="csrfmiddlewaretoken" value="x">')}
    ours = environment(autoescape=True).from_string(source)

    class Stock(BoardEnvironment):
        template_class = Template
    stock = Stock(autoescape=True).from_string(source)
    assert ours.render(values) == stock.render(values)
    theirs, mine = _per_call(lambda: stock.render(values), lambda: ours.render(values))
    return [f"a board-like page (20 cards, 150 numbers, 80 texts): Jinja2's escape "
            f"{theirs:.0f} us, games.jinja's {mine:.0f} us per render"]


# ---------------------------------------------------------------- 0005 weak_request
def templates() -> list[str]:
    from django.template.backends.django import DjangoTemplates
    from django.test import RequestFactory

    from marcomage import weak_request

    def engine(backend):  # the same engine, with one context processor (any makes the cycle)
        return backend({"NAME": backend.__module__, "DIRS": [], "APP_DIRS": False,
                        "OPTIONS": {"context_processors": [
                            "django.template.context_processors.request"]}})
    stock, ours = engine(DjangoTemplates), engine(weak_request.DjangoTemplates)
    source = "{% for i in items %}{% with j=i %}{{ j }}{% endwith %}{% endfor %}"
    request = RequestFactory().get("/")  # for the time
    values = {"items": list(range(20))}
    garbage = []
    for engine in (stock, ours):
        template = engine.from_string(source)
        gc.collect()
        gc.disable()
        try:
            for _ in range(100):  # a request of its own each, held by nothing else
                template.render(values, RequestFactory().get("/"))
            garbage.append(gc.collect() / 100)
        finally:
            gc.enable()
    templates = [engine.from_string(source) for engine in (stock, ours)]
    times = _per_call(*(lambda t=t: t.render(values, request) for t in templates))
    return [f"{name}: {left:.0f} objects left to the garbage collector per render, "
            f"{spent:.0f} us a render"
            for name, left, spent in zip(("Django's backend", "marcomage.weak_request"),
                                         garbage, times)]


# ---------------------------------------------------------------- 0002 httppool
def httppool() -> list[str]:
    from a2wsgi import WSGIMiddleware

    from marcomage.httppool import _WSGIOnThreads
    held = []

    def app(environ, start_response):
        started = time.perf_counter()
        start_response("200 OK", [("Content-Type", "text/html")])

        class Body(list):
            def close(self):  # a2wsgi closes it after sending the end of the response
                held.append(time.perf_counter() - started)
        return Body([b"x" * 20000])

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "GET", "scheme": "http", "path": "/", "raw_path": b"/",
             "query_string": b"", "root_path": "", "headers": [],
             "client": ("127.0.0.1", 1), "server": ("127.0.0.1", 80)}

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        pass

    async def run(asgi, seconds=1.5):
        stop = False

        async def busy_loop():  # other work on the loop: websocket frames, other requests
            while not stop:
                time.sleep(0.0003)
                await asyncio.sleep(0)

        async def client():
            done = 0
            while not stop:
                await asyncio.wait_for(asyncio.shield(asgi(scope, receive, send)), 10)
                done += 1
            return done
        busy = [asyncio.create_task(busy_loop()) for _ in range(4)]
        clients = [asyncio.create_task(client()) for _ in range(16)]
        await asyncio.sleep(seconds)
        stop = True
        done = sum(await asyncio.gather(*clients))
        await asyncio.gather(*busy)
        return done / seconds

    lines = []
    for name, middleware in (("a2wsgi's responder", WSGIMiddleware(app, workers=8)),
                             ("marcomage.httppool's", _WSGIOnThreads(app, workers=8))):
        held.clear()
        rate = asyncio.run(run(middleware))
        lines.append(f"{name}: {rate:.0f} requests/s, a thread held "
                     f"{statistics.median(held) * 1000:.2f} ms per request (median; "
                     f"8 threads, 16 clients, the loop busy)")
        middleware.executor.shutdown()
    return lines


# ---------------------------------------------------------------- 0003 channel layer
def channel_layer(redis_url: str | None) -> list[str]:
    if not redis_url:
        return ["skipped: no Redis (--redis URL or REDIS_URL)"]
    from channels_redis.pubsub import RedisPubSubChannelLayer

    from marcomage.channel_layer import PubSubChannelLayer

    async def run(layer_class, *, busy: bool):
        layer = layer_class(hosts=[redis_url], prefix="forkcosts")
        listener = await layer.new_channel()
        for group in ("g", "p1", "p2"):
            await layer.group_add(group, listener)
        await asyncio.sleep(0.2)
        stop = False

        async def busy_loop():  # other work on the loop: sockets' frames, HTTP answers
            while not stop:
                time.sleep(0.0003)
                await asyncio.sleep(0)
        busy_tasks = [asyncio.create_task(busy_loop()) for _ in range(2 if busy else 0)]
        count = 200
        started = time.perf_counter()

        async def subscribe_meanwhile():  # sockets arriving: each handshake subscribes
            for _ in range(30):
                await layer.group_add("h", await layer.new_channel())
        await asyncio.gather(subscribe_meanwhile(),
                             *(layer.group_send("g", {"type": "m", "n": n})
                               for n in range(count)))
        for _ in range(count):
            await asyncio.wait_for(layer.receive(listener), 10)
        burst = (time.perf_counter() - started) * 1000
        stop = True
        await asyncio.gather(*busy_tasks)
        # A move tells three groups (the game's, each player's), one move after another.
        moves = 100
        started = time.perf_counter()
        for n in range(moves):
            messages = [(group, {"type": "m", "n": n}) for group in ("g", "p1", "p2")]
            if hasattr(layer, "group_send_many"):
                await layer.group_send_many(messages)
            else:
                for group, message in messages:
                    await layer.group_send(group, message)
        move = (time.perf_counter() - started) / moves * 1e6
        for _ in range(3 * moves):
            await asyncio.wait_for(layer.receive(listener), 10)
        await layer.flush()
        return burst, move

    lines = []
    for name, layer_class in (("channels_redis", RedisPubSubChannelLayer),
                              ("marcomage.channel_layer", PubSubChannelLayer)):
        idle = [asyncio.run(run(layer_class, busy=False)) for _ in range(3)]
        busy = [asyncio.run(run(layer_class, busy=True))]
        lines.append(
            f"{name}: 200 group messages published at once while 30 sockets subscribe, all "
            f"received in {statistics.median(b for b, _ in idle):.0f} ms (loop idle), "
            f"{statistics.median(b for b, _ in busy):.0f} ms (loop busy); a move's three "
            f"groups published in {statistics.median(m for _, m in idle + busy):.0f} us "
            f"(idle: median of 3 runs; busy: 1 run)")
    return lines


# ---------------------------------------------------------------- 0004 websocket compression
def websocket() -> list[str]:
    import json

    from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
    from websockets.frames import Frame, Opcode

    from decks.templatetags.cards import card_html
    from marcomage.websocket_protocol import deflate_factory

    html = "".join(card_html(None, card) for card in range(1, 21))
    message = json.dumps({"event": "board", "version": 12, "html": html}).encode()
    # What a browser offers: permessage-deflate; client_max_window_bits.
    offer = [("client_max_window_bits", None)]
    uvicorns = ServerPerMessageDeflateFactory(server_max_window_bits=12,
                                              client_max_window_bits=12,
                                              compress_settings={"memLevel": 5})
    extensions, sizes = [], []
    for factory in (uvicorns, deflate_factory()):
        _, extension = factory.process_request_params(offer, [])
        extensions.append(extension)
        sizes.append(len(extension.encode(Frame(Opcode.TEXT, message)).data))
    times = _per_call(*(lambda e=e: e.encode(Frame(Opcode.TEXT, message)) for e in extensions))
    return [f"{name}: a {len(message) // 1000} kB board frame in {spent:.0f} us, "
            f"{size / 1000:.1f} kB sent"
            for name, spent, size in zip(("uvicorn's settings", "marcomage.websocket_protocol"),
                                         times, sizes)]


# ---------------------------------------------------------------- 0001 prepared queries
def prepared() -> list[str]:
    from django.db import connection

    from games.game import selectors
    prepared_query = selectors._GAME_FOR_BOARD  # seven tables: the board's game row

    def compile_it():  # what Django does on every run, before the database
        compiler = prepared_query._build(123).query.get_compiler(using="default")
        compiler.as_sql()
        fields = [column[0] for column in compiler.select[0:compiler.col_count]]
        compiler.get_converters(fields)

    entry = prepared_query._compile("default")

    def reuse_it():  # what a PreparedQuery does instead
        key = entry["model"]._meta.pk.to_python(123)
        connection.ops.integer_field_range("AutoField")
        params = list(entry["params"])
        for positions in entry["keys_at"]:
            for position in positions:
                params[position] = key
    compiling, reusing = _per_call(compile_it, reuse_it)
    return [f"the board's game row (7 tables), per query before the database: Django compiles "
            f"it in {compiling:.0f} us, PreparedQuery reuses it in {reusing:.1f} us (PostgreSQL's planning, saved by PREPARE, not "
            f"measured here: docs/decisions/0001-prepared.md)"]


# ---------------------------------------------------------------- 0008 http protocol
def http_protocol() -> list[str]:
    import uvicorn

    async def answers_at_once(scope, receive, send):  # as the 413 page: the body unread
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-length", b"9")]})
        await send({"type": "http.response.body", "body": b"too large"})

    body = b"x" * (7 * 1024 * 1024)
    lines = []
    for name, protocol in (("uvicorn's httptools protocol", "httptools"),
                           ("marcomage.http_protocol", "marcomage.http_protocol:Protocol")):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        server = uvicorn.Server(uvicorn.Config(answers_at_once, host="127.0.0.1", port=port,
                                               http=protocol, lifespan="off",
                                               log_config=None, log_level="critical"))
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        while not server.started:
            time.sleep(0.02)
        answered = 0
        for _ in range(6):
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
                    sock.sendall(b"POST / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                                 b"Content-Length: %d\r\n\r\n" % len(body))
                    for start in range(0, len(body), 256 * 1024):
                        sock.sendall(body[start:start + 256 * 1024])
                    answered += b" 413 " in sock.recv(65536)
            except OSError:
                pass  # reset (or a broken pipe): the client never reads the answer
        server.should_exit = True
        thread.join(10)
        lines.append(f"{name}: a 7 MB form answered 413 unread, sent with Connection: close: "
                     f"the answer read {answered} times in 6 (else reset)")
    return lines


MEASURES = {"csrf": csrf, "jinja_escape": jinja_escape, "templates": templates,
            "httppool": httppool, "channel_layer": channel_layer, "websocket": websocket,
            "prepared": prepared, "http_protocol": http_protocol}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", choices=[[], *MEASURES], metavar="NAME")
    parser.add_argument("--redis", default=os.environ.get("REDIS_URL"))
    args = parser.parse_args(argv)
    _setup()
    for name in args.names or MEASURES:
        measure = MEASURES[name]
        lines = measure(args.redis) if name == "channel_layer" else measure()
        for line in lines:
            print(f"{name}: {line}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
