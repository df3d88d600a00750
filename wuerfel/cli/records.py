"""Files of ``wuerfel play``: never overwrite a file the player did not mean to give up (issue 24 B2).

``--save FILE`` and the file name asked at ``q`` used to replace whatever was there: a finished Escalero game was
lost to an unfinished Jule. A file that exists is now overwritten only after the player said yes to a question that
names what is in it — except the game's own files (the ``--save`` file while it is saved to, the ``--load`` file
being continued), which hold earlier states of this very game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from wuerfel.engine.errors import N_, WuerfelError
from wuerfel.engine.record import GameRecord
from wuerfel.engine.registry import get_game
from wuerfel.i18n import Translator

YES_WORDS = {"j", "ja", "y", "yes"}

Confirm = Callable[[str], bool]
"""Asks a yes/no question (already translated); True only for yes."""


def same_file(a: Path, b: Path | None) -> bool:
    """Do both paths name one file (``./x.json`` and ``x.json``, a link and its target)?"""
    if b is None:
        return False
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


def is_own(path: Path, own: Iterable[Path | None]) -> bool:
    return any(same_file(path, o) for o in own)


def contents(path: Path, lang: str) -> str:
    """What the file holds, in a few words: "eine Partie Escalero, beendet", "keine Partie"."""
    _ = Translator(lang)
    try:
        record = GameRecord.loads(path.read_text(encoding="utf-8"))
        name = get_game(record.game).name(lang)
    except (OSError, UnicodeDecodeError, WuerfelError, ValueError):
        return _("it is no game record")
    try:
        finished = record.replay().is_terminal()
    except Exception:  # a record that no longer replays is still somebody's game: name it, ask all the same
        return _("a game of {game}", game=name)
    return _("a finished game of {game}", game=name) if finished else _("an unfinished game of {game}", game=name)


def may_write(path: Path, own: Iterable[Path | None], confirm: Confirm | None, lang: str) -> bool:
    """May the record go to ``path``? Yes for a new file and for the game's own files; for any other existing
    file only when ``confirm`` says yes to a question naming what it holds (no ``confirm``: no)."""
    if not path.exists() or path.is_dir() or is_own(path, own):
        return True  # a folder is refused with its own reason when it is written
    if confirm is None:
        return False
    _ = Translator(lang)
    return confirm(_("{path} exists already ({what}). Overwrite it?", path=str(path), what=contents(path, lang)))


KEPT = N_("{path} exists already and was kept; choose another file for --save.")
"""The refusal when the player does not want an existing ``--save`` file overwritten (status 2)."""
