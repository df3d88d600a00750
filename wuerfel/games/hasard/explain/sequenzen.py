"""Sequenzen (Hasard 16), explained from its rules: the throws and whom they bind, the keep-two variant, the void
round and the throw-off for last place change the text; the example hands are compared by the game's own result."""

from __future__ import annotations

from typing import Any

from wuerfel.engine.components import Goal, Phrase
from wuerfel.engine.errors import N_
from wuerfel.engine.explain import Section
from wuerfel.games.hasard.explain.common import begins, last_place, loser_round, section, started, void_throw

GOAL = N_("Highest sequence wins: 1-2-3 < 2-3-4 < 3-4-5 < 4-5-6; nothing else counts")


def goal() -> Goal:
    """The four hands that count, in their order (the throws left stand beside the dice)."""
    return Goal(Phrase(GOAL))


def explain(rules: Any, players: int) -> list[Section]:
    from wuerfel.games.hasard import sequenzen as game

    most = int(rules.max_throws)
    state = started(game.INFO.make, rules)
    anna, ben, clara = (
        state.hand_result((3, 4, 5), 2, 0),
        state.hand_result((3, 4, 5), 1, 0),
        state.hand_result((1, 2, 3), 1, 0),
    )
    assert ben > anna > clara
    throws = (
        Phrase(
            "In his turn a player throws all three dice, up to {n} time; after each throw he may stop. "
            "The last throw counts, so giving up a sequence for another throw can cost it.",
            {"n": most},
            plural="In his turn a player throws all three dice, up to {n} times; after each throw he may "
            "stop. The last throw counts, so giving up a sequence for another throw can cost it.",
        )
        if most > 1
        else Phrase(N_("Every player has exactly one throw of the three dice."))
    )
    limit = None
    if most > 1:
        limit = (
            Phrase(
                N_(
                    "The others then play their turns the same way, but may throw no more often than the "
                    "round's first player did."
                )
            )
            if rules.inherit_limit
            else Phrase(
                "The others then play their turns the same way; everybody may use all {n} throw.",
                {"n": most},
                plural="The others then play their turns the same way; everybody may use all {n} throws.",
            )
        )
    keep_two = (
        Phrase(
            N_(
                "Variant: at the second or third throw you may leave two dice standing and throw only the "
                "third; throwing all three again is still allowed."
            )
        )
        if rules.keep_two and most > 1
        else None
    )
    return [
        section(
            "goal",
            Phrase(
                N_(
                    "Throw the highest sequence with three dice. Only 1-2-3, 2-3-4, 3-4-5 and 4-5-6 "
                    "count, in this order; any other throw is nothing."
                )
            ),
        ),
        section("turn", begins(rules), throws, limit, keep_two, void_throw()),
        section(
            "scoring",
            Phrase(
                N_(
                    "On the same sequence, whoever needed fewer throws is ahead. Example: Anna has 3-4-5 after "
                    "2 throws, Ben 3-4-5 after 1 throw: Ben is ahead of Anna. Clara's 1-2-3 loses to both, and "
                    "a throw such as 2-4-6 is nothing at all."
                )
            )
            if most > 1
            else Phrase(N_("Example: Anna throws 3-4-5, Ben 4-5-6, Clara 2-4-6: Ben wins, and Clara has nothing.")),
        ),
        section(
            "end",
            Phrase(
                N_(
                    "The highest sequence wins; a game is one round. If the best are level in sequence and "
                    "throws, only they throw off: one more turn each under the round's limit, again while "
                    "they are level."
                )
            ),
            Phrase(N_("If nobody has a sequence, the round does not count and the same first player begins it again."))
            if rules.void_when_nothing
            else Phrase(N_("If nobody has a sequence, fewer throws decide as with any equal result.")),
            last_place(bool(rules.settle_loser)),
            loser_round() if rules.settle_loser else None,
        ),
    ]
