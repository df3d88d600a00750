"""Hints cannot leak hidden dice, in process: the server hands the game's advisor a state drawn from what the asking
seat sees (``State.determinize``), never the table's own state. A spying advisor at Verdecktes Würfelpoker, asked
by the player who must answer a claim while the claimant's dice are under the cup, records what it is given."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random
import time
from pathlib import Path
from typing import Any, ClassVar

from tests.server.loops import run_loop
from wuerfel.engine.advice import Advice
from wuerfel.engine.game import Game, State
from wuerfel.engine.record import Match
from wuerfel.engine.registry import get_game
from wuerfel.games.hasard.verdecktes_poker import VerdecktesState
from wuerfel.server.conn import Conn
from wuerfel.server.hub import Hub
from wuerfel.server.live import LiveTable
from wuerfel.server.rows import SeatRow
from wuerfel.server.store import Store

GAME = "verdecktes-wuerfelpoker"


class Inbox:
    """A websocket stand-in that keeps what is sent to it."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send_text(self, data: str) -> None:
        self.sent.append(json.loads(data))

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        pass


class Spy:
    """An advisor that keeps every state it is asked about and rates the first legal choice."""

    seen: ClassVar[list[State]] = []

    def __init__(self, game: Game) -> None:
        pass

    def advise(self, state: State, player: int) -> list[Advice]:
        Spy.seen.append(state)
        return [Advice(action=state.legal_actions(player)[0], value=1.0)]


def hidden_from(state: VerdecktesState, seat: int) -> list[tuple[int, ...]]:
    """The dice of throws ``seat`` has not seen (another player's, still under the cup)."""
    return [t.dice for t in state.turns if t.dice and not t.revealed and t.player != seat]


async def until(cond: Any, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < deadline, "condition not met in time"
        await asyncio.sleep(0.01)


def test_the_advisor_gets_the_askers_view_never_the_hidden_dice(tmp_path: Path) -> None:
    async def body() -> None:
        store = Store.open(f"sqlite:///{tmp_path / 'w.db'}")
        hub = Hub(store, bot_delay=0)
        anna, bert = store.create_player("Anna"), store.create_player("Bert")
        row = store.create_table(
            GAME,
            "standard",
            {},
            2,
            False,
            False,
            anna.id,
            [SeatRow(0, anna.id, None, "Anna"), SeatRow(1, bert.id, None, "Bert")],
        )
        table = LiveTable(hub, row)
        table.info = dataclasses.replace(get_game(GAME), advisor=Spy)
        match = Match.new(GAME, None, ["Anna", "Bert"])
        table.match = match
        rng = random.Random(7)
        # Play until a seat decides while another seat's dice are hidden from it (a claim to answer).
        for _ in range(500):
            st = match.state
            assert not st.is_terminal()
            if st.is_chance():
                outcomes = [(o, p) for o, p in st.chance_outcomes() if p > 0]
                match.chance(rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0])
                continue
            seat = st.actors()[0]
            assert isinstance(st, VerdecktesState)
            if hidden_from(st, seat):
                break
            match.act(st.legal_actions(seat)[0], seat)
        real = match.state
        assert isinstance(real, VerdecktesState) and hidden_from(real, seat)
        asker = [anna, bert][seat]
        inbox = Inbox()
        conn = Conn(inbox, asker, "en", None, None)
        Spy.seen.clear()
        for n in range(1, 6):
            await table._hint(conn, {"type": "hint"})
            await until(lambda n=n: len(inbox.sent) >= n)
        assert [m["type"] for m in inbox.sent] == ["hint"] * 5
        assert len(Spy.seen) == 5
        for seen in Spy.seen:
            assert seen is not real and seen.view(seat) == real.view(seat)  # what the asker sees, nothing more
        # The others' dice under the cup were drawn afresh: five draws all equal to the real dice would be a leak.
        assert any(hidden_from(seen, seat) != hidden_from(real, seat) for seen in Spy.seen)  # type: ignore[arg-type]
        store.engine.dispose()

    run_loop(body())
