"""Rule files: presets (complete TOML documents with a ``[preset]`` table) and overlays (partial documents with an
``[overlay]`` table deep-merged onto what they extend), a game's library of them (:class:`PresetLibrary`), a rule
set resolved through its chain (:class:`ResolvedRules`), a user's own file, and the dotted overrides of the web
editor and the command line (:func:`set_dotted`, :func:`flatten_overrides`).

Apart from the option tree (:mod:`wuerfel.engine.option_tree`), which turns the resolved document into typed
options: files, their metadata and their merging change without the options' typing, and the other way round.
:mod:`wuerfel.engine.rules` is the door every game imports these names through.
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from wuerfel.engine.errors import N_, RuleError, file_error
from wuerfel.engine.errors import Words as ErrorWords
from wuerfel.engine.option_tree import _hints, _join

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
