"""Settings, all read from the environment (django-environ).

With nothing set the site runs on one machine: SQLite file, in-memory channel
layer, Celery tasks run eagerly in the web process. With DATABASE_URL and
REDIS_URL it is the production layout: PostgreSQL, Redis channel layer,
Celery over Redis with beat.
"""
import sys
from datetime import timedelta
from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()
if (BASE_DIR / ".env").exists():
    environ.Env.read_env(BASE_DIR / ".env")

DEBUG = env.bool("DEBUG", default=True)
_DEV_SECRET = "dev-only-secret-key-do-not-use-in-production-0123456789abcdefghijklmnop"
SECRET_KEY = env("SECRET_KEY", default=_DEV_SECRET if DEBUG else environ.Env.NOTSET)
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])
REDIS_URL = env("REDIS_URL", default="")
TESTING = env.bool("MARCOMAGE_TESTING", default=False)

INSTALLED_APPS = [
    # Daphne's app only makes `manage.py runserver` serve ASGI (websockets); it imports
    # Twisted, a third of a second of every process's start. The site's own server is
    # `manage.py serve` (uvicorn), so the app is there for runserver alone.
    *(["daphne"] if sys.argv[1:2] == ["runserver"] else []),
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "channels",
    "django_htmx",
    "template_partials",
    "django_celery_beat",
    "axes",
    "csp",
    # django-ninja: the public API (marcomage/api/); listed so its docs page is served from
    # our own static files (the site's CSP allows no other origin).
    "ninja",
    "marcomage",
    "players",
    "decks",
    "games",
    "games.tournaments",
    "forum",
    "concepts",
    "games.puzzles",
    "games.balance",
    "marcomage.privacy",
]

MIDDLEWARE = [
    # /health/live, /health/ready and /metrics, before anything else (marcomage/ops/views.py).
    "marcomage.ops.views.ProbeMiddleware",
    # The request id, one log line and the metrics of every request (the module).
    "marcomage.plumbing.request_observer.RequestObserverMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "marcomage.weak_request.AuthenticationMiddleware",  # Django's, without a cycle
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "marcomage.weak_request.HtmxMiddleware",  # django-htmx's, without a cycle
    "csp.middleware.CSPMiddleware",
    "players.middleware.PlayerActivityMiddleware",
    "players.middleware.PlayerTimezoneMiddleware",
    "axes.middleware.AxesMiddleware",
    "marcomage.plumbing.middleware.OversizedFormPageMiddleware",
    "marcomage.plumbing.middleware.MethodNotAllowedPageMiddleware",
]

ROOT_URLCONF = "marcomage.urls"
WSGI_APPLICATION = "marcomage.wsgi.application"
ASGI_APPLICATION = "marcomage.asgi.application"

TEMPLATES = [
    {
        # Django's engine, its pages leaving no reference cycle (marcomage/weak_request.py).
        "BACKEND": "marcomage.weak_request.DjangoTemplates",
        "NAME": "django",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "marcomage.site.context_processors.site",
                "marcomage.site.context_processors.navigation",
                "marcomage.csrf.csrf",
            ],
            # {% load links %}: the layout's links, reversed once per process.
            "libraries": {"links": "marcomage.plumbing.links"},
        },
    },
    {
        # The game boards and their parts (games/jinja2/, games/jinja.py): drawn twice per
        # move; a board takes about 3.9 ms here against 6.7 ms with Django's engine.
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "APP_DIRS": True,
        "OPTIONS": {
            "environment": "games.jinja.environment",
            "context_processors": [
                "marcomage.site.context_processors.site",
                "marcomage.site.context_processors.navigation",
                "marcomage.csrf.csrf",
            ],
        },
    },
]

# --- Database ---------------------------------------------------------------
DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several local processes (web, scheduler) share the file: wait instead of failing,
    # and take the write lock at BEGIN so read-then-write transactions cannot deadlock.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"timeout": 20, "transaction_mode": "IMMEDIATE"}
    )
