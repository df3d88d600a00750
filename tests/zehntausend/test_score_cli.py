"""``wuerfel score``: the stable JSON contract, stdin batch mode, errors with exit code 2, German table output."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wuerfel.cli.main import _load_subcommands, app
from wuerfel.engine.dice import multisets
from wuerfel.games.zehntausend.melds import legal_selections
from wuerfel.games.zehntausend.options import load_rules

_load_subcommands()
runner = CliRunner()


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_json_contract_for_one_throw() -> None:
    code, out, _ = run("score", "--rules", "zehntausend-350", "--json", "3", "3", "3", "3", "1", "5")
    assert code == 0
    doc = json.loads(out)
    assert set(doc) == {"rules", "dice", "niete", "selections"}
    assert doc["rules"] == "zehntausend-350" and doc["dice"] == [1, 3, 3, 3, 3, 5] and doc["niete"] is False
    first = doc["selections"][0]
    assert set(first) == {"dice", "points", "melds"}
    assert first == {
        "dice": [1, 3, 3, 3, 3, 5],
        "points": 750,
        "melds": [
            {"name": "kind", "dice": [3, 3, 3, 3], "points": 600},
            {"name": "one", "dice": [1], "points": 100},
            {"name": "five", "dice": [5], "points": 50},
        ],
    }
    for sel in doc["selections"]:
        assert sel["points"] == sum(m["points"] for m in sel["melds"])
        assert set(sel["melds"][0]) == {"name", "dice", "points"}
    points = [(-s["points"], -len(s["dice"]), s["dice"]) for s in doc["selections"]]
    assert points == sorted(points)


def test_niete_document() -> None:
    code, out, _ = run("score", "--rules", "macke-klassisch", "--json", "6", "6", "6", "2", "3")
    assert code == 0
    assert json.loads(out) == {"rules": "macke-klassisch", "dice": [2, 3, 6, 6, 6], "niete": True, "selections": []}


def test_dice_forms_are_accepted() -> None:
    a = run("score", "--rules", "macke-6", "--json", "1-2-3-4-5-1")[1]
    b = run("score", "--rules", "macke-6", "--json", "123451")[1]
    c = run("score", "--rules", "macke-6", "--json", "1", "2", "3", "4", "5", "1")[1]
    assert a == b == c and json.loads(a)["selections"][0]["points"] == 1100


def test_stdin_all_462_six_dice_throws_in_order() -> None:
    throws = multisets(6)
    assert len(throws) == 462
    text = "\n".join(" ".join(map(str, t)) for t in throws) + "\n"
    code, out, _ = run("score", "--rules", "zehntausend-350", "--json", stdin=text)
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == 462
    rules = load_rules("zehntausend-350")
    for t, line in zip(throws, lines, strict=True):
        doc = json.loads(line)
        assert doc["dice"] == list(t)
        expected = legal_selections(rules, t)
        assert doc["niete"] is (not expected)
        assert [s["points"] for s in doc["selections"]] == [s.points for s in expected]
        assert [s["dice"] for s in doc["selections"]] == [list(s.dice) for s in expected]


def test_stdin_scores_a_blank_line_as_the_empty_throw_and_reports_bad_lines() -> None:
    code, out, _ = run("score", "--rules", "macke-klassisch", "--json", stdin="1 1 5\n\n2 2 2 3 4\n")
    assert code == 0 and [json.loads(x)["niete"] for x in out.splitlines()] == [False, True, True]
    assert json.loads(out.splitlines()[1]) == {"rules": "macke-klassisch", "dice": [], "niete": True, "selections": []}
    code, out, err = run("score", "--rules", "macke-klassisch", "--json", stdin="1 1 5\n1 2 8\n5\n")
    assert code == 2
    assert len(out.splitlines()) == 1  # the good line before the bad one was answered
    assert "Zeile 2" in err and "8" in err


@pytest.mark.parametrize(
    ("args", "de", "en"),
    [
        (["1", "2", "7"], "keine Augenzahl", "not a die face"),
        (["1", "x"], "keine Augenzahl", "not a die face"),
        (["1", "1", "1", "1", "1", "1"], "1 bis 5 Würfel", "1 to 5 dice"),
        (["0"], "keine Augenzahl", "not a die face"),
    ],
)
def test_bad_dice_are_refused_with_exit_code_2(args: list[str], de: str, en: str) -> None:
    code, out, err = run("score", "--rules", "macke-klassisch", *args)
    assert code == 2 and out == "" and de in err
    code, out, err = run("score", "--rules", "macke-klassisch", "--lang", "en", *args)
    assert code == 2 and en in err


def test_unknown_rules_and_invalid_file_are_refused(tmp_path: Path) -> None:
    code, _, err = run("score", "--rules", "keine-solchen-regeln", "1")
    assert code == 2 and "keine-solchen-regeln" in err
    bad = tmp_path / "bad.toml"
    bad.write_text('[overlay]\nid = "bad"\nextends = "macke-6"\n[dice]\ncount = 8\n', encoding="utf-8")
    code, _, err = run("score", "--rules", str(bad), "1")
    assert code == 2 and "dice.count" in err


def test_users_overlay_file_as_rules(tmp_path: Path) -> None:
    f = tmp_path / "hausregel.toml"
    f.write_text('[overlay]\nid = "hausregel"\nextends = "macke-klassisch"\n[scoring]\nfive = 60\n', encoding="utf-8")
    code, out, _ = run("score", "--rules", str(f), "--json", "5")
    assert code == 0
    doc = json.loads(out)
    assert doc["rules"] == "hausregel" and doc["selections"][0]["points"] == 60


def test_human_table_is_german_by_default_and_english_on_request() -> None:
    code, out, _ = run("score", "--rules", "macke-klassisch", "2", "2", "2", "1", "4")
    assert code == 0 and "Würfel" in out and "Punkte" in out and "3er-Pasch" in out and "300" in out
    code, out, _ = run("score", "--rules", "macke-klassisch", "--lang", "en", "2", "2", "2", "1", "4")
    assert code == 0 and "Points" in out and "3 of a kind" in out
    code, out, _ = run("score", "--rules", "macke-klassisch", "6", "6", "6", "2", "3")
    assert code == 0 and "Niete" in out
    code, out, _ = run("score", "--rules", "einfach+sechserpasch", "4", "4", "4", "4", "4", "4")
    assert code == 0 and "sofort gewonnen" in out
