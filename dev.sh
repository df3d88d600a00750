#!/usr/bin/env bash
# One entry point for a fresh machine: creates .venv, installs wuerfel with everything it needs, then runs a job.
#   ./dev.sh serve [args]   start the web platform (SQLite by default)
#   ./dev.sh test  [args]   run every test (lint included)
#   ./dev.sh play  [args]   terminal play;  ./dev.sh wuerfel ARGS  any CLI command
set -euo pipefail
cd "$(dirname "$0")"
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
stamp=.venv/.installed-$(cat pyproject.toml | sha1sum | cut -c1-12)
if [ ! -f "$stamp" ]; then
  .venv/bin/python -m pip install -q --upgrade pip
  .venv/bin/python -m pip install -q -e '.[web,dev]'
  rm -f .venv/.installed-*; touch "$stamp"
fi
export PATH="$PWD/.venv/bin:$PATH"
job=${1:-serve}; shift || true
case "$job" in
  test)
    ruff check wuerfel tests bench
    exec python -m pytest -n 2 "$@" ;;
  serve) exec wuerfel serve "$@" ;;
  play) exec wuerfel play "$@" ;;
  wuerfel) exec wuerfel "$@" ;;
  *) echo "usage: ./dev.sh serve|test|play|wuerfel [args]" >&2; exit 2 ;;
esac
