"""Bot accounts and tokens over HTTP and real websockets (issue 27 §4, item 1): a registered player makes and revokes
a token, the token opens a separate "(BOT)" account, a wrong or revoked token is refused in the user's language and
changes nothing, and bot accounts stay off rated tables."""

from __future__ import annotations

import json

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.server.conftest import Client, ServerProcess

_names = iter(range(10_000))


@pytest.fixture
def srv(server: ServerProcess) -> ServerProcess:
    """The session's server: the bot tests need no server of their own."""
    return server


def registered(srv: ServerProcess, prefix: str, lang: str = "de") -> Client:
    c = Client(srv.url, lang)
    r = c.post("/api/register", {"name": f"Byob{prefix}{next(_names)}", "password": "lange-geheime-phrase"})
    assert r.status_code == 200, r.text
    c.player = r.json()["player"]
    return c


def as_bot(srv: ServerProcess, token: str, lang: str = "de") -> httpx.Client:
    return httpx.Client(
        base_url=srv.url, timeout=30, headers={"Authorization": f"Bearer {token}", "Accept-Language": lang}
    )


def test_token_opens_a_bot_account_of_its_own(srv: ServerProcess) -> None:
    anna = registered(srv, "Anna")
    r = anna.post("/api/bot-token")
    assert r.status_code == 200, r.text
    made = r.json()
    token, bot = made["token"], made["bot"]
    assert token.startswith("wbt_") and made["active"]
    assert bot["name"] == f"{anna.player['name']} (BOT)" and bot["bot"] and bot["id"] != anna.player["id"]
    with as_bot(srv, token) as b:
        me = b.get("/api/session").json()["player"]
        assert me == bot
        # the bot may create an unrated table (no CSRF cookie needed with a token), never a rated one
        r = b.post("/api/tables", json={"game": "pig", "seats": 2})
        assert r.status_code == 201, r.text
        assert r.json()["seats"][0]["name"] == bot["name"]
        r = b.post("/api/tables", json={"game": "pig", "seats": 2, "rated": True})
        assert r.status_code == 409 and r.json()["error"]["code"] == "rated_bot"
        r = b.post("/api/bot-token")  # a bot owns no bot
        assert r.status_code == 403 and r.json()["error"]["code"] == "not_registered"
    # the token is shown once: asking again tells only whether one is active
    again = anna.http.get("/api/bot-token").json()
    assert again["active"] and "token" not in again and again["bot"] == bot
    # the owner's profile page offers it; the bot's profile is marked
    page = anna.http.get(f"/players/{anna.player['name']}").text
    assert 'id="bot-account"' in page and bot["name"] in page
    bot_page = anna.http.get(bot["name"].join(["/players/", ""])).text
    assert 'id="bot-badge"' in bot_page and "Bot-Konto von" in bot_page and anna.player["name"] in bot_page
    assert anna.http.get(f"/api/players/{bot['name']}").json()["bot_owner"]["name"] == anna.player["name"]


def test_wrong_and_revoked_tokens_are_refused_in_the_users_language(srv: ServerProcess) -> None:
    bert = registered(srv, "Bert")
    token = bert.post("/api/bot-token").json()["token"]
    for lang, words in (("de", "Bot-Token"), ("en", "revoked")):
        with as_bot(srv, token + "x", lang) as b:
            r = b.get("/api/my-tables")
            assert r.status_code == 401 and r.json()["error"]["code"] == "bad_token"
            assert words in r.json()["error"]["message"]
    # a table the bot may join, then the owner revokes the token
    tid = bert.create("pig", seats=2)["id"]
    r = bert.post("/api/bot-token/revoke")
    assert r.json()["revoked"] and not r.json()["active"]
    with as_bot(srv, token) as b:
        r = b.post(f"/api/tables/{tid}/sit", json={"seat": 1})
        assert r.status_code == 401 and r.json()["error"]["code"] == "bad_token"
    assert bert.http.get(f"/api/tables/{tid}").json()["seats"][1]["kind"] == "empty"  # nothing changed
    url = srv.url.replace("http", "ws") + f"/ws/table/{tid}"
    with connect(
        url, additional_headers={"Authorization": f"Bearer {token}", "Accept-Language": "en"}, open_timeout=10
    ) as ws:
        msg = json.loads(ws.recv(timeout=10))
        assert msg["type"] == "error" and msg["error"]["code"] == "bad_token"
        assert "revoked" in msg["error"]["message"]
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
    # a new token works again, for the same account
    fresh = bert.post("/api/bot-token").json()
    with as_bot(srv, fresh["token"]) as b:
        assert b.get("/api/session").json()["player"]["name"].endswith("(BOT)")


