"""The table as a state machine (issue 25 §1): a :class:`TableCore` driven by commands only — no server, no socket,
no database, no event loop, no clock — with seeded dice, checked by the effects it answers with: the events to
store in order, what each reader is told, the timers, the bots it asks, and refusals that change nothing."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Iterator
from typing import Any

import pytest

from tests.engine.toy_game import PigRules, pig_info
from tests.server.core.shared import Settings
from wuerfel.engine import registry
from wuerfel.engine.game import Outcome
from wuerfel.engine.record import Match
from wuerfel.engine.sources import SeededSource
from wuerfel.server.core import moves
from wuerfel.server.core.effects import ArmTimer, CancelTimer
from wuerfel.server.core.steps import (
    AskBot,
    AskThrow,
    BotMove,
    Broadcast,
    Chat,
    Expire,
    Move,
    Now,
    Refuse,
    Resign,
    Send,
    Step,
    TimeUp,
    TypedThrow,
)
from wuerfel.server.core.table import TableCore
from wuerfel.server.messages import BAD_MESSAGE
from wuerfel.server.rows import SeatRow, TableRow

T0 = 1_800_000_000.0


@pytest.fixture(autouse=True)
def _pig(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._REGISTRY, "pig", pig_info())


class Clock:
    """The time the test hands the core: it moves only when the test says so."""

    def __init__(self) -> None:
        self.mono = 100.0

    def now(self) -> Now:
        return Now(self.mono, T0 + self.mono)


def seeded(seed: int) -> Any:
    """The server's dice for the core: a seeded source, no proof."""
    source = SeededSource(seed)

    def dice(m: Match, tap: str | None) -> tuple[Outcome, None]:
        return source.choose(m.state), None

    return dice


def table(
    game: str,
    seats: list[SeatRow],
    *,
    rules: Any = None,
    clock: str = "none",
    move_seconds: int | None = None,
    scorekeeper: bool = False,
    seed: int = 1,
) -> TableCore:
    """A started table: the match made and its first batch (the throws that fall at once) stored."""
    row = TableRow(
        f"t-{game}",
        game,
        "standard",
        {},
        len(seats),
        scorekeeper,
        False,
        1,
        "playing",
        dt.datetime.fromtimestamp(T0, dt.UTC),
        None,
        seats,
        clock=clock,
        move_seconds=move_seconds,
    )
    core = TableCore(row, Settings())
    core.match = Match.new(game, None, [s.name or f"seat {s.seat}" for s in seats], rules=rules)
    new = core.advance([(lambda: None, None)], seeded(seed))
    core.stored(Step(0, tuple(new)))
    return core


def people(n: int) -> list[SeatRow]:
    return [SeatRow(i, 10 + i, None, f"P{i}") for i in range(n)]


def commit(core: TableCore, step: Step) -> Step:
    """The shell's part: the store takes the step, and the core counts it."""
    assert step.refused is None, step.refused
    core.stored(step)
    return step


def snapshot(core: TableCore) -> tuple[Any, ...]:
    assert core.match is not None
    return (
        core.match.state.view(None),
        core.match.state.actors(),
        list(core.match.record.events),
        len(core.readers),
        core.row.deadline_at,
        core.row.status,
        core.window_actors,
    )


def next_command(core: TableCore, rng: random.Random) -> Move | AskThrow:
    """What the person whose turn it is does: tap for his throw, or a legal move chosen by ``rng``."""
    assert core.match is not None
    due = core.throw_due()
    if due is not None:
        return AskThrow((due,), None, core.reader_seq((due,)))
    state = core.match.state
    seat = state.actors()[0]
    action = rng.choice(list(state.legal_actions(seat)))
    return Move((seat,), None, action.to_json(), core.reader_seq((seat,)))


def play(core: TableCore, seed: int, limit: int = 20_000) -> Iterator[Step]:
    """Play the game to its end, every seat a person, with seeded dice and moves; yields each committed step."""
    rng, dice, clock = random.Random(seed), seeded(seed), Clock()
    for _ in range(limit):
        if core.over:
            return
        clock.mono += 1.0
        yield commit(core, core.handle(next_command(core, rng), clock.now(), dice))
    raise AssertionError("the game did not end")


