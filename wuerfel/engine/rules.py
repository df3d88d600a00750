"""House rules as data: typed option trees, TOML presets and overlays, validation with clear errors.

A game's rules are one frozen dataclass whose fields are scalars, ``Literal`` choices, tuples and nested dataclasses
(one per TOML table). This module turns TOML documents into such trees and back, generically, so that a game only
declares its options and its cross-option checks:

* every unknown key, wrong type or value outside a ``Literal`` is refused with the dotted name of the option;
* presets are complete TOML documents with a ``[preset]`` table; overlays are partial documents with an
  ``[overlay]`` table (``id``, ``extends``, ``note``) deep-merged onto what they extend: tables merge, arrays and
  scalars replace, an empty table clears the base table;
* a user's own file is an overlay (or a complete preset) and loads the same way.

Options carry German and English descriptions in their field metadata (:func:`opt`) for the web rule editor and
``wuerfel rules show``. Every numeric option also declares its range there (``low``/``high``): a rule value is data a
stranger can send to the server, and an unbounded chip count or stake list is an out-of-memory attack, so a number
outside its range (and NaN or infinity anywhere) is refused while loading, with the option's name.
"""

from __future__ import annotations

import dataclasses
import math
import tomllib
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, Literal, TypeVar, get_args, get_origin

from wuerfel.engine.errors import N_, RuleError, file_error
from wuerfel.engine.errors import Words as ErrorWords

T = TypeVar("T")

PRESET_META_KEYS = ("preset", "overlay")
PRESET_META_FIELDS = ("id", "extends", "source", "note", "name_de", "name_en", "note_en", "internal")
"""The keys a ``[preset]``/``[overlay]`` table may hold: its id, its base, where it comes from, and how it is named
and described to players (German ``note``, English ``note_en``; ``internal`` hides a rule set kept for tests)."""
META_FIELDS = {
    "preset": frozenset(PRESET_META_FIELDS) - {"extends"},
    "overlay": frozenset(PRESET_META_FIELDS),
}
"""Per table. Anything else there is refused (:func:`check_meta`): in TOML every key after a ``[table]`` header
belongs to that table, so an option written below ``[overlay]`` would otherwise be silently ignored and the game
played with rules the file's author never chose."""


