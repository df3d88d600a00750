"""How far a long computation has got, told from deep inside it to whoever shows it — neither knowing the other.

Why (issue 24 U8): building a strong bot solves tables for 5 to 50 seconds on a fresh machine (compiling the solver's
kernels first), and the terminal's bar stood at 0 % all that time, which reads as a hang. The solvers now say how far
they are (:func:`report`: a fraction of their work, and what they are doing), a caller that knows its work has parts
gives each part its share (:func:`part`), and a front end that shows progress listens (:func:`listening`). Nobody
listening costs one context-variable look-up per report; the server's worker threads never listen.

The listener lives in a :class:`contextvars.ContextVar`, so a listener set in one thread (the terminal's) is not
called from another (a web table's bot built at the same time).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

Listener = Callable[[float | None, str | None], None]
"""Called with the fraction of the whole work done (0…1; None: unchanged) and the stage's English msgid (None:
unchanged)."""


@dataclasses.dataclass(frozen=True)
class _Span:
    listener: Listener
    start: float
    size: float


_SPAN: ContextVar[_Span | None] = ContextVar("wuerfel_progress", default=None)


def report(fraction: float | None = None, stage: str | None = None) -> None:
    """Tell the listener, if any, that ``fraction`` of the current work is done and what is being done (``stage``:
    an English msgid such as "computing the tables")."""
    span = _SPAN.get()
    if span is None:
        return
    whole = None if fraction is None else span.start + span.size * min(1.0, max(0.0, fraction))
    span.listener(whole, stage)


@contextmanager
def part(start: float, end: float) -> Iterator[None]:
    """Run the block as the share ``start``…``end`` (fractions) of the current work: its own reports from 0 to 1
    move the whole from ``start`` to ``end``, so several solves in a row never send the bar back to 0."""
    span = _SPAN.get()
    if span is None:
        yield
        return
    token = _SPAN.set(_Span(span.listener, span.start + span.size * start, span.size * (end - start)))
    try:
        yield
    finally:
        _SPAN.reset(token)


@contextmanager
def listening(listener: Listener) -> Iterator[None]:
    """Call ``listener`` with every report made inside the block (the whole work is 0…1)."""
    token = _SPAN.set(_Span(listener, 0.0, 1.0))
    try:
        yield
    finally:
        _SPAN.reset(token)


def N_(msgid: str) -> str:
    return msgid


TABLES = N_("computing the tables")
"""The stage of a solver filling its tables level by level."""
COMPILING = N_("compiling the solver (only the first time)")
"""The stage while numba compiles a kernel that its on-disk cache does not hold yet."""
