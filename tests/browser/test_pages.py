"""Pages a user reaches by a link (issue #11, section 3): a wrong or expired table link says so, in the page's
language, instead of showing an empty lobby."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Server
from tests.browser.helpers import guest


@pytest.mark.parametrize(
    ("locale", "text", "back"),
    [("de-DE", "Diesen Tisch gibt es nicht.", "Zur Lobby"), ("en-US", "There is no such table.", "To the lobby")],
)
@pytest.mark.parametrize("path", ["/table/no-such-table", "/replay/no-such-table"])
def test_a_wrong_table_link_says_so(server: Server, new_page, locale: str, text: str, back: str, path: str) -> None:
    page = new_page(locale=locale)
    guest(page, server.url, "Anna")
    resp = page.goto(server.url + path)
    assert resp is not None and resp.status == 404
    box = page.locator("#page-error")
    expect(box).to_be_visible()
    expect(box).to_contain_text(text)
    page.get_by_role("link", name=back).click()
    page.wait_for_url(server.url + "/")
    expect(page.locator(".game-card").first).to_be_visible()


def test_the_lobby_offers_only_the_seat_counts_the_rules_allow(server: Server, new_page) -> None:
    """Zehntausend is registered for 1–8 players, but its default rules need two and its Solo exactly one: the seat
    choice follows the chosen preset instead of offering a count the server then refuses."""
    page = new_page()
    guest(page, server.url, "Sitz")
    page.goto(server.url + "/")
    page.locator(".game-card[data-game='zehntausend']").click()
    seats = page.locator("#seats option")
    expect(seats).to_have_count(7)
    expect(seats.first).to_have_text("2")
    expect(page.locator("#seats")).to_have_value("2")
    page.locator("#preset").select_option("zehntausend-350-solo")
    expect(seats).to_have_count(1)
    expect(page.locator("#seats")).to_have_value("1")
    expect(page.locator("#seat-config select")).to_have_count(1)
    page.locator("#preset").select_option("zehntausend-einfach")
    expect(seats).to_have_count(7)
    expect(page.locator("#seats")).to_have_value("2")
