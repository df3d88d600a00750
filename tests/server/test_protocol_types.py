"""The typed protocol (wuerfel/server/protocol.py, issue 25 §1): the docs' message table is the definitions, every
client message comes in through ``parse_client`` with the refusals clients know, and every message of a played game
fits its definition — each server message type seen at least once."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, NotRequired, TypedDict

import pytest

from tests.engine.toy_game import pig_info
from tests.server.loops import run_loop
from wuerfel.engine.advice import Advice
from wuerfel.engine.game import Game, State
from wuerfel.engine.registry import register
from wuerfel.server import protocol, protocol_schema
from wuerfel.server.conn import Conn
from wuerfel.server.hub import Hub
from wuerfel.server.protocol import (
    BAD_CHAT,
    BAD_HINT,
    BAD_MESSAGE,
    CLIENT_MESSAGES,
    SERVER_MESSAGES,
    Refusal,
    client_kind,
    parse_client,
)
from wuerfel.server.protocol_schema import problems, server_problems, with_table
from wuerfel.server.store import Store

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


# --- the docs ---------------------------------------------------------------------------------------------------------
def test_the_docs_message_table_is_the_definitions() -> None:
    doc = DOC.read_text(encoding="utf-8")
    assert with_table(doc) == doc, (
        "docs/protocol.md is behind: python -m wuerfel.server.protocol_schema --write docs/protocol.md"
    )
    for kind, tp in {**CLIENT_MESSAGES, **SERVER_MESSAGES}.items():
        assert f"`{kind}` ({tp.__name__})" in doc


def test_a_renamed_or_added_field_fails_the_docs_check(monkeypatch: pytest.MonkeyPatch) -> None:
    doc = DOC.read_text(encoding="utf-8")
    renamed = doc.replace("`expected_seq`: int", "`expected`: int", 1)
    assert renamed != doc and with_table(renamed) != renamed

    class PongPlus(TypedDict):
        """The answer to ``ping``."""

        v: int
        type: Literal["pong"]
        at: NotRequired[float]

    monkeypatch.setitem(protocol_schema.SERVER_MESSAGES, "pong", PongPlus)
    assert with_table(doc) != doc


def test_the_docs_check_needs_its_markers() -> None:
    with pytest.raises(ValueError):
        with_table("# no table here\n")


# --- client → server --------------------------------------------------------------------------------------------------
ACCEPTED: list[tuple[Any, str]] = [
    ({"action": {"kind": "hold"}, "expected_seq": 3}, "action"),
    ({"action": {"kind": "hold"}, "expected_seq": 3, "seat": 1, "seed": "ab12", "type": "move"}, "action"),
    ({"action": {"kind": "hold"}, "expected_seq": 3, "seat": None}, "action"),
    ({"throw": True, "expected_seq": 0, "seed": "ff"}, "throw"),
    ({"outcome": "3 3 5", "expected_seq": 2}, "outcome"),
    ({"outcome": {"kind": "void"}, "expected_seq": 2}, "outcome"),
    ({"type": "ping"}, "ping"),
    ({"type": "chat", "text": "Viel Glück!"}, "chat"),
    ({"type": "hint"}, "hint"),
    ({"type": "hint", "seat": 1}, "hint"),
    ({"type": "back"}, "back"),
]


@pytest.mark.parametrize(("msg", "kind"), ACCEPTED)
def test_a_well_formed_client_message_is_its_type(msg: dict[str, Any], kind: str) -> None:
    for raw in (json.dumps(msg), json.dumps(msg).encode()):
        parsed = parse_client(raw)
        assert not isinstance(parsed, Refusal), parsed
        assert client_kind(parsed) == kind
        assert parsed == msg
        assert problems(parsed, CLIENT_MESSAGES[kind]) == []


REFUSED: list[tuple[Any, str, str]] = [
    ("x" * (protocol.MAX_MESSAGE + 1), "too_large", protocol.TOO_LARGE),
    ("{not json", "malformed_json", protocol.NOT_JSON),
    (b"\xff\xfe", "malformed_json", protocol.NOT_JSON),
    ("[" * 5000 + "]" * 5000, "too_deep", protocol.TOO_DEEP),
    ("[1, 2]", "bad_message", BAD_MESSAGE),
    ('"hold"', "bad_message", BAD_MESSAGE),
    ({"action": {"kind": "hold"}}, "bad_message", BAD_MESSAGE),
    ({"action": {}, "expected_seq": "1"}, "bad_message", BAD_MESSAGE),
    ({"action": {}, "expected_seq": True}, "bad_message", BAD_MESSAGE),
    ({"action": {}, "expected_seq": 1, "seat": False}, "bad_message", BAD_MESSAGE),
    ({"action": {}, "outcome": "3", "expected_seq": 1}, "bad_message", BAD_MESSAGE),
    ({"action": {}, "expected_seq": 1, "extra": 1}, "bad_message", BAD_MESSAGE),
    ({"action": {}, "expected_seq": 1, "seed": "not hex"}, "bad_message", BAD_MESSAGE),
    ({"action": {}, "expected_seq": 1, "type": "chat2"}, "bad_message", BAD_MESSAGE),
    ({"throw": 1, "expected_seq": 0}, "bad_message", BAD_MESSAGE),
    ({"type": "ping", "x": 1}, "bad_message", BAD_MESSAGE),
    ({"type": "back", "seat": 0}, "bad_message", BAD_MESSAGE),
    ({"type": "chat", "text": 5}, "bad_message", BAD_CHAT),
    ({"type": "chat", "text": "x", "seat": 0}, "bad_message", BAD_CHAT),
    ({"type": "hint", "seat": "0"}, "bad_message", BAD_HINT),
    ({"type": "hint", "extra": 1}, "bad_message", BAD_HINT),
]


@pytest.mark.parametrize(("msg", "code", "msgid"), REFUSED)
def test_a_malformed_client_message_is_refused_as_clients_know_it(msg: Any, code: str, msgid: str) -> None:
    raw = msg if isinstance(msg, str | bytes) else json.dumps(msg)
    assert parse_client(raw) == Refusal(code, msgid)


def test_the_checker_names_what_does_not_fit() -> None:
    good = {"v": 7, "type": "error", "error": {"code": "stale_seq", "message": "…"}, "seq": 3}
    assert server_problems(good) == []
    assert server_problems({**good, "seq": True}) == ["ErrorMessage.seq: True is not an int"]
    assert server_problems({**good, "error": {"code": "x"}}) == ["ErrorMessage.error: missing 'message'"]
    assert server_problems({**good, "extra": 1}) == ["ErrorMessage: unknown field 'extra'"]
    assert server_problems({"v": 7, "type": "notice"})  # no such message
    assert problems({"v": 7, "type": "pong"}, protocol.ErrorMessage)


# --- a played game ----------------------------------------------------------------------------------------------------
class Inbox:
    """A websocket stand-in that keeps every message sent to it."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send_text(self, data: str) -> None:
        self.sent.append(json.loads(data))

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        pass

    def last(self, kind: str) -> dict[str, Any] | None:
        return next((m for m in reversed(self.sent) if m["type"] == kind), None)


