"""Checking messages against :mod:`wuerfel.server.protocol` and writing docs/protocol.md's message table from it.

Apart from the definitions so that they stay a page a newcomer reads at once; the tests use :func:`problems` on
every message of a played game, and ``python -m wuerfel.server.protocol_schema`` prints the table the docs carry.
"""

import json
import sys
import types
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

from wuerfel.server.protocol import CLIENT_MESSAGES, PARTS, SERVER_MESSAGES


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


# --- checking a message against its definition ------------------------------------------------------------------------
def _typeddict(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, dict) and hasattr(tp, "__required_keys__")


def problems(value: Any, tp: Any, where: str = "") -> list[str]:
    """What in ``value`` does not fit ``tp`` (empty: it fits). A TypedDict must have its required keys and no
    others; ``int`` takes no bool; ``float`` takes an int (JSON writes 2.0 as 2 only when it was an int)."""
    where = where or getattr(tp, "__name__", str(tp))
    origin = get_origin(tp)
    if tp is Any:
        return []
    if tp is type(None) or tp is None:
        return [] if value is None else [f"{where}: {value!r} is not null"]
    if origin in (Union, types.UnionType):
        results = [problems(value, arg, where) for arg in get_args(tp)]
        return [] if any(not r for r in results) else min(results, key=len)
    if origin is Literal:
        ok = any(value == a and type(value) is type(a) for a in get_args(tp))
        return [] if ok else [f"{where}: {value!r} is none of {get_args(tp)}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {value!r} is not a list"]
        (item,) = get_args(tp)
        return [p for i, x in enumerate(value) for p in problems(x, item, f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not an object"]
        _, item = get_args(tp)
        return [p for k, x in value.items() for p in problems(x, item, f"{where}.{k}")]
    if _typeddict(tp):
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not an object"]
        hints = get_type_hints(tp)
        out = [f"{where}: missing {k!r}" for k in sorted(tp.__required_keys__ - set(value))]
        out += [f"{where}: unknown field {k!r}" for k in sorted(set(value) - set(hints))]
        for k, x in value.items():
            if k in hints:
                out += problems(x, hints[k], f"{where}.{k}")
        return out
    if tp is bool:
        return [] if isinstance(value, bool) else [f"{where}: {value!r} is not a bool"]
    if tp is int:
        return [] if _is_int(value) else [f"{where}: {value!r} is not an int"]
    if tp is float:
        return [] if _is_int(value) or isinstance(value, float) else [f"{where}: {value!r} is not a number"]
    if tp is str:
        return [] if isinstance(value, str) else [f"{where}: {value!r} is not a string"]
    raise TypeError(f"{where}: no check for {tp!r}")


def server_problems(msg: Any) -> list[str]:
    """:func:`problems` of a message the server sent, by its ``type`` (an unknown type is one)."""
    kind = msg.get("type") if isinstance(msg, dict) else None
    tp = SERVER_MESSAGES.get(kind) if isinstance(kind, str) else None
    if tp is None:
        return [f"no server message of type {kind!r}: {msg!r}"]
    return problems(msg, tp)


# --- the docs' table ------------------------------------------------------------------------------------------------
def type_text(tp: Any) -> str:
    """A field's type as the docs write it: JSON's names, ``|`` between alternatives, ``[x]`` for a list of x."""
    origin = get_origin(tp)
    if tp is Any:
        return "any"
    if tp is type(None):
        return "null"
    if origin in (Union, types.UnionType):
        return " | ".join(type_text(a) for a in get_args(tp))
    if origin is Literal:
        return " | ".join(json.dumps(a) for a in get_args(tp))
    if origin is list:
        return f"[{type_text(get_args(tp)[0])}]"
    if origin is dict:
        return "object"
    if _typeddict(tp):
        return tp.__name__
    return {bool: "bool", int: "int", float: "number", str: "string"}[tp]


def fields_text(tp: Any) -> str:
    """The fields of a TypedDict in one table cell: ``name: type``, an optional one as ``name?``."""
    hints = get_type_hints(tp)
    cells = []
    for k, t in hints.items():
        mark = "" if k in tp.__required_keys__ else "?"
        cells.append(f"`{k}{mark}`: {type_text(t)}")
    return ", ".join(cells).replace("|", "\\|")


def markdown() -> str:
    """The message tables of docs/protocol.md ("Message table"), written from the definitions above."""

    def doc(tp: Any) -> str:
        return " ".join((tp.__doc__ or "").split()).replace("``", "`").replace("|", "\\|")

    lines = ["| from | message | fields | meaning |", "|---|---|---|---|"]
    for kind, tp in CLIENT_MESSAGES.items():
        lines.append(f"| client | `{kind}` ({tp.__name__}) | {fields_text(tp)} | {doc(tp)} |")
    for kind, tp in SERVER_MESSAGES.items():
        lines.append(f"| server | `{kind}` ({tp.__name__}) | {fields_text(tp)} | {doc(tp)} |")
    lines += ["", "| part | fields | meaning |", "|---|---|---|"]
    for tp in PARTS:
        lines.append(f"| {tp.__name__} | {fields_text(tp)} | {doc(tp)} |")
    return "\n".join(lines) + "\n"


BEGIN = "<!-- message table: begin (python -m wuerfel.server.protocol_schema --write docs/protocol.md) -->"
END = "<!-- message table: end -->"
"""The markers in docs/protocol.md between which :func:`markdown`'s table stands."""


def with_table(doc: str) -> str:
    """``doc`` with the text between :data:`BEGIN` and :data:`END` replaced by :func:`markdown` (the same text
    when the docs are up to date). Raises ValueError when the markers are missing."""
    head, sep, rest = doc.partition(BEGIN)
    _, sep2, tail = rest.partition(END)
    if not sep or not sep2:
        raise ValueError(f"the markers {BEGIN!r} … {END!r} are missing")
    return f"{head}{BEGIN}\n{markdown()}{END}{tail}"


def main(argv: list[str]) -> int:
    """Print the table, or with ``--write PATH`` put it into that document between the markers."""
    if argv[:1] == ["--write"] and len(argv) == 2:
        path = Path(argv[1])
        path.write_text(with_table(path.read_text(encoding="utf-8")), encoding="utf-8")
        return 0
    sys.stdout.write(markdown())
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
