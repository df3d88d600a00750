"""numba on demand for the Zehntausend solver kernels.

The turn sweeps and the solo game's fixed points are written as plain Python functions and compiled with numba only
when a solve needs compiled speed (the duel module, imported only when a duel table is used, compiles the sweeps it
calls at its import). Importing numba and compiling costs about 110 MB of
memory and a second or more; the optimal bot of a small rule set needs one single-turn table (Farkle: 6 keys, 400
totals), which plain Python fills in a fraction of a second — so a process that only plays such a bot never loads
numba (issue 17: the optimal Farkle bot's memory). numba without ``fastmath`` keeps IEEE double arithmetic in the
written order, so both forms give the same numbers (a test checks the tables bit for bit).
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping
from typing import Any

_COMPILED: dict[Callable[..., Any], Any] = {}
"""The compiled form of each plain kernel: one per process, shared by every module that imported the kernel."""


def plain(fn: Any) -> Callable[..., Any]:
    """The plain Python form of a kernel (compiled or not)."""
    return getattr(fn, "py_func", fn)  # type: ignore[no-any-return]


def is_compiled(fn: Any) -> bool:
    return hasattr(fn, "py_func")


def compiled(fn: Callable[..., Any]) -> Any:
    """The numba-compiled form of the kernel ``fn`` (cached on disk as ``@numba.njit(cache=True)`` did)."""
    fn = plain(fn)
    out = _COMPILED.get(fn)
    if out is None:
        import numba

        out = _COMPILED[fn] = numba.njit(cache=True)(fn)
    return out


def compile_kernels(namespace: MutableMapping[str, Any], names: tuple[str, ...]) -> None:
    """Rebind ``names`` in a module's namespace to their compiled forms. A compiled kernel that calls another one
    looks it up in its module's globals when it is compiled, so a module switches all its kernels (and those it
    imported) together, before the first compiled call."""
    for name in names:
        fn = namespace[name]
        if not is_compiled(fn):
            namespace[name] = compiled(fn)