else:
    # Connections are per thread and HTTP runs on a fixed pool of threads
    # (marcomage/httppool.py), so persistent connections are reused, never multiplied.
    DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=600)
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
    # Behind PgBouncer in transaction mode a server-side cursor (a named cursor, .iterator())
    # may find its transaction's connection given to another client: set it with a pooler.
    DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] = env.bool(
        "DISABLE_SERVER_SIDE_CURSORS", default=False)
# Per server process: threads serving HTTP (each keeps at most one database connection)
# and how many requests may wait for them before the newest are answered 503 at once.
HTTP_THREADS = env.int("HTTP_THREADS", default=8)
HTTP_QUEUE_MAX = env.int("HTTP_QUEUE_MAX", default=1000)
# Per server process: threads rendering the boards pushed over websockets (games.consumers;
# each keeps at most one database connection). Channels' own single consumer thread keeps
# the handshakes. A process holds at most HTTP_THREADS + LIVE_BOARD_THREADS + 1 connections.
LIVE_BOARD_THREADS = env.int("LIVE_BOARD_THREADS", default=4)
# A server process's garbage collector thresholds (gc.set_threshold; marcomage/site/warmup.py).
# Python's (700, 10, 10) collected the youngest objects ~17 times a second per process at
# 400 games, mid-request, promoting requests' short-lived objects into the older generations,
# whose collections stop every thread: 17 full collections in two minutes of 50-160 ms each.
GC_THRESHOLDS = tuple(env.list("GC_THRESHOLDS", cast=int, default=[10000, 10, 10]))
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_USER_MODEL = "players.User"
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    # Django's ModelBackend reading the signed-in user (with Player, PlayerSettings and the
    # role permissions) through the cache: no query per request for them (see the module).
    "players.accounts.user_cache.CachedModelBackend",
]
# Sessions are read from the cache (Redis in production) and written through to the
# database, so a restarted cache logs nobody out.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
# Django's cookie-then-session message storage, holding its request weakly (the module).
MESSAGE_STORAGE = "marcomage.weak_request.FallbackStorage"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
     "OPTIONS": {"min_length": 8}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# --- Flood control (marcomage/plumbing/flood.py) ------------------------------------------
# Per channel, how many sends an account ("user") and an address ("ip") may make in a
# window (django-ratelimit's rates: "10/m" ten a minute, "3/10m" three in ten minutes).
FLOOD_CONTROL = env.bool("FLOOD_CONTROL", default=True)
FLOOD_LIMITS = {
    "chat": {"user": "20/m", "ip": "60/m"},
    "message": {"user": "8/m", "ip": "20/m"},
    "thread": {"user": "3/10m", "ip": "8/10m"},
    "post": {"user": "8/m", "ip": "20/m"},
    "challenge": {"user": "10/m", "ip": "30/m"},
    "concept": {"user": "5/h", "ip": "15/h"},
    "register": {"ip": "5/h"},
    "login": {"ip": "30/m"},
    # Asking for a post-game analysis (a repeated request for one that exists is free).
    "analysis": {"user": "6/h", "ip": "20/h"},
    # The card lab (concepts.lab): games against the computer with a concept, self-play reports.
    "playtest": {"user": "10/h", "ip": "30/h"},
    "selfplay": {"user": "6/h", "ip": "20/h"},
    # Answering puzzles (games.puzzles): each answer is rated once.
    "puzzle": {"user": "30/m", "ip": "60/m"},
    # Mail: a new address or a new confirmation link (players/notifications/addresses.py),
    # and asking for a password reset (each sends a mail).
    "email": {"user": "5/h", "ip": "20/h"},
    "password_reset": {"ip": "5/h"},
    # Creating an event (games.tournaments; its policy also caps the events open at once).
    "tournament": {"user": "3/h", "ip": "10/h"},
    # Administrators starting self-play runs of the card balance (one runs at a time anyway).
    "balance": {"user": "6/h"},
    # Web push (players.push): subscribing browsers and "send me a test notification".
    "push": {"user": "20/h", "ip": "60/h"},
    "push_test": {"user": "5/10m", "ip": "20/10m"},
}
FLOOD_GROUP_PREFIX = "flood:"
# A cache that is down must not block posting: the limit is skipped, the post goes through.
RATELIMIT_FAIL_OPEN = True
# Without Redis the counters live in this process's memory: right for the one-process
# embedded layout, which is all that runs without Redis.
SILENCED_SYSTEM_CHECKS = ["django_ratelimit.E003", "django_ratelimit.W001"]

