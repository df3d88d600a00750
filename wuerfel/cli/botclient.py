"""The client of ``wuerfel bot run`` (issue 27 §4): a bot account playing at live tables over the documented
protocol (docs/protocol.md), with nothing a browser does not do.

How it finds its games: the host seats the bot account by name (``POST /api/tables/{id}/invite``), or the client
sits down at the table of an invitation link it was given (``--join``, the link a host shares with people), and it
polls its "Meine Partien" (``GET /api/my-tables``) every few seconds. Each table gets a
thread with one websocket. The client answers every ``state`` whose ``legal`` holds a move of its seat and taps
every throw that waits for its seat, always with ``expected_seq`` (a ``stale_seq`` refusal is followed by the
current state, which it answers again).

A :class:`~wuerfel.bots.base.Bot` needs a state, not a view: the client keeps its own copy of the game, made from
``GET /api/tables/{id}/setup`` (game, resolved rules, seats) and folded over the events the server sends (it asks
``since`` its last seq on every connection, so a reconnect brings exactly what it missed). A game that hides events
from the seat (a throw under the cup) cannot be copied; a bot for such a game is a policy ``(view, legal)``, which
needs no copy. The server checks every move as anyone's: a refused move is reported and ends play at that table.
"""

from __future__ import annotations

import json
import logging
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from wuerfel.bots.outside import PolicyBot, load_factory, make_outside_bot
from wuerfel.engine.errors import N_, WuerfelError
from wuerfel.engine.game import JSON, Game, State
from wuerfel.engine.registry import get_game

log = logging.getLogger("wuerfel.bot")

POLL_SECONDS = 2.0
"""How often the client asks for its tables (an invitation is picked up within this time)."""
RECONNECT_SECONDS = (0.5, 1.0, 2.0, 5.0)
"""Pauses before reconnecting after a lost connection (the last one repeats)."""


HIDDEN_MOVES = N_(
    "This game hides moves from the seat, so the bot's copy of the game cannot follow it: write the "
    "bot as a function (view, legal)."
)


class BotRunError(WuerfelError):
    """A refusal the user must fix (a wrong token, a refused move); said in his language."""


@dataclass
class ServerApi:
    """The HTTP side: every request carries the bot's token."""

    base: str
    token: str
    lang: str = "de"

    def get(self, path: str) -> Any:
        return self._send(
            urllib.request.Request(
                self.base.rstrip("/") + path,
                headers={
                    "Authorization": f"Bearer {self.token}",
                    "Accept-Language": self.lang,
                    "Accept": "application/json",
                },
            )
        )

    def post(self, path: str, body: JSON) -> Any:
        """A POST with a JSON body (a token needs no CSRF token: docs/protocol.md, "Bot accounts")."""
        return self._send(
            urllib.request.Request(
                self.base.rstrip("/") + path,
                data=json.dumps(body).encode(),
                method="POST",
                headers={
                    "Authorization": f"Bearer {self.token}",
                    "Accept-Language": self.lang,
                    "Content-Type": "application/json",
                },
            )
        )

    @staticmethod
    def _send(req: urllib.request.Request) -> Any:
        """The answer's JSON; a refusal the server explains becomes :class:`BotRunError` with its message."""
        try:
            with urllib.request.urlopen(req, timeout=30) as resp:
                return json.loads(resp.read())
        except urllib.error.HTTPError as exc:
            try:
                error = json.loads(exc.read())["error"]
            except (ValueError, KeyError, TypeError):
                raise
            raise BotRunError(N_("The server refused: {message}"), message=error.get("message", "")) from exc

    def join(self, invitation: str) -> str:
        """Sit down at the table of an invitation link (``…/table/ID``, or the bare id) in its first free seat;
        the table's id. The server refuses what a person would be refused (a rated table, no free seat …)."""
        table_id = invitation.rstrip("/").rsplit("/", 1)[-1].split("?", 1)[0]
        summary = self.get(f"/api/tables/{urllib.parse.quote(table_id)}")
        free = [s["seat"] for s in summary["seats"] if s["kind"] == "empty"]
        if not free:
            raise BotRunError(N_("Table {table} has no free seat."), table=table_id)
        self.post(f"/api/tables/{urllib.parse.quote(table_id)}/sit", {"seat": free[0]})
        return table_id

    def ws_url(self, table_id: str, since: int) -> str:
        base = self.base.rstrip("/")
        scheme = "wss" if base.startswith("https") else "ws"
        return f"{scheme}://{base.split('://', 1)[1]}/ws/table/{table_id}?since={since}"


