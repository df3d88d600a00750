"""The bank's edge in the rules panels: the lobby shows it under the house rules and follows a change of rules; the
table page's "Regeln" panel shows it under the table's rules; Rock and Roll's board is drawn with the book's rows.
Every figure is the server's (engine/edges.py), never computed in the page."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.conftest import Server
from tests.browser.helpers import create_table, guest, wait_connected


def test_lobby_and_table_show_the_banks_edge(server: Server, new_page) -> None:
    anna: Page = new_page()
    guest(anna, server.url, "Anna")
    anna.goto(server.url + "/")
    anna.locator(".game-card[data-game='zehnerspiel']").click()
    under = anna.locator("#bank-edge-list li[data-field='under']")
    expect(under).to_contain_text("1/4", timeout=30_000)
    expect(anna.locator("#bank-edges-title")).to_have_text("Vorteil der Bank je gesetztem Chip")
    anna.locator("#preset").select_option("zehnerspiel-netto")
    expect(under).to_contain_text("-1/8", timeout=30_000)
    anna.locator(".game-card[data-game='jule']").click()
    expect(anna.locator("#bank-edges")).to_be_hidden(timeout=30_000)

    create_table(anna, server.url, "rock-and-roll", seats=2, bots={1: "heuristic"})
    panel = anna.locator("#rules-panel")
    expect(panel.locator("tr[data-field='colour'] td").nth(2)).to_have_text("0")
    expect(panel.locator("tr[data-field='face'] td").nth(0)).to_have_text("ein Wert (zahlt 5:1)")
    # Started, the generic table draws the goal line first: the odds and how a bank ends (web U1, issue 24).
    anna.locator("#start-btn").click()
    wait_connected(anna)
    goal = anna.locator("#game > :first-child.cmp-goal")
    expect(goal).to_contain_text("Eine Farbe zahlt 2 zu 1, ein Wert 5 zu 1")
    expect(goal).to_contain_text("höchstens 20 Würfe")


def test_a_long_exact_edge_stays_inside_the_rules_panel(server: Server, new_page) -> None:
    """Lustige Sieben's "35101/248832" stood past the right edge of the narrow rules panel; the fraction may now
    break after its slash."""
    for width in (1100, 1280):
        anna: Page = new_page(width=width)
        guest(anna, server.url, "Anna")
        create_table(anna, server.url, "lustige-sieben", seats=2, bots={1: "heuristic"})
        panel, table = anna.locator("#rules-panel"), anna.locator("#edge-table")
        expect(table).to_contain_text("35101/248832")
        p, t = panel.bounding_box(), table.bounding_box()
        assert p is not None and t is not None and t["x"] + t["width"] <= p["x"] + p["width"], (width, p, t)
