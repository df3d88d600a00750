#!/usr/bin/env bash
# One entry point for a fresh machine: creates .venv, installs wuerfel with everything it needs, then runs a job.
#   ./dev.sh serve [args]   start the web platform (SQLite by default)
#   ./dev.sh test  [args]   run every test (lint included)
#   ./dev.sh play  [args]   terminal play;  ./dev.sh wuerfel ARGS  any CLI command
#   ./dev.sh browser        only install (as root) or name the chromium the browser tests need
set -euo pipefail
cd "$(dirname "$0")"
PY=${PYTHON:-python3}
# Every step that takes more than a moment says what it does (issue 24 U8: the first run was silent for 1 min 44 s).
# pip shows each package it fetches; its lines go to standard error, so the first "./dev.sh wuerfel … --json" still
# prints only the JSON on standard output.
if [ ! -x .venv/bin/python ]; then
  echo "dev.sh: creating the virtual environment .venv with $PY ..." >&2
  "$PY" -m venv .venv >&2
fi
stamp=.venv/.installed-$(cat pyproject.toml | sha1sum | cut -c1-12)
if [ ! -f "$stamp" ]; then
  echo "dev.sh: installing wuerfel and what it needs into .venv (the first time takes a minute or two) ..." >&2
  .venv/bin/python -m pip install --upgrade --progress-bar on pip >&2
  .venv/bin/python -m pip install --progress-bar on -e '.[web,dev,research,solvers]' >&2
  rm -f .venv/.installed-*; touch "$stamp"
  echo "dev.sh: .venv is ready." >&2
fi
export PATH="$PWD/.venv/bin:$PATH"

# The browser tests drive Debian's chromium (Playwright cannot download a browser here). As root, install it; otherwise
# say exactly what to run, and the tests skip with that same sentence (pytest -rs prints it), never silently.
browser_for_tests() {
  local chromium=${WUERFEL_CHROMIUM:-/usr/bin/chromium}
  [ -x "$chromium" ] || [ "${WUERFEL_SKIP_BROWSER:-}" = 1 ] && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && [ "${WUERFEL_NO_INSTALL:-}" != 1 ]; then
    echo "dev.sh: installing Debian's chromium for the browser tests (apt-get install chromium) ..." >&2
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
      || echo "dev.sh: apt-get install chromium failed" >&2
  fi
  if [ ! -x "$chromium" ]; then
    echo "dev.sh: $chromium is missing, so the browser tests are skipped; to run them: sudo apt-get install chromium" >&2
  fi
}

job=${1:-serve}; shift || true
case "$job" in
  test)
    browser_for_tests
    ruff check wuerfel tests bench
    # The declared checks run (issue 26): mypy over what [tool.mypy] files names in pyproject.toml (all of wuerfel),
    # and the format of every Python file.
    ruff format --check wuerfel tests bench
    mypy
    exec python -m pytest -n 2 -rfEs "$@" ;;
  browser) browser_for_tests ;;
  serve) exec wuerfel serve "$@" ;;
  play) exec wuerfel play "$@" ;;
  wuerfel) exec wuerfel "$@" ;;
  *) echo "usage: ./dev.sh serve|test|play|wuerfel|browser [args]" >&2; exit 2 ;;
esac
