"""The thrower taps "Würfeln" (English "Throw"): the button is only on his page, keyboard reachable; the others read
who throws; nothing is thrown before the tap."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import Server
from tests.browser.helpers import create_table, guest, join, msg, seq, start_game, wait_connected


def test_the_thrower_taps_wuerfeln_and_the_other_player_sees_who_throws(server: Server, new_page) -> None:
    anna = new_page()
    guest(anna, server.url, "Anna")
    url = create_table(anna, server.url, "pig", seats=2, options={"target": 40})
    bert = new_page(locale="en-GB")
    join(bert, server.url, "Bert", url)
    start_game(anna, bert)
    # nothing thrown yet: Anna's page offers her throw, Bert's says who throws and offers nothing
    button = anna.locator("#throw-btn")
    expect(button).to_have_text("Würfeln")
    expect(anna.locator("#status")).to_contain_text("Du würfelst")
    expect(anna.locator("#throw-note")).to_contain_text("würfelt der Server für dich")
    expect(bert.locator("#status")).to_have_text("Anna (guest) throws …")
    expect(bert.locator("#throw-btn")).to_have_count(0)
    assert seq(anna) == 0 and msg(anna)["throw"]["seat"] == 0
    # by keyboard: the button takes the focus and Enter throws
    button.focus()
    anna.keyboard.press("Enter")
    anna.wait_for_function("() => +document.body.dataset.seq >= 1")
    bert.wait_for_function("() => +document.body.dataset.seq >= 1")
    expect(anna.locator("#log li").first).to_contain_text(str(msg(anna)["events"][0]["label"]))
    m = msg(bert)
    if m["throw"] is None:  # Anna threw no 1: her decision now, the button is gone
        expect(anna.locator("#throw-btn")).to_have_count(0)
        expect(bert.locator("#status")).to_contain_text("Anna")
    else:  # a 1: the turn passed, Bert's page now offers his throw, in English
        expect(bert.locator("#throw-btn")).to_have_text("Throw")
        expect(anna.locator("#status")).to_have_text("Bert (Gast) würfelt …")


def test_a_bots_throw_needs_no_tap(server: Server, new_page) -> None:
    anna = new_page()
    guest(anna, server.url, "Anna")
    create_table(anna, server.url, "pig", seats=2, bots={0: "random"}, options={"target": 5})
    anna.locator("#seat-list .seat.empty .sit").first.click()
    anna.locator("#start-btn").click()
    wait_connected(anna)
    # the bot in seat 0 begins: it throws and plays by itself until Anna's throw waits for her
    anna.wait_for_function(
        "() => { const m = window.wuerfelTable.msg; return m.finished || (m.throw && m.throw.seat === 1); }"
    )
    if not msg(anna)["finished"]:
        assert seq(anna) >= 1
        expect(anna.locator("#throw-btn")).to_be_visible()
