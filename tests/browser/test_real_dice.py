"""Scorekeeper tables ("mit echten Würfeln") in the browser: one phone at a real table names the people, enters every
throw through the keypad — faces of any count, poker letters, the lot as a list of choices, a cup left covered, a
void throw — and plays every registered game from the lobby to the final standings.

Every throw is tapped in face by face and sent with the confirm button; every decision is clicked on the element
that carries its action. The dice entered are chosen so that the games end quickly."""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Server
from tests.browser.helpers import click_action, guest, msg, seq, wait_connected, zehntausend_policy
from wuerfel.engine.registry import all_games

NAMES = ["Anna", "Bert", "Carla", "Dora"]


def open_real_table(
    page: Page,
    base: str,
    game: str,
    seats: int,
    preset: str | None = None,
    options: dict[str, Any] | None = None,
    bots: dict[int, str] | None = None,
) -> None:
    """Lobby → "mit echten Würfeln", the people named seat by seat → the table → start."""
    page.goto(base + "/")
    page.locator(f".game-card[data-game='{game}']").click()
    if preset:
        page.locator("#preset").select_option(preset)
    page.locator("#seats").select_option(str(seats))
    # The game's explanation arrives with the check of its rules and pushes the form down: a click at the box's
    # place before then hit the page beside it (CI, under load: "Clicking the checkbox did not change its state").
    page.wait_for_function("() => document.body.dataset.rules === 'ok'")
    page.locator("#scorekeeper").check()
    for seat in range(seats):
        if bots and seat in bots:
            page.locator(f"#seat-config select[data-seat='{seat}']").select_option(bots[seat])
        else:
            page.locator(f"#seat-config input.sk-name[data-seat='{seat}']").fill(NAMES[seat])
    if options:
        page.locator("#rules-editor summary").click()
        for key, value in options.items():
            inp = page.locator(f"#opts [name='{key}']")
            inp.fill(str(value))
            inp.dispatch_event("change")
    page.wait_for_function("() => document.body.dataset.rules === 'ok'")
    page.locator("#create-btn").click()
    page.wait_for_url("**/table/**")
    expect(page.locator("#start-btn")).to_be_enabled()
    page.locator("#start-btn").click()
    wait_connected(page)


def enter_throw(page: Page, faces: list[int]) -> None:
    """Tap the faces; nothing is sent until the confirm button, which names the whole hand."""
    before = seq(page)
    for f in faces:
        page.locator(f"#manual .face-btn[data-face='{f}']").click()
    expect(page.locator("#manual .face-btn").first).to_be_disabled()
    assert seq(page) == before
    page.locator("#manual .sk-confirm").click()
    page.wait_for_function(f"() => +document.body.dataset.seq > {before}")


def tap_outcome(page: Page, selector: str) -> None:
    before = seq(page)
    page.locator(selector).click()
    page.wait_for_function(f"() => +document.body.dataset.seq > {before}")


def settled(page: Page) -> dict[str, Any]:
    """Wait until the page shows a keypad to use, a move to make or the end, and return the message."""
    page.wait_for_function(
        "() => { const m = window.wuerfelTable.msg; return m && !window.wuerfelTable.pending && "
        "(m.finished || m.manual || m.legal.length > 0); }"
    )
    return msg(page)


