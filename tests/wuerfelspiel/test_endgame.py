"""The exact endgame of a multi-column sheet against a naive multi-column expectimax written separately.

The naive search knows nothing of the fill-the-boxes solver: it enumerates throws with the engine's exact
distributions, keeps as explicit sub-multisets, scores with :func:`box_score`, and pays every column's upper bonus
itself — so it also checks the endgame's trick of counting points in units of the live column's weight.
"""

from __future__ import annotations

from functools import cache

import pytest

from wuerfel.engine.dice import roll_distribution, sub_multisets
from wuerfel.engine.registry import get_game
from wuerfel.games.wuerfelspiel.endgame import Endgame, _Axis
from wuerfel.games.wuerfelspiel.player import Planner
from wuerfel.games.wuerfelspiel.rules import UPPER_FACE, WuerfelspielRules, box_score

INFO = get_game("wuerfelspiel")
Sheet = tuple[tuple[int | None, ...], ...]


@pytest.fixture(autouse=True)
def _private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("WUERFEL_CACHE_DIR", str(tmp_path))


def rules_small() -> WuerfelspielRules:
    # three columns of four boxes; a bonus of 35 from 20 in the two number boxes makes it live often
    return INFO.load_rules(
        "brettspielnetz", {"boxes": ["fives", "sixes", "full_house", "chance"], "upper_bonus_threshold": 20}
    )


class NaiveSheet:
    """Expectimax over whole sheets (every column's boxes and bonus), by brute force."""

    def __init__(self, rules: WuerfelspielRules) -> None:
        self.rules = rules

    def upper(self, col: tuple[int | None, ...]) -> int:
        return sum(v or 0 for b, v in zip(self.rules.boxes, col, strict=True) if b in UPPER_FACE)

    @cache  # noqa: B019 (the instance lives for one test)
    def turn_start(self, sheet: Sheet) -> float:
        if all(v is not None for col in sheet for v in col):
            return 0.0
        return sum(float(p) * self.after_throw(sheet, 1, d) for d, p in roll_distribution(5))

    @cache  # noqa: B019
    def after_throw(self, sheet: Sheet, throw: int, dice: tuple[int, ...]) -> float:
        best = self.score_now(sheet, dice)
        if throw <= self.rules.rerolls:
            for keep in sub_multisets(dice):
                if len(keep) < 5:
                    best = max(best, self.keep_value(sheet, throw, keep))
        return best

    @cache  # noqa: B019
    def keep_value(self, sheet: Sheet, throw: int, keep: tuple[int, ...]) -> float:
        return sum(
            float(p) * self.after_throw(sheet, throw + 1, tuple(sorted(keep + new)))
            for new, p in roll_distribution(5 - len(keep))
        )

    def entry(self, sheet: Sheet, c: int, b: int, dice: tuple[int, ...]) -> float:
        """Points (weighted, with the bonus the entry reaches) of writing ``dice`` into (c, b), and the future."""
        r = self.rules
        col = sheet[c]
        pts = box_score(r.boxes[b], dice, r)
        new_col = (*col[:b], pts, *col[b + 1 :])
        gain = pts
        if r.boxes[b] in UPPER_FACE and self.upper(col) < r.upper_bonus_threshold <= self.upper(new_col):
            gain += r.upper_bonus
        return r.column_weights[c] * gain + self.future((*sheet[:c], new_col, *sheet[c + 1 :]))

    def future(self, after: Sheet) -> float:
        """Expected future points of the sheet after an entry: here, the rest of the game played exactly."""
        return self.turn_start(after)

    def score_now(self, sheet: Sheet, dice: tuple[int, ...]) -> float:
        return max(self.entry(sheet, c, b, dice) for c, col in enumerate(sheet) for b, v in enumerate(col) if v is None)


