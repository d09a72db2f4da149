"""A local web push service, for the tests and the load harness: what a browser's push
service (FCM, Mozilla's autopush, Apple's) does for the site, on 127.0.0.1 over HTTP.

    service = PushService().start()           # a thread with its own event loop
    subscription = service.subscribe(vapid_public_key)   # what a browser's toJSON() gives
    ... the site sends pushes to subscription["endpoint"] ...
    delivery = service.wait_for(subscription, count=1)[0]
    delivery.payload                          # the decrypted JSON
    service.answer(subscription, 410)         # from now on: 410 Gone (or 404, 500, 429...)
    service.stop()

Each subscription has its own P-256 key pair and 16-byte auth secret, made here as a browser
makes them. A push is accepted (201 Created, a Location) only when:

- its ``Authorization`` is ``vapid t=<JWT>,k=<public key>`` (RFC 8292): the JWT is ES256,
  signed by the key ``k``, which is the applicationServerKey the subscription was made with;
  its claims have ``aud`` = this service's origin, ``exp`` in the future and at most 24 hours
  ahead, and a ``sub`` (mailto: or https:); else 401 (403 for another key than the
  subscription's, as FCM answers);
- it has a ``TTL`` header (RFC 8030), else 400;
- its body is ``Content-Encoding: aes128gcm`` and decrypts with the subscription's private
  key and auth secret (RFC 8291/8188, http_ece), else 400; at most 4096 bytes, else 413.

What arrived (accepted or refused) is recorded with the time it arrived. ``answer()`` makes a
subscription answer a status (410, 404, 500, 429 with Retry-After...), "drop" (the connection
is closed without an answer) or "hang" (no answer until the client gives up).
"""
from __future__ import annotations

import asyncio
import base64
import json
import secrets
import threading
import time
from dataclasses import dataclass, field

import http_ece
from aiohttp import web
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import jwt as vapid_jwt

MAX_BODY = 4096


def _b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def _b64url_decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Delivery:
    """One push as it reached the service."""

    token: str
    status: int  # what the service answered
    received_at: float  # time.time() on arrival
    payload: dict | None = None  # the decrypted JSON (accepted pushes)
    plaintext: bytes | None = None
    error: str = ""  # why it was refused
    claims: dict = field(default_factory=dict)  # the VAPID JWT's claims
    headers: dict = field(default_factory=dict)  # TTL, Urgency, Topic, Content-Encoding


@dataclass
class _Subscription:
    token: str
    private_key: ec.EllipticCurvePrivateKey
    auth: bytes
    server_key: str  # the applicationServerKey (base64url) it was made with, or ""
    answer: int | str | None = None  # a status, "drop" or "hang" instead of accepting
    retry_after: str = ""


