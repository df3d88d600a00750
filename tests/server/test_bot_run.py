"""``wuerfel bot run`` against a real server (issue 27 §4, item 2): a person plays a short game against a bot module
written outside the project, which the host seated by name; the game finishes and its record replays.

The bot process starts only after the person's first moves, so it catches up from the events it missed (``since``),
which is the path of every reconnect too."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

from tests.engine.toy_game import pig_info
from tests.server.conftest import PLUGINS, ROOT, Client, ServerProcess, concrete
from tests.server.stapel import stapel_info
from tests.server.test_bot_accounts import registered
from wuerfel.engine import registry
from wuerfel.engine.record import GameRecord


@pytest.fixture(autouse=True)
def test_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test process reads the records of the server's test games (registered for these tests only)."""
    monkeypatch.setitem(registry._REGISTRY, "stapel", stapel_info())
    monkeypatch.setitem(registry._REGISTRY, "pig", pig_info())


BOT_MODULE = textwrap.dedent('''
    """An outside bot: the project's Bot protocol for Stapel, a (view, legal) policy for Pig."""


    class Greedy:
        """Takes as much of the pile as it may (a Bot: it reads the state)."""

        name = "greedy"

        def __init__(self, game, seed):
            self.game = game

        def choose(self, state, player):
            return max(state.legal_actions(player), key=lambda a: a.n)


    def cheat(view, legal):
        """Takes more than the pile holds: the server must refuse it like anyone's move."""
        return {"kind": "take", "n": 99}


    def careful(view, legal):
        """Pig: holds as soon as the turn is worth 4 (a policy: JSON in, JSON out)."""
        kinds = {a["kind"]: a for a in legal}
        return kinds["hold"] if "hold" in kinds and view["turn"] >= 4 else kinds.get("roll", legal[0])
''')


def start_bot(tmp_path: Path, url: str, token: str, spec: str, *extra: str) -> subprocess.Popen[str]:
    (tmp_path / "mybot.py").write_text(BOT_MODULE)
    path = os.pathsep.join([str(tmp_path), str(ROOT), *(str(PLUGINS / p) for p in ("toy", "stapel"))])
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "wuerfel",
            "bot",
            "run",
            spec,
            "--server",
            url,
            "--max-games",
            "1",
            "--poll",
            "0.1",
            "--lang",
            "en",
            *extra,
        ],
        cwd=tmp_path,
        text=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=dict(os.environ, PYTHONPATH=path, WUERFEL_BOT_TOKEN=token),
    )


def play_against_bot(
    server: ServerProcess, tmp_path: Path, game: str, spec: str, first_moves: int, join: bool = False, **table: Any
) -> tuple[Client, str, dict[str, Any], str]:
    """The person in seat 0 plays his first legal move every time, the bot process seat 1; (person, table, the last
    state, the bot's output). The host invites the bot by name, or (``join``) the bot sits down itself at the
    table of the invitation link, as a person given the link would."""
    anna = registered(server, "Mensch")
    made = anna.post("/api/bot-token").json()
    created = anna.create(game, seats=2, **table)
    tid = created["id"]
    bot: subprocess.Popen[str] | None = None
    if join:
        bot = start_bot(tmp_path, server.url, made["token"], spec, "--join", created["invite_url"])
        deadline = time.monotonic() + 60
        while anna.http.get(f"/api/tables/{tid}").json()["seats"][1]["kind"] == "empty":
            assert bot.poll() is None and time.monotonic() < deadline, "the bot did not sit down"
            time.sleep(0.05)
    else:
        r = anna.post(f"/api/tables/{tid}/invite", {"seat": 1, "name": made["bot"]["name"]})
        assert r.status_code == 200, r.text
    assert anna.post(f"/api/tables/{tid}/start").status_code == 200
    ws = anna.ws(tid)
    moves = 0
    try:
        st = ws.recv_type("state")
        deadline = time.monotonic() + 60
        while not st["finished"]:
            assert time.monotonic() < deadline, "the game did not finish"
            if bot is None and (moves >= first_moves or not (st["legal"] or st["throw"])):
                bot = start_bot(tmp_path, server.url, made["token"], spec)
            if st["legal"]:
                ws.send({"action": concrete(st["legal"][0]["action"]), "expected_seq": st["seq"]})
                moves += 1
            elif st["throw"] and st["throw"]["seat"] in st["my_seats"]:
                ws.send({"throw": True, "expected_seq": st["seq"]})
            st = ws.recv_type("state", timeout=30)
        assert bot is not None
        out, err = bot.communicate(timeout=60)
        assert bot.returncode == 0, err
        return anna, tid, st, out
    finally:
        ws.close()
        if bot is not None and bot.poll() is None:
            bot.kill()
            bot.wait(10)


def test_a_person_plays_stapel_against_an_outside_bot(server: ServerProcess, tmp_path: Path) -> None:
    anna, tid, st, out = play_against_bot(server, tmp_path, "stapel", "mybot:Greedy", first_moves=2)
    assert f"Game {tid} finished" in out
    record = GameRecord.from_json(anna.http.get(f"/api/tables/{tid}/record").json())
    assert record.replay().is_terminal() and record.players[1].endswith("(BOT)")
    state = record.make_game().new_initial_state()
    bot_moves = 0
    for ev in record.events:  # every move of the bot's seat took the most the pile allowed: it was Greedy's
        if ev.type == "action" and ev.player == 1:
            assert ev.data["n"] == max(a.n for a in state.legal_actions(1))
            bot_moves += 1
        state = (
            state.apply_outcome(record.make_game().outcome_from_json(ev.data))
            if ev.type == "chance"
            else state.apply_action(record.make_game().action_from_json(ev.data), ev.player)
        )
    assert bot_moves > 0 and st["table"]["seats"][1]["name"].endswith("(BOT)")


