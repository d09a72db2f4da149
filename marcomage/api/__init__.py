"""The public JSON API, /api/v1/ (django-ninja): cards, keywords, players, shared decks,
finished games and their replays, running games' spectator view, statistics, and the bot
endpoints (event stream, challenges, moves).

It sits in the site layer because it reads every app. It only reads through the apps'
selectors and the engine's ``view_for``, and changes things only through the same
services as the site's pages (games.services), so the rules, locks and version checks are
the site's own. Every response is built from an explicit schema (schemas.py): a field that
is not listed there cannot leave the server.
"""
