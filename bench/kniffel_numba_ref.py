"""A straightforward numba solver of one Kniffel/Yahtzee column: the yardstick of ``bench/kniffel_solve.py``.

Why it exists: issue 17 asks our solver (``wuerfel/solvers/fillgame.py``) to take at most 0.7× the time of "the
textbook DP written plainly in numba", so the bench needs that textbook DP, written the way one would write it
first, with the same rules, and checked to give the same expected score.

The textbook DP (Verhoeff; Glenn): a turn-start state is (filled boxes, upper total capped at the bonus threshold,
Yahtzee-bonus flag); the states are solved backwards, fullest sheet first, and each turn is solved by the
keep-and-rethrow recursion over dice multisets:

* ``V3[r]`` — after the last throw, roll ``r`` goes into the best open box: its points, the upper bonus if this
  box reaches the threshold, the Yahtzee bonus and the joker rule, plus the value of the state it leads to;
* ``K[k] = Σ p(k → r) · V[r]`` — the value of keeping the multiset ``k`` and rethrowing the rest, summed over the
  precomputed list of the rolls it can lead to (4,368 (keep, roll) pairs for five dice);
* ``V2[r] = max over the sub-multisets k of r of K[k]`` (keeping all five dice is writing the roll now), and the
  same once more for the first throw; the state's value is ``Σ p(r) · V1[r]``.

Nothing of our solver's tricks: no vectorising across the upper totals, no one-die-more recursion for the keep
values, no best-keep recursion, no merging of the totals that can no longer reach the bonus. What it shares with
ours, so that the comparison is fair: numba with ``cache=True``, the masks of one level spread over all cores with
``prange``, and only the upper totals the filled boxes can reach. The box scores come from the rules module
(``box_score``/``joker_score``), so both solve exactly the same game.

Usage: ``python bench/kniffel_numba_ref.py [--rules kniffel|yahtzee|yahtzee-classic]`` prints the expected score,
ours, and the time of both (also importable: :func:`solve`).
"""

from __future__ import annotations

import argparse
import sys
import time
from math import factorial
from pathlib import Path

import numba
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wuerfel.engine.dice import multisets
from wuerfel.games.wuerfelspiel.rules import ALL_BOXES, LOWER_BOXES, UPPER_FACE, box_score, joker_score

JOKERS = {"none": 0, "forced": 1, "free": 2, "classic": 3}


def _prob(dice: tuple[int, ...]) -> float:
    """Probability of throwing exactly this multiset with len(dice) dice."""
    n = len(dice)
    p = factorial(n)
    for f in set(dice):
        p //= factorial(dice.count(f))
    return p / 6**n


