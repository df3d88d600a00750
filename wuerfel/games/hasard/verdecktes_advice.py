"""Hints for Verdecktes Würfelpoker: how often the bluffing bot would take each move in the position.

An advisor returns :class:`~wuerfel.engine.advice.Advice` values, best first, from what the player may know: the view,
the legal actions and the rules (never the hidden dice of others). It lives beside its game and imports no other
(issue 26: ``hasard/advisors.py`` imported three games and tied seven modules into one import cycle).
"""

from __future__ import annotations

from typing import Any

from wuerfel.engine.advice import Advice
from wuerfel.engine.clocks import Pass
from wuerfel.engine.errors import N_
from wuerfel.engine.game import Game, State
from wuerfel.games.hasard.poker import hand_key
from wuerfel.games.hasard.verdecktes_moves import Announce, Challenge
from wuerfel.games.hasard.verdecktes_poker import VerdecktesState


class VerdecktesAdvisor:
    """The mixed strategy of the bluffing bot: how often it would take each kind of move in this position."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def advise(self, state: State, player: int) -> list[Advice]:
        from wuerfel.games.hasard.verdecktes_bot import call_probability, defender, implausible, strategy, target

        assert isinstance(state, VerdecktesState)
        if player not in state.actors():
            return []
        r = state.rules
        view = state.view(player)
        turns = view["turns"]
        before = [state.completion(tuple(t["standing"])) for t in turns[:-1] if t["standing"] is not None]
        best = max(before) if before else None
        later = len(view["order"]) - len(turns)
        measure = N_("probability in the bot's mixed strategy")
        legal = state.legal_actions(player)
        if state.phase == "announce":
            current = turns[-1]
            if "dice" not in current:
                return []
            actual = hand_key(tuple(current["dice"]), r.quint, r.joker)
            t, _p, _s, beta = strategy(best, later, r.quint, r.joker)
            truth = _longest_legal(actual, legal)
            if t is None or actual >= t:
                return [
                    Advice(
                        action=truth,
                        value=1.0,
                        measure=measure,
                        unit="chance",
                        note=N_("your hand beats the standing best: announce it"),
                    )
                ]
            out = [
                Advice(
                    action=truth,
                    value=1.0 - beta,
                    measure=measure,
                    unit="chance",
                    note=N_("the truth: it cannot win the pot"),
                )
            ]
            bluff = _longest_legal(t, legal)
            if beta > 0 and bluff != truth:
                out.append(
                    Advice(
                        action=bluff,
                        value=beta,
                        measure=measure,
                        unit="chance",
                        note=N_("a bluff: the bot names a hand drawn from all hands at least this high"),
                    )
                )
            return sorted(out, key=lambda d: -d.value)
        claim = state.completion(tuple(turns[-1]["announcement"]))
        t = target(best, later, r.quint, r.joker)
        if defender(turns, view["order"], state.completion) != player:
            return [
                Advice(
                    action=Pass(),
                    value=1.0,
                    measure=measure,
                    unit="chance",
                    note=N_("a call costs you, its gain goes to the player holding the best claim"),
                )
            ]
        if t is None or claim < t:
            return [
                Advice(
                    action=Pass(),
                    value=1.0,
                    measure=measure,
                    unit="chance",
                    note=N_("the claim does not beat the standing best"),
                )
            ]
        if implausible(claim, best, later, r.quint, r.joker):
            return [
                Advice(
                    action=Challenge(),
                    value=1.0,
                    measure=measure,
                    unit="chance",
                    note=N_("a hand this rare, named to beat the table, is most likely a bluff"),
                )
            ]
        gamma = call_probability(claim, later, r.quint, r.joker)
        return sorted(
            [
                Advice(action=Challenge(), value=gamma, measure=measure, unit="chance"),
                Advice(action=Pass(), value=1.0 - gamma, measure=measure, unit="chance"),
            ],
            key=lambda d: -d.value,
        )


def _longest_legal(key: tuple[int, ...], legal: Any) -> Announce:
    for cut in range(len(key), 0, -1):
        a = Announce(key[:cut])
        if a in legal:
            return a
    raise AssertionError(key)
