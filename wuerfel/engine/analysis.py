"""Exact post-game analysis (issue 16 item 3): every decision of a finished game against the best choice.

The analysis knows no game. It replays a record and, at each decision, asks the game's advisor
(``GameInfo.advisor``, the same one that gives hints) to rate every legal choice. Only advisors whose values are
*exact* count: an advice's ``measure`` names what its value is, and :data:`SCALES` lists the measures that come from
an exact solver (a duel solver's winning chance, an exact expected total …) with the unit they are in. An advisor may
also say ``exact = False`` for rules it only estimates (the 3-column Würfelspiel's planner); the mixed strategy of
the bluffing bot, a per-chip bank edge or a count of ticked-off numbers are no game values and are not listed, so
those games are refused with a clear reason.

Definitions (docs/web.md and docs/cli.md repeat them for players):

- **loss** of a decision = value of the best choice − value of the chosen one, in the unit of the measure (a win
  probability 0…1, or points), never negative; it is exactly 0 when the chosen choice is one of the best (values
  within :data:`TIE` of the best are ties: two equally good choices computed along different paths differ in the
  last bits of a float).
- A **decision** is a position where the seat had at least two rated choices; forced moves are not counted.
  A game where the dice left nobody a choice (Die böse Sieben can end so) is analysed with no decisions, in the
  measure its advisor rates the game in (found by :func:`_probe_measure`), rather than refused.
- **accuracy** of a seat = share of its decisions that chose one of the best, in percent (unit-free, so it reads
  the same in every game; the sum of losses says how costly the rest were).
- **decisive mistakes**: the largest losses of the game (at most :data:`DECISIVE`, each at least a tenth of the
  largest), in the game's unit.
- **luck** of a seat: how much the dice gave it above or below expectation, in the same unit. The value of the
  chosen choice is the expectation over the throws that follow it; the value of the next rated position is what the
  dice then gave. Luck sums (value of the next rated position − value of the choice before). Every position where
  the chosen choice has an exact value counts, also one left unrated because the game-end rule decides there
  (the chosen value is still the expectation the dice are measured against).

  * With a duel winning chance: over both seats' positions (one seat's good luck is the other's bad luck), closed
    by the result (1 won, 0 lost). With an expected final total: over the seat's own positions, closed by its final
    total when throws follow its last choice. The very first throw of a seat, before any rated position, is not
    counted.
  * With a measure of a single turn or round (Zehntausend without duel table: a turn's expected points; Chicago:
    the chance to avoid the round's Bierdeckel; Sequenzen: the chance to win the round; Craps: the maker's chance to
    win one game, an opponent's expected net chips of his share): turn by turn, each turn from the expectation
    before its first throw over its rated positions to what it realised (the points it changed the score by; 1 or
    0 for the round's goal; the chips the share paid), summed over the seat's turns. Per turn this is exactly
    *result − start expectation + the turn's losses*: the outcome's distance from the expectation, less the part
    the seat's own choices cost. The advisor tells where a turn starts, what it was worth then and what it
    realised (:class:`~wuerfel.engine.advice.TurnLuck`); the analysis only adds up. Where the values come from the
    other seats' play too (a round's chance depends on the later players' throws and choices), their dice and
    their mistakes are this seat's luck; with more than two players Chicago's and Sequenzen's values are their
    advisors' stated model (docs/hasard.md), and luck is measured against it. A turn with a choice the advisor
    could not value exactly (or a turn the record ends in) is left out. ``None`` for a seat with no turn in the
    game's measure (a Craps player never the maker, in a session rated in the maker's chance) and for an advisor
    that does not tell turns.
- **win chance over the game** (duel measures only): each seat's winning chance at every rated position.
"""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
from collections.abc import Callable, Sequence
from typing import Any

from wuerfel.engine.advice import TurnLuck
from wuerfel.engine.errors import N_, WuerfelError
from wuerfel.engine.game import Action, Game, State
from wuerfel.engine.record import GameRecord, apply_event, event_object
from wuerfel.i18n import translate