def build(rules) -> dict[str, np.ndarray | int]:  # type: ignore[no-untyped-def]
    """The tables of the textbook DP: rolls, keeps, the (keep → roll) lists, the sub-multisets of every roll, and
    the scores of every box for every roll under ``rules`` (a ``WuerfelspielRules``)."""
    rolls = multisets(5, 6)
    roll_index = {r: i for i, r in enumerate(rolls)}
    keeps = [k for n in range(6) for k in multisets(n, 6)]
    keep_index = {k: i for i, k in enumerate(keeps)}
    succ_start, succ_roll, succ_p = [0], [], []
    for k in keeps:
        for rest in multisets(5 - len(k), 6):
            succ_roll.append(roll_index[tuple(sorted(k + rest))])
            succ_p.append(_prob(rest))
        succ_start.append(len(succ_roll))
    sub_start, sub_keep = [0], []
    for r in rolls:
        subs = {tuple(d for d, bit in zip(r, range(5), strict=True) if m >> bit & 1) for m in range(32)}
        sub_keep.extend(sorted(keep_index[s] for s in subs))
        sub_start.append(len(sub_keep))
    boxes = rules.boxes
    five_kind = len(boxes) == 13 and "five_kind" in boxes
    scores = np.array([[box_score(b, r, rules) for r in rolls] for b in boxes], dtype=np.float64)
    jscores = np.array(
        [[joker_score(b, r, rules) if len(set(r)) == 1 else 0 for r in rolls] for b in boxes], dtype=np.float64
    )
    face = np.array([UPPER_FACE.get(b, 0) for b in boxes], dtype=np.int64)
    upper_box_of_face = np.array([boxes.index(f) if f in boxes else -1 for f in ALL_BOXES[:6]], dtype=np.int64)
    lower = np.array([b in LOWER_BOXES and b != "five_kind" for b in boxes], dtype=np.bool_)
    yahtzee = np.array([len(set(r)) == 1 for r in rolls], dtype=np.bool_)
    yface = np.array([r[0] - 1 if len(set(r)) == 1 else -1 for r in rolls], dtype=np.int64)
    ybox = boxes.index("five_kind") if five_kind else -1
    return {
        "succ_start": np.array(succ_start, dtype=np.int64),
        "succ_roll": np.array(succ_roll, dtype=np.int64),
        "succ_p": np.array(succ_p),
        "sub_start": np.array(sub_start, dtype=np.int64),
        "sub_keep": np.array(sub_keep, dtype=np.int64),
        "p0": np.array([_prob(r) for r in rolls]),
        "scores": scores,
        "jscores": jscores,
        "face": face,
        "upper_box_of_face": upper_box_of_face,
        "lower": lower,
        "yahtzee": yahtzee,
        "yface": yface,
        "ybox": ybox,
        "thr": rules.upper_bonus_threshold,
        "bonus": rules.upper_bonus,
        "ybonus": rules.yahtzee_bonus if ybox >= 0 else 0,
        "joker": JOKERS[rules.joker] if ybox >= 0 else 0,
    }


@numba.njit(cache=True)
def _turn(
    mask,
    up,
    flag,
    E,
    succ_start,
    succ_roll,
    succ_p,
    sub_start,
    sub_keep,
    p0,
    scores,  # type: ignore[no-untyped-def]
    jscores,
    face,
    upper_box_of_face,
    lower,
    yahtzee,
    yface,
    ybox,
    thr,
    bonus,
    ybonus,
    joker,
):
    n_boxes, n_rolls = scores.shape
    n_keeps = succ_start.shape[0] - 1
    lower_open = False
    for b in range(n_boxes):
        if lower[b] and (mask >> b) & 1 == 0:
            lower_open = True
    V = np.empty(n_rolls)
    for r in range(n_rolls):
        best = -1e18
        for b in range(n_boxes):
            if (mask >> b) & 1:
                continue
            s = scores[b, r]
            add = 0.0
            if ybox >= 0 and (mask >> ybox) & 1 and yahtzee[r]:
                if flag == 1:
                    add = ybonus
                ub = upper_box_of_face[yface[r]]
                ub_open = ub >= 0 and (mask >> ub) & 1 == 0
                if joker == 1:  # forced: the matching number box, else any lower box at joker value
                    if ub_open:
                        if b != ub:
                            continue
                    elif lower_open:
                        if not lower[b]:
                            continue
                        s = jscores[b, r]
                elif joker == 2:
                    if lower[b]:
                        s = jscores[b, r]
                elif joker == 3 and lower[b] and not ub_open:
                    s = jscores[b, r]
            nflag = flag
            if b == ybox and ybonus > 0:
                nflag = 1 if s > 0 else 0
            nup = up
            gain = s + add
            if face[b] > 0 and thr > 0:
                nup = min(thr, up + int(s))
                if up < thr and nup >= thr:
                    gain += bonus
            v = gain + E[mask | (1 << b), nup, nflag]
            if v > best:
                best = v
        V[r] = best
    K = np.empty(n_keeps)
    for _throw in range(2):
        for k in range(n_keeps):
            acc = 0.0
            for i in range(succ_start[k], succ_start[k + 1]):
                acc += succ_p[i] * V[succ_roll[i]]
            K[k] = acc
        V2 = np.empty(n_rolls)
        for r in range(n_rolls):
            best = -1e18
            for i in range(sub_start[r], sub_start[r + 1]):
                if K[sub_keep[i]] > best:
                    best = K[sub_keep[i]]
            V2[r] = best
        V = V2
    acc = 0.0
    for r in range(n_rolls):
        acc += p0[r] * V[r]
    return acc