SHEETS: list[Sheet] = [
    # the x3 column's bonus is live (upper 10 of 20), two boxes open in different columns
    ((15, 18, 25, 20), (10, 12, 0, 22), (10, None, 25, None)),
    # the x1 column's bonus is live, the others reached or dead; three boxes open
    ((None, 6, None, 19), (20, 24, 25, 22), (5, 6, 0, None)),
    # no bonus live at all
    ((5, 6, None, 19), (20, 24, 25, None), (5, None, 25, 30)),
    # two live bonuses (x1 needs 14 from its fives, x2 needs 8), one of them dies on a poor entry
    ((None, 6, 25, 19), (None, 12, 25, 22), (20, 24, 0, None)),
    # all three live: x1 needs 14 from its fives, x2 8 from its fives, x3 15 from its sixes
    ((None, 6, 25, 19), (None, 12, 25, 22), (5, None, 0, 20)),
]


@pytest.mark.parametrize("sheet", SHEETS)
def test_endgame_values_match_the_naive_search(sheet: Sheet) -> None:
    rules = rules_small()
    planner = Planner(rules)
    naive = NaiveSheet(rules)
    eg = Endgame.build(planner, sheet)
    assert eg is not None
    assert eg.value(sheet, planner.upper_idx) == pytest.approx(naive.turn_start(sheet), abs=1e-9)
    # the turn plan: every keep after the first throw and every box after the last, as the naive search sees them
    plan = eg.turn_plan(sheet, planner.upper_idx)
    sp = planner.space
    for roll in [(5, 5, 5, 6, 6), (1, 2, 3, 5, 6), (6, 6, 6, 6, 6), (2, 2, 4, 4, 5)]:
        r = sp.roll_index[roll]
        assert plan.boxvals[2, r] == pytest.approx(naive.score_now(sheet, roll), abs=1e-9)
        for keep in [(5, 5, 5), (6,), (), (5, 6)]:
            if all(roll.count(f) >= keep.count(f) for f in set(keep)):
                assert plan.keepvals[0, sp.index[keep]] == pytest.approx(naive.keep_value(sheet, 1, keep), abs=1e-9)


def test_a_live_axis_holds_only_the_reachable_totals() -> None:
    """A live column's axis lists, per set of its filled number boxes, only the totals they can have produced:
    capped at the need ("reached") and with every total that cannot reach it any more merged into DEAD (-1)."""
    axis = _Axis.build(20, (5, 6))  # needs 20 from its fives and sixes
    assert axis.values[0b00] == (0,)
    assert axis.values[0b01] == (0, 5, 10, 15, 20)  # fives filled: 20 and 25 reached; the sixes can add 30
    assert axis.values[0b10] == (0, 6, 12, 18, 20)  # sixes filled: five fives can still add 25
    both = {min(5 * a + 6 * b, 20) for a in range(6) for b in range(6)}
    assert axis.values[0b11] == tuple(sorted({-1 if v < 20 else 20 for v in both}))
    # writing three sixes after two fives reaches it (and pays the bonus once); a dead total stays dead
    i = axis.values[0b01].index(10)
    assert axis.values[0b11][axis.step[0b01, i, 1, 3]] == 20 and axis.bonus[0b01, i, 1, 3]
    assert axis.values[0b11][axis.step[0b01, i, 1, 1]] == -1 and not axis.bonus[0b01, i, 1, 1]
    assert not axis.bonus[0b01, axis.values[0b01].index(20), 1, 5]  # already reached: no second bonus


def test_states_are_the_products_of_the_live_axes() -> None:
    rules = rules_small()
    planner = Planner(rules)
    sheet = SHEETS[4]
    eg = Endgame.build(planner, sheet)
    assert eg is not None and eg.live == (0, 1, 2)
    # every mask holds one state per combination of its axes' values: 1 with nothing filled, 2 per filled fives
    # or sixes box (dead or reached), 2 * 2 * 2 with all three filled
    assert [int(eg.offset[m + 1] - eg.offset[m]) for m in range(8)] == [1, 2, 2, 4, 2, 4, 4, 8]
    assert Endgame.cost(planner, sheet) == len(eg.E) == 27


