"""``wuerfel analyse``: the JSON contract of the exact post-game analysis, its text, and clear refusals."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.helpers import run
from tests.engine.test_analysis import play
from wuerfel.engine.analysis import TIE


def test_cli_json_shape_and_refusal(tmp_path: Path) -> None:
    path = tmp_path / "ohio.json"
    path.write_text(play("ohio", None, 2, "heuristic", seed=7).dumps(), encoding="utf-8")
    r = run(["analyse", str(path), "--json"])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert {"game", "rules", "unit", "decisions", "seats"} <= doc.keys()
    assert doc["game"] == "ohio" and doc["unit"] == "points"
    for d in doc["decisions"]:
        assert {"index", "seat", "chosen", "best", "loss"} <= d.keys()
        assert d["loss"] >= 0.0 and (d["loss"] == 0.0) == (d["chosen_value"] >= d["best_value"] - TIE)
    for s in doc["seats"]:
        assert {"name", "decisions", "loss", "accuracy"} <= s.keys()
    assert [s["name"] for s in doc["seats"]] == ["P0", "P1"]
    assert any(d["loss"] > 0 for d in doc["decisions"])  # the rule-of-thumb bot is not perfect
    text = run(["analyse", str(path), "--lang", "en"])
    assert text.exit_code == 0 and "Accuracy" in text.output and "Decisive mistakes at step" in text.output
    german = run(["analyse", str(path)])
    assert german.exit_code == 0 and "Genauigkeit" in german.output and "Entscheidende Fehler" in german.output
    jule = tmp_path / "jule.json"
    jule.write_text(play("jule", None, 2, "random").dumps(), encoding="utf-8")
    de = run(["analyse", str(jule)])
    assert de.exit_code == 2 and "keine exakte Analyse" in de.output
    en = run(["analyse", str(jule), "--lang", "en"])
    assert en.exit_code == 2 and "no exact analysis" in en.output
    missing = run(["analyse", str(tmp_path / "nope.json")])
    assert missing.exit_code == 2
