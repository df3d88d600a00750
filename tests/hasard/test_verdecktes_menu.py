"""The announcement menu of Verdecktes Würfelpoker is the game's (issue 26: no rule in JavaScript): every legal
announcement named by class, ranks and kickers in the reader's language, the truth offered to the thrower alone.
The web table used to rebuild the hand names and the class/rank grouping of the poker keys in JavaScript."""

from __future__ import annotations

import json
from typing import Any

from wuerfel.engine.components import components_json
from wuerfel.engine.game import Roll
from wuerfel.engine.pokerdice import parse_poker_dice

from .test_verdecktes import new_state


def _menu(state: Any, seat: int, lang: str) -> dict[str, Any] | None:
    comps = components_json(state.components(seat), lang, ["Anna", "Ben", "Cem"])
    menus = [c for c in comps if c["kind"] == "menu"]
    return menus[0] if menus else None


def _by_hand(menu: dict[str, Any]) -> dict[tuple[int, ...], dict[str, Any]]:
    return {tuple(o["action"]["hand"]): o for o in menu["options"]}


def test_every_legal_announcement_is_named_on_each_step_in_both_languages() -> None:
    s = new_state(3).apply_outcome(Roll(parse_poker_dice("D D D K 9")))
    de, en = _menu(s, 0, "de"), _menu(s, 0, "en")
    assert de is not None and en is not None
    legal = sorted(json.dumps(a.to_json(), sort_keys=True) for a in s.legal_actions(0))
    assert sorted(json.dumps(o["action"], sort_keys=True) for o in de["options"]) == legal
    # Drilling Damen (class 3, queens = 4): the short form is preset, the kickers a step further.
    assert _by_hand(de)[(3, 4)]["path"] == ["Drilling", "Drilling Damen"] and _by_hand(de)[(3, 4)]["preset"]
    assert _by_hand(en)[(3, 4)]["path"] == ["Three alike", "Three queens"]
    assert _by_hand(de)[(3, 4, 6, 1)]["path"] == ["Drilling", "Drilling Damen", "As Neun"]
    assert _by_hand(en)[(3, 4, 6, 1)]["path"] == ["Three alike", "Three queens", "Ace Nine"]
    assert not _by_hand(de)[(3, 4, 6, 1)]["preset"]
    assert (de["none"], en["none"]) == ("keine", "none")
    # The truth is the thrower's own hand in full: Drilling Damen, König Neun.
    truths = [(tuple(o["action"]["hand"]), o["shortcut"]) for o in en["options"] if o["shortcut"]]
    assert truths == [((3, 4, 5, 1), "The truth: Three queens, King Nine")]
    assert [o["shortcut"] for o in de["options"] if o["shortcut"]] == ["Die Wahrheit: Drilling Damen, König Neun"]


def test_only_the_announcer_gets_the_menu() -> None:
    s = new_state(3).apply_outcome(Roll(parse_poker_dice("D D D K 9")))
    assert _menu(s, 1, "de") is None and _menu(s, None, "de") is None
    called = s.apply_action(s.legal_actions(0)[0], 0)
    assert all(_menu(called, p, "en") is None for p in (0, 1, 2))
