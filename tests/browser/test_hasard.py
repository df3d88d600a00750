"""The three Hasard games in the browser, each against a bot: Lustige Sieben (board, sealed stakes by taps),
Verdecktes Würfelpoker (own dice under the cup, announcement picker, "Schwindel!") and Escalero (keep poker dice,
write into the sheet). The concealed dice of another player must never reach a page's DOM."""

from __future__ import annotations

import json
import os
import time
import urllib.request
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Server
from tests.browser.helpers import create_table, guest, msg, my_decision, my_throw, seq, wait_connected

SHOTS = os.environ.get("WUERFEL_SCREENSHOTS")  # a directory: save a screenshot of every game for a human to look at


def _registered() -> bool:
    from wuerfel.engine.registry import all_games

    return {"lustige-sieben", "verdecktes-wuerfelpoker", "escalero"} <= {g.id for g in all_games()}


pytestmark = pytest.mark.skipif(not _registered(), reason="the Hasard games are not registered in this branch yet")


def _shot(page: Page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, name + ".png"), full_page=True)


def _wait_my_turn(page: Page, timeout: float = 30_000) -> None:
    my_decision(page, timeout)  # her own throws (a turn's first, the bank's) she taps: "Würfeln"


def test_lustige_sieben_board_and_sealed_stakes(server: Server, new_page) -> None:
    anna = new_page()
    guest(anna, server.url, "Anna")
    # Seat 1 takes the first bank (the default draws it by lot; the test needs a known banker).
    create_table(
        anna,
        server.url,
        "lustige-sieben",
        seats=3,
        bots={1: "heuristic", 2: "heuristic"},
        options={"first_bank": "first_seat"},
    )
    anna.locator("#start-btn").click()
    wait_connected(anna)
    # Anna holds the bank first (five throws the bots stake against); then the bank passes to seat 1 and she stakes
    # against it, together with the bot in seat 2.
    _wait_my_turn(anna)
    view = msg(anna)["view"]
    assert view["banker"] == 1 and view["throws_done"] == 0
    # The goal line first on the felt (issue 24), with the bank's place in the game: the second bank of three.
    expect(anna.locator("#game > :first-child.cmp-goal")).to_contain_text("Gewinne Chips von der Bank")
    expect(anna.locator("#game .cmp-goal")).to_contain_text("Bank 2 von 3")
    board = anna.locator("#ls-board")
    expect(board.locator(".ls-field")).to_have_count(11)
    # As the rules lay it out (and the game's components say): the 7 on top, the left column 2, 4, 6, 9, 11, the
    # right column 3, 5, 8, 10, 12, each from top to bottom.
    boxes = {int(f.get_attribute("data-number") or 0): f.bounding_box() for f in board.locator(".ls-field").all()}
    left, right = (2, 4, 6, 9, 11), (3, 5, 8, 10, 12)
    assert all(boxes[7]["y"] + boxes[7]["height"] <= boxes[n]["y"] for n in left + right)
    assert all(boxes[a]["x"] + boxes[a]["width"] <= boxes[b]["x"] for a in left for b in right)
    assert [boxes[n]["y"] for n in left] == sorted(boxes[n]["y"] for n in left)
    assert [boxes[n]["y"] for n in right] == sorted(boxes[n]["y"] for n in right)
    expect(anna.locator("#ls-bank")).to_contain_text("Computer")  # the bot, named in words
    expect(anna.locator("#ls-last")).to_be_visible()  # the first bank's throws were paid
    # The other punter's stakes are sealed: once it is done, the page says only that it stakes no more (as the game's
    # seats component says, the terminal alike: not "has staked", which a punter who staked nothing has not).
    anna.wait_for_function("() => !window.wuerfelTable.msg.view.betting.deciding.includes(2)")
    expect(anna.locator("#ls-players tr[data-seat='2']")).to_contain_text("keine weiteren Einsätze")
    expect(anna.locator("#ls-players tr[data-seat='0']")).to_contain_text("setzt noch")
    expect(anna.locator("#ls-players tr[data-seat='1']")).to_contain_text("Bank")
    expect(anna.locator("#ls-players tr[data-role]")).to_have_count(1)
    expect(anna.locator("#ls-players tr[data-seat='1'][data-role]")).to_have_count(1)
    assert "committed" not in msg(anna)["view"]["betting"]
    sealed_before = {n: a for _p, n, a in msg(anna)["view"]["board"] if _p == 2}
    shown = anna.locator(".ls-chip[data-seat='2']").evaluate_all(
        "es => es.map(e => [+e.closest('.ls-field').dataset.number, e.textContent])"
    )
    assert {n for n, _ in shown} == set(sealed_before)  # only chips that already lay on the board before this throw
    _shot(anna, "lustige-sieben-start")
    # Two chips per tap onto the 8 and one onto the 7: the sealed stakes show as Anna's own.
    anna.locator("#ls-amounts button[data-amount='2']").click()
    before = seq(anna)
    anna.locator(".ls-field[data-number='8']").click()
    anna.wait_for_function(f"() => +document.body.dataset.seq > {before} && !window.wuerfelTable.pending")
    anna.locator("#ls-amounts button[data-amount='1']").click()
    before = seq(anna)
    anna.locator(".ls-field[data-number='7']").click()
    anna.wait_for_function(f"() => +document.body.dataset.seq > {before} && !window.wuerfelTable.pending")
    mine = msg(anna)["view"]["betting"]["mine"]
    assert sorted(map(tuple, mine)) == [(7, 1), (8, 2)]
    expect(anna.locator(".ls-field[data-number='8'] .ls-chip.sealed")).to_contain_text("2")
    expect(anna.locator(".ls-field[data-number='7'] .ls-chip.sealed")).to_contain_text("1")
    _shot(anna, "lustige-sieben-staking")
    chips_before = msg(anna)["view"]["scores"][0]
    before = seq(anna)
    anna.locator("#ls-done").click()
    # The throw settles the board: the last throw with its dice and everybody's change of chips.
    anna.wait_for_function(
        f"() => window.wuerfelTable.msg.view.throws_done !== {view['throws_done']} || "
        "window.wuerfelTable.msg.view.banks_done !== " + str(view["banks_done"])
    )
    after = msg(anna)["view"]
    # net counts only the stakes this throw settled: a 7-stake still standing on the board is not won or lost yet
    # (when the bank passes, standing stakes go back to their owners and so net is the plain change of chips).
    standing = sum(amount for seat, _number, amount in after["board"] if seat == 0)
    assert after["last"]["net"][0] == after["scores"][0] - chips_before + standing
    expect(anna.locator("#ls-last .die")).to_have_count(2)
    expect(anna.locator("#ls-last")).to_contain_text(str(after["last"]["sum"]))
    if after["board"]:  # a right number leaves the 7-stake lying: it is drawn on the 7 with Anna's name
        expect(anna.locator(".ls-field[data-number='7'] .ls-chip.me")).to_contain_text("Anna")
    # The move list (issue 24 §1): the bank's throw names its thrower and what it paid to whom is told under it; the
    # bot's stakes of this round, sealed while she staked, are listed under her "Fertig" that uncovered them.
    log = anna.locator("#log")
    bank = log.locator("li", has_text="Computer 1 (Faustregel) würfelt:").last  # seat 1's bank throws now
    expect(bank.locator(".announce").first).to_be_visible()
    done = anna.evaluate(
        "() => window.wuerfelTable.log.filter(e => e.data && e.data.kind === 'done' && e.player === 0).pop()"
    )
    for u in [u for u in done.get("uncovered", []) if u["player"] == 2]:
        expect(log.locator(".uncovered", has_text=u["label"]).first).to_be_visible()
    # while Anna held the bank the bots staked against it: each round's stakes were uncovered in her list (web B5)
    assert log.locator(".uncovered").count() > 0
    _shot(anna, "lustige-sieben-after-throw")


