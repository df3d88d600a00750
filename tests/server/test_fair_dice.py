"""Provably fair dice at live tables: whole games through the real server (SQLite and PostgreSQL), whose downloaded
records ``wuerfel verify`` (the real command, in its own process) accepts and whose tampered copies it refuses; the
commitment of every throw reaches the players before the throw; a restart throws the die it committed to; concealed
throws never leave their thrower; a player's dice statistics.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import GAME_PLUGINS, PLUGINS, ROOT, Client, ServerProcess, Ws, pg_schema
from wuerfel.engine import fairdice

SEED = "00112233445566778899aabbccddeeff"


def run_verify(path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``python -m wuerfel verify`` as a sceptic runs it (the toy games on its path, like the server's)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), *(str(PLUGINS / p) for p in GAME_PLUGINS)]))
    return subprocess.run(
        [sys.executable, "-m", "wuerfel", "verify", str(path), *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.fixture(params=["sqlite", "postgresql"])
def own_server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ServerProcess]:
    if request.param == "sqlite":
        srv = ServerProcess(f"sqlite:///{tmp_path / 'w.db'}", log_dir=tmp_path).start()
        try:
            yield srv
        finally:
            srv.kill()
        return
    with pg_schema() as url:
        srv = ServerProcess(url, log_dir=tmp_path).start()
        try:
            yield srv
        finally:
            srv.kill()


def registered(base: str, name: str) -> Client:
    c = Client(base)
    r = c.post("/api/register", {"name": name, "password": "geheim-123"})
    assert r.status_code == 200, r.text
    c.refresh_csrf()
    return c


def play_pig_to_the_end(
    w: Ws, st: dict[str, Any], seat: int = 0, taps: list[str] | None = None
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Play seat ``seat`` of Pig from state ``st`` (tap when the throw is due, hold otherwise) until the game ends,
    sending a fresh seed with every tap and move as the page does (collected in ``taps``); returns the last state
    and every event as the connection was told, in order."""
    events = list(st["events"])
    end = time.monotonic() + 60
    while not st["finished"]:
        assert time.monotonic() < end, "the game did not end in time"
        th = st["throw"]
        tap = f"{len(taps or []) + 1:032x}"
        if taps is not None:
            taps.append(tap)
        if th is not None and th["seat"] == seat and not th["bot"]:
            w.send({"throw": True, "expected_seq": st["seq"], "seed": tap})
        elif seat in st["to_move"]:
            w.send({"action": {"kind": "hold"}, "expected_seq": st["seq"], "seed": tap})
        st = w.recv_type("state", timeout=max(0.01, end - time.monotonic()))
        events += st["events"]
    return st, events