@dataclass
class TablePlayer:
    """Plays one table to its end: its websocket, its copy of the game and its bot."""

    api: ServerApi
    table_id: str
    spec: str
    factory: Any
    seed: int = 0
    seq: int = 0
    game: Game | None = None
    state: State | None = None
    copy_ok: bool = True
    bot: Any = None
    result: JSON | None = None
    moves: int = 0
    reconnects: int = 0
    _sleep: Callable[[float], None] = field(default=time.sleep, repr=False)

    def setup(self) -> None:
        info = self.api.get(f"/api/tables/{self.table_id}/setup")
        game_info = get_game(info["game"])
        self.game = game_info.new_game(game_info.rules_from_dict(info["rules"]), int(info["seats"]))
        self.state = self.game.new_initial_state()
        self.bot = make_outside_bot(self.spec, self.game, self.seed, self.factory)
        if not game_info.perfect_information and not isinstance(self.bot, PolicyBot):
            # another seat's sealed stake reaches this seat as nothing at all: no copy could stay true
            raise BotRunError(HIDDEN_MOVES)

    def follow(self, events: list[JSON], skipped: int) -> None:
        """Fold the new events into the copy of the game (a gap or a hidden event ends the copy)."""
        assert self.game is not None
        if skipped:
            self.copy_ok = False
        for ev in events:
            seq = ev.get("seq")
            if not isinstance(seq, int) or seq <= self.seq:
                continue
            if seq != self.seq + 1 or ev.get("hidden"):
                self.copy_ok = False
            self.seq = seq
            if not self.copy_ok or self.state is None:
                continue
            if ev["type"] == "chance":
                self.state = self.state.apply_outcome(self.game.outcome_from_json(ev["data"]))
            else:
                self.state = self.state.apply_action(self.game.action_from_json(ev["data"]), ev["player"])

    def answer(self, msg: JSON) -> JSON | None:
        """What to send for a ``state`` message: a move, a throw, or nothing."""
        mine = set(msg.get("my_seats") or [])
        legal = msg.get("legal") or []
        if legal:
            seat = legal[0]["seat"]
            options = [entry["action"] for entry in legal if entry["seat"] == seat]
            if isinstance(self.bot, PolicyBot):
                action = self.bot.decide(msg["view"], options)
            else:
                if not self.copy_ok or self.state is None:
                    raise BotRunError(HIDDEN_MOVES)
                action = self.bot.choose(self.state, seat)
            self.moves += 1
            return {"action": action.to_json(), "expected_seq": msg["seq"], "seat": seat}
        throw = msg.get("throw")
        if throw and throw.get("seat") in mine:
            return {"throw": True, "expected_seq": msg["seq"], "seat": throw["seat"]}
        return None

    def play(self, stop: threading.Event | None = None) -> JSON:
        """Play until the game is finished (reconnecting with ``since`` when the connection drops); the result."""
        from websockets.exceptions import ConnectionClosed, InvalidStatus
        from websockets.sync.client import connect

        if self.game is None:
            self.setup()
        failures = 0
        while stop is None or not stop.is_set():
            try:
                with connect(
                    self.api.ws_url(self.table_id, self.seq),
                    open_timeout=30,
                    max_size=2**22,
                    additional_headers={"Authorization": f"Bearer {self.api.token}", "Accept-Language": self.api.lang},
                ) as ws:
                    failures = 0
                    while stop is None or not stop.is_set():
                        try:
                            raw = ws.recv(timeout=1.0)
                        except TimeoutError:
                            continue
                        msg = json.loads(raw)
                        kind = msg.get("type")
                        if kind == "error":
                            code = msg["error"]["code"]
                            if code in ("stale_seq", "not_your_throw", "not_your_turn"):
                                continue  # the current state follows (or another's move came first)
                            raise BotRunError(
                                N_("The server refused the bot: {message}"), message=msg["error"]["message"]
                            )
                        if kind != "state":
                            continue
                        self.follow(msg.get("events") or [], int(msg.get("skipped") or 0))
                        self.seq = max(self.seq, int(msg["seq"]))
                        if msg.get("finished"):
                            self.result = msg.get("result")
                            return self.result or {}
                        reply = self.answer(msg)
                        if reply is not None:
                            ws.send(json.dumps(reply))
            except InvalidStatus as exc:
                if exc.response.status_code in (403, 404):
                    # the table is gone: the server closes before accepting (its 4404 reaches a client as a refused
                    # handshake), and no reconnect brings it back
                    log.warning("table %s: the server has no such table (any more)", self.table_id)
                    return {}
                failures = self._pause(failures, exc)
            except (ConnectionClosed, OSError) as exc:
                failures = self._pause(failures, exc)
        return {}

    def _pause(self, failures: int, exc: Exception) -> int:
        """Wait before the next connection (longer after each failure in a row); the new count of failures."""
        pause = RECONNECT_SECONDS[min(failures, len(RECONNECT_SECONDS) - 1)]
        self.reconnects += 1
        log.info("table %s: connection lost (%s); again in %.1f s since %d", self.table_id, exc, pause, self.seq)
        self._sleep(pause)
        return failures + 1