class FrozenDict(dict[Any, Any]):
    """A read-only, hashable dict for table-valued options, so whole rule sets can key caches (``lru_cache``)."""

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items())))

    def _readonly(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("rule options are immutable")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _readonly  # type: ignore[assignment]

    def __reduce__(self) -> tuple[type[FrozenDict], tuple[dict[Any, Any]]]:
        """Pickle as a dict given to the constructor: the default pickling fills an empty instance item by item,
        which the read-only methods refuse, and rule sets go to child processes (a background table build)."""
        return FrozenDict, (dict(self),)


def opt(default: Any, de: str = "", en: str = "", low: float | None = None, high: float | None = None) -> Any:
    """Declare an option with its default, its descriptions (German first) and, for numbers, its range.

    ``low``/``high`` bound every number of the option (a scalar, each entry of a list, each value of a table); every
    numeric option must declare both (``tests/engine/test_rule_ranges.py`` checks that), because the games trust them: a
    bounded option keeps game lengths, chip counts and amounts small enough for every client.
    """
    meta: dict[str, Any] = {"de": de, "en": en or de}
    if low is not None:
        meta["low"] = low
    if high is not None:
        meta["high"] = high
    if low is not None and high is not None and low > high:
        raise ValueError("empty option range")
    if isinstance(default, FrozenDict):
        return dataclasses.field(default_factory=lambda: FrozenDict(default), metadata=meta)
    if isinstance(default, (list, dict, set)):
        raise TypeError("use tuples, FrozenDict or a factory for mutable defaults")
    if dataclasses.is_dataclass(default) and not isinstance(default, type):
        return dataclasses.field(default_factory=lambda: default, metadata=meta)
    return dataclasses.field(default=default, metadata=meta)


@dataclasses.dataclass(frozen=True)
class OptionInfo:
    """One leaf option for listings and editors."""

    key: str
    type: str
    choices: tuple[Any, ...]
    default: Any
    value: Any
    de: str
    en: str
    low: float | None = None
    high: float | None = None
    name_de: str = ""
    name_en: str = ""
    section_de: str = ""
    section_en: str = ""
    choice_labels: tuple[tuple[Any, str, str], ...] = ()
    """(value, German, English) for every value of a choice (and every known item value of a list)."""
    item_names: tuple[tuple[str, str, str], ...] = ()
    """(field, German, English) for the fields of a list of tables (a straight's "faces" and "value"): a value is
    written with these names, never with the file's keys (issue 24 L7)."""

    def name(self, lang: str = "de") -> str:
        """The option's human name; the dotted key only where a game forgot to name it (a test forbids that)."""
        return (self.name_en if lang == "en" else self.name_de) or self.key

    def description(self, lang: str = "de") -> str:
        return self.en if lang == "en" else self.de

    def section(self, lang: str = "de") -> str:
        return self.section_en if lang == "en" else self.section_de

    def choice_label(self, value: Any, lang: str = "de") -> str:
        """A choice value in words; the raw value only for a value the game never declared (a user's file)."""
        for v, de, en in self.choice_labels:
            if v == value and type(v) is type(value):
                return en if lang == "en" else de
        return str(value)

    def format_value(self, value: Any, lang: str = "de") -> str:
        """A value as a person reads it: choices in words, yes/no, lists and tables spelled out."""
        return _format_plain(value, self, lang)


def _hints(cls: type[Any]) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def options_from_dict(cls: type[T], data: Mapping[str, Any], path: str = "", complete: bool = False) -> T:
    """Build the option tree ``cls`` from a (TOML-shaped) mapping, refusing anything invalid by its dotted key.

    With ``complete`` every key must be present (presets are complete documents); otherwise defaults fill gaps.
    """
    if not isinstance(data, Mapping):
        raise RuleError(N_("Option '{key}' must be a table."), key=path or "(root)")
    hints = _hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    for key in data:
        if key not in fields:
            raise RuleError(N_("Unknown option '{key}'."), key=_join(path, key))
    kwargs: dict[str, Any] = {}
    for name, field_ in fields.items():
        key = _join(path, name)
        if name in data:
            kwargs[name] = _convert(hints[name], data[name], key, complete)
            _check_range(kwargs[name], field_.metadata, key)
        elif complete and not _optional_table(hints[name]):
            raise RuleError(N_("Option '{key}' is missing."), key=key)
    try:
        obj = cls(**kwargs)
    except RuleError:
        raise
    except (TypeError, ValueError) as exc:
        raise RuleError(N_("Invalid value for '{key}': {reason}"), key=path or "(root)", reason=str(exc)) from exc
    return obj


def require(ok: bool, key: str, expected: str, got: Any) -> None:
    """Refuse an option value outside its allowed range in a rules class's ``validate()``, with the same message
    (naming the option) that a wrong type gets while loading."""
    if not ok:
        raise RuleError(N_("Option '{key}' must be {expected}, not {got!r}."), key=key, expected=expected, got=got)


def _numbers(value: Any) -> list[int | float]:
    """Every number inside an option value (a scalar, a list, a table of lists), booleans excluded."""
    if isinstance(value, bool):
        return []
    if isinstance(value, (int, float)):
        return [value]
    if isinstance(value, (tuple, list)):
        return [x for v in value for x in _numbers(v)]
    if isinstance(value, Mapping):
        return [x for v in value.values() for x in _numbers(v)]
    return []


def _check_range(value: Any, meta: Mapping[str, Any], key: str) -> None:
    """Refuse NaN and infinity (TOML's ``inf``/``nan``, JSON's ``Infinity``/``NaN``: no rule means them, and they
    are not JSON for the clients) and any number outside the option's declared range, naming the option."""
    low, high = meta.get("low"), meta.get("high")
    if isinstance(value, (tuple, list)):
        for i, v in enumerate(value):
            _check_range(v, meta, f"{key}[{i}]")
        return
    if isinstance(value, Mapping):
        for k, v in value.items():
            _check_range(v, meta, _join(key, str(k)))
        return
    for x in _numbers(value):
        if isinstance(x, float) and not math.isfinite(x):
            raise RuleError(N_("Option '{key}' must be a finite number, not {got}."), key=key, got=str(x))
        if (low is not None and x < low) or (high is not None and x > high):
            raise RuleError(
                N_("Option '{key}' must be between {lo} and {hi}, not {got}."),
                key=key,
                lo=_num(low),
                hi=_num(high),
                got=_num(x),
            )


def _num(x: Any) -> Any:
    """A bound as people write it: 1 rather than 1.0, and "∞" for an open end."""
    if x is None:
        return "∞"
    return int(x) if isinstance(x, float) and x.is_integer() else x


def check_ranges(obj: Any, path: str = "") -> None:
    """Check a whole option tree against the declared ranges (for trees built in code rather than loaded)."""
    for f in dataclasses.fields(obj):
        value = getattr(obj, f.name)
        key = _join(path, f.name)
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            check_ranges(value, key)
        elif isinstance(value, tuple) and value and dataclasses.is_dataclass(value[0]):
            for i, item in enumerate(value):
                check_ranges(item, f"{key}[{i}]")
        else:
            _check_range(value, f.metadata, key)


# --- human names: every option, choice and table field in German and English ---------------------------------------

Words = tuple[str, str]
"""A text in German and English, German first (as ``opt(de=…, en=…)``)."""

YES_NO: dict[Any, Words] = {True: ("ja", "yes"), False: ("nein", "no")}


@dataclasses.dataclass(frozen=True)
class OptionLabels:
    """The human names of one rules class: dotted key → name, dotted key → {value → label}.

    Kept beside the options (not in ``opt()``) so that names and choice words of a game read as one glossary; a key
    inside a list of tables leaves out the index (``scoring.straights.faces``)."""

    names: Mapping[str, Words] = dataclasses.field(default_factory=dict)
    choices: Mapping[str, Mapping[Any, Words]] = dataclasses.field(default_factory=dict)
    items: Mapping[str, tuple[Words, ...]] = dataclasses.field(default_factory=dict)
    """Names of the positions of a list whose every entry means something (one value per face 1–6; normal and
    served): the editor shows exactly these entries, each named. A table's values use the key ``option.*``."""

    def name(self, key: str, metadata: Mapping[str, Any] | None = None) -> Words:
        """The name of ``key`` (indices dropped); without one, a table falls back to its short ``opt()``
        description, which for tables is a name already ("Würfel", "Dice")."""
        bare = _bare(key)
        if bare in self.names:
            return self.names[bare]
        return (metadata.get("de", ""), metadata.get("en", "")) if metadata is not None else ("", "")

    def choice_labels(self, key: str, tp: Any) -> tuple[tuple[Any, str, str], ...]:
        table = dict(self.choices.get(_bare(key), {}))
        values: tuple[Any, ...] = ()
        if get_origin(tp) is Literal:
            values = get_args(tp)
        elif tp is bool:
            values = (True, False)
            table = {**YES_NO, **table}
        else:
            values = tuple(table)
        return tuple((v, *table[v]) for v in values if v in table)


def _bare(key: str) -> str:
    """``scoring.straights[0].faces`` → ``scoring.straights.faces``: a list's items share their names."""
    out, depth = [], 0
    for ch in key:
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
        elif not depth:
            out.append(ch)
    return "".join(out)


def label_options(
    cls: type[Any],
    names: Mapping[str, Words],
    choices: Mapping[str, Mapping[Any, Words]] | None = None,
    items: Mapping[str, tuple[Words, ...]] | None = None,
) -> OptionLabels:
    """Give a rules class its human names (see :class:`OptionLabels`); the editor, ``wuerfel rules show`` and the
    API show these instead of dotted keys and raw values, and a test holds every game to naming everything."""
    labels = OptionLabels(dict(names), {k: dict(v) for k, v in (choices or {}).items()}, dict(items or {}))
    cls.__option_labels__ = labels
    return labels


def option_labels(cls: type[Any]) -> OptionLabels:
    """The names given with :func:`label_options` (empty for a class without them, e.g. a plug-in game)."""
    labels = getattr(cls, "__option_labels__", None)
    return labels if isinstance(labels, OptionLabels) else OptionLabels()


def option_display_name(cls: type[Any], key: str, lang: str = "de") -> str:
    """How a person reads a (possibly indexed) dotted key: its name, with the list it sits in
    ("Straßen › Augenzahlen"); an unknown key stays as written, so a typo is shown as typed."""
    labels = option_labels(cls)
    i = 1 if lang == "en" else 0
    bare = _bare(key)
    name = labels.names.get(bare)
    if name is None:
        return key
    parts = bare.split(".")
    for n in range(len(parts) - 1, 0, -1):
        parent = ".".join(parts[:n])
        if parent in labels.names and _item_class_of(cls, parent) is not None:
            return f"{labels.names[parent][i]} › {name[i]}"
    return name[i]


def humanize_params(cls: type[Any], params: Mapping[str, Any], lang: str = "de") -> dict[str, Any]:
    """The parameters of a rules refusal with option keys (``key``, ``other``) replaced by option names and a
    choice ``value`` by its words, for front ends where people never see keys (the web editor); files and the
    terminal keep the keys and values they type."""
    out = {
        k: option_display_name(cls, v, lang) if k in ("key", "other") and isinstance(v, str) else v
        for k, v in params.items()
    }
    words = option_labels(cls).choices.get(_bare(str(params.get("key", ""))), {})
    if "value" in params and params["value"] in words:
        out["value"] = words[params["value"]][1 if lang == "en" else 0]
    other_words = option_labels(cls).choices.get(_bare(str(params.get("other", ""))), {})
    if "other_value" in params and params["other_value"] in other_words:
        out["other_value"] = other_words[params["other_value"]][1 if lang == "en" else 0]
    return out


def _item_class_of(cls: type[Any], key: str) -> type[Any] | None:
    tp: Any = cls
    try:
        for part in key.split("."):
            tp = _hints(_item_class(tp) or tp)[part]
    except (KeyError, TypeError):
        return None
    return _item_class(tp)


def option_keys(cls: type[Any], path: str = "") -> list[str]:
    """Every option key of a rules class including tables and the fields of list items (for completeness tests)."""
    out: list[str] = []
    hints = _hints(cls)
    for f in dataclasses.fields(cls):
        key = _join(path, f.name)
        out.append(key)
        tp = hints[f.name]
        item = _item_class(tp)
        if dataclasses.is_dataclass(tp):
            out.extend(option_keys(tp, key))  # type: ignore[arg-type]
        elif item is not None:
            out.extend(option_keys(item, key))
    return out


def _item_class(tp: Any) -> type[Any] | None:
    if get_origin(tp) is tuple:
        args = get_args(tp)
        item: Any = args[0] if args else None
        if item is not None and dataclasses.is_dataclass(item):
            return item  # type: ignore[return-value]
    return None


def option_schema(cls: type[Any], key: str, lang: str = "de") -> dict[str, Any]:
    """The shape of one option for a form editor (lists, tables and lists of tables get real controls, not JSON
    text): ``{"kind": "bool"|"int"|"float"|"text"|"choice"|"list"|"map"|"table", …}`` with names in ``lang``."""
    tp: Any = cls
    meta: Mapping[str, Any] = {}
    for part in _bare(key).split("."):
        owner = _item_class(tp) or tp
        tp = _hints(owner)[part]
        meta = {f.name: f for f in dataclasses.fields(owner)}[part].metadata
    return _bounded(_schema(tp, _bare(key), option_labels(cls), lang), meta)


def _bounded(schema: dict[str, Any], meta: Mapping[str, Any]) -> dict[str, Any]:
    """Put an option's declared range (``low``/``high`` in its metadata) on every number field of its form."""
    if "low" not in meta and "high" not in meta:
        return schema
    if schema["kind"] in ("int", "float"):
        return {**schema, "min": meta.get("low"), "max": meta.get("high")}
    if schema["kind"] == "list":
        return {**schema, "item": _bounded(schema["item"], meta)}
    if schema["kind"] == "map":
        return {**schema, "value": _bounded(schema["value"], meta)}
    return schema


def _schema(tp: Any, key: str, labels: OptionLabels, lang: str) -> dict[str, Any]:
    i = 1 if lang == "en" else 0
    origin = get_origin(tp)
    if origin is Literal or tp is bool:
        kind = "bool" if tp is bool else "choice"
        return {
            "kind": kind,
            "choices": [{"value": v, "label": (de, en)[i]} for v, de, en in labels.choice_labels(key, tp)],
        }
    if tp is int or tp is float:
        return {"kind": "int" if tp is int else "float"}
    if tp is str:
        words = labels.choice_labels(key, tp)
        if words:
            return {"kind": "choice", "choices": [{"value": v, "label": (de, en)[i]} for v, de, en in words]}
        return {"kind": "text"}
    if origin is tuple:
        args = get_args(tp)
        named = labels.items.get(key)
        if named:
            return {
                "kind": "list",
                "item": _schema(args[0], key, labels, lang),
                "length": len(named),
                "item_labels": [w[i] for w in named],
            }
        if len(args) == 2 and args[1] is Ellipsis:
            return {"kind": "list", "item": _schema(args[0], key, labels, lang), "length": None}
        return {"kind": "list", "item": _schema(args[0], key, labels, lang), "length": len(args)}
    if origin is dict:
        _kt, vt = get_args(tp)
        keys = [{"value": v, "label": (de, en)[i]} for v, de, en in labels.choice_labels(key, str)]
        return {"kind": "map", "keys": keys, "value": _schema(vt, key + ".*", labels, lang)}
    if dataclasses.is_dataclass(tp):
        hints = _hints(tp)  # type: ignore[arg-type]
        defaults = tp()  # type: ignore[operator]
        fields = []
        for f in dataclasses.fields(tp):  # type: ignore[arg-type]
            sub = _join(key, f.name)
            fields.append(
                {
                    "key": f.name,
                    "name": labels.name(sub)[i] or f.name,
                    "description": f.metadata.get("en" if lang == "en" else "de", ""),
                    "default": _to_plain(getattr(defaults, f.name), hints[f.name]),
                    "schema": _bounded(_schema(hints[f.name], sub, labels, lang), f.metadata),
                }
            )
        return {"kind": "table", "fields": fields}
    return {"kind": "text"}


def _format_plain(value: Any, info: OptionInfo, lang: str) -> str:
    if isinstance(value, list):
        if not value:
            return "—"
        # Tables of a list apart from each other ("1, 2, 3, 4 → 500 | …"): a comma is already inside them.
        return (" | " if any(isinstance(v, dict) for v in value) else ", ").join(
            _format_plain(v, info, lang) for v in value
        )
    if isinstance(value, dict):
        if not value:
            return "—"
        names = {k: en if lang == "en" else de for k, de, en in info.item_names}
        return "; ".join(f"{names.get(k, k)}: {_format_plain(v, info, lang)}" for k, v in value.items())
    if isinstance(value, float):
        text = f"{value:g}"
        return text.replace(".", ",") if lang == "de" else text
    if info.choice_labels and any(v == value and type(v) is type(value) for v, _de, _en in info.choice_labels):
        return info.choice_label(value, lang)
    return str(value)


def _optional_table(tp: Any) -> bool:
    """Mode tables like ``[rueckwaerts]`` may be absent from a complete preset: they have defaults by design."""
    return dataclasses.is_dataclass(tp) and getattr(tp, "__optional_table__", False)


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else str(key)


def _type_name(tp: Any) -> str:
    origin = get_origin(tp)
    if origin is Literal:
        return " | ".join(repr(a) for a in get_args(tp))
    if origin in (tuple,):
        args = get_args(tp)
        return f"list of {_type_name(args[0])}" if args else "list"
    if origin is dict:
        _k, v = get_args(tp)
        return f"table of {_type_name(v)}"
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_type_name(a) for a in get_args(tp))
    if dataclasses.is_dataclass(tp):
        return "table"
    return getattr(tp, "__name__", str(tp))


