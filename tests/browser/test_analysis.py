"""The replay page's exact analysis (issue 16.3) in a real browser: the losses in the move list with the decisive
mistakes highlighted, accuracy and luck per player, the win-chance graph, a click on a mistake steps there."""

from __future__ import annotations

import json
import math
import re
import time
from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.conftest import Server
from tests.browser.helpers import guest


def bots_game(page: Page, base: str, game: str, bots: dict[str, str]) -> dict[str, Any]:
    """A table of bots only, played to its end (its status awaited with a deadline); returns the table."""
    csrf = page.locator('meta[name="csrf-token"]').get_attribute("content")
    headers = {"X-CSRF-Token": csrf or "", "Content-Type": "application/json"}
    r = page.request.post(
        f"{base}/api/tables",
        headers=headers,
        data=json.dumps({"game": game, "seats": len(bots), "bots": bots, "sit": False, "private": True}),
    )
    assert r.ok, r.text()
    table: dict[str, Any] = r.json()
    assert page.request.post(f"{base}/api/tables/{table['id']}/start", headers=headers).ok
    deadline = time.monotonic() + 60
    while page.request.get(f"{base}/api/tables/{table['id']}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.1)  # polling the condition under a deadline, never an assertion after a pause
    return table


def test_replay_shows_the_analysis(server: Server, new_page: Any) -> None:
    page = new_page(locale="en-US")
    guest(page, server.url, "Analyst")
    # Sechzerspiel for two: exact duel solver (win chance, graph). The random bot errs in nearly every game; a game
    # where it happened to choose only best rows is played again (at most five tables).
    for _ in range(5):
        table = bots_game(page, server.url, "sechzerspiel", {"0": "random", "1": "heuristic"})
        doc = page.request.get(f"{server.url}/api/tables/{table['id']}/analysis").json()
        if doc["mistakes"]:
            break
    assert doc["mistakes"], "five games without a single mistake"
    # The board is drawn from the page itself, before any step is fetched (issue 24, U15: the page waited for every
    # page of steps while the analysis was computed): the replay's requests are held until the board stands.
    held: list[Any] = []
    holding = [True]
    page.route("**/api/tables/*/replay?*", lambda route: held.append(route) if holding[0] else route.continue_())
    page.goto(f"{server.url}/replay/{table['id']}")
    expect(page.locator("body")).to_have_attribute("data-step", "0")
    expect(page.locator("#game .cmp")).not_to_have_count(0)
    total = page.request.get(f"{server.url}/api/tables/{table['id']}/replay?start=0").json()["total"]
    expect(page.locator("#step-label")).to_have_text(f"Step 0 of {total - 1}")
    holding[0] = False
    for route in held:
        route.continue_()
    expect(page.locator("#events li")).to_have_count(total)
    panel = page.locator("#analysis-panel")
    expect(panel).to_have_attribute("data-ready", "1")
    expect(page.locator("#analysis-seats tbody tr[data-seat]")).to_have_count(2)
    for s in doc["seats"]:  # accuracy as the API says, one decimal
        expect(page.locator(f"#analysis-seats tr[data-seat='{s['seat']}'] td").first).to_have_text(
            f"{s['accuracy']:.1f} %"
        )
    expect(page.locator("#analysis-seats thead")).to_contain_text("Accuracy")
    # a negative luck figure with the minus sign the losses use, never a hyphen
    expect(page.locator("#analysis-seats tbody")).not_to_contain_text("-")
    if any(s["luck"] is not None and s["luck"] < -0.0005 for s in doc["seats"]):
        expect(page.locator("#analysis-seats tbody")).to_contain_text("\u2212")
    first = next(d for d in doc["decisions"] if d["index"] == doc["mistakes"][0])
    item = page.locator(f"#events li[data-index='{first['step']}']")
    expect(item).to_have_class(re.compile(r"\bdecisive\b"))
    expect(item.locator(".loss")).to_have_text(re.compile(r"^−\d+\.\d pp$"))
    shown = float(item.locator(".loss").inner_text()[1:-3])
    assert abs(shown - first["loss"] * 100) <= 0.051  # the loss in percentage points, one decimal
    expect(page.locator("#events li.decisive")).to_have_count(len(doc["mistakes"]))
    best = [d for d in doc["decisions"] if d["loss"] == 0]
    if best:
        expect(page.locator(f"#events li[data-index='{best[0]['step']}'] .loss.best")).to_have_text("best")
    # the graph: an SVG the server drew, loaded
    expect(page.locator("#analysis-graph")).to_be_visible()
    page.wait_for_function(
        "() => { const i = document.getElementById('analysis-graph-img'); return i.complete && i.naturalWidth > 0; }"
    )
    # On a wide screen the analysis stands under the board, in the wide column: in the side column its graph was a
    # thumbnail beside a board stretched to the side column's height.
    page.set_viewport_size({"width": 1280, "height": 900})
    felt, panel, side = (page.locator(s).bounding_box() for s in ("#felt", "#analysis-panel", "aside.side"))
    assert felt is not None and panel is not None and side is not None
    assert panel["width"] > 1.5 * side["width"] and panel["y"] >= felt["y"] + felt["height"]
    # a decisive mistake in the panel steps the replay to it
    page.locator("#analysis-mistake-list li").first.click()
    expect(page.locator("body")).to_have_attribute("data-step", str(first["step"]))
    # The analysis follows the board (web M2): under it, what was chosen at this step and what was best, and the
    # players' win chances where the graph has a point at this step (the page's words are English).
    en = page.request.get(f"{server.url}/api/tables/{table['id']}/analysis", headers={"Accept-Language": "en"}).json()
    mistake = next(d for d in en["decisions"] if d["index"] == first["index"])
    here = page.locator("#analysis-here")
    name = {s["seat"]: s["name"] for s in en["seats"]}
    expect(here).to_contain_text(
        f"Here {name[mistake['seat']]} chose {mistake['chosen_label']}; best was {mistake['best_label']} (−"
    )
    w = en["win_chance"]
    k = len(w["steps"]) // 2
    page.locator(f"#events li[data-index='{w['steps'][k]}']").click()
    pct = [math.floor(w["seats"][seat][k] * 100 + 0.5) for seat in (0, 1)]  # as the page rounds, half up
    expect(here).to_contain_text(f"Win chance at this step: {name[0]} {pct[0]} %, {name[1]} {pct[1]} %.")
    # ... and a cursor over the graph stands at the step, further right for a later step, inside the picture
    cursor = page.locator("#analysis-cursor")
    expect(cursor).to_have_attribute("data-step", str(w["steps"][k]))
    expect(cursor).to_be_visible()
    at = cursor.bounding_box()
    page.locator(f"#events li[data-index='{w['steps'][-1]}']").click()
    expect(cursor).to_have_attribute("data-step", str(w["steps"][-1]))
    later, img = cursor.bounding_box(), page.locator("#analysis-graph-img").bounding_box()
    assert at is not None and later is not None and img is not None
    assert img["x"] < at["x"] < later["x"] < img["x"] + img["width"]
    assert img["y"] <= later["y"] and later["y"] + later["height"] <= img["y"] + img["height"]
    if best:  # a best decision says so when the slider stands on it
        d = next(d for d in en["decisions"] if d["index"] == best[0]["index"])
        page.locator(f"#events li[data-index='{d['step']}']").click()
        expect(here).to_contain_text(f"Here {name[d['seat']]} chose {d['chosen_label']}: one of the best choices.")
    page.locator("#first").click()
    expect(page.locator("body")).to_have_attribute("data-step", "0")
    page.locator("#analysis-mistake-list li").first.focus()  # and by keyboard
    page.keyboard.press("Enter")
    expect(page.locator("body")).to_have_attribute("data-step", str(first["step"]))


def test_german_replay_and_a_game_without_analysis(server: Server, new_page: Any) -> None:
    page = new_page()
    guest(page, server.url, "Analystin")
    ohio = bots_game(page, server.url, "ohio", {"0": "heuristic", "1": "optimal"})
    page.goto(f"{server.url}/replay/{ohio['id']}")
    expect(page.locator("#analysis-panel")).to_have_attribute("data-ready", "1")
    expect(page.locator("#analysis-seats thead")).to_contain_text("Genauigkeit")
    expect(page.locator("#analysis-status")).to_contain_text("in erwarteten Punkten")
    expect(page.locator("#analysis-seats tr.seat-name").first).to_contain_text("Computer (Faustregel)")
    expect(page.locator("#analysis-graph")).to_be_hidden()  # no duel solver: no graph
    expect(page.locator("#events .loss").first).to_be_visible()
    # the decision of a step is told under the board in German too (web M2)
    page.locator("#events li", has=page.locator(".loss")).first.click()
    expect(page.locator("#analysis-here")).to_contain_text(
        re.compile(r"^Hier wählte Computer \((Faustregel|optimal)\) ")
    )
    jule = bots_game(page, server.url, "jule", {"0": "random", "1": "random"})
    page.goto(f"{server.url}/replay/{jule['id']}")
    page.wait_for_selector("#events li")
    expect(page.locator("#analysis-panel")).to_have_count(0)  # no advisor: no panel


def test_the_page_waits_for_the_win_chances(server: Server, new_page: Any) -> None:
    """A duel whose table the server is still building (``win_chance_pending``, see tests/server/test_analysis_api.py
    for the real build): the page shows the turn analysis and "Gewinnchancen werden berechnet …", asks again, and
    renders the duel analysis with its graph when it comes, the provisional marks gone; a failed build is said in
    words. The provisional answer is the real document rewritten in the browser's network layer, so no build is
    waited for here."""
    page = new_page()
    guest(page, server.url, "Geduldige")
    table = bots_game(page, server.url, "sechzerspiel", {"0": "random", "1": "heuristic"})
    url = f"{server.url}/api/tables/{table['id']}/analysis"
    real = page.request.get(url).json()
    provisional = {
        **real,
        "unit": "points",
        "win_chance": None,
        "mistakes": [],
        "decisions": [{**d, "unit": "points", "loss": 0.0, "decisive": False} for d in real["decisions"]],
        "win_chance_pending": True,
        "win_chance_status": {"state": "running", "eta_seconds": 90, "message": ""},
    }
    asked: list[str] = []

    def first_provisional(route: Any) -> None:
        asked.append(route.request.url)
        if len(asked) == 1:
            route.fulfill(status=200, content_type="application/json", body=json.dumps(provisional))
        else:
            route.continue_()

    page.route(re.compile(r".*/api/tables/[^/]+/analysis$"), first_provisional)
    page.goto(f"{server.url}/replay/{table['id']}")
    panel = page.locator("#analysis-panel")
    expect(page.locator("#analysis-pending")).to_have_text("Gewinnchancen werden berechnet … (etwa 2 Min.)")
    expect(panel).to_have_attribute("data-pending", "1")
    expect(page.locator("#analysis-graph")).to_be_hidden()
    # the poll brings the duel analysis: the graph, the pending line gone, the real marks instead of the provisional
    expect(page.locator("#analysis-graph")).to_be_visible(timeout=30_000)
    expect(page.locator("#analysis-pending")).to_be_hidden()
    expect(page.locator("#analysis-status")).to_contain_text("Gewinnchance")
    expect(page.locator("#events li.decisive")).to_have_count(len(real["mistakes"]))
    expect(page.locator("#events li:has(.loss ~ .loss)")).to_have_count(0)
    assert len(asked) == 2  # no more polls once the duel analysis is there
    page.unroute(re.compile(r".*/api/tables/[^/]+/analysis$"))
    failed = {
        **provisional,
        "win_chance_pending": False,
        "win_chance_status": {"state": "failed", "eta_seconds": None, "message": ""},
    }
    page.route(
        re.compile(r".*/api/tables/[^/]+/analysis$"),
        lambda route: route.fulfill(status=200, content_type="application/json", body=json.dumps(failed)),
    )
    page.reload()
    expect(panel).to_have_attribute("data-pending", "failed")
    expect(page.locator("#analysis-pending")).to_contain_text("konnten nicht berechnet werden")


def test_the_graph_follows_the_language_switch(server: Server, new_page: Any) -> None:
    """The win-chance graph's axes are words drawn into the SVG; the browser caches images by address, so after
    switching to English the page must not show the German graph it cached."""
    page = new_page()
    guest(page, server.url, "Zweisprachig")
    table = bots_game(page, server.url, "sechzerspiel", {"0": "random", "1": "heuristic"})
    loaded = (
        "() => { const i = document.getElementById('analysis-graph-img');"
        " return !!i && !!i.src && i.complete && i.naturalWidth > 0; }"
    )
    svg_text = (
        "() => fetch(document.getElementById('analysis-graph-img').src, {cache: 'force-cache'}).then(r => r.text())"
    )
    page.goto(f"{server.url}/replay/{table['id']}")
    page.wait_for_function(loaded)
    assert "Gewinnchance" in page.evaluate(svg_text)
    page.goto(f"{server.url}/lang/en?next=/replay/{table['id']}")
    page.wait_for_function(loaded)
    text = page.evaluate(svg_text)
    assert "Win chance" in text and "Gewinnchance" not in text
