"""The lines the Zehntausend web table shows come from the game's components in both languages (issue 26: no rule
in JavaScript): how the previous turn ended, that all dice scored, and why writing down is refused. The page used to
work these out of the view's turn history itself."""

from __future__ import annotations

from typing import Any

from wuerfel.engine.components import components_json

from .game_helpers import new, roll, take, throw


def _lines(state: Any, lang: str) -> dict[str, str]:
    comps = components_json(state.components(0), lang, ["Anna", "Ben"])
    return {c["key"]: c["text"] for c in comps if c["kind"] == "message" and c["key"]}


def _hot_dice() -> Any:
    """zehntausend-350: all six dice set aside, the turn may go on with the full cup (and must confirm first)."""
    s = throw(new("zehntausend-350"), 1, 1, 1, 5, 5, 5)
    return take(s, 1, 1, 1, 5, 5, 5)


def test_all_dice_scored_and_why_writing_down_is_refused_are_said_by_the_game() -> None:
    s = _hot_dice()
    de, en = _lines(s, "de"), _lines(s, "en")
    assert en["hot_dice"] == "All dice scored — the full cup again!"
    assert de["hot_dice"] != en["hot_dice"] and de["hot_dice"]
    assert en["blocker:confirm"] == "All dice scored: confirm them with another throw first."
    assert de["blocker:confirm"] and de["blocker:confirm"] != en["blocker:confirm"]


def test_the_threshold_a_turn_must_reach_is_named_with_its_number() -> None:
    s = throw(new("zehntausend-350"), 5, 2, 3, 3, 4, 6)
    s = take(s, 5)
    de, en = _lines(s, "de"), _lines(s, "en")
    assert en["blocker:threshold"] == "You need at least 350 points to write down."
    assert "350" in de["blocker:threshold"] and de["blocker:threshold"] != en["blocker:threshold"]


def test_a_failed_confirmation_is_told_as_such_and_a_niete_with_what_it_cost() -> None:
    s = roll(_hot_dice())
    failed = throw(s, 2, 2, 3, 3, 5, 6)
    en = _lines(failed, "en")["previous"]
    assert en == (
        "Anna's throw scored, but less than the 350 points needed to confirm: the turn is lost (1500 points)."
    )
    assert "350" in _lines(failed, "de")["previous"] and "Anna" in _lines(failed, "de")["previous"]
    niete = throw(s, 2, 2, 3, 3, 4, 6)
    assert _lines(niete, "en")["previous"] == "Anna went bust and loses the 1500 points of this turn."
    assert _lines(niete, "de")["previous"] == "Anna hat eine Niete geworfen und verliert die 1500 Punkte dieses Zugs."
