"""Elf hoch (Hasard 10), explained from its rules: the ante and the number of pots change the text; the example pot
is played through the game's own chip ledger."""

from __future__ import annotations

import dataclasses
from typing import Any

from wuerfel.engine import counts
from wuerfel.engine.components import Goal, Phrase
from wuerfel.engine.errors import N_
from wuerfel.engine.explain import Section
from wuerfel.games.hasard.explain.common import begins, section, started, thrown, void_throw

GOAL = N_("Throw 11 and take the pot; 12 doubles it, less pays the difference to 11")
POT = N_("Pot {pot} of {pots}")


def goal(state: Any) -> Goal:
    """The aim, and which pot of several the table plays for (the chips beside it show the pot)."""
    pots = int(state.rules.pots)
    progress = None
    if pots > 1 and state.phase == "throw":
        progress = Phrase(POT, {"pot": state.pot_no + 1, "pots": pots})
    return Goal(Phrase(GOAL), progress)


def explain(rules: Any, players: int) -> list[Section]:
    from wuerfel.games.hasard import elf_hoch as game

    ante, pots = int(rules.ante), int(rules.pots)
    one_pot = dataclasses.replace(rules, pots=1)
    s0 = started(game.INFO.make, one_pot)
    s1 = thrown(s0, (3, 5))
    s2 = thrown(s1, (6, 6))
    s3 = thrown(s2, (5, 6))
    assert s3.is_terminal() and s3.takers == (2,)
    net = s3.payoffs()
    return [
        section("goal", Phrase(N_("Throw 11 with two dice and take everything in the pot."))),
        section(
            "turn",
            begins(rules),
            Phrase(
                N_(
                    "At the start everybody puts {ante} into the pot. Then each player in turn throws the two "
                    "dice once. 11 takes the whole pot. 12 doubles the pot: the thrower pays in as much as it "
                    "holds. Any other sum pays the difference to 11 into the pot: a 7 pays {p7}, a 2 pays "
                    "{p2}."
                ),
                {
                    "ante": counts.chips(ante),
                    "p7": counts.chips(game.payment(7, 0)),
                    "p2": counts.chips(game.payment(2, 0)),
                },
            ),
            Phrase(
                N_(
                    "A game is {pots} pots. After each, everybody puts {ante} in again, and the next pot is "
                    "begun by the left neighbour of the player who began the last one."
                ),
                {"pots": pots, "ante": counts.chips(ante)},
            )
            if pots > 1
            else None,
            void_throw(),
        ),
        section(
            "scoring",
            Phrase(
                N_(
                    "Example: the pot holds {p0}. Anna throws 3 + 5 = 8 and pays {a} (the pot now holds {p1}); "
                    "Ben throws 12 and pays {b}, as much as the pot holds ({p2} now); Clara throws 11 and takes "
                    "all {p2}."
                ),
                {
                    "p0": counts.chips(s0.ledger.pot),
                    "a": counts.chips(s1.ledger.pot - s0.ledger.pot),
                    "p1": counts.chips(s1.ledger.pot),
                    "b": counts.chips(s2.ledger.pot - s1.ledger.pot),
                    "p2": counts.chips(s2.ledger.pot),
                },
            ),
        ),
        section(
            "end",
            Phrase(N_("The game ends when somebody throws 11 and takes the pot."))
            if pots == 1
            else Phrase(N_("The game ends when the last of the {pots} pots is taken."), {"pots": pots}),
            Phrase(
                N_("Chips may go below zero: that is a debt. Whoever has the fewest chips at the end is the loser.")
            ),
        ),
        section(
            "payments",
            Phrase(
                N_(
                    "Everything goes through the pot: the antes and every payment go in, and the player who "
                    "throws 11 takes it all."
                )
            ),
            Phrase(
                N_("In the example Anna ends at {a}, Ben at {b} and Clara at {c}."),
                {"a": counts.chips(net[0]), "b": counts.chips(net[1]), "c": counts.chips(net[2])},
            ),
        ),
    ]
