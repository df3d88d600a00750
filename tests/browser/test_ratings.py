"""Issue 16 in the browser: a registered player plays a rated game against a bot to its end, finds it in his archive
and on his profile, and sees his rating there and on the leaderboard."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.conftest import Server
from tests.browser.helpers import create_table, finished, pig_policy, play_until, wait_connected
from tests.browser.test_phone import OVERFLOW


def test_rated_game_against_a_bot_lands_in_archive_profile_and_leaderboard(server: Server, new_page) -> None:
    page = new_page()
    page.goto(server.url + "/login")
    # A password with the name in it is refused saying so, the form's help says it beforehand, and the page of the
    # refusal is an address a reload does not post again (issue 24, U10).
    expect(page.locator("#register-form").locator("xpath=..")).to_contain_text("darf deinen Namen nicht enthalten")
    page.locator("#reg-name").fill("Rita")
    page.locator("#reg-password").fill("Würfel-Rita-2024")
    page.locator("#register-form button").click()
    expect(page.locator("#auth-error")).to_have_text("Das Passwort darf deinen Namen nicht enthalten.")
    assert "/login?" in page.url, page.url
    page.reload()
    expect(page.locator("#auth-error")).to_have_text("Das Passwort darf deinen Namen nicht enthalten.")
    expect(page.locator("#reg-name")).to_have_value("Rita")
    page.locator("#reg-password").fill("geheim-und-lang-1")
    page.locator("#register-form button").click()
    page.wait_for_url(server.url + "/")
    url = create_table(page, server.url, "pig", seats=2, bots={1: "random"}, options={"target": 4}, rated=True)
    table_id = url.split("/table/")[1].split("?")[0]
    expect(page.locator("#rated-badge")).to_have_text("gewertet")
    # Ratings stand beside the names at a rated table (issue 24, M4): Rita is new here, 0,0.
    expect(page.locator("#seat-list .seat[data-seat='0'] .seat-rating")).to_have_text(" (0,0)")
    expect(page.locator("#seat-list .seat[data-seat='1'] .seat-rating")).to_have_count(1)
    page.locator("#start-btn").click()
    wait_connected(page)
    play_until([page], pig_policy, lambda: finished(page))
    expect(page.locator("#status")).to_contain_text("Spiel vorbei")
    # The scoreboard names the registered player with a link to her profile, her rating beside it.
    expect(page.locator("#scores a.profile-link")).to_have_text("Rita")
    expect(page.locator("#scores tr").first.locator(".seat-rating")).to_have_text(" (0,0)")

    page.locator("#topnav a[href='/archive']").click()
    page.wait_for_url("**/archive")
    row = page.locator(f"#archive tr[data-table='{table_id}']")
    expect(row).to_contain_text("Schweinchen")
    expect(row.locator(".badge.rated")).to_have_text("gewertet")
    expect(row.locator(".rating-change")).to_contain_text("→")
    expect(row.locator("a.replay-link")).to_have_attribute("href", f"/replay/{table_id}")
    # Every figure is labelled (issue 24, U13): the bot's place in the players, her final score in the result.
    expect(row.locator(".place")).to_have_text(re.compile(r"^\(Rang [12]\)$"))
    expect(row.locator(".final-score")).to_have_text(re.compile(r"^Endstand \d+$"))

    page.locator("#my-profile").click()
    page.wait_for_url("**/players/Rita")
    games = page.locator("#profile-games tr[data-game='pig']")
    expect(games.locator(".games")).to_have_text("1")
    expect(games.locator(".rating a")).to_have_text(_ordinal_pattern())
    expect(page.locator(f"#recent li[data-table='{table_id}']")).to_contain_text("gewertet")
    # After one game (issue 24, U11): the rating explained beside μ and σ, no one-bar histogram of one final score
    # (the page says from when on), the rating's course drawn.
    expect(games.locator(".rating-parts")).to_have_text(re.compile(r"^\(μ \d+,\d · σ \d+,\d · 1 gewertet\)$"))
    expect(page.locator("#rating-help")).to_contain_text("μ − 3σ")
    expect(page.locator(".plots[data-game='pig'] img.score-plot")).to_have_count(0)
    expect(page.locator(".plots[data-game='pig'] .score-plot-later")).to_contain_text("ab 3 Partien")
    img = page.locator(".plots[data-game='pig'] img.rating-plot")
    img.scroll_into_view_if_needed()
    page.wait_for_function("e => e.complete && e.naturalWidth > 0", arg=img.element_handle())
    expect(page.locator("#dice-stats")).to_have_count(1)

    page.locator("#profile-games tr[data-game='pig'] .rating a").click()
    page.wait_for_url("**/leaderboard/pig")
    expect(page.locator("#leaderboard")).to_contain_text("Rita")
    expect(page.locator("#leaderboard")).to_contain_text("Computer (zufällig)")
    expect(page.locator("#seat-advantages tbody tr")).to_have_count(2)
    # The headers are set in capitals, but μ stays μ: uppercased it became a capital mu, "Μ", read as an M (L3).
    assert page.locator("#leaderboard thead th.greek").first.inner_text() == "μ"

    # On a phone the leaderboard and the profile fit the screen, each number on one line (μ "24,26" stood one digit
    # a line while the headers pushed the table past the screen).
    page.set_viewport_size({"width": 360, "height": 800})
    for path, table in (
        ("/leaderboard/pig", "#leaderboard"),
        ("/players/Rita", "#profile-games"),
        ("/leaderboard", "#overall"),
    ):  # across all games too (web M5)
        page.goto(server.url + path)
        fits = page.evaluate(
            "t => { const e = document.querySelector(t); const W = document.documentElement"
            ".clientWidth; return document.documentElement.scrollWidth <= W && "
            "e.getBoundingClientRect().right <= W + 1; }",
            table,
        )
        assert fits, f"{path} is wider than a phone: {page.evaluate(OVERFLOW)}"
        # ... and no header word is broken inside ("Wertungsz / ahl"): each word's syllables (the text between its
        # soft hyphens) stand on one line.
        broken = page.evaluate(_BROKEN_HEADER_WORDS, table)
        assert not broken, f"{path}: header words broken across lines: {broken}"
    page.goto(server.url + "/leaderboard/pig")
    # The number's own lines, not the cell's height: a long name in the same row (other tests' players share this
    # server's leaderboard) makes the row, and so the cell, tall without the number wrapping.
    mu = page.locator("#leaderboard tbody tr td:nth-child(4)").first
    lines = mu.evaluate(
        "e => { const r = document.createRange(); r.selectNodeContents(e);"
        " return new Set([...r.getClientRects()].map((q) => Math.round(q.top))).size; }"
    )
    assert lines == 1, f"μ wraps over {lines} lines"
    # Re-audit: the seat advantages under it still broke their numbers on a phone, "−0, / 60" and "4,1 / 4".
    wrapped = page.evaluate("""() => [...document.querySelectorAll('#seat-advantages tbody td')].filter(e => {
        const r = document.createRange(); r.selectNodeContents(e);
        return new Set([...r.getClientRects()].map((q) => Math.round(q.top))).size > 1; }).map(e => e.textContent)""")
    assert wrapped == [], f"seat advantages break inside a number: {wrapped}"


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
