"""Settings come from the environment: SQLite + in-memory by default, PostgreSQL + Redis on
request, a secret key that is never a committed constant in production."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from baohuang_site.env import EnvError, env_bool, env_int, parse_database_url

ROOT = Path(__file__).resolve().parents[2]
PROBE = (
    "import json, django; from django.conf import settings; "
    "print(json.dumps({'db': settings.DATABASES['default']['ENGINE'], "
    "'name': settings.DATABASES['default']['NAME'], "
    "'host': settings.DATABASES['default'].get('HOST'), "
    "'layer': settings.CHANNEL_LAYERS['default']['BACKEND'], "
    "'hosts': settings.CHANNEL_LAYERS['default'].get('CONFIG', {}).get('hosts'), "
    "'debug': settings.DEBUG, 'ssl': getattr(settings, 'SECURE_SSL_REDIRECT', False)}))"
)


def load_settings(env: dict[str, str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    clean = {
        k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_", "REDIS_"))
    }
    clean.update(
        {"DJANGO_SETTINGS_MODULE": "baohuang_site.settings", "BAOHUANG_VAR_DIR": str(tmp_path)}
    )
    clean.update(env)
    return subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env=clean, capture_output=True, text=True
    )


def test_it_defaults_to_sqlite_and_the_in_memory_layer(tmp_path: Path) -> None:
    result = load_settings({}, tmp_path)
    assert result.returncode == 0, result.stderr
    got = json.loads(result.stdout)
    assert got["db"] == "django.db.backends.sqlite3"
    assert got["layer"] == "baohuang_site.channel_layer.SweptInMemoryChannelLayer"
    assert got["debug"] is False


def test_it_switches_to_postgresql_and_redis_from_the_environment(tmp_path: Path) -> None:
    result = load_settings(
        {
            "DATABASE_URL": "postgres://bao:s%40cret@db.internal:5433/baohuang",
            "REDIS_URL": "redis://cache.internal:6379/1",
        },
        tmp_path,
    )
    assert result.returncode == 0, result.stderr
    got = json.loads(result.stdout)
    assert got["db"] == "django.db.backends.postgresql"
    assert (got["name"], got["host"]) == ("baohuang", "db.internal")
    assert got["layer"] == "channels_redis.core.RedisChannelLayer"
    assert got["hosts"] == ["redis://cache.internal:6379/1"]


def test_it_refuses_to_run_production_without_a_secret_key(tmp_path: Path) -> None:
    result = load_settings({"DJANGO_ENV": "production"}, tmp_path)
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY must be set" in result.stderr


def test_it_hardens_production(tmp_path: Path) -> None:
    result = load_settings({"DJANGO_ENV": "production", "DJANGO_SECRET_KEY": "x" * 60}, tmp_path)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["ssl"] is True


def test_it_passes_the_deploy_check_with_production_settings(tmp_path: Path) -> None:
    env = {
        k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_", "REDIS_"))
    }
    env.update(
        {
            "DJANGO_ENV": "production",
            "DJANGO_SECRET_KEY": "a-long-random-production-secret-key-0123456789-abcdefghijklmnop",
            "DJANGO_ALLOWED_HOSTS": "baohuang.example",
            "BAOHUANG_VAR_DIR": str(tmp_path),
            "SQLITE_PATH": str(tmp_path / "db.sqlite3"),
        }
    )
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_it_reads_typed_values_and_rejects_nonsense(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("X_FLAG", "yes")
    monkeypatch.setenv("X_NUM", "42")
    assert env_bool("X_FLAG") is True
    assert env_int("X_NUM", 0) == 42
    monkeypatch.setenv("X_FLAG", "maybe")
    with pytest.raises(EnvError, match="X_FLAG"):
        env_bool("X_FLAG")
    with pytest.raises(EnvError, match="postgres://"):
        parse_database_url("mysql://x@y/z")


def test_it_stops_with_a_clear_message_on_an_old_python(tmp_path: Path) -> None:
    old = tmp_path / "python3"
    old.write_text("#!/bin/sh\nexit 1\n")  # any interpreter that fails the version check
    old.chmod(0o755)
    env = {"PATH": f"{tmp_path}:/usr/bin:/bin", "PYTHON": str(old), "HOME": str(tmp_path)}
    result = subprocess.run(
        ["bash", str(ROOT / "scripts" / "find-python.sh")], env=env, capture_output=True, text=True
    )
    if result.returncode == 0:
        pytest.skip(f"this machine has a system Python 3.12+ at {result.stdout.strip()}")
    assert "Python 3.12 or newer is needed" in result.stderr
