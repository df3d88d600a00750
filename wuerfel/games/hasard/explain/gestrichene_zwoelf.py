"""Gestrichene Zwölf (Hasard 12), explained from its rules: who pays for the unstruck numbers and the chips per
number and per seven change the payments; the turn and the payments of the examples are the game's own."""

from __future__ import annotations

from typing import Any

from wuerfel.engine import counts
from wuerfel.engine.components import Goal, Phrase
from wuerfel.engine.errors import N_
from wuerfel.engine.explain import Section
from wuerfel.games.hasard.explain.common import NAMES, begins, replaced, section, started, thrown, void_throw

GOAL = N_("Strike out 2 to 12 (the 7 at least once); throw on while you can strike")


def goal() -> Goal:
    """The aim on the felt; the sheets beside it show what each player has struck."""
    return Goal(Phrase(GOAL))


def explain(rules: Any, players: int) -> list[Section]:
    from wuerfel.games.hasard import gestrichene_zwoelf as game

    per, seven = int(rules.chips_per_unstruck), int(rules.chips_per_seven)
    turn = thrown(replaced(started(game.INFO.make, rules), seat=1), (1, 4), (3, 4), (2, 5), (2, 3))
    assert turn.thrower() == 2
    view = turn.view(None)
    winner = tuple(3 if n == 7 else 1 for n in game.NUMBERS)
    ben = tuple(0 if n in (11, 12) else 1 for n in game.NUMBERS)
    clara = tuple(0 if n in (2, 3, 10, 11, 12) else 1 for n in game.NUMBERS)
    end = replaced(started(game.INFO.make, rules), sheets=(winner, ben, clara), phase="over", seat=0)
    net, losers = end.payoffs(), end.losers()

    def flow(p: int, x: int) -> Phrase:
        payer, payee = (NAMES[p], NAMES[0]) if x <= 0 else (NAMES[0], NAMES[p])
        return Phrase(
            N_("{payer} pays {payee} {chips}"), {"payer": payer, "payee": payee, "chips": counts.chips(abs(x))}
        )

    loser = (
        Phrase(N_("{name} has paid most and is the loser."), {"name": NAMES[losers[0]]})
        if len(losers) == 1
        else Phrase(N_("Ben and Clara have paid the same and share the last place."))
    )
    return [
        section("goal", Phrase(N_("Be the first to strike out all the numbers from 2 to 12, the 7 at least once."))),
        section(
            "turn",
            begins(rules),
            Phrase(
                N_(
                    "Everybody writes the numbers 2 to 12 side by side. In his turn a player throws two dice "
                    "and strikes out their sum; as long as he can strike, he throws again. Only the 7 may be "
                    "struck again and again, and every stroke of it counts. A sum already struck ends his "
                    "turn, and the dice pass on."
                )
            ),
            void_throw(),
        ),
        section(
            "scoring",
            Phrase(
                N_(
                    "Example: Ben throws 5 (struck), 7 (struck), 7 again (a second seven stroke), then 5 "
                    "once more: the 5 is struck already, so his turn ends with {numbers} numbers struck and "
                    "{sevens} seven strokes."
                ),
                {"numbers": len(view["struck"][1]), "sevens": view["sevens"][1]},
            ),
        ),
        section(
            "end",
            Phrase(
                N_(
                    "The first to have all his numbers struck out wins at once; the others get no last turn. "
                    "They rank by the chips they paid: whoever paid most is the loser, equal payments share "
                    "the place."
                )
            ),
        ),
        section(
            "payments",
            Phrase(
                N_(
                    "The winner pays every other player {chips} for each number that player has not struck. "
                    "Every other player pays the winner {seven} for each seven stroke on the winner's sheet."
                ),
                {"chips": counts.chips(per), "seven": counts.chips(seven)},
            )
            if rules.unstruck_paid_by == "winner"
            else Phrase(
                N_(
                    "Every other player pays the winner {chips} for each number he has not struck himself, and "
                    "{seven} for each seven stroke on the winner's sheet."
                ),
                {"chips": counts.chips(per), "seven": counts.chips(seven)},
            ),
            Phrase(
                N_(
                    "Example: Anna wins with three seven strokes on her sheet; Ben has {ben_n} numbers not "
                    "struck, Clara {clara_n}. Settled against each other, {ben} and {clara}: Anna ends at "
                    "{anna}."
                ),
                {
                    "ben_n": game.unstruck_count(ben),
                    "clara_n": game.unstruck_count(clara),
                    "ben": flow(1, net[1]),
                    "clara": flow(2, net[2]),
                    "anna": counts.chips(net[0]),
                },
            ),
            loser,
        ),
    ]
