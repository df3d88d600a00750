"""Issue 16 in the browser: a registered player plays a rated game against a bot to its end, finds it in his archive
and on his profile, and sees his rating there and on the leaderboard."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import Server
from tests.browser.helpers import create_table, finished, pig_policy, play_until, wait_connected
from tests.browser.test_phone import OVERFLOW


def test_rated_game_against_a_bot_lands_in_archive_profile_and_leaderboard(server: Server, new_page) -> None:
    page = new_page()
    page.goto(server.url + "/login")
    page.locator("#reg-name").fill("Rita")
    page.locator("#reg-password").fill("geheim-und-lang-1")
    page.locator("#register-form button").click()
    page.wait_for_url(server.url + "/")
    url = create_table(page, server.url, "pig", seats=2, bots={1: "random"}, options={"target": 4}, rated=True)
    table_id = url.split("/table/")[1].split("?")[0]
    expect(page.locator("#rated-badge")).to_have_text("gewertet")
    page.locator("#start-btn").click()
    wait_connected(page)
    play_until([page], pig_policy, lambda: finished(page))
    expect(page.locator("#status")).to_contain_text("Spiel vorbei")
    # The scoreboard names the registered player with a link to her profile.
    expect(page.locator("#scores a.profile-link")).to_have_text("Rita")

    page.locator("#topnav a[href='/archive']").click()
    page.wait_for_url("**/archive")
    row = page.locator(f"#archive tr[data-table='{table_id}']")
    expect(row).to_contain_text("Schweinchen")
    expect(row.locator(".badge.rated")).to_have_text("gewertet")
    expect(row.locator(".rating-change")).to_contain_text("→")
    expect(row.locator("a.replay-link")).to_have_attribute("href", f"/replay/{table_id}")

    page.locator("#my-profile").click()
    page.wait_for_url("**/players/Rita")
    games = page.locator("#profile-games tr[data-game='pig']")
    expect(games.locator(".games")).to_have_text("1")
    expect(games.locator(".rating a")).to_have_text(_ordinal_pattern())
    expect(page.locator(f"#recent li[data-table='{table_id}']")).to_contain_text("gewertet")
    for plot in (".score-plot", ".rating-plot"):
        img = page.locator(f".plots[data-game='pig'] img{plot}")
        img.scroll_into_view_if_needed()
        page.wait_for_function("e => e.complete && e.naturalWidth > 0", arg=img.element_handle())
    expect(page.locator("#dice-stats")).to_have_count(1)

    page.locator("#profile-games tr[data-game='pig'] .rating a").click()
    page.wait_for_url("**/leaderboard/pig")
    expect(page.locator("#leaderboard")).to_contain_text("Rita")
    expect(page.locator("#leaderboard")).to_contain_text("Computer (zufällig)")
    expect(page.locator("#seat-advantages tbody tr")).to_have_count(2)

    # On a phone the leaderboard and the profile fit the screen, each number on one line (μ "24,26" stood one digit
    # a line while the headers pushed the table past the screen).
    page.set_viewport_size({"width": 360, "height": 800})
    for path, table in (("/leaderboard/pig", "#leaderboard"), ("/players/Rita", "#profile-games")):
        page.goto(server.url + path)
        fits = page.evaluate("t => { const e = document.querySelector(t); const W = document.documentElement"
                             ".clientWidth; return document.documentElement.scrollWidth <= W && "
                             "e.getBoundingClientRect().right <= W + 1; }", table)
        assert fits, f"{path} is wider than a phone: {page.evaluate(OVERFLOW)}"
        # ... and no header word is broken inside ("Wertungsz / ahl"): each word's syllables (the text between its
        # soft hyphens) stand on one line.
        broken = page.evaluate(_BROKEN_HEADER_WORDS, table)
        assert not broken, f"{path}: header words broken across lines: {broken}"
    page.goto(server.url + "/leaderboard/pig")
    # The number's own lines, not the cell's height: a long name in the same row (other tests' players share this
    # server's leaderboard) makes the row, and so the cell, tall without the number wrapping.
    mu = page.locator("#leaderboard tbody tr td:nth-child(4)").first
    lines = mu.evaluate("e => { const r = document.createRange(); r.selectNodeContents(e);"
                        " return new Set([...r.getClientRects()].map((q) => Math.round(q.top))).size; }")
    assert lines == 1, f"μ wraps over {lines} lines"


_BROKEN_HEADER_WORDS = """t => {
  const out = [];
  for (const th of document.querySelectorAll(t + ' th')) {
    for (const node of th.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE) continue;
      const re = /[^\\s\\u00ad]+/g;
      let m;
      while ((m = re.exec(node.data)) !== null) {
        const r = document.createRange();
        // (a syllable after a line broken at its soft hyphen: the drawn hyphen belongs to the boundary before it)
        const after = m.index > 0 && node.data[m.index - 1] === "\\u00ad" && m[0].length > 1;
        r.setStart(node, after ? m.index + 1 : m.index);
        r.setEnd(node, m.index + m[0].length);
        const tops = new Set([...r.getClientRects()].map((q) => Math.round(q.top)));
        if (tops.size > 1) out.push(m[0]);
      }
    }
  }
  return out;
}"""


def _ordinal_pattern() -> object:
    import re

    return re.compile(r"^−?\d+,\d$")  # the German page's decimal comma and minus sign