def check_step(core: TableCore, step: Step) -> None:
    """A committed step's events are the log's next events, in order; everybody is told; the timers are one each."""
    assert core.match is not None
    log = core.match.record.events
    assert [e.index for e in step.events] == list(range(step.old_len, step.old_len + len(step.events)))
    assert [e.event for e in step.events] == log[step.old_len :]
    assert len(core.readers) == len(log)
    (broadcast,) = step.of(Broadcast)
    assert set(broadcast.told) == {*range(len(core.row.seats)), None}
    assert sorted(t.kind for t in step.of(ArmTimer) + step.of(CancelTimer)) == ["clock", "throw", "window"]


def test_a_whole_game_of_pig_by_commands() -> None:
    core = table("pig", people(2), rules=PigRules(target=20))
    steps = []
    for step in play(core, seed=7):  # checked as each step is committed
        check_step(core, step)
        assert step.events, "every command of a person made a move or a throw"
        (broadcast,) = step.of(Broadcast)
        assert all(told == tuple(e.index for e in step.events) for told in broadcast.told.values())  # all public
        steps.append(step)
    assert core.match is not None and core.match.state.is_terminal()
    assert [s.finished for s in steps] == [False] * (len(steps) - 1) + [True]
    assert core.row.status == "finished" and core.match.record.replay().view(None) == core.match.state.view(None)
    # The same commands with the same dice make the same game: nothing in the core is left to chance or the clock.
    again = table("pig", people(2), rules=PigRules(target=20))
    assert [e.event for s in play(again, seed=7) for e in s.events] == [e.event for s in steps for e in s.events]


def test_the_throw_waits_for_its_person_and_falls_by_itself_when_his_window_closes() -> None:
    core = table("pig", people(2), rules=PigRules(target=20))
    dice, clock = seeded(3), Clock()
    assert core.match is not None
    # Pig's first throw is the thrower's, starting his turn: the table waits for his tap, with a window.
    assert core.throw_due() == 0 and core.seq == 0
    timers = {t.kind: t for t in core.arm(clock.now())}
    assert timers["throw"] == ArmTimer("throw", 0, clock.mono + 60.0, clock.now().wall + 60.0)
    assert timers["clock"] == CancelTimer("clock") and timers["window"] == CancelTimer("window")
    # Bert cannot tap for Anna; a stale tap is refused; neither changes anything.
    before = snapshot(core)
    refused = core.handle(AskThrow((1,), None, 0), clock.now(), dice).refused
    assert refused is not None and refused.error.code == "not_your_throw"
    assert refused.error.params == {"name": "0"}
    stale = core.handle(AskThrow((0,), None, 5), clock.now(), dice).refused
    assert stale is not None and stale.error.code == "stale_seq" and stale.back_to is None
    assert snapshot(core) == before
    # The window closes: the server throws for Anna, as if she had tapped.
    step = commit(core, core.handle(Expire("throw", 0), clock.now(), dice))
    assert len(step.events) == 1 and step.events[0].event.type == "chance" and core.seq == 1
    # A timer of a node the table left does nothing.
    assert core.handle(Expire("throw", 0), clock.now(), dice).idle