# --- Web push (players/push/) ---------------------------------------------------------
# The site's VAPID key pair (RFC 8292) signs every push; `manage.py vapid_keys` makes one and
# prints these lines. Without them, the embedded default (DEBUG) makes a pair once into
# VAPID_KEY_FILE (git-ignored); a production site without keys has web push turned off.
VAPID_PRIVATE_KEY = env("VAPID_PRIVATE_KEY", default="")
VAPID_PUBLIC_KEY = env("VAPID_PUBLIC_KEY", default="")
VAPID_SUBJECT = env("VAPID_SUBJECT", default="mailto:webmaster@localhost")
VAPID_KEY_FILE = env("VAPID_KEY_FILE", default=str(BASE_DIR / ".vapid-keys") if DEBUG else "")
# Seconds a push service keeps an undelivered push for a browser that is offline.
PUSH_TTL = env.int("PUSH_TTL", default=12 * 3600)
# Seconds to wait for a push service (connecting, then answering) before the send is
# retried later.
PUSH_TIMEOUT = env.float("PUSH_TIMEOUT", default=10.0)
# Browsers (devices) one account may subscribe: one more replaces the one unused longest.
PUSH_SUBSCRIPTIONS_MAX = env.int("PUSH_SUBSCRIPTIONS_MAX", default=10)
# Tests and the load harness run a local push service over plain HTTP on this machine
# (devtools/push_service.py): only then may an endpoint be http://127.0.0.1 or localhost.
PUSH_ALLOW_LOCAL_SERVICE = env.bool("PUSH_ALLOW_LOCAL_SERVICE", default=False)

# --- Public API (marcomage/api/) ----------------------------------------------------
# Requests per window (django-ratelimit's rates) for one personal access token and for one
# address without a token; a request over the limit gets a 429 with Retry-After
# (FLOOD_CONTROL=false turns them off too).
API_RATE_LIMITS = {
    "token": env("API_RATE_LIMIT_TOKEN", default="300/m"),
    "anonymous": env("API_RATE_LIMIT_ANONYMOUS", default="60/m"),
}
API_RATE_GROUP_PREFIX = "api:"
# A bot's event stream (GET /api/v1/bot/stream, games/api/stream.py) runs on the event
# loop, fed by the channel layer (no HTTP thread, no polling); it ends after
# API_STREAM_SECONDS (the bot reconnects). At most API_STREAMS_PER_ACCOUNT are open per bot
# account (one more closes the oldest) and API_STREAMS_MAX per process (then 503).
# Post-game analysis (games.services.analysis): the expert search's worlds per judged move.
ANALYSIS_SIMULATIONS = env.int("ANALYSIS_SIMULATIONS", default=200)
# Without a Celery worker (no REDIS_URL) this many analyses run at once, from background
# threads of the server process, never in the request that asked (games.services.background),
# each in a child process at a lower priority (ANALYSIS_PROCESS; off: in the thread itself).
ANALYSIS_THREADS = env.int("ANALYSIS_THREADS", default=1)
ANALYSIS_PROCESS = env.bool("ANALYSIS_PROCESS", default=True)
# The card balance's self-play runs queued from the dashboard without a Celery worker: on
# BALANCE_SELFPLAY_THREADS background threads, each run in a child process at a lower priority
# (BALANCE_SELFPLAY_PROCESS; off: in the thread itself), as the analyses are.
BALANCE_SELFPLAY_THREADS = env.int("BALANCE_SELFPLAY_THREADS", default=1)
BALANCE_SELFPLAY_PROCESS = env.bool("BALANCE_SELFPLAY_PROCESS", default=True)
API_STREAM_SECONDS = env.float("API_STREAM_SECONDS", default=60.0)
API_STREAMS_PER_ACCOUNT = env.int("API_STREAMS_PER_ACCOUNT", default=2)
API_STREAMS_MAX = env.int("API_STREAMS_MAX", default=2000)
# Live sockets (marcomage/plumbing/socket_cap.py): at most this many open at once per account and per
# address, over all of the site's websockets together; one more closes the oldest, whose page
# says why (0: no cap). Behind a proxy, uvicorn must see the clients' own addresses
# (FORWARDED_ALLOW_IPS), as the flood limits must.
LIVE_SOCKETS_PER_ACCOUNT = env.int("LIVE_SOCKETS_PER_ACCOUNT", default=30)
LIVE_SOCKETS_PER_ADDRESS = env.int("LIVE_SOCKETS_PER_ADDRESS", default=30)

