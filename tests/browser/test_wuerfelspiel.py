"""Würfelspiel (3-column Kniffel) in the browser: tap dice to keep, roll again, write the dice into a box."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Server
from tests.browser.helpers import create_table, guest, msg, my_decision, seq, wait_connected


def _registered() -> bool:
    from wuerfel.engine.registry import all_games

    return "wuerfelspiel" in {g.id for g in all_games()}


pytestmark = pytest.mark.skipif(not _registered(), reason="Würfelspiel is not registered in this branch yet")


def test_keep_dice_roll_again_and_score_a_box_against_a_bot(server: Server, new_page) -> None:
    anna = new_page(reduced_motion="no-preference")
    guest(anna, server.url, "Anna")
    create_table(anna, server.url, "wuerfelspiel", seats=2, bots={1: "random"})
    anna.locator("#start-btn").click()
    wait_connected(anna)
    my_decision(anna)  # her turn starts with her throw: "Würfeln"
    view = msg(anna)["view"]
    dice = view["dice"]
    expect(anna.locator("#tray button.die")).to_have_count(5)
    # Keep the first two dice: the button carries exactly that keep action, and after the throw they are still there.
    anna.locator("#tray button.die").nth(0).click()
    anna.locator("#tray button.die").nth(1).click()
    kept = sorted(dice[:2])
    action = anna.locator("#roll-again").get_attribute("data-action")
    assert action is not None and f'"dice":[{kept[0]},{kept[1]}]' in action
    before = seq(anna)
    anna.locator("#roll-again").click()
    anna.wait_for_function(
        f"() => +document.body.dataset.seq >= {before + 2} && window.wuerfelTable.msg.legal.length > 0"
    )
    new = list(msg(anna)["view"]["dice"])
    for d in kept:
        new.remove(d)
    assert msg(anna)["view"]["rerolls_left"] == view["rerolls_left"] - 1
    # Score: tap a candidate cell of the sheet; the box is filled with the engine's value.
    cell = anna.locator("#sheet td.cand").first
    box_action = cell.get_attribute("data-action")
    assert box_action is not None
    cell.click()
    anna.wait_for_function(
        "() => window.wuerfelTable.msg.view.players[0].columns.some(c => Object.values(c.boxes).some(v => v !== null))"
    )
    filled = anna.locator("#sheet td.filled")
    expect(filled.first).to_be_visible()
    # The bot answered on its own and it is Anna's turn again with fresh dice.
    anna.wait_for_function(
        "() => window.wuerfelTable.msg.view.players[1].columns.some(c => Object.values(c.boxes).some(v => v !== null))"
    )
    my_decision(anna)


@pytest.mark.parametrize(
    ("preset", "locale", "names", "not_shown"),
    [
        ("kniffel", "de-DE", ["Dreierpasch", "Viererpasch", "Kniffel"], "3 Gleiche"),
        ("kniffel", "en-US", ["Three of a kind", "Four of a kind", "Kniffel"], "Five of a kind"),
        ("brettspielnetz", "de-DE", ["3 Gleiche", "4 Gleiche", "5 Gleiche"], "Dreierpasch"),
        ("brettspielnetz", "en-US", ["Three of a kind", "Four of a kind", "Five of a kind"], "Kniffel"),
    ],
)
def test_sheet_rows_carry_the_names_of_the_rules_sheet(
    server: Server, new_page, preset: str, locale: str, names: list[str], not_shown: str
) -> None:
    """The Kniffel block says "Dreierpasch" and "Kniffel", the Würfelspiel "3 Gleiche" and "5 Gleiche"."""
    anna = new_page(locale=locale)
    guest(anna, server.url, "Anna")
    create_table(anna, server.url, "wuerfelspiel", seats=2, bots={1: "random"}, preset=preset)
    anna.locator("#start-btn").click()
    wait_connected(anna)
    my_decision(anna)
    rows = anna.locator("#sheet td.box")
    for name in names:
        expect(rows.filter(has_text=name).first).to_have_text(name)
    assert not_shown not in rows.all_inner_texts()
