"""Progress told from inside a long computation to whoever shows it (issue 24 U8: a bot's first build stood at 0 %
for 40 seconds)."""

from __future__ import annotations

from wuerfel.engine import progress


def collect() -> tuple[list[tuple[float | None, str | None]], progress.Listener]:
    seen: list[tuple[float | None, str | None]] = []
    return seen, lambda fraction, stage: seen.append((fraction, stage))


def test_parts_map_their_own_fractions_into_the_whole() -> None:
    seen, listener = collect()
    progress.report(0.5)  # nobody listening: nothing happens
    with progress.listening(listener):
        with progress.part(0.0, 0.25):
            progress.report(1.0, "a")
        with progress.part(0.25, 1.0):
            with progress.part(0.0, 0.5):
                progress.report(0.5)
            progress.report(stage="b")
            progress.report(2.0)  # clipped to the part's end
    assert seen == [(0.25, "a"), (0.4375, None), (None, "b"), (1.0, None)]
    progress.report(0.5)
    assert len(seen) == 4


def test_a_fill_game_solve_reports_its_levels_rising_to_the_end() -> None:
    from wuerfel.games.hasard.escalero import EscaleroRules
    from wuerfel.games.hasard.escalero_solver import spec_from_rules
    from wuerfel.solvers.fillgame import solve_fill_game, solve_slack

    spec = spec_from_rules(EscaleroRules())
    seen, listener = collect()
    with progress.listening(listener):
        E = solve_fill_game(spec)
    fractions = [f for f, _s in seen if f is not None]
    assert fractions == sorted(fractions) and 0 < fractions[0] < 1 and fractions[-1] == 1.0
    # the kernel's first compile (a fresh cache) is said as a stage of its own, before the tables
    assert progress.TABLES in {s for _f, s in seen} <= {progress.TABLES, progress.COMPILING}
    seen.clear()
    with progress.listening(listener):
        solve_slack(spec, 2, E0=E)
    fractions = [f for f, _s in seen if f is not None]
    assert fractions == sorted(fractions) and fractions[-1] == 1.0  # two tables, one bar: never back to 0
    assert any(0.4 < f < 0.6 for f in fractions)


def test_the_terminal_bar_moves_within_a_bot() -> None:
    from wuerfel.cli.progress import listen_while

    calls: list[tuple[float | None, str | None]] = []
    with listen_while(lambda done, stage=None: calls.append((done, stage)), done=1.0):
        progress.report(0.5, progress.TABLES)
    assert calls == [(1.5, progress.TABLES)]
