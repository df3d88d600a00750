"""``wuerfel rules explain``: how to play from the rules in force, as text or JSON, for a rule set, a file of one's
own and a number of players; refusals in the reader's language."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.helpers import run


def test_explain_a_rule_set_in_english() -> None:
    r = run(["rules", "explain", "zehntausend", "--rules", "zehntausend-350", "--lang", "en"])
    assert r.exit_code == 0, r.output
    out = r.output
    assert out.startswith("Ten Thousand — ")
    for title in ("Goal", "A turn", "Scoring", "The end", "Variants at this table"):
        assert f"\n{title}\n" in out, title
    assert "at least 350 points in the turn" in " ".join(out.split())
    assert "3 minus marks in a row" in " ".join(out.split())


def test_explain_as_json() -> None:
    r = run(["rules", "explain", "zehntausend", "--rules", "farkle", "--players", "3", "--json"])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.output)
    assert (doc["game"], doc["rules"], doc["lang"], doc["players"]) == ("zehntausend", "farkle", "de", 3)
    assert [s["key"] for s in doc["sections"]] == ["goal", "turn", "scoring", "end"]
    assert "Du beginnst deinen Zug mit allen 6 Würfeln" in doc["sections"][1]["text"]
    kniffel = json.loads(run(["rules", "explain", "kniffel", "--json", "--lang", "en"]).output)
    assert kniffel["game"] == "wuerfelspiel" and kniffel["rules"] == "kniffel"  # "explain kniffel": the rule set


def test_explain_a_rules_file_of_ones_own(tmp_path: Path) -> None:
    f = tmp_path / "bei-uns.toml"
    f.write_text(
        '[overlay]\nextends = "macke-klassisch"\n\n[game]\ntarget = 3000\n\n[turn]\nmax_throws = 4\n', encoding="utf-8"
    )
    r = run(["rules", "explain", "zehntausend", "--rules", str(f), "--json"])
    assert r.exit_code == 0, r.output
    text = "\n".join(s["text"] for s in json.loads(r.output)["sections"])
    assert "Wer zuerst 3000 Punkte oder mehr hat, gewinnt." in text
    assert "Du würfelst höchstens 4-mal pro Zug" in text


def test_refusals() -> None:
    many = run(["rules", "explain", "zehntausend", "--players", "9", "--lang", "en"])
    assert many.exit_code != 0 and "Ten Thousand is played by 1 to 8 players." in many.output
    unknown = run(["rules", "explain", "nope"])
    assert unknown.exit_code != 0 and "nope" in unknown.output


def test_the_terminal_draws_the_games_goal_line() -> None:
    """The goal on the felt in the terminal too: a game's own renderer gets the Goal the web table shows."""
    r = run(
        [
            "play",
            "zehntausend",
            "--rules",
            "macke-klassisch+ziel-5000",
            "--players",
            "Anna,bot:heuristic",
            "--dice",
            "seed:4",
            "--pause",
            "0",
        ],
        ["", "q", ""],
    )  # throw, quit, save nothing
    assert "Ziel: 5000 Punkte" in r.output and "Noch: Anna 5000" in r.output, r.output[-2000:]
    r = run(
        ["play", "wuerfelspiel", "--players", "Anna", "--dice", "seed:4", "--pause", "0", "--lang", "en"], ["", "q", ""]
    )
    assert "Highest total after 39 turns · columns ×1, ×2, ×3" in r.output and "Round 1 of 39" in r.output, r.output


def test_the_heading_names_a_rule_set_named_like_its_game_once() -> None:
    """Re-audit of issue 24: "Doppeltes Lottchen — Doppeltes Lottchen" (and in English "Tens (Zehnerspiel) — Tens")
    headed the explanation of a game played by its book's rules; a rule set of another name is still named."""
    first = run(["rules", "explain", "doppeltes-lottchen"]).output.splitlines()[0]
    assert first.strip() == "Doppeltes Lottchen"
    assert (
        run(["rules", "explain", "zehnerspiel", "--lang", "en"]).output.splitlines()[0].strip() == "Tens (Zehnerspiel)"
    )
    assert run(["rules", "explain", "zehnerspiel", "--rules", "zehnerspiel-netto"]).output.startswith("Zehnerspiel — ")
