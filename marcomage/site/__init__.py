"""The site layer: pages and page furniture that bring several apps together.

It sits above every app (players, decks, games, forum, concepts) and may import any of
them; nothing below it imports it. The base modules of marcomage (settings, celery,
bbcode, images, middleware, redirects) import no app at all. pyproject.toml's
import-linter contracts hold both rules.
"""
