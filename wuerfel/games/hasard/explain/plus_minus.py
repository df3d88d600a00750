"""Plus – minus (Hasard 3), explained from its rules: the reading of "wer einen Minuswert erreicht, darf
weitermachen" in force changes the turn and its example; the numbers are played on the game's own state."""

from __future__ import annotations

from typing import Any

from wuerfel.engine.components import Goal, Phrase
from wuerfel.engine.errors import N_
from wuerfel.engine.explain import Section
from wuerfel.games.hasard.explain.common import (
    begins,
    last_place,
    loser_round,
    section,
    signed_sum,
    started,
    thrown,
    void_throw,
)

GOAL = N_("Highest total after 9 throws; throws 3, 6 and 9 count minus")
NEXT = {
    (False, False): N_("Throw {k} of {n} counts plus"),
    (False, True): N_("Throw {k} of {n} counts minus"),
    (True, False): N_("New series: throw {k} of {n} counts plus"),
    (True, True): N_("New series: throw {k} of {n} counts minus"),
}
ON = {
    False: N_("Throw {k}, on until no longer below zero: counts plus"),
    True: N_("Throw {k}, on until no longer below zero: counts minus"),
}

SERIES = (5, 4, 6, 3, 2, 1, 6, 6, 2)
NEGATIVE = (1, 1, 6, 1, 1, 6, 1, 2, 6)


def goal(state: Any) -> Goal:
    """The aim, and whether the next throw counts plus or minus (terminal report M3: nothing said which throws are
    subtracted)."""
    from wuerfel.games.hasard.plus_minus import THROWS, signed

    progress = None
    if state.phase == "throw":
        k = state.throws + 1
        minus = signed(1, state.throws) < 0
        progress = Phrase(ON[minus] if k > THROWS else NEXT[(bool(state.replaced), minus)], {"k": k, "n": THROWS})
    return Goal(Phrase(GOAL), progress)


def explain(rules: Any, players: int) -> list[Section]:
    from wuerfel.games.hasard import plus_minus as game

    terms = [game.signed(f, i) for i, f in enumerate(SERIES)]
    calc = f"{signed_sum(terms)} = {game.series_total(SERIES)}"
    low = game.series_total(NEGATIVE)
    negative = {
        "carry_on": Phrase(
            N_('A total below zero is allowed and simply stands ("whoever reaches a minus may carry on").')
        ),
        "replace": Phrase(
            N_(
                "Whoever ends his nine throws below zero throws a new series of nine instead, once; "
                "the new result stands, even if it is below zero again."
            )
        ),
        "continue": Phrase(
            N_(
                "Whoever is below zero after nine throws carries on in the same pattern (plus, plus, "
                "minus, …) until his total is zero or more; then his turn ends."
            )
        ),
    }[rules.negative]
    if rules.negative == "continue":
        s = thrown(started(game.INFO.make, rules), *((f,) for f in NEGATIVE), (6,), (6,))
        neg_example = Phrase(
            N_(
                "If a player's series ends at {low}, he throws on: throw 10 counts plus, throw 11 "
                "plus, throw 12 minus, and so on. With 6 and 6 he stands at {total}, and his turn "
                "ends."
            ),
            {"low": low, "total": s.totals[0]},
        )
    elif rules.negative == "replace":
        neg_example = Phrase(
            N_("The series {series} makes {low}: it is thrown away, and a new series counts instead."),
            {"series": ", ".join(map(str, NEGATIVE)), "low": low},
        )
    else:
        neg_example = Phrase(
            N_("The series {series} makes {low}, and that total stands."),
            {"series": ", ".join(map(str, NEGATIVE)), "low": low},
        )
    return [
        section(
            "goal", Phrase(N_("Reach the highest total with nine throws of one die; every third throw is subtracted."))
        ),
        section(
            "turn",
            begins(rules),
            Phrase(
                N_(
                    "Each player in turn throws the die nine times in a row: throw 1 + throw 2 − throw 3 + "
                    "throw 4 + throw 5 − throw 6 + throw 7 + throw 8 − throw 9."
                )
            ),
            negative,
            void_throw(),
        ),
        section(
            "scoring",
            Phrase(
                N_("Example: the throws {series} count {calc}."), {"series": ", ".join(map(str, SERIES)), "calc": calc}
            ),
            neg_example,
        ),
        section(
            "end",
            Phrase(
                N_(
                    "When everybody has had his turn, the highest total wins. If several share it, only they "
                    "throw off: each throws a new series of nine, again while they are still level. The "
                    "throw-off decides only between them and is not added to the totals."
                )
            ),
            last_place(bool(rules.settle_loser)),
            loser_round(),
        ),
    ]
