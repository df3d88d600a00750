"""Sessions, CSRF, login rate limiting, the rules editor API, the lobby and the HTML pages, over real HTTP."""

from __future__ import annotations

from collections.abc import Callable

import httpx

from tests.server.conftest import Client, both_setups

Make = Callable[..., Client]


def test_posts_without_csrf_token_are_refused(clients: Make) -> None:
    c = clients()
    r = c.post("/api/guest", {"name": "Anna"}, csrf=False)
    assert r.status_code == 403 and r.json()["error"]["code"] == "csrf"
    r = c.http.post("/api/guest", json={"name": "Anna"}, headers={"X-CSRF-Token": "forged-token-value"})
    assert r.status_code == 403
    assert c.http.get("/api/session").json()["player"] is None


def test_guest_register_login_and_translated_errors(clients: Make) -> None:
    c = clients()
    assert c.post("/api/guest", {"name": "  "}).json()["error"]["code"] == "bad_name"
    assert c.post("/api/register", {"name": "Rita", "password": "short"}).json()["error"] == {
        "code": "bad_password",
        "message": "Ein Passwort hat mindestens 8 Zeichen.",
    }
    r = c.post("/api/register", {"name": "Rita", "password": "geheim-123"})
    assert r.status_code == 200 and r.json()["player"]["registered"] is True
    cookie = r.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=lax" in cookie
    assert c.http.get("/api/session").json()["player"]["name"] == "Rita"
    assert c.post("/api/register", {"name": "rita", "password": "geheim-456"}).status_code == 409
    assert c.post("/api/logout").status_code == 200
    assert c.http.get("/api/session").json()["player"] is None
    r = c.post("/api/login", {"name": "Rita", "password": "falsch-falsch"})
    assert r.status_code == 401
    assert r.json()["error"] == {"code": "bad_credentials", "message": "Falscher Name oder falsches Passwort."}
    en = clients("en-US,en;q=0.8")
    r = en.post("/api/login", {"name": "Rita", "password": "wrong-wrong"})
    assert r.json()["error"]["message"] == "Wrong name or password."
    r = c.post("/api/login", {"name": "RITA", "password": "geheim-123"})
    assert r.status_code == 200 and r.json()["player"]["name"] == "Rita"


def test_login_is_rate_limited(clients: Make) -> None:
    c = clients()
    assert c.post("/api/register", {"name": "Lim", "password": "richtig-123"}).status_code == 200
    for _ in range(5):
        assert c.post("/api/login", {"name": "Lim", "password": "nope-nope"}).status_code == 401
    r = c.post("/api/login", {"name": "Lim", "password": "richtig-123"})
    assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited"
    assert "Minute" in r.json()["error"]["message"]


def test_games_options_and_rule_validation(clients: Make) -> None:
    c = clients().guest("Regel")
    games = {g["id"]: g for g in c.http.get("/api/games").json()["games"]}
    assert {"pig", "stapel"} <= set(games)
    assert "random" in games["stapel"]["bots"] and games["stapel"]["presets"][0]["id"] == "standard"
    stapel = games["stapel"]
    assert stapel["presets"][0]["players"] == list(range(stapel["min_players"], stapel["max_players"] + 1))
    opts = c.http.get("/api/games/stapel/options").json()["options"]
    assert {o["key"]: o["description"] for o in opts} == {
        "target": "Zielpunktzahl",
        "max_take": "Höchstens so viele nehmen",
        "boom": "Testzug, der im Spiel abstürzt",
    }
    en = clients("en").http.get("/api/games/stapel/options").json()["options"]
    assert en[0]["description"] == "Target score"
    ok = c.post("/api/games/stapel/validate", {"preset": None, "overrides": {"target": 20}}).json()
    assert ok == {"ok": True, "rules_id": "standard+custom", "rules": {"target": 20, "max_take": 3, "boom": False}}
    en_client = clients("en")
    r = en_client.post("/api/games/stapel/validate", {"overrides": {"max_take": 9}})
    assert r.status_code == 422
    assert r.json()["error"] == {"code": "invalid_rules", "message": "Option 'max_take' must be between 1 and 6."}
    r = c.post("/api/games/stapel/validate", {"overrides": {"nonsense": 1}})
    assert r.json()["error"]["code"] == "invalid_rules" and "nonsense" in r.json()["error"]["message"]
    r = c.post("/api/games/stapel/validate", {"overrides": {"target": "viel"}})
    assert r.json()["error"]["code"] == "invalid_rules" and "target" in r.json()["error"]["message"]
    assert c.post("/api/games/stapel/validate", {"preset": "nope"}).status_code == 422
    assert c.http.get("/api/games/schach/options").status_code == 404
    t = c.create("stapel", seats=2, overrides={"target": 20})
    assert t["rules_id"] == "standard+custom"
    r = c.post("/api/tables", {"game": "stapel", "seats": 9})
    assert r.status_code == 422 and r.json()["error"]["message"].startswith("Stapel")


