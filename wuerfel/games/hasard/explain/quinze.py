"""Quinze (Hasard 5), explained from its rules: the target, the chips for going out and the order of play (whole
turns or one throw each) change the text; the example round is played through the game itself, payments included."""

from __future__ import annotations

from typing import Any

from wuerfel.engine import counts
from wuerfel.engine.components import Goal, Phrase
from wuerfel.engine.errors import N_
from wuerfel.engine.explain import Section
from wuerfel.engine.game import Roll, State
from wuerfel.games.hasard.explain.common import begins, last_place, section, started, void_throw

GOAL = N_("As close to {target} as you can, not over; over {target} is out and pays {chips}")


def goal(rules: Any) -> Goal:
    """The target and the price of going out: what the table never said (web report U1)."""
    return Goal(Phrase(GOAL, {"target": int(rules.target), "chips": counts.chips(int(rules.bust_chips))}))


def faces_for(total: int, k: int) -> tuple[int, ...]:
    """``k`` faces of one die that add up to ``total`` (k ≤ total ≤ 6k), the larger first."""
    out = []
    for i in range(k, 0, -1):
        f = min(6, total - (i - 1))
        out.append(f)
        total -= f
    return tuple(out)


def throws_for(total: int) -> tuple[int, ...]:
    """The fewest faces reaching ``total``; every sum before the last throw stays below it."""
    return faces_for(total, -(-total // 6))


def play(make: Any, rules: Any, plan: dict[int, tuple[int, ...]]) -> State:
    """A round in which every seat throws its planned faces and stops when they are used (or is out)."""
    from wuerfel.games.kit.hands import Stop, ThrowOn

    s = started(make, rules)
    queue = {p: list(faces) for p, faces in plan.items()}
    while not s.is_terminal():
        if s.is_chance():
            s = s.apply_outcome(Roll((queue[s.thrower()].pop(0),)))  # type: ignore[index]
        else:
            p = s.to_move()
            s = s.apply_action(ThrowOn() if queue[p] else Stop(), p)
    return s


def explain(rules: Any, players: int) -> list[Section]:
    from wuerfel.games.hasard import quinze as game

    target, bust = int(rules.target), int(rules.bust_chips)
    plan = {0: throws_for(target - 1), 1: throws_for(target - 4), 2: throws_for(target + 1)}
    end = play(game.INFO.make, rules, plan)
    assert end.winners() == (0,)
    pay = end.payoffs()
    assert pay is not None  # Quinze is played for chips

    def shown(p: int) -> str:
        faces = plan[p]
        return " + ".join(map(str, faces)) + (f" = {sum(faces)}" if len(faces) > 1 else "")

    turn = (
        Phrase(
            N_(
                "Each player plays his whole turn before the die passes on: he throws the die and adds up "
                "the pips, as often as he likes but at least once, and may stop after any throw. Whoever goes "
                "over {target} is out at once. The later players know what the earlier ones reached."
            ),
            {"target": target},
        )
        if rules.order == "turns"
        else Phrase(
            N_(
                "One throw each in turn: everybody throws the die once, adds it to his sum and passes the "
                "die on. Before each of his later throws a player may stop instead. Whoever stops or goes "
                "over {target} leaves the rotation; the round ends when nobody is left in it. Every running "
                "sum is open to all."
            ),
            {"target": target},
        )
    )
    return [
        section(
            "goal",
            Phrase(N_("Come as close to {target} as you can with one die, without going over it."), {"target": target}),
        ),
        section("turn", begins(rules), turn, void_throw()),
        section(
            "scoring",
            Phrase(
                N_(
                    "The best result is the highest sum up to {target}; on equal sums, whoever needed fewer "
                    "throws is ahead. Over {target} is out."
                ),
                {"target": target},
            ),
            Phrase(
                N_(
                    "Example: Anna throws {a} and stops; Ben throws {b} and stops; Clara throws {c}, which "
                    "is over {target}: she is out. Anna wins."
                ),
                {"a": shown(0), "b": shown(1), "c": shown(2), "target": target},
            ),
        ),
        section(
            "end",
            Phrase(
                N_(
                    "When all have played, the best result wins. If the best are level in sum and throws, "
                    "only they throw off with one more turn each, again while they are level; the payments "
                    "stay those of the round. If everybody goes out, nobody pays and the round is played "
                    "again."
                )
            ),
            last_place(bool(rules.settle_loser)),
        ),
        section(
            "payments",
            Phrase(
                N_(
                    "The winner receives {chips} from every player who went out, and from every other player "
                    "the difference between the two sums (nothing where only the throws decided)."
                ),
                {"chips": counts.chips(bust)},
            ),
            Phrase(
                N_(
                    "In the example Ben pays Anna {ben} ({a} − {b}), Clara pays {clara} for going out: Anna "
                    "receives {anna}."
                ),
                {
                    "ben": counts.chips(-pay[1]),
                    "a": target - 1,
                    "b": target - 4,
                    "clara": counts.chips(-pay[2]),
                    "anna": counts.chips(pay[0]),
                },
            ),
        ),
    ]
