"""What the table shows of a Zehntausend position: the view (:func:`view`), the typed table components
(:func:`components`: the goal line, the throw, the dice aside, the turn's points, why stopping is refused, the
seats) and what is announced after a move (:func:`announcements`).

Apart from the state machine because it reads a position and changes nothing: a table's wording or layout changes
without touching the rules, and the rules without touching the table. Each is a function of the state;
:class:`~wuerfel.games.zehntausend.state.ZehntausendState`'s methods of the same names call them (the state is
named here only for the type checker, so the state module imports this one and not the other way round).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wuerfel.engine import components as cmp
from wuerfel.engine import narration
from wuerfel.engine.errors import N_
from wuerfel.engine.game import JSON
from wuerfel.games.zehntausend.explain import goal
from wuerfel.games.zehntausend.melds import Meld

if TYPE_CHECKING:
    from wuerfel.games.zehntausend.state import ZehntausendState

TARGET_REACHED = N_("{name} has reached {target}: the round is played to its end")


def components(state: ZehntausendState, player: int | None) -> tuple[cmp.Component, ...]:
    """The throw to choose from, the dice set aside this turn, the turn's points (with what is needed to bank
    and a pending proof or confirmation), the seats with minus marks. Everything is public in Zehntausend."""
    r = state.rules
    t = state.turn
    # What the table plays to and how far each seat still has to go, first on the felt (issue 24).
    out: list[cmp.Component] = [
        goal(
            r.game.mode,
            r.game.target,
            r.game.reach,
            state.scores_,
            state.down,
            state.pool_mode,
            state.turns[0] if state.turns else 0,
        )
    ]
    playing = state.node != "over"
    hot = state.node == "decide" and t.aside == 0 and t.total > 0
    if playing and state.throw is not None and state.node == "select":
        out.append(cmp.Dice(tuple(state.throw), thrown=True, seat=state.player, key="throw"))
    elif playing and not hot:
        # What still lies on the table from the last throw (dimmed by the web table); between turns the end of
        # the previous turn (the Niete that lost it).
        left = _left_on_table(t.history) if state.node != "throw" else None
        seat = state.player
        if not left and state.prev is not None and not t.history:
            left, seat = _left_on_table(state.prev[1]), state.prev[0]
        if left:
            out.append(cmp.Dice(left, thrown=True, seat=seat, key="left", label=cmp.Phrase(N_("Last throw"))))
    if state.prev is not None and state.prev[0] is not None:
        out.append(cmp.Message(_previous_turn(state.prev), key="previous"))
    if hot:
        out.append(cmp.Message(cmp.Phrase(N_("All dice scored — the full cup again!")), key="hot_dice"))
    # The dice lying aside in this cycle: the last ``aside`` dice of this turn's selections.
    chosen = [d for e in t.history if e[0] == "select" for d in e[1]]
    aside = tuple(chosen[len(chosen) - t.aside :]) if playing and 0 < t.aside <= len(chosen) else ()
    if aside:
        out.append(
            cmp.Dice(
                aside,
                kept=tuple(range(len(aside))),
                seat=state.player,
                key="aside",
                label=cmp.Phrase(N_("Set aside this turn")),
            )
        )
    if playing:
        out.append(cmp.Counter(t.total, label=cmp.Phrase(N_("This turn"))))
        if t.threshold:
            out.append(cmp.Counter(t.threshold, label=cmp.Phrase(N_("Needed to bank"))))
        if t.proof:
            out.append(cmp.Message(cmp.Phrase(N_("Pasch must be proven"))))
        if t.confirm is not None:
            out.append(cmp.Message(cmp.Phrase(N_("Confirmation pending: {need} more points"), {"need": t.confirm})))
        if state.node == "decide":
            # Why writing down is refused now, one line a reason (the web table used to word them itself).
            out += [
                cmp.Message(cmp.Phrase(_BLOCKERS[b], {"threshold": t.threshold}), key=f"blocker:{b}")
                for b in state.bank_blockers()
            ]
    rueckwaerts = r.game.mode == "rueckwaerts"
    out.append(
        cmp.Seats(
            tuple(
                cmp.SeatLine(
                    p,
                    score=state.scores_[p],
                    active=playing and p == state.player,
                    note="−" * state.minus[p] if state.minus[p] else None,
                )
                for p in range(state.game.num_players)
            ),
            lower_is_better=rueckwaerts,
            label=cmp.Phrase(N_("Scores (target {target})"), {"target": r.game.target}),
        )
    )
    return tuple(out)


def view(state: ZehntausendState, player: int | None) -> JSON:
    """The view of every seat and of spectators alike: everything is public in Zehntausend."""
    r = state.rules
    t = state.turn
    sels = []
    for a, c in state.choices():
        sels.append(
            {
                "action": a.to_json(),
                "dice": list(a.dice),
                "turn_fives": a.turn_fives,
                "points": c.points,
                "stays_aside": c.used,
                "melds": [_meld_view(m) for m in c.sel.melds],
            }
        )
    return {
        "game": "zehntausend",
        "mode": r.game.mode,
        "to_move": state.to_move(),
        "node": state.node,
        "player": state.player,
        "scores": list(state.scores_),
        "score_label": N_("Penalty points") if r.game.mode == "rueckwaerts" else N_("Points"),
        # Rückwärts counts penalty points: the fewest win, so every front end ranks and explains it that way.
        "lower_is_better": state.lower_is_better(),
        "minus_marks": list(state.minus),
        "minus_marks_limit": r.minus_marks.count,
        "down": list(state.down),
        "turns": list(state.turns),
        "target": r.game.target,
        "dice_count": r.dice.count,
        "turn": {
            "total": t.total,
            "cup": t.cup,
            "aside": t.aside,
            "throws": t.throws,
            "max_throws": r.turn.max_throws,
            "first": t.first,
            "taken_over": t.taken_over,
            "open_sets": [list(x) for x in t.open_sets],  # [face, size, running value]
            "proof_pending": t.proof,
            "confirm_need": t.confirm,
            "threshold": t.threshold,
            "beat": t.beat,
            "dice_left": state.dice_left(),
            "turnable_fives": t.turnable,
            "voids": t.voids,
            "history": [_entry_json(e) for e in t.history],
        },
        "pool": t.total if state.pool_mode else None,
        "pool_mode": state.pool_mode,
        "throw": list(state.throw) if state.throw is not None and state.node == "select" else None,
        "selections": sels,
        "can_bank": state.can_bank(),
        "bank_blockers": state.bank_blockers() if state.node == "decide" else [],
        "can_roll": state.node == "decide" and state.can_roll(),
        "legal": [a.to_json() for a in state.legal_actions()],
        "offer": {"total": state.offer[0], "cup": state.offer[1]} if state.offer else None,
        "last_result": {"kind": state.last_kind, "points": state.last_result},
        "previous_turn": None
        if state.prev is None
        else {
            "player": state.prev[0],
            "history": [_entry_json(e) for e in state.prev[1]],
            "result": state.prev[2],
            "points": state.prev[3],
        },
        "end_triggered": state.end_triggered,
        "reach_order": list(state.reach_order),
        "tie_break": list(state.extra),
        "skip_next": list(state.skip),
        "winners": list(state.winners()),
    }


def announcements(state: ZehntausendState, after: ZehntausendState) -> tuple[cmp.Phrase, ...]:
    """The target reached while the round is still played to its end, a tie-break round among the leaders, and
    who won: what a turn's own label ("stop and write 350") does not say. Every score is open. (``state`` is
    still being played: the state's method answers nothing for the rest.)"""
    if after.node == "over":
        return tuple(narration.ending(after)) if state.game.num_players > 1 else ()
    out: list[cmp.Phrase] = []
    if after.end_triggered and not state.end_triggered:
        seat = after.reach_order[-1] if after.reach_order else state.player
        out.append(cmp.Phrase(TARGET_REACHED, {"name": cmp.SeatRef(seat), "target": state.rules.game.target}))
    if after.extra and after.extra != state.extra:
        out.append(narration.throw_off(after.extra, first=True, again=bool(state.extra)))
    return tuple(out)


