"""When the processes with no address of their own last showed a sign of life.

The Celery workers (one mark per queue they take) and the scheduler (Celery beat, or
``manage.py run_periodic`` without Redis) write a mark every few seconds; the readiness
probe (``marcomage.ops.health``) reads how old each is. With Redis the marks live in the
cache, shared by every node; without it, as files in one folder of this machine (the
embedded layout has one machine), since its processes share no memory.
"""
import hashlib
import os
import tempfile
import time
from pathlib import Path

from django.conf import settings
from django.core.cache import cache

EVERY = 10.0  # seconds between two marks of a process
KEEP = 600  # seconds a mark is kept in the cache


def _folder() -> Path:
    folder = getattr(settings, "HEARTBEAT_DIR", "") or os.path.join(
        tempfile.gettempdir(), "marcomage-heartbeats-"
        + hashlib.sha1(str(settings.BASE_DIR).encode()).hexdigest()[:12])
    return Path(folder)


def beat(name: str) -> None:
    """Mark ``name`` alive now. Never raises: a mark that cannot be written is a sign of
    life missed, which the probe reports."""
    now = time.time()
    try:
        if settings.REDIS_URL:
            cache.set(f"heartbeat:{name}", now, timeout=KEEP)
        else:
            folder = _folder()
            folder.mkdir(parents=True, exist_ok=True)
            (folder / name).write_text(repr(now))
    except Exception:  # noqa: BLE001 - see above
        pass


def age(name: str) -> float | None:
    """Seconds since ``name``'s last mark; None when there is none (or it cannot be read)."""
    try:
        if settings.REDIS_URL:
            when = cache.get(f"heartbeat:{name}")
        else:
            when = float((_folder() / name).read_text())
    except (OSError, ValueError):
        return None
    except Exception:  # noqa: BLE001 - a cache that is down: no mark to be read
        return None
    return None if when is None else max(0.0, time.time() - float(when))
