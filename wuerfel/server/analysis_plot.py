"""The replay's win-chance graph (issue 16.3), drawn by matplotlib as SVG on the server.

matplotlib like the profile plots (h/ratings' ``plots.py``): the project is Python throughout and has no JavaScript
build to vendor a charting library into; the graph is a static picture of numbers the analysis already has, one
``<img>`` that needs no script, scales on a phone and prints. The object-oriented API (a :class:`Figure` with no
pyplot) keeps no global state, so worker threads may draw at the same time. Texts come in translated.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Sequence

COLOURS = ("#2f7d4f", "#b5442d")
"""Seat 0 and seat 1: the felt green of the table and a red that tells them apart (also in grey print: dashes)."""


@functools.lru_cache(maxsize=128)
def win_chance_svg(
    steps: tuple[int, ...],
    chances: tuple[tuple[float, ...], ...],
    names: tuple[str, ...],
    mistakes: tuple[int, ...],
    xlabel: str,
    ylabel: str,
) -> str:
    """Each seat's winning chance (0–100 %) at the analysed steps; decisive mistakes marked by a vertical line."""
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator, PercentFormatter

    fig = Figure(figsize=(4.2, 2.6), dpi=96)
    ax = fig.add_subplot()
    ax.spines["top"].set_visible(False)
    ax.spines["right"].set_visible(False)
    ax.grid(True, axis="y", alpha=0.3)
    for s, (series, name) in enumerate(zip(chances, names, strict=True)):
        ax.step(
            list(steps),
            [100 * c for c in series],
            where="post",
            color=COLOURS[s % 2],
            linestyle="-" if s == 0 else "--",
            label=name,
        )
    for m in mistakes:
        ax.axvline(m, color="#c9a227", linewidth=1.5, alpha=0.8)
    ax.set_ylim(0, 100)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.yaxis.set_major_formatter(PercentFormatter())
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.legend(loc="best", frameon=False, fontsize="small")
    fig.tight_layout()
    buf = io.StringIO()
    fig.savefig(buf, format="svg", metadata={"Date": None})
    return with_plot_area(buf.getvalue(), ax)


def with_plot_area(svg: str, ax: object) -> str:
    """The SVG with ``data-plot-area="x0 x1 y0 y1 xmin xmax"`` on its root: where the axes stand in the picture
    (fractions of its width and height, y from the bottom) and the steps at their ends. The replay page reads it to
    draw a cursor over the picture at the step the board shows (web M2: the graph did not follow the slider); the
    picture itself stays one cached image per game, not one per step."""
    pos = ax.get_position()  # type: ignore[attr-defined]
    xmin, xmax = ax.get_xlim()  # type: ignore[attr-defined]
    area = " ".join(f"{v:.5f}" for v in (pos.x0, pos.x1, pos.y0, pos.y1, xmin, xmax))
    return svg.replace("<svg ", f'<svg data-plot-area="{area}" ', 1)


def as_tuples(series: Sequence[Sequence[float]]) -> tuple[tuple[float, ...], ...]:
    return tuple(tuple(float(x) for x in s) for s in series)
