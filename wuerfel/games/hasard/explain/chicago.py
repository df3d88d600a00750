"""Chicago and Chicago hoch-tief (Hasard 14, 15), explained from their rules: the throws, whether the first player's
throws bind the others, standing dice, the tie-break, the two-sixes rule, the Bierdeckel that lose and who begins the
next round all change the text. The hands of the examples are scored by the game's own values (web report U1:
"Aufhören mit 69 Punkten" for 2-3-6, and nothing said that 1 = 100, 2 = 60 or that three Bierdeckel lose)."""

from __future__ import annotations

from typing import Any

from wuerfel.engine.components import Goal, Phrase
from wuerfel.engine.errors import N_
from wuerfel.engine.explain import Section
from wuerfel.games.hasard.explain.common import begins, section, void_throw

HOCH_VALUES = N_("1 = 100, 2 = 60, highest wins")
HOCH_TIEF_VALUES = N_("hoch: 1 = 100, 2 = 60, highest wins; tief: the pips, lowest wins")
LOSES_AT = N_("{values}; whoever first has {marks} loses")
LOSES_ONE = N_("{values}; the worst hand gets the Bierdeckel and loses")


def marks(n: int) -> Phrase:
    """A count of Bierdeckel (the English text keeps the German word the players use, with its meaning)."""
    return Phrase("{n} Bierdeckel (beer mat)", {"n": n}, plural="{n} Bierdeckel (beer mats)")


def goal(state: Any) -> Goal:
    """What a hand counts, what loses the match, and the round the table is in."""
    values = Phrase(HOCH_TIEF_VALUES if state.hoch_tief else HOCH_VALUES)
    need = int(state.rules.bierdeckel)
    text = (
        Phrase(LOSES_AT, {"values": values, "marks": marks(need)})
        if need > 1
        else Phrase(LOSES_ONE, {"values": values})
    )
    progress = Phrase(N_("Round {k}"), {"k": state.round_no + 1}) if state.phase == "play" and need > 1 else None
    return Goal(text, progress)


def explain(rules: Any, players: int) -> list[Section]:
    return _explain(rules, players, hoch_tief=False)


def explain_hoch_tief(rules: Any, players: int) -> list[Section]:
    return _explain(rules, players, hoch_tief=True)


def _explain(rules: Any, players: int, hoch_tief: bool) -> list[Section]:
    from wuerfel.games.hasard import chicago as game

    most, need = int(rules.max_throws), int(rules.bierdeckel)
    value = game.chicago_value
    throws = (
        Phrase(
            "The round's first player throws all three dice. If he likes the result, he stops; otherwise he "
            "throws again with 1 to 3 of the dice, up to {n} throw in all.",
            {"n": most},
            plural="The round's first player throws all three dice. If he likes the result, he stops; "
            "otherwise he throws again with 1 to 3 of the dice, up to {n} throws in all.",
        )
        if most > 1
        else Phrase(N_("Every player has exactly one throw of the three dice."))
    )
    standing = None
    if most > 1:
        standing = (
            Phrase(N_("Dice he leaves standing stay standing for the rest of his turn and count at the end."))
            if rules.frozen_keeps
            else Phrase(N_("Dice left standing may be thrown again at a later throw."))
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
    sixes = None
    if rules.two_sixes and most > 1:
        sixes = Phrase(
            N_(
                "House rule: whoever throws two sixes in his first or second throw, with a throw still "
                "left, may turn one of them into a 1 (= 100), which stays standing; the other six is "
                "thrown again."
            )
            if not hoch_tief
            else N_(
                "House rule: in a hoch round, whoever throws two sixes in his first or second throw, with "
                "a throw still left, may turn one of them into a 1 (= 100), which stays standing; the "
                "other six is thrown again."
            )
        )
    declare = (
        Phrase(
            N_(
                'After his first throw the round\'s first player declares what counts this round: "hoch" '
                '(high), as in Chicago, or "tief" (low): then the pips count as they are (1 = 1, 2 = 2), '
                "the lowest sum wins and the highest sum gets the Bierdeckel. Every round is declared "
                "anew."
            )
        )
        if hoch_tief
        else None
    )
    next_start = (
        Phrase(
            N_("Each new round is begun by the left neighbour of the last round's first player.")
            if rules.next_start == "left"
            else N_("Each new round is begun by the loser of the last round.")
        )
        if need > 1
        else None
    )
    example = (
        Phrase(
            N_(
                "The book's example: he throws 1-2-3, leaves the 1 standing and throws the other two again: "
                "2-3. If he stops now, he has {points} points in 2 throws. A 2-3-6 would be only {low}."
            ),
            {"points": value((1, 2, 3)), "low": value((2, 3, 6))},
        )
        if most > 1
        else Phrase(
            N_("Example: 1-2-3 counts {points}, 2-3-6 only {low}."),
            {"points": value((1, 2, 3)), "low": value((2, 3, 6))},
        )
    )
    then = Phrase(N_("The others may then throw at most twice.")) if most > 2 and rules.inherit_limit else None
    tief = (
        Phrase(
            N_("In a tief round 1-1-2 counts {best}, the best hand, and 6-6-6 counts {worst}, the worst."),
            {"best": game.tief_value((1, 1, 2)), "worst": game.tief_value((6, 6, 6))},
        )
        if hoch_tief
        else None
    )
    tie = Phrase(
        N_("On equal points, whoever needed fewer throws is ahead.")
        if rules.tie_break == "throws"
        else N_("On equal points, whoever threw fewer dice is ahead.")
    )
    match = (
        Phrase(
            N_(
                "Whoever is the first to have {marks} loses the match and pays a round; the others rank by "
                "fewer Bierdeckel."
            ),
            {"marks": marks(need)},
        )
        if need > 1
        else Phrase(
            N_(
                "The game is one round: whoever gets the Bierdeckel loses and pays a round; everybody else "
                "shares the win."
            )
        )
    )
    return [
        section(
            "goal",
            Phrase(
                N_(
                    "Throw the best hand with three dice: the 1 counts 100, the 2 counts 60, 3 to 6 their pips. "
                    "The worst hand of each round gets a Bierdeckel (a beer mat)."
                )
            )
            if not hoch_tief
            else Phrase(
                N_(
                    'Throw the best hand with three dice. In a "hoch" round, as in Chicago, the 1 counts 100, '
                    'the 2 counts 60, 3 to 6 their pips and the highest hand is best; in a "tief" round the '
                    "lowest sum of pips is best. The worst hand of each round gets a Bierdeckel (a beer "
                    "mat)."
                )
            ),
            match,
        ),
        section("turn", begins(rules), next_start, throws, declare, standing, limit, sixes, void_throw()),
        section(
            "scoring",
            Phrase(N_('The best hand is three 1s, "Chicago" = {chicago}.'), {"chicago": value((1, 1, 1))}),
            example,
            then,
            tief,
            tie,
        ),
        section(
            "end",
            Phrase(
                N_(
                    "When everybody has played, the worst hand of the round gets the Bierdeckel. If several are "
                    "exactly level for it, only they throw off with one throw of three dice each, again while "
                    "they are level; a tie for the best hand needs no throw-off."
                )
            ),
            match,
        ),
    ]
