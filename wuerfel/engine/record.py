"""The game record: rules plus an append-only list of events. State is a fold over it.

The record stores the *resolved* rules (every option spelled out), not a preset name alone, so a replay never
depends on preset files that may change later. :class:`Match` is the small driver every front end uses: it holds a
record and the current state and appends an event only after the engine accepted it.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Collection, Hashable, Iterable, Iterator
from typing import Any

from wuerfel.engine.errors import N_, RecordError, WuerfelError
from wuerfel.engine.game import JSON, PUBLIC, Action, EventView, Game, Outcome, State
from wuerfel.engine.sources import DiceSource

RECORD_FORMAT = 1


def public_proof(proof: JSON | None) -> JSON | None:
    """What a seat that does not see a throw may see of its proof (provably fair dice): everything but the secret.
    Here, not in :mod:`.fairdice`, because the record decides what each reader is shown; fairdice verifies records
    and so imports this module, never the other way round."""
    if proof is None:
        return None
    return {k: v for k, v in proof.items() if k != "secret"}


@dataclasses.dataclass(frozen=True)
class Event:
    """One entry of the log: a player's action or a chance outcome."""

    type: str
    """"action" or "chance"."""
    data: JSON
    player: int | None = None
    proof: JSON | None = None
    """Provably fair dice (:mod:`wuerfel.engine.fairdice`): on a throw its ``commit`` and, once shown, its
    ``secret``; on any event ``next``, the commitment of the throw the game now waits for. Not part of the game."""

    def to_json(self) -> JSON:
        out: JSON = {"type": self.type, "data": self.data}
        if self.player is not None:
            out["player"] = self.player
        if self.proof is not None:
            out["proof"] = self.proof
        return out

    @classmethod
    def from_json(cls, d: Any) -> Event:
        if not isinstance(d, dict) or d.get("type") not in ("action", "chance") or not isinstance(d.get("data"), dict):
            raise RecordError(N_("Malformed event in the record."))
        player = d.get("player")
        if player is not None and (not isinstance(player, int) or isinstance(player, bool)):
            raise RecordError(N_("Malformed event in the record."))
        proof = d.get("proof")
        if proof is not None and not isinstance(proof, dict):
            raise RecordError(N_("Malformed event in the record."))
        return cls(type=d["type"], data=d["data"], player=player, proof=proof)


