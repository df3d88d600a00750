"""The generic table draws a game from its table components alone (the toy game Pig has no table of its own):
the die that fell, the turn's points, the seats with whose turn it is, the message line — and a move made from it
changes what it draws."""

from __future__ import annotations

import os
import re

from playwright.sync_api import expect

from tests.browser.conftest import Server
from tests.browser.helpers import click_action, create_table, guest, msg, my_decision, wait_connected


def _component(m: dict, kind: str) -> dict:
    return next(c for c in m["components"] if c["kind"] == kind)


def test_generic_table_draws_the_components_and_plays_a_move(server: Server, new_page) -> None:
    anna = new_page()
    guest(anna, server.url, "Anna")
    create_table(anna, server.url, "pig", seats=2, bots={1: "random"}, options={"target": 50})
    anna.locator("#start-btn").click()
    wait_connected(anna)
    # Anna's turn with a die on the table: her turn starts with her own throw, which waits for her tap ("Würfeln");
    # a 1 passes the turn to the bot, which plays until it is hers again and her throw is due once more.
    my_decision(anna)
    anna.wait_for_function(
        "() => { const m = window.wuerfelTable.msg; return m && m.legal.length > 0 "
        "&& !window.wuerfelTable.pending && m.components.some(c => c.kind === 'dice'); }"
    )
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
    anna.wait_for_function(
        "() => { const m = window.wuerfelTable.msg; const seats = m.components.find("
        "c => c.kind === 'seats').seats; return seats.every(s => document.querySelector("
        "`#game .cmp-seats li[data-seat='${s.seat}']`).classList.contains('active') === s.active)"
        " && seats.some(s => s.active) === (m.to_move.length > 0); }"
    )


