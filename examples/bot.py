#!/usr/bin/env python3
"""An example MArcomage bot: it accepts every challenge and plays with the engine's AI.

It needs only the standard library and this repository's rules engine (``games.engine``,
pure Python): run it from anywhere with the project's Python 3.11.

    python examples/bot.py --url http://127.0.0.1:8000 --token mcg_xxxxxxxx_...

Set up once: register an account, make it a bot on the settings page (only an account
that has not played yet may), and create a token with the "bot" scope there. People then
challenge the bot like anybody else.

How it works: it listens to the bot event stream (GET /api/v1/bot/stream, server-sent
events). The server ends a stream after about a minute, and each new connection restates
what is pending, so the bot simply reconnects. An account keeps at most two streams open:
a third closes the oldest ("closed"), so run one copy of a bot per account. On "challenge" it accepts (with its first
complete deck); on "game" with "your_turn" it reads the game (GET /api/v1/bot/games/N),
whose "knowledge" is the engine state holding only what its seat may know (the opponent's
hidden cards and deck, and the random generator, are blanked by the server), chooses with
``engine.ai_choose_action`` and sends the move with the game's version; it accepts an
opponent's offer to surrender; on a finished game it leaves it (which frees its game slot). ``--games N`` stops after N finished games.
"""
import argparse
import json
import random
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games import engine  # noqa: E402  (the rules engine: pure Python, no Django)


class Api:
    def __init__(self, base_url: str, token: str):
        self.base = base_url.rstrip("/") + "/api/v1"
        self.headers = {"Authorization": f"Bearer {token}", "Accept": "application/json"}

    def call(self, method: str, path: str, body=None):
        """(status, JSON answer); an error answer is returned, not raised."""
        data = json.dumps(body).encode() if body is not None else None
        headers = {**self.headers, **({"Content-Type": "application/json"} if data else {})}
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                raw = response.read()
                return response.status, json.loads(raw) if raw else None
        except urllib.error.HTTPError as error:
            raw = error.read()
            try:
                return error.code, json.loads(raw)
            except ValueError:
                return error.code, {"error": {"message": raw.decode(errors="replace")}}

    def events(self):
        """Yield (event, data) from one connection to the stream, until the server ends it."""
        request = urllib.request.Request(self.base + "/bot/stream", headers={
            **self.headers, "Accept": "text/event-stream"})
        with urllib.request.urlopen(request, timeout=120) as response:
            event, data = "message", []
            for raw in response:
                line = raw.decode().rstrip("\r\n")
                if not line:
                    if data:
                        yield event, json.loads("\n".join(data))
                    event, data = "message", []
                elif line.startswith("event:"):
                    event = line[6:].strip()
                elif line.startswith("data:"):
                    data.append(line[5:].strip())


class Bot:
    def __init__(self, api: Api, *, games: int = 0, log=print):
        self.api, self.games_wanted, self.log = api, games, log
        self.finished = set()

    def on_challenge(self, game_id: int, challenger: str):
        status, answer = self.api.call("POST", f"/bot/challenges/{game_id}/accept", {})
        self.log(f"challenge {game_id} from {challenger}: {status}"
                 + ("" if status == 200 else f" {answer}"))

    def choose(self, game: dict):
        """The engine's AI on what this seat may know, with our own random numbers."""
        state = engine.state_from_json(game["knowledge"])
        return engine.ai_choose_action(state, game["seat"],
                                       rng=engine.Rng(random.getrandbits(62)))

    def play(self, game_id: int):
        status, game = self.api.call("GET", f"/bot/games/{game_id}")
        if status != 200 or not game["my_turn"]:
            return
        action = self.choose(game)
        body = {"version": game["version"], "position": action.position}
        if action.kind == "play":
            body["mode"] = action.mode
        status, answer = self.api.call("POST", f"/bot/games/{game_id}/{action.kind}", body)
        # 409: the game changed meanwhile; the stream tells us when it is our turn again.
        if status not in (200, 409):
            self.log(f"game {game_id}: {action.kind} {action.position} refused: {answer}")

    def on_game(self, data: dict):
        game_id = data["game"]
        if data["status"] == "finished":
            if game_id not in self.finished:
                self.finished.add(game_id)
                self.log(f"game {game_id} is over")
            self.api.call("POST", f"/bot/games/{game_id}/leave")
        elif data.get("surrender_offered"):  # moves wait for the answer: take the win
            self.api.call("POST", f"/bot/games/{game_id}/surrender-answer", {"accept": True})
        elif data["your_turn"]:
            self.play(game_id)

    def done(self) -> bool:
        return bool(self.games_wanted) and len(self.finished) >= self.games_wanted

    def run(self):
        while not self.done():
            try:
                for event, data in self.api.events():
                    if event == "challenge":
                        self.on_challenge(data["game"], data["challenger"])
                    elif event == "game":
                        self.on_game(data)
                    elif event == "closed":  # another copy of this bot took our place
                        self.log(f"stream closed: {data['reason']}")
                        time.sleep(10)
                    if self.done():
                        break
            except (OSError, ValueError) as error:  # the server went away: try again soon
                self.log(f"stream interrupted ({error}); reconnecting")
                time.sleep(2)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000", help="the site's address")
    parser.add_argument("--token", required=True, help="a token with the bot scope")
    parser.add_argument("--games", type=int, default=0, help="stop after N finished games")
    args = parser.parse_args(argv)
    Bot(Api(args.url, args.token), games=args.games,
        log=lambda text: print(text, flush=True)).run()


if __name__ == "__main__":
    main()