# --- Mail and notifications (players/notifications/, players/accounts/) -------------
# The site's own address in links of mails (no request is at hand when a task sends one).
SITE_URL = env("SITE_URL", default="http://127.0.0.1:8000").rstrip("/")
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", default="MArcomage <noreply@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
# With EMAIL_HOST set, mail goes out over SMTP; without, the embedded default writes each
# mail as a file in EMAIL_FILE_PATH (./mail/), so `make run` needs no mail server. EMAIL_BACKEND
# picks another: "smtp", "file", "console" or a dotted path.
_EMAIL_BACKENDS = {"smtp": "django.core.mail.backends.smtp.EmailBackend",
                   "file": "django.core.mail.backends.filebased.EmailBackend",
                   "console": "django.core.mail.backends.console.EmailBackend"}
EMAIL_HOST = env("EMAIL_HOST", default="")
EMAIL_BACKEND = env("EMAIL_BACKEND", default="smtp" if EMAIL_HOST else "file")
EMAIL_BACKEND = _EMAIL_BACKENDS.get(EMAIL_BACKEND, EMAIL_BACKEND)
EMAIL_FILE_PATH = env("EMAIL_FILE_PATH", default=str(BASE_DIR / "mail"))
EMAIL_PORT = env.int("EMAIL_PORT", default=587)
EMAIL_HOST_USER = env("EMAIL_HOST_USER", default="")
EMAIL_HOST_PASSWORD = env("EMAIL_HOST_PASSWORD", default="")
EMAIL_USE_TLS = env.bool("EMAIL_USE_TLS", default=EMAIL_PORT == 587)
EMAIL_USE_SSL = env.bool("EMAIL_USE_SSL", default=EMAIL_PORT == 465)
# A mail server that does not answer within this many seconds counts as failing: the
# delivery is tried again later (players/notifications/services.py), never lost.
EMAIL_TIMEOUT = env.int("EMAIL_TIMEOUT", default=10)
# Without a Celery worker (no REDIS_URL), notices are dispatched and sent by this many
# background threads of the server process (players/notifications/queue.py).
NOTIFICATION_THREADS = env.int("NOTIFICATION_THREADS", default=2)
# No mail or push while the player was active on the site this recently (unless he chose
# "always"): he sees the bell.
NOTIFICATION_ACTIVE_MINUTES = env.int("NOTIFICATION_ACTIVE_MINUTES", default=5)

