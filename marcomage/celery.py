"""The Celery application: AI moves, rating and the periodic sweeps.

Without REDIS_URL the settings make every task run eagerly in the calling
process (see settings.CELERY_TASK_ALWAYS_EAGER) and `manage.py run_periodic`
plays the part of beat.
"""
import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "marcomage.settings")

app = Celery("marcomage")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# Request ids, task log lines, metrics and signs of life of every task (see the module).
from marcomage.plumbing import task_signals  # noqa: E402,F401
