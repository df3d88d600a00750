"""Rule values over the web API: JSON's Infinity/NaN and numbers beyond an option's range are refused with the
option's name, and never reach a table or a message."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.server.conftest import Client

Make = Callable[..., Client]


@pytest.mark.parametrize(
    ("game", "raw", "key"),
    [
        ("verdecktes-wuerfelpoker", '{"overrides": {"challenge_seconds": Infinity}}', "challenge_seconds"),
        ("verdecktes-wuerfelpoker", '{"overrides": {"challenge_seconds": NaN}}', "challenge_seconds"),
        ("lustige-sieben", '{"overrides": {"max_stake": 1000000000000000000}}', "max_stake"),
        ("lustige-sieben", '{"overrides": {"starting_chips": 100000}}', "starting_chips"),
    ],
)
def test_out_of_range_and_non_finite_rule_values_are_refused(clients: Make, game: str, raw: str, key: str) -> None:
    c = clients("en").guest("Regel")
    headers = {"X-CSRF-Token": c.csrf, "Content-Type": "application/json"}
    before = {t["id"] for t in c.http.get("/api/tables").json()["tables"]}
    r = c.http.post(f"/api/games/{game}/validate", content=raw, headers=headers)
    assert r.status_code == 422, r.text
    assert r.json()["error"]["code"] == "invalid_rules"
    r = c.http.post(
        "/api/tables",
        content=raw.replace('{"overrides"', f'{{"game": "{game}", "seats": 2, "overrides"'),
        headers=headers,
    )
    assert r.status_code in (400, 422), r.text
    # other tests share this server: no table of this game may have come since
    assert all(t["game"] != game for t in c.http.get("/api/tables").json()["tables"] if t["id"] not in before)


def test_the_options_api_gives_the_ranges(clients: Make) -> None:
    c = clients("en")
    opts = {o["key"]: o for o in c.http.get("/api/games/lustige-sieben/options").json()["options"]}
    assert (opts["max_stake"]["schema"]["min"], opts["max_stake"]["schema"]["max"]) == (1, 1000)