def _dom_dice(page: Page) -> dict[str, Any]:
    """Every die in the page with the turn it belongs to, plus the message the page holds."""
    return page.evaluate("""() => ({
        seq: +document.body.dataset.seq,
        dice: [...document.querySelectorAll('.die')].map(d => {
            const tray = d.closest('.vp-dice');
            return {face: d.dataset.face, seat: tray ? +tray.dataset.seat : null,
                    turn: tray ? +tray.dataset.turn : null};
        }),
        text: document.body.innerText,
        held: ((window.wuerfelTable && window.wuerfelTable.msg.view.turns) || [])
            .map(t => [t.player, t.revealed, 'dice' in t]),
    })""")


def test_verdecktes_wuerfelpoker_concealed_dice_never_reach_another_page(server: Server, new_page) -> None:
    anna = new_page()
    guest(anna, server.url, "Anna")
    url = create_table(anna, server.url, "verdecktes-wuerfelpoker", seats=2, bots={1: "heuristic"})
    table_id = url.rstrip("/").rsplit("/", 1)[1]
    anna.locator("#start-btn").click()
    wait_connected(anna)
    # The goal line first on the felt (issue 24): what wins and the round of the game.
    expect(anna.locator("#game > :first-child.cmp-goal")).to_contain_text("Die höchste geltende Meldung")
    expect(anna.locator("#game .cmp-goal")).to_contain_text("Runde 1 von 6")
    snapshots: list[dict[str, Any]] = []
    announced = called = 0
    deadline = time.monotonic() + 90
    while not anna.evaluate("() => document.body.dataset.status === 'finished'"):
        assert time.monotonic() < deadline, "game did not progress"
        snapshots.append(_dom_dice(anna))
        m = msg(anna)
        if my_throw(anna):  # her turn starts with her throw under the cup: she taps "Würfeln"
            before = m["seq"]
            anna.locator("#throw-btn").click()
            anna.wait_for_function(f"() => +document.body.dataset.seq > {before}", timeout=30_000)
            continue
        if not m["legal"] or anna.evaluate("() => window.wuerfelTable.pending"):
            time.sleep(0.05)
            continue
        kinds = {e["action"]["kind"] for e in m["legal"]}
        before = m["seq"]
        if "announce" in kinds:
            # Her own dice are shown to her (and said to be hers alone); she announces through the picker.
            mine = m["view"]["turns"][-1]
            assert mine["player"] == 0 and "dice" in mine
            tray = anna.locator(f".vp-dice[data-seat='0'][data-turn='{len(m['view']['turns']) - 1}'] .die")
            expect(tray).to_have_count(5)
            if announced == 0:
                _shot(anna, "verdecktes-own-cup")
                # The game's menu offers exactly the legal announcements (the page names and groups no hand).
                menus = [c for c in m["components"] if c["kind"] == "menu"]
                offered = sorted(json.dumps(o["action"], sort_keys=True) for o in menus[0]["options"])
                assert offered == sorted(
                    json.dumps(e["action"], sort_keys=True) for e in m["legal"] if e["action"]["kind"] == "announce"
                )
            from wuerfel.games.hasard.poker import describe_key, hand_key

            true_key = list(hand_key(tuple(sorted(mine["dice"]))))
            # Her hand as the game names it in its components (the page no longer evaluates hands itself).
            expect(anna.locator("#vp-own-hand")).to_have_text("du hast: " + describe_key(tuple(true_key)))
            assert mine["hand"] == true_key
            if announced % 2:
                # "Die Wahrheit" chooses the true hand in full.
                anna.locator("#vp-truth button").click()
                action = json.loads(anna.locator("#vp-announce").get_attribute("data-action") or "null")
                assert action == {"kind": "announce", "hand": true_key}
            else:
                anna.locator("#vp-classes button").first.click()
                if anna.locator("#vp-ranks button").count():
                    anna.locator("#vp-ranks button").first.click()
                if anna.locator("#vp-kickers button").count():
                    anna.locator("#vp-kickers button").first.click()
                action = json.loads(anna.locator("#vp-announce").get_attribute("data-action") or "null")
            assert action in [e["action"] for e in m["legal"]]
            if announced == 0:
                _shot(anna, "verdecktes-picker")
            anna.locator("#vp-announce").click()
            announced += 1
        elif "challenge" in kinds:
            # "Schwindel!" with the seconds left from the view's deadline; every second call she makes.
            expect(anna.locator("#vp-countdown")).to_contain_text("s")
            if called == 0:
                _shot(anna, "verdecktes-call")
            kind = "challenge" if called % 2 == 0 else "pass"
            anna.locator(f"#vp-call button[data-kind='{kind}']").click()
            called += 1
        else:
            raise AssertionError(f"unexpected moves {m['legal']}")
        anna.wait_for_function(f"() => +document.body.dataset.seq > {before} || document.body.dataset.lastError")
        assert not anna.evaluate("() => document.body.dataset.lastError")
    assert announced >= 3 and called >= 3
    snapshots.append(_dom_dice(anna))
    _shot(anna, "verdecktes-end")
    # The final standings: the engine's order and every seat's chips won or lost (a game played for chips).
    res = msg(anna)["result"]
    order = [seat for group in res["ranking"] for seat in group]
    shown = [t.replace("\u2212", "-") for t in anna.locator("#final li .payoff").all_inner_texts()]
    assert shown == [f"{'+' if res['payoffs'][p] > 0 else ''}{res['payoffs'][p]} Chips" for p in order]
    assert sum(res["payoffs"]) == 0
    # The whole game from the record: at every seq the page showed, which of the bot's throws were still covered.
    from wuerfel.engine.pokerdice import format_dice
    from wuerfel.engine.record import GameRecord

    with urllib.request.urlopen(f"{server.url}/api/tables/{table_id}/record") as r:
        record = GameRecord.from_json(json.load(r))
    states = list(record.states())
    covered_seen = 0
    for snap in snapshots:
        state = states[snap["seq"]]
        visible = {format_dice(t.dice) for t in state.turns if t.dice and (t.player == 0 or t.revealed)}
        for i, turn in enumerate(state.turns):
            if turn.player == 0 or not turn.dice:
                continue
            shown = [d for d in snap["dice"] if d["seat"] == 1 and d["turn"] == i]
            if turn.revealed:
                assert sorted(int(d["face"]) for d in shown) in ([], sorted(turn.dice))
            else:
                covered_seen += 1
                assert shown == [], f"the bot's covered dice are in the DOM at seq {snap['seq']}"
                assert snap["held"][i] == [1, False, False], "the page's message holds a covered cup"
                # Nor as text anywhere on the page (move list included), unless the same faces are shown anyway.
                label = format_dice(turn.dice)
                assert label in visible or label not in snap["text"], f"{label} in the page at seq {snap['seq']}"
        # No die outside a turn's tray (no "last throw" of the bot's cup sneaking in elsewhere).
        assert all(d["seat"] is not None for d in snap["dice"]), snap
    assert covered_seen > 0  # the check really met covered throws of the bot
    # The replay draws the same table from the spectator's views: lifted cups only.
    anna.goto(f"{server.url}/replay/{table_id}")
    anna.wait_for_selector("#vp-players")
    for _ in range(len(states) - 1):
        anna.keyboard.press("ArrowRight")
        step = int(anna.locator("#slider").input_value())
        for d in _dom_dice(anna)["dice"]:
            assert d["seat"] is not None and states[step].turns[d["turn"]].revealed


