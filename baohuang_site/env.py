"""Typed readers for settings that come from the environment.

Every setting the site reads from the environment goes through one of these, so a typo in a
value fails loudly at start-up instead of turning into a silently wrong default.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit


class EnvError(ValueError):
    """An environment variable is set to something the site cannot use."""


_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}
# Seconds a database connection is reused (Django's CONN_MAX_AGE), for both backends.
CONN_MAX_AGE = 300


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool = False) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise EnvError(f"{name} must be one of 1/0, true/false, yes/no, on/off; got {raw!r}")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise EnvError(f"{name} must be an integer; got {raw!r}") from None


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return list(default)
    return [item.strip() for item in raw.split(",") if item.strip()]


@dataclass(frozen=True, slots=True)
class DatabaseUrl:
    """The parts of a ``postgres://user:pass@host:port/name`` URL Django needs."""

    name: str
    user: str
    password: str
    host: str
    port: str

    def as_django(self) -> dict[str, object]:
        return {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": self.name,
            "USER": self.user,
            "PASSWORD": self.password,
            "HOST": self.host,
            "PORT": self.port,
            # Persistent connections: Channels and Django's ASGI handler run all sync ORM
            # work thread-sensitively, on one thread per process, so this keeps one or two
            # connections per process open instead of opening one per consumer call (which
            # cost a tenth of the server's time under load: docs/PERFORMANCE.md).
            "CONN_MAX_AGE": CONN_MAX_AGE,
            "CONN_HEALTH_CHECKS": True,
            "ATOMIC_REQUESTS": False,
        }


def parse_database_url(url: str) -> DatabaseUrl:
    parts = urlsplit(url)
    if parts.scheme not in {"postgres", "postgresql", "pgsql"}:
        raise EnvError(
            f"DATABASE_URL must be a postgres:// URL (SQLite is the default when it is unset); "
            f"got scheme {parts.scheme!r}"
        )
    name = unquote(parts.path.lstrip("/"))
    if not name:
        raise EnvError("DATABASE_URL must name a database, e.g. postgres://user@host/baohuang")
    return DatabaseUrl(
        name=name,
        user=unquote(parts.username or ""),
        password=unquote(parts.password or ""),
        host=parts.hostname or "",
        port=str(parts.port or ""),
    )
