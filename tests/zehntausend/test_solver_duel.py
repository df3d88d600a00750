"""The two-player optimum against naive value iteration on small games, and the cache and support rules."""

from __future__ import annotations

import numpy as np
import pytest

from tests.zehntausend.naive_solvers import duel_value_iteration
from wuerfel.games.zehntausend.options import load_rules
from wuerfel.games.zehntausend.solvers import duel
from wuerfel.games.zehntausend.solvers.duel import duel_support, solve_duel


@pytest.mark.parametrize(
    ("name", "overrides"),
    [
        ("farkle", {"game": {"target": 300}}),
        ("farkle", {"game": {"target": 400}, "turn": {"max_throws": 2}}),
        # finish_round with first_to_reach, proof pending, start player playing on above the target
        ("zehntausend-einfach", {"game": {"target": 150}, "turn": {"max_throws": 2}}),
        ("zehntausend-einfach", {"game": {"target": 100, "tie": "shared"}, "turn": {"max_throws": 2}}),
    ],
)
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
    for name, word in [
        ("macke-klassisch", "negate"),
        ("einfach+steigerung", "predecessor"),
        ("zehntausend-350", "minus marks"),
        ("einfach+uebernehmen", "takeover"),
        ("einfach+minus", "Minus"),
        ("zehntausend-rueckwaerts", "mode"),
    ]:
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


@pytest.mark.parametrize(
    ("name", "overrides"),
    [
        ("farkle", {"game": {"target": 600}}),  # immediate end: one seat
        ("zehntausend-einfach", {"game": {"target": 300}, "turn": {"max_throws": 3}}),  # finish_round: both seats
    ],
)
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


@pytest.mark.parametrize(
    ("name", "overrides"),
    [
        ("farkle", {"game": {"target": 1000}}),  # immediate end, threshold 50
        # finish_round: the start player's rows far above the target bank the same (the copied rows of _sweep_fast)
        ("zehntausend-einfach", {"game": {"target": 300}, "turn": {"max_throws": 3}}),
        ("zehntausend-einfach", {"game": {"target": 250, "tie": "shared"}}),
        ("farkle", {"game": {"target": 500, "end_rule": "finish_round"}, "turn": {"min_bank": 300}}),
    ],
)
def test_fast_sweep_gives_the_reference_table(name: str, overrides: dict) -> None:
    """Issue 17 (duel speed): the duel's own sweep (flat rows, the instant win as a column, rows copied where they
    must come out equal) gives the table of the plain ``sweep_slope`` bit for bit, serial and on two threads."""
    rules = load_rules(name, overrides)
    ref = duel.solve_duel.__wrapped__(rules, use_disk=False, workers=1, fast=False)
    for workers in (1, 2):
        new = duel.solve_duel.__wrapped__(rules, use_disk=False, workers=workers, fast=True)
        assert np.array_equal(new.W, ref.W) and np.array_equal(new.L, ref.L), workers
    assert 0.0 < ref.value < 1.0 and ref.exact