@dataclasses.dataclass
class GameRecord:
    """Parameters and events of one game."""

    game: str
    rules_id: str
    rules: JSON
    players: list[str]
    events: list[Event] = dataclasses.field(default_factory=list)
    meta: JSON = dataclasses.field(default_factory=dict)

    def make_game(self) -> Game:
        from wuerfel.engine.registry import get_game

        info = get_game(self.game)
        return info.new_game(info.rules_from_dict(self.rules), len(self.players))

    def states(self) -> Iterator[State]:
        """The initial state and the state after every event, in order (for replay pages and analysis)."""
        game = self.make_game()
        state = game.new_initial_state()
        yield state
        for i, ev in enumerate(self.events):
            state = apply_event(game, state, ev, i)
            yield state

    def replay(self) -> State:
        """The state after the last event."""
        *_, last = self.states()
        return last

    def event_views(self) -> EventViews:
        """What each seat is shown of every event, as of the end of the record (see :class:`EventViews`)."""
        game = self.make_game()
        state = game.new_initial_state()
        views = EventViews()
        for i, ev in enumerate(self.events):
            obj = event_object(game, ev)
            views.append(event_statement(state, obj, ev.player))
            state = apply_event(game, state, ev, i)
        return views

    def seen_by(self, seats: Collection[int]) -> GameRecord:
        """The record as the given seats may see it at its end (no seats: as a spectator, the public record).

        An event any of the seats sees in full stays as it is; a redacted one keeps only what its statement leaves
        (a hidden throw becomes a throw under the cup, which still replays); an event none of them is told about is
        left out. ``meta["seen_by"]`` says whose record it is whenever anything was withheld.
        """
        views = self.event_views()
        events: list[Event] = []
        withheld = False
        for i, ev in enumerate(self.events):
            vs = [views.view(i, s) for s in seats] or [views.view(i, None)]
            if any(v.full for v in vs):
                events.append(ev)
                continue
            withheld = True
            v = next((v for v in vs if v.show == "redacted"), None)
            if v is not None:
                # The commitment stays (it tells nothing), the secret of a throw none of them saw does not.
                events.append(
                    Event(ev.type, dict(v.data or {}), ev.player if v.player else None, public_proof(ev.proof))
                )
        meta = dict(self.meta)
        if withheld:
            meta["seen_by"] = sorted(seats)
        return dataclasses.replace(self, events=events, meta=meta)

    def to_json(self) -> JSON:
        return {
            "format": RECORD_FORMAT,
            "game": self.game,
            "rules_id": self.rules_id,
            "rules": self.rules,
            "players": list(self.players),
            "events": [e.to_json() for e in self.events],
            "meta": self.meta,
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, d: Any) -> GameRecord:
        if not isinstance(d, dict) or d.get("format") != RECORD_FORMAT:
            raise RecordError(N_("Not a game record (or an unknown record format)."))
        try:
            return cls(
                game=str(d["game"]),
                rules_id=str(d["rules_id"]),
                rules=dict(d["rules"]),
                players=[str(p) for p in d["players"]],
                events=[Event.from_json(e) for e in d["events"]],
                meta=dict(d.get("meta", {})),
            )
        except (KeyError, TypeError) as exc:
            raise RecordError(N_("Not a game record (or an unknown record format).")) from exc

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        try:
            return cls.from_json(json.loads(text))
        except json.JSONDecodeError as exc:
            raise RecordError(N_("Not a game record (or an unknown record format).")) from exc


def apply_event(game: Game, state: State, ev: Event, index: int = -1) -> State:
    """Apply one logged event; a record that does not replay is a :class:`RecordError` naming the event."""
    try:
        if ev.type == "chance":
            return state.apply_outcome(game.outcome_from_json(ev.data))
        return state.apply_action(game.action_from_json(ev.data), ev.player)
    except WuerfelError as exc:
        raise RecordError(
            N_("Event {index} of the record does not apply: {reason}"), index=index, reason=exc.english()
        ) from exc


def event_object(game: Game, ev: Event) -> Action | Outcome:
    """The Action or Outcome value of a logged event."""
    if ev.type == "chance":
        return game.outcome_from_json(ev.data)
    return game.action_from_json(ev.data)


Statement = tuple[EventView, ...] | None
"""The game's statement of one event: one :class:`EventView` per seat, then the spectator's; ``None`` when the
event is public for everybody (the common case, kept small)."""


def event_statement(before: State, event: Action | Outcome, player: int | None) -> Statement:
    """Ask the game what every seat and a spectator is shown of ``event`` applied to ``before``."""
    n = before.game.num_players
    views = tuple(before.event_view(event, player, s) for s in (*range(n), None))
    return None if all(v == PUBLIC for v in views) else views


