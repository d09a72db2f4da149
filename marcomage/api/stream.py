"""The bots' event stream, GET /api/v1/bot/stream, mounted on the ASGI side: the stream
itself is the games' (games/api/stream.py); here it gets the API's answers to errors (the
NinjaAPI's exception handlers, api.py) and its place before the HTTP thread pool
(marcomage/asgi.py)."""
from games.api.stream import STREAM_PATH, BotStreamApp

from .api import api

bot_stream_app = BotStreamApp(answer_error=api.on_exception)


def with_bot_stream(http_app):
    """An ASGI HTTP app: GET STREAM_PATH to the stream, everything else to ``http_app``
    (other methods there too: the API answers them with its JSON 405)."""

    async def app(scope, receive, send):
        if scope["path"] == STREAM_PATH and scope["method"] == "GET":
            await bot_stream_app(scope, receive, send)
        else:
            await http_app(scope, receive, send)

    return app