def test_escalero_keep_dice_and_write_into_the_sheet(server: Server, new_page) -> None:
    anna = new_page()
    guest(anna, server.url, "Anna")
    create_table(anna, server.url, "escalero", seats=2, bots={1: "random"})
    anna.locator("#start-btn").click()
    wait_connected(anna)
    for turn in range(3):
        _wait_my_turn(anna)
        v = msg(anna)["view"]
        if turn == 0:  # the goal line first on the felt (issue 24), with the turn of eleven
            expect(anna.locator("#game > :first-child.cmp-goal")).to_contain_text("Die meisten Punkte in elf Reihen")
            expect(anna.locator("#game .cmp-goal")).to_contain_text("von 11")
        expect(anna.locator("#es-sheet tbody tr")).to_have_count(12)  # eleven boxes and the total
        assert {e["action"]["kind"] for e in msg(anna)["legal"]} & {"keep"}, (v, msg(anna)["legal"][:3])
        expect(anna.locator("#tray button.die")).to_have_count(5)
        # Poker faces on the cubes: 9 10 B D K A.
        labels = anna.locator("#tray .die .face.f1 .flabel").all_inner_texts()
        assert labels and set(labels) == {"9"}
        if turn == 0:
            _shot(anna, "escalero-throw")
        anna.locator("#tray button.die").nth(0).click()
        anna.locator("#tray button.die").nth(4).click()
        kept = sorted([v["dice"][0], v["dice"][4]])
        action = json.loads(anna.locator("#es-rethrow").get_attribute("data-action") or "null")
        assert action == {"kind": "keep", "dice": kept}
        before = seq(anna)
        anna.locator("#es-rethrow").click()
        anna.wait_for_function(
            f"() => +document.body.dataset.seq >= {before + 2} && window.wuerfelTable.msg.legal.length > 0"
        )
        after = msg(anna)["view"]
        rest = list(after["dice"])
        for d in kept:
            rest.remove(d)
        assert after["throws"] == v["throws"] + 1
        # Write the throw into a free box: the sheet shows the engine's value there.
        cell = anna.locator("#es-sheet td.cand[data-seat='0']").first
        row = int(cell.get_attribute("data-row") or "-1")
        expected = after["options"][str(row)]
        cell.click()
        anna.wait_for_function(f"() => window.wuerfelTable.msg.view.sheets[0][{row}] !== -1")
        shown = anna.locator(f"#es-sheet td[data-seat='0'][data-row='{row}']")
        if expected:
            expect(shown).to_contain_text(str(expected))
        else:
            expect(shown).to_have_text("—")
    # The bot wrote as often as Anna: its column has three entries.
    anna.wait_for_function("() => window.wuerfelTable.msg.view.sheets[1].filter(x => x !== -1).length >= 3")
    # (The bot may have begun the game: then it has one entry more.) The page shows exactly the view's entries.
    shown, entries = anna.evaluate(
        "() => [document.querySelectorAll(\"#es-sheet td.filled[data-seat='1']\").length, "
        "window.wuerfelTable.msg.view.sheets[1].filter(x => x !== -1).length]"
    )
    assert shown == entries >= 3
    _shot(anna, "escalero-sheet")