class EventViews:
    """The statements of a record's events plus the secrets revealed so far: what seat ``s`` is shown of event ``i``.

    Front ends never decide visibility themselves; they append each event's statement (:func:`event_statement`)
    once it is committed and ask :meth:`view`. A hidden event becomes public for everybody once a later event
    reveals its secret, so the move list, a replay and a downloaded record show a throw the table saw uncovered.
    """

    def __init__(self, statements: Iterable[Statement] = ()) -> None:
        self.statements: list[Statement] = []
        self.revealed: set[Hashable] = set()
        self.revealed_at: dict[Hashable, int] = {}
        """The event that first revealed each secret."""
        self.kept: dict[Hashable, list[int]] = {}
        """The events hidden from some seat under each secret, in order."""
        self.extend(statements)

    def __len__(self) -> int:
        return len(self.statements)

    def append(self, statement: Statement) -> None:
        i = len(self.statements)
        self.statements.append(statement)
        if statement is not None:
            for v in statement:
                self.revealed.update(v.reveals)
                for secret in v.reveals:
                    self.revealed_at.setdefault(secret, i)
                if not v.full and v.secret is not None:
                    kept = self.kept.setdefault(v.secret, [])
                    if not kept or kept[-1] != i:
                        kept.append(i)

    def extend(self, statements: Iterable[Statement]) -> None:
        for st in statements:
            self.append(st)

    def uncovered(self, i: int, seat: int | None) -> list[int]:
        """The earlier events that event ``i`` makes public for ``seat``: kept from him until now (a sealed stake of
        another punter, a throw under another player's cup) and revealed first by ``i``.

        A move list that was sent each event as it happened shows them at ``i`` (the stakes once the betting is
        uncovered), since it never had them; a replay, made at the end, already shows them in their places."""
        st = self.statements[i] if 0 <= i < len(self.statements) else None
        if st is None:
            return []
        secrets = {s for v in st for s in v.reveals if self.revealed_at.get(s) == i}
        out: set[int] = set()
        for secret in secrets:
            for j in self.kept.get(secret, ()):
                sj = self.statements[j]
                if j < i and sj is not None:
                    v = sj[-1 if seat is None else seat]
                    if not v.full and v.secret == secret:
                        out.add(j)
        return sorted(out)

    def view(self, i: int, seat: int | None) -> EventView:
        st = self.statements[i]
        if st is None:
            return PUBLIC
        v = st[-1 if seat is None else seat]
        if not v.full and v.secret is not None and v.secret in self.revealed:
            return PUBLIC
        return v


class Match:
    """A record being played: the current state plus the log that produced it.

    Every method either appends exactly one event and moves the state, or raises and changes nothing.
    """

    def __init__(self, game: Game, record: GameRecord, state: State | None = None) -> None:
        self.game = game
        self.record = record
        self.state = state if state is not None else record.replay()

    @classmethod
    def new(
        cls, game_id: str, rules_id: str | None, players: list[str], rules: Any = None, meta: JSON | None = None
    ) -> Match:
        """Start a game of ``game_id`` under a rule set (name, path, or an option tree in ``rules``)."""
        from wuerfel.engine.registry import get_game
        from wuerfel.engine.rules import options_to_dict

        info = get_game(game_id)
        if rules is None:
            resolved = info.resolve(rules_id)
            rules = info.rules_from_dict(resolved.data)
            rules_id = resolved.id
        game = info.new_game(rules, len(players))
        record = GameRecord(
            game=info.id,
            rules_id=rules_id or info.default_preset,
            rules=options_to_dict(rules),
            players=list(players),
            meta=dict(meta or {}),
        )
        return cls(game, record, game.new_initial_state())

    @classmethod
    def from_record(cls, record: GameRecord) -> Match:
        return cls(record.make_game(), record)

    def act(self, action: Action | JSON, player: int | None = None) -> Event:
        """Apply a player's action (a value or its JSON form)."""
        if not isinstance(action, Action):
            action = self.game.action_from_json(action)
        new_state = self.state.apply_action(action, player)
        if player is None:
            player = self.state.actors()[0]
        ev = Event("action", action.to_json(), player)
        self.record.events.append(ev)
        self.state = new_state
        return ev

    def chance(self, outcome: Outcome, proof: JSON | None = None) -> Event:
        new_state = self.state.apply_outcome(outcome)
        ev = Event("chance", outcome.to_json(), proof=proof)
        self.record.events.append(ev)
        self.state = new_state
        return ev

    def resolve_chance(self, source: DiceSource) -> list[Event]:
        """Let ``source`` decide every chance node until a player must act or the game ends."""
        events: list[Event] = []
        while self.state.is_chance():
            events.append(self.chance(source.choose(self.state)))
        return events
