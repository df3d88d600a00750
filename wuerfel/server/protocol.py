"""The websocket table protocol (docs/protocol.md), both directions, each message defined once (issue 25 §1).

Messages are :class:`~typing.TypedDict` types: the server builds them as plain dicts in the order it always did, so
the bytes on the wire are exactly what they were, and a type checker reads the same definitions the tests and the
docs do. :func:`parse_client` is the one door every client message comes in by (the refusals it answers with are
the ones clients know: ``too_large``, ``malformed_json``, ``too_deep``, ``bad_message``).
:mod:`~wuerfel.server.protocol_schema` checks a message against its definition (the tests check every message they
read) and writes docs/protocol.md's message table from these definitions, which a test holds equal.

No ``from __future__ import annotations`` here: Python 3.11 reads ``NotRequired`` only from evaluated annotations.
"""

import json
from dataclasses import dataclass
from typing import Any, Literal, NotRequired, TypedDict, cast

from wuerfel.engine import fairdice
from wuerfel.engine.errors import N_

MAX_MESSAGE = 16 * 1024
"""Larger client messages are refused with ``too_large`` (the connection stays; over 1 MiB the socket closes)."""

BAD_MESSAGE = N_("The message must be an object with 'action', 'outcome' or 'throw', and 'expected_seq'.")
TOO_LARGE = N_("The message is too large.")
NOT_JSON = N_("The message is not valid JSON.")
TOO_DEEP = N_("The message is nested too deeply.")
BAD_CHAT = N_("A chat message must be an object with 'type' and 'text'.")
BAD_HINT = N_("A hint request must be an object with 'type' and 'seat'.")

JSONObject = dict[str, Any]
"""Any JSON object: a game's own shapes (an action, a view, a table component), described by the game, not here."""


# --- client → server ------------------------------------------------------------------------------------------------
class MoveMessage(TypedDict):
    """A move of one of the sender's seats (``action`` as ``legal`` lists it), made against the seq he saw."""

    action: JSONObject
    expected_seq: int
    seat: NotRequired[int | None]
    seed: NotRequired[str]
    type: NotRequired[Literal["move"]]


class ThrowRequest(TypedDict):
    """A person asks for his due throw ("Würfeln", protocol 2); ``seed`` adds his randomness to it (fair dice)."""

    throw: Literal[True]
    expected_seq: int
    seat: NotRequired[int | None]
    seed: NotRequired[str]
    type: NotRequired[Literal["move"]]


class OutcomeEntry(TypedDict):
    """A scorekeeper table's throw as typed ("3 3 1 5 6") or an outcome's JSON (a ``special``, a ``choice``)."""

    outcome: str | JSONObject
    expected_seq: int
    seat: NotRequired[int | None]
    seed: NotRequired[str]
    type: NotRequired[Literal["move"]]


class PingRequest(TypedDict):
    """Is the connection alive (answered by ``pong``)?"""

    type: Literal["ping"]


class ChatRequest(TypedDict):
    """A chat line for everyone at the table (protocol 4); trimmed and checked by the table's chat rules."""

    type: Literal["chat"]
    text: str


class HintRequest(TypedDict):
    """Asks the game's advisor about the sender's due decision (protocol 5); ``seat`` when several may act."""

    type: Literal["hint"]
    seat: NotRequired[int | None]


class BackRequest(TypedDict):
    """A player whose seat a stand-in bot plays takes it again (protocol 6)."""

    type: Literal["back"]


ClientMessage = MoveMessage | ThrowRequest | OutcomeEntry | PingRequest | ChatRequest | HintRequest | BackRequest
ClientKind = Literal["action", "throw", "outcome", "ping", "chat", "hint", "back"]