_TYPE_MSGIDS: dict[Any, str] = {
    bool: N_("Option '{key}' must be true or false, not {got!r}."),
    int: N_("Option '{key}' must be a whole number, not {got!r}."),
    float: N_("Option '{key}' must be a number, not {got!r}."),
    str: N_("Option '{key}' must be a text, not {got!r}."),
}
_LIST_MSGIDS: dict[Any, str] = {
    bool: N_("Option '{key}' must be a list of true/false values, not {got!r}."),
    int: N_("Option '{key}' must be a list of whole numbers, not {got!r}."),
    float: N_("Option '{key}' must be a list of numbers, not {got!r}."),
    str: N_("Option '{key}' must be a list of texts, not {got!r}."),
}


def _type_error(tp: Any, key: str, value: Any) -> RuleError:
    """A wrong type, said in words that translate: the type is part of the msgid, not an English parameter
    ("muss eine Liste ganzer Zahlen sein", never "muss list of int sein")."""
    origin = get_origin(tp)
    args = get_args(tp)
    if tp in _TYPE_MSGIDS:
        return RuleError(_TYPE_MSGIDS[tp], key=key, got=value)
    if origin is Literal:
        return RuleError(
            N_("Option '{key}' must be one of {choices}, not {got!r}."),
            key=key,
            got=value,
            choices=", ".join(repr(a) for a in args),
        )
    if origin is tuple and args:
        if len(args) == 2 and args[1] is Ellipsis:
            if args[0] in _LIST_MSGIDS:
                return RuleError(_LIST_MSGIDS[args[0]], key=key, got=value)
            if dataclasses.is_dataclass(args[0]):
                return RuleError(N_("Option '{key}' must be a list of tables, not {got!r}."), key=key, got=value)
        elif all(a is int for a in args):
            return RuleError(
                N_("Option '{key}' must be a list of {n} whole numbers, not {got!r}."), key=key, got=value, n=len(args)
            )
    if origin is dict and args and get_origin(args[1]) is tuple and get_args(args[1])[:1] == (int,):
        return RuleError(
            N_("Option '{key}' must be a table of lists of whole numbers, not {got!r}."), key=key, got=value
        )
    if dataclasses.is_dataclass(tp):
        return RuleError(N_("Option '{key}' must be a table."), key=key)
    return RuleError(N_("Option '{key}' must be {expected}, not {got!r}."), key=key, expected=_type_name(tp), got=value)


