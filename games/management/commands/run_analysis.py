"""Run one post-game analysis in this process: what the server's background thread starts
as a child process when there is no Celery worker (games.services.analysis).

A child of its own, at a lower priority, because the analysis is seconds of pure-Python
search: in the server process it would share the interpreter lock with the requests (a
page took several times as long while one ran).
"""
from django.core.management.base import BaseCommand
from django.db import connections

from games.services import analysis_run


class Command(BaseCommand):
    help = "Judge the moves of one finished game's requested analysis (by the analysis's id)."
    requires_system_checks = []  # a child started per analysis: no time for the checks

    def add_arguments(self, parser):
        parser.add_argument("analysis_id", type=int)
        parser.add_argument("--database-name", default="",
                            help="The database the parent process uses, when its name is "
                                 "not the settings' one (a test database).")

    def handle(self, *args, analysis_id, database_name="", **options):
        if database_name:
            connection = connections["default"]
            connection.close()
            connection.settings_dict["NAME"] = database_name
        done = analysis_run(analysis_id=analysis_id)
        self.stdout.write(f"analysis {analysis_id}: {'done' if done else 'left alone'}")
