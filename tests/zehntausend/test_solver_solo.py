"""The solo optimum (fewest expected turns, every turn beating the previous one) against naive value iteration."""

from __future__ import annotations

import pytest

from tests.zehntausend.naive_solvers import solo_value_iteration
from wuerfel.games.zehntausend.options import load_rules
from wuerfel.games.zehntausend.solvers.solo import solve_solo, solve_solo_result

SOLO = {"game": {"mode": "solo", "min_players": 1}}


@pytest.mark.parametrize(
    ("name", "overrides"),
    [
        # farkle rules played solo with the beat-the-previous-turn rule (fallback 0)
        (
            "farkle",
            {
                **SOLO,
                "game": {**SOLO["game"], "target": 250},
                "turn": {"beat_predecessor": True, "beat_fallback": 0, "max_throws": 2},
            },
        ),
        # the [001] solo preset itself (350, confirmation, Ergänzen, 5er drehen), short game, two throws per turn
        ("zehntausend-350-solo", {"game": {"target": 600}, "turn": {"max_throws": 1}, "minus_marks": {"count": 0}}),
        # without beat-the-predecessor every turn faces the same threshold
        ("farkle", {**SOLO, "game": {**SOLO["game"], "target": 250}, "turn": {"max_throws": 2}}),
    ],
)
def test_solo_matches_naive_value_iteration(name: str, overrides: dict) -> None:
    rules = load_rules(name, overrides)
    sol = solve_solo(rules, use_disk=False)
    naive = solo_value_iteration(rules)
    u = sol.graph.unit
    for (s, th), e in naive.items():
        assert sol.E[s // u, -(-th // u)] == pytest.approx(e, rel=1e-9), (s, th)
    assert not sol.minus_marks_ignored


def test_solo_preset_reports_that_minus_marks_are_ignored() -> None:
    rules = load_rules("zehntausend-350-solo", {"game": {"target": 1000}})
    sol = solve_solo(rules, use_disk=False)
    assert sol.minus_marks_ignored
    assert 1.0 < sol.value < 10.0
    res = solve_solo_result(rules, "zehntausend-350-solo")
    assert res.objective == "solo" and res.value == pytest.approx(sol.value)
