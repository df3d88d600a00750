"""The bank's edge in the rules panels: the lobby's options and validate answers carry it under exactly the rules
chosen (a changed payout changes it), a table's page and its endpoint under the table's own rules; none without a
bank."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from tests.server.conftest import Client

Make = Callable[..., Client]


def fractions(edges: list[dict]) -> dict[str, Fraction]:
    return {e["field"]: Fraction(e["fraction"]) for e in edges}


def test_lobby_rules_carry_the_banks_edge(clients: Make) -> None:
    c = clients().guest("Bank")
    games = {g["id"]: g for g in c.http.get("/api/games").json()["games"]}
    assert games["zehnerspiel"]["bank_edges"] is True and games["jule"]["bank_edges"] is False
    opts = c.http.get("/api/games/lustige-sieben/options?preset=lustige-sieben").json()
    assert fractions(opts["bank_edges"]) == {
        "column": Fraction(1, 6),
        "seven_first": Fraction(1, 7) * (1 - Fraction(5, 12) ** 5),
        "seven_last": Fraction(1, 12),
    }
    assert opts["bank_edges"][0]["name"] == "eine Zahl der linken oder rechten Reihe"
    ok = c.post("/api/games/zehnerspiel/validate", {"preset": "zehnerspiel", "overrides": {"payout": "net"}}).json()
    assert fractions(ok["bank_edges"]) == {"under": Fraction(-1, 8)}
    rr = clients("en").http.get("/api/games/rock-and-roll/options").json()
    assert fractions(rr["bank_edges"]) == {"colour": 0, "face": 0}
    assert rr["bank_edges"][0]["name"] == "a colour (pays 2:1)"
    assert "bank_edges" not in c.http.get("/api/games/jule/options").json()  # no bank: the answer is unchanged


def test_a_tables_rules_panel_shows_the_edge_under_its_own_rules(clients: Make) -> None:
    c = clients().guest("Halter")
    t = c.create("zehnerspiel", seats=2, overrides={"payout": "net"})
    doc = c.http.get(f"/api/tables/{t['id']}/edges").json()
    assert doc["rules"] == "zehnerspiel+custom" and fractions(doc["bank_edges"]) == {"under": Fraction(-1, 8)}
    page = c.http.get(f"/table/{t['id']}").text
    assert 'id="rules-panel"' in page and "Vorteil der Bank je gesetztem Chip" in page
    assert '<tr data-field="under"><td>unter 10</td><td>-12,50 %</td><td>-1/<wbr>8</td></tr>' in page
    other = c.create("jule", seats=2)
    assert c.http.get(f"/api/tables/{other['id']}/edges").json()["bank_edges"] is None
    assert 'id="rules-panel"' not in c.http.get(f"/table/{other['id']}").text
    assert c.http.get("/api/tables/nope/edges").status_code == 404