def _convert(tp: Any, value: Any, key: str, complete: bool) -> Any:
    origin = get_origin(tp)
    if tp is Any:
        return value
    if origin is Literal:
        if value not in get_args(tp) or isinstance(value, bool) != any(isinstance(a, bool) for a in get_args(tp)):
            raise _type_error(tp, key, value)
        return value
    if origin in (typing.Union, types.UnionType):
        for arg in get_args(tp):
            if arg is type(None) and value is None:
                return None
            try:
                return _convert(arg, value, key, complete)
            except RuleError:
                continue
        raise _type_error(tp, key, value)
    if tp is bool:
        if not isinstance(value, bool):
            raise _type_error(tp, key, value)
        return value
    if tp is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise _type_error(tp, key, value)
        return value
    if tp is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise _type_error(tp, key, value)
        return float(value)
    if tp is str:
        if not isinstance(value, str):
            raise _type_error(tp, key, value)
        return value
    if origin is tuple:
        if not isinstance(value, (list, tuple)):
            raise _type_error(tp, key, value)
        args = get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_convert(args[0], v, f"{key}[{i}]", complete) for i, v in enumerate(value))
        if len(args) != len(value):
            raise _type_error(tp, key, value)
        return tuple(_convert(a, v, f"{key}[{i}]", complete) for i, (a, v) in enumerate(zip(args, value, strict=False)))
    if origin is dict:
        if not isinstance(value, Mapping):
            raise _type_error(tp, key, value)
        kt, vt = get_args(tp)
        return FrozenDict(
            (_convert(kt, str(k), key, complete), _convert(vt, v, _join(key, str(k)), complete))
            for k, v in sorted(value.items())
        )
    if dataclasses.is_dataclass(tp):
        return options_from_dict(tp, value, key, complete)  # type: ignore[arg-type]
    raise _type_error(tp, key, value)