@dataclass(frozen=True)
class Refusal:
    """A client message refused before it reached the table: sent as an ``error`` with this code and msgid."""

    code: str
    msgid: str


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def parse_client(raw: str | bytes) -> ClientMessage | Refusal:
    """One client message as its type, or why it is refused (nothing changes then; the connection stays).

    Only the shape is checked here; what the message asks for (whose turn, which seq, the action and the outcome
    themselves, the chat's rules) is the table's. An outcome that is neither text nor an object is refused by the
    table (``bad_message``) after its turn checks, as it always was."""
    if len(raw) > MAX_MESSAGE:
        return Refusal("too_large", TOO_LARGE)
    try:
        msg = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        return Refusal("malformed_json", NOT_JSON)
    except RecursionError:
        # Valid JSON nested deeper than the parser goes: refused like any bad message (it used to escape as a
        # RuntimeError and silently end the connection).
        return Refusal("too_deep", TOO_DEEP)
    if not isinstance(msg, dict):
        return Refusal("bad_message", BAD_MESSAGE)
    kind = msg.get("type")
    if kind == "ping" and len(msg) == 1:
        return cast(PingRequest, msg)
    if kind == "chat":
        if set(msg) != {"type", "text"} or not isinstance(msg["text"], str):
            return Refusal("bad_message", BAD_CHAT)
        return cast(ChatRequest, msg)
    if kind == "hint":
        seat = msg.get("seat")
        if set(msg) - {"type", "seat"} or (seat is not None and not _is_int(seat)):
            return Refusal("bad_message", BAD_HINT)
        return cast(HintRequest, msg)
    if kind == "back" and len(msg) == 1:
        return cast(BackRequest, msg)
    seat = msg.get("seat")
    if (
        sum(k in msg for k in ("action", "outcome", "throw")) != 1
        or not _is_int(msg.get("expected_seq"))
        or (seat is not None and not _is_int(seat))
        or set(msg) - {"action", "outcome", "throw", "expected_seq", "seat", "type", "seed"}
        or ("seed" in msg and fairdice.valid_seed(msg["seed"]) is None)
        or ("throw" in msg and msg["throw"] is not True)
        or msg.get("type", "move") != "move"
    ):
        return Refusal("bad_message", BAD_MESSAGE)
    return cast(MoveMessage | ThrowRequest | OutcomeEntry, msg)


def client_kind(msg: ClientMessage) -> ClientKind:
    """What a parsed client message asks for (a move message by its one key ``action``, ``throw`` or ``outcome``)."""
    kind = msg.get("type")
    if kind in ("ping", "chat", "hint", "back"):
        return cast(ClientKind, kind)
    return "action" if "action" in msg else "throw" if "throw" in msg else "outcome"


# --- server → client: the parts ---------------------------------------------------------------------------------------
class SummarySeat(TypedDict):
    """One seat of the table summary: who sits there (a person, a bot, nobody) and who plays it now."""

    seat: int
    kind: Literal["human", "bot", "empty"]
    player_id: int | None
    name: str | None
    bot: str | None
    bot_number: int | None
    guest: bool
    standin: str | None
    rating: float | None


class SummaryClock(TypedDict):
    """The table's time control as chosen at creation (protocol 6)."""

    kind: Literal["none", "live", "corr"]
    seconds: int | None
    on_expiry: Literal["bot", "forfeit"]


class Result(TypedDict):
    """The engine's result as every client draws it (empty lists before the end)."""

    lower_is_better: bool
    ranking: list[list[int]]
    winners: list[int]
    losers: list[int]
    payoffs: list[float] | None
    resigned: int | None
    ended_by: str | None


class Spectator(TypedDict):
    """A person watching now (``player_id`` and ``name`` null: a connection without a session)."""

    player_id: int | None
    name: str | None
    muted: bool


class Summary(TypedDict):
    """The table summary (as ``GET /api/tables/{id}``), its ``seq`` the reader's own count."""

    id: str
    game: str
    game_name: str
    rules_id: str
    status: Literal["open", "playing", "finished"]
    scorekeeper: bool
    private: bool
    host: int | None
    created_at: str
    spectator_chat: bool
    muted: list[int]
    hints: bool
    rated: bool
    advisor: bool
    seats: list[SummarySeat]
    clock: SummaryClock
    ended_by: str | None
    url: str
    seq: int
    result: Result
    winners: list[int]
    resigned: int | None
    deadline_at: float | None
    rematch: str | None
    invite_url: str
    online: list[int]
    spectators: list[Spectator]


class ChatLine(TypedDict):
    """One chat message as stored and as ``chat`` histories carry it (the ``chat`` message without v and type)."""

    seq: int
    author: str
    seat: int | None
    spectator: bool
    at: str
    text: str
    guest: bool


class Uncovered(TypedDict):
    """A move an event makes public that this reader was not shown when it happened (``seq`` null: never told)."""

    seq: int | None
    type: Literal["action", "chance"]
    player: int | None
    label: str


class EventLine(TypedDict):
    """A log event as the reader's seat may see it, numbered in his own seq."""

    seq: int
    type: Literal["action", "chance"]
    player: int | None
    data: JSONObject | None
    label: str
    hidden: NotRequired[Literal[True]]
    proof: NotRequired[JSONObject]
    thrower: NotRequired[int]
    announce: NotRequired[list[str]]
    uncovered: NotRequired[list[Uncovered]]


class LegalMove(TypedDict):
    """A move one of the reader's seats may make now, with its label; sent back as ``action``."""

    seat: int
    action: JSONObject
    label: str


class OutcomeChoice(TypedDict):
    """An outcome a scorekeeper taps instead of typing faces, with its label."""

    outcome: JSONObject
    label: str


class ManualEntry(TypedDict):
    """How a scorekeeper table's chance node is entered (null elsewhere)."""

    dice: int
    thrower: int | None
    kept: list[int]
    special: list[OutcomeChoice]
    choices: list[OutcomeChoice] | None