def test_the_planner_plays_the_endgame_and_the_hints_show_exact_totals() -> None:
    rules = rules_small()
    planner = Planner(rules)
    naive = NaiveSheet(rules)
    sheet = SHEETS[1]
    assert planner.endgame(sheet) is not None and planner.base_value(sheet) == 0.0
    # one solved endgame serves the later positions of the same game, not another game's
    later: Sheet = ((None, 6, 25, 19), *sheet[1:])
    assert planner.endgame(later) is planner.endgame(sheet)
    other: Sheet = ((None, 6, None, 19), (20, 24, 25, 22), (5, 6, 25, None))
    assert planner.endgame(other) is not planner.endgame(sheet)
    # entry values are the points plus the exact future, as the advisor adds them to the total
    dice = (6, 6, 6, 5, 5)
    for c, b in [(0, 0), (0, 2), (2, 3)]:
        pts = box_score(rules.boxes[b], dice, rules)
        col = sheet[c]
        new_col = (*col[:b], pts, *col[b + 1 :])
        gain = pts + (
            rules.upper_bonus
            if rules.boxes[b] in UPPER_FACE and naive.upper(col) < rules.upper_bonus_threshold <= naive.upper(new_col)
            else 0
        )
        want = rules.column_weights[c] * gain + naive.turn_start((*sheet[:c], new_col, *sheet[c + 1 :]))
        assert planner.entry_gain(sheet, c, b, pts, 0) == pytest.approx(want, abs=1e-9)
    # and the plan's decisions are the naive search's best
    kind, what = planner.decide(planner.plan(sheet), 3, dice)
    assert kind == "score"
    best = max(
        ((c, b) for c, col in enumerate(sheet) for b, v in enumerate(col) if v is None),
        key=lambda cb: planner.entry_gain(sheet, cb[0], cb[1], box_score(rules.boxes[cb[1]], dice, rules), 0),
    )
    assert what == (best[0], rules.boxes[best[1]])


def test_hints_in_the_endgame_show_exact_expected_totals() -> None:
    import dataclasses

    from wuerfel.games.wuerfelspiel.state import Score

    rules = rules_small()
    game = INFO.new_game(rules, 1)
    naive = NaiveSheet(rules)
    sheet = SHEETS[0]
    dice = (5, 5, 6, 6, 6)
    s = dataclasses.replace(game.new_initial_state(), sheets=(sheet,)).with_dice(dice, 3)
    advice = INFO.advisor(game).advise(s, 0)
    total = s.total(0)
    for a in advice:
        assert isinstance(a.action, Score)
        c, b = a.action.column, rules.boxes.index(a.action.box)
        pts = box_score(a.action.box, dice, rules)
        col = sheet[c]
        new_col = (*col[:b], pts, *col[b + 1 :])
        gain = pts + (
            rules.upper_bonus
            if a.action.box in UPPER_FACE and naive.upper(col) < rules.upper_bonus_threshold <= naive.upper(new_col)
            else 0
        )
        want = total + rules.column_weights[c] * gain + naive.turn_start((*sheet[:c], new_col, *sheet[c + 1 :]))
        assert a.value == pytest.approx(want, abs=1e-9)


def test_a_hint_does_not_solve_a_large_endgame_itself() -> None:
    """The coach answers within its time budget: an endgame too large to solve quickly is left to the estimates."""
    rules = INFO.load_rules("brettspielnetz")
    planner = Planner(rules)
    col1 = (None, 4, 6, None, 15, None, None, 0, None, 30, None, 0, 19)  # x1: bonus live, need 38
    col2 = (None, 6, 9, 12, 15, 24, None, None, None, 30, None, 0, None)  # x2: bonus reached
    col3 = (3, 8, 12, 16, 20, 24, 25, 20, 25, 30, 40, 50, 25)
    sheet: Sheet = (col1, col2, col3)
    from wuerfel.games.wuerfelspiel.bots import HINT_ENDGAME_COST

    assert planner.endgame(sheet, HINT_ENDGAME_COST) is None
    assert planner.endgame(sheet) is not None  # the bot solves it
    assert planner.endgame(sheet, HINT_ENDGAME_COST) is not None  # and from then on hints use it