def test_refusals_change_nothing_and_keep_their_codes() -> None:
    core = table("pig", people(2), rules=PigRules(target=20))
    dice, clock = seeded(5), Clock()
    rng = random.Random(5)
    assert core.match is not None
    while core.match.state.is_chance() or tuple(core.match.state.actors()) != (0,):  # until Anna decides
        commit(core, core.handle(next_command(core, rng), clock.now(), dice))
    seq = core.reader_seq((0,))
    before, state = snapshot(core), core.match.state
    cases: list[tuple[Any, str, int]] = [
        (Move((1,), None, {"kind": "hold"}, seq), "not_your_turn", 409),
        (Move((1,), 0, {"kind": "hold"}, seq), "not_your_seat", 409),
        (Move((), None, {"kind": "hold"}, seq), "not_your_seat", 409),
        (Move((0,), None, {"kind": "hold"}, seq - 1), "stale_seq", 409),
        (Move((0,), None, {"kind": "fly"}, seq), "unknown_action", 400),
        (AskThrow((0,), None, seq), "not_your_throw", 409),
        (TypedThrow((0,), "3", seq), "not_scorekeeper", 409),
    ]
    for cmd, code, status in cases:
        step = core.handle(cmd, clock.now(), dice)
        (refuse,) = step.effects
        assert isinstance(refuse, Refuse) and (refuse.error.code, refuse.error.status) == (code, status), cmd
        assert not step.events and snapshot(core) == before and core.match.state is state
    stale = core.handle(Move((0,), None, {"kind": "hold"}, seq - 1), clock.now(), dice).refused
    assert stale is not None and stale.back_to == seq - 1  # his next state message goes on from there
    assert moves.BAD_MESSAGE == BAD_MESSAGE  # the core's refusal of a malformed outcome reads as the shell's


def test_a_step_the_store_refused_is_undone() -> None:
    core = table("pig", people(2), rules=PigRules(target=20))
    dice, clock = seeded(9), Clock()
    before = snapshot(core)
    step = core.handle(AskThrow((0,), None, 0), clock.now(), dice)
    assert step.events and core.seq == len(step.events) and core.committed == 0  # memory holds it, unstored
    core.undo(step)
    assert snapshot(core) == before and core.seq == 0


def test_bot_seats_are_asked_and_their_moves_are_commands() -> None:
    seats = [SeatRow(0, 10, None, "Anna"), SeatRow(1, None, "random")]
    core = table("pig", seats, rules=PigRules(target=20))
    dice, clock, rng = seeded(11), Clock(), random.Random(11)
    asked = 0
    for _ in range(5000):
        if core.over:
            break
        assert core.match is not None
        bot = core.bot_to_act()
        if bot is not None:
            assert bot == 1
            state = core.match.state
            action = None if state.is_chance() else rng.choice(list(state.legal_actions(1)))
            assert core.handle(BotMove(0, action), clock.now(), dice).idle  # not seat 0's bot turn: nothing
            step = commit(core, core.handle(BotMove(1, action), clock.now(), dice))
        else:
            step = commit(core, core.handle(next_command(core, rng), clock.now(), dice))
        asks = step.of(AskBot)
        assert asks == ([AskBot(1, core.seq)] if core.bot_to_act() is not None else [])
        asked += len(asks)
        # A bot's throw never waits for a tap: no throw window is armed for it.
        assert not any(t.kind == "throw" for t in step.of(ArmTimer)) or core.throw_due() == 0
    assert core.over and asked > 0


def _verdecktes(seed: int) -> Iterator[tuple[TableCore, Step]]:
    core = table("verdecktes-wuerfelpoker", people(3), seed=seed)
    for step in play(core, seed=seed):
        yield core, step


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_verdecktes_wuerfelpoker_tells_nobody_the_dice_under_another_cup(seed: int) -> None:
    hidden = 0
    core = None
    for core, step in _verdecktes(seed):
        check_step(core, step)
        for e in step.events:
            if e.statement is None:
                continue
            for seat in range(3):
                view = e.statement[seat]
                if not view.full:
                    hidden += 1
                    assert view.data != e.event.data  # the others read that dice went under the cup, not which
                    # ... and the shell's readers' book shows him the same until the cup is lifted.
                    shown = core.readers.views.view(e.index, seat)
                    assert not shown.full or shown == core.readers.views.view(e.index, None)
            (broadcast,) = step.of(Broadcast)
            assert all(e.index in broadcast.told[s] for s in (0, 1, 2, None))  # redacted, not untold
    assert core is not None and core.over and hidden > 0


