"""The human names of a game's options, in German and English: every option, section, choice and table field
named (:func:`label_options`), the leaf options listed with their names, values and descriptions for editors and
listings (:class:`OptionInfo`, :func:`describe_options`), and the schema the web rule editor draws
(:func:`option_schema`).

Apart from the option tree (:mod:`wuerfel.engine.option_tree`) because words change for their own reasons (a
clearer name, a new language) and the tree's typing for its own. :mod:`wuerfel.engine.rules` is the door every game
imports these names through.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Literal, get_args, get_origin

from wuerfel.engine.option_tree import _hints, _item_class, _join, _to_plain, _type_name


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