def play(page: Page, faces: Any, choose: Any, timeout: float = 240.0, special: Any = None) -> dict[str, int]:
    """Play to the end: at a chance node enter ``faces(n, manual)`` (or the choice / special outcome the callbacks
    name), else click ``choose(message)``. Returns how many of each kind of entry were made."""
    done = {"faces": 0, "choices": 0, "special": 0, "moves": 0}
    deadline = time.monotonic() + timeout
    while True:
        assert time.monotonic() < deadline, "the game did not end"
        m = settled(page)
        if m["finished"]:
            return done
        man = m["manual"]
        if man:
            sp = special(m) if special else None
            if sp is not None:
                tap_outcome(page, f"#manual .special >> nth={sp}")
                done["special"] += 1
            elif man["dice"] > 0:
                # the keypad names the thrower and shows the dice that stand
                who = NAMES[man["thrower"]] if man["thrower"] is not None else None
                if who:
                    expect(page.locator("#sk-prompt")).to_contain_text(who)
                    expect(page.locator("#status")).to_contain_text(who)
                if man["kept"]:
                    expect(page.locator("#sk-kept .die")).to_have_count(len(man["kept"]))
                enter_throw(page, faces(man["dice"], m))
                done["faces"] += 1
            else:
                expect(page.locator("#manual .choice")).to_have_count(len(man["choices"]))
                tap_outcome(page, "#manual .choice >> nth=0")
                done["choices"] += 1
        else:
            # the phone is not the player: the status names the person whose decision it is
            expect(page.locator("#status")).to_contain_text(NAMES[m["legal"][0]["seat"]])
            expect(page.locator("#status")).not_to_contain_text("Du bist")
            before = seq(page)
            move = choose(m)
            if callable(move):
                move(page)  # a move made by tapping the game's own table (dice to keep, then the button)
            else:
                click_action(page, move)
            page.wait_for_function(f"() => +document.body.dataset.seq > {before} || document.body.dataset.lastError")
            assert not page.evaluate("() => document.body.dataset.lastError"), page.locator("#notice").inner_text()
            done["moves"] += 1


