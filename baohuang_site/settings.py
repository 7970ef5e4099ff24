"""Settings for the Baohuang site, read from the environment (see README "Configuration").

Defaults are the embedded setup: SQLite and the in-memory channel layer, DEBUG off.
``DATABASE_URL`` (PostgreSQL) and ``REDIS_URL`` (channels-redis) switch to the scale-out setup.
``DJANGO_ENV=production`` turns on the deployment hardening and refuses to start without a
secret key from the environment.
"""

from __future__ import annotations

import secrets
from pathlib import Path

import django_stubs_ext
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

from baohuang_site.env import (
    CONN_MAX_AGE,
    env_bool,
    env_int,
    env_list,
    env_str,
    parse_database_url,
)

django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("BAOHUANG_VAR_DIR", str(BASE_DIR / "var")))

PRODUCTION = env_str("DJANGO_ENV", "development") == "production"
DEBUG = env_bool("DJANGO_DEBUG", False)
if PRODUCTION and DEBUG:
    raise ImproperlyConfigured("DJANGO_DEBUG must be off when DJANGO_ENV=production")


def _secret_key() -> str:
    """The secret key: from the environment, or (development only) a per-checkout random file.

    A committed constant would let anyone forge sessions on a deployed site, so production
    refuses to start without ``DJANGO_SECRET_KEY``.
    """
    from_env = env_str("DJANGO_SECRET_KEY")
    if from_env:
        return from_env
    if PRODUCTION:
        raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set when DJANGO_ENV=production")
    key_file = VAR_DIR / "secret_key"
    if key_file.exists():
        return key_file.read_text().strip()
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(50)
    key_file.write_text(key)
    key_file.chmod(0o600)
    return key


SECRET_KEY = _secret_key()
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "daphne",  # first, so `runserver` is daphne's ASGI server
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "channels",
    "allauth",
    "allauth.account",
    "accounts",
    "lobby",
    "game",
    "tournaments",
    "challenge",
    "shop",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "lobby.sightings.BrowserIdMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "accounts.middleware.FairPlayWarningMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
]

ROOT_URLCONF = "baohuang_site.urls"
WSGI_APPLICATION = None
ASGI_APPLICATION = "baohuang_site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.template.context_processors.csp",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --- Data: SQLite by default, PostgreSQL when DATABASE_URL is set --------------------------
_database_url = env_str("DATABASE_URL")
if _database_url:
    DATABASES = {"default": parse_database_url(_database_url).as_django()}
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": env_str("SQLITE_PATH", str(BASE_DIR / "db.sqlite3")),
            # Several threads of one daphne process write: wait for the lock instead of
            # failing at once, and take the write lock at BEGIN so lock order is simple.
            "CONN_MAX_AGE": CONN_MAX_AGE,  # see env.DatabaseUrl.as_django
            "CONN_HEALTH_CHECKS": True,
            "OPTIONS": {
                "timeout": 20,
                "transaction_mode": "IMMEDIATE",
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Channels: in-memory by default, Redis when REDIS_URL is set -----------------------------
REDIS_URL = env_str("REDIS_URL")
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [REDIS_URL], "capacity": 1500, "expiry": 30},
        }
    }
    # One cache for every process, so rate limits (logins, psych-war) hold cluster-wide.
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
        }
    }
