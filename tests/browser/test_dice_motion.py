"""A die tumbles only when the server threw it: kept dice, dice left lying after setting aside and the last throw of
Lustige Sieben stay still when a message brings no throw (issue #11, section 3). The page decides from the events of
the message, not from what changed on the screen."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.conftest import Server
from tests.browser.helpers import create_table, guest, msg, my_decision, seq, wait_connected

# Two animation frames start a tumble (dice.js): after three the page has started every tumble it ever will.
FRAMES = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(r))))"
TUMBLING = "sel => [...document.querySelectorAll(sel + ' .die.thrown')].map(d => +d.dataset.face)"
STARTED = "sel => document.querySelectorAll(sel + ' .die.thrown').length > 0"


def _my_turn(page: Page, timeout: float = 30_000) -> None:
    my_decision(page, timeout)  # her turn starts with her own throw: she taps "Würfeln"


def _tumbling(page: Page, sel: str = "#tray") -> list[int]:
    page.evaluate(FRAMES)
    return sorted(page.evaluate(TUMBLING, sel))


def _keep_two_and_throw(page: Page, button: str) -> None:
    """Keep the first two dice and throw the other three: exactly the three thrown dice tumble."""
    _my_turn(page)
    dice = list(msg(page)["view"]["dice"])
    page.locator("#tray button.die").nth(0).click()
    page.locator("#tray button.die").nth(1).click()
    before = seq(page)
    page.locator(button).click()
    page.wait_for_function(
        f"() => +document.body.dataset.seq > {before} && "
        "window.wuerfelTable.msg.view.dice.length === 5 && !window.wuerfelTable.pending"
    )
    new = list(msg(page)["view"]["dice"])
    for d in dice[:2]:
        new.remove(d)
    page.wait_for_function(STARTED, arg="#tray")
    assert _tumbling(page) == sorted(new)


def test_kept_dice_stay_still_in_wuerfelspiel(server: Server, new_page) -> None:
    anna = new_page(reduced_motion="no-preference")
    guest(anna, server.url, "Anna")
    create_table(anna, server.url, "wuerfelspiel", seats=2, bots={1: "random"})
    anna.locator("#start-btn").click()
    wait_connected(anna)
    _keep_two_and_throw(anna, "#roll-again")


def test_kept_dice_stay_still_in_escalero(server: Server, new_page) -> None:
    anna = new_page(reduced_motion="no-preference")
    guest(anna, server.url, "Anna")
    create_table(anna, server.url, "escalero", seats=2, bots={1: "random"})
    anna.locator("#start-btn").click()
    wait_connected(anna)
    _my_turn(anna)
    anna.wait_for_function("() => window.wuerfelTable.msg.legal.some(e => e.action.kind === 'keep')")
    _keep_two_and_throw(anna, "#es-rethrow")


def test_dice_left_lying_after_setting_aside_stay_still(server: Server, new_page) -> None:
    anna = new_page(reduced_motion="no-preference")
    guest(anna, server.url, "Anna")
    create_table(anna, server.url, "zehntausend", seats=2, bots={1: "heuristic"})
    anna.locator("#start-btn").click()
    wait_connected(anna)
    # Anna's first throw may be a Niete (the bot moves on): wait for a throw she can set aside from.
    _my_turn(anna)
    anna.wait_for_function(
        "() => window.wuerfelTable.msg.view.node === 'select' && window.wuerfelTable.msg.legal.length > 0",
        timeout=30_000,
    )
    anna.wait_for_function(STARTED, arg="#tray")
    # The smallest selection leaves dice lying on the table.
    chips = anna.locator("#choices button.choice")
    expect(chips.first).to_be_visible()
    smallest = min(range(chips.count()), key=lambda i: len(chips.nth(i).locator(".die").all()))
    before = seq(anna)
    chips.nth(smallest).click()
    anna.wait_for_function(
        f"() => +document.body.dataset.seq > {before} && window.wuerfelTable.msg.view.node === 'decide'"
    )
    expect(anna.locator("#tray .die.dim")).not_to_have_count(0)
    assert _tumbling(anna) == []


def test_the_last_throw_stays_still_when_someone_stakes(server: Server, new_page) -> None:
    anna = new_page(reduced_motion="no-preference")
    guest(anna, server.url, "Anna")
    # Anna holds the first bank (by seat, not by the default lot), so when she first stakes a bank throw lies there.
    create_table(
        anna,
        server.url,
        "lustige-sieben",
        seats=3,
        bots={1: "heuristic", 2: "heuristic"},
        options={"first_bank": "first_seat"},
    )
    anna.locator("#start-btn").click()
    wait_connected(anna)
    _my_turn(anna)
    expect(anna.locator("#ls-last .die")).to_have_count(2)
    anna.locator("#ls-amounts button[data-amount='1']").click()
    for number in (8, 6):
        before = seq(anna)
        anna.locator(f".ls-field[data-number='{number}']").click()
        anna.wait_for_function(f"() => +document.body.dataset.seq > {before} && !window.wuerfelTable.pending")
        assert _tumbling(anna, "#ls-last") == []
