"""Flows the browser tests share: log in as a guest, create a table from the lobby, play through the page."""

from __future__ import annotations

import json
import time
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect


def guest(page: Page, base: str, name: str, path: str = "/") -> None:
    """Open ``path``; if the page asks for a name (lobby panel or login page), play as a guest called ``name``."""
    page.goto(base + path)
    field = page.locator("#guest-name")
    if field.count():
        field.fill(name)
        page.locator("#guest-name").press("Enter")
        page.wait_for_load_state("load")


def create_table(
    page: Page,
    base: str,
    game: str,
    seats: int = 2,
    bots: dict[int, str] | None = None,
    options: dict[str, Any] | None = None,
    scorekeeper: bool = False,
    preset: str | None = None,
    spectator_chat: bool = False,
    hints: bool = True,
    clock: str | None = None,
    on_expiry: str | None = None,
    rated: bool = False,
) -> str:
    """Create a table through the lobby form (rules editor included); returns the table's URL. ``clock`` is the
    time control's option ("live:30", "corr:1"), ``on_expiry`` "bot" or "forfeit"; ``rated`` checks "Gewertet"
    (which switches the hints off)."""
    page.goto(base + "/")
    page.locator(f".game-card[data-game='{game}']").click()
    if preset:
        page.locator("#preset").select_option(preset)
        page.wait_for_function("() => document.body.dataset.rules === 'ok'")
    page.locator("#seats").select_option(str(seats))
    for seat, bot in (bots or {}).items():
        page.locator(f"#seat-config select[data-seat='{seat}']").select_option(bot)
    if options:
        page.locator("#rules-editor summary").click()
        for key, value in options.items():
            inp = page.locator(f"#opts [name='{key}']")
            if isinstance(value, bool):
                inp.set_checked(value)
            elif inp.evaluate("e => e.tagName") == "SELECT":
                inp.select_option(value=json.dumps(value))  # choices show words; their values are the JSON
            else:
                inp.fill(str(value))
                inp.dispatch_event("change")
    page.wait_for_function("() => document.body.dataset.rules === 'ok'")
    if scorekeeper:
        page.locator("#scorekeeper").check()
    if spectator_chat:
        page.locator("#spectator-chat").check()
    page.locator("#hints").set_checked(hints)
    if rated:
        page.locator("#rated").check()
    if clock:
        page.locator("#clock").select_option(clock)
    if on_expiry:
        page.locator("#on-expiry").select_option(on_expiry)
    expect(page.locator("#create-btn")).to_be_enabled()
    page.locator("#create-btn").click()
    page.wait_for_url("**/table/**")
    return page.url


def join(page: Page, base: str, name: str, url: str) -> None:
    """``name`` follows the link to the table at ``url`` as a guest and takes its first empty seat."""
    guest(page, base, name, "/table/" + url.split("/table/")[1])
    page.wait_for_url("**/table/**")
    page.locator("#seat-list .seat.empty .sit").first.click()


def start_game(host: Page, *others: Page) -> None:
    """The host starts the game as soon as the page lets him; every page is then connected to the running table."""
    expect(host.locator("#start-btn")).to_be_enabled(timeout=15_000)
    host.locator("#start-btn").click()
    for page in (host, *others):
        wait_connected(page)


def seq(page: Page) -> int:
    v = page.evaluate("() => document.body.dataset.seq")
    return int(v) if v is not None else -1


def msg(page: Page) -> dict[str, Any]:
    return page.evaluate("() => window.wuerfelTable.msg")  # type: ignore[no-any-return]


def wait_connected(page: Page) -> None:
    page.wait_for_function("() => document.body.dataset.conn === 'up' && window.wuerfelTable.msg !== null")


def pig_policy(m: dict[str, Any]) -> dict[str, Any]:
    """Hold as soon as the turn is worth 2 (games end quickly); else roll."""
    kinds = {e["action"]["kind"]: e["action"] for e in m["legal"]}
    if "hold" in kinds and m["view"].get("turn", 0) >= 2:
        return kinds["hold"]
    return kinds.get("roll") or m["legal"][0]["action"]


