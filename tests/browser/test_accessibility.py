"""Playing with the keyboard and a screen reader (issue #11, section 3): the focus stays on a control of the table
after every move instead of dropping to the page body, and a tappable die says its face and whether it is chosen."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.conftest import Server
from tests.browser.helpers import create_table, guest, my_decision, seq, wait_connected

FOCUS = (
    "() => { const a = document.activeElement; return a && a !== document.body && "
    "!!a.closest('#felt') && !a.disabled; }"
)


def _my_turn(page: Page) -> None:
    my_decision(page)  # her turn starts with her own throw: she taps "Würfeln"


def test_keyboard_focus_stays_at_the_table_and_dice_announce_their_state(server: Server, new_page) -> None:
    anna = new_page()
    guest(anna, server.url, "Anna")
    create_table(anna, server.url, "wuerfelspiel", seats=2, bots={1: "random"})
    anna.locator("#start-btn").click()
    wait_connected(anna)
    _my_turn(anna)
    die = anna.locator("#tray button.die").first
    face = die.get_attribute("data-face")
    expect(die).to_have_attribute("aria-label", f"Würfel: {face}")
    expect(die).to_have_attribute("aria-pressed", "false")
    die.focus()
    anna.keyboard.press("Space")  # keep it
    expect(die).to_have_attribute("aria-pressed", "true")
    expect(die).to_be_focused()
    anna.keyboard.press("Space")
    expect(die).to_have_attribute("aria-pressed", "false")
    # Throw again with the keyboard: the table is redrawn, the focus stays on a control of the table.
    before = seq(anna)
    anna.locator("#roll-again").focus()
    anna.keyboard.press("Enter")
    anna.wait_for_function(
        f"() => +document.body.dataset.seq >= {before + 2} && "
        "window.wuerfelTable.msg.legal.length > 0 && !window.wuerfelTable.pending"
    )
    anna.wait_for_function(FOCUS)
    # Write into a box with the keyboard: the bot plays, and when it is Anna's turn again the focus is still there.
    cell = anna.locator("#sheet td.cand").first
    cell.focus()
    before = seq(anna)
    anna.keyboard.press("Enter")
    anna.wait_for_function(f"() => +document.body.dataset.seq > {before + 1}")
    _my_turn(anna)
    anna.wait_for_function(FOCUS)
    anna.keyboard.press("Tab")  # and the keyboard goes on from there, inside the table
    anna.wait_for_function(FOCUS)


def test_the_lobbys_seat_choices_are_named_by_their_seat(server: Server, new_page) -> None:
    """A screen reader read each seat's choice as "Plätze 2" ("Seats 2"): the label of the seat-count select with a
    number; it is "Platz 2" / "Seat 2"."""
    for locale, word in (("de-DE", "Platz"), ("en-US", "Seat")):
        page = new_page(locale=locale)
        guest(page, server.url, "Anna")
        page.locator(".game-card[data-game='pig']").click()
        page.locator("#seats").select_option("3")
        seats = page.locator("#seat-config select")
        expect(seats).to_have_count(3)
        assert [seats.nth(i).get_attribute("aria-label") for i in range(3)] == [f"{word} {n}" for n in (1, 2, 3)]