# --- Channels, Celery, cache -----------------------------------------------
if REDIS_URL:
    # "pubsub" (the default): Redis publish/subscribe, one subscription connection per server
    # process; a group message costs one PUBLISH and reaches each process once. "lists":
    # channels_redis's list layer, where each process takes its messages one at a time
    # (a blocking pop, then a second round trip to clear it from a backup queue): at 200
    # games its inbox fell behind by seconds (push p99 908 ms in steady state against 288
    # ms with pubsub, 41 % CPU per process against 34 %: devtools/load.py, docs/performance.md). Pub/sub
    # delivers at most once: a message sent while a process reconnects to Redis is lost; the
    # pages catch up when their socket reconnects (it sends the board version it shows).
    CHANNEL_LAYER = env("CHANNEL_LAYER", default="pubsub")
    # The layer's key prefix: sites sharing one Redis (and servers started by tests running
    # side by side, whose games have the same ids) must not hear each other's groups.
    CHANNEL_PREFIX = env("CHANNEL_PREFIX", default="asgi")
    if CHANNEL_LAYER == "pubsub":
        CHANNEL_LAYERS = {"default": {
            "BACKEND": "marcomage.channel_layer.PubSubChannelLayer",
            "CONFIG": {"hosts": [{"address": REDIS_URL, "socket_connect_timeout": 1}],
                       "prefix": CHANNEL_PREFIX}}}
    elif CHANNEL_LAYER == "lists":
        CHANNEL_LAYERS = {"default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            # redis-py 8 reads with a 5 s socket timeout by default, the same length as
            # the layer's blocking pop: idle consumers died with "Timeout reading from
            # Redis" and their sockets closed. A longer read timeout still notices a dead
            # Redis.
            # capacity: the layer keeps every socket of a process in one Redis inbox and
            # checks the capacity against that inbox (not per socket): the default 100
            # overflowed with a few hundred sockets per process under a burst of moves.
            # max_connections: redis-py's pool refused connection 101 of a process
            # ("Too many connections") in a burst of handshakes; Redis allows 10,000.
            "CONFIG": {"hosts": [{"address": REDIS_URL, "socket_timeout": 15,
                                  "socket_connect_timeout": 1,
                                  "max_connections": env.int("CHANNEL_REDIS_CONNECTIONS",
                                                             default=1000)}],
                       "capacity": env.int("CHANNEL_CAPACITY", default=5000),
                       "group_expiry": 3600, "prefix": CHANNEL_PREFIX}}}
    else:
        raise ImproperlyConfigured(
            f"CHANNEL_LAYER must be 'pubsub' or 'lists', not {CHANNEL_LAYER!r}.")
    # django-redis. Sessions (cached_db), the signed-in user (players/accounts/user_cache.py)
    # and the flood counters live here. IGNORE_EXCEPTIONS: a Redis that is down is a cache
    # miss and a skipped write (logged), never a server error, so pages fall back to the
    # database; ``incr`` answers None then and django-ratelimit, failing open
    # (RATELIMIT_FAIL_OPEN), lets the post through. Its connection pools, and here their
    # clients (marcomage/plumbing/cache.py), are kept per process: Django's own RedisCache opened a
    # connection for every request (a cache object per thread and per context: 7 % of a
    # server process under load, py-spy).
    CACHES = {"default": {"BACKEND": "django_redis.cache.RedisCache",
                          "LOCATION": REDIS_URL,
                          "OPTIONS": {"SOCKET_TIMEOUT": 1, "SOCKET_CONNECT_TIMEOUT": 1,
                                      "IGNORE_EXCEPTIONS": True,
                                      "CONNECTION_FACTORY":
                                          "marcomage.plumbing.cache.SharedClientConnectionFactory"}}}
    DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS = True
    CELERY_BROKER_URL = REDIS_URL
    CELERY_TASK_ALWAYS_EAGER = False
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    CELERY_BROKER_URL = "memory://"
    CELERY_TASK_ALWAYS_EAGER = True
CELERY_TASK_EAGER_PROPAGATES = True
# The workers and beat log through Django's LOGGING (JSON lines in production, with the
# request id: marcomage/plumbing/logs.py), not Celery's own format.
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
CELERY_WORKER_REDIRECT_STDOUTS = False
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
# A task whose worker process dies goes back to the queue at once (acks_late alone would
# leave it taken until the broker's visibility timeout).
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_TASK_TIME_LIMIT = 120
CELERY_TASK_SOFT_TIME_LIMIT = 100
# Redis hands an unacknowledged task to another worker after the visibility timeout: above
# the task time limit, so a slow task is never run twice at once. A worker that died
# altogether is covered sooner by the games-stalled-tasks sweep below.
# Short socket timeouts and no publish retries: a request that queues a task while Redis
# is down must answer at once (the move is saved; the sweep queues the task later).
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 300, "socket_timeout": 2,
                                   "socket_connect_timeout": 1}