def click_action(page: Page, action: dict[str, Any], timeout: float = 30) -> None:
    """Click the element that carries this action (every action the UI offers has a data-action attribute).

    The table redraws whenever a message arrives, also one that leaves this seat's moves as they were (a bot's
    sealed stake in a bank game, someone connecting): an element found just before may be replaced by its redrawn
    twin before the click lands. Then the click did not happen, and the same action is looked up again (until the
    deadline); an action the page no longer offers is an error as before."""
    deadline = time.monotonic() + timeout
    while True:
        handle = page.evaluate_handle(
            "a => [...document.querySelectorAll('[data-action]')].find(e => e.dataset.action === JSON.stringify(a) "
            "&& !e.disabled) || null",
            action,
        )
        el = handle.as_element()
        if el is None:
            offered = page.eval_on_selector_all("[data-action]", "es => es.map(e => e.dataset.action)")
            raise AssertionError(f"no element for action {action}; the page offers {offered}")
        try:
            el.click(timeout=max(1.0, deadline - time.monotonic()) * 1000)
            return
        except PlaywrightError as exc:
            if "not attached" not in str(exc) or time.monotonic() >= deadline:
                raise


def my_turn(page: Page) -> bool:
    return bool(
        page.evaluate(
            "() => !!(window.wuerfelTable.msg && window.wuerfelTable.msg.legal.length && !window.wuerfelTable.pending)"
        )
    )


def my_throw(page: Page) -> bool:
    """Is this page's seat the one whose throw the table waits for ("Würfeln")?"""
    return bool(
        page.evaluate(
            "() => { const S = window.wuerfelTable, m = S.msg; return !!(m && m.throw && "
            "!m.throw.bot && (m.my_seats || []).includes(m.throw.seat) && !S.pending); }"
        )
    )


READY = (
    "() => { const S = window.wuerfelTable, m = S.msg; if (!m || S.pending) return false; "
    "return m.legal.length > 0 || !!(m.throw && !m.throw.bot && (m.my_seats || []).includes(m.throw.seat)); }"
)


def my_decision(page: Page, timeout: float = 30_000) -> None:
    """Wait until this page's seat may decide, tapping "Würfeln" whenever its throw is due on the way (a turn starts
    with the player's own throw)."""
    while True:
        page.wait_for_function(READY, timeout=timeout)
        if not my_throw(page):
            return
        before = seq(page)
        page.locator("#throw-btn").click()
        page.wait_for_function(f"() => +document.body.dataset.seq > {before}", timeout=timeout)


def play_until(pages: list[Page], policy: Any, done: Any, timeout: float = 60.0) -> None:
    """Let every page whose turn it is click its policy's move (or "Würfeln" when its throw is due) until
    ``done()``; each click waits for a new seq."""
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, "game did not progress"
        moved = False
        for page in pages:
            if my_throw(page) or my_turn(page):
                before = seq(page)
                if my_throw(page):
                    page.locator("#throw-btn").click()
                else:
                    click_action(page, policy(msg(page)))
                page.wait_for_function(
                    f"() => +document.body.dataset.seq > {before} || document.body.dataset.lastError"
                )
                moved = True
                break
        if not moved:
            time.sleep(0.05)


def finished(page: Page) -> bool:
    return bool(page.evaluate("() => document.body.dataset.status === 'finished'"))


def zehntausend_policy(m: dict[str, Any]) -> dict[str, Any]:
    """Set aside the most valuable selection, write down whenever allowed, decline takeovers, else throw again."""
    legal = [e["action"] for e in m["legal"]]
    kinds = {a["kind"]: a for a in legal}
    view = m["view"]
    if view.get("node") == "select":
        sels = [s for s in view.get("selections", []) if s["action"] in legal]
        if sels:
            return max(sels, key=lambda s: (s["points"], len(s["dice"])))["action"]
    for kind in ("bank", "decline", "roll", "rethrow"):
        if kind in kinds:
            return kinds[kind]
    return legal[0]
