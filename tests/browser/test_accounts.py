"""Accounts in the browser (issue #11, section 3): a failed login keeps its name in the login form, the invitation link
says who invites to which game and lets a visitor watch without a name, the host clears a seat before the start."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import Server
from tests.browser.helpers import create_table, guest


def test_a_failed_login_stays_in_the_login_form(server: Server, new_page) -> None:
    page = new_page()
    page.goto(server.url + "/login")
    page.locator("#reg-name").fill("Konto")
    page.locator("#reg-password").fill("sicheres-Passwort-1")
    page.locator("#register-form button").click()
    page.wait_for_url(server.url + "/")
    page.locator(".userbox form button").click()
    page.wait_for_load_state("load")
    page.goto(server.url + "/login")
    page.locator("#login-name").fill("Konto")
    page.locator("#login-password").fill("falsch-falsch")
    page.locator("#login-form button").click()
    expect(page.locator("#auth-error")).to_be_visible()
    # the name is where it was typed, the focus waits for the password, the guest field stays empty
    expect(page.locator("#login-name")).to_have_value("Konto")
    expect(page.locator("#guest-name")).to_have_value("")
    expect(page.locator("#login-password")).to_be_focused()
    # and a guest cannot take the registered name
    page.locator("#guest-name").fill("Konto")
    page.locator("#guest-name").press("Enter")
    expect(page.locator("#auth-error")).to_contain_text("registrierten Spieler")
    expect(page.locator(".userbox")).not_to_contain_text("Konto")


def test_invitation_says_who_invites_and_lets_a_visitor_watch(server: Server, new_page) -> None:
    anna = new_page()
    guest(anna, server.url, "Anna")
    url = create_table(anna, server.url, "pig", seats=4, clock="live:30", on_expiry="forfeit")
    # The time control is said before anybody sits down (issue 24, U8): in the seat list and on the invitation.
    expect(anna.locator("#seating .time-control")).to_have_text(
        "Bedenkzeit pro Zug: 30 Sekunden. Läuft sie ab, verliert der Spieler die Partie."
    )
    visitor = new_page(locale="en-US")
    visitor.goto(url)
    expect(visitor.locator("#invitation")).to_contain_text("Anna invites you to")
    expect(visitor.locator("#invitation .time-control")).to_have_text(
        "Time per move: 30 seconds. When it runs out, the player loses the game."
    )
    visitor.locator("#watch-link").click()
    visitor.wait_for_url("**watch=1")
    expect(visitor.locator("#seat-list")).to_contain_text("Anna (guest)")
    expect(visitor.locator("#guest-name")).to_have_count(0)
    # the watcher decides to play: "Sit here" asks for a name, then the table is back
    visitor.locator("#seat-list .sit").first.click()
    visitor.locator("#guest-name").fill("Vera")
    visitor.locator("#guest-name").press("Enter")
    visitor.wait_for_url("**/table/**")
    visitor.locator("#seat-list .sit").first.click()
    expect(anna.locator("#seat-list")).to_contain_text("Vera (Gast)")
    # Bert joins, leaves the browser open and walks away: the host clears his seat
    bert = new_page()
    guest(bert, server.url, "Bert", "/table/" + url.split("/table/")[1])
    bert.locator("#seat-list .seat.empty .sit").first.click()
    expect(anna.locator("#seat-list")).to_contain_text("Bert")
    expect(bert.locator("#seat-list .sit")).to_have_count(0)  # one seat per person at someone else's table
    anna.locator("#seat-list .seat", has_text="Bert").locator(".remove-player").click()
    expect(anna.locator("#seat-list")).not_to_contain_text("Bert")
    expect(bert.locator("#seat-list .seat.empty")).to_have_count(2)
