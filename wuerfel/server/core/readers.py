"""What each reader of a table was told, and the ``seq`` it counts in (protocol 7, issue 24 M1).

Every reader — a connection's seats at the table (sorted), or ``()`` for a spectator — has a sequence of its own:
the number of committed events it was told of when they happened. An event the game tells a seat nothing about
(``show`` "none": another punter's sealed stake) moves neither that reader's ``seq`` nor sends it anything, so
neither the count nor the timing of another punter's stakes shows. The log, the record and the replay keep the
table's own numbering (event k of the log is ``seq`` k); this book translates between the two.
"""

from __future__ import annotations

import bisect
import dataclasses
from collections.abc import Iterable, Sequence

from wuerfel.engine.record import EventViews, Statement

Reader = tuple[int, ...]
"""A reader: the sorted seats one connection holds at the table; ``()`` is a spectator."""

SPECTATOR = -1
"""The key of the spectators' untold events (a statement's last view is the spectator's)."""


CATCH_UP = 200
"""Most events one ``state`` message carries (``since`` far back, a long game); older ones are counted in
``skipped``."""


@dataclasses.dataclass(frozen=True)
class CatchUp:
    """Where a reader stands for one ``state`` message: what it is told between log positions ``start`` and the
    committed end."""

    seq: int
    """The reader's ``seq`` at the committed end (the message's ``seq``)."""
    unchanged: bool
    """Nothing he was told of happened since his last message (a sealed stake of another punter)."""
    skipped: int
    """Events told to him that the message leaves out (beyond :data:`CATCH_UP`; the record has them)."""
    first_seq: int
    """His ``seq`` before the first event the message carries."""
    start: int
    """The log position of that first event."""


def reader_of(seats: Sequence[int]) -> Reader:
    """The kind of reader a connection is: its seats at this table (``()``: a spectator)."""
    return tuple(sorted(seats))


class ReaderBook:
    """The committed events' statements (:class:`EventViews`) and, per seat, the events it was not told of.

    The untold lists are scanned lazily and append-only; replacing :attr:`views` (a table rebuilt from its log)
    starts the scan over. ``committed`` arguments are the number of events in the log (the shell's count: a batch
    whose commit is still under way is not yet in :attr:`views`)."""

    def __init__(self, views: EventViews | None = None) -> None:
        self._views = views if views is not None else EventViews()
        self._untold: dict[int, list[int]] = {}
        self._scanned = 0

    @property
    def views(self) -> EventViews:
        """Per committed event: the game's statement of what each seat is shown of it."""
        return self._views

    @views.setter
    def views(self, views: EventViews) -> None:
        self._views, self._untold, self._scanned = views, {}, 0

    def __len__(self) -> int:
        return len(self._views)

    def extend(self, statements: Iterable[Statement]) -> None:
        """The statements of newly committed events, in log order."""
        self._views.extend(statements)

    def _scan(self) -> None:
        statements = self._views.statements
        for i in range(self._scanned, len(statements)):
            st = statements[i]
            if st is not None:
                last = len(st) - 1
                for k, v in enumerate(st):
                    if v.show == "none":
                        self._untold.setdefault(SPECTATOR if k == last else k, []).append(i)
        self._scanned = len(statements)

    def untold(self, reader: Reader) -> list[int]:
        """The committed events ``reader`` was not told of when they happened (sorted): for a person holding several
        seats, those none of his seats was told."""
        self._scan()
        if not reader:
            return self._untold.get(SPECTATOR, [])
        if len(reader) == 1:
            return self._untold.get(reader[0], [])
        common = set(self._untold.get(reader[0], []))
        for s in reader[1:]:
            common &= set(self._untold.get(s, []))
        return sorted(common)

    def seq(self, reader: Reader, n: int) -> int:
        """``reader``'s ``seq`` after the first ``n`` events of the log."""
        return n - bisect.bisect_left(self.untold(reader), n)

    def position(self, reader: Reader, seq: int, committed: int) -> int:
        """The log position of ``reader``'s ``seq`` (its ``since`` or ``expected_seq``): the first ``n`` with
        ``seq(reader, n) >= seq``, so every event told to him after it follows ``n``; at most ``committed``."""
        if seq >= self.seq(reader, committed):
            return committed
        untold = self.untold(reader)
        n = max(seq, 0)
        while True:
            nxt = max(seq, 0) + bisect.bisect_left(untold, n)
            if nxt == n:
                return n
            n = nxt

    def told(self, reader: Reader, i: int) -> bool:
        """Whether ``reader`` was told of event ``i`` when it happened (in full or redacted)."""
        untold = self.untold(reader)
        k = bisect.bisect_left(untold, i)
        return not (k < len(untold) and untold[k] == i)

    def resume_at(self, reader: Reader, since: int, committed: int) -> int:
        """The log position a (re)connecting reader's ``since`` stands for: his messages go on from there. A
        ``since`` he cannot have had (negative, or past his ``seq``: the log was lost, or another table's number)
        starts him at the end, with the full view and no events."""
        if since < 0 or since > self.seq(reader, committed):
            return committed
        return self.position(reader, since, committed)

    def after_stale(self, reader: Reader, expected: int, committed: int) -> int | None:
        """After a move refused as stale: the log position of its ``expected_seq``, so the state message that
        follows carries every event he missed since; None: a number he cannot have had (his position stays)."""
        if 0 <= expected <= self.seq(reader, committed):
            return self.position(reader, expected, committed)
        return None

    def catch_up(self, reader: Reader, start: int, committed: int, limit: int = CATCH_UP) -> CatchUp:
        """What a ``state`` message to ``reader`` whose last one ended at log position ``start`` carries.

        At most the last ``limit`` events told to him: a message for a long log would be megabytes and block the
        loop while its labels are made (the view is complete anyway; the rest is in the record and the replay)."""
        start = min(max(start, 0), committed)
        rseq, rstart = self.seq(reader, committed), self.seq(reader, start)
        skipped = max(0, rseq - limit - rstart)
        return CatchUp(
            rseq,
            rstart == rseq,
            skipped,
            rstart + skipped,
            self.position(reader, rstart + skipped, committed) if skipped else start,
        )