@numba.njit(cache=True, parallel=True)
def _level(
    masks,
    umax,
    E,
    succ_start,
    succ_roll,
    succ_p,
    sub_start,
    sub_keep,
    p0,
    scores,  # type: ignore[no-untyped-def]
    jscores,
    face,
    upper_box_of_face,
    lower,
    yahtzee,
    yface,
    ybox,
    thr,
    bonus,
    ybonus,
    joker,
):
    for i in numba.prange(masks.shape[0]):
        mask = masks[i]
        flags = 2 if ybox >= 0 and ybonus > 0 and (mask >> ybox) & 1 else 1
        for up in range(umax[mask] + 1):
            for flag in range(flags):
                E[mask, up, flag] = _turn(
                    mask,
                    up,
                    flag,
                    E,
                    succ_start,
                    succ_roll,
                    succ_p,
                    sub_start,
                    sub_keep,
                    p0,
                    scores,
                    jscores,
                    face,
                    upper_box_of_face,
                    lower,
                    yahtzee,
                    yface,
                    ybox,
                    thr,
                    bonus,
                    ybonus,
                    joker,
                )
            if flags == 1:
                E[mask, up, 1] = E[mask, up, 0]


def solve(rules, t: dict | None = None) -> np.ndarray:  # type: ignore[no-untyped-def, type-arg]
    """``E[mask, upper, flag]``: the optimal expected future points of every turn-start state; E[0, 0, 0] is the
    expected score of a game."""
    t = build(rules) if t is None else t
    scores = t["scores"]
    n_boxes = scores.shape[0]
    thr = int(t["thr"])
    masks = np.arange(1 << n_boxes, dtype=np.int64)
    umax = np.zeros(1 << n_boxes, dtype=np.int64)
    for b in range(n_boxes):
        if t["face"][b] > 0:
            umax += np.where((masks >> b) & 1, 5 * t["face"][b], 0)
    umax = np.minimum(umax, thr)
    E = np.zeros((1 << n_boxes, thr + 1, 2))
    pop = np.array([bin(m).count("1") for m in range(1 << n_boxes)])
    for level in range(n_boxes - 1, -1, -1):
        _level(
            masks[pop == level],
            umax,
            E,
            t["succ_start"],
            t["succ_roll"],
            t["succ_p"],
            t["sub_start"],
            t["sub_keep"],
            t["p0"],
            scores,
            t["jscores"],
            t["face"],
            t["upper_box_of_face"],
            t["lower"],
            t["yahtzee"],
            t["yface"],
            int(t["ybox"]),
            thr,
            float(t["bonus"]),
            float(t["ybonus"]),
            int(t["joker"]),
        )
    return E


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rules", default="kniffel")
    args = ap.parse_args()
    from wuerfel.engine.registry import get_game
    from wuerfel.games.wuerfelspiel.solver import tables

    rules = get_game("kniffel").load_rules(args.rules)
    for run in (1, 2):
        t0 = time.perf_counter()
        ref = float(solve(rules)[0, 0, 0])
        t1 = time.perf_counter()
        ours = tables(rules, fresh=True, use_disk=False).value
        t2 = time.perf_counter()
        print(
            f"run {run}: reference {ref:.9f} in {t1 - t0:.2f} s; ours {ours:.9f} in {t2 - t1:.2f} s; "
            f"difference {abs(ref - ours):.1e}"
        )


if __name__ == "__main__":
    main()
