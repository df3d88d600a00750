"""The "Wahrscheinlichkeiten" panel beside the game: collapsed at first, opened it shows the exact odds of one throw
under the table's rules — the server's document (GET /api/tables/{id}/odds), not a computation in the page."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.conftest import Server
from tests.browser.helpers import create_table, guest


def test_odds_panel_shows_the_tables_classes(server: Server, new_page) -> None:
    anna: Page = new_page()
    guest(anna, server.url, "Anna")
    create_table(
        anna, server.url, "verdecktes-wuerfelpoker", seats=2, bots={1: "heuristic"}, preset="verdecktes-mit-quint"
    )
    panel = anna.locator("#odds-panel")
    expect(panel.locator("summary")).to_have_text("Wahrscheinlichkeiten")
    expect(anna.locator("#odds-table")).to_be_hidden()
    panel.locator("summary").click()
    rows = anna.locator("#odds-rows tr")
    expect(rows.first).to_be_visible(timeout=30_000)
    expect(rows).to_have_count(8)  # the Quint is a class under these rules
    five = anna.locator("#odds-rows tr[data-class='five_alike'] td")
    expect(five.nth(0)).to_have_text("Fünfling")
    expect(five.nth(2)).to_have_text("1/1296")
    expect(five.nth(1)).to_contain_text("0,0772")  # German number format
    expect(anna.locator("#odds-rows tr[data-class='quint'] td").nth(2)).to_have_text("5/162")


def test_bank_game_shows_the_banks_edge(server: Server, new_page) -> None:
    anna: Page = new_page()
    guest(anna, server.url, "Anna")
    create_table(anna, server.url, "lustige-sieben", seats=2, bots={1: "heuristic"})
    anna.locator("#odds-panel summary").click()
    expect(anna.locator("#odds-notes li[data-note='bank_edge_column']")).to_contain_text("1/6", timeout=30_000)
    expect(anna.locator("#odds-rows tr[data-class='seven'] td").nth(2)).to_have_text("1/6")


def test_no_panel_for_a_game_without_classes(server: Server, new_page) -> None:
    anna: Page = new_page()
    guest(anna, server.url, "Anna")
    create_table(anna, server.url, "jule", seats=2, bots={1: "random"})
    expect(anna.locator("#seat-list")).to_be_visible()
    expect(anna.locator("#odds-panel")).to_have_count(0)