@dataclass
class BotRunner:
    """Polls the bot's tables and plays each unfinished one in a thread of its own."""

    api: ServerApi
    spec: str
    game: str | None = None
    max_games: int | None = None
    poll: float = POLL_SECONDS
    on_result: Callable[[str, JSON], None] | None = None
    join: list[str] = field(default_factory=list)
    """Invitation links to sit down at first (``--join``), beside the tables a host seats the bot at."""
    seed: int = 0
    finished: int = 0
    errors: list[BaseException] = field(default_factory=list)
    _threads: dict[str, threading.Thread] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def run(self, stop: threading.Event | None = None) -> int:
        """Until ``max_games`` games are finished (forever without it) or ``stop`` is set; the games finished."""
        stop = stop or threading.Event()
        factory = load_factory(self.spec)
        self.api.get("/api/session")  # a wrong token is refused here, before any table
        for invitation in self.join:
            self.api.join(invitation)
        started = 0
        while not stop.is_set():
            with self._lock:
                if self.errors:
                    stop.set()
                    raise self.errors[0]
                if self.max_games is not None and self.finished >= self.max_games:
                    break
            for t in self.api.get("/api/my-tables")["tables"]:
                tid = t["id"]
                if tid in self._threads or t["status"] == "finished" or (self.game and t["game"] != self.game):
                    continue
                if self.max_games is not None and started >= self.max_games:
                    break
                started += 1
                player = TablePlayer(self.api, tid, self.spec, factory, seed=self.seed + started)
                th = threading.Thread(target=self._play, args=(player, stop), name=f"bot-{tid}", daemon=True)
                self._threads[tid] = th
                th.start()
            stop.wait(self.poll)
        return self.finished

    def _play(self, player: TablePlayer, stop: threading.Event) -> None:
        try:
            result = player.play(stop)
        except BaseException as exc:  # reported by run(), in the main thread
            with self._lock:
                self.errors.append(exc)
            return
        if stop.is_set() and not result:
            return
        with self._lock:
            self.finished += 1
        if self.on_result is not None:
            self.on_result(player.table_id, result)
