"""The timers the core asks for: one per kind, armed for a node's seq, at a moment computed from the time given."""

from __future__ import annotations

from wuerfel.server.core import effects, timing
from wuerfel.server.core.effects import ArmTimer, CancelTimer


def test_the_games_window_is_armed_at_its_end_or_cancelled() -> None:
    w = timing.game_window(20.0, frozenset({0, 1}), 100.0, 5000.0, None)
    assert timing.window_timer(w, 7) == ArmTimer("window", 7, 120.0, 5020.0)
    assert timing.window_timer(None, 7) == CancelTimer("window")


def test_a_persons_throw_falls_after_the_wait() -> None:
    assert timing.throw_timer(60.0, 3, 100.0, 5000.0) == ArmTimer("throw", 3, 160.0, 5060.0)
    assert timing.throw_timer(None, 3, 100.0, 5000.0) == CancelTimer("throw")


def test_the_table_clock_runs_to_the_stored_deadline_and_a_passed_one_fires_at_once() -> None:
    assert timing.clock_timer(5030.0, 4, 100.0, 5000.0) == ArmTimer("clock", 4, 130.0, 5030.0)
    assert timing.clock_timer(4990.0, 4, 100.0, 5000.0) == ArmTimer("clock", 4, 100.0, 5000.0)
    assert timing.clock_timer(None, 4, 100.0, 5000.0) == CancelTimer("clock")


def test_a_failed_action_retries_the_same_node_shortly() -> None:
    assert effects.retry("clock", 4, 100.0, 5000.0) == ArmTimer(
        "clock", 4, 100.0 + effects.RETRY, 5000.0 + effects.RETRY
    )