CELERY_TASK_PUBLISH_RETRY = False
CELERY_BROKER_CONNECTION_TIMEOUT = 2
# The events' results and pairings have a queue (and, in `manage.py serve`, a worker) of
# their own: on the default queue an arena's next pairing waited behind post-game analyses
# (up to a minute each) and the rest, and its players for their next game.
CELERY_TASK_ROUTES = {
    "games.tasks.game_ai_move_task": {"queue": "ai"},
    "games.tasks.game_rate_task": {"queue": "rating"},
    "games.tasks.sweep_*": {"queue": "sweeps"},
    "games.tournaments.tasks.*": {"queue": "events"},
    # Mails and pushes wait on other servers: a queue and a worker of threads of their own.
    "players.notifications.tasks.*": {"queue": "notify"},
}
CELERY_TASK_DEFAULT_QUEUE = "default"
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
# A computer's turn or a rating still waiting TASK_STALLED_SECONDS after its move is queued
# again (a worker killed while holding it, a broker down when the move was saved); the sweep
# looks every TASK_SWEEP_SECONDS. Longer than the slowest task's usual wait, or tasks that
# are only slow run twice (harmless: they are idempotent, but wasted).
TASK_STALLED_SECONDS = env.int("TASK_STALLED_SECONDS", default=20)
TASK_SWEEP_SECONDS = env.int("TASK_SWEEP_SECONDS", default=15)
# The one list of periodic tasks: beat reads it (and mirrors it into the admin),
# and `manage.py run_periodic` runs the same list when there is no Redis.
CELERY_BEAT_SCHEDULE = {
    # Games: activity marks (Abort opens when a player is away for good), deadlines (Finish
    # opens after three weeks), overrun turn timeouts (substitute move), left games.
    "games-player-activity": {"task": "games.tasks.sweep_player_activity",
                              "schedule": timedelta(minutes=5)},
    "games-deadlines": {"task": "games.tasks.sweep_game_deadlines",
                        "schedule": timedelta(hours=1)},
    "games-turn-timeouts": {"task": "games.tasks.sweep_turn_timeouts",
                            "schedule": timedelta(minutes=1)},
    "games-left-games": {"task": "games.tasks.sweep_left_games",
                         "schedule": timedelta(hours=6)},
    # Lost tasks: the computer's turns and ratings still waiting after a killed worker or
    # while the broker was down are queued again.
    "games-stalled-tasks": {"task": "games.tasks.sweep_stalled_tasks",
                            "schedule": timedelta(seconds=TASK_SWEEP_SECONDS)},
    # Events: scheduled creation, starts and ends, lost results, overdue turns, pairings.
    "tournaments-tick": {"task": "games.tournaments.tasks.tournaments_tick",
                         "schedule": timedelta(seconds=5)},
    # Turn time limits about to run out: the player on turn is told (once per turn).
    "games-turn-time-warnings": {"task": "games.tasks.sweep_turn_time_warnings",
                                 "schedule": timedelta(minutes=1)},
    # Notifications: lost dispatches, retries of mails and pushes, the daily digests.
    "notifications-tick": {"task": "players.notifications.tasks.notifications_tick",
                           "schedule": timedelta(seconds=30)},
    # The card balance dashboard counts the games finished since (games.balance).
    "balance-refresh": {"task": "games.balance.tasks.balance_refresh_task",
                        "schedule": timedelta(minutes=10)},
    # Data exports past their days and deleted players' names past their hold (privacy).
    "privacy-expired": {"task": "marcomage.privacy.tasks.privacy_expired_task",
                        "schedule": timedelta(hours=1)},
}
# Without Redis, `manage.py serve` runs the schedule above on a thread of its server process
# (marcomage/plumbing/periodic.py): the in-memory channel layer is that process's, and an event
# published elsewhere (an arena started by the tick) reached no socket. `serve` sets it for
# its server; the entries below publish nothing and may take long, so that thread starts
# them as a child process at a lower priority instead.
PERIODIC_IN_SERVER = env.bool("PERIODIC_IN_SERVER", default=False)
PERIODIC_IN_CHILD = ("balance-refresh",)