def kinds(m: dict[str, Any]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for e in m["legal"]:
        out.setdefault(e["action"]["kind"], e["action"])
    return out


def check_end(page: Page, seats: int) -> None:
    """Final standings; every person named once on the score panel, none by the phone owner's name."""
    expect(page.locator("#final")).to_be_visible()
    cells = page.locator("#scores tr td:first-child").all_inner_texts()
    assert cells == NAMES[:seats]
    log = " ".join(page.locator("#log li").all_inner_texts())
    assert "Tisch" not in log and "Tisch" not in " ".join(cells)


def _has(game: str) -> bool:
    return game in {g.id for g in all_games()}


@pytest.fixture
def phone(new_page: Any, server: Server) -> Page:
    page = new_page(width=390)
    guest(page, server.url, "Tisch")  # the phone's owner is not one of the people at the table
    return page


def test_zehntausend_with_real_dice(server: Server, phone: Page) -> None:
    open_real_table(phone, server.url, "zehntausend", 2, options={"game.target": 1000})
    done = play(phone, lambda n, m: [1, 1, 1, 2, 3, 4][:n], zehntausend_policy)
    assert done["faces"] >= 2
    check_end(phone, 2)


def test_wuerfelspiel_with_real_dice_keeps_and_shows_the_kept_dice(server: Server, phone: Page) -> None:
    open_real_table(phone, server.url, "wuerfelspiel", 2, preset="kniffel")
    kept_seen = []

    def choose(m: dict[str, Any]) -> dict[str, Any]:
        k = kinds(m)
        # once per turn keep the sixes and throw the rest again, so the keypad shows dice that stand
        sixes = [d for d in m["view"]["dice"] if d == 6]
        if m["view"]["throws"] == 1 and 0 < len(sixes) < 5 and "keep" in k:
            kept_seen.append(sixes)

            def keep(page: Page) -> None:
                for i in range(len(sixes)):
                    page.locator("#tray button.die[data-face='6']").nth(i).click()
                assert page.locator("#roll-again").get_attribute("data-action") == '{"kind":"keep","dice":[6,6]}'
                page.locator("#roll-again").click()

            return keep
        return k["score"]

    play(phone, lambda n, m: [6, 6, 3, 2, 1][:n] if n == 5 else [6] * n, choose)
    assert kept_seen
    check_end(phone, 2)


@pytest.mark.skipif(not _has("escalero"), reason="Escalero is not registered in this branch")
def test_escalero_with_real_dice_begins_with_the_lot(server: Server, phone: Page) -> None:
    open_real_table(phone, server.url, "escalero", 2)
    # the lot: no dice to tap, the people to choose from
    phone.wait_for_function("() => window.wuerfelTable.msg.manual")
    expect(phone.locator("#manual .choice")).to_have_text([f"{n} beginnt" for n in NAMES[:2]])
    expect(phone.locator("#manual .face-btn")).to_have_count(0)
    voids = []

    def special(m: dict[str, Any]) -> int | None:
        # one void throw ("es brennt"): recorded, and the same dice are thrown again
        if not voids and m["manual"]["dice"] == 5 and m["manual"]["special"]:
            voids.append(m["seq"])
            return 0
        return None

    def choose(m: dict[str, Any]) -> dict[str, Any]:
        k = kinds(m)
        return k.get("enter") or k.get("strike") or k["keep"]

    done = play(phone, lambda n, m: [6, 6, 6, 5, 5][:n], choose, special=special)
    assert done["choices"] == 1 and done["special"] == 1
    check_end(phone, 2)


@pytest.mark.skipif(not _has("lustige-sieben"), reason="Lustige Sieben is not registered in this branch")
def test_lustige_sieben_with_real_dice(server: Server, phone: Page) -> None:
    open_real_table(phone, server.url, "lustige-sieben", 2, options={"bank_throws": 1, "bank_rounds": 1})

    def choose(m: dict[str, Any]) -> dict[str, Any]:
        return kinds(m)["done"]

    done = play(phone, lambda n, m: [3, 4][:n], choose)
    assert done["faces"] == 2
    check_end(phone, 2)


@pytest.mark.skipif(not _has("verdecktes-wuerfelpoker"), reason="Verdecktes Würfelpoker is not registered")
def test_verdecktes_wuerfelpoker_with_real_dice_and_a_covered_cup(server: Server, phone: Page) -> None:
    open_real_table(phone, server.url, "verdecktes-wuerfelpoker", 2, options={"rounds": 1})

    def special(m: dict[str, Any]) -> int | None:
        # the cup stays covered (nobody types the dice in) unless it must be lifted (a reveal has no specials)
        sp = [s["outcome"]["kind"] for s in m["manual"]["special"]]
        return sp.index("concealed") if "concealed" in sp else None

    calls: list[int] = []

    def announce(page: Page, highest: bool) -> None:
        """Through the picker: the lowest (or highest) hand class, its first rank and kickers, then the button."""
        classes = page.locator("#vp-classes button")
        (classes.last if highest else classes.first).click()
        for row in ("#vp-ranks", "#vp-kickers"):
            if page.locator(f"{row} button").count() and page.locator("#vp-announce").is_disabled():
                page.locator(f"{row} button").first.click()
        page.locator("#vp-announce").click()

    def choose(m: dict[str, Any]) -> Any:
        k = kinds(m)
        if "challenge" in k and not calls:  # one "Schwindel!": the covered cup is lifted and its dice entered
            calls.append(m["seq"])
            return k["challenge"]
        if "announce" in k:  # different claims, so the round has a winner and no throw-off
            return lambda page: announce(page, highest=m["legal"][0]["seat"] == 1)
        return k["pass"]

    done = play(phone, lambda n, m: [6, 6, 6, 1, 2][:n], choose, special=special)
    assert done["choices"] == 1 and done["special"] >= 2
    assert calls and done["faces"] == 1  # the "Schwindel!" lifted a covered cup: its dice were entered
    check_end(phone, 2)


def test_pig_with_real_dice(server: Server, phone: Page) -> None:
    open_real_table(phone, server.url, "pig", 2)

    def choose(m: dict[str, Any]) -> dict[str, Any]:
        k = kinds(m)
        return k["hold"] if m["view"]["turn"] >= 12 else k["roll"]

    play(phone, lambda n, m: [6] * n, choose)
    check_end(phone, 2)


def test_the_fifth_tap_sends_nothing_until_confirmed_and_can_be_undone(server: Server, phone: Page) -> None:
    open_real_table(phone, server.url, "wuerfelspiel", 2, preset="kniffel")
    phone.wait_for_function("() => window.wuerfelTable.msg.manual")
    before = seq(phone)
    for f in [2, 2, 3, 4, 5]:
        phone.locator(f"#manual .face-btn[data-face='{f}']").click()
    confirm = phone.locator("#manual .sk-confirm")
    expect(confirm).to_be_enabled()
    expect(confirm).to_contain_text("2 2 3 4 5")
    expect(phone.locator("#manual .face-btn").first).to_be_disabled()
    assert seq(phone) == before  # nothing left the phone
    phone.locator("#manual .undo-face").click()  # the last die was a 6, not a 5
    expect(confirm).to_be_disabled()
    phone.locator("#manual .face-btn[data-face='6']").click()
    expect(confirm).to_contain_text("2 2 3 4 6")
    confirm.click()
    phone.wait_for_function(f"() => +document.body.dataset.seq === {before + 1}")
    assert msg(phone)["view"]["dice"] == [2, 2, 3, 4, 6]
    expect(phone.locator("#log li").last).to_contain_text("2 2 3 4 6")


def wait_in_view(page: Page, selector: str) -> None:
    """Wait until the element lies fully between the sticky top bar and the bottom of the screen (vertically: the
    width of a 4-player sheet is another matter)."""
    page.wait_for_function(
        """sel => { const e = document.querySelector(sel); if (!e) return false;
        const r = e.getBoundingClientRect(), bar = document.querySelector('.topbar');
        const top = bar ? bar.getBoundingClientRect().bottom : 0;
        return r.height > 0 && r.top >= top - 1 && r.bottom <= window.innerHeight + 1; }""",
        arg=selector,
    )


def test_on_a_phone_the_keypad_is_on_the_first_screen_and_comes_back_after_the_sheet(
    server: Server, phone: Page
) -> None:
    """A 4-player Würfelspiel: a 17-row sheet; the keypad is in view at every throw, also after a box at its foot."""
    open_real_table(phone, server.url, "wuerfelspiel", 4)
    phone.wait_for_function("() => window.wuerfelTable.msg.manual")
    assert phone.evaluate("() => window.scrollY") == 0
    for sel in ("#sk-prompt", "#manual .face-btn[data-face='6']", "#manual .sk-confirm"):
        wait_in_view(phone, sel)
    enter_throw(phone, [1, 2, 3, 4, 6])
    settled(phone)
    chance = next(e["action"] for e in msg(phone)["legal"] if e["action"].get("box") == "chance")
    before = seq(phone)
    click_action(phone, chance)  # the last row of the sheet: the page scrolls down to it
    phone.wait_for_function(f"() => +document.body.dataset.seq > {before} && window.wuerfelTable.msg.manual")
    expect(phone.locator("#sk-prompt")).to_contain_text("Bert")
    for sel in ("#sk-prompt", "#manual .face-btn[data-face='1']", "#manual .sk-confirm"):
        wait_in_view(phone, sel)


def test_the_real_dice_link_asks_for_the_names_of_the_people(server: Server, phone: Page) -> None:
    phone.goto(server.url + "/")
    phone.locator(".game-card[data-game='pig']").click()
    phone.locator("#seats").select_option("3")
    expect(phone.locator("#seat-config input.sk-name")).to_have_count(0)
    phone.evaluate("() => { location.hash = '#score'; }")  # the "Echte Würfel" link while on the lobby
    expect(phone.locator("#scorekeeper")).to_be_checked()
    expect(phone.locator("#seat-config input.sk-name")).to_have_count(3)
    expect(phone.locator("#seat-config input.sk-name").first).to_have_value("Tisch")
    phone.locator("#scorekeeper").uncheck()  # a table with server dice has no names to give
    expect(phone.locator("#seat-config input.sk-name")).to_have_count(0)
