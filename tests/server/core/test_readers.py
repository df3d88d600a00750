"""The per-reader ``seq`` of protocol 7 (issue 24 M1), on hand-made statements: no game, no server."""

from __future__ import annotations

from wuerfel.engine.game import EventView
from wuerfel.engine.record import EventViews, Statement
from wuerfel.server.core.readers import ReaderBook, reader_of

NONE = EventView(show="none")
FULL = EventView()


def sealed_by(seat: int, seats: int = 3) -> Statement:
    """A sealed stake of ``seat``: he sees it, every other seat and the spectators are told nothing."""
    return (*(FULL if s == seat else NONE for s in range(seats)), NONE)


def book() -> ReaderBook:
    # 0 public, 1 sealed by seat 0, 2 sealed by seat 1, 3 public, 4 sealed by seat 0
    return ReaderBook(EventViews([None, sealed_by(0), sealed_by(1), None, sealed_by(0)]))


def test_reader_of_sorts_seats_and_a_spectator_is_empty() -> None:
    assert reader_of([2, 0]) == (0, 2)
    assert reader_of([]) == ()


def test_each_reader_counts_only_what_it_was_told() -> None:
    b = book()
    assert b.untold((0,)) == [2]
    assert b.untold((1,)) == [1, 4]
    assert b.untold((2,)) == [1, 2, 4]
    assert b.untold(()) == [1, 2, 4]
    assert [b.seq((0,), n) for n in range(6)] == [0, 1, 2, 2, 3, 4]
    assert [b.seq((1,), n) for n in range(6)] == [0, 1, 1, 2, 3, 3]
    assert b.seq((), 5) == 2


def test_a_person_holding_two_seats_was_told_what_either_seat_was() -> None:
    b = book()
    assert b.untold((0, 1)) == []
    assert b.seq((0, 1), 5) == 5
    assert b.untold((1, 2)) == [1, 4]


def test_position_maps_a_readers_seq_back_into_the_log() -> None:
    b = book()
    # seat 1 saw events 0, 2, 3 (seq 1, 2, 3); its seq 1 starts after event 0, before the untold event 1
    assert [b.position((1,), s, 5) for s in range(4)] == [0, 1, 3, 5]
    # every told event after the position has a higher seq than the one asked for
    for reader in ((0,), (1,), (2,), (), (0, 1)):
        for s in range(b.seq(reader, 5) + 1):
            n = b.position(reader, s, 5)
            assert b.seq(reader, n) >= s
            assert n == 0 or b.seq(reader, n - 1) < s or n == 5


def test_a_seq_past_the_readers_end_is_the_logs_end() -> None:
    assert book().position((0,), 99, 5) == 5
    assert book().position((), -3, 5) == 0


def test_told_and_the_scan_follow_appends_and_a_rebuild() -> None:
    b = book()
    assert not b.told((1,), 4) and b.told((0,), 4) and b.told((1,), 3)
    b.extend([sealed_by(2)])
    assert b.untold((2,)) == [1, 2, 4]
    assert b.untold((0,)) == [2, 5]
    b.views = EventViews([None])
    assert b.untold((0,)) == [] and len(b) == 1


def test_a_reconnect_resumes_where_the_reader_was_or_at_the_end() -> None:
    b = book()
    assert b.resume_at((1,), 1, 5) == 1
    assert b.resume_at((1,), 2, 5) == 3  # after event 2, skipping event 1 he was never told of
    assert b.resume_at((1,), 4, 5) == 5  # a seq he cannot have had: the end, with the full view
    assert b.resume_at((1,), -1, 5) == 5


def test_a_stale_move_resends_from_its_expected_seq() -> None:
    b = book()
    assert b.after_stale((1,), 2, 5) == 3
    assert b.after_stale((1,), 3, 5) == 5
    assert b.after_stale((1,), 4, 5) is None
    assert b.after_stale((1,), -1, 5) is None


def test_a_catch_up_carries_at_most_the_limit_and_counts_the_rest() -> None:
    b = book()
    at = b.catch_up((1,), 0, 5, limit=200)
    assert (at.seq, at.unchanged, at.skipped, at.first_seq, at.start) == (3, False, 0, 0, 0)
    at = b.catch_up((1,), 0, 5, limit=1)
    # seat 1 was told events 0, 2, 3: the message carries only event 3, after skipping two
    assert (at.seq, at.skipped, at.first_seq, at.start) == (3, 2, 2, 3)
    # after his last message nothing he was told of happened (event 4 was sealed by seat 0)
    assert b.catch_up((1,), 4, 5).unchanged
    assert not b.catch_up((0,), 4, 5).unchanged
    assert b.catch_up((0,), 99, 5).start == 5