def test_a_hint_near_the_end_solves_the_endgame_in_the_background_and_the_next_hint_is_exact() -> None:
    import dataclasses

    from wuerfel.games.wuerfelspiel.state import Score

    rules = INFO.load_rules("brettspielnetz")
    game = INFO.new_game(rules, 1)
    col1 = (None, 4, 6, None, 15, None, None, 0, None, 30, None, 0, 19)
    col2 = (None, 6, 9, 12, 15, 24, None, None, None, 30, None, 0, None)
    col3 = (3, 8, 12, 16, 20, 24, 25, 20, 25, 30, 40, 50, 25)
    sheet: Sheet = (col1, col2, col3)
    s = dataclasses.replace(game.new_initial_state(), sheets=(sheet,)).with_dice((2, 2, 4, 4, 4), 3)
    adv = INFO.advisor(game)
    adv.planner._endgames.clear()  # the planner is shared within the process: start from nothing solved
    first = adv.advise(s, 0)
    assert adv.background is not None  # the first hint answered with estimates and started the solve
    adv.background.join(timeout=300)
    second = adv.advise(s, 0)
    eg = adv.planner.endgame(sheet)
    assert eg is not None
    by_action = {a.action: a.value for a in first}
    assert {a.action for a in second} == set(by_action)
    for a in second:
        assert isinstance(a.action, Score)
        b = rules.boxes.index(a.action.box)
        pts, _extra = s.points(a.action.column, a.action.box)
        assert a.value == pytest.approx(
            s.total(0) + eg.entry_value(sheet, adv.planner.upper_idx, a.action.column, b, pts), abs=1e-9
        )
    assert any(abs(by_action[a.action] - a.value) > 1e-6 for a in second)  # estimates before, exact now
    # later positions of the same game stay exact, even when the shared planner has forgotten the endgame
    adv.planner._endgames.clear()
    later = dataclasses.replace(s, sheets=(((4, *col1[1:]), col2, col3),))
    assert adv.endgame(later.sheets[0]) is eg


def test_the_solve_releases_the_interpreter_lock() -> None:
    # The web server runs a bot's move in a worker thread while the event loop serves every other table; an endgame
    # of three live bonuses takes seconds. A timed test would flake under load, so this checks the compiled kernels.
    from wuerfel.games.wuerfelspiel import endgame

    assert endgame._solve_level.targetoptions["nogil"] is True
    assert endgame._turn.targetoptions["nogil"] is True


_CONCURRENT = """
import sys, threading
from wuerfel.engine.registry import get_game
from wuerfel.games.wuerfelspiel.endgame import Endgame
from wuerfel.games.wuerfelspiel.player import Planner
from wuerfel.solvers.fillgame import solve_fill_game
from wuerfel.games.wuerfelspiel.solver import spec_from_rules
import numba

rules = get_game("wuerfelspiel").load_rules(
    "brettspielnetz", {"boxes": ["fives", "sixes", "full_house", "chance"], "upper_bonus_threshold": 20})
planner = Planner(rules)
sheet = ((None, 5, None, None), (None, None, 25, None), (10, None, None, 20))
one = Endgame.build(planner, sheet).E
spec = spec_from_rules(rules)
table = solve_fill_game(spec)
results, errors = [], []

def work() -> None:
    try:
        for _ in range(3):
            results.append((Endgame.build(planner, sheet).E, solve_fill_game(spec)))
    except BaseException as exc:
        errors.append(repr(exc))

threads = [threading.Thread(target=work) for _ in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
assert numba.threading_layer() == "workqueue", numba.threading_layer()
assert not errors, errors
assert len(results) == 12 and all((e == one).all() and (t == table).all() for e, t in results)
print("ok")
"""


def test_solves_from_several_threads_at_once_do_not_abort_the_process(tmp_path) -> None:
    # numba's fallback threading layer (workqueue, where there is no OpenMP or TBB) aborts the process when two
    # threads launch parallel kernels at once, and the server runs each table's bot in a worker thread. The solvers
    # take turns (fillgame.PARALLEL_KERNELS); this runs them from four threads on exactly that layer.
    import os
    import subprocess
    import sys

    env = {**os.environ, "NUMBA_THREADING_LAYER": "workqueue", "WUERFEL_CACHE_DIR": str(tmp_path)}
    proc = subprocess.run([sys.executable, "-c", _CONCURRENT], env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.strip() == "ok"
