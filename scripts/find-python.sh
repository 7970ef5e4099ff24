#!/usr/bin/env bash
# Print the path of a Python 3.12+ interpreter, or explain what to install and fail.
# Order: $PYTHON, the pyenv version selected by .python-version, python3.13/3.12, python3.
set -euo pipefail
candidates=()
[ -n "${PYTHON:-}" ] && candidates+=("$PYTHON")
if command -v pyenv >/dev/null 2>&1; then
  p=$(pyenv which python 2>/dev/null || true)
  [ -n "$p" ] && candidates+=("$p")
fi
candidates+=(python3.14 python3.13 python3.12 python3 python)
for c in "${candidates[@]}"; do
  if command -v "$c" >/dev/null 2>&1 && "$c" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' 2>/dev/null; then
    command -v "$c"
    exit 0
  fi
done
cat >&2 <<'MSG'
error: Python 3.12 or newer is needed (Django 6 requires it) and none was found.
Install one, for example `pyenv install 3.12` (this checkout's .python-version selects it),
or your system's python3.12 package, or point PYTHON=/path/to/python3.12 at it, then retry.
MSG
exit 1
