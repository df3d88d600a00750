"""The two-player optimum against naive value iteration on small games, and the cache and support rules."""

from __future__ import annotations

import numpy as np
import pytest

from tests.zehntausend.naive_solvers import duel_value_iteration
from wuerfel.games.zehntausend.options import load_rules
from wuerfel.games.zehntausend.solvers import duel
from wuerfel.games.zehntausend.solvers.duel import duel_support, solve_duel


@pytest.mark.parametrize(("name", "overrides"), [
    ("farkle", {"game": {"target": 300}}),
    ("farkle", {"game": {"target": 400}, "turn": {"max_throws": 2}}),
    # finish_round with first_to_reach, proof pending, start player playing on above the target
    ("zehntausend-einfach", {"game": {"target": 150}, "turn": {"max_throws": 2}}),
    ("zehntausend-einfach", {"game": {"target": 100, "tie": "shared"}, "turn": {"max_throws": 2}}),
])
def test_duel_matches_naive_value_iteration(name: str, overrides: dict, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = load_rules(name, overrides)
    sol = solve_duel(rules, use_disk=False)
    naive = duel_value_iteration(rules)
    u = sol.unit
    for (i, j, s), v in naive.items():
        assert sol.W[i // u, j // u, s] == pytest.approx(v, abs=1e-9), (i, j, s)
    assert sol.exact and sol.monotone


def test_start_player_advantage_and_symmetry() -> None:
    sol = solve_duel(load_rules("farkle", {"game": {"target": 1000}}), use_disk=False)
    assert 0.5 < sol.value < 0.7
    # with immediate end the seat does not matter
    assert (sol.W[:, :, 0] == sol.W[:, :, 1]).all()
    # more points never hurt the mover
    assert (sol.W[1:, :, 0] >= sol.W[:-1, :, 0] - 1e-12).all()


def test_support_names_the_reason() -> None:
    assert duel_support(load_rules("farkle"))[0]
    assert duel_support(load_rules("zehntausend-einfach"))[0]
    for name, word in [("macke-klassisch", "negate"), ("einfach+steigerung", "predecessor"),
                       ("zehntausend-350", "minus marks"),
                       ("einfach+uebernehmen", "takeover"), ("einfach+minus", "Minus"),
                       ("zehntausend-rueckwaerts", "mode")]:
        ok, why = duel_support(load_rules(name))
        assert not ok and word.lower() in why.lower()


def test_disk_cache_round_trip(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(duel, "cache_dir", lambda: tmp_path)
    rules = load_rules("farkle", {"game": {"target": 500}})
    first = duel.solve_duel.__wrapped__(rules)
    assert not first.from_cache and list(tmp_path.glob("duel-*.npz"))
    again = duel.solve_duel.__wrapped__(rules)
    assert again.from_cache and again.value == first.value
    fresh = duel.solve_duel.__wrapped__(rules, fresh=True)
    assert not fresh.from_cache
    assert duel.rules_key(rules) != duel.rules_key(load_rules("farkle", {"game": {"target": 550}}))


def test_cli_objective_refuses_rules_it_cannot_solve_exactly() -> None:
    from wuerfel.engine.errors import RuleError

    with pytest.raises(RuleError) as exc:
        duel.solve_duel_result(load_rules("macke-klassisch"), "macke-klassisch")
    assert "negate" in exc.value.msgid


@pytest.mark.parametrize(("name", "overrides"), [
    ("farkle", {"game": {"target": 600}}),  # immediate end: one seat
    ("zehntausend-einfach", {"game": {"target": 300}, "turn": {"max_throws": 3}}),  # finish_round: both seats
])
def test_parallel_solve_equals_serial(name: str, overrides: dict) -> None:
    """The pairs of a level are shared out among threads (issue 17); every pair is solved from the same inputs,
    so the table is the serial one bit for bit, whatever the number of workers (3: more than the cores, so the
    pairs are visited in a different order even on a single core)."""
    rules = load_rules(name, overrides)
    serial = duel.solve_duel.__wrapped__(rules, use_disk=False, workers=1)
    for workers in (2, 3):
        par = duel.solve_duel.__wrapped__(rules, use_disk=False, workers=workers)
        assert np.array_equal(par.W, serial.W) and np.array_equal(par.L, serial.L)
    assert 0.0 < serial.value < 1.0
