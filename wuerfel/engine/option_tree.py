"""The option tree of a game's rules: one frozen dataclass whose fields are scalars, ``Literal`` choices, tuples
and nested dataclasses, declared with :func:`opt` (default, descriptions, range), read from a plain dict with every
refusal naming the dotted option (:func:`options_from_dict`, ranges included) and written back
(:func:`options_to_dict`, :func:`rules_key`).

Apart from the names of the options (:mod:`wuerfel.engine.option_labels`) and the rule files
(:mod:`wuerfel.engine.presets`), which both build on it: this is the typed core that neither words nor files
change. :mod:`wuerfel.engine.rules` is the door every game imports these names through.
"""

from __future__ import annotations

import dataclasses
import math
import types
import typing
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, get_args, get_origin

from wuerfel.engine.errors import N_, RuleError

T = TypeVar("T")


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


def _item_class(tp: Any) -> type[Any] | None:
    if get_origin(tp) is tuple:
        args = get_args(tp)
        item: Any = args[0] if args else None
        if item is not None and dataclasses.is_dataclass(item):
            return item  # type: ignore[return-value]
    return None


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


def rules_key(obj: Any) -> str:
    """A canonical string of an option tree: a cache key for tables computed per rule set (hash-stable)."""
    import json

    return json.dumps(options_to_dict(obj), sort_keys=True, separators=(",", ":"))
