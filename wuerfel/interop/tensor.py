"""One fixed-length float32 observation vector per game, rules and seats, from what a seat may see (issue 27).

Why one generic encoder: OpenSpiel wants ``observation_tensor``, PettingZoo a ``Box`` beside the action mask and
Gymnasium a ``Box`` too; a learning agent wants the same numbers from all three. The vector is built only from the
seat's typed components (:meth:`State.components`, held by ``engine/testing.py`` to show nothing the seat's view
hides), so it can never carry more than a player at the table sees, and equal components give equal vectors.

The layout is fixed when the encoder is built (``describe()`` names every slot):

* sizes that follow from the seats and the faces alone, whatever the game shows: who reads (one-hot), the seats'
  scores and turn, chips and pot, and the dice of each seat (and of the table) as *counts per face* — free, kept,
  hidden under a cup, thrown — so a hand of any size fits in 6 numbers per kind and nothing is ever cut;
* named slots a game fixes by its rules: the boxes of a score sheet (row key × column) with the value the current
  throw would write, the numbers of a track, the fields of a stake board, the counters by their label. These names
  are read from the components of the initial state and of a few seeded games when the encoder is built; a view
  that shows a name outside them raises :class:`LayoutError` naming the game — never a silent cut. The boxes of a
  sheet are the keyed rows it shows before the first decision (the rules' boxes: Kniffel's 13 and its sums'
  neighbours, Escalero's 11); any other row (a line per round played, a throw-off's line, a sum) is counted and
  summed per column instead, as their number grows with the game.

Texts (messages, the goal, labels) carry no numbers here; an agent that wants them reads the view.

A game may declare its own layout instead (:meth:`Game.tensor_layout`, :mod:`wuerfel.engine.layout`): named fields
with shapes, filled from the seat's view alone. :func:`encoder_for` then gives a :class:`DeclaredEncoder`, and the
adapters use it as they use the generic one.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

from wuerfel.engine import components as cmp
from wuerfel.engine.game import Game, State
from wuerfel.engine.layout import LayoutViolation, TensorLayout

FACES = 6
PROBE_GAMES = 4
PROBE_STEPS = 400


class LayoutError(ValueError):
    """A view shows a named slot (a sheet row, a track, a field, a counter) the game's layout does not have."""


def _label(text: cmp.Text) -> str:
    if isinstance(text, cmp.Phrase):
        return text.msgid
    return "" if text is None else str(text)


@dataclasses.dataclass
class _Names:
    """The named slots of one game, gathered from its components."""

    sheet_rows: dict[str, None] = dataclasses.field(default_factory=dict)
    sheet_columns: int = 0
    tracks: dict[int, int] = dataclasses.field(default_factory=dict)
    """seat slot → how many numbers its track has."""
    fields: dict[str, None] = dataclasses.field(default_factory=dict)
    counters: dict[str, None] = dataclasses.field(default_factory=dict)

    def add(self, components: Sequence[Any], n: int, boxes: bool) -> None:
        """Gather the names of ``components``; ``boxes``: also the sheet's keyed rows (only before the first
        decision, where a sheet shows the rules' boxes and no line of play yet)."""
        for c in components:
            if isinstance(c, cmp.Sheet):
                self.sheet_columns = max(self.sheet_columns, len(c.columns))
                for row in c.rows:
                    if row.key and boxes:
                        self.sheet_rows.setdefault(row.key)
            elif isinstance(c, cmp.Track):
                slot = _slot(c.seat, n)
                self.tracks[slot] = max(self.tracks.get(slot, 0), len(c.numbers))
            elif isinstance(c, cmp.StakeBoard):
                for f in c.fields:
                    self.fields.setdefault(_field_name(f))
            elif isinstance(c, cmp.Counter):
                self.counters.setdefault(_label(c.label))


def _slot(seat: int | None, n: int) -> int:
    """Seat slot: 0 for the table's (no seat), 1 + seat for a seat's."""
    return 0 if seat is None or not 0 <= seat < n else seat + 1