class FirstChoice:
    """An advisor for Pig: rates each legal move (a game without one cannot show a ``hint`` message)."""

    def __init__(self, game: Game) -> None:
        pass

    def advise(self, state: State, player: int) -> list[Advice]:
        return [
            Advice(action=a, value=float(i), measure="points", note="")
            for i, a in enumerate(state.legal_actions(player))
        ]


async def until(cond: Callable[[], object], timeout: float = 15.0) -> None:
    """Wait for ``cond`` with a deadline (the connection's writer and the bot run on the loop meanwhile)."""
    deadline = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < deadline, "condition not met in time"
        await asyncio.sleep(0.005)


async def connect(t: Any, player: Any, boxes: list[Inbox], since: int | None = None) -> tuple[Conn, Inbox]:
    """A connection of ``player`` to table ``t`` whose messages land in a new inbox (kept in ``boxes``)."""
    box = Inbox()
    boxes.append(box)
    conn = Conn(box, player, "de", None, since)
    await t.join(conn)
    return conn, box


async def send(t: Any, conn: Conn, box: Inbox, msg: dict[str, Any] | str) -> dict[str, Any]:
    """Send ``msg`` from ``conn`` and return the first message that comes back."""
    n = len(box.sent)
    await t.handle(conn, msg if isinstance(msg, str) else json.dumps(msg))
    await until(lambda: len(box.sent) > n)
    return box.sent[n]


