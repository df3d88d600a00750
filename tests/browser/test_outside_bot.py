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
