"""The post-game analyses of the tests: kept in the test's thread, run when drained.

Without a Celery worker an analysis goes to the server process's background threads
(games.services.background). A test's data lives in a transaction those threads cannot see,
so the tests of the analysis set ANALYSIS_THREADS to 0: a queued analysis waits until the
test calls ``run_queued_analyses()`` (the work a thread would do, in the test's thread).
"""
from games.services.analysis import local_analyses


def analyses_kept_for_the_test(settings):
    """For an autouse fixture: ``yield from analyses_kept_for_the_test(settings)``."""
    settings.ANALYSIS_THREADS = 0
    settings.ANALYSIS_PROCESS = False  # judged in the test's process (it mocks the search)
    local_analyses.discard_waiting()
    yield local_analyses
    local_analyses.discard_waiting()


def queued_analyses() -> list:
    """The ids of the analyses waiting for a thread, first first."""
    return local_analyses.waiting()


def run_queued_analyses() -> int:
    """Run the analyses waiting for a thread; how many ran."""
    return local_analyses.drain()