def test_a_whole_game_verifies_and_tampering_is_caught(own_server: ServerProcess, tmp_path: Path) -> None:
    anna = registered(own_server.url, "Anna")
    t = anna.create("pig", seats=2, bots={"1": "random"}, overrides={"target": 25})
    assert anna.post(f"/api/tables/{t['id']}/start", {"seed": SEED}).status_code == 200
    w = anna.ws(t["id"])
    first = w.recv_type("state")
    assert first["seq"] == 0 and first["throw"]["seat"] == 0  # her throw waits; its commitment is already out
    promised = first["dice"]["next"]
    w.send({"throw": True, "expected_seq": 0, "seed": "kein hex"})  # a malformed seed: refused, nothing thrown
    assert w.recv_type("error")["error"]["code"] == "bad_message"
    taps: list[str] = []
    _, events = play_pig_to_the_end(w, first, taps=taps)
    w.close()
    # Live: every throw's commitment reached the table before it: the first with the start, every later one with
    # the throw before it (so before Anna's decisions in between); the revealed secret opens it.
    record = anna.http.get(f"/api/tables/{t['id']}/record").json()
    dice = record["meta"]["dice"]
    assert dice["seeds"][0] == {"seat": 0, "seed": SEED, "by": "player"}
    assert dice["seeds"][1]["by"] == "server"
    assert [e["seq"] for e in events] == list(range(1, len(record["events"]) + 1))
    announced = dice.get("next")
    assert announced == promised
    throws = 0
    for e in events:
        if e["type"] == "chance":
            throws += 1
            assert e["proof"]["commit"] == announced
            assert fairdice.commitment(e["proof"]["secret"]) == announced
            announced = None  # good for one throw: the next one's commitment comes with this throw
        if "next" in (e.get("proof") or {}):
            announced = e["proof"]["next"]
    assert throws >= 4
    # Her taps' seeds went into her throws (sent after their commitments were out); the bot's throws have none.
    tapped = [e for e in record["events"] if e["type"] == "chance" and "tap" in e["proof"]]
    assert tapped and all(e["proof"]["tap"] in taps and e["proof"]["seat"] == 0 for e in tapped)
    # The record as downloaded: the command accepts it, in German and in English.
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    ok = run_verify(path)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert "Alle Würfe geprüft." in ok.stdout and f"{throws} von {throws} Würfen geprüft" in ok.stdout
    en = run_verify(path, "--lang", "en")
    assert en.returncode == 0 and "All throws verified." in en.stdout
    assert anna.http.get(f"/api/tables/{t['id']}/verify").json() == {
        "proof": True,
        "ok": True,
        "throws": throws,
        "checked": throws,
        "concealed": 0,
        "failures": [],
    }
    # One altered die: refused, naming the event.
    i = next(i for i, e in enumerate(record["events"]) if e["type"] == "chance")
    bad = json.loads(json.dumps(record))
    die = bad["events"][i]["data"]["dice"][0]
    bad["events"][i]["data"]["dice"][0] = 6 if die != 6 else 5
    path.write_text(json.dumps(bad), encoding="utf-8")
    refused = run_verify(path)
    assert refused.returncode == 1
    assert f"Ereignis {i}: Die gezeigten Würfel sind nicht die, die sein Geheimnis ergibt" in refused.stdout
    assert "Prüfung FEHLGESCHLAGEN" in refused.stdout
    # An altered secret: refused too.
    bad = json.loads(json.dumps(record))
    secret = bad["events"][i]["proof"]["secret"]
    bad["events"][i]["proof"]["secret"] = secret[:-1] + ("0" if secret[-1] != "0" else "1")
    path.write_text(json.dumps(bad), encoding="utf-8")
    refused = run_verify(path, "--lang", "en")
    assert refused.returncode == 1
    assert f"Event {i}: the revealed secret does not match the commitment." in refused.stdout
    # Anna's dice statistics: every die of the throws made for her seat, against a fair die.
    stats = anna.http.get("/api/players/anna/dice").json()
    hers = [e for e in record["events"] if e["type"] == "chance" and e["proof"].get("seat") == 0]
    assert stats["player"] == "Anna" and stats["throws"] == len(hers) > 0
    (w6,) = stats["kinds"]
    assert w6["name"] == "W6" and w6["faces"] == [1, 2, 3, 4, 5, 6] and w6["df"] == 5
    want = [sum(e["data"]["dice"].count(f) for e in hers) for f in range(1, 7)]
    assert w6["counts"] == want and w6["dice"] == sum(want)
    assert 0 <= w6["p"] <= 1
    assert anna.http.get("/api/players/niemand/dice").status_code == 404
    anna.close()


def test_the_seats_seeds_go_into_the_combined_seed(server: ServerProcess) -> None:
    """Each person's browser sends a seed when he sits down (the host's with the start); a bot's seat gets one from
    the server, marked so; a malformed seed is replaced by the server's, never refused."""
    anna = Client(server.url).guest("Anna")
    bert = Client(server.url).guest("Bert")
    t = anna.create("pig", seats=3, bots={"2": "random"}, overrides={"target": 1000})
    assert bert.post(f"/api/tables/{t['id']}/sit", {"seat": 1, "seed": "ABCDEF0123"}).status_code == 200
    assert anna.post(f"/api/tables/{t['id']}/start", {"seed": SEED}).status_code == 200
    w = anna.ws(t["id"])
    dice = w.recv_type("state")["dice"]
    w.close()
    assert [(s["seat"], s["by"]) for s in dice["seeds"]] == [(0, "player"), (1, "player"), (2, "server")]
    assert dice["seeds"][0]["seed"] == SEED and dice["seeds"][1]["seed"] == "abcdef0123"
    assert dice["seed"] == fairdice.combine_seeds([s["seed"] for s in dice["seeds"]])
    t2 = anna.create("pig", seats=2, bots={"1": "random"})
    assert anna.post(f"/api/tables/{t2['id']}/start", {"seed": "nicht hex"}).status_code == 200
    w = anna.ws(t2["id"])
    assert w.recv_type("state")["dice"]["seeds"][0]["by"] == "server"
    w.close()
    anna.close()
    bert.close()