def test_generic_table_draws_every_component_kind(server: Server, new_page) -> None:
    """Every kind the protocol lists, drawn by the page's own module from translated components (as the server sends
    them), and a move with an amount sent with the amount typed in."""
    from tests.engine.test_components import EVERY_KIND
    from wuerfel.engine.components import components_json

    page = new_page()
    guest(page, server.url, "Anna")
    comps = components_json(EVERY_KIND, "de", ["Anna", "Bert"])
    legal = [
        {
            "seat": 0,
            "action": {"kind": "stake", "number": 7, "amount": {"min": 1, "max": 5}},
            "label": "1 bis 5 Chips auf 7",
        }
    ]
    page.evaluate(
        """async ([components, legal]) => {
        const {render} = await import('/static/js/games/generic.js');
        const {t} = await import('/static/js/i18n.js');
        const root = document.createElement('div');
        root.id = 'probe';
        document.body.appendChild(root);
        window.sent = null;
        const ctx = {msg: {seq: 1, components}, view: {}, legal, names: ['Anna', 'Bert'], t,
          fmt: (x) => String(x), mySeats: [0], pending: false, send: (e) => { window.sent = e; },
          showNotice: (m) => { window.notice = m; }, thrown: null, lastRoll: null};
        render(root, ctx);
    }""",
        [comps, legal],
    )
    probe = page.locator("#probe")
    dice = probe.locator("[data-kind='dice']")
    expect(dice.locator(".die[data-face]")).to_have_count(3)
    expect(dice.locator(".die.kept")).to_have_count(2)
    expect(dice.locator(".die.cup")).to_have_count(2)
    expect(dice.locator(".die[data-face='6'] .f6 .flabel")).to_have_text(["A", "A"])  # poker faces
    expect(dice.locator(".cmp-label")).to_have_text("Bert · Würfel")
    sheet = probe.locator("[data-kind='sheet'] table")
    expect(sheet.locator("th")).to_have_text(["", "Anna", "Bert B"])
    expect(sheet.locator("tr.sum td")).to_have_text(["Gesamt", "3", "7"])
    expect(sheet.locator("td.cand")).to_have_text("7")  # a candidate of the empty box
    track = probe.locator("[data-kind='track'] .cmp-num")
    expect(track).to_have_count(3)
    expect(probe.locator("[data-kind='track'] .cmp-num.marked")).to_have_count(2)
    expect(probe.locator("[data-kind='track'] .cmp-num.next")).to_have_text("2")
    expect(probe.locator("[data-kind='counter'] .big")).to_have_text("3.5 / 21")
    expect(probe.locator("[data-kind='chips'] li.pot")).to_contain_text("3")
    rows = probe.locator("[data-kind='stakes'] .cmp-board-row")
    expect(rows).to_have_count(2)  # the layout: "top" above "left"
    expect(rows.nth(0).locator(".cmp-field.hit")).to_contain_text("7")
    expect(rows.nth(0).locator(".cmp-chip.sealed")).to_have_text("dein Einsatz 1")
    expect(rows.nth(1).locator(".cmp-field")).to_contain_text("Pott")
    seats = probe.locator("[data-kind='seats'] li")
    expect(seats.nth(0)).to_have_class("cmp-seat active me")
    expect(seats.nth(0)).to_contain_text("Bank")
    expect(seats.nth(1)).to_have_class("cmp-seat finished")
    expect(probe.locator("[data-kind='message']")).to_have_text("Bert hat die Bank")
    # At the end the seats say what the standings say: the winner is not dimmed (every seat has finished, and the
    # winner's "finished" dimmed him alone: issue 24, B4), the loser is.
    page.evaluate(
        """async (components) => {
        const {render} = await import('/static/js/games/generic.js');
        const {t} = await import('/static/js/i18n.js');
        const ctx = {msg: {seq: 2, components, finished: true, winners: [1], result: {winners: [1], losers: [0]}},
          view: {}, legal: [], names: ['Anna', 'Bert'], t, fmt: (x) => String(x), mySeats: [0], pending: false,
          send: () => {}, showNotice: () => {}, thrown: null, lastRoll: null};
        render(document.getElementById('probe'), ctx);
    }""",
        comps,
    )
    expect(seats.nth(1)).to_have_class("cmp-seat won")
    expect(seats.nth(0)).to_have_class(re.compile(r"\blost\b"))
    assert seats.nth(1).evaluate("e => getComputedStyle(e).opacity") == "1"
    page.evaluate(
        """async ([components, legal]) => {
        const {render} = await import('/static/js/games/generic.js');
        const {t} = await import('/static/js/i18n.js');
        const ctx = {msg: {seq: 1, components}, view: {}, legal, names: ['Anna', 'Bert'], t,
          fmt: (x) => String(x), mySeats: [0], pending: false, send: (e) => { window.sent = e; },
          showNotice: (m) => { window.notice = m; }, thrown: null, lastRoll: null};
        render(document.getElementById('probe'), ctx);
    }""",
        [comps, legal],
    )
    # A stake on a field of the board: the chips are chosen once (quick taps, or a short number field beside them:
    # the forms' input rule once stretched it over the whole felt), then a tap on the field sends the stake — no row
    # of "amount + button" per field (issue 24, U3).
    chips = probe.locator(".cmp-stake-amounts")
    expect(chips).to_have_count(1)
    expect(chips.locator("button[data-amount]")).to_have_text(["1", "2", "3", "4", "5"])
    field = probe.locator(".cmp-amount-input").bounding_box()
    quick = chips.locator("button[data-amount='5']").bounding_box()
    assert field is not None and quick is not None and field["width"] < 150, field
    assert abs(field["y"] + field["height"] / 2 - quick["y"] - quick["height"] / 2) < 10, (field, quick)
    probe.locator(".cmp-amount-input").fill("4")
    probe.locator(".cmp-amount-input").dispatch_event("change")
    expect(chips.locator("button[data-amount='4']")).to_have_attribute("aria-pressed", "true")
    tap = probe.locator("[data-kind='stakes'] button.cmp-field[data-number='7']")
    expect(tap).to_have_attribute("data-action", '{"kind":"stake","number":7,"amount":{"min":1,"max":5}}')
    tap.click()
    page.wait_for_function("() => window.sent !== null")
    assert page.evaluate("() => window.sent.action") == {"kind": "stake", "number": 7, "amount": 4}
    expect(probe.locator("[data-kind='stakes'] div.cmp-field")).not_to_have_count(0)  # the other fields: no taps