@pytest.mark.parametrize(
    ("game", "bot", "marker"),
    [
        ("lustige-sieben", "heuristic", "#ls-board"),
        ("verdecktes-wuerfelpoker", "heuristic", "#vp-players"),
        ("escalero", "random", "#es-sheet"),
    ],
)
def test_replay_draws_every_step_with_the_games_own_table(
    server: Server, new_page, game: str, bot: str, marker: str
) -> None:
    """A bots-only game to the end, then the replay: every step is drawn by the game's renderer (no fallback)."""
    page = new_page(locale="en-US")
    guest(page, server.url, "Carla")
    csrf = page.locator('meta[name="csrf-token"]').get_attribute("content")  # bound to the session
    headers = {"X-CSRF-Token": csrf, "Content-Type": "application/json"}
    r = page.request.post(
        f"{server.url}/api/tables",
        headers=headers,
        data=json.dumps({"game": game, "seats": 2, "bots": {"0": bot, "1": bot}, "sit": False, "private": True}),
    )
    assert r.ok, r.text()
    table = r.json()
    r = page.request.post(f"{server.url}/api/tables/{table['id']}/start", headers=headers)
    assert r.ok, r.text()
    deadline = time.monotonic() + 60
    while page.request.get(f"{server.url}/api/tables/{table['id']}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    page.goto(f"{server.url}/replay/{table['id']}")
    page.wait_for_selector(marker)
    steps = int(page.locator("#slider").get_attribute("max") or "0")
    assert steps > 10
    page.evaluate(
        "() => { window.__errors = []; const e = console.error; "
        "console.error = (...a) => { window.__errors.push(String(a[0])); e(...a); }; }"
    )
    for i in range(0, steps + 1, max(1, steps // 40)):
        page.locator("#slider").fill(str(i))
        page.locator("#slider").dispatch_event("input")
        expect(page.locator(marker)).to_have_count(1)
    page.locator("#slider").fill(str(steps))
    page.locator("#slider").dispatch_event("input")
    expect(page.locator(marker)).to_have_count(1)
    # the replay's move list tells what the events brought about, as the live list does (issue 24 §1)
    expect(page.locator("#events .announce").first).to_be_attached()
    if game == "lustige-sieben":  # web B2: after the last bank nobody is marked as holding one
        expect(page.locator("#ls-players tr[data-role]")).to_have_count(0)
        expect(page.locator("#ls-bank")).to_contain_text("–")  # and the bank cell names no holder
    assert page.evaluate("() => window.__errors") == []
    _shot(page, f"replay-{game}")