def test_the_games_window_is_a_timer_and_its_expiry_passes_for_who_is_due() -> None:
    core = table("verdecktes-wuerfelpoker", people(3), seed=4)
    dice, clock, rng = seeded(4), Clock(), random.Random(4)
    assert core.match is not None
    for _ in range(500):
        clock.mono += 1.0
        step = commit(core, core.handle(next_command(core, rng), clock.now(), dice))
        window = [t for t in step.of(ArmTimer) if t.kind == "window"]
        if window:
            break
    else:
        pytest.fail("no window opened")
    (armed,) = window
    assert armed.seq == core.seq and armed.at > clock.mono
    core.armed(armed)
    assert core.window_actors == frozenset(core.match.state.actors())
    assert core.handle(Expire("window", core.seq - 1), clock.now(), dice).idle  # armed for another node
    clock.mono = armed.at
    n = core.seq
    step = commit(core, core.handle(Expire("window", armed.seq), clock.now(), dice))
    assert step.events and step.events[0].index == n
    assert core.match.record.replay().view(None) == core.match.state.view(None)


def test_a_table_clock_stores_its_deadline_and_its_expiry_is_time_up() -> None:
    core = table("pig", people(2), rules=PigRules(target=20), clock="live", move_seconds=30)
    dice, clock = seeded(2), Clock()
    step = commit(core, core.handle(AskThrow((0,), None, 0), clock.now(), dice))
    assert core.match is not None
    due = core.move_due()
    assert step.deadline is not None
    if due:
        at, seq = step.deadline
        assert at == clock.now().utc + dt.timedelta(seconds=30) and seq == core.seq
        assert core.row.deadline_at == at and core.deadline_due == tuple(due)
        (armed,) = [t for t in step.of(ArmTimer) if t.kind == "clock"]
        assert armed.at == pytest.approx(clock.mono + 30.0, abs=1e-3)
        expired = core.handle(Expire("clock", core.seq), clock.now(), dice)
        assert expired.effects == (TimeUp(tuple(due)),) and not expired.events
    else:
        assert step.deadline == (None, None)


def test_a_chat_line_counts_against_the_rate_limit_only_once_stored() -> None:
    core = table("pig", people(2), rules=PigRules(target=20))
    dice, clock = seeded(1), Clock()
    say = Chat({"type": "chat", "text": "  Hallo  "}, 10, (0,))
    for _ in range(10):  # refused by the store (never stored): none of them counts
        step = core.handle(say, clock.now(), dice)
        assert step.chat == "Hallo" and step.of(Send) == [Send("all", "chat")]
    for _ in range(5):
        commit(core, core.handle(say, clock.now(), dice))
    refused = core.handle(say, clock.now(), dice).refused
    assert refused is not None and refused.error.code == "chat_too_fast"
    spectator = core.handle(Chat({"type": "chat", "text": "hi"}, 99, ()), clock.now(), dice).refused
    assert spectator is not None and spectator.error.code == "chat_not_allowed"


def test_a_resignation_ends_the_game_and_stops_every_timer() -> None:
    core = table("pig", people(2), rules=PigRules(target=20), clock="live", move_seconds=30)
    dice, clock = seeded(6), Clock()
    before = snapshot(core)
    for cmd, code in [
        (Resign(10, 1), "not_seated"),
        (Resign(99, 0), "not_seated"),
        (Resign(10, 7), "bad_seat"),
        (Resign(10, True), "bad_seat"),
    ]:
        refused = core.handle(cmd, clock.now(), dice).refused
        assert refused is not None and refused.error.code == code, cmd
        assert snapshot(core) == before
    step = core.handle(Resign(10, 0), clock.now(), dice)
    assert step.resigned == 0 and not step.events and core.row.resigned is None  # not before the store took it
    assert sorted(t.kind for t in step.of(CancelTimer)) == ["clock", "throw", "window"] and step.of(Broadcast)
    commit(core, step)
    assert core.over and (core.row.resigned, core.row.ended_by, core.row.status) == (0, "resigned", "finished")
    assert core.throw_due() is None and core.move_due() == [] and core.bot_to_act() is None
    after = core.handle(AskThrow((1,), None, 0), clock.now(), dice).refused
    assert after is not None and after.error.code == "game_over"
