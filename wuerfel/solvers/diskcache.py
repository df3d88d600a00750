"""A size budget for the solver tables kept on disk, least recently used out first (issue 24 §4 H1).

Why: a made-up rule set (any Würfelspiel bonus threshold a guest types in) makes the strong bot solve and store
150–280 MB of tables; with no bound a guest fills the server's disk in minutes. The tables of the named presets are
worth keeping for ever (every table of them reads them again); anything else is kept only while it fits in a budget,
and the tables used longest ago go first.

- The budget counts only the files *not* kept for ever (presets are a few and fixed: they need no bound).
- "Kept for ever" is remembered in a small manifest (:data:`MANIFEST`) next to the tables, so it survives a restart
  and a second process (the analysis builder's child) sees it.
- "Used" is the file's modification time: a read touches it (``atime`` is unreliable on ``noatime``/``relatime``
  mounts).
- A budget of 0 stores no made-up rule set at all: they live in memory and are rebuilt when needed.

The budget comes from ``WUERFEL_SOLVER_CACHE_MB`` (``wuerfel serve --solver-cache-mb`` sets it, so child processes
inherit it); unset, :data:`DEFAULT_MB`. A negative value means no budget (the command line's old behaviour).
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path

ENV = "WUERFEL_SOLVER_CACHE_MB"
DEFAULT_MB = 1024
"""Megabytes of made-up rule sets' tables kept on disk by default: four or five rule sets of the Würfelspiel."""
MANIFEST = "kept.txt"
"""The file (in the cache directory) that names the tables kept for ever, one file name a line."""
PATTERNS = ("*.npy", "*.npz")
"""The files the budget governs (temporary files end in ``.tmp.npy`` and are skipped while young)."""
TMP_GRACE = 3600.0
"""Seconds after which a left-over temporary file (a process killed while writing) counts and may be removed."""

_LOCK = threading.Lock()


@cache
def preset_rules(game_id: str) -> frozenset[object]:
    """The rules objects of a game's named rule sets: their solver tables are kept on disk for ever, a made-up rule
    set's only within the budget (issue 24 §4 H1). One place for every solver's ``is_preset``."""
    from wuerfel.engine.registry import get_game

    info = get_game(game_id)
    out: set[object] = set()
    for name in info.rule_sets():
        try:
            out.add(info.load_rules(name))
        except Exception:  # a broken preset file is the preset tests' business, not the cache's
            continue
    return frozenset(out)


def budget_bytes() -> int | None:
    """The budget in bytes from the environment (None: no budget)."""
    raw = os.environ.get(ENV, "").strip()
    try:
        mb = float(raw) if raw else float(DEFAULT_MB)
    except ValueError:
        mb = float(DEFAULT_MB)
    return None if mb < 0 else int(mb * 1024 * 1024)


def kept(directory: Path) -> set[str]:
    """The file names kept for ever in ``directory``."""
    try:
        return {
            line.strip() for line in (directory / MANIFEST).read_text(encoding="utf-8").splitlines() if line.strip()
        }
    except OSError:
        return set()


def _keep(directory: Path, name: str) -> None:
    if name in kept(directory):
        return
    with contextlib.suppress(OSError), open(directory / MANIFEST, "a", encoding="utf-8") as f:
        f.write(name + "\n")


def touch(path: Path) -> None:
    """Mark ``path`` as just used (a cache hit), so that the budget evicts others first."""
    with contextlib.suppress(OSError):
        os.utime(path)


def may_store(keep: bool) -> bool:
    """Whether a table is to be written at all: always for a kept one, not for others under a budget of 0."""
    budget = budget_bytes()
    return keep or budget is None or budget > 0


def store(path: Path, write: Callable[[Path], None], keep: bool) -> bool:
    """Write a table through ``write(tmp)`` (to a temporary file, then renamed: readers never see half a file) and
    hold the directory to its budget. ``keep``: a preset's table, kept for ever outside the budget.

    True when the table is on disk afterwards (False: not stored under the budget, or the disk refused it — a
    read-only or full cache only costs time)."""
    if not may_store(keep):
        return False
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.stem}.{os.getpid()}.{threading.get_ident()}.tmp{path.suffix}")
        write(tmp)
        os.replace(tmp, path)
    except OSError:
        return False
    with _LOCK:
        if keep:
            _keep(path.parent, path.name)
        enforce(path.parent)
    return path.exists()


def _files(directory: Path, patterns: Iterable[str]) -> list[tuple[float, int, Path]]:
    now = time.time()
    out: list[tuple[float, int, Path]] = []
    for pattern in patterns:
        for p in directory.glob(pattern):
            try:
                st = p.stat()
            except OSError:
                continue
            if ".tmp" in p.name and now - st.st_mtime < TMP_GRACE:
                continue  # somebody is writing it right now
            out.append((st.st_mtime, st.st_size, p))
    return out


def usage(directory: Path) -> tuple[int, int]:
    """(bytes of tables kept for ever, bytes of the others) in ``directory``."""
    keep = kept(directory)
    files = _files(directory, PATTERNS)
    forever = sum(size for _, size, p in files if p.name in keep)
    return forever, sum(size for _, size, _ in files) - forever


def enforce(directory: Path, budget: int | None = None) -> list[Path]:
    """Remove the least recently used tables not kept for ever until the others fit in ``budget`` (default:
    :func:`budget_bytes`); the removed files, oldest first."""
    budget = budget_bytes() if budget is None else budget
    if budget is None:
        return []
    keep = kept(directory)
    files = sorted((f for f in _files(directory, PATTERNS) if f[2].name not in keep), key=lambda f: (f[0], str(f[2])))
    total = sum(size for _, size, _ in files)
    removed: list[Path] = []
    for _, size, p in files:
        if total <= budget:
            break
        with contextlib.suppress(FileNotFoundError):
            p.unlink()
        total -= size
        removed.append(p)
    return removed
