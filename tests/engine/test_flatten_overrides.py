"""Overrides as a nested partial tree keep the preset's other options of the section (found in issue 16's trial: a
Farkle game to 1,000 created with ``{"game": {"target": 1000}}`` lost the preset's end rule, and with it the duel
solver's analysis)."""

from __future__ import annotations

from wuerfel.engine.registry import get_game
from wuerfel.engine.rules import flatten_overrides, set_dotted


def test_a_nested_partial_tree_keeps_the_sections_other_options() -> None:
    info = get_game("zehntausend")
    data = info.resolve("farkle").data
    assert data["game"]["end_rule"] == "immediate"
    pairs = flatten_overrides(info.options_class, {"game": {"target": 1000}})
    assert pairs == [("game.target", 1000)]
    for key, value in pairs:
        data = set_dotted(data, key, value)
    rules = info.rules_from_dict(data)
    assert rules.game.target == 1000 and rules.game.end_rule == "immediate"


def test_dotted_keys_and_tables_are_set_whole() -> None:
    cls = get_game("zehntausend").options_class
    assert flatten_overrides(cls, {"game.target": 500}) == [("game.target", 500)]
    # a table-valued option stays one value (an editor that removed a row must not get it back by a merge)
    assert flatten_overrides(cls, {"scoring": {"kind": {"explicit": {"1": 1000}}}}) == [
        ("scoring.kind.explicit", {"1": 1000})
    ]
    # unknown keys and a section given a plain value pass through for the rules to refuse
    assert flatten_overrides(cls, {"nope": 1, "game": 3}) == [("nope", 1), ("game", 3)]
