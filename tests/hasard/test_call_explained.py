"""After "Schwindel!" everybody is told who was right and who paid (issue #11, section 3): the call's label in the
move list says what the cup showed, whose claim held and what went into the pot."""

from __future__ import annotations

from wuerfel.engine.clocks import Pass
from wuerfel.engine.game import Roll
from wuerfel.engine.narration import texts
from wuerfel.engine.pokerdice import parse_poker_dice as P
from wuerfel.engine.registry import get_game
from wuerfel.games.hasard.common import Lot
from wuerfel.games.hasard.poker import DRILLING, VIERLING
from wuerfel.games.hasard.verdecktes_moves import Announce, Challenge


def _state(dice: str, hand: tuple[int, ...]):  # type: ignore[no-untyped-def]
    s = get_game("verdecktes-wuerfelpoker").new_game("verdecktes-wuerfelpoker", 3).new_initial_state()
    return s.apply_outcome(Lot(0)).apply_outcome(Roll(P(dice))).apply_action(Announce(hand))


def test_a_call_on_a_true_announcement_says_the_caller_pays() -> None:
    s = _state("D D D K 9", (DRILLING, 4))
    label = s.describe_action(Challenge(), "de")
    assert label.startswith("Schwindel! — der Becher zeigt ")
    assert label.endswith("die Ansage stimmt, der Rufer zahlt 3 in den Pott")
    assert "the announcement holds, the caller pays 3 into the pot" in s.describe_action(Challenge(), "en")


def test_a_call_on_a_bluff_says_the_announcer_pays_and_what_counts() -> None:
    s = _state("9 10 B D A", (VIERLING, 6)).apply_action(Pass(), 1)
    label = s.describe_action(Challenge(), "de")
    assert "geschwindelt, der Ansager zahlt 3 in den Pott und es gilt" in label
    # Before a call nothing is revealed: "no call" stays as it was.
    assert s.describe_action(Pass(), "de") == "kein Einspruch"


def test_the_view_keeps_the_last_call_after_the_round() -> None:
    s = _state("9 10 B D A", (VIERLING, 6)).apply_action(Pass(), 1).apply_action(Challenge(), 2)
    call = s.view(1)["last_call"]
    assert call == {
        "challenger": 2,
        "announcer": 0,
        "hand": list(s.turns[0].standing),
        "held": False,
        "payer": 0,
        "paid": 3,
    }


def test_a_bank_throw_in_lustige_sieben_says_what_it_paid() -> None:
    from wuerfel.games.hasard.lustige_sieben import Done, Stake

    s = get_game("lustige-sieben").new_game("lustige-sieben", 3).new_initial_state().apply_outcome(Lot(0))
    s = s.apply_action(Stake(2, 3), 1).apply_action(Stake(7, 2), 1).apply_action(Stake(8, 4), 2)
    for p in s.actors():
        s = s.apply_action(Done(), p)
    # the throw's label is its dice; what it moved follows in the announcements, bank and punters named
    assert s.describe_outcome(Roll((5, 1)), "de") == "1 + 5 = 6"
    said = s.announcements(Roll((5, 1)), None, s.apply_outcome(Roll((5, 1))))
    assert texts(said, "de", ["Anna", "Ben", "Cem"]) == [
        "Die Bank (Anna) nimmt 5 ein und zahlt 4 aus",
        "Ben zahlt 5 Chips an die Bank (Anna)",
        "Die Bank (Anna) zahlt Cem 4 Chips",
    ]
    assert texts(said, "en", ["Anna", "Ben", "Cem"])[0] == "The bank (Anna) takes 5 and pays out 4"
