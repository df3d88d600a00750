"""The exact one-column Kniffel/Yahtzee solitaire solver: tables of optimal expected scores, cached on disk.

The work is done by the generic fill-the-boxes solver (:mod:`wuerfel.solvers.fillgame`); this module turns a
Würfelspiel rule set into a :class:`~wuerfel.solvers.fillgame.FillSpec` (one column), keeps the tables on disk under
a key made of the rules and the code's format version, and answers ``wuerfel solve kniffel``.
"""

from __future__ import annotations

import dataclasses
import os
import time
from functools import cache
from pathlib import Path

import numpy as np

from wuerfel.engine import shared
from wuerfel.engine.errors import N_
from wuerfel.engine.rules import rules_key
from wuerfel.games.wuerfelspiel.rules import (
    ALL_BOXES,
    LOWER_BOXES,
    UPPER_FACE,
    WuerfelspielRules,
    box_score,
    joker_score,
)
from wuerfel.solvers import diskcache
from wuerfel.solvers.api import SolveResult
from wuerfel.solvers.fillgame import FillSpec, dice_space, solve_fill_game, solve_slack


def spec_from_rules(rules: WuerfelspielRules) -> FillSpec:
    """One column of the rule set as a fill-the-boxes game (columns and weights play no part here)."""
    sp = dice_space(5, 6)
    boxes = rules.boxes
    throws = rules.rerolls + 1
    base = np.array([[box_score(b, r, rules) for r in sp.rolls] for b in boxes], dtype=np.float64)
    scores = np.repeat(base[:, None, :], throws, axis=1)
    bonus_box = np.array([b in UPPER_FACE for b in boxes], dtype=np.bool_)
    extra_box = (
        boxes.index("five_kind") if "five_kind" in boxes and (rules.yahtzee_bonus or rules.joker != "none") else -1
    )
    joker_ok = np.array([b in LOWER_BOXES and b != "five_kind" for b in boxes], dtype=np.bool_)
    joker_scores = np.array(
        [[joker_score(b, r, rules) if len(set(r)) == 1 else 0 for r in sp.rolls] for b in boxes], dtype=np.float64
    )
    joker_upper = np.array([boxes.index(f) if f in boxes else -1 for f in ALL_BOXES[:6]], dtype=np.int64)
    return FillSpec(
        name="kniffel",
        n_dice=5,
        sides=6,
        throws=throws,
        min_keep=0,
        max_keep=4,
        box_names=tuple(boxes),
        scores=scores,
        bonus_box=bonus_box,
        bonus_threshold=rules.upper_bonus_threshold,
        bonus_value=rules.upper_bonus,
        extra_box=extra_box,
        extra_bonus=rules.yahtzee_bonus if extra_box >= 0 else 0,
        joker=rules.joker if extra_box >= 0 else "none",
        joker_ok=joker_ok,
        joker_scores=joker_scores,
        joker_upper=joker_upper,
    )


def cache_dir() -> Path:
    """Where solved tables live (``WUERFEL_CACHE_DIR`` overrides the platform's user cache directory)."""
    env = os.environ.get("WUERFEL_CACHE_DIR")
    if env:
        return Path(env)
    from wuerfel.cachedir import user_cache_dir

    return user_cache_dir() / "solvers"


@dataclasses.dataclass(frozen=True)
class KniffelTables:
    """The solved tables of one rule set: ``E[mask, flag, upper]`` and the spec they belong to."""

    spec: FillSpec
    E: np.ndarray
    seconds: float
    from_cache: bool

    @property
    def value(self) -> float:
        """Optimal expected score of a whole solitaire game."""
        return float(self.E[0, 0, 0])


COLUMNS = "wuerfelspiel.columns"
SLACK = "wuerfelspiel.slack"
"""The kinds of the solved one-column tables and the slack tables in :mod:`wuerfel.engine.shared`: kept in memory
for a few rule sets (keyed by the spec's key), read again from the disk cache when a rule set comes back."""
COLUMNS_KEPT = 16
"""One-column tables kept (4 MB each: solving and checking many rule sets in one process stays quick)."""


