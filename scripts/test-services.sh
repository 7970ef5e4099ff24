#!/usr/bin/env bash
# Make the services the tests use reachable, and print `export` lines for the test run.
#
# PostgreSQL and Redis: used when reachable on 127.0.0.1 (or at TEST_DATABASE_URL /
# TEST_REDIS_URL). Under CI=true they are required: this script starts them if they are
# installed but stopped, and fails loudly if it cannot. On a laptop without them the tests
# that need them skip with the reason.
set -uo pipefail
log() { echo "test-services: $*" >&2; }

pg_url=${TEST_DATABASE_URL:-postgres://root@127.0.0.1:5432/baohuang}
redis_url=${TEST_REDIS_URL:-redis://127.0.0.1:6379/0}

pg_up() { command -v pg_isready >/dev/null && pg_isready -q -h 127.0.0.1 -p 5432; }
redis_up() { command -v redis-cli >/dev/null && [ "$(redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null)" = PONG ]; }

if ! pg_up && [ "${CI:-}" = true ] && command -v pg_ctlcluster >/dev/null; then
  log "starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start >&2 || true
  for _ in $(seq 1 30); do pg_up && break; sleep 1; done
fi
if ! redis_up && [ "${CI:-}" = true ] && command -v redis-server >/dev/null; then
  log "starting Redis"
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log >&2 || true
  for _ in $(seq 1 30); do redis_up && break; sleep 1; done
fi

# Chromium for the browser tests (tests/e2e): Debian's package, never a downloaded build,
# with Debian's CJK font so that the Chinese pages (and their screenshots) show characters,
# not empty boxes. Without the packages Debian merely recommends (a desktop's: cups, samba,
# avahi, perl, upower ...; 115 packages instead of 26): headless Chromium needs none of them,
# and they took about half of the install (115 packages in 18-31 s, 26 in 10-16 s).
cjk_font() { command -v fc-list >/dev/null && fc-list :lang=zh | grep -q .; }
if { [ ! -x /usr/bin/chromium ] || ! cjk_font; } && [ "${CI:-}" = true ] && command -v apt-get >/dev/null; then
  log "installing Debian's chromium and fonts-noto-cjk for the browser tests"
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium fonts-noto-cjk; } >&2 \
    || log "could not install chromium and fonts-noto-cjk"
fi
cjk_font || log "no CJK font (apt-get install fonts-noto-cjk): Chinese text shows as boxes"
if [ -x /usr/bin/chromium ]; then
  echo "export CHROMIUM=/usr/bin/chromium"
else
  [ "${CI:-}" = true ] && { log "Chromium is required under CI=true and could not be installed"; exit 1; }
  log "Chromium not found: the browser tests will skip"
fi

if pg_up; then
  # The URL's database must exist for Django to connect; its test database is made from it.
  db=${pg_url##*/}
  if command -v psql >/dev/null && ! psql "${pg_url%/*}/postgres" -tAc "select 1 from pg_database where datname='$db'" 2>/dev/null | grep -q 1; then
    psql "${pg_url%/*}/postgres" -qc "create database \"$db\"" >&2 || log "could not create database $db"
  fi
  echo "export TEST_DATABASE_URL='$pg_url'"
else
  [ "${CI:-}" = true ] && { log "PostgreSQL is required under CI=true and is not reachable"; exit 1; }
  log "PostgreSQL not reachable: its tests will skip"
fi
if redis_up; then
  echo "export TEST_REDIS_URL='$redis_url'"
else
  [ "${CI:-}" = true ] && { log "Redis is required under CI=true and is not reachable"; exit 1; }
  log "Redis not reachable: its tests will skip"
fi
