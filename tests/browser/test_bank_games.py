"""The bank games of part 3 in the browser with real dice, played to the end from a scorekeeper table (the
every-game real-dice test only taps a few entries, too few for a game whose punters stake before each throw)."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.conftest import Server
from tests.browser.helpers import msg
from tests.browser.test_real_dice import check_end, kinds, open_real_table, phone, play

__all__ = ["phone"]


def test_zehnerspiel_with_real_dice(server: Server, phone: Page) -> None:
    open_real_table(phone, server.url, "zehnerspiel", 2, options={"bank_throws": 1, "bank_rounds": 1})
    staked: list[int] = []

    def three_on_the_field(page: Page) -> None:
        # The stake is a tap on the board's field with the chips chosen once, as in Lustige Sieben: one chip
        # choice on the felt, no "amount + button" row (issue 24, U3).
        expect(page.locator("#game .cmp-amount")).to_have_count(1)
        expect(page.locator("#game input[type='number']")).to_have_count(1)
        page.locator("#game .cmp-stake-amounts button[data-amount='3']").click()
        page.locator("#game button.cmp-field[data-number='1']").click()

    def choose(m: dict[str, Any]) -> Any:
        k = kinds(m)
        if "stake" in k and not staked:  # three chips on "unter 10" once, then no more stakes
            staked.append(m["seq"])
            return three_on_the_field
        return k["done"]

    done = play(phone, lambda n, m: [3, 3, 3][:n], choose)
    assert done["faces"] == 2 and staked
    sent = phone.evaluate(
        "() => window.wuerfelTable.log.filter(e => e.type === 'action' && e.data "
        "&& e.data.kind === 'stake').map(e => [e.data.number, e.data.amount])"
    )
    assert sent == [[1, 3]]
    check_end(phone, 2)


def test_va_banque_the_books_example_with_real_dice(server: Server, phone: Page) -> None:
    # every opponent throws the book's 6, 2, 6, 1, 4 and chooses +, ×, ÷: each ends at 44, every pot is shared
    open_real_table(phone, server.url, "va-banque", 3)
    dice = [6, 2, 6, 1, 4]
    ops = ["+", "*", "/"]
    thrown: list[int] = []
    chosen: list[str] = []

    def faces(n: int, m: dict[str, Any]) -> list[int]:
        face = dice[len(thrown) % 5]
        thrown.append(face)
        return [face]

    def choose(m: dict[str, Any]) -> dict[str, Any]:
        op = ops[len(chosen) % 3]
        chosen.append(op)
        if op == "/":  # the calculation on the table, as the book writes it
            expect(phone.locator("#game")).to_contain_text("6 + 2 = 8 × 6 = 48 ? 1")
        return next(e["action"] for e in m["legal"] if e["action"]["op"] == op)

    done = play(phone, faces, choose)
    assert done["faces"] == 30 and done["moves"] == 18
    last = msg(phone)["view"]["last_round"]
    assert [r[1] for r in last["results"]] == [44, 44] and len(last["winners"]) == 2
    check_end(phone, 3)


def test_craps_with_real_dice_names_a_number_bids_and_wins_on_the_point(server: Server, phone: Page) -> None:
    # three people, shares bid in turn: every maker names 12 for 4 chips; the first bidder bids nothing, the last is
    # left the whole stake (made at once); the throws 8, 5, 8 make 8 the point and win on it
    open_real_table(phone, server.url, "craps", 3, preset="craps-bieten")
    sums = [(2, 6), (1, 4), (3, 5)]
    thrown: list[int] = []
    bids: list[int] = []

    def faces(n: int, m: dict[str, Any]) -> list[int]:
        if m["view"]["phase"] == "repeat":  # the table names the point and the number that loses
            expect(phone.locator("#game")).to_contain_text("Punkt 8")
        pair = sums[len(thrown) % 3]
        thrown.append(sum(pair))
        return list(pair)

    def choose(m: dict[str, Any]) -> Any:
        k = kinds(m)
        if "cover" in k:
            bids.append(k["cover"]["amount"]["min"])
            return k["cover"]  # the generic table sends the least share unless another is typed
        entry = next(e for e in m["legal"] if e["action"]["kind"] == "name" and e["action"]["number"] == 12)

        def name_twelve_for_four(page: Page) -> None:
            # one picker (issue 24, U3): the chips typed once, then the number tapped
            page.locator(".cmp-picker .cmp-amount-input").fill("4")
            page.locator(f"button[data-action='{json.dumps(entry['action'], separators=(',', ':'))}']").click()

        return name_twelve_for_four

    done = play(phone, faces, choose)
    assert done["faces"] == 9 and done["moves"] == 6 and bids == [0, 0, 0]
    view = msg(phone)["view"]
    assert view["scores"] == [20, 20, 20]  # each maker won 4 from the one who covered him
    assert view["last_game"]["won"] and view["last_game"]["point"] == 8 and view["last_game"]["stake"] == 4
    check_end(phone, 3)