def test_a_fields_name_is_not_broken_inside_a_word(server: Server, new_page) -> None:
    """Zehnerspiel's one field read "unt / er / 10" on three lines once two bots' chips lay beside it: the felt lets
    long words break anywhere (names in the move list), and the field's name gave way to its chips. The name now
    keeps its width; the chips wrap."""
    from wuerfel.engine.components import StakeBoard, StakeField, components_json

    page = new_page()
    guest(page, server.url, "Anna")
    board = StakeBoard((StakeField("unter 10", (0, 1, 1), number=1),))
    comps = components_json((board,), "de", ["Anna (Gast)", "Computer 1 (Faustregel)", "Computer 2 (Faustregel)"])
    page.evaluate(
        """async (components) => {
        const {render} = await import('/static/js/games/generic.js');
        const {t} = await import('/static/js/i18n.js');
        const felt = document.createElement('div');
        felt.className = 'felt';
        felt.style.width = '300px';
        const root = document.createElement('div');
        root.id = 'probe';
        felt.appendChild(root);
        document.body.appendChild(felt);
        const ctx = {msg: {seq: 1, components}, view: {}, legal: [], t, fmt: (x) => String(x), mySeats: [0],
          names: ['Anna (Gast)', 'Computer 1 (Faustregel)', 'Computer 2 (Faustregel)'], pending: false,
          send: () => {}, showNotice: () => {}, thrown: null, lastRoll: null};
        render(root, ctx);
    }""",
        comps,
    )
    name = page.locator("#probe .cmp-field-num")
    expect(name).to_have_text("unter 10")
    expect(page.locator("#probe .cmp-chip")).to_have_count(2)
    lines = name.evaluate(
        "e => { const r = document.createRange(); r.selectNodeContents(e); "
        "return new Set([...r.getClientRects()].map(x => Math.round(x.top))).size; }"
    )
    assert lines == 1


def test_a_seats_number_never_breaks_on_a_phone(server: Server, new_page) -> None:
    """A seat's pill on a 360 px phone read "Computer 2 (Faustregel) setzt noch … 2 / 9": the felt lets long words
    break anywhere, and the chips gave way to the name and its note (issue 24, B3). A number keeps its line."""
    from wuerfel.engine.components import Counter, SeatLine, Seats, components_json

    page = new_page(width=360)
    guest(page, server.url, "Anna")
    names = ["Annegret-Marie (Gast)", "Computer 1 (Faustregel)", "Computer 2 (Faustregel)"]
    seats = Seats(tuple(SeatLine(s, score=29 + s, active=s == 2, note="setzt noch …" if s else None) for s in range(3)))
    comps = components_json((seats, Counter(12345, 67890, label="Pott")), "de", names)
    page.evaluate(
        """async ([components, names]) => {
        const {render} = await import('/static/js/games/generic.js');
        const {t} = await import('/static/js/i18n.js');
        const felt = document.createElement('div');
        felt.className = 'felt';
        felt.id = 'felt';
        felt.style.width = '300px';
        const root = document.createElement('div');
        root.id = 'probe';
        felt.appendChild(root);
        document.body.prepend(felt);
        const ctx = {msg: {seq: 1, components}, view: {}, legal: [], t, fmt: (x) => String(x), mySeats: [0],
          names, pending: false, send: () => {}, showNotice: () => {}, thrown: null, lastRoll: null};
        render(root, ctx);
    }""",
        [comps, names],
    )
    nums = page.locator("#probe :is(.num, .cmp-counter .big)")
    expect(nums).to_have_count(4)
    lines = nums.evaluate_all(
        "es => es.map(e => { const r = document.createRange(); r.selectNodeContents(e); "
        "return new Set([...r.getClientRects()].map(x => Math.round(x.top))).size; })"
    )
    assert lines == [1, 1, 1, 1], lines


def test_a_seats_role_badge_never_breaks_on_a_phone(server: Server, new_page) -> None:
    """Re-audit of issue 24 (B3, on a 360 px phone): Rock and Roll's seat "Computer 1 (rule of thumb)" beside its
    role read "Ban" over "k" — the badge gave way to the name as the chips once did. A badge keeps its word whole;
    the name wraps between its words instead."""
    from wuerfel.engine.components import SeatLine, Seats, components_json

    page = new_page(width=360, locale="en-US")
    guest(page, server.url, "Eve")
    names = ["Eve (guest)", "Computer 1 (rule of thumb)", "Computer 2 (rule of thumb)"]
    seats = Seats(
        (
            SeatLine(0, score=30, active=True, note="is staking …"),
            SeatLine(1, score=30, role="Bank"),
            SeatLine(2, score=30, note="no more stakes"),
        ),
        label="Chips",
    )
    comps = components_json((seats,), "en", names)
    page.evaluate(
        """async ([components, names]) => {
        const {render} = await import('/static/js/games/generic.js');
        const {t} = await import('/static/js/i18n.js');
        const felt = document.createElement('div');
        felt.className = 'felt';
        felt.style.width = '300px';
        const root = document.createElement('div');
        root.id = 'probe';
        felt.appendChild(root);
        document.body.prepend(felt);
        const ctx = {msg: {seq: 1, components}, view: {}, legal: [], t, fmt: (x) => String(x), mySeats: [0],
          names, pending: false, send: () => {}, showNotice: () => {}, thrown: null, lastRoll: null};
        render(root, ctx);
    }""",
        [comps, names],
    )
    badge = page.locator("#probe .cmp-seat .role")
    expect(badge).to_have_text("Bank")
    words = badge.evaluate(
        "e => { const r = document.createRange(); r.selectNodeContents(e); "
        "return new Set([...r.getClientRects()].map(x => Math.round(x.top))).size; }"
    )
    assert words == 1, "the badge broke inside its word"
    note = page.locator("#probe .cmp-seat .note").last
    assert note.evaluate("e => getComputedStyle(e).overflowWrap") == "normal"  # "no more / stakes", never "sta|kes"