TIE = 1e-9
"""Values closer to the best than this are ties (loss exactly 0)."""

DECISIVE = 3
"""At most this many decisive mistakes are named."""


class AnalysisError(WuerfelError):
    """The record cannot be analysed exactly (no exact advisor for this game, these rules or this many players)."""


@dataclasses.dataclass(frozen=True)
class Scale:
    """What an exact measure's values are: ``unit`` for the JSON ("win_probability", "probability" of a round's
    goal, "points"), and whether they span the whole game (so values of later positions compare with earlier ones;
    else they restart every turn, and luck is measured turn by turn where the advisor tells turns)."""

    unit: str
    whole_game: bool
    duel: bool = False
    """A two-seat winning chance: the other seat's chance is 1 − this one (draws count to the other)."""


SCALES: dict[str, Scale] = {
    # Zehntausend: the duel solver; the single-turn optimum (a turn's expected points).
    N_("winning chance"): Scale("win_probability", True, duel=True),
    N_("expected points of this turn"): Scale("points", False),
    # Die böse Sieben, Quinze, Dreimal Pasch, Sechzerspiel with two players: the exact duel solvers.
    N_("chance to win (both play optimally)"): Scale("win_probability", True, duel=True),
    # Würfelspiel (one column), Escalero, Ohio, Sechzerspiel and the solo games: exact expected totals.
    N_("expected final total"): Scale("points", True),
    N_("expected final total (optimal play)"): Scale("points", True),
    N_("expected pairs (optimal play)"): Scale("points", True),
    N_("expected score (optimal play)"): Scale("points", True),
    N_("expected final sum (optimal play)"): Scale("points", True),
    N_("expected final value (optimal play)"): Scale("points", True),
    # Chicago and Sequenzen: the exact chance of the round's goal.
    N_("chance to avoid the Bierdeckel this round"): Scale("probability", False),
    N_("chance to win the round"): Scale("probability", False),
    # Craps: the maker's exact chance to win this one game with the number he names (maker_win), and an opponent's
    # exact expected net chips of his share; each game of the session is rated on its own (luck game by game).
    N_("the maker's chance to win"): Scale("probability", False),
    N_("expected net chips of the share"): Scale("points", False),
}
"""Measure msgid (what an advisor's :class:`~wuerfel.engine.advice.Advice` says its value is) → its scale, for the
measures that come from an exact solver. A measure not listed here is not analysed."""

NO_ADVISOR = N_("There is no exact analysis for {game}: no exact solver rates its decisions.")
NOT_EXACT = N_(
    "There is no exact analysis for {game} with these rules and {players} players: its hints are "
    "estimates, not exact values."
)


@dataclasses.dataclass
class Decision:
    """One analysed decision: the record's event ``index``, who chose, what, the best choice and the loss."""

    index: int
    seat: int
    chosen: Action
    best: Action
    chosen_value: float
    best_value: float
    loss: float
    unit: str
    options: int
    chosen_label: str = ""
    best_label: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "step": self.index + 1,
            "seat": self.seat,
            "chosen": self.chosen.to_json(),
            "best": self.best.to_json(),
            "loss": self.loss,
            "chosen_value": self.chosen_value,
            "best_value": self.best_value,
            "unit": self.unit,
            "options": self.options,
            "chosen_label": self.chosen_label,
            "best_label": self.best_label,
        }


@dataclasses.dataclass
class _Point:
    """A rated position on a seat's value trajectory: its value before (best) and after the choice (chosen)."""

    index: int
    before: float
    after: float


@dataclasses.dataclass
class _Turn:
    """A seat's turn (or round) under a measure that restarts every turn: what it was worth before anything of it
    was thrown (``start``), its rated positions, and whether every choice in it had an exact value (``whole``)."""

    measure: str
    start: float
    points: list[_Point] = dataclasses.field(default_factory=list)
    whole: bool = True

    def luck(self, result: float) -> float:
        """What the dice gave in this turn: from the start expectation over each rated position (its value − the
        value of the choice before) to the realised ``result`` (− the last choice's value). It equals ``result −
        start +`` the turn's losses (best − chosen): how far the outcome fell from the expectation, less the part
        of it that the seat's own choices cost."""
        total = 0.0
        prev = self.start
        for p in self.points:
            total += p.before - prev
            prev = p.after
        return total + result - prev


