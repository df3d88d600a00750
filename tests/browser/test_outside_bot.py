"""Issue 27 §4 in the browser: a person creates a table, passes its invitation link to a bot's owner, and plays the
outside bot (``wuerfel bot run --join LINK``) to the end — nothing on the page is new, the bot is a player with a
name marked "(BOT)". Not marked slow (about 8 s): it is the issue's own test of done, "an outside bot plays a person
in the browser over wuerfel bot run"."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import expect

from tests.browser.conftest import Server
from tests.browser.helpers import create_table, finished, guest, pig_policy, play_until, wait_connected
from tests.server.conftest import Client
from tests.server.test_bot_run import start_bot


def test_a_person_in_the_browser_plays_an_outside_bot(server: Server, new_page, tmp_path: Path) -> None:
    owner = Client(server.url)
    r = owner.post("/api/register", {"name": "Otto", "password": "lange-geheime-phrase"})
    assert r.status_code == 200, r.text
    made = owner.post("/api/bot-token").json()
    page = new_page()
    guest(page, server.url, "Paula")
    url = create_table(page, server.url, "pig", seats=2, options={"target": 4})
    bot = start_bot(tmp_path, server.url, made["token"], "mybot:careful", "--join", url)
    try:
        expect(page.locator("#seat-list .seat[data-seat='1']")).to_contain_text("Otto (BOT)", timeout=60_000)
        page.locator("#start-btn").click()
        wait_connected(page)
        play_until([page], pig_policy, lambda: finished(page))
        expect(page.locator("#status")).to_contain_text("Spiel vorbei")
        expect(page.locator("#scores")).to_contain_text("Otto (BOT)")
        out, err = bot.communicate(timeout=60)
        assert bot.returncode == 0 and "finished" in out, (out, err)
    finally:
        if bot.poll() is None:
            bot.kill()
            bot.wait(10)
        owner.close()


def test_the_host_invites_a_bot_account_by_name_on_a_phone(server: Server, new_page, tmp_path: Path) -> None:
    """The table page's own way (no link passed around): on a 360 px phone the host types the bot account's name
    before the start; the seat shows it as a bot, the outside bot (``wuerfel bot run``, no ``--join``) finds the
    table among its games and plays it to the end."""
    owner = Client(server.url)
    r = owner.post("/api/register", {"name": "Olga", "password": "lange-geheime-phrase"})
    assert r.status_code == 200, r.text
    made = owner.post("/api/bot-token").json()
    bot_name = made["bot"]["name"]
    page = new_page(width=360)
    guest(page, server.url, "Pia")
    create_table(page, server.url, "pig", seats=2, options={"target": 4})
    form = page.locator("#invite-bot")
    expect(form).to_be_visible()
    page.locator("#invite-bot-name").fill("Niemand (BOT)")
    page.locator("#invite-bot-btn").click()
    expect(page.locator("#notice")).to_contain_text("Niemand (BOT)")  # refused by name, seat free
    page.locator("#invite-bot-name").fill(bot_name)
    page.locator("#invite-bot-btn").click()
    expect(page.locator("#seat-list .seat[data-seat='1']")).to_contain_text(f"{bot_name}", timeout=60_000)
    assert "(BOT)" in bot_name
    expect(form).to_be_hidden()  # no free seat left
    assert page.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    bot = start_bot(tmp_path, server.url, made["token"], "mybot:careful")
    try:
        # the bot has accepted: its client found the table among its games and is connected to it (else a stand-in
        # could play its seat while the process still starts, and the outside bot would never see the game)
        expect(page.locator("#seat-list .seat[data-seat='1'][data-online='yes']")).to_be_visible(timeout=60_000)
        page.locator("#start-btn").click()
        wait_connected(page)
        play_until([page], pig_policy, lambda: finished(page))
        expect(page.locator("#status")).to_contain_text("Spiel vorbei")
        out, err = bot.communicate(timeout=60)
        assert bot.returncode == 0 and "finished" in out, (out, err)
    finally:
        if bot.poll() is None:
            bot.kill()
            bot.wait(10)
        owner.close()