def test_a_pot_alone_is_named_once(server: Server, new_page) -> None:
    """Re-audit of issue 24: Craps, Va banque and the poker games drew their pot as "POTT" over "Pott 0" — the word
    twice, as heading and as the row's name. Alone under its heading the pot is its number; beside seats' chips the
    row keeps its name."""
    from wuerfel.engine.components import Chips, Phrase, components_json

    page = new_page(width=360)
    guest(page, server.url, "Anna")
    comps = components_json((Chips((), 4, Phrase("Pot")), Chips((20, 18), 2)), "de", ["Anna", "Bert"])
    page.evaluate(
        """async ([components]) => {
        const {render} = await import('/static/js/games/generic.js');
        const {t} = await import('/static/js/i18n.js');
        const root = document.createElement('div');
        root.id = 'probe';
        document.body.appendChild(root);
        const ctx = {msg: {seq: 1, components}, view: {}, legal: [], names: ['Anna', 'Bert'], t,
          fmt: (x) => String(x), mySeats: [0], pending: false, send: () => {}, showNotice: () => {}, thrown: null,
          lastRoll: null};
        render(root, ctx);
    }""",
        [comps],
    )
    alone, beside = page.locator("#probe [data-kind='chips']").all()
    assert alone.inner_text().lower().count("pott") == 1, alone.inner_text()
    expect(alone.locator("li.pot")).to_have_text("4")
    expect(beside.locator("li.pot")).to_contain_text("Pott")


def test_a_number_named_with_a_stake_is_one_picker(server: Server, new_page) -> None:
    """Craps' maker named a number with a stake in eleven rows "[1] nennt die N (Einsatz 1 bis 19 Chips)" (issue 24,
    U3): without a board whose fields are the targets, the targets are one row of buttons under one chip choice."""
    page = new_page(width=360)
    guest(page, server.url, "Anna")
    legal = [
        {
            "seat": 0,
            "action": {"kind": "name", "number": n, "stake": {"min": 1, "max": 19}},
            "label": f"die {n} nennen (Einsatz 1 bis 19 Chips)",
        }
        for n in range(2, 13)
    ]
    legal.append({"seat": 0, "action": {"kind": "pass"}, "label": "passen"})
    page.evaluate(
        """async (legal) => {
        const {render} = await import('/static/js/games/generic.js');
        const {t} = await import('/static/js/i18n.js');
        const felt = document.createElement('div');
        felt.className = 'felt';
        const root = document.createElement('div');
        root.id = 'probe';
        felt.appendChild(root);
        document.body.prepend(felt);
        window.sent = null;
        const ctx = {msg: {seq: 1, seat: 0, components: []}, view: {}, legal, names: ['Anna', 'Bert'], t,
          fmt: (x) => String(x), mySeats: [0], pending: false, send: (e) => { window.sent = e; },
          showNotice: (m) => { window.notice = m; }, thrown: null, lastRoll: null};
        render(root, ctx);
    }""",
        legal,
    )
    probe = page.locator("#probe")
    picker = probe.locator(".cmp-picker")
    expect(picker.locator(".cmp-targets button")).to_have_text([str(n) for n in range(2, 13)])
    expect(probe.locator(".cmp-amount")).to_have_count(1)  # one chip choice, not one per number
    expect(picker.locator("button[data-amount]")).to_have_text(["1", "2", "5", "10", "19"])
    picker.locator("button[data-amount='5']").click()
    picker.locator(".cmp-targets button", has_text="8").click()
    page.wait_for_function("() => window.sent !== null")
    assert page.evaluate("() => window.sent.action") == {"kind": "name", "number": 8, "stake": 5}
    expect(probe.locator("button[data-kind='pass']")).to_have_count(1)  # the other moves stay buttons
    assert page.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth")


def test_the_lot_is_not_labelled_as_a_throw(server: Server, new_page) -> None:
    """Web L1: the opening lot read "Würfel: Anna beginnt" / "Dice: Eve begins" in the move list, like a throw."""
    page = new_page()
    guest(page, server.url, "Anna")
    line = page.evaluate("""async () => {
        const {lineOf} = await import('/static/js/movelist.js');
        return lineOf({type: "chance", thrower: null, data: {kind: "lot", seat: 0}, label: "Anna beginnt"},
                      ["Anna", "Bert"], 0);
    }""")
    assert line == "Los: Anna beginnt"