def options_to_dict(obj: Any) -> dict[str, Any]:
    """The option tree as plain TOML/JSON data (tuples become lists; dict-typed options become tables)."""
    out: dict[str, Any] = {}
    hints = _hints(type(obj))
    for f in dataclasses.fields(obj):
        out[f.name] = _to_plain(getattr(obj, f.name), hints[f.name])
    return out


def _to_plain(value: Any, tp: Any) -> Any:
    origin = get_origin(tp)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return options_to_dict(value)
    if origin is dict:
        _, vt = get_args(tp)
        return {k: _to_plain(v, vt) for k, v in value.items()}
    if isinstance(value, tuple):
        args = get_args(tp)
        inner = args[0] if args else Any
        return [_to_plain(v, inner) for v in value]
    return value


def describe_options(obj: Any, path: str = "") -> list[OptionInfo]:
    """Every leaf option with its type, choices, default, current value, descriptions and human names (for editors
    and listings); names and choice labels come from :func:`label_options` on the root class."""
    return _describe(obj, path, option_labels(type(obj)), ("", ""))


def _describe(obj: Any, path: str, labels: OptionLabels, section: tuple[str, str]) -> list[OptionInfo]:
    out: list[OptionInfo] = []
    hints = _hints(type(obj))
    defaults = type(obj)()
    for f in dataclasses.fields(obj):
        tp = hints[f.name]
        value = getattr(obj, f.name)
        key = _join(path, f.name)
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            out.extend(_describe(value, key, labels, labels.name(key, f.metadata)))
            continue
        choices = get_args(tp) if get_origin(tp) is Literal else ((True, False) if tp is bool else ())
        name_de, name_en = labels.name(key)
        out.append(
            OptionInfo(
                key=key,
                type=_type_name(tp),
                choices=tuple(choices),
                default=_to_plain(getattr(defaults, f.name), tp),
                value=_to_plain(value, tp),
                de=f.metadata.get("de", ""),
                en=f.metadata.get("en", ""),
                low=f.metadata.get("low"),
                high=f.metadata.get("high"),
                name_de=name_de,
                name_en=name_en,
                section_de=section[0],
                section_en=section[1],
                choice_labels=labels.choice_labels(key, tp),
                item_names=_item_names(tp, key, labels),
            )
        )
    return out