def _meld_view(m: Meld) -> JSON:
    """A meld in the view; an extension also names the set's running value before and after it (Ergänzen
    doubles that value per die, so a front end can show 1000 → 2000 instead of a bare +1000)."""
    out: JSON = m.to_json() | {"face": m.face}
    if m.kind == "ext":
        out |= {"set_before": m.base, "set_after": m.base + m.points}
    return out


def _left_on_table(history: tuple[tuple[Any, ...], ...]) -> tuple[int, ...] | None:
    """The dice of the last throw of a turn that were not set aside from it; None before the turn's first throw."""
    for i in range(len(history) - 1, -1, -1):
        if history[i][0] != "throw":
            continue
        left = list(history[i][1])
        for later in history[i + 1 :]:
            if later[0] == "select":
                for d in later[1]:
                    if d in left:
                        left.remove(d)
        return tuple(left)
    return None


_BLOCKERS = {
    "proof": N_("The pasch must still be proven with a 1 or 5."),
    "confirm": N_("All dice scored: confirm them with another throw first."),
    "threshold": N_("You need at least {threshold} points to write down."),
    "dice_left": N_("Too many dice left in the cup to write down."),
}
"""Why stopping is refused, by the keys of :meth:`ZehntausendState.bank_blockers`."""

_PREVIOUS = {
    "bank": N_("{name} wrote down {points}."),
    "receive": N_("{name} threw a Niete and receives the pool: {points} penalty points."),
    "nix": N_("{name} threw a Niete on the first throw: {points} points, the turn is over."),
}


def _previous_turn(prev: tuple[Any, ...]) -> cmp.Phrase:
    """How the previous turn ended, in one line: a throw that scored but did not confirm is no Niete, a Niete says
    what it cost. Said by the game so that no table decides it from the turn's history itself."""
    player, history, result, points = prev
    name = cmp.SeatRef(player)
    failed = next((e for e in history if e[0] == "confirm_failed"), None)
    if failed is not None:
        return cmp.Phrase(
            N_(
                "{name}'s throw scored, but less than the {need} points needed to confirm: the turn is "
                "lost ({points} points)."
            ),
            {"name": name, "need": failed[1], "points": points or 0},
        )
    if result in _PREVIOUS:
        return cmp.Phrase(_PREVIOUS[result], {"name": name, "points": points or 0})
    if result == "bust":
        return (
            cmp.Phrase(
                N_("{name} threw a Niete and loses the {points} points of this turn."), {"name": name, "points": points}
            )
            if points
            else cmp.Phrase(N_("{name} threw a Niete — the turn is lost."), {"name": name})
        )
    return cmp.Phrase(N_("{name} finished the turn."), {"name": name})


def _entry_json(e: tuple[Any, ...]) -> JSON:
    kind = e[0]
    if kind == "throw":
        return {"event": "throw", "dice": list(e[1])}
    if kind == "select":
        return {"event": "select", "dice": list(e[1]), "points": e[2], "turn_fives": e[3]}
    if kind == "take_over":
        return {"event": "take_over", "total": e[1], "cup": e[2]}
    if kind == "void":
        return {"event": "void", "reason": e[1]}
    if len(e) > 1:
        return {"event": kind, "points": e[1]}
    return {"event": kind}