def test_a_dice_pick_of_keeps_says_the_tapped_dice_stay(server: Server, new_page) -> None:
    """Re-audit of issue 24 (web U7): Offenes Würfelpoker asked "Tippe die Würfel an, die du wählst", which does not
    say whether the tapped dice stay or are thrown again; where every choice keeps dice, the button says so."""
    anna = new_page()
    guest(anna, server.url, "Anna")
    create_table(anna, server.url, "offenes-wuerfelpoker", seats=2, bots={1: "optimal"})
    anna.locator("#start-btn").click()
    wait_connected(anna)
    for _ in range(10):  # a bot that began may have raised first: Anna answers (blind) until her dice are up
        my_decision(anna, timeout=60_000)
        if anna.locator("#dice-move").count():
            break
        legal = [e["action"] for e in msg(anna)["legal"]]
        before = msg(anna)["seq"]
        click_action(anna, next((a for a in legal if a["kind"] == "call"), legal[0]))
        anna.wait_for_function(f"() => window.wuerfelTable.msg.seq > {before}", timeout=60_000)
    expect(anna.locator("#dice-move")).to_have_text("Tippe die Würfel an, die du behalten willst.")


def test_generic_table_offers_a_menu_step_by_step(server: Server, new_page) -> None:
    """A menu (issue 26: the game names and groups the moves, the page knows no hand): the steps narrow the options,
    a step's preset is taken until another is picked, a shortcut chooses at once, and the button sends the move."""
    from wuerfel.engine.components import Menu, MenuOption, components_json

    hands = {
        (1, 6): ("Paar", "Paar Asse"),
        (1, 6, 5): ("Paar", "Paar Asse", "König"),
        (1, 5): ("Paar", "Paar Könige"),
        (3, 6): ("Drilling", "Drilling Asse"),
    }
    menu = Menu(
        tuple(
            MenuOption(
                {"kind": "announce", "hand": list(h)},
                path,
                preset=len(path) == 2,
                shortcut="Die Wahrheit: Drilling Asse" if h == (3, 6) else None,
            )
            for h, path in hands.items()
        ),
        seat=0,
        label="Was sagst du an?",
        none="keine",
        key="announce",
    )
    legal = [
        {"seat": 0, "action": {"kind": "announce", "hand": list(h)}, "label": " ".join(p[1:])} for h, p in hands.items()
    ]
    page = new_page()
    guest(page, server.url, "Anna")
    page.evaluate(
        """async ([components, legal]) => {
        const {render} = await import('/static/js/games/generic.js');
        const {t} = await import('/static/js/i18n.js');
        const root = document.createElement('div');
        root.id = 'probe';
        document.body.appendChild(root);
        window.sent = null;
        render(root, {msg: {seq: 1, components}, view: {}, legal, names: ['Anna'], t, fmt: (x) => String(x),
          mySeats: [0], pending: false, send: (e) => { window.sent = e; }, showNotice: () => {}, thrown: null,
          lastRoll: null});
    }""",
        [components_json([menu], "de"), legal],
    )
    box = page.locator("#probe [data-kind='menu']")
    send = box.locator(".actions button")
    expect(box.locator("p")).to_have_text("Was sagst du an?")
    expect(page.locator("#probe button[data-kind='announce']")).to_have_count(0)  # no button of its own per move
    expect(box.locator("button[data-step='0']")).to_have_text(["Paar", "Drilling"])
    expect(send).to_be_disabled()
    box.locator("button[data-step='0']", has_text="Paar").click()
    expect(box.locator("button[data-step='1']")).to_have_text(["Paar Asse", "Paar Könige"])
    box.locator("button[data-step='1']", has_text="Paar Asse").click()
    expect(box.locator("button.match[data-option]")).to_have_text("keine")  # the preset: no kicker
    expect(send).to_have_attribute("data-action", '{"kind":"announce","hand":[1,6]}')
    box.locator("button[data-step='2']", has_text="König").click()
    expect(send).to_have_attribute("data-action", '{"kind":"announce","hand":[1,6,5]}')
    box.locator("button[data-option]", has_text="Die Wahrheit").click()
    expect(send).to_have_attribute("data-action", '{"kind":"announce","hand":[3,6]}')
    send.click()
    assert page.evaluate("() => window.sent.action.hand") == [3, 6]
