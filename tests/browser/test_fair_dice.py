"""Provably fair dice in the browser: the page contributes its seed when the host starts, a game played through the
table page ends with a replay that says "Alle Würfe geprüft." (checked by the server on the same record the page
links for download)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import Server
from tests.browser.helpers import create_table, finished, guest, pig_policy, play_until, wait_connected


def test_a_played_game_says_every_throw_was_checked(server: Server, new_page) -> None:
    anna = new_page()
    guest(anna, server.url, "Anna")
    url = create_table(anna, server.url, "pig", seats=2, bots={1: "random"}, options={"target": 5})
    anna.locator("#start-btn").click()
    wait_connected(anna)
    play_until([anna], pig_policy, lambda: finished(anna))
    table_id = url.split("/table/")[1]
    record = anna.request.get(f"{server.url}/api/tables/{table_id}/record").json()
    assert record["meta"]["dice"]["seeds"][0]["by"] == "player"  # the page sent its seed with the start
    throws = sum(e["type"] == "chance" for e in record["events"])
    assert throws >= 2
    anna.goto(f"{server.url}/replay/{table_id}")
    expect(anna.locator("#dice-proof")).to_have_attribute("data-state", "ok")
    expect(anna.locator("#dice-proof-result")).to_have_text("✓ Alle Würfe geprüft.")
    expect(anna.locator("#dice-proof-summary")).to_contain_text(f"{throws} von {throws} Würfen geprüft")
    expect(anna.locator("#dice-proof")).to_contain_text(f"wuerfel verify wuerfel-{table_id}.json")
