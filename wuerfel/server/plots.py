"""Profile plots drawn by matplotlib (Agg backend, SVG output) on the server, cached.

Why matplotlib on the server rather than a JavaScript charting library: the project is Python throughout and has
no JavaScript build or npm dependencies to vendor and keep licensed; the plots are static pictures of stored
numbers (no interaction needed); an SVG is one ``<img>`` that works without scripts, prints, scales on a phone and
is cached by its inputs (:func:`score_histogram` and :func:`rating_history` are memoised on their data, so a
profile visited again costs nothing until a new game changes the numbers). Agg needs no display.

The texts in a plot (axis labels) are passed in already translated: this module knows nothing of languages.
"""

from __future__ import annotations

import functools
import io
import threading
from collections.abc import Sequence
from typing import Any

_LOCK = threading.Lock()
"""matplotlib's pyplot state is global: one figure at a time (the plots are small, a few milliseconds each)."""

CACHE_SIZE = 256


def _figure() -> tuple[object, object]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(5.0, 2.6), dpi=96)
    ax.spines["top"].set_visible(False)
    ax.spines["right"].set_visible(False)
    ax.grid(True, axis="y", alpha=0.3)
    return fig, ax


def _svg(fig: object) -> str:
    import matplotlib.pyplot as plt

    buf = io.StringIO()
    fig.tight_layout()  # type: ignore[attr-defined]
    fig.savefig(buf, format="svg", metadata={"Date": None})  # type: ignore[attr-defined]
    plt.close(fig)  # type: ignore[arg-type]
    return buf.getvalue()


@functools.lru_cache(maxsize=CACHE_SIZE)
def score_histogram(scores: tuple[float, ...], xlabel: str, ylabel: str) -> str:
    """The distribution of a player's final scores in one game, as an SVG document."""
    with _LOCK:
        fig, ax = _figure()
        lo, hi = min(scores), max(scores)
        if all(float(s).is_integer() for s in scores) and hi - lo <= 40:
            # Whole points: one bar per score, centred on it (not bars straddling two scores).
            bins: Any = [x - 0.5 for x in range(int(lo), int(hi) + 2)]
        else:
            bins = min(20, max(1, len(set(scores))))
        ax.hist(list(scores), bins=bins, color="#2f7d4f", edgecolor="white")  # type: ignore[attr-defined]
        ax.xaxis.get_major_locator().set_params(integer=True)  # type: ignore[attr-defined]
        ax.set_xlabel(xlabel)  # type: ignore[attr-defined]
        ax.set_ylabel(ylabel)  # type: ignore[attr-defined]
        ax.yaxis.get_major_locator().set_params(integer=True)  # type: ignore[attr-defined]
        return _svg(fig)


@functools.lru_cache(maxsize=CACHE_SIZE)
def rating_history(points: tuple[tuple[float, float, float], ...], xlabel: str, ylabel: str) -> str:
    """A rating's course over the rated games: ``points`` are (mu, sigma, ordinal) after each game (the first is
    the start). The line is the displayed rating (ordinal), the band mu ± sigma."""
    with _LOCK:
        fig, ax = _figure()
        xs = list(range(len(points)))
        mu = [p[0] for p in points]
        sigma = [p[1] for p in points]
        ax.fill_between(  # type: ignore[attr-defined]
            xs,
            [m - s for m, s in zip(mu, sigma, strict=True)],
            [m + s for m, s in zip(mu, sigma, strict=True)],
            color="#2f7d4f",
            alpha=0.15,
            linewidth=0,
        )
        ax.plot(xs, [p[2] for p in points], color="#2f7d4f", marker="o", markersize=3)  # type: ignore[attr-defined]
        ax.set_xlabel(xlabel)  # type: ignore[attr-defined]
        ax.set_ylabel(ylabel)  # type: ignore[attr-defined]
        ax.xaxis.get_major_locator().set_params(integer=True)  # type: ignore[attr-defined]
        return _svg(fig)


def history_points(
    start: tuple[float, float], after: Sequence[tuple[float, float]]
) -> tuple[tuple[float, float, float], ...]:
    """(mu, sigma, ordinal) of the start and after each game, rounded so equal histories share a cache entry."""
    pts = [start, *after]
    return tuple((round(m, 4), round(s, 4), round(m - 3 * s, 4)) for m, s in pts)
