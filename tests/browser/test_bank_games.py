"""The bank games of part 3 in the browser with real dice, played to the end from a scorekeeper table (the
every-game real-dice test only taps a few entries, too few for a game whose punters stake before each throw)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.conftest import Server
from tests.browser.helpers import msg
from tests.browser.test_real_dice import check_end, kinds, open_real_table, phone, play

__all__ = ["phone"]


def test_zehnerspiel_with_real_dice(server: Server, phone: Page) -> None:
    open_real_table(phone, server.url, "zehnerspiel", 2, options={"bank_throws": 1, "bank_rounds": 1})
    staked: list[int] = []

    def choose(m: dict[str, Any]) -> dict[str, Any]:
        k = kinds(m)
        if "stake" in k and not staked:  # one chip on "unter 10" once, then no more stakes
            staked.append(m["seq"])
            return next(e["action"] for e in m["legal"] if e["action"]["kind"] == "stake")
        return k["done"]

    done = play(phone, lambda n, m: [3, 3, 3][:n], choose)
    assert done["faces"] == 2 and staked
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
