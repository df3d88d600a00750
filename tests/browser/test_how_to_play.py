"""How to play in the browser (issue 24): the table page's "Spielregeln" panel on a desktop and on a 360 px phone,
and the lobby for 33 games — shelves, a line per game, search, the explanation before a table exists (also for
edited house rules), filters of the open tables, your own game to continue, the guest mark."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.conftest import Server
from tests.browser.helpers import guest

FITS = "() => document.documentElement.scrollWidth <= window.innerWidth + 1"


def _post(page: Page, base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    csrf = page.locator("meta[name='csrf-token']").get_attribute("content") or ""
    r = page.request.post(
        base + path, headers={"X-CSRF-Token": csrf, "Content-Type": "application/json"}, data=json.dumps(body)
    )
    assert r.ok, r.text()
    return r.json()  # type: ignore[no-any-return]


def test_the_tables_how_to_play_panel_on_a_desktop_and_a_phone(server: Server, new_page) -> None:
    anna = new_page()
    guest(anna, server.url, "Anna")
    t = _post(
        anna,
        server.url,
        "/api/tables",
        {
            "game": "zehntausend",
            "preset": "macke-klassisch+ziel-5000",
            "seats": 2,
            "bots": {"1": "heuristic"},
            "sit": True,
        },
    )
    _post(anna, server.url, f"/api/tables/{t['id']}/start", {})
    anna.goto(server.url + t["url"])
    goal = anna.locator("#game .cmp-goal")  # the goal on Zehntausend's own felt
    expect(goal.locator(".cmp-goal-text")).to_have_text("Ziel: 5000 Punkte")
    expect(goal.locator(".cmp-goal-progress")).to_contain_text(re.compile(r"Noch: Anna( \(Gast\))? 5000"))
    panel = anna.locator("#howto-panel")
    expect(panel).not_to_have_attribute("open", "")
    anna.locator("#howto-open").click()  # the link beside the game's name opens it
    expect(panel).to_have_attribute("data-loaded", "yes")
    titles = anna.locator("#howto-body h3").all_inner_texts()
    assert titles[:4] == ["Ziel", "Ein Zug", "Wertung", "Ende"], titles
    body = anna.locator("#howto-body")
    expect(body).to_contain_text("Wer zuerst 5000 Punkte oder mehr hat, gewinnt.")
    expect(body.locator("section[data-key='scoring'] li").first).to_have_text("eine einzelne 1: 100")
    assert anna.evaluate(FITS)

    phone = new_page(locale="en-US", width=360)  # a spectator on a phone, in English
    phone.goto(server.url + t["url"] + "?watch=1")
    phone.locator("#howto-open").click()
    expect(phone.locator("#howto-panel")).to_have_attribute("data-loaded", "yes")
    expect(phone.locator("#howto-body h3").first).to_have_text("Goal")
    expect(phone.locator("#howto-body")).to_contain_text("Be the first to collect 5,000 points or more.")
    phone.wait_for_function(
        "() => { const r = document.getElementById('howto-panel').getBoundingClientRect();"
        " return r.top < window.innerHeight && r.bottom > 0; }"
    )  # brought into view
    assert phone.evaluate(FITS), "the panel makes the phone's page scroll sideways"


def test_the_lobby_for_33_games(server: Server, new_page) -> None:
    ben = new_page()
    guest(ben, server.url, "Ben")  # Ben's table waits for a second player, with a live clock
    open_table = _post(
        ben, server.url, "/api/tables", {"game": "wuerfelspiel", "seats": 2, "sit": True, "clock": "live", "limit": 60}
    )
    page = new_page()
    guest(page, server.url, "Anna")
    shelves = page.locator(".shelf-title").all_inner_texts()
    assert shelves[:3] == ["Zehntausend und Macke", "Kniffel", "Spiele mit einem Würfel"], shelves
    assert shelves[8:] == ["Weitere Spiele"]  # the test plug-in game names no family: a last shelf of its own
    cards = page.locator(".shelf:not([data-family='other']) .game-card")
    assert cards.count() == 33 and page.locator(".shelf:not([data-family='other']) .game-card .desc").count() == 33
    # Plätze beside Hausregeln, on one line
    preset, seats = page.locator("#preset").bounding_box(), page.locator("#seats").bounding_box()
    assert preset and seats and abs(preset["y"] - seats["y"]) < 2, (preset, seats)

    search = page.locator("#game-search")
    search.fill("Himmel")  # the German name
    expect(page.locator(".game-card[data-game='himmel-und-hoelle']")).to_be_visible()
    expect(page.locator(".game-card[data-game='zehntausend']")).to_be_hidden()
    search.fill("heaven")  # the English one
    expect(page.locator(".game-card[data-game='himmel-und-hoelle']")).to_be_visible()
    search.fill("pokerwürfel")  # words of the descriptions
    expect(page.locator(".game-card[data-game='al-capone']")).to_be_visible()
    expect(page.locator(".shelf[data-family='one-die']")).to_be_hidden()
    search.fill("xyzzy")
    expect(page.locator("#no-game")).to_be_visible()
    search.fill("")
    expect(page.locator(".game-card[data-game='zehntausend']")).to_be_visible()
    expect(page.locator("#no-game")).to_be_hidden()

    # the explanation before the table exists, for the rule set and for an edited house rule
    page.locator(".game-card[data-game='zehntausend']").click()
    page.locator("#preset").select_option("macke-klassisch+ziel-5000")
    page.locator("#lobby-howto summary").click()
    howto = page.locator("#lobby-howto-body")
    expect(howto).to_contain_text("Wer zuerst 5000 Punkte oder mehr hat, gewinnt.")
    page.locator("#rules-editor summary").click()
    target = page.locator("#opts [name='game.target']")
    target.fill("7000")
    target.dispatch_event("change")
    expect(howto).to_contain_text("Wer zuerst 7000 Punkte oder mehr hat, gewinnt.")

    # Anna's own running game is hers to continue; Ben's open table is to join
    mine = _post(
        page, server.url, "/api/tables", {"game": "zehntausend", "seats": 2, "bots": {"1": "heuristic"}, "sit": True}
    )
    _post(page, server.url, f"/api/tables/{mine['id']}/start", {})
    page.goto(server.url + "/")
    mine_row = page.locator(f"#tables tr:has(a[href='{mine['url']}'])")
    expect(mine_row.locator("a")).to_have_text("Weiterspielen")
    expect(mine_row).to_contain_text("Anna (Gast)")
    ben_row = page.locator(f"#tables tr:has(a[href='{open_table['url']}'])")
    expect(ben_row.locator("a")).to_have_text("Mitspielen")
    expect(ben_row).to_contain_text("Ben (Gast)")
    # the filters: by game, a free seat, the clock, rated
    page.locator("#filter-game").select_option("zehntausend")
    expect(ben_row).to_be_hidden()
    expect(mine_row).to_be_visible()
    page.locator("#filter-game").select_option("")
    page.locator("#filter-free").check()
    expect(mine_row).to_be_hidden()
    expect(ben_row).to_be_visible()
    page.locator("#filter-free").uncheck()
    page.locator("#filter-clock").select_option("live")
    expect(mine_row).to_be_hidden()
    expect(ben_row).to_be_visible()
    page.locator("#filter-rated").check()
    expect(page.locator("#no-match-row")).to_be_visible()
    name = mine_row.locator("td.game-col")
    page.locator("#filter-rated").uncheck()
    page.locator("#filter-clock").select_option("")
    assert name.evaluate("e => getComputedStyle(e).overflowWrap") == "normal"  # never "Zehnta|usend"

    # on a phone: the guest mark in the header, and a chosen game brings the form into view
    phone = new_page(width=360)
    guest(phone, server.url, "Fiona")
    expect(phone.locator(".userbox .guest-mark")).to_be_visible()
    phone.locator(".game-card[data-game='ohio']").click()
    phone.wait_for_function(
        "() => { const r = document.getElementById('chosen-game').getBoundingClientRect();"
        " return r.top >= 0 && r.top < window.innerHeight; }"
    )
    expect(phone.locator("#chosen-game")).to_have_text("Ohio")
    assert phone.evaluate(FITS)
