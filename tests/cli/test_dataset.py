"""``wuerfel dataset`` (issue 27 §3): labelled positions for supervised learning — the same seed gives the same
file, every line replays to its position, and its values are the exact solver's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.helpers import run
from wuerfel.cli.dataset import position_state
from wuerfel.engine.record import GameRecord
from wuerfel.engine.registry import get_game
from wuerfel.solvers.labels import exact_labels, solitaire_game


def write(tmp_path: Path, name: str, *args: str) -> Path:
    out = tmp_path / name
    result = run(["dataset", *args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out


def test_lines_replay_to_their_positions_with_the_solvers_values(tmp_path: Path) -> None:
    out = write(tmp_path, "a.jsonl", "kniffel", "--positions", "14", "--seed", "5", "--explore", "0.3")
    again = write(tmp_path, "b.jsonl", "kniffel", "--positions", "14", "--seed", "5", "--explore", "0.3")
    assert out.read_bytes() == again.read_bytes()
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["position"] for r in rows] == list(range(14))
    info = get_game("wuerfelspiel")
    game = info.new_game(info.load_rules("kniffel"), 1)
    labels = exact_labels(game)
    for row in rows:
        state = GameRecord.from_json(row["record"]).replay()
        assert position_state(row["record"]).view(0) == state.view(0)
        assert state.view(0) == row["view"]
        values = labels.action_values(state)
        assert [a["action"] for a in row["actions"]] == [a.to_json() for a in values]
        assert [a["value"] for a in row["actions"]] == pytest.approx(list(values.values()), abs=1e-9)
        assert row["optimal_value"] == pytest.approx(max(values.values()), abs=1e-9)
        ids = [a["id"] for a in row["actions"]]
        assert all(isinstance(i, int) for i in ids) and len(set(ids)) == len(ids)
    other = write(tmp_path, "c.jsonl", "kniffel", "--positions", "14", "--seed", "6", "--explore", "0.3")
    assert other.read_bytes() != out.read_bytes()


def test_parquet_has_the_same_rows(tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    lines = write(tmp_path, "a.jsonl", "sechzerspiel", "--positions", "8", "--seed", "2")
    table = pq.read_table(write(tmp_path, "a.parquet", "sechzerspiel", "--positions", "8", "--seed", "2"))
    rows = [json.loads(line) for line in lines.read_text(encoding="utf-8").splitlines()]
    assert table.column("optimal_value").to_pylist() == [r["optimal_value"] for r in rows]
    assert table.column("values").to_pylist() == [[a["value"] for a in r["actions"]] for r in rows]


def test_refusals_name_the_problem(tmp_path: Path) -> None:
    result = run(["dataset", "kniffel", "--explore", "2", "--out", str(tmp_path / "x.jsonl"), "--lang", "en"])
    assert result.exit_code != 0 and "--explore" in result.output
    result = run(
        [
            "dataset",
            "wuerfelspiel",
            "--rules",
            "brettspielnetz",
            "--positions",
            "1",
            "--out",
            str(tmp_path / "x.jsonl"),
            "--lang",
            "en",
        ]
    )
    assert result.exit_code != 0 and "no exact labels" in result.output
    result = run(["dataset", "jule", "--positions", "2", "--out", str(tmp_path / "x.jsonl"), "--lang", "en"])
    assert result.exit_code != 0 and "no decision" in result.output  # not an endless search for one


def test_a_hand_game_alone_is_its_solo_objective(tmp_path: Path) -> None:
    """Quinze's solo objective is one turn played alone: its lines replay on the one-seat game."""
    out = write(tmp_path, "q.jsonl", "quinze", "--positions", "6", "--seed", "1")
    info = get_game("quinze")
    labels = exact_labels(solitaire_game(info, info.load_rules(None)))
    for line in out.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        values = labels.action_values(position_state(row["record"]))
        assert [a["value"] for a in row["actions"]] == pytest.approx(list(values.values()), abs=1e-12)
