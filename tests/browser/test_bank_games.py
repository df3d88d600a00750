"""The bank games of part 3 in the browser with real dice, played to the end from a scorekeeper table (the
every-game real-dice test only taps a few entries, too few for a game whose punters stake before each throw)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from tests.browser.conftest import Server
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
