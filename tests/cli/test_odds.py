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
