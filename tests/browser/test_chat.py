"""The table's chat in the browser: two players write to each other (Enter sends), a spectator without a name reads
along on a phone-sized screen, markup in a message stays text, and a refusal is shown in the writer's language."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.conftest import Server
from tests.browser.helpers import create_table, guest, join, start_game, wait_connected


def _say(page: Page, text: str) -> None:
    page.locator("#chat-input").fill(text)
    page.locator("#chat-input").press("Enter")


def test_two_players_chat_and_a_spectator_reads_along(server: Server, new_page) -> None:
    anna = new_page()
    guest(anna, server.url, "Anna")
    url = create_table(anna, server.url, "pig", seats=2)
    bert = new_page(locale="en-US")
    join(bert, server.url, "Bert", url)
    start_game(anna, bert)
    watcher = new_page(width=360)
    watcher.goto(url + "?watch=1")  # watching needs no name
    wait_connected(watcher)
    # The spectator has no input and is told why; the players have one, with a label.
    expect(watcher.locator("#chat-readonly")).to_have_text("Hier schreiben nur die Spieler; du liest mit.")
    expect(watcher.locator("#chat-form")).to_be_hidden()
    expect(anna.get_by_label("Nachricht an den Tisch")).to_be_visible()
    markup = "<b>Viel Glück</b> & los!"
    _say(anna, markup)
    for page, author in ((anna, "Anna (Gast)"), (bert, "Anna (guest)"), (watcher, "Anna (Gast)")):
        line = page.locator("#chat-log li").last
        expect(line.locator(".chat-text")).to_have_text(markup, timeout=15_000)  # shown as written, not as HTML
        expect(line.locator(".chat-author")).to_have_text(author)  # a guest is marked, in the reader's language
        expect(line.locator("b")).to_have_count(0)
    expect(anna.locator("#chat-input")).to_have_value("")
    _say(bert, "Thanks, you too")
    expect(watcher.locator("#chat-log li").last.locator(".chat-text")).to_have_text("Thanks, you too", timeout=15_000)
    expect(anna.locator("#chat-log li")).to_have_count(2, timeout=15_000)
    # The phone-sized page does not scroll sideways because of the chat.
    assert watcher.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
    # A refusal is shown in Bert's language and his text is put back.
    long = "x" * 501
    bert.locator("#chat-input").evaluate("(el, v) => { el.removeAttribute('maxlength'); el.value = v; }", long)
    bert.locator("#chat-input").press("Enter")
    expect(bert.locator("#chat-error")).to_have_text("A message may have at most 500 characters.", timeout=15_000)
    expect(bert.locator("#chat-input")).to_have_value(long)
    # Whoever opens the table later reads the talk so far.
    late = new_page()
    late.goto(url + "?watch=1")
    expect(late.locator("#chat-log li")).to_have_count(2, timeout=15_000)


def test_spectators_are_listed_write_where_allowed_and_the_host_mutes_one(server: Server, new_page) -> None:
    anna = new_page()
    guest(anna, server.url, "Anna")
    url = create_table(anna, server.url, "pig", seats=2, bots={1: "random"}, spectator_chat=True)
    anna.locator("#start-btn").click()
    wait_connected(anna)
    expect(anna.locator("#no-spectators")).to_be_visible()
    carla = new_page()
    guest(carla, server.url, "Carla", "/table/" + url.split("/table/")[1])
    carla.wait_for_url("**/table/**")
    wait_connected(carla)
    nobody = new_page()
    nobody.goto(url + "?watch=1")
    wait_connected(nobody)
    # Anna reads who watches: Carla by name, the one without a name as "Zuschauer".
    expect(anna.locator("#spectator-list li")).to_have_count(2, timeout=15_000)
    expect(anna.locator("#spectator-list li").nth(0)).to_contain_text("Carla")
    expect(anna.locator("#spectator-list li").nth(1)).to_have_text("Zuschauer")
    expect(anna.locator("#spectator-count")).to_have_text("(2)")
    # This table lets spectators with a name write; the one without a name is told how to.
    expect(nobody.locator("#chat-readonly")).to_have_text("Gib dir einen Namen, um hier zu schreiben.")
    _say(carla, "Hallo vom Rand")
    line = anna.locator("#chat-log li").last
    expect(line.locator(".chat-text")).to_have_text("Hallo vom Rand", timeout=15_000)
    expect(line.locator(".chat-author")).to_have_text("Carla (Gast) (schaut zu)")
    # The host mutes her: she reads why she has no input any more, and the list marks her.
    anna.locator("#spectator-list li").nth(0).locator("button.mute").click()
    expect(carla.locator("#chat-readonly")).to_have_text(
        "Der Gastgeber hat dich an diesem Tisch stummgeschaltet.", timeout=15_000
    )
    expect(carla.locator("#chat-form")).to_be_hidden()
    expect(carla.locator("#notice")).to_have_text("Der Gastgeber hat Carla (Gast) im Chat stummgeschaltet.")
    expect(anna.locator("#spectator-list li[data-muted='yes']")).to_contain_text("Carla")
    # And lets her write again.
    anna.locator("#spectator-list li").nth(0).locator("button.mute").click()
    expect(carla.locator("#chat-form")).to_be_visible(timeout=15_000)