def _field_name(f: cmp.StakeField) -> str:
    return f"{f.group}/{_label(f.label)}/{f.number}"


def _probe(game: Game) -> Iterator[tuple[State, bool]]:
    """The positions of a few seeded random games (bounded: some games never end at random), each with whether no
    decision was taken before it."""
    rng = random.Random(0)
    for _ in range(PROBE_GAMES):
        state = game.new_initial_state()
        opening = True
        for _ in range(PROBE_STEPS):
            yield state, opening
            if state.is_terminal():
                break
            if state.is_chance():
                outcomes = [(o, float(p)) for o, p in state.chance_outcomes() if p > 0]
                state = state.apply_outcome(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
            else:
                from wuerfel.interop.codec import expand

                seat = min(state.actors())
                opening = False
                listed = rng.choice(list(state.legal_actions(seat)))
                state = state.apply_action(rng.choice(list(expand(listed))), seat)


class ObservationEncoder:
    """The observation vector of one game (rules and seats fixed): :meth:`encode` a state for a seat."""

    def __init__(self, game: Game) -> None:
        self.game = game
        n = self.n = game.num_players
        names = _Names()
        for state, opening in _probe(game):
            for seat in range(n):
                names.add(state.components(seat), n, opening)
        self.names = names
        self.rows = list(names.sheet_rows)
        self._row = {key: i for i, key in enumerate(self.rows)}
        self.fields = list(names.fields)
        self.counters = list(names.counters)
        self._slots: list[str] = []
        self._offset: dict[str, int] = {}
        self._section("reader", [f"reader is seat {i}" for i in range(n)])
        self._section(
            "seats",
            [f"seat {i} {what}" for i in range(n) for what in ("score", "to act", "finished", "has a role")]
            + ["lower is better"],
        )
        self._section("chips", ["chips shown", "pot"] + [f"seat {i} chips" for i in range(n)])
        slots = ["table"] + [f"seat {i}" for i in range(n)]
        self._section(
            "dice",
            [
                f"{who} {what} {face}"
                for who in slots
                for what in ("free dice showing", "kept dice showing")
                for face in range(1, 7)
            ]
            + [f"{who} {what}" for who in slots for what in ("dice under a cup", "dice just thrown")],
        )
        cols = range(names.sheet_columns)
        self._section(
            "sheet",
            [
                f"sheet {row} column {c} {what}"
                for row in self.rows
                for c in cols
                for what in ("filled", "value", "struck", "would score", "may take")
            ]
            + [
                f"sheet column {c} {what}"
                for c in cols
                for what in ("other rows filled", "sum of other rows", "sum of sum rows")
            ],
        )
        self._section(
            "tracks",
            [
                f"{slots[s]} track {what}"
                for s, length in sorted(names.tracks.items())
                for what in [*(f"mark {i}" for i in range(length)), "position"]
            ],
        )
        self._section(
            "stakes",
            [
                f"field {f} {what}"
                for f in self.fields
                for what in [*(f"seat {i} stake" for i in range(n)), "own sealed", "hit"]
            ],
        )
        self._section(
            "counters", [f"counter {c!r} {what}" for c in self.counters for what in ("shown", "value", "target")]
        )

    def _section(self, name: str, slots: list[str]) -> None:
        self._offset[name] = len(self._slots)
        self._slots.extend(slots)

    @property
    def size(self) -> int:
        return len(self._slots)

    @property
    def shape(self) -> tuple[int]:
        return (len(self._slots),)

    def describe(self) -> list[str]:
        """The meaning of each slot, in order."""
        return list(self._slots)

    def encode(self, state: State, seat: int | None) -> np.ndarray:
        """The vector of what ``seat`` (None: a spectator) sees of ``state``."""
        return self.encode_components(state.components(seat), seat)

    def encode_components(self, components: Sequence[Any], seat: int | None) -> np.ndarray:
        out = np.zeros(self.size, np.float32)
        n = self.n
        if seat is not None and 0 <= seat < n:
            out[self._offset["reader"] + seat] = 1
        for c in components:
            if isinstance(c, cmp.Seats):
                self._seats(out, c)
            elif isinstance(c, cmp.Chips):
                base = self._offset["chips"]
                out[base] = 1
                out[base + 1] = c.pot or 0
                for i, chips in enumerate(c.seats[:n]):
                    out[base + 2 + i] = chips
                if len(c.seats) > n:
                    raise LayoutError(f"{self.game.id}: chips of {len(c.seats)} seats at a table of {n}")
            elif isinstance(c, cmp.Dice):
                self._dice(out, c)
            elif isinstance(c, cmp.Sheet):
                self._sheet(out, c)
            elif isinstance(c, cmp.Track):
                self._track(out, c)
            elif isinstance(c, cmp.StakeBoard):
                self._stakes(out, c)
            elif isinstance(c, cmp.Counter):
                self._counter(out, c)
        return out

    def _seats(self, out: np.ndarray, c: cmp.Seats) -> None:
        base = self._offset["seats"]
        for line in c.seats:
            if not 0 <= line.seat < self.n:
                raise LayoutError(f"{self.game.id}: seat {line.seat} at a table of {self.n}")
            i = base + 4 * line.seat
            out[i : i + 4] = (_number(line.score), line.active, line.finished, line.role is not None)
        out[base + 4 * self.n] = c.lower_is_better

    def _dice(self, out: np.ndarray, c: cmp.Dice) -> None:
        slot = _slot(c.seat, self.n)
        base = self._offset["dice"] + slot * 2 * FACES
        kept = set(c.kept)
        for i, face in enumerate(c.values):
            if not 1 <= face <= FACES:
                raise LayoutError(f"{self.game.id}: a die shows {face}")
            out[base + (FACES if i in kept else 0) + face - 1] += 1
        tail = self._offset["dice"] + (self.n + 1) * 2 * FACES + 2 * slot
        out[tail] += c.hidden
        if c.thrown:
            out[tail + 1] += len(c.values)

    def _sheet(self, out: np.ndarray, c: cmp.Sheet) -> None:
        cols = self.names.sheet_columns
        if len(c.columns) > cols:
            raise LayoutError(f"{self.game.id}: a sheet of {len(c.columns)} columns, the layout has {cols}")
        base = self._offset["sheet"]
        tail = base + len(self.rows) * cols * 5
        for row in c.rows:
            if len(row.cells) > cols:
                raise LayoutError(f"{self.game.id}: a sheet row of {len(row.cells)} cells, the layout has {cols}")
            r = self._row.get(row.key) if row.key else None
            if r is not None:
                for col, cell in enumerate(row.cells):
                    i = base + (r * cols + col) * 5
                    out[i : i + 3] = (cell is not None, _number(cell), cell is not None and _number(cell, None) is None)
                    option = row.options[col] if col < len(row.options) else None
                    out[i + 3 : i + 5] = (_number(option), option is not None)
            else:
                for col, cell in enumerate(row.cells):
                    i = tail + col * 3
                    if row.total:
                        out[i + 2] += _number(cell)
                    elif cell is not None:
                        out[i] += 1
                        out[i + 1] += _number(cell)

    def _track(self, out: np.ndarray, c: cmp.Track) -> None:
        slot = _slot(c.seat, self.n)
        length = self.names.tracks.get(slot)
        if length is None or len(c.marks) > length:
            raise LayoutError(f"{self.game.id}: a track of {len(c.marks)} numbers for slot {slot} is not in the layout")
        i = self._offset["tracks"] + sum(v + 1 for s, v in sorted(self.names.tracks.items()) if s < slot)
        out[i : i + len(c.marks)] = c.marks
        out[i + length] = -1 if c.position is None else c.position

    def _stakes(self, out: np.ndarray, c: cmp.StakeBoard) -> None:
        width = self.n + 2
        for f in c.fields:
            name = _field_name(f)
            try:
                k = self.fields.index(name)
            except ValueError:
                raise LayoutError(f"{self.game.id}: stake field {name!r} is not in the layout") from None
            i = self._offset["stakes"] + k * width
            out[i : i + min(len(f.stakes), self.n)] = f.stakes[: self.n]
            if len(f.stakes) > self.n:
                raise LayoutError(f"{self.game.id}: stakes of {len(f.stakes)} seats at a table of {self.n}")
            out[i + self.n : i + width] = (f.own, f.hit)

    def _counter(self, out: np.ndarray, c: cmp.Counter) -> None:
        name = _label(c.label)
        try:
            k = self.counters.index(name)
        except ValueError:
            raise LayoutError(f"{self.game.id}: counter {name!r} is not in the layout") from None
        i = self._offset["counters"] + 3 * k
        out[i : i + 3] = (1, _number(c.value), _number(c.target))


def _number(value: Any, default: float | None = 0.0) -> Any:
    """A cell or score as a number: a struck box (a text) or an empty one counts as ``default``."""
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, int | float):
        return float(value)
    return default


