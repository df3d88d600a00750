"""Soft hyphens in the long words of table headers, remembered on disk.

Why: a phone's narrow table broke its headers anywhere ("Wertungsz / ahl"), or, kept whole, pushed the table past
the screen; soft hyphens let it break them where a reader expects (browsers hyphenate German by themselves only with
dictionaries Debian's chromium does not ship). pyphen reads its German patterns in about two seconds, and it did so
on the first profile or leaderboard page after every start: the page stood blank for 2.6 s (issue 24, web U15).
The few texts that are hyphenated (headers) are now kept with their result in a small JSON file in the user cache
directory, so a page after a restart reads them from there; pyphen is loaded only for a text not seen before (a new
translation), once per machine.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from functools import lru_cache
from pathlib import Path
from typing import Any

log = logging.getLogger("wuerfel.server")

MIN_LENGTH = 7
"""Shorter words are never hyphenated (they fit)."""

_LOCK = threading.Lock()
_KNOWN: dict[str, dict[str, str]] | None = None
"""Language → text → the text with soft hyphens, as read from and written to :func:`cache_file`."""


def cache_file() -> Path:
    """Where the hyphenated texts are kept (per pyphen version: new patterns hyphenate anew)."""
    from wuerfel.cachedir import user_cache_dir

    try:
        import pyphen

        version = pyphen.__version__
    except ImportError:  # pragma: no cover - pyphen is a dependency of the web extra
        version = "none"
    return user_cache_dir() / "hyphen" / f"texts-{version}.json"


@lru_cache(maxsize=4)
def _dictionary(lang: str) -> Any:
    import pyphen

    return pyphen.Pyphen(lang="de_DE" if lang == "de" else "en_GB")


def _known() -> dict[str, dict[str, str]]:
    global _KNOWN
    if _KNOWN is None:
        try:
            data = json.loads(cache_file().read_text(encoding="utf-8"))
            _KNOWN = {str(k): {str(a): str(b) for a, b in v.items()} for k, v in data.items() if isinstance(v, dict)}
        except (OSError, ValueError, AttributeError):
            _KNOWN = {}
    return _KNOWN


def _remember(lang: str, text: str, out: str) -> None:
    """Add one text to the file (written whole to a temporary name and renamed: a reader never sees half a file).
    A cache that cannot be written only costs the next start the dictionary again."""
    known = _known()
    known.setdefault(lang, {})[text] = out
    path = cache_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp")
        tmp.write_text(json.dumps(known, ensure_ascii=False, sort_keys=True), encoding="utf-8")
        tmp.replace(path)
    except OSError as exc:
        log.warning("the hyphenation cache %s cannot be written: %s", path, exc)


def hyphenate(text: str, lang: str) -> str:
    """``text`` with soft hyphens (U+00AD) in its words of :data:`MIN_LENGTH` letters or more."""
    if not any(len(w) >= MIN_LENGTH for w in text.split(" ")):
        return text
    with _LOCK:
        hit = _known().get(lang, {}).get(text)
        if hit is not None:
            return hit
        d = _dictionary(lang)
        out = " ".join(d.inserted(w, hyphen="\u00ad") if len(w) >= MIN_LENGTH else w for w in text.split(" "))
        _remember(lang, text, out)
        return out


def forget() -> None:
    """Drop what is held in memory (tests: the next call reads the file again)."""
    global _KNOWN
    with _LOCK:
        _KNOWN = None
