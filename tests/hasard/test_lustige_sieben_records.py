"""Stored Lustige Sieben records replay identically after the game moved onto the kit's bank (issue 12, §1).

``data/lustige_sieben_records.json`` was written by :func:`write` with the game's code *before* it moved onto
``wuerfel/games/kit/bank.py``: each entry is a record (rules spelled out, events) and a digest of everything the
record shows at every step — every seat's view and table components, the legal actions with their ids, the chance
outcomes, the words of every event in both languages, what each seat is shown of it, and the result. Replaying the
same records with today's code must give the same digests, so the move changed neither the rules nor anything a
player, a stored game or a replay page sees.

Regenerate only when the game's behaviour is *meant* to change: ``python -m tests.hasard.test_lustige_sieben_records``.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

from wuerfel.engine.components import components_json
from wuerfel.engine.game import Action, Outcome, State, is_parameterised
from wuerfel.engine.record import GameRecord, Match, event_object
from wuerfel.engine.registry import get_game
from wuerfel.engine.rules import options_to_dict
from wuerfel.engine.sources import SeededSource
from wuerfel.engine.testing import fingerprint
from wuerfel.games.kit import Void

DATA = Path(__file__).parent / "data" / "lustige_sieben_records.json"
NAMES = ("Anna", "Ben", "Cem", "Dora")


def table_text(state: State, player: int | None) -> str:
    """The table components as :func:`components_text` gives them, less the goal line (issue 24): the line was added
    to every game after these records were stored and says what the rules say, which the explanation tests hold
    (``tests/test_explanations.py``, each game's goal tests); the records guard how the games play and show
    everything else, which it does not touch."""
    return json.dumps(components_json(tuple(c for c in state.components(player) if c.kind != "goal")), sort_keys=True)


def step_text(state: State, event: Action | Outcome | None, player: int | None) -> str:
    """Everything observable at one step: the state before ``event`` and the event as each seat is told of it."""
    n = state.game.num_players
    parts: dict[str, Any] = {
        "fingerprint": fingerprint(state),
        "components": [table_text(state, p) for p in [*range(n), None]],
        # a parameterised action (an amount's range) has no single id; its JSON is in the fingerprint
        "legal_ids": [
            [state.game.action_id(a) for a in state.legal_actions(p) if not is_parameterised(a)] for p in state.actors()
        ],
    }
    if state.is_terminal():
        parts["result"] = [
            list(state.ranking()),
            list(state.losers()),
            list(state.payoffs() or ()),
            list(state.scores()),
            list(state.winners()),
        ]
    if event is not None:
        names = list(NAMES[:n])
        if isinstance(event, Action):
            parts["words"] = [state.describe_action(event, lang) for lang in ("de", "en")]
            parts["id"] = state.game.action_id(event)
        else:
            parts["words"] = [state.describe_outcome(event, lang, names) for lang in ("de", "en")]
        parts["shown"] = [repr(state.event_view(event, player, seat)) for seat in [*range(n), None]]
    return json.dumps(parts, sort_keys=True, default=str)


def digest(record: GameRecord) -> str:
    """The digest of every step of a record, replayed with the current code."""
    game = record.make_game()
    state = game.new_initial_state()
    h = hashlib.sha256()
    for ev in record.events:
        event = event_object(game, ev)
        h.update(step_text(state, event, ev.player).encode())
        state = state.apply_action(event, ev.player) if isinstance(event, Action) else state.apply_outcome(event)
    h.update(step_text(state, None, None).encode())
    return h.hexdigest()


def _play(preset: str, n: int, seed: int, overrides: dict[str, Any], bot: str, void_at: int | None) -> GameRecord:
    """One game with the given bots; a void throw (a scorekeeper's "es brennt") at the ``void_at``-th throw."""
    info = get_game("lustige-sieben")
    rules = info.load_rules(preset, overrides or None)
    match = Match.new("lustige-sieben", None, list(NAMES[:n]), rules=rules)
    match.record.rules_id = preset
    assert options_to_dict(rules) == match.record.rules
    from wuerfel.bots import make_bot

    bots = [make_bot("lustige-sieben", bot, match.game, seed=seed * 10 + p) for p in range(n)]
    source = SeededSource(seed)
    rng = random.Random(seed)
    throws = 0
    while not match.state.is_terminal():
        if match.state.is_chance():
            if match.state.dice_to_throw():
                throws += 1
                if throws == void_at:
                    match.chance(Void())
            match.chance(source.choose(match.state))
        else:
            actors = match.state.actors()
            p = actors[0] if len(actors) == 1 else rng.choice(actors)
            match.act(bots[p].choose(match.state, p), p)
    return match.record


CASES: tuple[tuple[str, int, int, dict[str, Any], str, int | None], ...] = (
    ("lustige-sieben", 2, 1, {"bank_throws": 3}, "random", 2),
    ("lustige-sieben", 3, 2, {"bank_throws": 2}, "random", None),
    ("lustige-sieben", 4, 3, {"bank_throws": 2, "first_bank": "first_seat"}, "random", 5),
    ("lustige-sieben", 3, 4, {}, "heuristic", None),
    ("lustige-sieben-netto", 3, 5, {"bank_throws": 2, "max_stake": 3}, "random", None),
    ("lustige-sieben-netto", 4, 6, {"bank_throws": 2, "starting_chips": 4}, "heuristic", 3),
    ("lustige-sieben", 2, 7, {"bank_throws": 4, "bank_rounds": 2, "starting_chips": 6}, "random", None),
)


def write() -> None:
    """Play :data:`CASES` and store the records with their digests (run with the code whose behaviour is meant)."""
    entries = []
    for case in CASES:
        record = _play(*case)
        entries.append({"record": json.loads(record.dumps()), "digest": digest(record)})
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text(json.dumps(entries, indent=None, separators=(",", ":")) + "\n")


def _entries() -> list[dict[str, Any]]:
    return json.loads(DATA.read_text())  # type: ignore[no-any-return]


@pytest.mark.parametrize("index", range(len(CASES)))
def test_stored_record_replays_identically(index: int) -> None:
    entry = _entries()[index]
    record = GameRecord.from_json(entry["record"])
    assert digest(record) == entry["digest"]


def test_stored_records_cover_the_bank_passing_the_void_throw_and_the_end() -> None:
    """The data is worth something: every record ends, the bank passed in each, void throws and both payouts occur."""
    seen_void = False
    payouts = set()
    for entry in _entries():
        record = GameRecord.from_json(entry["record"])
        state = record.replay()
        assert state.is_terminal()
        assert state.view(None)["banks_done"] >= 2
        seen_void |= any(ev.data.get("kind") == "void" for ev in record.events)
        payouts.add(record.rules["payout"])
    assert seen_void and payouts == {"returned", "net"}


if __name__ == "__main__":
    write()