class PushService:
    def __init__(self, host: str = "127.0.0.1", port: int = 0):
        self.host, self.port = host, port
        self.deliveries: list[Delivery] = []
        self._subscriptions: dict[str, _Subscription] = {}
        self._changed = threading.Condition()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._runner: web.AppRunner | None = None
        self._thread: threading.Thread | None = None
        self.listeners: list = []  # callables(delivery), called on the service's thread

    # --- the server
    @property
    def origin(self) -> str:
        return f"http://{self.host}:{self.port}"

    def start(self) -> PushService:
        ready = threading.Event()
        failure: list[BaseException] = []

        def run():
            self._loop = asyncio.new_event_loop()
            asyncio.set_event_loop(self._loop)
            try:
                self._loop.run_until_complete(self._serve())
            except BaseException as error:  # the port taken...: told to start()
                failure.append(error)
                ready.set()
                return
            ready.set()
            self._loop.run_forever()
            pending = asyncio.all_tasks(self._loop)  # a "hang" answer still waiting
            for task in pending:
                task.cancel()
            self._loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
            self._loop.run_until_complete(self._runner.cleanup())
            self._loop.close()

        self._thread = threading.Thread(target=run, name="push-service", daemon=True)
        self._thread.start()
        ready.wait(20)
        if failure:
            raise failure[0]
        return self

    async def _serve(self):
        app = web.Application(client_max_size=MAX_BODY * 4)
        app.router.add_post("/push/{token}", self._receive)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=0.5)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]

    def stop(self) -> None:
        if self._loop is not None and self._thread is not None:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(10)

    # --- subscriptions, as a browser makes them
    def subscribe(self, application_server_key: str = "") -> dict:
        """A new subscription: {"endpoint", "expirationTime", "keys": {"p256dh", "auth"}}.
        With ``application_server_key`` (the site's VAPID public key), pushes signed with
        another key are refused (403)."""
        token = secrets.token_urlsafe(16)
        key = ec.generate_private_key(ec.SECP256R1())
        auth = secrets.token_bytes(16)
        self._subscriptions[token] = _Subscription(token, key, auth,
                                                   application_server_key.rstrip("="))
        public = key.public_key().public_bytes(serialization.Encoding.X962,
                                               serialization.PublicFormat.UncompressedPoint)
        return {"endpoint": f"{self.origin}/push/{token}", "expirationTime": None,
                "keys": {"p256dh": _b64url(public), "auth": _b64url(auth)}}

    @staticmethod
    def token_of(subscription: dict | str) -> str:
        endpoint = subscription["endpoint"] if isinstance(subscription, dict) else subscription
        return endpoint.rstrip("/").rsplit("/", 1)[-1]

    def answer(self, subscription: dict | str, status: int | str | None,
               retry_after: str = "") -> None:
        """From now on the subscription answers ``status`` (an HTTP status, "drop", "hang")
        instead of accepting pushes; None accepts them again."""
        entry = self._subscriptions[self.token_of(subscription)]
        entry.answer, entry.retry_after = status, retry_after

    # --- what arrived
    def received(self, subscription: dict | str | None = None, *,
                 accepted_only: bool = True) -> list[Delivery]:
        token = self.token_of(subscription) if subscription is not None else None
        with self._changed:
            return [d for d in self.deliveries if (token is None or d.token == token)
                    and (not accepted_only or d.status == 201)]

    def wait_for(self, subscription: dict | str | None = None, count: int = 1,
                 timeout: float = 15.0, accepted_only: bool = True) -> list[Delivery]:
        """Waits until ``count`` pushes reached the subscription (any, when None)."""
        token = self.token_of(subscription) if subscription is not None else None
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                found = [d for d in self.deliveries if (token is None or d.token == token)
                         and (not accepted_only or d.status == 201)]
                remaining = deadline - time.monotonic()
                if len(found) >= count or remaining <= 0:
                    return found
                self._changed.wait(remaining)

    def _record(self, delivery: Delivery) -> None:
        with self._changed:
            self.deliveries.append(delivery)
            self._changed.notify_all()
        for listener in self.listeners:
            listener(delivery)

    # --- receiving a push
    async def _receive(self, request: web.Request) -> web.StreamResponse:
        arrived = time.time()
        token = request.match_info["token"]
        body = await request.read()
        headers = {name: request.headers.get(name, "") for name in
                   ("TTL", "Urgency", "Topic", "Content-Encoding")}
        subscription = self._subscriptions.get(token)
        delivery = Delivery(token=token, status=201, received_at=arrived, headers=headers)
        if subscription is None:
            return self._refuse(delivery, 404, "no such subscription")
        if subscription.answer == "drop":
            self._record(Delivery(token, 0, arrived, error="dropped", headers=headers))
            request.transport.close()
            raise asyncio.CancelledError
        if subscription.answer == "hang":
            self._record(Delivery(token, 0, arrived, error="hung", headers=headers))
            await asyncio.sleep(3600)
        if isinstance(subscription.answer, int):
            response = self._refuse(delivery, subscription.answer, "told to answer so")
            if subscription.retry_after:
                response.headers["Retry-After"] = subscription.retry_after
            return response
        status, error, claims = self._check_vapid(request.headers.get("Authorization", ""),
                                                  subscription)
        delivery.claims = claims
        if status:
            return self._refuse(delivery, status, error)
        if not headers["TTL"].isdigit():
            return self._refuse(delivery, 400, "no TTL header")
        if len(body) > MAX_BODY:
            return self._refuse(delivery, 413, "payload too large")
        if headers["Content-Encoding"].lower() != "aes128gcm":
            return self._refuse(delivery, 400, "not aes128gcm")
        try:
            plaintext = http_ece.decrypt(body, private_key=subscription.private_key,
                                         auth_secret=subscription.auth, version="aes128gcm")
            delivery.plaintext = plaintext
            delivery.payload = json.loads(plaintext)
        except Exception as failure:  # http_ece.ECEException, InvalidTag, bad JSON
            return self._refuse(delivery, 400, f"cannot decrypt: {type(failure).__name__}")
        self._record(delivery)
        return web.Response(status=201, headers={
            "Location": f"{self.origin}/message/{secrets.token_urlsafe(8)}"})

    def _refuse(self, delivery: Delivery, status: int, error: str) -> web.Response:
        delivery.status, delivery.error = status, error
        self._record(delivery)
        return web.json_response({"code": status, "error": error}, status=status)

    def _check_vapid(self, authorization: str, subscription: _Subscription):
        """(status to refuse with or 0, why, the claims)."""
        scheme, _, rest = authorization.partition(" ")
        if scheme.lower() != "vapid":
            return 401, "no vapid Authorization", {}
        parts = dict(item.strip().split("=", 1) for item in rest.split(",") if "=" in item)
        token, key = parts.get("t", ""), parts.get("k", "")
        if not token or not key:
            return 401, "Authorization lacks t or k", {}
        try:
            claims = vapid_jwt.decode(token, key)
        except (InvalidSignature, ValueError):
            return 401, "bad JWT signature", {}
        header = json.loads(_b64url_decode(token.split(".")[0]))
        if header.get("alg") != "ES256":
            return 401, "JWT not ES256", claims
        if subscription.server_key and key.rstrip("=") != subscription.server_key:
            return 403, "signed with another key than the subscription's", claims
        now = time.time()
        if claims.get("aud") != self.origin:
            return 401, f"aud {claims.get('aud')!r} is not {self.origin}", claims
        if not isinstance(claims.get("exp"), int) or not now < claims["exp"] <= now + 86400:
            return 401, "exp not within the next 24 hours", claims
        if not str(claims.get("sub", "")).startswith(("mailto:", "https:")):
            return 401, "no sub", claims
        return 0, "", claims

