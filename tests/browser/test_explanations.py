"""The table explains in words what happened (issue #11, section 3): Rückwärts says that fewer penalty points are
better and ranks the loser last; a bust, a failed confirmation and a "Schwindel!" call say what they cost and who
paid, at the table and in the move list."""

from __future__ import annotations

import json
import re
import time
from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.conftest import Server
from tests.browser.helpers import guest, my_decision


def _headers(page: Page) -> dict[str, str]:
    csrf = page.locator("meta[name='csrf-token']").get_attribute("content") or next(
        c["value"] for c in page.context.cookies() if c["name"] == "wuerfel_csrf"
    )
    return {"X-CSRF-Token": csrf, "Content-Type": "application/json"}


def _bots_game(page: Page, base: str, body: dict[str, Any]) -> str:
    """A bots-only game through the API, played to the end; returns the table id."""
    r = page.request.post(
        f"{base}/api/tables", headers=_headers(page), data=json.dumps({"sit": False, "private": True, **body})
    )
    assert r.ok, r.text()
    tid = r.json()["id"]
    r = page.request.post(f"{base}/api/tables/{tid}/start", headers=_headers(page))
    assert r.ok, r.text()
    deadline = time.monotonic() + 90
    while page.request.get(f"{base}/api/tables/{tid}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    return tid  # type: ignore[no-any-return]


def test_rueckwaerts_says_fewer_is_better_and_ranks_the_loser_last(server: Server, new_page) -> None:
    page = new_page()
    guest(page, server.url, "Anna")
    tid = _bots_game(
        page,
        server.url,
        {
            "game": "zehntausend",
            "preset": "zehntausend-rueckwaerts",
            "seats": 3,
            "bots": {"0": "heuristic", "1": "heuristic", "2": "heuristic"},
            "overrides": {"game.target": 1000},
        },
    )
    page.goto(f"{server.url}/table/{tid}")
    page.wait_for_function("() => document.body.dataset.status === 'finished'")
    expect(page.locator("#score-direction")).to_have_text("Strafpunkte: weniger ist besser")
    m = page.evaluate("() => window.wuerfelTable.msg")
    scores, winners = m["view"]["scores"], m["winners"]
    shown = page.locator("#final li b").all_inner_texts()
    assert len(shown) == 3
    values = [int(x.replace(".", "").replace("\u2212", "-")) for x in shown]
    assert values == sorted(scores), (values, scores)  # fewest penalty points first, the loser last
    expect(page.locator("#final li").first).to_have_class("won")
    assert min(scores) == scores[winners[0]]
    # The order, the places and the loser are the engine's ranking, sent by the server (not sorted in the page).
    result = m["result"]
    assert result["lower_is_better"] and result["ranking"][0] == winners and len(result["losers"]) == 1
    expect(page.locator("#final li").last).to_have_class("lost")
    order = [seat for group in result["ranking"] for seat in group]
    assert (
        page.locator("#final li span")
        .all_inner_texts()[-1]
        .startswith(page.locator("#scores tr:not(:first-child) td:first-child").all_inner_texts()[order[-1]])
    )
    page.goto(f"{server.url}/replay/{tid}")  # the replay's score panel says it too
    expect(page.locator("#score-direction")).to_have_text("Strafpunkte: weniger ist besser")


def _enter(page: Page, dice: str) -> None:
    """Type a throw in at the scorekeeper table, straight through the protocol (the keypad has its own tests)."""
    before = page.evaluate("() => window.wuerfelTable.seq")
    page.evaluate(
        "d => window.wuerfelTable.ws.send(JSON.stringify({outcome: d, expected_seq: window.wuerfelTable.seq}))", dice
    )
    page.wait_for_function(f"() => window.wuerfelTable.seq > {before}")


def _act(page: Page, action: dict[str, Any]) -> None:
    before = page.evaluate("() => window.wuerfelTable.seq")
    page.evaluate(
        "a => window.wuerfelTable.ws.send(JSON.stringify({action: a, expected_seq: window.wuerfelTable.seq}))", action
    )
    page.wait_for_function(f"() => window.wuerfelTable.seq > {before}")


def test_a_failed_confirmation_is_explained_not_called_a_niete(server: Server, new_page) -> None:
    page = new_page()
    guest(page, server.url, "Anna")
    r = page.request.post(
        f"{server.url}/api/tables",
        headers=_headers(page),
        data=json.dumps(
            {
                "game": "zehntausend",
                "preset": "zehntausend-350",
                "seats": 2,
                "bots": {"1": "heuristic"},
                "scorekeeper": True,
                "private": True,
            }
        ),
    )
    assert r.ok, r.text()
    tid = r.json()["id"]
    assert page.request.post(f"{server.url}/api/tables/{tid}/start", headers=_headers(page)).ok
    page.goto(f"{server.url}/table/{tid}")
    page.wait_for_function(
        "() => document.body.dataset.conn === 'up' && window.wuerfelTable.msg && window.wuerfelTable.msg.manual"
    )
    if page.evaluate("() => window.wuerfelTable.msg.view.player") != 0:
        _enter(page, "2 2 3 3 4 6")  # the bot's first throw: a Niete, Anna's turn
        expect(page.locator("#zt-previous")).to_contain_text("eine Niete geworfen")
    _enter(page, "1 1 1 5 5 5")
    _act(page, {"kind": "select", "dice": [1, 1, 1, 5, 5, 5], "turn_fives": 0})
    page.wait_for_function("() => window.wuerfelTable.msg.view.turn.confirm_need === 350")
    _act(page, {"kind": "roll"})
    _enter(page, "2 2 3 3 5 6")
    line = page.locator("#zt-previous")
    expect(line).to_contain_text(
        re.compile(r"Der Wurf von Anna( \(Gast\))? zählt, bringt aber weniger als die 350 Punkte zum Bestätigen")
    )
    expect(line).not_to_contain_text("Niete")
    expect(page.locator("#log li").last).to_contain_text(
        re.compile(
            r"2 2 3 3 5 6 — zählt, aber weniger als die 350 Punkte zum Bestätigen: Zug verloren \(1\.?500 Punkte\)"
        )
    )


def test_after_schwindel_the_table_says_who_was_right_and_who_paid(server: Server, new_page) -> None:
    page = new_page()
    guest(page, server.url, "Anna")
    r = page.request.post(
        f"{server.url}/api/tables",
        headers=_headers(page),
        data=json.dumps({"game": "verdecktes-wuerfelpoker", "seats": 2, "bots": {"1": "heuristic"}, "private": True}),
    )
    assert r.ok, r.text()
    tid = r.json()["id"]
    assert page.request.post(f"{server.url}/api/tables/{tid}/start", headers=_headers(page)).ok
    page.goto(f"{server.url}/table/{tid}")
    page.wait_for_function("() => document.body.dataset.conn === 'up' && window.wuerfelTable.msg")
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, "Anna never got to call"
        my_decision(page)  # her turn starts with her throw under the cup: she taps "Würfeln"
        legal = [e["action"] for e in page.evaluate("() => window.wuerfelTable.msg.legal")]
        call = next((a for a in legal if a["kind"] == "challenge"), None)
        _act(page, call or legal[0])
        if call:
            break
    last = page.locator("#vp-last-call")
    bot = r"Computer \([^)]+\)"  # the bot's name, whatever the page calls its kind
    # Anna reads her own call in the second person (issue 24 §3).
    expect(last).to_contain_text(re.compile(rf"Du hast „Schwindel!“ gerufen: der Becher von {bot} zeigt "))
    expect(last).to_contain_text(
        re.compile(
            rf"die Ansage stimmt, du zahlst \d+ in den Pott|"
            rf"geschwindelt, {bot} zahlt \d+ in den Pott"
        )
    )
