"""The open poker games of part 3 (Würfelpoker 23, Al Capone 30) in the browser with real dice, played to the end
from a scorekeeper table: throws typed on the keypad, the raise protocol's buttons, the pot paid out (the generic
table only: no poker logic in JavaScript)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.conftest import Server
from tests.browser.test_real_dice import check_end, kinds, open_real_table, phone, play

__all__ = ["phone"]


def test_al_capone_with_real_dice_a_raise_called_and_the_pot_paid(server: Server, phone: Page) -> None:
    # Anna throws four aces and raises, Bert calls; the aces take the pot of 2 × 6 chips
    open_real_table(phone, server.url, "al-capone", 2, options={"rounds": 1})
    hands = [[6, 6, 6, 6, 1], [1, 2, 3, 5, 6]]
    thrown: list[int] = []
    moves: list[str] = []

    def faces(n: int, m: dict[str, Any]) -> list[int]:
        thrown.append(n)
        return hands[len(thrown) - 1]

    def raise_to_six(page: Page) -> None:  # the generic table's amount field and its button
        page.locator(".cmp-amount-input").fill("6")
        page.locator(".cmp-amount button").click()

    def choose(m: dict[str, Any]) -> Any:
        k = kinds(m)
        if "raise" in k:
            moves.append("raise")
            return raise_to_six
        moves.append("call")
        return k["call"]

    done = play(phone, faces, choose)
    assert done["faces"] == 2 and moves == ["raise", "call"]
    expect(phone.locator("#game")).to_contain_text("Vierling")
    check_end(phone, 2)


def test_wuerfelpoker_split_pot_with_real_dice(server: Server, phone: Page) -> None:
    # equal full houses split the pot of 2: one chip each, nothing left over
    open_real_table(phone, server.url, "wuerfelpoker", 2, options={"rounds": 1})
    done = play(phone, lambda n, m: [4, 4, 4, 2, 2], lambda m: kinds(m)["stop"])
    assert done["faces"] == 2
    check_end(phone, 2)
