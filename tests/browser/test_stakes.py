"""Lustige Sieben in the browser: a stake is one move per field with an amount the page chooses, and the race of two
punters staking at once loses no stake (the page's pending move belongs to its own request)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.conftest import Server
from tests.browser.helpers import create_table, guest, msg, seq, wait_connected

# Holds the page's outgoing moves until the test releases them: the deterministic way to have another player's move
# reach the server first.
HOLD = """() => {
  const ws = window.wuerfelTable.ws;
  const orig = ws.send.bind(ws);
  window.__held = [];
  ws.send = (d) => { if (String(d).includes('"action"')) window.__held.push(d); else orig(d); };
  window.__release = () => { ws.send = orig; const h = window.__held; window.__held = []; h.forEach((d) => orig(d)); };
}"""


def _table(server: Server, new_page, options: dict | None = None) -> tuple[Page, Page, Page]:
    """Three people at the table; returns the bank's page and the two punters' pages (whoever holds the bank first,
    by seat or by lot)."""
    anna = new_page()
    guest(anna, server.url, "Anna")
    url = create_table(anna, server.url, "lustige-sieben", seats=3, options=options)
    path = "/table/" + url.split("/table/")[1]
    pages = [anna]
    for name in ("Ben", "Carl"):
        p = new_page()
        guest(p, server.url, name, path)
        p.wait_for_url("**/table/**")
        p.locator("#seat-list .seat.empty .sit").first.click()
        expect(p.locator("#seat-list .seat.empty")).to_have_count(0 if name == "Carl" else 1)
        pages.append(p)
    expect(anna.locator("#start-btn")).to_be_enabled()
    anna.locator("#start-btn").click()
    for p in pages:
        wait_connected(p)
    anna.wait_for_function("() => (window.wuerfelTable.msg.to_move || []).length === 2", timeout=30_000)
    banker = msg(anna)["view"]["banker"]
    bank = next(p for p in pages if msg(p)["my_seats"] == [banker])
    ben, carl = (p for p in pages if p is not bank)
    for p in (ben, carl):
        p.wait_for_function(
            "() => window.wuerfelTable.msg.legal.length > 0 && !window.wuerfelTable.pending", timeout=30_000
        )
    return bank, ben, carl


def _mine(page: Page) -> list[tuple[int, int]]:
    return sorted(tuple(x) for x in (msg(page)["view"].get("betting") or {}).get("mine", []))


def test_a_stake_that_loses_the_race_is_sent_again_and_not_lost(server: Server, new_page) -> None:
    _anna, ben, carl = _table(server, new_page)
    ben.evaluate(HOLD)
    ben.locator("#ls-amounts button[data-amount='2']").click()
    ben.locator(".ls-field[data-number='8']").click()
    expect(ben.locator(".ls-field[data-number='9']")).to_be_disabled()  # Ben's stake is under way
    # Carl's stake reaches the server first (Ben is not told of a sealed stake at all, but the table's seq moves on).
    carl.locator(".ls-field[data-number='7']").click()
    carl.wait_for_function(
        "() => !window.wuerfelTable.pending && ((window.wuerfelTable.msg.view.betting || {}).mine || []).length === 1",
        timeout=30_000,
    )
    # Ben's page still waits for the answer to his own move (a tap now would go out stale).
    assert ben.evaluate("() => window.wuerfelTable.pending") is True
    expect(ben.locator(".ls-field[data-number='9']")).to_be_disabled()
    # Ben's move now arrives with the old seq: refused as stale, sent again against the new seq, accepted.
    ben.evaluate("() => window.__release()")
    ben.wait_for_function(
        "() => !window.wuerfelTable.pending && (window.wuerfelTable.msg.view.betting || {}).mine "
        "&& window.wuerfelTable.msg.view.betting.mine.length === 1",
        timeout=30_000,
    )
    assert _mine(ben) == [(8, 2)]
    expect(ben.locator("#notice")).to_be_hidden()
    # The next tap goes out with the current seq and is accepted too.
    ben.locator("#ls-amounts button[data-amount='1']").click()
    ben.locator(".ls-field[data-number='9']").click()
    ben.wait_for_function(
        "() => !window.wuerfelTable.pending && window.wuerfelTable.msg.view.betting.mine.length === 2", timeout=30_000
    )
    assert _mine(ben) == [(8, 2), (9, 1)]


def test_a_stale_stake_that_is_no_longer_legal_is_reported(server: Server, new_page) -> None:
    _anna, ben, _carl = _table(server, new_page)
    ben.evaluate(HOLD)
    ben.locator(".ls-field[data-number='8']").click()
    before = seq(ben)
    # Ben himself says "done" on a second page before the held stake arrives: staking is over for him.
    other = ben.context.new_page()
    other.goto(ben.url)
    wait_connected(other)
    other.locator("#ls-done").click()
    ben.wait_for_function(f"() => +document.body.dataset.seq > {before}", timeout=30_000)
    ben.evaluate("() => window.__release()")
    ben.wait_for_function("() => !window.wuerfelTable.pending", timeout=30_000)
    expect(ben.locator("#notice")).to_be_visible()
    expect(ben.locator("#notice")).not_to_be_empty()
    assert _mine(ben) == []


def test_any_amount_within_the_bounds_is_typed_in(server: Server, new_page) -> None:
    _anna, ben, _carl = _table(server, new_page, {"max_stake": 1000, "starting_chips": 5000})
    legal = [e["action"] for e in msg(ben)["legal"]]
    assert len(legal) == 12 and {"kind": "stake", "number": 7, "amount": {"min": 1, "max": 1000}} in legal
    box = ben.locator("#ls-amount")
    expect(box).to_have_attribute("max", "1000")
    box.fill("750")
    box.dispatch_event("change")
    ben.locator(".ls-field[data-number='7']").click()
    ben.wait_for_function(
        "() => !window.wuerfelTable.pending && (window.wuerfelTable.msg.view.betting.mine || []).length === 1",
        timeout=30_000,
    )
    assert _mine(ben) == [(7, 750)]
    box = ben.locator("#ls-amount")
    box.fill("1001")
    box.dispatch_event("change")
    expect(ben.locator("#notice")).to_be_visible()
    assert _mine(ben) == [(7, 750)]


def test_the_rule_editor_shows_and_enforces_the_ranges(server: Server, new_page) -> None:
    page = new_page()
    guest(page, server.url, "Anna")
    page.locator(".game-card[data-game='lustige-sieben']").click()
    page.locator("#rules-editor summary").click()
    box = page.locator("#opts [name='max_stake']")
    expect(box).to_have_attribute("min", "1")
    expect(box).to_have_attribute("max", "1000")
    expect(page.locator(".opt[data-key='max_stake']")).to_contain_text("Erlaubt: 1 bis 1.000.")
    box.fill("1000000000000000000")
    box.dispatch_event("change")
    page.wait_for_function("() => document.body.dataset.rules === 'invalid'", timeout=30_000)
    expect(page.locator("#rules-error")).to_contain_text("zwischen 1 und 1000")
    expect(page.locator("#create-btn")).to_be_disabled()
