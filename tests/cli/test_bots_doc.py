"""docs/bots.md's example bot module runs as printed (issue 27 §4, item 4): both of its bots play a ladder against
the project's bots, every move checked by the engine."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from wuerfel.cli.ladder import run_ladder
from wuerfel.engine.registry import get_game

DOC = Path(__file__).resolve().parents[2] / "docs" / "bots.md"


def example_module() -> str:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)
    assert len(blocks) == 1, "docs/bots.md shows one complete bot module"
    return blocks[0]


def test_the_documented_bot_module_plays_a_ladder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    (tmp_path / "mybot.py").write_text(example_module(), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("mybot", None)  # another test's module of that name is not this one
    request.addfinalizer(lambda: sys.modules.pop("mybot", None))
    doc = run_ladder(get_game("zehntausend"), None, ["random", "mybot:Greedy", "mybot:careful"], games=4, seed=1)
    assert {b["bot"] for b in doc["bots"]} == {"random", "mybot:Greedy", "mybot:careful"}
    assert all(b["games"] == 8 for b in doc["bots"])
    assert doc["bots"][-1]["bot"] == "random"  # either documented bot is better than random play
    text = DOC.read_text(encoding="utf-8")
    assert "wuerfel ladder zehntausend --bots random,heuristic,mybot:Greedy,mybot:careful" in text
    assert "wuerfel bot run mybot:Greedy" in text