def _rating(advisor: Any, state: State, player: int) -> tuple[dict[Action, float], str, bool] | None:
    """The advisor's value of every choice, its measure, and whether the values decide here: False when its first
    advice (advisors put the best first) is not the highest value, because something outside the values decides
    (Zehntausend's game-end rule over a single turn's values) — a loss in those values would be no loss, but the
    chosen value is still the exact expectation the dice are measured against. None when it rates nothing here."""
    advice = [a for a in advisor.advise(state, player) if getattr(a, "action", None) is not None]
    if not advice:
        return None
    measures = {a.measure for a in advice}
    if len(measures) != 1:
        return None
    values = {a.action: float(a.value) for a in advice}
    return values, measures.pop(), float(advice[0].value) >= max(values.values()) - TIE


def _advice_values(advisor: Any, state: State, player: int) -> tuple[dict[Action, float], str] | None:
    """The advisor's rating of every choice and its measure where the values decide (:func:`_rating`), else None."""
    rating = _rating(advisor, state, player)
    if rating is None or not rating[2]:
        return None
    return rating[0], rating[1]


def _value_of_other(
    advisor: Any, state: State, player: int, obj: Action, rated: tuple[dict[Action, float], str]
) -> tuple[dict[Action, float], str]:
    """``rated`` with the chosen action's value added when the advisor lists only representatives of a
    parameterised choice (Craps lists each number with its best stake; a human names it with any stake) and can
    value the chosen one exactly (``value_of(state, player, action)``, in the same measure); else unchanged."""
    value_of = getattr(advisor, "value_of", None)
    value = value_of(state, player, obj) if value_of is not None else None
    if value is None:
        return rated
    return {**rated[0], obj: float(value)}, rated[1]


def analyse_record(
    record: GameRecord, lang: str = "de", advisor_factory: Callable[[Game], Any] | None = None
) -> dict[str, Any]:
    """The analysis of a whole record as a JSON document (see the module docstring for the definitions).

    Raises :class:`AnalysisError` when the game has no advisor or none of its decisions is rated exactly, and
    :class:`~wuerfel.engine.extras.MissingSolvers` when its advisor's tables need numpy or numba and they are not
    installed."""
    from wuerfel.engine.extras import solvers_needed

    with solvers_needed():
        return _analyse_record(record, lang, advisor_factory)


