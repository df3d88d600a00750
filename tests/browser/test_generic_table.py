"""The generic table draws a game from its table components alone (the toy game Pig has no table of its own):
the die that fell, the turn's points, the seats with whose turn it is, the message line — and a move made from it
changes what it draws."""

from __future__ import annotations

import os

from playwright.sync_api import expect

from tests.browser.conftest import Server
from tests.browser.helpers import create_table, guest, msg, wait_connected


def _component(m: dict, kind: str) -> dict:
    return next(c for c in m["components"] if c["kind"] == kind)


def test_generic_table_draws_the_components_and_plays_a_move(server: Server, new_page) -> None:
    anna = new_page()
    guest(anna, server.url, "Anna")
    create_table(anna, server.url, "pig", seats=2, bots={1: "random"}, options={"target": 50})
    anna.locator("#start-btn").click()
    wait_connected(anna)
    # Anna's turn with a die on the table (a 1 passes the turn to the bot, which plays until it is hers again).
    anna.wait_for_function("() => { const m = window.wuerfelTable.msg; return m && m.legal.length > 0 "
                           "&& !window.wuerfelTable.pending && m.components.some(c => c.kind === 'dice'); }")
    m = msg(anna)
    die = _component(m, "dice")["values"][0]
    turn = _component(m, "counter")["value"]
    game = anna.locator("#game")
    # Every component is drawn, with the texts the server translated (German page).
    expect(game.locator(".cmp-dice .die")).to_have_count(1)
    expect(game.locator(".cmp-dice .die")).to_have_attribute("data-face", str(die))
    expect(game.locator(".cmp-dice .cmp-label")).to_have_text("Würfel")
    expect(game.locator(".cmp-counter .big")).to_have_text(str(turn))
    expect(game.locator(".cmp-counter .lbl")).to_have_text("Dieser Zug")
    expect(game.locator(".cmp-seats li[data-seat='0']")).to_contain_text("Anna")
    expect(game.locator(".cmp-seats li[data-seat='0']")).to_have_class("cmp-seat active me")
    expect(game.locator(".cmp-seats li[data-seat='1']")).to_contain_text("Computer")
    expect(game.locator(".cmp-message")).to_have_text("Target score: 50")
    if os.environ.get("WUERFEL_SCREENSHOTS"):  # as test_hasard.py: a picture for a human to look at
        anna.screenshot(path=os.path.join(os.environ["WUERFEL_SCREENSHOTS"], "generic-table.png"), full_page=True)
    # The moves are buttons; holding banks the turn's points, which the seats then show.
    before = msg(anna)["seq"]
    score = _component(m, "seats")["seats"][0]["score"]
    game.locator("button[data-kind='hold']").click()
    anna.wait_for_function(f"() => window.wuerfelTable.msg.seq > {before}")
    expect(game.locator(".cmp-seats li[data-seat='0'] .num")).to_have_text(str(score + turn))
    # Whose turn it is follows the components of every message (the bot may already have passed back to Anna).
    anna.wait_for_function("() => { const m = window.wuerfelTable.msg; const seats = m.components.find("
                           "c => c.kind === 'seats').seats; return seats.every(s => document.querySelector("
                           "`#game .cmp-seats li[data-seat='${s.seat}']`).classList.contains('active') === s.active)"
                           " && seats.some(s => s.active) === (m.to_move.length > 0); }")
