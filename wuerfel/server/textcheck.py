"""Checks on text people type that others read: chat lines, player names, the names of a real table's seats.

Two kinds of trouble (issue 24, security report L4 and L5):

- **Invisible control characters.** A right-to-left override (U+202E) turns the rest of a chat line around, so
  "Anna: ich gebe auf" can be made to read as something else, and it leaks into the names beside it; a NUL cannot
  be stored by PostgreSQL at all, which failed the line as "database cannot be written". Such text is refused with
  a message saying why, and nothing is stored: every C0/C1 control (category Cc, NUL, tab and newline included —
  a chat line is one line), the bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) and lone
  surrogates (which JSON can carry and no database encoding can store).
- **Look-alike names.** "Аnna" with a Cyrillic "А" looks exactly like "Anna" and, registered, passed for her on
  leaderboards, rated tables and profiles. :func:`skeleton` is a small version of the confusable skeleton of
  Unicode TR39 (section 4): NFKC (so fullwidth and mathematical letters become plain ones), the Cyrillic and Greek
  letters that look like Latin ones mapped to those, then case-folded. Two names with one skeleton look alike; a
  new registered name must not share its skeleton with another registered player, and a guest must not take the
  skeleton of a registered one. A name that mixes Latin, Cyrillic and Greek letters is refused outright
  (:func:`name_problem`): no real name needs that, and it is how look-alikes are made.

The skeletons of registered players are stored (``players.name_skeleton``, migration 0010): a change to the mapping
or to :func:`skeleton` needs a migration that computes them again.

Only Latin, Cyrillic and Greek are mapped: they are the scripts whose letters share shapes. A name wholly in
another script (Japanese, Arabic …) is left as it is.
"""

from __future__ import annotations

import unicodedata

from wuerfel.engine.errors import N_

BIDI_CONTROLS = frozenset(chr(c) for c in [*range(0x202A, 0x202F), *range(0x2066, 0x206A)])
"""Embeddings, overrides and isolates: they reorder the text after them on the reader's screen."""

CONTROL_IN_CHAT = N_(
    "The message contains control characters (such as a text direction override); please write plain text."
)
CONTROL_IN_NAME = N_("A name must not contain control characters (such as a text direction override).")
MIXED_SCRIPTS = N_(
    "A name must not mix letters of different alphabets (Latin, Cyrillic, Greek): "
    "such names can pass for somebody else's."
)


def control_char(text: str) -> str | None:
    """The first character of ``text`` that must not be shown to others (see the module), or None."""
    for ch in text:
        if ch in BIDI_CONTROLS or unicodedata.category(ch) in ("Cc", "Cs"):
            return ch
    return None


_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK")


def scripts(text: str) -> set[str]:
    """Which of Latin, Cyrillic and Greek the letters of ``text`` (after NFKC) are written in."""
    out: set[str] = set()
    for ch in unicodedata.normalize("NFKC", text):
        if not unicodedata.category(ch).startswith("L"):
            continue
        first = unicodedata.name(ch, "").split(" ", 1)[0]
        if first in _SCRIPTS:
            out.add(first)
    return out


def name_problem(name: str) -> str | None:
    """Why a new player name is refused (a msgid), or None. Length and emptiness are checked by the caller.

    Whitespace (a tab, a newline) is not refused: names are stored with every run of it made one space."""
    name = " ".join(name.split())
    if control_char(name) is not None:
        return CONTROL_IN_NAME
    if len(scripts(name)) > 1:
        return MIXED_SCRIPTS
    return None


# Cyrillic and Greek letters that look like Latin ones (from TR39's confusables.txt, the ones that are the same
# shape in ordinary fonts), upper and lower case. Letters with marks ("Ё", "ӧ") need no entry: the skeleton is
# taken of the decomposed text, so their base letter is mapped and the mark kept.
_CONFUSABLES = {
    # Cyrillic
    "А": "A",
    "В": "B",
    "Е": "E",
    "К": "K",
    "М": "M",
    "Н": "H",
    "О": "O",
    "Р": "P",
    "С": "C",
    "Т": "T",
    "Х": "X",
    "У": "Y",
    "Ѕ": "S",
    "І": "I",
    "Ј": "J",
    "Ԛ": "Q",
    "Ԝ": "W",
    "Ү": "Y",
    "Һ": "h",
    "Ӏ": "l",
    "Ԍ": "G",
    "Ԁ": "d",
    "а": "a",
    "в": "b",
    "е": "e",
    "к": "k",
    "м": "m",
    "н": "h",
    "о": "o",
    "р": "p",
    "с": "c",
    "т": "t",
    "х": "x",
    "у": "y",
    "ѕ": "s",
    "і": "i",
    "ј": "j",
    "ԛ": "q",
    "ԝ": "w",
    "ү": "y",
    "һ": "h",
    "ӏ": "l",
    "ԁ": "d",
    # Greek
    "Α": "A",
    "Β": "B",
    "Ε": "E",
    "Ζ": "Z",
    "Η": "H",
    "Ι": "I",
    "Κ": "K",
    "Μ": "M",
    "Ν": "N",
    "Ο": "O",
    "Ρ": "P",
    "Τ": "T",
    "Υ": "Y",
    "Χ": "X",
    "Ϲ": "C",
    "Ϳ": "J",
    "α": "a",
    "ο": "o",
    "ρ": "p",
    "ν": "v",
    "υ": "u",
    "ι": "i",
    "κ": "k",
    "χ": "x",
    "ϲ": "c",
    "ϳ": "j",
    "γ": "y",
    "τ": "t",
}
_TABLE = str.maketrans(_CONFUSABLES)


def skeleton(name: str) -> str:
    """The look-alike key of a name: equal for names that look the same (see the module). Whitespace is collapsed
    like :func:`wuerfel.server.auth.login_key`; the result has at most 64 characters (it is stored)."""
    text = " ".join(unicodedata.normalize("NFKC", name).split())
    text = unicodedata.normalize("NFD", text).translate(_TABLE)
    return unicodedata.normalize("NFC", text.casefold())[:64]
