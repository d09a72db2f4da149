"""The background queue of the games' services (analyses, the balance's self-play runs):
``marcomage.plumbing.background.BackgroundQueue``, in the base layer since the players'
notifications use it too. Kept under this name for the services that import it here."""
from marcomage.plumbing.background import BackgroundQueue

__all__ = ["BackgroundQueue"]
