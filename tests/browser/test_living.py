"""Living tables in the browser: who is at the table (presence), seen by the other player as it changes."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.conftest import Server
from tests.browser.helpers import click_action, create_table, guest, join, my_turn, start_game, wait_connected


def _row(page: Page, seat: int):  # type: ignore[no-untyped-def]
    return page.locator("#scores tr[data-online]").nth(seat)


def test_presence_is_shown_and_follows_a_player_who_leaves_and_returns(server: Server, new_page) -> None:
    anna = new_page()
    guest(anna, server.url, "Anna")
    url = create_table(anna, server.url, "pig", seats=2)
    bert = new_page()
    join(bert, server.url, "Bert", url)
    # Before the start the seat list marks both as present, in words for screen readers.
    expect(anna.locator("#seat-list .seat[data-seat='1']")).to_have_attribute("data-online", "yes", timeout=15_000)
    expect(anna.locator("#seat-list .seat[data-seat='1'] .presence")).to_have_attribute("aria-label", "am Tisch")
    anna.locator("#start-btn").click()
    wait_connected(anna)
    wait_connected(bert)
    expect(_row(anna, 1)).to_have_attribute("data-online", "yes", timeout=15_000)
    # Bert closes his tab: Anna's scoreboard says he is gone.
    ctx = bert.context
    bert.close()
    expect(_row(anna, 1)).to_have_attribute("data-online", "no", timeout=15_000)
    expect(_row(anna, 1).locator(".presence")).to_have_attribute("aria-label", "nicht am Tisch")
    # He comes back (same browser, same session): he reads at once that Anna is there, and she sees him back.
    back = ctx.new_page()
    back.goto(url)
    wait_connected(back)
    expect(_row(back, 0)).to_have_attribute("data-online", "yes", timeout=15_000)
    expect(_row(back, 1)).to_have_attribute("data-online", "yes")
    expect(_row(anna, 1)).to_have_attribute("data-online", "yes", timeout=15_000)


def test_resign_from_the_page_ends_the_game_in_words_for_both(server: Server, new_page) -> None:
    anna = new_page()
    guest(anna, server.url, "Anna")
    url = create_table(anna, server.url, "pig", seats=2)
    bert = new_page(locale="en-US")
    join(bert, server.url, "Bert", url)
    start_game(anna, bert)
    # Asked once more; "Weiterspielen" takes it back and nothing happens.
    anna.locator("#resign-btn").click()
    anna.locator("#resign-no").click()
    expect(anna.locator("#resign-confirm")).to_be_hidden()
    anna.locator("#resign-btn").click()
    expect(anna.locator("#resign-question")).to_contain_text("Wirklich aufgeben?")
    anna.locator("#resign-yes").click()
    anna.wait_for_function("() => document.body.dataset.status === 'finished'", timeout=15_000)
    bert.wait_for_function("() => document.body.dataset.status === 'finished'", timeout=15_000)
    # Anna reads her own resignation in the second person, Bert reads her name and his own win as his (issue 24 §3).
    expect(anna.locator("#status")).to_have_text("Du hast aufgegeben – gewonnen hat Bert (Gast).")
    expect(anna.locator("#table-end")).to_have_text("Du hast aufgegeben.")
    expect(bert.locator("#status")).to_have_text("Anna (guest) resigned — you won.")
    expect(bert.locator("#table-end")).to_have_text("Anna (guest) resigned.")
    expect(bert.locator("#final li.won")).to_contain_text("Bert")
    expect(bert.locator("#final li.lost")).to_contain_text("Anna")
    expect(anna.locator("#resign-box")).to_be_hidden()
    # The replay ends with the same words.
    anna.goto(url.replace("/table/", "/replay/"))
    anna.locator("#last").click()
    expect(anna.locator("#step-label")).to_contain_text("Anna (Gast) hat aufgegeben.", timeout=15_000)


def test_rematch_in_one_click_for_both(server: Server, new_page) -> None:
    anna = new_page()
    guest(anna, server.url, "Anna")
    url = create_table(anna, server.url, "pig", seats=2)
    bert = new_page()
    join(bert, server.url, "Bert", url)
    start_game(anna, bert)
    bert.locator("#resign-btn").click()
    bert.locator("#resign-yes").click()
    anna.wait_for_function("() => document.body.dataset.status === 'finished'", timeout=15_000)
    # Anna asks for the rematch: her page opens the new table with her in her seat …
    anna.locator("#rematch-btn").click()
    anna.wait_for_url(lambda u: u != url and "/table/" in u, timeout=15_000)
    new_url = anna.url
    expect(anna.locator("#seat-list .seat[data-seat='0']")).to_contain_text("Anna")
    # … and Bert, still at the old table, is offered it and takes his old seat in one click.
    expect(bert.locator(".rematch-offer")).to_have_text(
        "Eine Revanche mit denselben Regeln und Plätzen wartet.", timeout=15_000
    )
    bert.locator("#rematch-join").click()
    bert.wait_for_url(new_url, timeout=15_000)
    expect(anna.locator("#seat-list .seat[data-seat='1']")).to_contain_text("Bert", timeout=15_000)
    start_game(anna, bert)


def test_seating_changes_are_read_in_words_by_everyone(server: Server, new_page) -> None:
    anna = new_page()
    guest(anna, server.url, "Anna")
    url = create_table(anna, server.url, "pig", seats=2)
    bert = new_page(locale="en-US")
    join(bert, server.url, "Bert", url)
    expect(anna.locator("#table-notes li.note").last).to_have_text(
        "Bert (Gast) setzt sich auf Platz 2.", timeout=15_000
    )
    # The host takes Bert's seat away and gives it to a bot: Bert reads both in English, in the list of the table.
    anna.locator("#seat-list .seat[data-seat='1'] .remove-player").click()
    expect(bert.locator("#table-notes li.note").last).to_have_text(
        "The host removed Bert (guest) from seat 2.", timeout=15_000
    )
    anna.locator("#seat-list .seat[data-seat='1'] .add-bot").click()
    expect(bert.locator("#table-notes li.note").last).to_contain_text("takes seat 2.", timeout=15_000)
    expect(bert.locator("#notice")).to_contain_text("takes seat 2.")
    expect(anna.locator("#table-notes li.note").last).to_contain_text("übernimmt Platz 2.")
    # The numbered move list holds moves only (its numbers are the events' seqs).
    expect(anna.locator("#log li")).to_have_count(0)


def test_tab_title_says_your_move(server: Server, new_page) -> None:
    anna = new_page()
    guest(anna, server.url, "Anna")
    url = create_table(anna, server.url, "pig", seats=2)
    bert = new_page()
    join(bert, server.url, "Bert", url)
    expect(anna.locator("#start-btn")).to_be_enabled()
    assert not anna.title().startswith("Du bist am Zug!")  # nothing to do before the start
    anna.locator("#start-btn").click()
    wait_connected(anna)
    wait_connected(bert)
    # Pig starts with Anna's own throw: her tab says so, Bert's does not.
    expect(anna).to_have_title(re.compile(r"^Du bist am Zug! · "), timeout=15_000)
    expect(bert).not_to_have_title(re.compile(r"^Du bist am Zug!"))
    anna.locator("#throw-btn").click()
    # A 1 passes the turn by itself; otherwise Anna holds, which passes it.
    anna.wait_for_function(
        "() => { const S = window.wuerfelTable, m = S.msg; return !!m && !S.pending && "
        "(m.legal.length > 0 || !!(m.throw && m.throw.seat === 1)); }",
        timeout=15_000,
    )
    if my_turn(anna):
        click_action(anna, {"kind": "hold"})
    # Now Bert's tab says it (his throw), Anna's title is plain again.
    expect(bert).to_have_title(re.compile(r"^Du bist am Zug! · "), timeout=15_000)
    expect(anna).not_to_have_title(re.compile(r"^Du bist am Zug!"))
