"""Hints in the browser (protocol 5): where the table allows them, the player whose decision is due has a "Tipp"
button; it lists each choice with its value from the game's advisor, best first, in German with a decimal comma.
A table created without hints shows no button."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.conftest import Server
from tests.browser.helpers import create_table, guest, msg, wait_connected

DECIDING = """() => {
  const m = window.wuerfelTable.msg;
  return !!m && ((m.legal || []).length > 0 || (!!m.throw && (m.my_seats || []).includes(m.throw.seat)));
}"""


def until_decision(page: Page) -> None:
    """Tap "Würfeln" for the page's own throws until a decision of its player is due (each wait has a deadline)."""
    for _ in range(50):
        page.wait_for_function(DECIDING, timeout=30_000)
        if msg(page)["legal"]:
            return
        before = msg(page)["seq"]
        page.locator("#throw-btn").click()
        page.wait_for_function("s => Number(document.body.dataset.seq) > s", arg=before, timeout=30_000)
    raise AssertionError("no decision came")


def test_the_hint_button_lists_each_choice_with_its_value(server: Server, new_page) -> None:
    anna = new_page()
    guest(anna, server.url, "Anna")
    create_table(anna, server.url, "zehntausend", seats=2, bots={1: "random"})
    anna.locator("#start-btn").click()
    wait_connected(anna)
    until_decision(anna)
    button = anna.locator("#hint-btn")
    expect(button).to_have_text("Tipp")
    button.click()
    items = anna.locator("#hint-list li")
    expect(items.first).to_be_visible(timeout=60_000)
    expect(anna.locator("#hint-heading")).to_have_text("Tipps")
    labels = {e["label"] for e in msg(anna)["legal"]}
    values: list[float] = []
    for text in items.all_inner_texts():
        label = next((lab for lab in labels if text.startswith(lab)), None)
        assert label is not None, text  # every line names one of the choices on the board
        number = re.search(r"-?\d+,\d\d", text[len(label) :])
        assert number, text  # the value in German notation
        values.append(float(number.group().replace(",", ".")))
    assert values == sorted(values, reverse=True)  # best first


def test_no_hint_button_where_the_table_switched_hints_off(server: Server, new_page) -> None:
    anna = new_page()
    guest(anna, server.url, "Anna")
    create_table(anna, server.url, "zehntausend", seats=2, bots={1: "random"}, hints=False)
    anna.locator("#start-btn").click()
    wait_connected(anna)
    until_decision(anna)
    assert anna.evaluate("() => window.wuerfelTable.table.hints") is False
    expect(anna.locator("#hint-box")).to_be_hidden()