else:
    # Channels' in-memory layer, minus a sweep per message (baohuang_site/channel_layer.py).
    CHANNEL_LAYERS = {
        "default": {"BACKEND": "baohuang_site.channel_layer.SweptInMemoryChannelLayer"}
    }
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# --- Accounts ------------------------------------------------------------------------------
AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
ACCOUNT_LOGIN_METHODS = {"username"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "none"
ACCOUNT_LOGOUT_ON_PASSWORD_CHANGE = False
ACCOUNT_LOGIN_ON_PASSWORD_RESET = False
ACCOUNT_SESSION_REMEMBER = None
# Failed logins are throttled per address, and per account *and* address ("key": the
# adapter puts the address into the key), so nobody can lock a player out from elsewhere by
# failing on purpose with his public username (docs/SECURITY.md, the locker).
ACCOUNT_RATE_LIMITS = {
    "login_failed": "10/m/ip,5/5m/key",
    "signup": "20/m/ip",
    "reset_password": "20/m/ip,5/m/key",
}
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "home"
ACCOUNT_LOGOUT_REDIRECT_URL = "home"
MAILERS = {
    "default": {
        # Console by default so password-reset mails show in the terminal; SMTP in production.
        "BACKEND": env_str(
            "DJANGO_EMAIL_BACKEND",
            "django.core.mail.backends.smtp.EmailBackend"
            if PRODUCTION
            else "django.core.mail.backends.console.EmailBackend",
        )
    }
}
DEFAULT_FROM_EMAIL = env_str("DJANGO_DEFAULT_FROM_EMAIL", "baohuang@localhost")

# New players start with this many beans (星豆); see accounts.services.
STARTING_BEANS = env_int("BAOHUANG_STARTING_BEANS", 10_000)

# --- Language and time ---------------------------------------------------------------------
LANGUAGE_CODE = "zh-hans"
LANGUAGES = [("zh-hans", "简体中文"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = env_str("BAOHUANG_TIME_ZONE", "Asia/Shanghai")
USE_TZ = True

# --- Static files: whitenoise under daphne -------------------------------------------------
STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "staticfiles"
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # whitenoise warns about a missing root
# Serve straight from the finders: no collectstatic step is needed for `make run`.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG

# --- Security ------------------------------------------------------------------------------
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
# Only our own scripts and styles: no inline script, no eval (htmx runs with allowEval off).
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    "font-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False  # htmx reads no cookie; forms carry the token in a hidden field
if PRODUCTION:
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_HSTS_SECONDS = env_int("DJANGO_HSTS_SECONDS", 31_536_000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("DJANGO_LOG_LEVEL", "INFO")},
    "loggers": {"django.channels.server": {"level": "WARNING"}},
}
ACCOUNT_ADAPTER = "accounts.adapters.AccountAdapter"

# Seconds (low, high) before a bot acts, and before the server acts for a player in
# auto-play: human-like pacing. Tests set them to zero through the environment. Which one
# applies depends on public facts only, never on what the seat could play (a quicker forced
# pass would give away the cards: docs/SECURITY.md, the timing observer).
_bot_ms = env_int("BAOHUANG_BOT_DELAY_MS", 900)
_auto_ms = env_int("BAOHUANG_AUTO_DELAY_MS", 1200)
BAOHUANG_DELAYS = {
    "bot": (_bot_ms * 0.6 / 1000, _bot_ms * 1.4 / 1000),  # a bot's real decision
    "auto": (_auto_ms / 1000, _auto_ms / 1000),  # the server playing for a person
    "fast": (_bot_ms * 0.15 / 1000, _bot_ms * 0.25 / 1000),  # no person holds cards any more
}
# Caps against exhausting the server (docs/SECURITY.md, the resource hog): open table sockets per
# account (or guest session) and spectator sockets per address, per server process; new
# tables per account and trial tables per address within TABLE_RATE_WINDOW seconds. A visitor
# trying every preset room in turn (eight) fits in the address's twelve, with four to spare
# for a second look or a second visitor behind the same address; a refusal names the time
# the next table may be opened.
BAOHUANG_SOCKETS_PER_ACCOUNT = env_int("BAOHUANG_SOCKETS_PER_ACCOUNT", 8)
BAOHUANG_SPECTATORS_PER_ADDRESS = env_int("BAOHUANG_SPECTATORS_PER_ADDRESS", 40)
BAOHUANG_TABLES_PER_ACCOUNT = env_int("BAOHUANG_TABLES_PER_ACCOUNT", 10)
BAOHUANG_GUEST_TABLES_PER_ADDRESS = env_int("BAOHUANG_GUEST_TABLES_PER_ADDRESS", 12)
BAOHUANG_TABLE_RATE_WINDOW = env_int("BAOHUANG_TABLE_RATE_WINDOW", 600)
# Guessing invites (docs/SECURITY.md, "Walking the invite codes"): tries that seat nobody
# (a wrong or dead code, a wrong link), per address and per account, in fixed windows.
BAOHUANG_JOIN_TRIES_PER_ADDRESS = env_int("BAOHUANG_JOIN_TRIES_PER_ADDRESS", 20)
BAOHUANG_JOIN_TRIES_PER_ACCOUNT = env_int("BAOHUANG_JOIN_TRIES_PER_ACCOUNT", 20)
BAOHUANG_JOIN_TRY_WINDOW = env_int("BAOHUANG_JOIN_TRY_WINDOW", 600)
# A private table's six-digit code is not given to a new table for this many days after the
# table that held it was opened (nor while that table is open).
BAOHUANG_CODE_REST_DAYS = env_int("BAOHUANG_CODE_REST_DAYS", 7)
# Quick match keeps apart accounts seen at one address within this many hours.
BAOHUANG_SHARED_ADDRESS_HOURS = env_int("BAOHUANG_SHARED_ADDRESS_HOURS", 12)
# The waiting room offers filling empty seats with bots after this many seconds.
BAOHUANG_FILL_BOTS_AFTER = env_int("BAOHUANG_FILL_BOTS_AFTER", 20)
# Seconds between passes of the fair-play scan, which the deadline keepers run by
# themselves (game/fairplay_schedule.py, docs/FAIRPLAY.md); 0: the keepers never scan (run
# `manage.py fairplay_scan --every 60` as its own process instead, e.g. with --judge).
BAOHUANG_FAIRPLAY_SCAN_EVERY = env_int("BAOHUANG_FAIRPLAY_SCAN_EVERY", 300)
# Seconds a tournament's first deal waits for its people to open their tables after the
# start is announced (RULES §6.4); a table whose people are all there is dealt at once.
BAOHUANG_TOURNAMENT_ARRIVAL_WAIT = env_int("BAOHUANG_TOURNAMENT_ARRIVAL_WAIT", 60)
# The daily challenge's day starts at midnight in this time zone (challenge.services).
BAOHUANG_DAILY_TIME_ZONE = env_str("BAOHUANG_DAILY_TIME_ZONE", "Asia/Shanghai")
# The rooms marked for the daily challenge on a fresh site (an admin changes them after).
BAOHUANG_DAILY_ROOMS = ("standard", "redten")
# The daily challenge's Baohuang opposition: the strongest level (expert) unless a site
# short of CPU chooses another (novice / normal / expert).
BAOHUANG_DAILY_BOT_LEVEL = env_str("BAOHUANG_DAILY_BOT_LEVEL", "expert")
# How often the keeper opens, closes and rates days (finished hands are recorded at once).
BAOHUANG_DAILY_CHORE_SECONDS = env_int("BAOHUANG_DAILY_CHORE_SECONDS", 5)
# Rated deals a player needs to appear on the leaderboard by duplicate rating.
BAOHUANG_RATING_MIN_DEALS = env_int("BAOHUANG_RATING_MIN_DEALS", 20)
# How often each process's deadline keeper looks for due deadlines.
BAOHUANG_KEEPER_INTERVAL = env_int("BAOHUANG_KEEPER_INTERVAL_MS", 250) / 1000
# Worker processes per server process for searching bots (高手, game/bot_pool.py): a search
# never runs on the event loop or the database thread.
BAOHUANG_BOT_WORKERS = env_int("BAOHUANG_BOT_WORKERS", 1)
# The search budget of 高手's hand review, (playout cards, min worlds, max worlds); None is
# the playing expert's own (game/engine/expert.py). Tests make it small.
BAOHUANG_REVIEW_BUDGET: tuple[int, int, int] | None = None
# Each daphne process runs a deadline keeper (game/keeper.py); tests drive it by hand.
BAOHUANG_KEEPER_AUTOSTART = env_bool("BAOHUANG_KEEPER_AUTOSTART", True)
