"""A real SMTP server in the test process (aiosmtpd): the site's mails reach it over SMTP
through Django's own SMTP backend, exactly as they would reach a mail server."""
import email
import email.policy
import socket
import threading
from dataclasses import dataclass, field

from aiosmtpd.controller import Controller


@dataclass
class Received:
    mail_from: str
    rcpt_tos: list
    message: email.message.EmailMessage

    @property
    def to(self) -> str:
        return self.rcpt_tos[0]

    @property
    def subject(self) -> str:
        return str(self.message["Subject"])

    def text(self) -> str:
        """The plain text part."""
        part = self.message.get_body(preferencelist=("plain",))
        return part.get_content() if part is not None else ""

    def html(self) -> str:
        part = self.message.get_body(preferencelist=("html",))
        return part.get_content() if part is not None else ""

    def everything(self) -> str:
        """Headers and every part as text (what a leak check reads)."""
        return str(self.message["Subject"]) + "\n" + self.text() + "\n" + self.html()


@dataclass
class MailServer:
    """What arrived, and the refusals to give: ``refuse_data`` answers the next N mails
    with a reply (e.g. "451 4.3.0 try again later") instead of taking them."""

    port: int = 0
    received: list = field(default_factory=list)
    refusals: list = field(default_factory=list)
    attempts: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def refuse_next(self, reply: str, times: int = 1) -> None:
        with self._lock:
            self.refusals += [reply] * times

    def to(self, address: str) -> list:
        return [m for m in self.received if address in m.rcpt_tos]

    # aiosmtpd's handler hook, on the server's own thread
    async def handle_DATA(self, server, session, envelope):
        with self._lock:
            self.attempts += 1
            if self.refusals:
                return self.refusals.pop(0)
            message = email.message_from_bytes(envelope.original_content or envelope.content,
                                               policy=email.policy.default)
            self.received.append(Received(envelope.mail_from, list(envelope.rcpt_tos),
                                          message))
        return "250 Message accepted for delivery"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_mail_server() -> tuple[MailServer, Controller]:
    server = MailServer(port=_free_port())
    controller = Controller(server, hostname="127.0.0.1", port=server.port)
    controller.start()
    return server, controller
