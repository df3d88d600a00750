"""The exact solver against an independent, deliberately naive expectimax, and against published optima.

The naive expectimax below shares no code with the solver: it enumerates throws with the engine's exact
distributions, keeps as explicit sub-multisets, scores with :func:`box_score`, and writes out the joker and bonus
rules again, on reduced games (one to three free boxes, any upper total).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from functools import cache

import pytest

from wuerfel.engine.dice import roll_distribution, sub_multisets
from wuerfel.games.wuerfelspiel.rules import ALL_BOXES, WuerfelspielRules, box_score
from wuerfel.games.wuerfelspiel.solver import tables
from wuerfel.solvers.fillgame import dice_space, turn_tables

KNIFFEL = WuerfelspielRules(columns=1, column_weights=(1,))
YAHTZEE = dataclasses.replace(KNIFFEL, yahtzee_bonus=100, joker="forced")
CLASSIC = dataclasses.replace(KNIFFEL, yahtzee_bonus=100, joker="classic")
UPPER = {"ones": 1, "twos": 2, "threes": 3, "fours": 4, "fives": 5, "sixes": 6}
LOWER = ("three_kind", "four_kind", "full_house", "small_straight", "large_straight", "five_kind", "chance")


@pytest.fixture(autouse=True)
def _private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("WUERFEL_CACHE_DIR", str(tmp_path))


class Naive:
    """Expectimax over (open boxes, upper total, Yahtzee-box-has-50) by brute force; floats, no vectorisation."""

    def __init__(self, rules: WuerfelspielRules) -> None:
        self.rules = rules

    def entries(self, open_boxes: frozenset[str], fifty: bool, dice: tuple[int, ...]):
        """Every allowed (box, points, extra bonus) for final dice, with the joker rules spelled out."""
        r = self.rules
        five = len(set(dice)) == 1
        filled_five = "five_kind" not in open_boxes
        joker = five and filled_five and r.joker != "none"
        extra = r.yahtzee_bonus if (five and filled_five and fifty and r.yahtzee_bonus) else 0
        own = ALL_BOXES[dice[0] - 1]
        out = []
        for b in open_boxes:
            pts = box_score(b, dice, r)
            if joker:
                if r.joker == "forced":
                    if own in open_boxes:
                        if b != own:
                            continue
                    elif any(x in open_boxes for x in LOWER):
                        if b not in LOWER:
                            continue
                        pts = {
                            "full_house": r.full_house,
                            "small_straight": r.small_straight,
                            "large_straight": r.large_straight,
                        }.get(b, sum(dice))
                elif r.joker == "classic" and own not in open_boxes and b in LOWER:
                    pts = {
                        "full_house": r.full_house,
                        "small_straight": r.small_straight,
                        "large_straight": r.large_straight,
                    }.get(b, sum(dice))
            out.append((b, pts, extra))
        return out

    @cache  # noqa: B019 (the instance lives for one test)
    def turn_start(self, open_boxes: frozenset[str], upper: int, fifty: bool) -> float:
        if not open_boxes:
            return 0.0
        return sum(float(p) * self.after_throw(open_boxes, upper, fifty, 1, d) for d, p in roll_distribution(5))

    @cache  # noqa: B019
    def after_throw(
        self, open_boxes: frozenset[str], upper: int, fifty: bool, throw: int, dice: tuple[int, ...]
    ) -> float:
        best = self.score_now(open_boxes, upper, fifty, dice)
        if throw <= self.rules.rerolls:
            for keep in sub_multisets(dice):
                if len(keep) < 5:
                    best = max(best, self.keep_value(open_boxes, upper, fifty, throw, keep))
        return best

    @cache  # noqa: B019
    def keep_value(
        self, open_boxes: frozenset[str], upper: int, fifty: bool, throw: int, keep: tuple[int, ...]
    ) -> float:
        total = 0.0
        for new, p in roll_distribution(5 - len(keep)):
            dice = tuple(sorted(keep + new))
            total += float(p) * self.after_throw(open_boxes, upper, fifty, throw + 1, dice)
        return total

    def score_now(self, open_boxes: frozenset[str], upper: int, fifty: bool, dice: tuple[int, ...]) -> float:
        r = self.rules
        best = float("-inf")
        for b, pts, extra in self.entries(open_boxes, fifty, dice):
            gain = pts + extra
            new_upper = upper
            if b in UPPER:
                new_upper = upper + pts
                if r.upper_bonus and upper < r.upper_bonus_threshold <= new_upper:
                    gain += r.upper_bonus
                new_upper = min(new_upper, r.upper_bonus_threshold)
            new_fifty = fifty or (b == "five_kind" and pts > 0)
            best = max(best, gain + self.turn_start(open_boxes - {b}, new_upper, new_fifty))
        return best


def _mask(rules: WuerfelspielRules, open_boxes: frozenset[str]) -> int:
    return sum(1 << i for i, b in enumerate(rules.boxes) if b not in open_boxes)


REDUCED = [
    (KNIFFEL, ("chance",), 0, False),
    (KNIFFEL, ("sixes",), 45, False),
    (KNIFFEL, ("full_house", "large_straight"), 0, False),
    (KNIFFEL, ("fives", "sixes"), 40, False),
    (KNIFFEL, ("ones", "five_kind", "small_straight"), 60, False),
    (KNIFFEL, ("fours", "three_kind", "four_kind"), 50, False),
    (YAHTZEE, ("sixes", "full_house"), 20, True),
    (YAHTZEE, ("twos", "large_straight", "chance"), 58, True),
    (YAHTZEE, ("threes", "small_straight", "four_kind"), 55, False),
    (YAHTZEE, ("five_kind", "ones"), 62, False),
    (CLASSIC, ("fours", "full_house", "large_straight"), 52, True),
    (CLASSIC, ("small_straight", "chance"), 0, True),
]


@pytest.mark.parametrize(("rules", "open_boxes", "upper", "fifty"), REDUCED)
def test_solver_matches_naive_expectimax_on_reduced_games(rules, open_boxes, upper, fifty) -> None:
    t = tables(rules)
    naive = Naive(rules)
    ob = frozenset(open_boxes)
    mask = _mask(rules, ob)
    flag = 1 if fifty and t.spec.n_flags == 2 else 0
    expected = naive.turn_start(ob, upper, fifty)
    assert t.E[mask, flag, min(upper, 63)] == pytest.approx(expected, abs=1e-9, rel=1e-12)


@pytest.mark.parametrize(("rules", "open_boxes", "upper", "fifty"), [REDUCED[4], REDUCED[7]])
def test_in_turn_values_match_naive(rules, open_boxes, upper, fifty) -> None:
    """Keep values after the first and second throw and box values after each throw, for one turn start."""
    t = tables(rules)
    naive = Naive(rules)
    ob = frozenset(open_boxes)
    mask = _mask(rules, ob)
    flag = 1 if fifty and t.spec.n_flags == 2 else 0
    tt = turn_tables(t.spec, t.E, mask, flag, upper)
    sp = dice_space()
    for keep in [(), (6,), (5, 5), (1, 2, 3), (2, 3, 4, 5), (6, 6, 6, 6), (1, 1, 4)]:
        for throw in (1, 2):
            assert tt.keep[throw - 1, sp.index[keep]] == pytest.approx(
                naive.keep_value(ob, upper, fifty, throw, keep), abs=1e-9
            )
    for dice in [(1, 2, 3, 4, 5), (6, 6, 6, 6, 6), (2, 2, 3, 3, 3), (1, 1, 1, 1, 2)]:
        r = sp.roll_index[dice]
        assert tt.box[2, r] == pytest.approx(naive.score_now(ob, upper, fifty, dice), abs=1e-9)


def test_kniffel_optimum_is_the_published_figure() -> None:
    """13 boxes, 35 bonus at 63, no Yahtzee bonus, five of a kind is no full house: 245.870775 (published)."""
    assert tables(KNIFFEL).value == pytest.approx(245.870775, abs=5e-7)


def test_yahtzee_optima_for_both_joker_readings() -> None:
    """Verhoeff's 254.5896 is the 'classic' joker reading (any box; joker values once the number box is filled);
    the official forced joker (number box first) gives 254.5877 — both computed independently elsewhere."""
    assert tables(CLASSIC).value == pytest.approx(254.589609, abs=5e-7)
    assert tables(YAHTZEE).value == pytest.approx(254.587729, abs=5e-7)


def test_disk_cache_round_trip_and_fresh(tmp_path) -> None:
    first = tables(KNIFFEL, fresh=True)
    assert not first.from_cache
    files = list(tmp_path.glob("fillgame-*.npy"))
    assert len(files) == 1
    from wuerfel.engine import shared
    from wuerfel.games.wuerfelspiel import solver

    shared.forget(solver.COLUMNS)
    again = tables(KNIFFEL)
    assert again.from_cache and again.value == first.value
    # another rule set gets another key
    assert tables(dataclasses.replace(KNIFFEL, upper_bonus=50)).spec.key() != first.spec.key()


def test_cache_key_changes_with_format_version(monkeypatch) -> None:
    from wuerfel.games.wuerfelspiel import solver
    from wuerfel.solvers import fillgame

    spec = solver.spec_from_rules(KNIFFEL)
    k1 = spec.key()
    monkeypatch.setattr(fillgame, "FORMAT_VERSION", fillgame.FORMAT_VERSION + 1)
    assert spec.key() != k1


def test_solve_command_result_shape() -> None:
    from wuerfel.engine.registry import get_game

    info = get_game("kniffel")
    assert info.id == "wuerfelspiel"
    res = info.solvers["score"](info.load_rules("kniffel"), "kniffel", False)
    assert set(res.to_json()) == {"game", "rules", "objective", "value", "seconds", "value_of"}
    assert res.value == pytest.approx(245.870775, abs=5e-7)


def test_counter_sanity_of_naive_helpers() -> None:
    """The naive enumeration itself: probabilities of the 252 rolls sum to 1 and sub-multisets are complete."""
    assert sum(p for _, p in roll_distribution(5)) == 1
    assert len(sub_multisets((1, 2, 3, 4, 5))) == 32
    assert Counter(len(k) for k in sub_multisets((6, 6, 6, 6, 6))) == {i: 1 for i in range(6)}


class NaiveSlack(Naive):
    """The same expectimax for a column that may give up ``slack`` turns (after any throw, or only after the
    first throw of a turn): the tables the 3-column player builds on."""

    def __init__(self, rules: WuerfelspielRules, first_only: bool) -> None:
        super().__init__(rules)
        self.first_only = first_only

    @cache  # noqa: B019
    def start(self, open_boxes: frozenset[str], upper: int, fifty: bool, slack: int) -> float:
        if not open_boxes:
            return 0.0
        return sum(float(p) * self.throw(open_boxes, upper, fifty, 1, d, slack) for d, p in roll_distribution(5))

    @cache  # noqa: B019
    def throw(
        self, open_boxes: frozenset[str], upper: int, fifty: bool, throw: int, dice: tuple[int, ...], slack: int
    ) -> float:
        best = self.score_now_s(open_boxes, upper, fifty, dice, slack)
        if slack > 0 and (throw == 1 or not self.first_only):
            best = max(best, self.start(open_boxes, upper, fifty, slack - 1))
        if throw <= self.rules.rerolls:
            for keep in sub_multisets(dice):
                if len(keep) < 5:
                    best = max(best, self.keep_s(open_boxes, upper, fifty, throw, keep, slack))
        return best

    @cache  # noqa: B019
    def keep_s(
        self, open_boxes: frozenset[str], upper: int, fifty: bool, throw: int, keep: tuple[int, ...], slack: int
    ) -> float:
        v = 0.0
        for new, p in roll_distribution(5 - len(keep)):
            v += float(p) * self.throw(open_boxes, upper, fifty, throw + 1, tuple(sorted(keep + new)), slack)
        return v

    def score_now_s(self, open_boxes, upper, fifty, dice, slack) -> float:
        r = self.rules
        best = float("-inf")
        for b, pts, extra in self.entries(open_boxes, fifty, dice):
            gain = pts + extra
            new_upper = upper
            if b in UPPER:
                new_upper = upper + pts
                if r.upper_bonus and upper < r.upper_bonus_threshold <= new_upper:
                    gain += r.upper_bonus
                new_upper = min(new_upper, r.upper_bonus_threshold)
            best = max(
                best, gain + self.start(open_boxes - {b}, new_upper, fifty or (b == "five_kind" and pts > 0), slack)
            )
        return best


@pytest.mark.parametrize("first_only", [False, True])
def test_slack_tables_match_naive_expectimax(first_only: bool) -> None:
    from wuerfel.games.wuerfelspiel.solver import slack_tables

    W = slack_tables(KNIFFEL, 2, first_throw_only=first_only)
    naive = NaiveSlack(KNIFFEL, first_only)
    for open_boxes, upper in ((("sixes",), 45), (("full_house", "chance"), 0)):
        ob = frozenset(open_boxes)
        mask = _mask(KNIFFEL, ob)
        for s in (0, 1, 2):
            assert W[s, mask, 0, upper] == pytest.approx(naive.start(ob, upper, False, s), abs=1e-9)
    # more turns to give away never hurt, and the plain game is level 0
    assert (W[1:, 0, 0, 0] >= W[:-1, 0, 0, 0]).all()
    assert W[0, 0, 0, 0] == pytest.approx(245.870775, abs=5e-7)