def _item_names(tp: Any, key: str, labels: OptionLabels) -> tuple[tuple[str, str, str], ...]:
    """The human names of the fields of a list-of-tables option (empty for any other option)."""
    item = _item_class(tp)
    if item is None:
        return ()
    out = []
    for f in dataclasses.fields(item):
        de, en = labels.names.get(f"{key}.{f.name}", ("", ""))
        if de or en:
            out.append((f.name, de or en, en or de))
    return tuple(out)


def rules_key(obj: Any) -> str:
    """A canonical string of an option tree: a cache key for tables computed per rule set (hash-stable)."""
    import json

    return json.dumps(options_to_dict(obj), sort_keys=True, separators=(",", ":"))


def deep_merge(base: Mapping[str, Any], overlay: Mapping[str, Any]) -> dict[str, Any]:
    """Overlay semantics: tables merge recursively, arrays and scalars replace, an empty table clears."""
    out = dict(base)
    for k, v in overlay.items():
        if isinstance(v, Mapping):
            if not v:
                out[k] = {}
            elif isinstance(out.get(k), Mapping):
                out[k] = deep_merge(out[k], v)
            else:
                out[k] = dict(v)
        else:
            out[k] = v
    return out


def flatten_overrides(cls: type[Any], overrides: Mapping[str, Any], path: str = "") -> list[tuple[str, Any]]:
    """Overrides given as dotted keys or as a nested partial tree (``{"game": {"target": 1000}}``) → dotted
    (key, value) pairs for :func:`set_dotted`. A mapping under a *section* (a nested rules dataclass) is opened, so
    the section's other options keep the preset's values; set whole, it would reset them to the class defaults (a
    Farkle game to 1,000 quietly lost the preset's end rule). A mapping under an option (a table) stays whole."""
    hints = _hints(cls)
    out: list[tuple[str, Any]] = []
    for key, value in overrides.items():
        head, _, rest = str(key).partition(".")
        tp = hints.get(head) if head in {f.name for f in dataclasses.fields(cls)} else None
        if tp is not None and dataclasses.is_dataclass(tp) and isinstance(tp, type):
            sub = {rest: value} if rest else value
            if isinstance(sub, Mapping):
                out.extend(flatten_overrides(tp, sub, _join(path, head)))
                continue
        out.append((_join(path, str(key)), value))
    return out


