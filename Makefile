# Two commands do all set-up on a fresh machine (see README):
#   make run   - create .venv, install, migrate, create the preset rooms, serve on :8000
#   make test  - create .venv, install, start/check test services, run the whole suite
#   make test-fast - the engine and unit tests only, in well under a minute
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test test-fast lint typecheck check bench selfplay clean services translations

$(PY):
	@set -e; py=$$(scripts/find-python.sh); echo "using $$py"; "$$py" -m venv $(VENV)

# pip compiles what it installs one module after another, about 10 s of a fresh clone's
# set-up; compileall compiles it on every core. The bytecode is worth having: where
# PYTHONDONTWRITEBYTECODE is set, a module without it is compiled again by every process
# that imports it (the test workers, each server and script the tests start).
$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet --no-compile -e ".[dev]"
	$(PY) -m compileall -q -j 0 "$$($(PY) -c 'import sysconfig; print(sysconfig.get_path("purelib"))')"
	@touch $(STAMP)

run: $(STAMP)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py ensure_rooms
	@echo "Serving on http://$(HOST):$(PORT)/ (Ctrl+C to stop)"
	$(PY) -m baohuang_site.serve -b $(HOST) -p $(PORT) baohuang_site.asgi:application

services: $(STAMP)
	@scripts/test-services.sh

# pytest-xdist: one worker per core (TEST_WORKERS=0 runs in one process). Tests that must
# not overlap share an xdist_group; tests/conftest.py keeps workers apart on Redis.
TEST_WORKERS ?= auto
XDIST := -n $(TEST_WORKERS) --dist loadgroup

# Two passes side by side (scripts/run-tests.sh): the whole suite on SQLite and the in-memory
# channel layer, and the tests marked postgres/redis again on PostgreSQL + Redis.
test: $(STAMP)
	@PY=$(PY) TEST_WORKERS=$(TEST_WORKERS) scripts/run-tests.sh $(PYTEST_ARGS)

# The quick loop while developing: the engine and the unit tests; no browser, no socket, no
# server process, no long property run (the markers e2e, sockets, slow). No services needed.
test-fast: $(STAMP)
	@status=0; env -u TEST_DATABASE_URL -u TEST_REDIS_URL -u DATABASE_URL -u REDIS_URL \
	  $(PY) -m pytest $(XDIST) -m "not e2e and not sockets and not slow" $(PYTEST_ARGS) \
	  || status=$$?; \
	if [ $$status -eq 5 ]; then echo "pytest collected no tests: failing on purpose" >&2; exit 1; fi; \
	exit $$status

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

typecheck: $(STAMP)
	$(VENV)/bin/mypy .

check: lint typecheck test

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache

# Rebuild the zh-hans catalogue from the templates and code (needs GNU gettext).
translations: $(STAMP)
	$(PY) manage.py makemessages -l zh_Hans --ignore=.venv --ignore=static --ignore=tests --ignore=bench -v0
	$(PY) scripts/translations_zh.py
	$(PY) manage.py compilemessages -l zh_Hans --ignore=.venv -v0