def _analyse_record(record: GameRecord, lang: str, advisor_factory: Callable[[Game], Any] | None) -> dict[str, Any]:
    from wuerfel.engine.registry import get_game

    info = get_game(record.game)
    factory = advisor_factory or info.advisor
    if factory is None:
        raise AnalysisError(NO_ADVISOR, game=info.name_de)
    game = record.make_game()
    exact_for = getattr(factory, "exact_for", None)
    if exact_for is not None and not exact_for(game):
        raise AnalysisError(NOT_EXACT, game=info.name_de, players=game.num_players)
    advisor = factory(game)
    n = game.num_players
    decisions: list[Decision] = []
    unrated = [0] * n
    measures: dict[str, int] = {}
    # value trajectories: for duel scales one shared list (seat 0's view), else one per seat
    own: list[list[_Point]] = [[] for _ in range(n)]
    duel: list[_Point] = []
    # turn luck (measures that restart every turn): each seat's open turn, and the finished ones
    turns_told = isinstance(advisor, TurnLuck)
    open_turn: list[_Turn | None] = [None] * n
    finished: list[tuple[int, str, float | None]] = []
    state = game.new_initial_state()
    for i, ev in enumerate(record.events):
        if turns_told and not state.is_terminal():
            for s in range(n):
                started = advisor.turn_start(state, s)
                if started is not None:
                    open_turn[s] = _Turn(measure=started[1], start=float(started[0]))
        if ev.type == "action" and not state.is_chance() and not state.is_terminal():
            player = ev.player if ev.player is not None else state.to_move()
            obj = event_object(game, ev)
            legal = state.legal_actions(player)
            if len(legal) >= 2 and isinstance(obj, Action):
                rating = _rating(advisor, state, player)
                scale = SCALES.get(rating[1]) if rating else None
                if rating is not None and scale is not None and obj not in rating[0]:
                    rating = (*_value_of_other(advisor, state, player, obj, rating[:2]), rating[2])
                point = None
                if rating is not None and scale is not None and obj in rating[0]:
                    values, measure, decides = rating
                    best_action = max(values, key=lambda a: values[a])
                    best = values[best_action]
                    chosen = values[obj]
                    point = _Point(i, best, chosen)
                    if decides:
                        measures[measure] = measures.get(measure, 0) + 1
                        loss = best - chosen
                        loss = 0.0 if loss < TIE else loss
                        decisions.append(
                            Decision(
                                index=i,
                                seat=player,
                                chosen=obj,
                                best=best_action,
                                chosen_value=chosen,
                                best_value=best,
                                loss=loss,
                                unit=scale.unit,
                                options=len(values),
                                chosen_label=state.describe_action(obj, lang),
                                best_label=state.describe_offer(best_action, lang),
                            )
                        )  # perhaps never taken
                    if scale.duel and n == 2:
                        flip = player == 1
                        duel.append(_Point(i, 1 - best if flip else best, 1 - chosen if flip else chosen))
                    elif scale.whole_game:
                        own[player].append(point)
                if point is None or not rating[2]:  # type: ignore[index]
                    unrated[player] += 1
                turn = open_turn[player] if player < n else None
                if turn is not None:
                    if point is not None and rating is not None and rating[1] == turn.measure:
                        turn.points.append(point)
                    else:
                        turn.whole = False  # a choice without an exact value: its cost would count as luck
        before = state
        state = apply_event(game, state, ev, i)
        if turns_told:
            for s, turn in enumerate(open_turn):
                if turn is not None:
                    result = advisor.turn_result(before, state, s)
                    if result is not None:
                        finished.append((s, turn.measure, turn.luck(float(result)) if turn.whole else None))
                        open_turn[s] = None
    if not measures:
        # No decision was rated. When there was none to rate (the dice decided every turn: a Böse Sieben game can
        # end so), the game is still analysed, with no decisions, in the measure the advisor rates this game in.
        probed = _probe_measure(game, advisor) if not any(unrated) else None
        if probed is None:
            raise AnalysisError(NOT_EXACT, game=info.name_de, players=n)
        measures[probed] = 0
    measure = max(measures, key=lambda m: measures[m])
    main = SCALES[measure]
    final = state if state.is_terminal() else None
    luck = _luck(main, n, own, duel, final) if main.whole_game else _turn_luck(measure, n, finished)
    seats = []
    for s in range(n):
        mine = [d for d in decisions if d.seat == s]
        same = [d for d in mine if d.unit == main.unit]
        best_count = sum(1 for d in mine if d.loss == 0.0)
        seats.append(
            {
                "seat": s,
                "name": record.players[s] if s < len(record.players) else str(s),
                "decisions": len(mine),
                "best": best_count,
                "unrated": unrated[s],
                "loss": sum(d.loss for d in same),
                "accuracy": round(100.0 * best_count / len(mine), 1) if mine else None,
                "luck": luck[s],
            }
        )
    worst = sorted((d for d in decisions if d.loss > 0 and d.unit == main.unit), key=lambda d: -d.loss)
    decisive = [d for d in worst[:DECISIVE] if d.loss >= worst[0].loss / 10] if worst else []
    out: dict[str, Any] = {
        "game": record.game,
        "rules": record.rules_id,
        "unit": main.unit,
        "measure": measure,
        "decisions": [d.to_json() | {"decisive": d in decisive} for d in decisions],
        "seats": seats,
        "mistakes": [d.index for d in decisive],
        "win_chance": _win_chance(duel, final, len(record.events)) if main.duel and n == 2 else None,
        "events": len(record.events),
        # added after the contract was written, so at the end (docs/cli.md: fields are only added at the end)
        "measure_name": translate(measure, lang),
    }
    return out


