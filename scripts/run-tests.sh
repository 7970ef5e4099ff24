#!/usr/bin/env bash
# `make test`: the whole suite on SQLite and the in-memory channel layer, and the tests marked
# postgres/redis again on PostgreSQL + Redis (the scale-out pass), side by side.
#
# The two passes run at once: the suite keeps two cores about 55 % busy (it waits on
# browsers, server processes and clocks run out on purpose), and the scale-out pass is mostly
# its two-process clusters waiting on daphne, so beside the first pass it costs little wall
# time (docs/PERFORMANCE.md, "The test suite"); a few long browser modules (marked
# second_pass in tests/conftest.py) move to it, so that the two end closer together. The
# first pass runs without TEST_DATABASE_URL / TEST_REDIS_URL, so the cluster tests, which read
# only those, run in the second. The second's output is printed after the first's, whole.
set -uo pipefail
cd "$(dirname "$0")/.."
py=${PY:-.venv/bin/python}
workers=${TEST_WORKERS:-auto}

services=$(scripts/test-services.sh) || exit 1
eval "$services"

scale_pid=""
first_marks=()
if [ -n "${TEST_DATABASE_URL:-}" ] && [ -n "${TEST_REDIS_URL:-}" ]; then
  scale_log=$(mktemp)
  scale_tmp=$(mktemp -d)
  # One worker: its cluster tests share one Redis database and run one at a time anyway.
  # The tests marked second_pass (tests/conftest.py) run here, not in the first pass.
  DATABASE_URL=$TEST_DATABASE_URL REDIS_URL=$TEST_REDIS_URL \
    "$py" -m pytest -n 1 --dist loadgroup -m "postgres or redis or second_pass" \
    -p no:cacheprovider --basetemp "$scale_tmp" "$@" >"$scale_log" 2>&1 &
  scale_pid=$!
  first_marks=(-m "not second_pass")
fi

status=0
env -u TEST_DATABASE_URL -u TEST_REDIS_URL \
  "$py" -m pytest -n "$workers" --dist loadgroup "${first_marks[@]}" "$@" || status=$?
if [ "$status" -eq 5 ]; then echo "pytest collected no tests: failing on purpose" >&2; status=1; fi

if [ -n "$scale_pid" ]; then
  scale_status=0
  wait "$scale_pid" || scale_status=$?
  echo "== the scale-out pass: PostgreSQL + Redis =="
  cat "$scale_log"
  rm -rf "$scale_log" "$scale_tmp"
  if [ "$scale_status" -eq 5 ]; then
    echo "no PostgreSQL/Redis test collected: failing on purpose" >&2
    scale_status=1
  fi
  [ "$status" -eq 0 ] && status=$scale_status
fi
exit "$status"
