"""Saving and loading a terminal game (:mod:`wuerfel.cli.play`): the record written atomically after every event
(``--save``), the file asked for at ``q``, what is said of the file when input ends, and a saved game read back
(``--load``) with its rules and its seats. The session's methods of these names call the functions here.
"""

from __future__ import annotations

import errno
from pathlib import Path
from typing import TYPE_CHECKING

from wuerfel.cli.play_input import EndOfInput
from wuerfel.cli.play_seats import Seat, mark_you, parse_players
from wuerfel.cli.records import may_write
from wuerfel.engine import counts
from wuerfel.engine.errors import N_, RuleError, file_error
from wuerfel.engine.record import GameRecord, Match
from wuerfel.engine.registry import GameInfo, get_game

if TYPE_CHECKING:
    from wuerfel.cli.play import PlaySession


def save_record(record: GameRecord, path: Path) -> None:
    """Write atomically, so an interrupted save never destroys the previous record.

    A folder is refused before anything is written (``replace`` would otherwise leave a stray temporary file or,
    for an empty folder, replace it)."""
    if path.is_dir():
        raise IsADirectoryError(errno.EISDIR, "Is a directory", str(path))
    tmp = path.with_name(path.name + ".tmp")
    try:
        tmp.write_text(record.dumps() + "\n", encoding="utf-8")
        tmp.replace(path)
    except OSError:
        tmp.unlink(missing_ok=True)
        raise


def say_saved(session: PlaySession, saved: bool) -> None:
    """After Ctrl-D or Ctrl-C: whether the game is in a file, so nobody has to guess (issue 24 U12)."""
    if saved:
        session.say(session._("The record is saved in {path}.", path=session.save_path))
    elif session.save_path is None:
        session.say(session._("The game was not saved (--save FILE keeps a game in a file)."), style="yellow")
    else:
        session.say(session._("The game could not be saved in {path}.", path=session.save_path), style="red")


def autosave(session: PlaySession) -> bool:
    """Save after an event when ``--save`` is given. A failure (disk full, the folder removed) is said once
    and the game goes on: the record is still whole in memory, and quitting asks for another file."""
    if session.save_path is None:
        return False
    try:
        save_record(session.match.record, session.save_path)
    except OSError as exc:
        if not session.save_failed:
            session.refuse(file_error(exc, session.save_path, writing=True))
        session.save_failed = True
        return False
    session.save_failed = False
    return True


def offer_save(session: PlaySession) -> None:
    """At ``q``: save to ``--save`` or ask for a file name; a save that fails asks again, so the game is never
    lost to a mistyped path (Enter gives up on saving)."""
    if session.save_path is not None and session.autosave():
        session.say(session._("The record is saved in {path}.", path=session.save_path))
        return
    while True:
        try:
            name = session.ask(session._("Save the record? File name (Enter: do not save):"))
        except EndOfInput:
            return
        if not name:
            return
        if not may_write(Path(name), (session.save_path, session.load_path), session.confirm, session.lang):
            continue  # another file's game is not given up without a yes (B2): ask for a name again
        try:
            save_record(session.match.record, Path(name))
        except OSError as exc:
            session.refuse(file_error(exc, name, writing=True))
            continue
        session.say(session._("The record is saved in {path}.", path=name))
        return


def load_game(
    info: GameInfo, load: Path, rules: str | None, players: str | None, lang: str
) -> tuple[Match, list[Seat]]:
    """A saved game read back (``--load``): refused when it is another game's record, when other rules are given
    than it was played with, or when ``players`` names another number of seats; without ``players`` its own seats
    (the bots as they were). The record takes the seats' names and specs."""
    try:
        record = GameRecord.loads(load.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise file_error(exc, load) from exc
    if get_game(record.game).id != info.id:
        raise RuleError(
            N_("{path} is a record of {other}, not of {game}."), path=str(load), other=record.game, game=info.id
        )
    match = Match.from_record(record)
    if rules is not None:
        # A saved game keeps its rules; other ones given with --load were ignored without a word (U10).
        from wuerfel.engine.rules import options_to_dict

        resolved = info.resolve(rules)
        if resolved.id != record.rules_id and options_to_dict(info.rules_from_dict(resolved.data)) != options_to_dict(
            match.game.rules
        ):
            raise RuleError(
                N_(
                    "{path} is a game with the rules {saved}; it goes on with them, not with "
                    "{given}. Leave out --rules to continue it."
                ),
                path=str(load),
                saved=record.rules_id,
                given=resolved.id,
            )
    if players:
        seats = parse_players(players, info, lang)
        if len(seats) != len(record.players):
            raise RuleError(
                N_("The saved game has {players}, not {got}."),
                players=counts.players(len(record.players)),
                got=len(seats),
            )
    else:
        specs = record.meta.get("seats") or ["human"] * len(record.players)
        if len(specs) != len(record.players):
            raise RuleError(N_("Not a game record (or an unknown record format)."))
        seats = mark_you(
            [
                Seat(name, spec[4:] if isinstance(spec, str) and spec.startswith("bot:") else None)
                for name, spec in zip(record.players, specs, strict=True)
            ]
        )
    record.players = [s.name for s in seats]
    record.meta["seats"] = [s.spec for s in seats]
    return match, seats
