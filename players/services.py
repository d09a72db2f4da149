"""Old address of two players services, kept only for games/ and services_rating.py.

They live in players/inbox/services.py and players/progression/services.py. Remove this
module once games/ (and the rating service it takes over) import from there.
"""
from .inbox.services import message_send_system
from .progression.services import award_counters_add

__all__ = ["award_counters_add", "message_send_system"]