@both_setups
def test_lobby_seating_rules_and_invitation(clients: Make) -> None:
    host, guest, other = clients().guest("Host"), clients().guest("Gast"), clients().guest("Dritte")
    anon = clients()
    assert anon.post("/api/tables", {"game": "pig"}).json()["error"]["code"] == "not_logged_in"
    t = host.create("pig", seats=3, bots={"2": "random"})
    tid = t["id"]
    assert t["invite_url"] == f"{host.base}/table/{tid}" and t["host"] == host.player["id"]  # type: ignore[index]
    assert [s["kind"] for s in t["seats"]] == ["human", "empty", "bot"]
    assert tid in {x["id"] for x in anon.http.get("/api/tables").json()["tables"]}

    def call(c: Client, what: str, body: dict | None = None) -> httpx.Response:
        return c.post(f"/api/tables/{tid}/{what}", body or {})

    assert call(guest, "sit", {"seat": 0}).json()["error"]["code"] == "seat_taken"
    assert call(guest, "sit", {"seat": 7}).json()["error"]["code"] == "bad_seat"
    assert call(guest, "sit", {"seat": "1"}).json()["error"]["code"] == "bad_seat"
    assert call(host, "start").json()["error"]["code"] == "not_ready"
    assert call(guest, "sit", {"seat": 1}).status_code == 200
    assert call(other, "leave", {"seat": 1}).json()["error"]["code"] == "not_seated"
    assert call(guest, "bot", {"seat": 1, "bot": "random"}).json()["error"]["code"] == "not_host"
    assert call(host, "bot", {"seat": 1, "bot": "random"}).json()["error"]["code"] == "seat_taken"
    assert call(host, "bot", {"seat": 2, "bot": "grossmeister"}).status_code == 422
    assert call(guest, "start").json()["error"]["code"] == "not_host"
    r = call(host, "start")
    assert r.status_code == 200 and r.json()["status"] == "playing"
    assert call(other, "sit", {"seat": 1}).json()["error"]["code"] == "already_started"
    assert call(host, "start").json()["error"]["code"] == "already_started"
    r = host.http.get(f"/api/tables/{tid}/replay")
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_finished"
    assert anon.http.get("/api/tables/doesnotexist").status_code == 404
    # a private table is reachable by its link but not listed
    p = host.create("pig", seats=2, private=True)
    assert p["id"] not in {x["id"] for x in anon.http.get("/api/tables").json()["tables"]}
    assert anon.http.get(f"/api/tables/{p['id']}").status_code == 200


def test_language_switch_and_catalogue(clients: Make) -> None:
    c = clients("en")
    assert c.http.get("/api/session").json()["lang"] == "en"
    r = c.http.get("/lang/de?next=/foo", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/foo"
    assert c.http.get("/api/session").json()["lang"] == "de"
    for evil in ("//evil.example/x", "https://evil.example/", "/\\evil"):
        r = c.http.get("/lang/en", params={"next": evil}, follow_redirects=False)
        assert r.headers["location"] == "/"
    cat = c.http.get("/api/i18n").json()
    assert cat["lang"] == "en"
    de = clients("de").http.get("/api/i18n").json()
    assert de["messages"]["It is not your turn."] == "Du bist nicht am Zug."


def test_html_pages_and_forms(clients: Make) -> None:
    c = clients()
    r = c.http.get("/")
    assert r.status_code == 200 and "text/html" in r.headers["content-type"]
    assert c.csrf in r.text
    r = c.http.post(
        "/guest", data={"name": "Formular", "csrf_token": "wrong-token-xyz", "next": "/"}, follow_redirects=False
    )
    assert r.status_code == 403
    r = c.http.post("/guest", data={"name": "Formular", "csrf_token": c.csrf, "next": "/"}, follow_redirects=False)
    assert r.status_code == 303
    assert c.http.get("/api/session").json()["player"]["name"] == "Formular"
    c.refresh_csrf()
    r = c.http.post("/login", data={"name": "Niemand", "password": "x" * 9, "csrf_token": c.csrf})
    # A refused form redirects to the page that says why (U10: reloading it must not post the form again).
    assert r.status_code == 303 and r.headers["location"].startswith("/login?")
    r = c.http.get(r.headers["location"])
    assert r.status_code == 401 and "Falscher Name oder falsches Passwort." in r.text
    assert 'value="Niemand"' in r.text
    t = c.create("pig", seats=1)
    assert c.http.get(f"/table/{t['id']}").status_code == 200
    anon = clients()
    page = anon.http.get(f"/table/{t['id']}")
    assert page.status_code == 200 and "csrf_token" in page.text


def test_a_guest_is_marked_alike_everywhere(clients: Make) -> None:
    """Web QA: the page header said "Anna (Guest)" beside the seats' "Anna (guest)"; German "(Gast)" in both."""
    for lang, mark in (("en", "(guest)"), ("de", "(Gast)")):
        c = clients(lang).guest("Anna")
        page = c.http.get("/").text
        assert f'<span class="muted small guest-mark">{mark}</span>' in page  # (kept visible on a phone)
        assert "(Guest)" not in page