def tables(rules: WuerfelspielRules, fresh: bool = False, use_disk: bool = True) -> KniffelTables:
    """The solved tables for ``rules`` (memory, then disk, then solve); ``fresh`` recomputes and rewrites them."""
    spec = _spec_cached(rules)
    key = spec.key()
    held = None if fresh else shared.peek(COLUMNS, key)
    if held is not None:
        return held  # type: ignore[no-any-return]
    path = cache_dir() / f"fillgame-{key}.npy"
    t0 = time.perf_counter()
    if not fresh and use_disk and path.exists():
        try:
            E = np.load(path)
            if E.shape == (1 << spec.n_boxes, spec.n_flags, spec.n_upper):
                diskcache.touch(path)
                result = KniffelTables(spec, E, time.perf_counter() - t0, True)
                shared.put(COLUMNS, key, result, COLUMNS_KEPT)
                return result
        except (OSError, ValueError):
            pass  # a damaged cache file is recomputed and overwritten
    E = solve_fill_game(spec)
    result = KniffelTables(spec, E, time.perf_counter() - t0, False)
    if use_disk:
        diskcache.store(path, lambda tmp: np.save(tmp, E), keep=is_preset(rules))
    shared.put(COLUMNS, key, result, COLUMNS_KEPT)
    return result


def slack_tables(
    rules: WuerfelspielRules,
    max_slack: int,
    fresh: bool = False,
    first_throw_only: bool = False,
    pass_cost: float = 0.0,
) -> np.ndarray:
    """``W[s, mask, flag, upper]`` for s = 0..max_slack (see :func:`~wuerfel.solvers.fillgame.solve_slack`):
    a column that may give up s turns. Cached like :func:`tables` (stored as float32: they guide a heuristic)."""
    base = tables(rules, fresh=fresh)
    if max_slack == 0:
        return base.E[None]
    kind = ("slack1st" if first_throw_only else "slack") + (f"c{pass_cost:g}" if pass_cost else "")
    key = f"{base.spec.key()}-{kind}{max_slack}"
    held = None if fresh else shared.peek(SLACK, key)
    if held is not None:
        return held  # type: ignore[no-any-return]
    path = cache_dir() / f"fillgame-{key}.npy"
    W: np.ndarray | None = None
    if not fresh:
        # any cached table with at least as many slack levels will do: the levels do not depend on the maximum
        for cand in sorted(cache_dir().glob(f"fillgame-{base.spec.key()}-{kind}[0-9]*.npy")):
            try:
                levels = int(cand.stem.rsplit(kind, 1)[1])
                if levels < max_slack:
                    continue
                W = np.load(cand)[: max_slack + 1].astype(np.float64)
                if W.shape == (max_slack + 1, *base.E.shape):
                    diskcache.touch(cand)
                    break
            except (OSError, ValueError):
                pass
            W = None
    if W is None:
        W = solve_slack(base.spec, max_slack, base.E, first_throw_only, pass_cost)
        solved = W
        diskcache.store(path, lambda tmp: np.save(tmp, solved.astype(np.float32)), keep=is_preset(rules))
    W[0] = base.E  # the plain game stays exact
    shared.put(SLACK, key, W)
    return W


def is_preset(rules: WuerfelspielRules) -> bool:
    """Whether ``rules`` are one of the game's named rule sets: their tables are kept on disk for ever, a made-up
    rule set's only within the budget of :mod:`wuerfel.solvers.diskcache` (issue 24 §4 H1)."""
    return rules in diskcache.preset_rules("wuerfelspiel")


@cache
def _spec_cached(rules: WuerfelspielRules) -> FillSpec:
    return spec_from_rules(rules)


def solve_score(rules: WuerfelspielRules, rules_id: str, fresh: bool = False) -> SolveResult:
    """``wuerfel solve kniffel``: the optimal expected one-column solitaire score, and the solve time."""
    t0 = time.perf_counter()
    t = tables(rules, fresh=fresh)
    seconds = time.perf_counter() - t0
    return SolveResult(
        game="wuerfelspiel",
        rules=rules_id,
        objective="score",
        value=t.value,
        seconds=seconds,
        value_of=N_("the expected score of one column played alone with the best strategy"),
        extra={"cached": t.from_cache, "states": int(t.E.size), "rules_key": rules_key(rules)},
    )