def test_a_policy_bot_joins_by_the_invitation_link_and_taps_its_throws_in_pig(
    server: ServerProcess, tmp_path: Path
) -> None:
    anna, tid, _st, _out = play_against_bot(
        server, tmp_path, "pig", "mybot:careful", first_moves=1, join=True, overrides={"target": 12}
    )
    record = GameRecord.from_json(anna.http.get(f"/api/tables/{tid}/record").json())
    assert record.replay().is_terminal()
    assert any(ev.type == "action" and ev.player == 1 for ev in record.events)


def test_a_wrong_token_is_refused_before_any_table(server: ServerProcess, tmp_path: Path) -> None:
    bot = start_bot(tmp_path, server.url, "wbt_not-a-token", "mybot:Greedy")
    out, err = bot.communicate(timeout=60)
    assert bot.returncode == 2 and "revoked" in err, (out, err)


def test_the_client_catches_up_by_seq_after_a_lost_connection(
    server: ServerProcess, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    """In-process: the bot's connection ends in the middle of the game (its client stops), the person plays on
    until the bot is due, and the same client connects again with ``since``: its copy of the game ends equal to
    the server's record."""
    import threading

    from wuerfel.cli.botclient import ServerApi, TablePlayer

    (tmp_path / "mybot.py").write_text(BOT_MODULE)
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("mybot", None)  # imported in this process: fresh here, and dropped again at the end
    request.addfinalizer(lambda: sys.modules.pop("mybot", None))
    from wuerfel.bots.outside import load_factory

    anna = registered(server, "Wieder")
    made = anna.post("/api/bot-token").json()
    tid = anna.create("stapel", seats=2, overrides={"target": 20})["id"]
    assert anna.post(f"/api/tables/{tid}/invite", {"seat": 1, "name": made["bot"]["name"]}).status_code == 200
    assert anna.post(f"/api/tables/{tid}/start").status_code == 200
    bot = TablePlayer(ServerApi(server.url, made["token"]), tid, "mybot:Greedy", load_factory("mybot:Greedy"))
    stop = threading.Event()
    first = threading.Thread(target=bot.play, args=(stop,), daemon=True)
    first.start()
    ws = anna.ws(tid)
    second: threading.Thread | None = None
    try:
        st = ws.recv_type("state")
        deadline = time.monotonic() + 60
        while not st["finished"]:
            assert time.monotonic() < deadline, "the game did not finish"
            if second is None and bot.moves >= 1 and st["legal"] and not stop.is_set():
                stop.set()  # the connection ends; the person's moves after this reach the bot only on return
                first.join(10)
                assert not first.is_alive()
            if st["legal"]:
                ws.send({"action": concrete(st["legal"][0]["action"]), "expected_seq": st["seq"]})
            elif second is None and stop.is_set():
                missed = bot.seq
                assert st["seq"] > missed  # the person's moves since the connection ended
                second = threading.Thread(target=bot.play, daemon=True)
                second.start()
            st = ws.recv_type("state", timeout=30)
        assert second is not None
        second.join(30)
        assert not second.is_alive() and bot.seq > missed
    finally:
        ws.close()
    record = GameRecord.from_json(anna.http.get(f"/api/tables/{tid}/record").json())
    final = record.replay()
    assert bot.copy_ok and bot.state is not None and bot.state.is_terminal()
    assert bot.state.view(None) == final.view(None) and bot.state.scores() == final.scores()


def test_a_table_the_server_does_not_have_ends_play_there(server: ServerProcess) -> None:
    """A table the server does not have (its handshake is refused) is final: the client stops there instead of
    reconnecting for ever."""
    from wuerfel.cli.botclient import ServerApi, TablePlayer

    player = TablePlayer(ServerApi(server.url, "wbt_unused"), "no-such-table", "x:y", factory=None)
    player.game = stapel_info().new_game(stapel_info().rules_from_dict({}), 2)  # nothing to set up from
    assert player.play() == {} and player.reconnects == 0


def test_an_illegal_move_is_refused_like_anyones(server: ServerProcess, tmp_path: Path) -> None:
    anna = registered(server, "Streng")
    made = anna.post("/api/bot-token").json()
    tid = anna.create("stapel", seats=2)["id"]
    assert anna.post(f"/api/tables/{tid}/invite", {"seat": 1, "name": made["bot"]["name"]}).status_code == 200
    assert anna.post(f"/api/tables/{tid}/start").status_code == 200
    ws = anna.ws(tid)
    try:
        st = ws.recv_type("state")
        while st["legal"]:  # the person's turn, until the bot is due
            ws.send({"action": concrete(st["legal"][0]["action"]), "expected_seq": st["seq"]})
            st = ws.recv_type("state")
        bot = start_bot(tmp_path, server.url, made["token"], "mybot:cheat")
        out, err = bot.communicate(timeout=60)
        assert bot.returncode == 2 and "refused" in err, (out, err)
        ws.nothing_on_the_way()  # no move was made
        assert anna.http.get(f"/api/tables/{tid}").json()["seq"] == st["seq"]
    finally:
        ws.close()