def set_dotted(data: Mapping[str, Any], key: str, value: Any) -> dict[str, Any]:
    """Return a copy of ``data`` with the dotted option ``key`` set (for the web editor).

    The value replaces what was there, a table included: an editor that removed a row of a table-valued option
    (``scoring.kind.explicit``) must not get the row back from the preset by a merge."""
    parts = key.split(".")
    out = dict(data)
    node = out
    for p in parts[:-1]:
        child = node.get(p)
        node[p] = dict(child) if isinstance(child, Mapping) else {}
        node = node[p]
    node[parts[-1]] = value
    return out


@dataclasses.dataclass(frozen=True)
class ResolvedRules:
    """A rule set after presets and overlays have been applied."""

    id: str
    data: dict[str, Any]
    """The merged document without its ``[preset]``/``[overlay]`` metadata."""
    source: str
    note: str
    """The German note (the preset's ``note``); :meth:`describe` picks the language."""
    name_de: str = ""
    name_en: str = ""
    note_en: str = ""
    internal: bool = False
    """Kept for tests and exact examples of the texts: loadable by id, never offered in lists or the lobby."""

    def name(self, lang: str = "de") -> str:
        """The rule set's human name; its id where a file names none (a user's own file)."""
        return (self.name_en if lang == "en" else self.name_de) or self.id

    def describe(self, lang: str = "de") -> str:
        """What the rule set is, in ``lang`` (an English note falls back to the German one, never the reverse)."""
        return (self.note_en or self.note) if lang == "en" else self.note