# --- Internationalisation ----------------------------------------------------
LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# --- Static and media ---------------------------------------------------------
STATIC_URL = "/static/"
# Where collectstatic gathers the files served in production. Tests that start a server
# give it a folder of their own: a collectstatic rewriting the shared one deletes and saves
# its hashed files again, and a test reading them meanwhile finds one missing.
STATIC_ROOT = env("STATIC_ROOT", default=str(BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_URL = "/media/"
MEDIA_ROOT = Path(env("MEDIA_ROOT", default=str(BASE_DIR / "media")))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG or TESTING
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}
WHITENOISE_USE_FINDERS = DEBUG or TESTING
DATA_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024

# --- Security -----------------------------------------------------------------
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False  # htmx reads the token from the page, not the cookie
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
if not DEBUG:
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        # 'self' covers the site's own websockets (ws/wss on the same host) in CSP 3.
        "connect-src": ["'self'"],
        # The service worker (/sw.js) and the web app manifest are the site's own.
        "worker-src": ["'self'"],
        "manifest-src": ["'self'"],
        "font-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
    }
}

# Login throttling: 5 failures for one name from one address lock that pair for 15 minutes.
AXES_ENABLED = env.bool("AXES_ENABLED", default=True)
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_LOCKOUT_TEMPLATE = "registration/lockout.html"
AXES_RESET_ON_SUCCESS = True
AXES_VERBOSE = False

# --- Logging, metrics, error reports (docs/operations.md) ---------------------------------
# One JSON object a line (python-json-logger) in production, plain text in development;
# every line with its request id and user id (marcomage/plumbing/logs.py).
LOG_FORMAT = env("LOG_FORMAT", default="text" if DEBUG else "json")
if LOG_FORMAT not in ("json", "text"):
    raise ImproperlyConfigured(f"LOG_FORMAT must be 'json' or 'text', not {LOG_FORMAT!r}.")
from marcomage.plumbing.logs import logging_config  # noqa: E402

LOGGING = logging_config(json_lines=LOG_FORMAT == "json", level=env("LOG_LEVEL", default="INFO"))
# /metrics (marcomage/ops/views.py): with a token, only a request bearing it; without one,
# only from this machine, not through a proxy.
METRICS_TOKEN = env("METRICS_TOKEN", default="")
# /health/ready: each process checks at most once in this many seconds (marcomage/ops/health.py).
HEALTH_CACHE_SECONDS = env.float("HEALTH_CACHE_SECONDS", default=2.0)
# Without Redis: the folder of the scheduler's and workers' signs of life (marcomage/plumbing/heartbeats.py).
HEARTBEAT_DIR = env("HEARTBEAT_DIR", default="")
# Error reports to Sentry, only with a DSN; private texts scrubbed (marcomage/plumbing/sentry.py).
SENTRY_DSN = env("SENTRY_DSN", default="")
if SENTRY_DSN:
    from marcomage.plumbing.sentry import sentry_init  # noqa: E402

    sentry_init(SENTRY_DSN, environment=env("SENTRY_ENVIRONMENT", default=""),
                release=env("SENTRY_RELEASE", default=""),
                traces_sample_rate=env.float("SENTRY_TRACES_SAMPLE_RATE", default=0.0))

# --- A player's own data (marcomage/privacy/) ------------------------------------------
# Where the "Download my data" archives are kept: outside MEDIA_ROOT, which a web server may
# serve to anyone; only their owner downloads them, through the site, for EXPORT_DAYS days.
PRIVATE_ROOT = Path(env("PRIVATE_ROOT", default=str(BASE_DIR / "private")))
EXPORT_DAYS = env.int("EXPORT_DAYS", default=7)
# Without a Celery worker (no Redis): exports built at once on this many background threads
# of the server process (games/services/background.py).
EXPORT_THREADS = env.int("EXPORT_THREADS", default=1)
# A deleted account's name is held this many days before anybody may take it again.
DELETED_NAME_HOLD_DAYS = env.int("DELETED_NAME_HOLD_DAYS", default=30)

# --- Game constants the web side needs ------------------------------------------------
MARCOMAGE_SYSTEM_NAME = "MArcomage"