def test_host_invites_a_bot_by_name_but_never_to_a_rated_table(srv: ServerProcess) -> None:
    owner, host = registered(srv, "Cora"), registered(srv, "Dirk")
    made = owner.post("/api/bot-token").json()
    name = made["bot"]["name"]
    tid = host.create("pig", seats=2)["id"]
    r = owner.post(f"/api/tables/{tid}/invite", {"seat": 1, "name": name})
    assert r.status_code == 403 and r.json()["error"]["code"] == "not_host"
    r = host.post(f"/api/tables/{tid}/invite", {"seat": 1, "name": owner.player["name"]})
    assert r.status_code == 404 and r.json()["error"]["code"] == "no_bot"  # a person is no bot
    r = host.post(f"/api/tables/{tid}/invite", {"seat": 1, "name": name})
    assert r.status_code == 200, r.text
    seat = r.json()["seats"][1]
    assert seat["name"] == name and seat["player_id"] == made["bot"]["id"] and not seat["guest"]
    with as_bot(srv, made["token"]) as b:
        assert [t["id"] for t in b.get("/api/my-tables").json()["tables"]] == [tid]
    rated = host.create("pig", seats=2, rated=True, hints=False)["id"]
    r = host.post(f"/api/tables/{rated}/invite", {"seat": 1, "name": name})
    assert r.status_code == 409 and r.json()["error"]["code"] == "rated_bot"
    # and nobody can pass for a bot, or a bot for a person
    c = Client(srv.url)
    r = c.post("/api/register", {"name": "Fake (BOT)", "password": "lange-geheime-phrase"})
    assert r.status_code == 422 and r.json()["error"]["code"] == "bad_name"
    r = c.post("/api/login", {"name": name, "password": "lange-geheime-phrase"})
    assert r.status_code == 401


def test_the_profile_page_makes_and_revokes_the_token(srv: ServerProcess) -> None:
    """The page's forms (no JavaScript): a new token is shown once on the page that answers the form, and works;
    revoking it on the page ends it."""
    import re

    eva = registered(srv, "Eva")
    page = eva.http.post("/bot-token", data={"csrf_token": eva.csrf, "action": "new"})
    assert page.status_code == 200 and "Dein neues Token" in page.text
    token = re.search(r'<code id="bot-token">(wbt_[^<]+)</code>', page.text)
    assert token is not None
    with as_bot(srv, token.group(1)) as b:
        assert b.get("/api/session").status_code == 200
    # shown once: the profile itself never repeats it
    assert token.group(1) not in eva.http.get(f"/players/{eva.player['name']}").text
    forged = eva.http.post("/bot-token", data={"csrf_token": "nope", "action": "revoke"})
    assert forged.status_code == 403
    with as_bot(srv, token.group(1)) as b:
        assert b.get("/api/session").status_code == 200  # the forged form changed nothing
    page = eva.http.post("/bot-token", data={"csrf_token": eva.csrf, "action": "revoke"})
    assert page.status_code == 200 and 'id="bot-status">kein Token' in page.text
    with as_bot(srv, token.group(1)) as b:
        assert b.get("/api/session").status_code == 401
