"""Das große Herz (Hasard 6): the number goes to the left until somebody can use it; finished players leave."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.hasard.kit_helpers import check_results, new, play_out, throw
from wuerfel.engine.components import Message


def test_the_thrower_enters_a_number_he_can_use() -> None:
    s = throw(new("das-grosse-herz", 3), 4)
    assert s.view(None)["hearts"] == [[4], [], []] and s.thrower() == 1


def test_a_number_he_cannot_use_goes_to_the_left_and_on() -> None:
    s = throw(new("das-grosse-herz", 3), 4, 4, 4)  # everybody has a 4 now
    s = throw(s, 4)  # seat 0 again: nobody can use it, the throw lapses
    assert s.view(None)["hearts"] == [[4], [4], [4]] and s.receiver is None
    msg = next(c for c in s.components(None) if isinstance(c, Message)).text
    assert msg.params == {"face": 4} and "lapses" in msg.msgid
    s = throw(new("das-grosse-herz", 3), 2, 5, 2)  # seat 2's 2: seat 2 has none yet, enters it
    s = throw(s, 5)  # seat 0 throws 5: he has none, enters it
    s = throw(s, 2)  # seat 1 throws 2: he has it? no — seat 1 has 5 only: enters
    assert s.view(None)["hearts"] == [[2, 5], [2, 5], [2]]
    s = throw(s, 5)  # seat 2 throws 5: has none → enters
    s = throw(s, 2)  # seat 0 throws 2: has it; seat 1 has it; seat 2 has it: lapses
    assert s.receiver is None
    s = throw(s, 1, 1)  # seat 1 enters a 1, then seat 2 a 1
    s = throw(s, 1)  # seat 0 has no 1: enters
    s = throw(s, 1, 3)  # seat 1 has a 1: goes to seat 2 (has one), then seat 0 (has one): lapses; seat 2 enters 3
    assert s.view(None)["hearts"] == [[1, 2, 5], [1, 2, 5], [1, 2, 3, 5]]
    s = throw(s, 3)  # seat 0 enters the 3
    s = throw(s, 3)  # seat 1 enters the 3
    s = throw(s, 3)  # seat 2 has the 3: passes to seat 0 (has), seat 1 (has): lapses
    assert s.receiver is None and s.thrower() == 0


def test_a_received_number_does_not_change_whose_throw_is_next() -> None:
    s = throw(new("das-grosse-herz", 3), 6)  # seat 0 enters a 6
    s = throw(s, 3, 3)  # seats 1 and 2 enter a 3
    s = throw(s, 3)  # seat 0 enters a 3
    s = throw(s, 6)  # seat 1 throws 6: he has none, enters it
    s = throw(s, 6)  # seat 2 enters 6
    s = throw(s, 6)  # seat 0 has 6: goes to seat 1 (has), seat 2 (has): lapses
    s = throw(s, 1)  # seat 1 enters a 1
    s = throw(s, 1)  # seat 2 enters a 1
    s = throw(s, 1)  # seat 0 enters a 1
    s = throw(s, 1)  # seat 1 has it: goes to seat 2 (has), seat 0 (has): lapses
    s = throw(s, 4)  # seat 2 enters the 4 …
    assert s.thrower() == 0
    s = throw(s, 4)  # seat 0 enters the 4
    s = throw(s, 4)  # seat 1 enters the 4
    s = throw(s, 4)  # seat 2 has the 4: it goes to seat 0 (has), seat 1 (has): lapses
    s = throw(s, 2)  # seat 0 enters a 2
    s = throw(s, 2)  # seat 1 has no 2: enters
    s = throw(s, 2)  # seat 2 enters a 2
    s = throw(s, 5)  # seat 0: 5 → full heart, finished
    assert s.finished == (0,) and s.thrower() == 1
    s = throw(s, 6)  # seat 1 has the 6, seat 2 has it, seat 0 is finished (skipped): lapses
    assert s.receiver is None and s.thrower() == 2
    s = throw(s, 5)  # seat 2 enters the 5 and is finished: seat 1 is left and loses
    assert s.is_terminal() and s.finished == (0, 2)
    assert s.ranking() == ((0,), (2,), (1,)) and s.losers() == (1,) and s.winners() == (0,)
    check_results(s)


def test_a_number_passed_on_can_finish_another_player() -> None:
    s = new("das-grosse-herz", 2)
    s = throw(s, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6)  # seat 0: 1 2 3 4 5; seat 1: 2 3 4 5 6
    assert s.view(None)["hearts"] == [[1, 2, 3, 4, 5], [2, 3, 4, 5, 6]] and s.thrower() == 0
    s = throw(s, 2)  # seat 0 throws 2: has it; seat 1 has it: lapses
    s = throw(s, 6)  # seat 1 throws a 6: he has it; seat 0 takes it and is finished
    assert s.is_terminal() and s.finished == (0,) and s.losers() == (1,)


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 6), st.integers(0, 10_000))
def test_random_games_end_with_exactly_one_player_left(n: int, seed: int) -> None:
    s = play_out(new("das-grosse-herz", n), seed)
    check_results(s)
    assert len(s.finished) == n - 1 and len(s.losers()) == 1
    assert all(s.hearts[p] == 0b111111 for p in s.finished)


def test_seats_with_a_full_heart_are_drawn_finished() -> None:
    from wuerfel.engine.components import Seats

    s = throw(new("das-grosse-herz", 3), 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6)
    assert s.finished == (0,)
    seats = next(c for c in s.components(None) if isinstance(c, Seats)).seats
    assert [line.finished for line in seats] == [True, False, False] and seats[0].note.params == {"place": 1}
