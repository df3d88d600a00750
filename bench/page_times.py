"""How long the replay and the profile take to be drawn (issue 24, web U15: 2.6–3.7 s while the analysis was
computed on load; the aim is under 1 s).

Starts ``wuerfel serve`` on a fresh SQLite database, registers a player who plays a rated game against a bot to its
end (Quinze for two: the analysis has a win-chance graph; ``--game``), then prints per page:

* the HTML's answer time and, in Debian's Chromium (headless, when installed), the time until the page is *drawn*
  — the replay's first step on the board (``body[data-step]``), the profile's table of games — and until the heavy
  part is in (the analysis panel filled, the plots and the dice statistics loaded);
* each heavy request alone, first (cold) and again (cached): the analysis, the win-chance SVG, the plots, the dice
  statistics.

    .venv/bin/python bench/page_times.py [--game quinze] [--runs 3]

Figures vary with the load of the machine; the script prints, it asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.web_load import free_port, start, stop  # noqa: E402

CHROMIUM = os.environ.get("WUERFEL_CHROMIUM", "/usr/bin/chromium")


def timed(fn: Any) -> tuple[float, Any]:
    t0 = time.perf_counter()
    out = fn()
    return time.perf_counter() - t0, out


def play_rated_game(base: str, game: str) -> tuple[str, str]:
    """A registered player's rated game against the bot, played to its end (seat 0: its first legal move)."""
    import json
    import secrets

    import httpx
    from websockets.sync.client import connect

    c = httpx.Client(base_url=base, timeout=120)
    c.headers["X-CSRF-Token"] = c.get("/api/session").json()["csrf_token"]
    name = f"Bench{secrets.token_hex(3)}"
    r = c.post("/api/register", json={"name": name, "password": "lange-geheime-phrase"})
    r.raise_for_status()
    c.headers["X-CSRF-Token"] = c.get("/api/session").json()["csrf_token"]
    r = c.post(
        "/api/tables", json={"game": game, "seats": 2, "rated": True, "hints": False, "bots": {"1": "heuristic"}}
    )
    r.raise_for_status()
    tid = r.json()["id"]
    c.post(f"/api/tables/{tid}/start").raise_for_status()
    cookie = "; ".join(f"{k}={v}" for k, v in c.cookies.items())
    with connect(
        base.replace("http", "ws") + f"/ws/table/{tid}", additional_headers={"Cookie": cookie}, max_size=2**22
    ) as ws:
        while True:
            m = json.loads(ws.recv(timeout=120))
            if m.get("type") != "state":
                continue
            if m["finished"]:
                break
            if m["legal"]:
                a = {
                    k: (v["min"] if isinstance(v, dict) and set(v) == {"min", "max"} else v)
                    for k, v in m["legal"][0]["action"].items()
                }
                ws.send(json.dumps({"action": a, "expected_seq": m["seq"]}))
            elif m["throw"] and m["throw"]["seat"] in m["my_seats"]:
                ws.send(json.dumps({"throw": True, "expected_seq": m["seq"]}))
    c.close()
    return name, tid


def requests(base: str, name: str, tid: str, runs: int) -> None:
    import httpx

    urls = {
        "replay page (HTML)": f"/replay/{tid}",
        "replay, first page of steps": f"/api/tables/{tid}/replay?start=0",
        "analysis": f"/api/tables/{tid}/analysis",
        "win-chance graph (SVG)": f"/api/tables/{tid}/analysis/win-chance.svg?lang=de",
        "profile page (HTML)": f"/players/{name}",
        "profile, dice statistics": f"/api/players/{name}/dice",
    }
    with httpx.Client(base_url=base, timeout=300) as c:
        prof = c.get(f"/api/players/{name}").json()
        for g in prof["games"]:
            for kind in ("score_plot", "rating_plot"):
                if g.get(kind):
                    urls[f"profile, {kind.replace('_', ' ')} (SVG)"] = g[kind]
        print(f"{'request':<36} {'first':>8} " + " ".join(f"{'again':>8}" for _ in range(runs - 1)))
        for what, url in urls.items():
            times = []
            for _ in range(runs):
                dt, r = timed(lambda u=url: c.get(u))
                times.append(dt)
                if r.status_code >= 400:
                    times[-1] = float("nan")
            print(f"{what:<36} " + " ".join(f"{t:>7.3f}s" for t in times))


WATCH = """(() => {
  const marks = window.__marks = {};
  const check = () => {
    const now = performance.now();
    if (!marks.drawn && document.body && (%s)) marks.drawn = now;
    if (!marks.heavy && document.body && (%s)) marks.heavy = now;
  };
  new MutationObserver(check).observe(document, {subtree: true, childList: true, attributes: true});
  document.addEventListener("load", check, true);
})();"""
"""Records, in the page's own clock (ms since the navigation started), when the page was drawn and when its heavy
part was in: the figures do not include the driver's polling."""


def in_browser(base: str, name: str, tid: str) -> None:
    if not Path(CHROMIUM).exists():
        print(f"({CHROMIUM} missing: no figures of the drawn pages)")
        return
    from playwright.sync_api import sync_playwright

    pages = (
        (
            "replay",
            f"/replay/{tid}",
            "document.body.dataset.step !== undefined",
            "(() => { const p = document.getElementById('analysis-panel'); return !p || !!p.dataset.ready; })()",
        ),
        (
            "profile",
            f"/players/{name}",
            "!!document.getElementById('profile-games')",
            "[...document.images].every(i => i.complete && i.naturalWidth > 0) && "
            "!!document.querySelector('#dice-stats table, #dice-stats p')",
        ),
    )
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"])
        try:
            for label, url, drawn, heavy in pages:
                for run in ("first", "again"):
                    ctx = b.new_context(locale="de-DE")
                    page = ctx.new_page()
                    page.add_init_script(WATCH % (drawn, heavy))
                    page.goto(base + url)
                    page.wait_for_function("() => window.__marks.drawn && window.__marks.heavy", timeout=300_000)
                    m = page.evaluate("() => window.__marks")
                    print(
                        f"{label:<8} ({run}): drawn after {m['drawn'] / 1000:.3f}s, "
                        f"everything in after {m['heavy'] / 1000:.3f}s"
                    )
                    ctx.close()
        finally:
            b.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="quinze", help="the rated game played (two seats, you against a bot)")
    ap.add_argument("--runs", type=int, default=3, help="requests per address (the first is cold)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        env = {"XDG_CACHE_HOME": str(Path(tmp) / "cache")} if os.environ.get("BENCH_COLD_CACHE") else None
        proc = start(
            [
                sys.executable,
                "-m",
                "wuerfel",
                "serve",
                "--port",
                str(port),
                "--db",
                f"sqlite:///{tmp}/w.db",
                "--bot-delay",
                "0",
                "--log-level",
                "warning",
            ],
            port,
            env,
        )
        try:
            dt, (name, tid) = timed(lambda: play_rated_game(base, args.game))
            print(f"{args.game}: a rated game against the bot played in {dt:.1f}s (table {tid}, player {name})")
            in_browser(base, name, tid)
            # a second game, so that the requests' first figures are cold again (the browser warmed the first)
            _, (name, tid) = timed(lambda: play_rated_game(base, args.game))
            requests(base, name, tid, args.runs)
        finally:
            stop(proc)


if __name__ == "__main__":
    main()