class DeadlineWindow(TypedDict):
    """The open window of a timed decision (the game's ``State.deadline()``)."""

    seconds: float
    at: float
    left: float
    what: str
    on_expiry: JSONObject


class ThrowDue(TypedDict):
    """Whose throw the table waits for; for a person when the server throws for him (protocol 2)."""

    seat: int
    bot: bool
    seconds: float | None
    at: float | None
    left: float | None


class MoveClock(TypedDict):
    """The running move's clock (protocol 6)."""

    kind: Literal["live", "corr"]
    seconds: int
    limit: float
    at: float
    left: float
    seats: list[int]
    on_expiry: Literal["bot", "forfeit"]


class DiceSeed(TypedDict):
    """A seat's seed of the provably fair dice, and who made it."""

    seat: int
    seed: str
    by: Literal["player", "server"]


class DiceData(TypedDict):
    """The game's fair-dice data: the seats' seeds, the combined seed and the first throw's commitment."""

    v: int
    seeds: list[DiceSeed]
    seed: str
    next: NotRequired[str]


class AdviceLine(TypedDict):
    """One choice as the advisor rates it, worded for the asker."""

    action: JSONObject | None
    label: str
    legal: bool
    value: float | None
    text: str
    measure: str
    note: str


class ErrorBody(TypedDict):
    """A refusal's code and its message in the reader's language."""

    code: str
    message: str


# --- server → client: the messages ------------------------------------------------------------------------------------
class TableMessage(TypedDict):
    """The seating before the start (first message, and whenever it changes; ``note`` says what happened)."""

    v: int
    type: Literal["table"]
    table: Summary
    note: NotRequired[str]
    chat: NotRequired[list[ChatLine]]


class StateMessage(TypedDict):
    """The game as the reader may see it, after connecting, after moves and after ``stale_seq``."""

    v: int
    type: Literal["state"]
    seq: int
    seat: int | None
    my_seats: list[int]
    view: JSONObject
    components: list[JSONObject]
    events: list[EventLine]
    legal: list[LegalMove]
    to_move: list[int]
    manual: ManualEntry | None
    finished: bool
    winners: list[int]
    result: Result
    deadline: DeadlineWindow | None
    throw: ThrowDue | None
    online: list[int]
    clock: MoveClock | None
    note: NotRequired[str]
    skipped: NotRequired[int]
    table: NotRequired[Summary]
    chat: NotRequired[list[ChatLine]]
    dice: NotRequired[DiceData]


class PresenceMessage(TypedDict):
    """Who is at the table changed: the connected seats and the spectators (protocol 3)."""

    v: int
    type: Literal["presence"]
    online: list[int]
    spectators: list[Spectator]


class ChatMessage(TypedDict):
    """An accepted chat line, stored, to everyone at the table (protocol 4)."""

    v: int
    type: Literal["chat"]
    seq: int
    author: str
    seat: int | None
    spectator: bool
    at: str
    text: str
    guest: bool


class HintMessage(TypedDict):
    """The advisor's rating of each choice, to the asker alone, about position ``seq`` (protocol 5)."""

    v: int
    type: Literal["hint"]
    seq: int
    seat: int
    advice: list[AdviceLine]


class ErrorMessage(TypedDict):
    """A refusal: nothing changed (``seq`` the reader's, absent when the connection itself is refused)."""

    v: int
    type: Literal["error"]
    error: ErrorBody
    seq: NotRequired[int]


class PongMessage(TypedDict):
    """The answer to ``ping``."""

    v: int
    type: Literal["pong"]


ServerMessage = TableMessage | StateMessage | PresenceMessage | ChatMessage | HintMessage | ErrorMessage | PongMessage

CLIENT_MESSAGES: dict[str, type] = {
    "action": MoveMessage,
    "throw": ThrowRequest,
    "outcome": OutcomeEntry,
    "ping": PingRequest,
    "chat": ChatRequest,
    "hint": HintRequest,
    "back": BackRequest,
}
"""Every client message by what it asks for (:func:`client_kind`)."""
SERVER_MESSAGES: dict[str, type] = {
    "table": TableMessage,
    "state": StateMessage,
    "presence": PresenceMessage,
    "chat": ChatMessage,
    "hint": HintMessage,
    "error": ErrorMessage,
    "pong": PongMessage,
}
"""Every server message by its ``type``."""
PARTS: tuple[type, ...] = (
    Summary,
    SummarySeat,
    SummaryClock,
    Result,
    Spectator,
    ChatLine,
    EventLine,
    Uncovered,
    LegalMove,
    ManualEntry,
    OutcomeChoice,
    DeadlineWindow,
    ThrowDue,
    MoveClock,
    DiceData,
    DiceSeed,
    AdviceLine,
    ErrorBody,
)
"""The objects the messages are made of, in the order the docs list them."""
