"""The spectator counters live in the cache, keyed by game id, and ids come round again
from test to test: each test here starts and ends with an empty cache."""
import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def _fresh_spectator_counts():
    cache.clear()
    yield
    cache.clear()
