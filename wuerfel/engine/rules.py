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
``wuerfel rules show``.
"""

from __future__ import annotations

import dataclasses
import tomllib
import types
import typing
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal, TypeVar, get_args, get_origin

from wuerfel.engine.errors import N_, RuleError

T = TypeVar("T")

PRESET_META_KEYS = ("preset", "overlay")


class FrozenDict(dict[Any, Any]):
    """A read-only, hashable dict for table-valued options, so whole rule sets can key caches (``lru_cache``)."""

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items())))

    def _readonly(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("rule options are immutable")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _readonly  # type: ignore[assignment]


def opt(default: Any, de: str = "", en: str = "") -> Any:
    """Declare an option with its default and its descriptions (German first)."""
    meta = {"de": de, "en": en or de}
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
    for name, _f in fields.items():
        key = _join(path, name)
        if name in data:
            kwargs[name] = _convert(hints[name], data[name], key, complete)
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


def _convert(tp: Any, value: Any, key: str, complete: bool) -> Any:
    origin = get_origin(tp)
    wrong = RuleError(
        N_("Option '{key}' must be {expected}, not {got!r}."), key=key, expected=_type_name(tp), got=value
    )
    if tp is Any:
        return value
    if origin is Literal:
        if value not in get_args(tp) or isinstance(value, bool) != any(isinstance(a, bool) for a in get_args(tp)):
            raise wrong
        return value
    if origin in (typing.Union, types.UnionType):
        for arg in get_args(tp):
            if arg is type(None) and value is None:
                return None
            try:
                return _convert(arg, value, key, complete)
            except RuleError:
                continue
        raise wrong
    if tp is bool:
        if not isinstance(value, bool):
            raise wrong
        return value
    if tp is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise wrong
        return value
    if tp is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise wrong
        return float(value)
    if tp is str:
        if not isinstance(value, str):
            raise wrong
        return value
    if origin is tuple:
        if not isinstance(value, (list, tuple)):
            raise wrong
        args = get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_convert(args[0], v, f"{key}[{i}]", complete) for i, v in enumerate(value))
        if len(args) != len(value):
            raise wrong
        return tuple(_convert(a, v, f"{key}[{i}]", complete) for i, (a, v) in enumerate(zip(args, value, strict=False)))
    if origin is dict:
        if not isinstance(value, Mapping):
            raise wrong
        kt, vt = get_args(tp)
        return FrozenDict(
            (_convert(kt, str(k), key, complete), _convert(vt, v, _join(key, str(k)), complete))
            for k, v in sorted(value.items())
        )
    if dataclasses.is_dataclass(tp):
        return options_from_dict(tp, value, key, complete)  # type: ignore[arg-type]
    raise wrong


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
    """Every leaf option with its type, choices, default, current value and descriptions (for editors/listings)."""
    out: list[OptionInfo] = []
    hints = _hints(type(obj))
    defaults = type(obj)()
    for f in dataclasses.fields(obj):
        tp = hints[f.name]
        value = getattr(obj, f.name)
        key = _join(path, f.name)
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            out.extend(describe_options(value, key))
            continue
        choices = get_args(tp) if get_origin(tp) is Literal else ((True, False) if tp is bool else ())
        out.append(
            OptionInfo(
                key=key,
                type=_type_name(tp),
                choices=tuple(choices),
                default=_to_plain(getattr(defaults, f.name), tp),
                value=_to_plain(value, tp),
                de=f.metadata.get("de", ""),
                en=f.metadata.get("en", ""),
            )
        )
    return out


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


def set_dotted(data: Mapping[str, Any], key: str, value: Any) -> dict[str, Any]:
    """Return a copy of ``data`` with the dotted option ``key`` set (for ``--set key=value`` and the web editor)."""
    parts = key.split(".")
    overlay: dict[str, Any] = {parts[-1]: value}
    for p in reversed(parts[:-1]):
        overlay = {p: overlay}
    return deep_merge(data, overlay)


@dataclasses.dataclass(frozen=True)
class ResolvedRules:
    """A rule set after presets and overlays have been applied."""

    id: str
    data: dict[str, Any]
    """The merged document without its ``[preset]``/``[overlay]`` metadata."""
    source: str
    note: str


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
            meta = doc.get("overlay") or doc.get("preset") or {}
            return self._resolve_doc(str(meta.get("id", path.stem)), doc, set())
        raise RuleError(
            N_("Unknown rule set '{name}'. Known: {known}"), name=name_or_path, known=", ".join(self.names())
        )

    def _resolve_doc(self, name: str, doc: dict[str, Any], seen: set[str]) -> ResolvedRules:
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
                raise RuleError(N_("Overlay '{name}' extends unknown rule set '{parent}'."), name=name,
                                parent=parent)
            base = self._resolve_doc(parent, docs[parent], seen | {name})
            return ResolvedRules(
                id=str(meta.get("id", name)),
                data=deep_merge(base.data, body),
                source=base.source,
                note=str(meta.get("note", "")),
            )
        meta = doc.get("preset", {})
        return ResolvedRules(id=str(meta.get("id", name)), data=body, source=str(meta.get("source", "")),
                             note=str(meta.get("note", "")))


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise RuleError(N_("Rules file {path} is not valid TOML: {reason}"), path=str(path), reason=str(exc)) from exc
