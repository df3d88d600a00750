"""Every bust says what it cost, and a failed confirmation is not called a Niete (issue #11, section 3): the record
names the failed confirmation, and the throw's label in the move list explains the lost turn."""

from __future__ import annotations

from wuerfel.engine.game import Roll

from .game_helpers import new, roll, take, throw


def _hot_dice_then_confirm() -> object:
    """zehntausend-350: all six dice set aside, so the next throw must confirm with at least 350 points."""
    s = throw(new("zehntausend-350"), 1, 1, 1, 5, 5, 5)
    s = take(s, 1, 1, 1, 5, 5, 5)
    s = roll(s)
    assert s.turn.confirm == 350 and s.is_chance()
    return s


def test_a_throw_that_scores_too_little_to_confirm_is_no_niete() -> None:
    s = _hot_dice_then_confirm()
    label = s.describe_outcome(Roll((2, 2, 3, 3, 5, 6)), "de")
    assert label == ("2 2 3 3 5 6 — zählt, aber weniger als die 350 Punkte zum Bestätigen: Zug verloren (1500 Punkte)")
    after = throw(s, 2, 2, 3, 3, 5, 6)
    events = [e["event"] for e in after.view(0)["previous_turn"]["history"]]
    assert "confirm_failed" in events and "niete" not in events
    assert s.describe_outcome(Roll((2, 2, 3, 3, 5, 6)), "en").endswith(
        "scores, but less than the 350 points needed to confirm: turn lost (1500 points)"
    )


def test_a_niete_says_what_the_turn_lost() -> None:
    s = _hot_dice_then_confirm()
    assert s.describe_outcome(Roll((2, 2, 3, 3, 4, 6)), "de") == "2 2 3 3 4 6 — Niete: Zug verloren (1500 Punkte)"
    after = throw(s, 2, 2, 3, 3, 4, 6)
    assert "niete" in [e["event"] for e in after.view(0)["previous_turn"]["history"]]
    # A throw the player goes on with says only its dice.
    assert s.describe_outcome(Roll((1, 1, 1, 2, 3, 4)), "de") == "1 1 1 2 3 4"
