"""``wuerfel odds``: the JSON contract, the text table, and clear refusals in both languages."""

from __future__ import annotations

import json
from fractions import Fraction

from tests.cli.helpers import run


def test_json_contract() -> None:
    result = run(["odds", "verdecktes-wuerfelpoker", "--rules", "verdecktes-mit-quint", "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["game"] == "verdecktes-wuerfelpoker" and doc["rules"] == "verdecktes-mit-quint" and doc["dice"] == 5
    assert [c["class"] for c in doc["classes"]][:3] == ["five_alike", "four_alike", "full_house"]
    assert set(doc["classes"][0]) >= {"class", "name", "probability"}
    assert abs(sum(c["probability"] for c in doc["classes"]) - 1) < 1e-12
    assert sum(Fraction(c["fraction"]) for c in doc["classes"]) == 1
    five = next(c for c in doc["classes"] if c["class"] == "five_alike")
    assert five["fraction"] == "1/1296" and five["name"] == "Fünfling"


def test_default_rules_and_english_names() -> None:
    doc = json.loads(run(["odds", "wuerfelspiel", "--json", "--lang", "en"]).stdout)
    assert doc["rules"] == "brettspielnetz"
    assert {c["name"] for c in doc["classes"]} >= {"Large straight", "no combination"}


def test_text_table_shows_fractions() -> None:
    result = run(["odds", "lustige-sieben"])
    assert result.exit_code == 0
    assert "5/12" in result.stdout and "Wahrscheinlichkeit" in result.stdout
    assert "Vorteil der Bank" in result.stdout


def test_unknown_game_is_refused() -> None:
    result = run(["odds", "no-such-game"])
    assert result.exit_code == 2
    assert "no-such-game" in result.output


def test_unknown_rules_are_refused() -> None:
    result = run(["odds", "escalero", "--rules", "nope", "--lang", "en"])
    assert result.exit_code == 2
    assert "Unknown rule set" in result.output


def test_game_without_classes_is_refused() -> None:
    result = run(["odds", "jule"])
    assert result.exit_code == 2
    assert "teilt Würfe nicht in Klassen ein" in result.output
    result = run(["odds", "jule", "--lang", "en"])
    assert "does not classify a throw" in result.output


def test_rock_and_roll_six_faces_and_a_fair_bank() -> None:
    doc = json.loads(run(["odds", "rock-and-roll", "--json", "--lang", "en"]).stdout)
    assert doc["dice"] == 1 and [c["fraction"] for c in doc["classes"]] == ["1/6"] * 6
    assert [c["name"] for c in doc["classes"]][:2] == ["Nine (Black)", "Ace (Black)"]
    assert {n["note"]: n["fraction"] for n in doc["notes"]} == {"bank_edge_colour": "0", "bank_edge_face": "0"}


def test_rules_show_prints_the_banks_edge() -> None:
    text = run(["rules", "show", "lustige-sieben"]).stdout
    assert "Vorteil der Bank je gesetztem Chip" in text and "35101/248832" in text and "1/12" in text
    doc = json.loads(run(["rules", "show", "zehnerspiel-netto", "--json"]).stdout)
    assert doc["bank_edges"] == [{"field": "under", "name": "unter 10", "edge": -0.125, "fraction": "-1/8"}]
    assert "bank_edges" not in json.loads(run(["rules", "show", "jule", "--json"]).stdout)
