"""Typed table components: what a state shows, in pieces that one generic web table and one generic terminal
renderer draw for every game (dice, a score sheet, tracks of numbers, a shared counter, chips and pot, a stake board,
the seats, a message line).

Why: views used to be free-form dicts, so every game needed its own web table and terminal renderer, and several
copied game logic into JavaScript. A game now says *what* is on the table; the front ends decide *how* it looks.
Text in components is a :class:`Phrase` (a msgid of the game's catalogue plus parameters), translated by the front
end in the reader's language; numbers stay numbers.

Every component has ``to_json()`` with a ``"kind"`` key. :func:`components_json` gives two forms: without a
language the *neutral* form (texts as ``{"msgid", "params"}``, read back by :func:`components_from_json`: records,
tests, other programs), with a language the *translated* form the server sends to a browser (every text a plain
string in the reader's language, seat references as the names people see), so the web table holds no catalogue.
Components must never carry anything the player's ``view`` hides (``engine/testing.py`` checks it like the views).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, Literal

Face = Literal["pips", "poker"]


@dataclasses.dataclass(frozen=True)
class SeatRef:
    """A seat inside a text ("{name} holds the bank"): the front end puts in the name it shows for that seat (a
    player's name, "Computer 2 (heuristic)"), which the game does not know."""

    seat: int

    def to_json(self) -> dict[str, Any]:
        return {"seat_ref": self.seat}


@dataclasses.dataclass(frozen=True)
class Phrase:
    """A translatable text: ``msgid`` (English, marked with ``N_``) and the values for its ``{placeholders}``.

    A parameter may itself be a :class:`Phrase` (a hand's name inside a sentence: translated first) or a
    :class:`SeatRef` (a seat's name). Phrases compare and hash by value, so components stay usable as keys.
    """

    msgid: str
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    plural: str | None = None
    """The English plural msgid of a counted text ("{n} throw" / "{n} throws"): the catalogue's plural forms then
    choose by the parameter named ``count``, so no reader sees "1 Würfe"."""
    count: str = "n"

    def to_json(self) -> dict[str, Any]:
        out = {"msgid": self.msgid, "params": {k: _json(v) for k, v in self.params.items()}}
        if self.plural is not None:
            out["plural"] = self.plural
            out["count"] = self.count
        return out

    def __hash__(self) -> int:
        return hash((self.msgid, self.plural, tuple(sorted((k, repr(v)) for k, v in self.params.items()))))

    def in_language(self, lang: str) -> str:
        """The phrase as a reader of ``lang`` reads it: how :func:`wuerfel.i18n.translate` fills in a counted
        phrase given as a refusal's parameter without importing the engine (``tests/test_layering.py``)."""
        return str(resolve(self, lang))


Text = Phrase | str | None
"""A label: a Phrase, a plain string shown as it is (a number, a name), or nothing."""


def text_json(t: Text) -> Any:
    return t.to_json() if isinstance(t, Phrase) else t


class You(str):
    """The name of the reader's own seat in a list of seat names ("Anna" at her own table): a line whose subject is
    that seat takes its second-person form ("Du bist am Zug als Macher"), wherever the name is put in as it is."""

    __slots__ = ()


YOU_NAMES = frozenset({"du", "you"})
"""Names that address the person at the screen (the terminal's default name): read as the reader's seat too."""


def is_reader(seat: int, names: Sequence[str]) -> bool:
    """Whether ``seat`` is the reader's own: marked :class:`You`, or called "Du"/"You"."""
    if not 0 <= seat < len(names):
        return False
    name = names[seat]
    return isinstance(name, You) or (isinstance(name, str) and name.casefold() in YOU_NAMES)


def _second_person(t: Phrase, lang: str, names: Sequence[str], params: dict[str, Any]) -> str | None:
    """The second-person form of ``t`` when one of its seats is the reader's and the catalogue has that form: the
    context ``you`` for the subject ``{name}``, ``you:KEY`` for another seat parameter (``{loser}`` pays …); None
    otherwise."""
    from wuerfel.i18n import normalize_language, plural_index, you_catalog

    for key, value in t.params.items():
        if not (isinstance(value, SeatRef) and is_reader(value.seat, names)):
            continue
        lang = normalize_language(lang)
        form = you_catalog(lang, "you" if key == "name" else f"you:{key}").get(t.msgid)
        if form is None:
            continue
        if isinstance(form, tuple):
            form = form[min(plural_index(t.params.get(t.count, 0), lang), len(form) - 1)]
        filled = {k: str(v) if isinstance(v, You) else v for k, v in params.items()}
        if t.plural is not None:
            filled.setdefault("n", t.params.get(t.count, 0))
        try:
            return form.format(**filled)
        except (KeyError, IndexError, ValueError):
            return form
    return None


def format_int(n: int, lang: str) -> str:
    """A whole number as its readers write it: German groups from five digits on ("5000", "10.000", the Duden rule),
    English from four ("5,000", "10,000"); negative numbers with a true minus sign."""
    sign = "−" if n < 0 else ""
    digits = str(abs(n))
    if len(digits) >= (5 if lang == "de" else 4):
        sep = "." if lang == "de" else ","
        groups = []
        while digits:
            groups.append(digits[-3:])
            digits = digits[:-3]
        digits = sep.join(reversed(groups))
    return sign + digits


def render_text(t: Text, lang: str, names: Sequence[str] = ()) -> str:
    """A paragraph in ``lang``, whole numbers in the reader's format (plural forms still choose by the number)."""

    def fmt(v: Any) -> Any:
        if isinstance(v, Phrase):  # rendered whole: a counted phrase must choose its form by the number itself
            return render_text(v, lang, names)
        if isinstance(v, bool) or not isinstance(v, int):
            return v
        return format_int(v, lang)

    if isinstance(t, Phrase):
        params = {k: fmt(x) for k, x in t.params.items()}
        if t.plural is not None:
            from wuerfel.i18n import ntranslate

            count = t.params.get(t.count, 0)
            return ntranslate(t.msgid, t.plural, count, lang, **{k: resolve(v, lang, names) for k, v in params.items()})
        return str(resolve(Phrase(t.msgid, params), lang, names))
    if isinstance(t, SeatRef):
        return str(resolve(t, lang, names))
    return "" if t is None else str(t)


def seat_name(seat: int, names: Sequence[str], lang: str) -> str:
    """The name of ``seat`` as the front end shows it, "Platz 3" where it has none."""
    from wuerfel.i18n import translate

    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return translate("Seat {n}", lang, n=seat + 1)


def resolve(t: Any, lang: str, names: Sequence[str] = ()) -> Any:
    """A text (or a parameter) in ``lang``: a Phrase translated with its parameters resolved first, a SeatRef as
    the seat's name; anything else (a number, a plain string, None) as it is."""
    from wuerfel.i18n import ntranslate, translate

    if isinstance(t, Phrase):
        params = {k: resolve(v, lang, names) for k, v in t.params.items()}
        if names and (yours := _second_person(t, lang, names, params)) is not None:
            return yours
        if t.plural is not None:
            return ntranslate(t.msgid, t.plural, t.params.get(t.count, 0), lang, **params)
        return translate(t.msgid, lang, **params)
    if isinstance(t, SeatRef):
        return seat_name(t.seat, names, lang)
    return t


class Component:
    """Base of all components; subclasses are frozen dataclasses with a class-level ``kind``."""

    kind: str = ""

    def to_json(self, lang: str | None = None, names: Sequence[str] = ()) -> dict[str, Any]:
        """The neutral form (``lang`` None) or the form translated into ``lang`` (see the module docstring)."""
        out: dict[str, Any] = {"kind": self.kind}
        for name in _field_names(type(self)):
            out[name] = _json(getattr(self, name), lang, names)
        return out


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    """A dataclass's field names, looked up once per class: every state message and every no-leak comparison turns
    components into JSON, and ``dataclasses.fields`` on each value was most of that time."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


_PLAIN = frozenset({int, float, str, bool})


def _json(v: Any, lang: str | None = None, names: Sequence[str] = ()) -> Any:
    if v is None or isinstance(v, str | int | float):  # the commonest values first
        return v
    if isinstance(v, Phrase | SeatRef):
        return v.to_json() if lang is None else resolve(v, lang, names)
    if isinstance(v, Component):
        return v.to_json(lang, names)
    if isinstance(v, tuple | list):
        return [x if x is None or type(x) in _PLAIN else _json(x, lang, names) for x in v]
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return {name: _json(getattr(v, name), lang, names) for name in _field_names(type(v))}
    if isinstance(v, Mapping):
        return {str(k): _json(x, lang, names) for k, x in v.items()}
    return v


@dataclasses.dataclass(frozen=True)
class Dice(Component):
    """Dice on the table: ``values`` as thrown (1–6; poker faces 1=Neun … 6=As when ``face == "poker"``).

    ``kept``: indexes of dice left standing (or set aside); ``thrown``: True when these dice just fell (front ends
    animate only thrown dice); ``hidden``: how many further dice lie under a cup, unseen by this player (drawn as
    cups: a covered hand shows ``values=()`` and ``hidden=5``); ``seat``: whose dice (None: the table's).
    """

    kind = "dice"
    values: tuple[int, ...]
    face: Face = "pips"
    kept: tuple[int, ...] = ()
    thrown: bool = False
    hidden: int = 0
    seat: int | None = None
    label: Text = None
    key: str = ""
    """A stable name of these dice ("throw", "aside"), not shown: a game's own table finds them by it."""


@dataclasses.dataclass(frozen=True)
class SheetRow:
    label: Text
    cells: tuple[Any, ...]
    """One cell per column: a number, a Text (a struck box: ``Phrase("crossed out")``), None for an empty box."""
    total: bool = False
    """A sum row (drawn emphasised)."""
    key: str = ""
    """A stable name of the row (a box id: "full_house"), not shown: a game's own table finds its rows by it."""
    options: tuple[Any, ...] = ()
    """Per column: what the current throw would write into this empty box (a number or a text such as "12+35"),
    None where it cannot go; empty: no candidates. Drawn as a suggestion, so no front end computes scores."""


@dataclasses.dataclass(frozen=True)
class Sheet(Component):
    """A score sheet: rows × columns (usually one column per seat, ``column_seats`` saying which)."""

    kind = "sheet"
    columns: tuple[Text, ...]
    rows: tuple[SheetRow, ...]
    column_seats: tuple[int | None, ...] = ()
    label: Text = None


@dataclasses.dataclass(frozen=True)
class Track(Component):
    """A row of numbers a seat works through or strikes: Jule's 1–6–1, Hin und her's struck digits, the heart's
    chambers, Gestrichene Zwölf's 2–12, Eins bis sechzehn's targets.

    ``marks[i]`` says how often ``numbers[i]`` is struck/done (0 = open); ``position`` the index of the next target
    where the track is worked in order.
    """

    kind = "track"
    seat: int | None
    numbers: tuple[int, ...]
    marks: tuple[int, ...]
    position: int | None = None
    label: Text = None


@dataclasses.dataclass(frozen=True)
class Counter(Component):
    """One shared number: the ones thrown so far (Die 21. Eins), the running total (Doppeltes Lottchen)."""

    kind = "counter"
    value: int | float
    target: int | float | None = None
    label: Text = None


@dataclasses.dataclass(frozen=True)
class Chips(Component):
    """Chips per seat and what lies in the pot (or bank) outside the seats."""

    kind = "chips"
    seats: tuple[int, ...]
    pot: int | None = None
    label: Text = None


@dataclasses.dataclass(frozen=True)
class StakeField:
    label: Text
    stakes: tuple[int, ...]
    """Per seat: chips on this field (0: none; a sealed stake the player may not see is not listed)."""
    number: int | None = None
    group: str = ""
    """Fields of one group are drawn together (a column of the board)."""
    hit: bool = False
    """The field the last throw decided (drawn highlighted)."""
    own: int = 0
    """The reader's own sealed stakes on this field, not yet on the board (only he sees them)."""


@dataclasses.dataclass(frozen=True)
class StakeBoard(Component):
    """A board of fields with the chips lying on them. ``layout``: rows of groups, top to bottom, the groups of a
    row side by side (Lustige Sieben: ``(("seven",), ("left", "right"))``); empty: all groups in one row in the
    order they first appear. Fields keep their order within a group."""

    kind = "stakes"
    fields: tuple[StakeField, ...]
    label: Text = None
    layout: tuple[tuple[str, ...], ...] = ()


@dataclasses.dataclass(frozen=True)
class SeatLine:
    seat: int
    score: int | float | None = None
    active: bool = False
    finished: bool = False
    role: Text = None
    """A role at the table ("Bank", "Spielmacher")."""
    note: Text = None


@dataclasses.dataclass(frozen=True)
class Seats(Component):
    """The seats in order with score, whose turn it is, who has finished and roles; front ends add the names."""

    kind = "seats"
    seats: tuple[SeatLine, ...]
    lower_is_better: bool = False
    label: Text = None
    """What the scores count ("Chips", "Strafpunkte"); None: points."""


@dataclasses.dataclass(frozen=True)
class Message(Component):
    """One line for the reader: what just happened or what is asked."""

    kind = "message"
    text: Text
    key: str = ""
    """A stable name of the line ("last_call"), not shown: a game's own table finds it by it."""


@dataclasses.dataclass(frozen=True)
class Goal(Component):
    """What the game plays to, on the felt: the target, the limit, the Bierdeckel that lose, the throws left, the
    round of the match ("Ziel: 10.000 Punkte" · "Runde 3 von 5"). Why a component of its own: a newcomer must see
    the aim of every game at a glance, and every front end draws it in the same place (first, above the table)."""

    kind = "goal"
    text: Text
    progress: Text = None
    """Where the game stands on the way there ("Runde 3 von 5", "noch 4 Würfe"); None when nothing counts down."""

    def to_json(self, lang: str | None = None, names: Sequence[str] = ()) -> dict[str, Any]:
        """Translated, its numbers are written as the reader writes them ("Ziel: 10.000 Punkte", "10,000 points"),
        as in the explanation the goal sums up (``engine/explain.py``)."""
        if lang is None:
            return super().to_json(lang, names)
        return {
            "kind": self.kind,
            "text": render_text(self.text, lang, names),
            "progress": None if self.progress is None else render_text(self.progress, lang, names),
        }


@dataclasses.dataclass(frozen=True)
class MenuOption:
    """One legal action of a :class:`Menu`, named on each step of the choice."""

    action: Mapping[str, Any]
    """The action's JSON (``Action.to_json()``), as the legal moves list it: a front end sends the matching one."""
    path: tuple[Text, ...]
    """Its name on each step, widest first ("Three alike", "Three queens", "Ace nine")."""
    preset: bool = False
    """Taken at its last step unless the reader picks another there (an announcement that leaves the kickers
    open, beside the same hand with kickers)."""
    shortcut: Text = None
    """Offered at once, beside the steps, under this label ("The truth: Three queens, ace nine")."""

    def __post_init__(self) -> None:
        # Lists as tuples, as the JSON form reads back: an option equals itself after a round trip.
        object.__setattr__(self, "action", _value_from(dict(self.action)))

    def __hash__(self) -> int:
        return hash(
            (tuple(sorted((k, repr(v)) for k, v in self.action.items())), self.path, self.preset, self.shortcut)
        )


@dataclasses.dataclass(frozen=True)
class Menu(Component):
    """Many legal actions of one seat offered in steps, so a front end groups them without knowing the game: a
    poker announcement is chosen by its class, then its ranks, then its kickers. Only the seat that may choose gets
    it (it names nothing that seat may not see)."""

    kind = "menu"
    options: tuple[MenuOption, ...]
    seat: int | None = None
    label: Text = None
    """What is asked ("What do you announce? …")."""
    none: Text = None
    """The name of a step's preset choice where the option has no name there ("none": no kickers)."""
    key: str = ""


KINDS: dict[str, type[Component]] = {
    c.kind: c for c in (Dice, Sheet, Track, Counter, Chips, StakeBoard, Seats, Message, Goal, Menu)
}
"""Every component class by its ``kind``: front ends draw exactly these (docs/protocol.md)."""


def components_json(
    components: Sequence[Component], lang: str | None = None, names: Sequence[str] = ()
) -> list[dict[str, Any]]:
    """The components as JSON: neutral (``lang`` None) or translated into ``lang`` with ``names`` for the seats."""
    return [c.to_json(lang, names) for c in components]


def components_from_json(data: Sequence[Mapping[str, Any]]) -> tuple[Component, ...]:
    """The neutral JSON form read back into components (``components_from_json(components_json(cs)) == cs``).

    An unknown kind or field is refused with a ValueError that names it: a component nobody can draw must not be
    dropped silently.
    """
    return tuple(_component_from_json(d) for d in data)


def _component_from_json(d: Mapping[str, Any]) -> Component:
    kind = d.get("kind")
    cls = KINDS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ValueError(f"unknown component kind {kind!r}")
    return _dataclass_from(cls, {k: v for k, v in d.items() if k != "kind"})


_NESTED: dict[tuple[type, str], type] = {
    (Sheet, "rows"): SheetRow,
    (StakeBoard, "fields"): StakeField,
    (Seats, "seats"): SeatLine,
    (Menu, "options"): MenuOption,
}
"""Fields that hold tuples of the nested records, which the JSON form writes as plain objects."""


def _dataclass_from(cls: type, d: Mapping[str, Any]) -> Any:
    known = {f.name for f in dataclasses.fields(cls)}
    unknown = set(d) - known
    if unknown:
        raise ValueError(f"{cls.__name__} has no field {sorted(unknown)[0]!r}")
    out: dict[str, Any] = {}
    for name, value in d.items():
        nested = _NESTED.get((cls, name))
        if nested is not None:
            out[name] = tuple(_dataclass_from(nested, x) for x in value)
        else:
            out[name] = _value_from(value)
    return cls(**out)


def _value_from(v: Any) -> Any:
    """Lists become tuples (components are frozen), ``{"msgid", "params"}`` a Phrase, ``{"seat_ref"}`` a SeatRef."""
    if isinstance(v, list):
        return tuple(_value_from(x) for x in v)
    if isinstance(v, dict):
        if set(v) == {"seat_ref"}:
            return SeatRef(int(v["seat_ref"]))
        if "msgid" in v and set(v) <= {"msgid", "params", "plural", "count"}:
            return Phrase(
                v["msgid"],
                {k: _value_from(x) for k, x in (v.get("params") or {}).items()},
                v.get("plural"),
                v.get("count", "n"),
            )
        return {k: _value_from(x) for k, x in v.items()}
    return v


def phrases(components: Sequence[Component]) -> list[Phrase]:
    """Every Phrase in the components, nested ones included: the i18n test holds their msgids to the catalogues."""
    found: list[Phrase] = []

    def walk(v: Any) -> None:
        if v is None or type(v) in _PLAIN:
            return
        if isinstance(v, Phrase):
            found.append(v)
            for x in v.params.values():
                walk(x)
        elif isinstance(v, tuple | list):
            for x in v:
                walk(x)
        elif dataclasses.is_dataclass(v) and not isinstance(v, type):
            for name in _field_names(type(v)):
                walk(getattr(v, name))
        elif isinstance(v, Mapping):
            for x in v.values():
                walk(x)

    for c in components:
        walk(c)
    return found


__all__ = [
    "KINDS",
    "Chips",
    "Component",
    "Counter",
    "Dice",
    "Face",
    "Goal",
    "Menu",
    "MenuOption",
    "Message",
    "Phrase",
    "SeatLine",
    "SeatRef",
    "Seats",
    "Sheet",
    "SheetRow",
    "StakeBoard",
    "StakeField",
    "Text",
    "Track",
    "components_from_json",
    "components_json",
    "phrases",
    "resolve",
    "seat_name",
    "text_json",
]