def _probe_measure(game: Game, advisor: Any, tries: int = 20, steps: int = 5000) -> str | None:
    """The exact measure the advisor rates ``game``'s decisions in (a key of :data:`SCALES`), found at the first
    position of a few seeded random playthroughs where a seat has a choice; None if it rates none exactly."""
    import random

    rng = random.Random(0)
    for _ in range(tries):
        state = game.new_initial_state()
        for _ in range(steps):
            if state.is_terminal():
                break
            if state.is_chance():
                outcomes = [(o, p) for o, p in state.chance_outcomes() if p > 0]
                state = state.apply_outcome(rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0])
                continue
            player = state.actors()[0]
            legal = state.legal_actions(player)
            if len(legal) >= 2:
                rated = _advice_values(advisor, state, player)
                return rated[1] if rated is not None and rated[1] in SCALES else None
            state = state.apply_action(legal[0], player)
    return None


def _result(final: State | None, seat: int) -> float | None:
    """1 if ``seat`` won the finished game alone, 0 if it lost (a shared win: 1 / winners)."""
    if final is None:
        return None
    winners = final.winners()
    return 1.0 / len(winners) if seat in winners else 0.0


def _luck(
    scale: Scale, n: int, own: Sequence[list[_Point]], duel: list[_Point], final: State | None
) -> list[float | None]:
    """Every seat's luck (module docstring), in the unit of ``scale``; None where it cannot be measured."""
    if scale.duel and n == 2:
        if not duel:
            return [None, None]  # no rated position: nothing to measure the dice against
        total = sum(b.before - a.after for a, b in itertools.pairwise(duel))
        end = _result(final, 0)
        if duel and end is not None:
            total += end - duel[-1].after
        return [total, -total]
    if not scale.whole_game:
        return [None] * n  # measured turn by turn instead (_turn_luck)
    out: list[float | None] = []
    for s in range(n):
        pts = own[s]
        total = sum(b.before - a.after for a, b in itertools.pairwise(pts))
        if pts and final is not None:
            with contextlib.suppress(IndexError, TypeError, ValueError):
                total += float(final.scores()[s]) - pts[-1].after
        out.append(total)
    return out


def _turn_luck(measure: str, n: int, finished: Sequence[tuple[int, str, float | None]]) -> list[float | None]:
    """Every seat's luck where the measure restarts every turn: the sum of its finished turns' luck in ``measure``
    (a turn with a choice the advisor could not value exactly is left out); None for a seat with no such turn (or
    when the advisor does not tell turns: :class:`~wuerfel.engine.advice.TurnLuck`)."""
    out: list[float | None] = [None] * n
    for seat, m, luck in finished:
        if m == measure and luck is not None:
            out[seat] = (out[seat] or 0.0) + luck
    return out


def _win_chance(duel: list[_Point], final: State | None, total: int) -> dict[str, Any]:
    """Seat 0's and seat 1's winning chance at every rated position (before the choice), and the result.

    The x of a point is the replay's step that shows the position (step k: after k events, where the decision of
    event k is due), and the result stands at the game's last step, ``total`` (the number of events). It used to
    stand one step after the last decision, which ran the graph to step 14 of a 13-step game (issue 24, web B7)."""
    steps = [p.index for p in duel]
    chance0 = [p.before for p in duel]
    end = _result(final, 0)
    if end is not None:
        steps.append(total)
        chance0.append(end)
    return {"steps": steps, "seats": [chance0, [1.0 - c for c in chance0]]}
