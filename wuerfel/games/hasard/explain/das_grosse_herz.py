"""Das große Herz (Hasard 6), explained: the only option is who begins; the example of a number passed on is
played on the game's own state."""

from __future__ import annotations

from typing import Any

from wuerfel.engine.components import Goal, Phrase
from wuerfel.engine.errors import N_
from wuerfel.engine.explain import Section
from wuerfel.games.hasard.explain.common import begins, loser_round, replaced, section, started, thrown, void_throw

GOAL = N_("Fill the six chambers of your heart with 1 to 6; whoever is last with an empty chamber loses")


def goal() -> Goal:
    """The aim on the felt; the hearts beside it show the chambers filled."""
    return Goal(Phrase(GOAL))


def explain(rules: Any, players: int) -> list[Section]:
    from wuerfel.games.hasard import das_grosse_herz as game

    ben = 0b101011  # 1, 2, 4 and 6
    before = replaced(started(game.INFO.make, rules), hearts=(0b111011, ben, 0b000001), seat=1)
    after = thrown(before, (4,))
    assert after.receiver == 2 and after.seat == 2  # Clara enters the 4, and the next throw is hers (Ben's left)
    lapsed = thrown(replaced(before, hearts=(0b111011, ben, 0b001001)), (4,))
    assert lapsed.receiver is None
    return [
        section(
            "goal",
            Phrase(
                N_(
                    "Fill all six chambers of your heart, one with each number from 1 to 6. Whoever is "
                    "the last to have an empty chamber loses."
                )
            ),
        ),
        section(
            "turn",
            begins(rules),
            Phrase(
                N_(
                    "Everybody draws a big heart divided into six chambers, one for each number 1 to 6. Each "
                    "turn is one throw of one die. If the thrower's chamber for that number is still empty, "
                    "he enters it. If he cannot use it, the number goes to his left neighbour, then to the "
                    "next, and so on: the first player who still needs it enters it. If nobody can use it, "
                    "the throw lapses."
                )
            ),
            Phrase(
                N_(
                    "Either way, the next throw belongs to the thrower's left neighbour. A player whose heart "
                    "is full is out of the game and is skipped, also when a number is passed on."
                )
            ),
            void_throw(),
        ),
        section(
            "scoring",
            Phrase(N_("Nothing is added up; only the filled chambers count.")),
            Phrase(
                N_(
                    "Example: Ben has 1, 2, 4 and 6. He throws a 4, which he cannot use. His left neighbour "
                    "Clara has only the 1, so she enters the 4 and throws next herself. Had Clara had the 4 "
                    "too, it would have gone on to Anna; she has it as well, so the throw would have "
                    "lapsed."
                )
            ),
            Phrase(
                N_("So Ben keeps {ben} chambers filled, and Clara now has {clara}."),
                {"ben": bin(after.hearts[1]).count("1"), "clara": bin(after.hearts[2]).count("1")},
            ),
        ),
        section(
            "end",
            Phrase(
                N_(
                    "The first to fill his heart wins; the others follow in the order they fill theirs. When "
                    "only one player still has empty chambers, the game ends: he is the loser."
                )
            ),
            loser_round(),
        ),
    ]
