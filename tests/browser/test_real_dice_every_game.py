"""Every registered game that ``test_real_dice.py`` does not play to its end gets a scorekeeper table ("mit echten
Würfeln") from the lobby: the people named, a few throws tapped in on the keypad (a void throw by its key where the
keypad offers one, the lot by its choice), a decision where one is due. The table must advance with every entry,
name the thrower on the keypad and in the status line, and show no script error. Not played to the end (CI cost):
the games' ends with real dice are played in the terminal (``tests/cli/test_real_dice_every_game.py``).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Server
from tests.browser.helpers import guest, msg, seq
from tests.browser.test_every_game import _press, _seats
from tests.browser.test_real_dice import NAMES, enter_throw, open_real_table, settled, tap_outcome
from wuerfel.engine.registry import GameInfo, all_games

PLAYED_TO_THE_END = {
    "zehntausend",
    "wuerfelspiel",
    "escalero",
    "lustige-sieben",
    "verdecktes-wuerfelpoker",
    "zehnerspiel",
    "craps",
}
"""Games ``test_real_dice.py`` (and ``test_bank_games.py``) already play to the end with real dice."""
GAMES = [g for g in all_games() if g.id not in PLAYED_TO_THE_END]
CASES = [(g, None) for g in GAMES] + [
    (g, "eins-bis-sechzehn-selbst-abhaken") for g in GAMES if g.id == "eins-bis-sechzehn"
]
"""Default rules, and the one variant of these games with a decision: Eins bis sechzehn's thrower ticks off the
numbers he formed himself."""
DECIDING = {"eins-bis-sechzehn-selbst-abhaken": [1, 2, 3]}
"""Faces entered in a variant with a decision, so that the throw leaves one to make (1, 2 and 3 form 1 to 6)."""
ENTRIES = 7
"""Entries per game (throws, choices, decisions): enough for the first throws of both people — also where the first
person's turn ends with a decision and the second's first throw waits for him to take the dice (Chicago: the lot, a
void throw, a throw, "stop", the next thrower's tap, his throw)."""
WAIT_MS = 30_000
CLOSING = {"done", "go_on"}
"""Moves that close a sealed round of stakes (a punter's "no more stakes", Rock and Roll's banker going on): made
once something has been staked, so that the few entries reach the throw instead of staking on and on."""


@pytest.mark.parametrize(("info", "preset"), CASES, ids=[preset or g.id for g, preset in CASES])
def test_a_scorekeeper_table_of_every_game_takes_throws_from_the_keypad(
    server: Server, new_page: Any, info: GameInfo, preset: str | None
) -> None:
    page = new_page(width=390)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" and "/table/" in page.url else None)
    guest(page, server.url, "Tisch")  # the phone's owner is not one of the people at the table
    seats = max(2, _seats(info)) if info.max_players >= 2 else _seats(info)
    open_real_table(page, server.url, info.id, seats, preset=preset)
    rng = random.Random(info.id)
    done = {"faces": 0, "special": 0, "choices": 0, "moves": 0}
    for entry in range(3 * ENTRIES):  # at least ENTRIES, more until two throws were tapped in (stakes first)
        m = settled(page)
        if m["finished"] or (entry >= ENTRIES and done["faces"] >= 2):
            break
        before = seq(page)
        man = m["manual"]
        if man and man["special"] and not done["special"] and man["dice"] > 0:
            tap_outcome(page, "#manual .special >> nth=0")  # a void throw or the like, by its key
            done["special"] += 1
        elif man and man["dice"] > 0:
            who = man["thrower"]
            if who is not None:
                expect(page.locator("#sk-prompt")).to_contain_text(NAMES[who], timeout=WAIT_MS)
                expect(page.locator("#status")).to_contain_text(NAMES[who], timeout=WAIT_MS)
            faces = DECIDING.get(preset or "") or [rng.randint(1, 6) for _ in range(man["dice"])]
            enter_throw(page, faces)
            done["faces"] += 1
        elif man:
            expect(page.locator("#manual .choice")).to_have_count(len(man["choices"]), timeout=WAIT_MS)
            tap_outcome(page, "#manual .choice >> nth=0")
            done["choices"] += 1
        else:
            expect(page.locator("#status")).to_contain_text(NAMES[m["legal"][0]["seat"]], timeout=WAIT_MS)
            closing = [e for e in m["legal"] if e["action"]["kind"] in CLOSING]
            if done["moves"] and closing:  # a stake has been tapped: close the round so that the dice fall
                page.evaluate(
                    "async (entry) => { const {send} = await import('/static/js/table.js'); send(entry); }", closing[0]
                )
            else:
                _press(page, rng)
            page.wait_for_function(
                f"() => +document.body.dataset.seq > {before} || document.body.dataset.lastError", timeout=WAIT_MS
            )
            assert not page.evaluate("() => document.body.dataset.lastError"), page.locator("#notice").inner_text()
            done["moves"] += 1
        assert seq(page) > before
    assert done["faces"] >= 2 or msg(page)["finished"], done
    if preset in DECIDING:
        assert done["moves"] >= 1, done
    assert not errors, f"errors on the table page: {errors}"
