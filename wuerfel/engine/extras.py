"""The optional extra ``solvers`` (numpy, numba): whether it is installed, and the one refusal when it is not.

``pip install wuerfel`` plays every game without numpy and numba; the exact solvers and the bots, hints and analyses
that read their tables come with ``pip install 'wuerfel[solvers]'`` (docs/architecture.md, "Numeric libraries").
A bot says whether it needs the extra in its game's registry entry (``GameInfo.solver_bots``); the front ends ask
:func:`solvers_installed` before offering it and raise :class:`MissingSolvers` when it is asked for all the same, so
the user reads which command installs it, in his language, and never a traceback from deep inside a solver.
"""

from __future__ import annotations

import contextlib
import functools
import importlib.util
from collections.abc import Iterator

from wuerfel.engine.errors import N_, RuleError, Words

SOLVER_MODULES = ("numpy", "numba")
"""What the extra ``solvers`` installs (pyproject.toml ``[project.optional-dependencies] solvers``)."""

INSTALL = "pip install 'wuerfel[solvers]'"
"""The command that installs the extra, quoted for a shell (the brackets would be a glob)."""


@functools.cache
def solvers_installed() -> bool:
    """True when numpy and numba can be imported. Found without importing them (numba alone takes half a second
    and tens of MB a bot-only process does not need); an import refused by an import hook counts as missing."""
    for name in SOLVER_MODULES:
        try:
            if importlib.util.find_spec(name) is None:
                return False
        except (ImportError, ValueError):
            return False
    return True


def is_missing_solver(exc: BaseException) -> bool:
    """Whether ``exc`` is the failed import of numpy or numba (or of one of their modules)."""
    name = getattr(exc, "name", None) or ""
    return isinstance(exc, ImportError) and name.split(".")[0] in SOLVER_MODULES


NEEDS_SOLVERS = N_(
    "This needs the exact solvers (numpy and numba), which are not installed here. Install them: {install}"
)
BOT_NEEDS_SOLVERS = N_(
    "The bot '{bot}' of {game} needs the exact solvers (numpy and numba), which are not installed here. "
    "Install them: {install}"
)


class MissingSolvers(RuleError):
    """Something that needs the extra ``solvers`` was asked for where it is not installed: a bot (``bot`` and
    ``game``, the game's name in both languages) or anything else (a solve, an analysis, hints)."""

    def __init__(self, bot: str | None = None, game: Words | None = None) -> None:
        if bot is None:
            super().__init__(NEEDS_SOLVERS, install=INSTALL)
        else:
            super().__init__(BOT_NEEDS_SOLVERS, bot=bot, game=game or "", install=INSTALL)


def require_solvers() -> None:
    """Raise :class:`MissingSolvers` unless the extra is installed (before a solve or an analysis starts)."""
    if not solvers_installed():
        raise MissingSolvers()


@contextlib.contextmanager
def solvers_needed() -> Iterator[None]:
    """Within the block, the failed import of numpy or numba becomes :class:`MissingSolvers`: around what reads a
    game's tables where no registry entry says in advance whether it needs them (hints, an analysis)."""
    try:
        yield
    except ImportError as exc:
        if is_missing_solver(exc):
            raise MissingSolvers() from exc
        raise
