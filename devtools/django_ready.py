"""Django for a tool, whether it runs as a command or a test calls it."""
import os


def django_ready() -> None:
    """Set Django up, unless the process has it already (a test calling the tool): a second
    setup would configure the logging again, onto the stderr of that moment (the test's
    captured one, closed when the test ends), and every later log line of the process
    would fail to print ("--- Logging error ---")."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "marcomage.settings")
    import django
    from django.apps import apps

    if not apps.ready:
        django.setup()