class PresetLibrary:
    """The presets and overlays of one game, shipped as TOML files in a package directory."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._docs: dict[str, dict[str, Any]] | None = None

    def _load(self) -> dict[str, dict[str, Any]]:
        if self._docs is None:
            docs: dict[str, dict[str, Any]] = {}
            for path in sorted(self.directory.glob("*.toml")):
                doc = _read_toml(path)
                meta = doc.get("preset") or doc.get("overlay") or {}
                docs[str(meta.get("id", path.stem))] = doc
            self._docs = docs
        return self._docs

    def names(self) -> list[str]:
        """Presets first (in file order), then overlays."""
        docs = self._load()
        presets = [k for k, d in docs.items() if "preset" in d]
        overlays = [k for k, d in docs.items() if "overlay" in d]
        return presets + overlays

    def presets(self) -> list[str]:
        return [k for k, d in self._load().items() if "preset" in d]

    def is_overlay(self, name: str) -> bool:
        return "overlay" in self._load().get(name, {})

    def is_internal(self, name: str) -> bool:
        """``internal = true`` in the file's metadata: a rule set for tests, not for players."""
        doc = self._load().get(name, {})
        return bool((doc.get("preset") or doc.get("overlay") or {}).get("internal", False))

    def public_names(self) -> list[str]:
        """What lists and the lobby offer: :meth:`names` without the internal rule sets."""
        return [n for n in self.names() if not self.is_internal(n)]

    def resolve(self, name_or_path: str) -> ResolvedRules:
        """Resolve a preset or overlay id, or the path of a user's TOML file."""
        docs = self._load()
        if name_or_path in docs:
            return self._resolve_doc(name_or_path, docs[name_or_path], set())
        path = Path(name_or_path)
        if path.suffix == ".toml" or path.exists():
            if not path.exists():
                raise RuleError(N_("Rules file not found: {path}"), path=str(path))
            doc = _read_toml(path)
            if not any(t in doc for t in PRESET_META_KEYS):
                # An empty file (or one of bare options) is no rule set: it used to load as the class defaults of
                # whichever game was asked first — Al Capone for any game (issue 24 B5).
                raise RuleError(
                    N_(
                        "Rules file {path} is no rule set: it needs an [overlay] table naming the rule set "
                        'it changes (extends = "…") or a complete [preset].'
                    ),
                    path=str(path),
                )
            meta = doc.get("overlay") or doc.get("preset") or {}
            return self._resolve_doc(str(meta.get("id", path.stem)), doc, set())
        raise RuleError(
            N_("Unknown rule set '{name}'. Known: {known}"), name=name_or_path, known=", ".join(self.names())
        )

    def _resolve_doc(self, name: str, doc: dict[str, Any], seen: set[str]) -> ResolvedRules:
        check_meta(doc, name)
        body = {k: v for k, v in doc.items() if k not in PRESET_META_KEYS}
        if "overlay" in doc:
            meta = doc["overlay"]
            parent = meta.get("extends")
            if not isinstance(parent, str):
                raise RuleError(N_("Overlay '{name}' must name the rule set it extends."), name=name)
            if parent in seen or parent == name:
                raise RuleError(N_("Overlay '{name}' extends itself."), name=name)
            docs = self._load()
            if parent not in docs:
                owner = _owner_of(parent)
                if owner is not None:
                    # Known, but another game's: "unknown" would be false (issue 24 U17).
                    raise RuleError(
                        N_(
                            "Overlay '{name}' extends '{parent}', a rule set of {other}; this game's rule sets: {known}"
                        ),
                        name=name,
                        parent=parent,
                        other=ErrorWords(owner.name_en, owner.name_de),
                        known=", ".join(self.names()),
                    )
                raise RuleError(N_("Overlay '{name}' extends unknown rule set '{parent}'."), name=name, parent=parent)
            base = self._resolve_doc(parent, docs[parent], seen | {name})
            return ResolvedRules(
                id=str(meta.get("id", name)),
                data=deep_merge(base.data, body),
                source=base.source,
                note=str(meta.get("note", "")),
                **_texts(meta),
            )
        meta = doc.get("preset", {})
        return ResolvedRules(
            id=str(meta.get("id", name)),
            data=body,
            source=str(meta.get("source", "")),
            note=str(meta.get("note", "")),
            **_texts(meta),
        )


def _texts(meta: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "name_de": str(meta.get("name_de", "")),
        "name_en": str(meta.get("name_en", "")),
        "note_en": str(meta.get("note_en", "")),
        "internal": bool(meta.get("internal", False)),
    }


def check_meta(doc: Mapping[str, Any], name: str) -> None:
    """Refuse a rules document whose ``[preset]``/``[overlay]`` table holds anything but metadata, naming the key
    (see :data:`META_FIELDS`), and a document that is both a preset and an overlay."""
    tables = [t for t in PRESET_META_KEYS if t in doc]
    if len(tables) > 1:
        raise RuleError(N_("Rule set '{name}' has both a preset and an overlay table; it can only be one."), name=name)
    for table in tables:
        meta = doc[table]
        if not isinstance(meta, Mapping):
            raise RuleError(N_("Option '{key}' must be a table."), key=table)
        for key in meta:
            if key not in META_FIELDS[table]:
                raise RuleError(
                    N_(
                        "Rule set '{name}': '{key}' is no metadata of the {table} table (allowed: {allowed}). Rule "
                        "options go above the line that opens the {table} table: in TOML every key after a table's "
                        "header belongs to that table."
                    ),
                    name=name,
                    key=f"{table}.{key}",
                    table=table,
                    allowed=", ".join(sorted(META_FIELDS[table])),
                )


GAMES: Callable[[], Iterable[Any]] = tuple
"""Every registered game (the registry sets it when it loads): rules sit below the registry and never import it, but a
refusal may name another game's rule set."""


def _owner_of(rule_set: str) -> Any:
    """The registered game whose library has ``rule_set`` (None: no game's), for a refusal that names it."""
    for info in GAMES():
        lib = info.library
        if lib is not None and rule_set in lib.names():
            return info
    return None


def _read_toml(path: Path) -> dict[str, Any]:
    """A rules file as TOML. A UTF-8 byte order mark (what Windows editors write) is dropped: TOML forbids it, and
    the parser's "Invalid statement (at line 1, column 1)" pointed at nothing the user can see (issue 24 U17)."""
    try:
        with path.open("rb") as fh:
            data = fh.read()
        return tomllib.loads(data.decode("utf-8-sig"))
    except tomllib.TOMLDecodeError as exc:
        raise RuleError(N_("Rules file {path} is not valid TOML: {reason}"), path=str(path), reason=str(exc)) from exc
    except (OSError, UnicodeDecodeError) as exc:  # a folder, a binary file: a refusal, never a traceback
        raise file_error(exc, path) from exc