def _eval_both(rules, sol, pairs, zs):  # type: ignore[no-untyped-def]
    """(plain, fast) results of ``_eval_start`` for each (i, j, seat) and bust value, and the fast sweep's
    row-equality flags after the last call."""
    g, G, W, L = sol.graph, sol.goal, sol.W, sol.L
    th = -(-duel.threshold(rules) // g.unit)
    rows = duel._scratch_rows(G, L, g.max_dv)
    S = len(g)
    scratch = [np.empty((rows, S)) for _ in range(4)] + [np.empty(rows)]
    flat = [np.empty(rows * (S + 1)), np.empty(rows * (S + 1)), np.empty(S), np.empty(S), np.zeros(rows, bool)]
    off, dvs = duel._fast_options(g)
    bounds = (np.empty(rows * S), -1.0, np.empty(rows * S), -1.0)  # no carried bounds: every throw is swept
    out = []
    for i, j, seat in pairs:
        for z in zs(i, j, seat):
            both = [
                duel._eval_start(
                    i,
                    j,
                    seat,
                    z,
                    G,
                    sol.immediate,
                    W,
                    L,
                    th,
                    *scratch,
                    g.can_roll,
                    g.bank_ok,
                    g.giveup_ok,
                    g.tf,
                    g.order,
                    g.grp_start,
                    g.grp_prob,
                    g.opt_start,
                    g.opt_dv,
                    g.opt_tgt,
                    g.p_bust,
                    g.reach,
                    g.start,
                    -1,
                    g.max_dv,
                    fast,
                    *flat,
                    off,
                    dvs,
                    *bounds,
                )
                for fast in (False, True)
            ]
            out.append(((i, j, seat, z), both))
    return out, flat[4]


def _eval_bounded(rules, sol, i, j, seat, z, U, dz, N, dzn):  # type: ignore[no-untyped-def]
    """The fast ``_eval_start`` of (i, j, seat) at bust value z with carried bounds ``U``/``dz`` (own previous
    sweep) and ``N``/``dzn`` (the same turn one unit higher at the level above); −1: no such bound."""
    g, G, W, L = sol.graph, sol.goal, sol.W, sol.L
    th = -(-duel.threshold(rules) // g.unit)
    rows = duel._scratch_rows(G, L, g.max_dv)
    S = len(g)
    scratch = [np.empty((rows, S)) for _ in range(4)] + [np.empty(rows)]
    flat = [np.empty(rows * (S + 1)), np.empty(rows * (S + 1)), np.empty(S), np.empty(S), np.zeros(rows, bool)]
    off, dvs = duel._fast_options(g)
    return duel._eval_start(
        i,
        j,
        seat,
        z,
        G,
        sol.immediate,
        W,
        L,
        th,
        *scratch,
        g.can_roll,
        g.bank_ok,
        g.giveup_ok,
        g.tf,
        g.order,
        g.grp_start,
        g.grp_prob,
        g.opt_start,
        g.opt_dv,
        g.opt_tgt,
        g.p_bust,
        g.reach,
        g.start,
        -1,
        g.max_dv,
        True,
        *flat,
        off,
        dvs,
        U,
        dz,
        N,
        dzn,
    )


@pytest.mark.parametrize(
    ("name", "overrides"),
    [
        ("farkle", {"game": {"target": 1000}}),
        ("farkle", {"game": {"target": 600, "end_rule": "finish_round"}, "turn": {"min_bank": 300}}),
    ],
)
def test_carried_bounds_skip_throws_and_keep_the_values(name: str, overrides: dict) -> None:
    """Issue 17: ``_sweep_fast`` does not sweep a throw whose carried upper bound (the side's previous sweep, or
    the same turn one unit higher at the level above, each moved by the change of the bust value) lies below the
    bank value. The results stay the plain sweep's exactly, and the bounds do fire (else the table comparisons
    would not exercise them): a skipped throw leaves its bound, above the value a full sweep stores."""
    rules = load_rules(name, overrides)
    sol = duel.solve_duel.__wrapped__(rules, use_disk=False, workers=1)
    G, S = sol.goal, len(sol.graph)
    size = duel._scratch_rows(G, sol.L, sol.graph.max_dv) * S
    fired = {"own": 0, "neighbour": 0}
    for seat in range(1 if sol.immediate else 2):
        for i in range(G - 1):
            for j in range(G):
                z1 = 1.0 - float(sol.W[j, i, 1 - seat])
                z0 = z1 + 0.01
                plain = _eval_both(rules, sol, [(i, j, seat)], lambda *_, z=z1: (z,))[0][0][1][0]
                exact = np.zeros(size)
                assert _eval_bounded(rules, sol, i, j, seat, z1, exact, -1.0, exact, -1.0) == plain
                own = np.zeros(size)
                _eval_bounded(rules, sol, i, j, seat, z0, own, -1.0, own, -1.0)
                assert _eval_bounded(rules, sol, i, j, seat, z1, own, 0.01 * (1 + 1e-9), own, -1.0) == plain
                fired["own"] += int((own != exact).sum())
                up, mine = np.zeros(size), np.zeros(size)
                _eval_bounded(rules, sol, i + 1, j, seat, z0, up, -1.0, up, -1.0)
                assert _eval_bounded(rules, sol, i, j, seat, z1, mine, -1.0, up, 0.01 * (1 + 1e-9)) == plain
                fired["neighbour"] += int((mine != exact).sum())
    assert fired["own"] > 0 and fired["neighbour"] > 0, fired


def test_eval_start_fast_equals_plain_at_every_pair() -> None:
    """Kernel level: the turn-start value and its slope in the bust value agree exactly for every score pair,
    seat and a spread of bust values, including the start player's long finish-round tail."""
    rules = load_rules("zehntausend-einfach", {"game": {"target": 200}, "turn": {"max_throws": 2}})
    sol = duel.solve_duel.__wrapped__(rules, use_disk=False, workers=1)
    G = sol.goal
    pairs = [(i, j, seat) for i in range(G) for j in range(G) for seat in (0, 1)]
    out, _ = _eval_both(rules, sol, pairs, lambda i, j, seat: (0.0, 0.3, 1.0 - sol.W[j, i, 1 - seat], 0.999))
    for case, (plain, fast) in out:
        assert plain == fast, case


def test_fast_sweep_copies_the_rows_far_above_the_target() -> None:
    """Where the other player needs more than the cap, banking is worth the same at every total: the start
    player's rows there come out equal (so ``_sweep_fast`` copies them) and the values are still the plain ones."""
    rules = load_rules("zehntausend-einfach", {"game": {"target": 3000}})
    sol = duel.solve_duel.__wrapped__(rules, use_disk=False, workers=1)
    G, dcap = sol.goal, sol.L.shape[0] - 1
    out, eqn = _eval_both(rules, sol, [(0, 0, 0)], lambda i, j, seat: (0.4,))
    ((_, (plain, fast)),) = out
    assert plain == fast
    n_rows = G + dcap
    # rows n_rows - G … n_rows - 1: margin ≥ the cap; all but the top ones (which see the tail) equal their upper row
    assert eqn[n_rows - G : n_rows - 50].all() and G > 55
    assert not eqn[: G - 1].any()  # below the target every total banks a different win probability


def test_cache_dir_follows_wuerfel_cache_dir(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """Benchmarks and tests point ``WUERFEL_CACHE_DIR`` at a directory of their own: a fresh solve must land there,
    not in the user's cache."""
    monkeypatch.setenv("WUERFEL_CACHE_DIR", str(tmp_path))
    assert duel.cache_dir() == tmp_path / "zehntausend"
    rules = load_rules("farkle", {"game": {"target": 300}})
    duel.solve_duel.__wrapped__(rules, fresh=True)
    assert (tmp_path / "zehntausend" / f"duel-{duel.rules_key(rules)}.npz").exists()
