"""Waits the user can see: every wait longer than a moment says what it is doing and how far it has got.

Building a bot's tables, compiling the solvers' kernels or a solve can take seconds to minutes on a fresh machine;
a blank screen that long reads as a hang. :func:`working` shows a line with a spinner and the time so far (and a
bar when the caller reports a fraction) on standard error, where it never mixes with the output scripts read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, Progress, SpinnerColumn, TaskProgressColumn, TextColumn, TimeElapsedColumn

from wuerfel.i18n import translate


@contextmanager
def working(
    text: str, console: Console | None = None, total: float | None = None, quiet: bool = False, lang: str = "de"
) -> Iterator[Callable[..., None]]:
    """Show ``text`` while the block runs; yields ``advance(done, stage=None)`` for callers that know their
    progress (``stage``: an English msgid of what is being done, shown after the text in ``lang``).

    On a terminal the line is live (spinner, elapsed time, a bar once ``total`` is known) and vanishes when the
    work is done. Elsewhere (a pipe, a log, a test) the text is printed once as a plain line, so a log shows what
    the program was doing when it paused. ``quiet`` shows nothing (``--json``: the output is for a program).
    """
    err = console or Console(stderr=True)
    if quiet:
        yield lambda done, stage=None: None
        return
    if not err.is_terminal:
        err.print(f"{text} …", highlight=False)
        yield lambda done, stage=None: None
        return
    columns = (
        [SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), TaskProgressColumn(), TimeElapsedColumn()]
        if total
        else [SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn()]
    )
    with Progress(*columns, console=err, transient=True) as bar:
        task = bar.add_task(text, total=total)

        def advance(done: float | None, stage: str | None = None) -> None:
            if stage is not None:
                bar.update(task, description=f"{text}: {translate(stage, lang)}")
            if done is not None:
                bar.update(task, completed=done)

        yield advance


def listen_while(advance: Callable[..., None], done: float = 0.0, share: float = 1.0) -> Any:
    """A listener for :func:`wuerfel.engine.progress.listening` that moves ``advance`` from ``done`` over
    ``share`` as the work inside reports its fraction (one bot of several: ``done`` bots built, a share of 1)."""
    from wuerfel.engine import progress

    return progress.listening(
        lambda fraction, stage: advance(None if fraction is None else done + share * fraction, stage)
    )
