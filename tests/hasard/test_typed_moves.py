"""Moves typed in words in the terminal (``parse_action_text``): Escalero rows and kept dice, Lustige Sieben
stakes. A typed move that the rules forbid is refused by the engine with its reason and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from wuerfel.engine.errors import IllegalAction
from wuerfel.engine.game import Roll
from wuerfel.engine.pokerdice import parse_poker_dice
from wuerfel.engine.registry import get_game
from wuerfel.games.hasard.common import Lot
from wuerfel.games.hasard.escalero import Enter, Keep, Strike
from wuerfel.games.hasard.lustige_sieben import Done, Stake


def escalero_after_throw(dice: str) -> Any:
    s = get_game("escalero").new_game(None, 2).new_initial_state().apply_outcome(Lot(0))
    return s.apply_outcome(Roll(parse_poker_dice(dice)))


def test_escalero_rows_and_kept_dice_in_words() -> None:
    s = escalero_after_throw("A A D D 9")
    read = s.parse_action_text
    assert read("Damen", 0) == Enter(3) and read("queens", 0) == Enter(3) and read("asse", 0) == Enter(5)
    assert read("Full Hand", 0) == Enter(7) and read("poker", 0) == Enter(8)
    assert read("Fünfling serviert", 0) == Enter(10)
    assert read("Damen streichen", 0) == Strike(3) and read("cross out queens", 0) == Strike(3)
    assert read("A A D", 0) == Keep(parse_poker_dice("A A D")) and read("A A stehen lassen", 0) == Keep((6, 6))
    for bad in ("", "Bubenstück", "streichen", "A A X"):
        with pytest.raises(IllegalAction):
            read(bad, 0)
    assert read("Damen", 0) in s.legal_actions(0)
    with pytest.raises(IllegalAction, match="leave dice standing that you have thrown"):
        s.apply_action(read("K K", 0))


def test_lustige_sieben_stakes_in_words() -> None:
    s = get_game("lustige-sieben").new_game(None, 3).new_initial_state().apply_outcome(Lot(0))
    read = s.parse_action_text
    assert read("3 auf 7", 1) == Stake(7, 3) and read("2 Chips auf die 11", 1) == Stake(11, 2)
    assert read("1 chip on 12", 1) == Stake(12, 1)
    assert read("fertig", 1) == Done() and read("Done", 1) == Done()
    with pytest.raises(IllegalAction):
        read("drei auf sieben", 1)
    with pytest.raises(IllegalAction, match="no field 13"):
        s.apply_action(read("1 auf 13", 1), 1)
    with pytest.raises(IllegalAction, match="1 to 5 chips"):
        s.apply_action(read("9 auf 7", 1), 1)