def test_old_records_carry_no_proof(tmp_path: Path) -> None:
    """A record from before provably fair dice: a clear statement and its own exit status, no traceback."""
    from wuerfel.engine.record import Match
    from wuerfel.engine.sources import SeededSource

    m = Match.new("zehntausend", None, ["a", "b"])
    m.resolve_chance(SeededSource(1))
    path = tmp_path / "old.json"
    path.write_text(m.record.dumps(), encoding="utf-8")
    r = run_verify(path)
    assert r.returncode == 3 and "keinen Beweis" in r.stdout and "Traceback" not in r.stderr
    path.write_text("{}", encoding="utf-8")
    r = run_verify(path)
    assert r.returncode == 2 and "Traceback" not in r.stderr


def test_a_restart_throws_the_die_it_committed_to(tmp_path: Path) -> None:
    """The first throw's secret is made at the start and stored with the game: after a restart the person's tap
    reveals exactly the secret whose commitment she was shown before."""
    db = f"sqlite:///{tmp_path / 'w.db'}"
    srv = ServerProcess(db, log_dir=tmp_path, bot_delay=3600).start()
    try:
        a = Client(srv.url).guest("Anna")
        t = a.create("pig", seats=2, bots={"1": "random"}, overrides={"target": 1000})
        assert a.post(f"/api/tables/{t['id']}/start", {"seed": SEED}).status_code == 200
        w = a.ws(t["id"])
        st = w.recv_type("state")
        assert st["seq"] == 0 and st["throw"]["seat"] == 0
        promised = st["dice"]["next"]
        w.close()
        srv.kill()
        srv = ServerProcess(db, port=srv.port, log_dir=tmp_path).start()
        a2 = Client(srv.url)
        a2.http.cookies = a.http.cookies
        a2.refresh_csrf()
        w = a2.ws(t["id"])
        st = w.recv_type("state")
        assert st["dice"]["next"] == promised  # the same commitment after the restart
        w.send({"throw": True, "expected_seq": st["seq"]})
        st = w.state_at_least(1)
        w.close()
        assert a2.post(f"/api/tables/{t['id']}/resign", {"seat": 0}).status_code == 200
        record = a2.http.get(f"/api/tables/{t['id']}/record").json()
        first = record["events"][0]
        assert first["type"] == "chance" and first["proof"]["commit"] == promised == record["meta"]["dice"]["next"]
        path = tmp_path / "r.json"
        path.write_text(json.dumps(record), encoding="utf-8")
        r = run_verify(path)
        assert r.returncode == 0, r.stdout + r.stderr
        a.close()
        a2.close()
    finally:
        srv.kill()


def test_concealed_throws_never_leave_their_thrower(server: ServerProcess, tmp_path: Path) -> None:
    """Verdecktes Würfelpoker between two bots, watched by a spectator: the public record and the spectator's
    events carry the commitment of every throw left under the cup, never its secret; verify checks the rest."""
    host = Client(server.url).guest("Gastgeber")
    t = host.create("verdecktes-wuerfelpoker", seats=2, sit=False, bots={"0": "random", "1": "random"})
    assert host.post(f"/api/tables/{t['id']}/start").status_code == 200
    end = time.monotonic() + 60
    while host.http.get(f"/api/tables/{t['id']}").json()["status"] != "finished":
        assert time.monotonic() < end
        time.sleep(0.05)
    public = host.http.get(f"/api/tables/{t['id']}/record").json()
    concealed = [e for e in public["events"] if e["type"] == "chance" and "secret" not in e["proof"]]
    shown = [e for e in public["events"] if e["type"] == "chance" and "secret" in e["proof"]]
    assert concealed and shown
    assert all(e["proof"].get("hidden") and len(e["proof"]["commit"]) == 64 for e in concealed)
    w = host.ws(t["id"], since=0)  # every event from the first, as a spectator is told them
    told = w.recv_type("state")["events"]
    w.close()
    hidden_told = [e for e in told if e.get("hidden") and e["type"] == "chance"]
    assert hidden_told and all("secret" not in e["proof"] for e in hidden_told)
    path = tmp_path / "public.json"
    path.write_text(json.dumps(public), encoding="utf-8")
    r = run_verify(path, "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    out = json.loads(r.stdout)
    assert out["ok"] and out["concealed"] == len(concealed) and out["checked"] == len(shown)
    host.close()
