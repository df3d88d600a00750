"""Every registered game opens at a live table in the browser and plays: a smoke test a new game gets for free.

For each game (its default rules) a person creates a table through the lobby with the fewest players they take, the
other seats taken by the game's default bot, starts it and plays a few moves and throws as a person would — taps
"Würfeln" when his throw is due, else presses one of the moves the page offers. The table must draw (the generic
table every component the server sent, a game's own table something at all), with no script error and no text left
untranslated (no ``{placeholder}``, no i18n key). Every wait is a condition with a deadline.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.conftest import Server
from tests.browser.helpers import READY, click_action, create_table, guest, msg, my_throw, seq, wait_connected
from wuerfel.engine.errors import RuleError
from wuerfel.engine.registry import GameInfo, all_games

GAMES = all_games()
MOVES = 4
"""Moves and throws of the person per game: enough to see the table redraw after his own actions."""
WAIT_MS = 30_000
"""Deadline of one wait (a loaded 2-core CI machine runs the server, the bots and Chromium at once)."""
UNTRANSLATED = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}|\b[a-z]+(?:_[a-z0-9]+)+\b")
"""A ``{placeholder}`` left unfilled or an i18n key shown as it is (``waiting_for_players``): the page's ``t()``
shows the key where the catalogue lacks it."""


def _seats(info: GameInfo) -> int:
    """The fewest players the default rules accept (Zehntausend's are for two or more, the game for one)."""
    for n in range(info.min_players, info.max_players + 1):
        try:
            info.new_game(None, n)
        except RuleError:
            continue
        return n
    raise AssertionError(f"{info.id}'s default rules accept no player count")


def _bot(info: GameInfo) -> str:
    return info.default_bot if info.default_bot in info.bots else "random"


def _untranslated(page: Page, selector: str) -> list[str]:
    text = page.locator(selector).inner_text()
    return UNTRANSLATED.findall(text)


@pytest.mark.parametrize("info", GAMES, ids=[g.id for g in GAMES])
def test_every_game_opens_and_plays_at_a_live_table(server: Server, new_page, info: GameInfo) -> None:
    page = new_page()
    errors: list[str] = []
    # Only the table's own errors: the lobby, before the guest has a name, may be refused its table list.
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" and "/table/" in page.url else None)
    page.on(
        "response",
        lambda r: (
            errors.append(f"{r.status} {r.request.method} {r.url}")
            if r.status >= 400 and "/table/" in page.url
            else None
        ),
    )
    guest(page, server.url, "Anna")
    n = _seats(info)
    create_table(page, server.url, info.id, seats=n, bots={s: _bot(info) for s in range(1, n)})
    page.locator("#start-btn").click()
    wait_connected(page)
    own = page.locator("#game-renderer")
    generic = not own.count() or not own.get_attribute("data-module")
    rng = random.Random(info.id)
    for _ in range(MOVES):
        page.wait_for_function(f"() => ({READY})() || document.body.dataset.status === 'finished'", timeout=WAIT_MS)
        _check_drawn(page, generic)
        if page.evaluate("() => document.body.dataset.status === 'finished'"):
            break
        before = seq(page)
        if my_throw(page):
            page.locator("#throw-btn").click()
        else:
            _press(page, rng)
        page.wait_for_function(
            f"() => +document.body.dataset.seq > {before} || document.body.dataset.lastError", timeout=WAIT_MS
        )
        assert not page.evaluate("() => document.body.dataset.lastError"), "the server refused a move the page offered"
    _check_drawn(page, generic)
    assert not errors, f"errors on the table page: {errors}"


OFFERED = """() => {
  const legal = new Set(window.wuerfelTable.msg.legal.map(e => JSON.stringify(e.action)));
  return [...document.querySelectorAll('#felt [data-action]')]
    .filter(e => !e.disabled && e.offsetParent !== null && legal.has(e.dataset.action)).map(e => e.dataset.action);
}"""


def _press(page: Page, rng: random.Random) -> None:
    """Press one of the legal moves the page shows as a button (a random one). A game's own table may offer none
    that way (dice tapped into a keep, an announcement picked in steps): then the move goes out as its buttons
    would send it, through the page's own ``send``."""
    offered = page.evaluate(OFFERED)
    if offered:
        click_action(page, json.loads(rng.choice(offered)))
        return
    entry = rng.choice(msg(page)["legal"])
    page.evaluate("async (entry) => { const {send} = await import('/static/js/table.js'); send(entry); }", entry)


# The component kinds of the page's last message not drawn on the felt (["(none)"] when it carried none).
_MISSING_KINDS = """() => {
  const m = window.wuerfelTable.msg, game = document.getElementById("game");
  const kinds = [...new Set((m && m.components || []).map((c) => c.kind))];
  if (!kinds.length) return ["(none)"];
  return kinds.filter((k) => !game.querySelector(`:not(button)[data-kind='${k}']`));
}"""


def _check_drawn(page: Page, generic: bool) -> None:
    """The table shows something, the generic one every component kind the last message carried; nothing on the
    felt is left untranslated."""
    game = page.locator("#game")
    expect(game).to_be_visible(timeout=WAIT_MS)
    if generic:
        # The message and the felt are read in one evaluation: the page draws each message as it arrives, and the
        # bots' next move may replace both between two reads from here (a check against an older message's kinds
        # then waited for a component the newer one no longer has).
        try:
            page.wait_for_function(f"() => ({_MISSING_KINDS})().length === 0", timeout=WAIT_MS)
        except PlaywrightTimeout:
            pytest.fail(
                f"the message carried no components or kinds the table did not draw: {page.evaluate(_MISSING_KINDS)}"
            )
        expect(game.locator(":not(button)[data-kind]:visible").first).to_be_visible(timeout=WAIT_MS)
    else:
        expect(game).not_to_be_empty(timeout=WAIT_MS)
    assert not _untranslated(page, "#felt"), f"untranslated text on the table: {_untranslated(page, '#felt')}"