async def play_one(hub: Hub, anna: Any, zara: Any, boxes: list[Inbox]) -> bool:
    """Anna against a random bot at Pig with a live clock, a spectator watching, and every kind of client message
    sent: chat, ping, back, a malformed one; at her first decision a hint, at her second a stale move. Whether
    she had two decisions before the game ended (her first throw of every turn may be a 1)."""
    t = await hub.create(
        pig_info(), "standard", {}, 2, False, False, anna, {1: "random"}, True, clock="live", move_seconds=60
    )
    t.info = dataclasses.replace(t.info, advisor=FirstChoice)
    conn, box = await connect(t, anna, boxes)
    await until(lambda: box.last("table"))
    await connect(t, zara, boxes)  # a spectator: Anna hears of him
    await until(lambda: box.last("presence"))
    assert (await send(t, conn, box, {"type": "chat", "text": "Viel Glück!"}))["type"] == "chat"
    await t.start(anna)
    await until(lambda: box.last("state"))
    await connect(t, anna, boxes, since=0)  # a second tab: a first state with the chat, the dice and a catch-up
    assert (await send(t, conn, box, {"type": "ping"}))["type"] == "pong"
    assert (await send(t, conn, box, {"type": "back"}))["error"]["code"] == "not_away"
    assert (await send(t, conn, box, "{not json"))["error"]["code"] == "malformed_json"
    decisions = 0
    for _ in range(2000):
        st = box.last("state")
        assert st is not None
        if st["finished"]:
            return decisions >= 2
        n = len(box.sent)
        if st["legal"] and decisions == 0:
            decisions += 1  # her decision is due and nothing else moves until she acts: the hint is answered
            assert (await send(t, conn, box, {"type": "hint"}))["type"] == "hint"
        elif st["legal"] and decisions == 1:
            decisions += 1
            stale = {"action": st["legal"][0]["action"], "expected_seq": st["seq"] + 5}
            assert (await send(t, conn, box, stale))["error"]["code"] == "stale_seq"
        elif st["legal"]:
            hold = [x["action"] for x in st["legal"] if x["action"]["kind"] == "hold"]
            await t.handle(
                conn, json.dumps({"action": (hold or [st["legal"][0]["action"]])[0], "expected_seq": st["seq"]})
            )
        elif st["throw"] is not None and st["throw"]["seat"] == 0:
            await t.handle(conn, json.dumps({"throw": True, "expected_seq": st["seq"], "seed": "ab12"}))
        await until(lambda n=n: len(box.sent) > n)  # the answer, or the bot's next move
    pytest.fail("the game did not end in 2000 steps")


async def play_pig(tmp: Path) -> list[Inbox]:
    """Pig tables until Anna had two decisions in one (at most twelve: all her first throws a 1 in every one is
    next to impossible), then a scorekeeper table whose dice are entered; every connection's inbox."""
    register(pig_info())
    store = Store.open(f"sqlite:///{tmp / 'w.db'}")
    hub = Hub(store, bot_delay=0)
    anna, zara = store.create_player("Anna"), store.create_player("Zara")
    boxes: list[Inbox] = []
    try:
        for _ in range(12):
            if await play_one(hub, anna, zara, boxes):
                break
        else:
            pytest.fail("Anna never had two decisions in twelve games")
        s = await hub.create(pig_info(), "standard", {}, 1, True, False, anna, {}, True)
        await s.start(anna)
        conn, box = await connect(s, anna, boxes)
        await until(lambda: box.last("state"))
        st = box.last("state")
        assert st is not None and st["manual"] is not None
        assert (await send(s, conn, box, {"outcome": "4", "expected_seq": st["seq"]}))["type"] == "state"
    finally:
        await hub.close()
        store.engine.dispose()
    return boxes


def test_every_message_of_a_played_game_fits_its_definition(tmp_path: Path) -> None:
    inboxes = run_loop(play_pig(tmp_path))
    seen: set[str] = set()
    for box in inboxes:
        for msg in box.sent:
            assert server_problems(msg) == [], (msg["type"], server_problems(msg))
            seen.add(msg["type"])
    assert seen == set(SERVER_MESSAGES), set(SERVER_MESSAGES) - seen