class DeclaredEncoder:
    """The vector of a game that declares its own layout (:meth:`Game.tensor_layout`): its fields concatenated in
    order, each filled by the game from the seat's view (:meth:`State.view`) alone — never from the state."""

    def __init__(self, game: Game, layout: TensorLayout) -> None:
        self.game = game
        self.layout = layout
        self.offsets: dict[str, tuple[int, tuple[int, ...]]] = {}
        """Field name → (offset in the vector, shape)."""
        offset = 0
        slots: list[str] = []
        for f in layout.fields:
            self.offsets[f.name] = (offset, f.shape)
            offset += f.size
            slots.extend(f"{f.name}[{','.join(map(str, i))}]" for i in np.ndindex(*f.shape))
        self._slots = slots

    @property
    def size(self) -> int:
        return len(self._slots)

    @property
    def shape(self) -> tuple[int]:
        return (len(self._slots),)

    def describe(self) -> list[str]:
        """Each slot as ``field[index]`` (``sheet[0,0,3]``); :attr:`layout` gives the fields' meanings."""
        return list(self._slots)

    def fields(self, vector: np.ndarray) -> dict[str, np.ndarray]:
        """The named fields of ``vector``, shaped (views into it, no copies)."""
        return {name: vector[at : at + math.prod(shape)].reshape(shape) for name, (at, shape) in self.offsets.items()}

    def encode(self, state: State, seat: int | None) -> np.ndarray:
        """The vector of what ``seat`` (None: a spectator) sees: the game fills its fields from that seat's view."""
        out = np.zeros(self.size, np.float32)
        try:
            self.layout.fill(state.view(seat), seat, self.fields(out))
        except LayoutViolation as exc:
            raise LayoutError(f"{self.game.id}: {exc}") from exc
        return out


Encoder = ObservationEncoder | DeclaredEncoder
"""What :func:`encoder_for` gives: ``size``, ``shape``, ``describe()`` and ``encode(state, seat)`` either way."""

_encoders: dict[int, tuple[Game, Encoder]] = {}


def encoder_for(game: Game) -> Encoder:
    """The encoder of ``game``, built once per game object: the game's own layout where it declares one
    (:meth:`Game.tensor_layout`), else the generic vector (building it plays a few seeded games)."""
    hit = _encoders.get(id(game))
    if hit is None or hit[0] is not game:
        if len(_encoders) > 256:
            _encoders.clear()
        layout = game.tensor_layout()
        encoder: Encoder = ObservationEncoder(game) if layout is None else DeclaredEncoder(game, layout)
        hit = _encoders[id(game)] = (game, encoder)
    return hit[1]


__all__ = ["DeclaredEncoder", "Encoder", "LayoutError", "ObservationEncoder", "encoder_for"]
