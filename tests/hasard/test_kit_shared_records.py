"""Stored games of the Hasard games whose shared code moved into the kit replay identically, and their bots and hints
still choose and rate every move as they did.

``data/kit_shared_records.json`` was written by :func:`write` with the games' code *before* the move (Escalero and
Ohio onto ``kit/keep_sheet.py``; the hand games and hand rounds onto ``kit/chance.py``'s lot phase and one Stop; the
value bots and hints onto ``kit/hints.py``; Quinze and Die böse Sieben onto the throw-on turn; the poker rounds'
options; Blaue Augen, Pasch and Himmel und Hölle onto the keyed round game). Each entry is a seeded game played by a
game's bots, with void throws reported now and then, and a digest of every step (as in
``test_lustige_sieben_records``: views, table components, legal actions with their ids, chance outcomes, the words
of every event, what each seat is shown, the result) and of the bots' hints at every decision. Replaying must give
the same digest, and the same bots, seeded alike, must choose every recorded move again.

Regenerate only when a game's behaviour is *meant* to change: ``python -m tests.hasard.test_kit_shared_records``.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

from tests.hasard.test_lustige_sieben_records import step_text
from wuerfel.bots import make_bot
from wuerfel.engine.game import Action, Game
from wuerfel.engine.record import GameRecord, Match, event_object
from wuerfel.engine.registry import get_game
from wuerfel.engine.sources import SeededSource

DATA = Path(__file__).parent / "data" / "kit_shared_records.json"
NAMES = ("Anna", "Ben", "Cem", "Dora")

CASES: tuple[tuple[str, str, int, int, str, int | None], ...] = (
    # game, rule set, players, seed, bot on every other seat (random on the rest), void throw at the k-th throw
    ("escalero", "escalero", 2, 11, "random", 3),
    ("ohio", "ohio", 2, 12, "optimal", 4),
    ("chicago", "chicago", 3, 13, "optimal", 2),
    ("chicago-hoch-tief", "chicago-hoch-tief", 2, 14, "optimal", None),
    ("sequenzen", "sequenzen", 3, 15, "optimal", 3),
    ("quinze", "quinze", 3, 16, "optimal", 2),
    ("quinze", "quinze-reihum", 2, 17, "optimal", None),
    ("dreimal-pasch", "dreimal-pasch", 2, 18, "optimal", 2),
    ("die-boese-sieben", "die-boese-sieben", 3, 19, "optimal", None),
    ("offenes-wuerfelpoker", "offenes-wuerfelpoker", 3, 20, "optimal", 5),
    ("wuerfelpoker", "wuerfelpoker", 3, 21, "optimal", 2),
    ("al-capone", "al-capone", 2, 22, "optimal", None),
    ("blaue-augen", "graue-augen", 3, 23, "random", 2),
    ("pasch", "pasch", 2, 24, "random", None),
    ("himmel-und-hoelle", "himmel-und-hoelle", 2, 25, "random", 3),
    ("die-boese-sieben", "die-boese-sieben", 4, 26, "optimal", 3),
    ("quinze", "quinze-reihum", 3, 27, "optimal", 2),
    ("dreimal-pasch", "dreimal-pasch", 3, 28, "optimal", None),
)
MAX_EVENTS = 600
"""A game is cut here (the record still replays; the longest games of chips are long only with random play)."""


def _bots(game_id: str, bot: str, game: Game, seed: int) -> list[Any]:
    return [make_bot(game_id, "random" if p % 2 else bot, game, seed * 10 + p) for p in range(game.num_players)]


def _advice_text(advisor: Any, state: Any, player: int) -> str:
    if advisor is None:
        return ""
    return repr(
        [(a.action.to_json(), round(a.value, 9), a.measure, a.note, a.params) for a in advisor.advise(state, player)]
    )


def _play(game_id: str, rules: str, n: int, seed: int, bot: str, void_at: int | None) -> GameRecord:
    match = Match.new(game_id, rules, list(NAMES[:n]))
    bots = _bots(game_id, bot, match.game, seed)
    source = SeededSource(seed)
    rng = random.Random(seed)
    throws = 0
    from wuerfel.games.kit import Void

    while not match.state.is_terminal() and len(match.record.events) < MAX_EVENTS:
        state = match.state
        if state.is_chance():
            if state.dice_to_throw():
                throws += 1
                if throws == void_at and any(o == Void() for o, _ in state.chance_outcomes()):
                    match.chance(Void())
            match.chance(source.choose(match.state))
        else:
            actors = state.actors()
            p = actors[0] if len(actors) == 1 else rng.choice(actors)
            match.act(bots[p].choose(state, p), p)
    return match.record


def digest(record: GameRecord, bot: str, seed: int) -> str:
    """The digest of every step of a record replayed with the current code, with the hints at every decision; the
    bots, seeded as when it was played, must choose each recorded move."""
    game = record.make_game()
    info = get_game(record.game)
    advisor = info.advisor(game) if info.advisor is not None else None
    bots = _bots(record.game, bot, game, seed)
    state = game.new_initial_state()
    h = hashlib.sha256()
    for ev in record.events:
        event = event_object(game, ev)
        h.update(step_text(state, event, ev.player).encode())
        if isinstance(event, Action):
            assert ev.player is not None
            h.update(_advice_text(advisor, state, ev.player).encode())
            chosen = bots[ev.player].choose(state, ev.player)
            assert chosen == event, f"seat {ev.player} now chooses {chosen} instead of {event}"
            state = state.apply_action(event, ev.player)
        else:
            state = state.apply_outcome(event)
    h.update(step_text(state, None, None).encode())
    return h.hexdigest()


def write() -> None:
    """Play :data:`CASES` and store the records with their digests (run with the code whose behaviour is meant)."""
    entries = []
    for case in CASES:
        record = _play(*case)
        entries.append({"record": json.loads(record.dumps()), "digest": digest(record, case[4], case[3])})
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text(json.dumps(entries, indent=None, separators=(",", ":")) + "\n")


def _entries() -> list[dict[str, Any]]:
    return json.loads(DATA.read_text())  # type: ignore[no-any-return]


@pytest.mark.parametrize("index", range(len(CASES)), ids=[f"{c[1]}-{c[2]}-{c[3]}" for c in CASES])
def test_stored_record_replays_identically(index: int) -> None:
    entry = _entries()[index]
    case = CASES[index]
    record = GameRecord.from_json(entry["record"])
    assert record.game == case[0]
    assert digest(record, case[4], case[3]) == entry["digest"]


def test_stored_records_are_worth_something() -> None:
    """Every case is stored, most games ended, and void throws were reported in some."""
    entries = _entries()
    assert len(entries) == len(CASES)
    ended = sum(GameRecord.from_json(e["record"]).replay().is_terminal() for e in entries)
    assert ended >= len(CASES) - 3
    assert sum(ev["data"].get("kind") == "void" for e in entries for ev in e["record"]["events"]) >= 5


if __name__ == "__main__":
    write()
