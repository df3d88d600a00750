"""What the Zehntausend family says about moves, in both directions: the label of a legal move and of a throw
(:func:`describe_action`, :func:`describe_outcome`, with what a throw that ends the turn cost), the rule that
refuses an illegal move (:func:`explain_illegal`) and the move a person typed (:func:`parse_action_text`).

Apart from the state machine because words change for their own reasons (a clearer refusal, a new typed
abbreviation) and the rules for theirs. Each is a function of the state;
:class:`~wuerfel.games.zehntausend.state.ZehntausendState`'s methods of the same names call them (the state is
named here only for the type checker, so the state module imports this one and not the other way round).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from wuerfel.engine import components as cmp
from wuerfel.engine.dice import counts, is_sub_multiset
from wuerfel.engine.errors import N_, IllegalAction
from wuerfel.engine.game import Action, Outcome, Roll
from wuerfel.games.kit.void import Void
from wuerfel.games.zehntausend.actions import (
    _SIMPLE,
    Bank,
    Continue,
    Decline,
    GiveUp,
    Knock,
    Rethrow,
    Select,
    TakeOver,
    TurnFives,
)
from wuerfel.games.zehntausend.melds import Selection, all_partitions, best_partition, meld_label
from wuerfel.games.zehntausend.tables import _choice_map

if TYPE_CHECKING:
    from wuerfel.games.zehntausend.state import ZehntausendState


def describe_action(state: ZehntausendState, action: Action, lang: str = "de") -> str:
    """A legal move's label in the move list: a selection with its points and melds, the plain moves with the
    turn's numbers."""
    from wuerfel.engine.explain import format_int
    from wuerfel.i18n import Translator

    plain = Translator(lang)

    def tr(msgid: str, /, **params: Any) -> str:
        """Points in a move's label are written as the goal line writes them (terminal report L6: "10,000" on
        the felt beside "Set aside 5: 2000"): English groups from 1,000 on, German from 10.000 on (Duden)."""
        return plain(
            msgid,
            **{
                k: format_int(v, plain.lang) if isinstance(v, int) and not isinstance(v, bool) else v
                for k, v in params.items()
            },
        )

    if isinstance(action, Select):
        c = (
            _choice_map(
                state.rules, state.throw or (), state.turn.open_sets, state._confirm_min(), state._forced()
            ).get(action)
            if state.node == "select"
            else None
        )
        dice = " ".join(str(d) for d in action.dice) or "–"
        if c is None:
            return tr("Set aside {dice}", dice=dice)
        melds = _meld_list(c.sel, tr)
        if state.rules.selection.model == "macke_literal":
            if not action.dice:
                return tr(
                    "Throw scores {points} ({melds}); keep nothing, throw all again", points=c.points, melds=melds
                )
            return tr("Throw scores {points} ({melds}); keep {dice}", points=c.points, melds=melds, dice=dice)
        if action.turn_fives:
            return tr(
                "Set aside {dice}: {points} ({melds}), turning {k}× 5-5 into a 1",
                dice=dice,
                points=c.points,
                melds=melds,
                k=action.turn_fives,
            )
        return tr("Set aside {dice}: {points} ({melds})", dice=dice, points=c.points, melds=melds)
    labels = {
        "bank": N_("Stop and write down {total}"),
        "roll": N_("Throw again ({cup} dice)") if state.turn.cup != 1 else N_("Throw again (1 die)"),
        "give_up": N_("Give up (counts as a bust)"),
        "turn_fives": N_("Turn two 5s into a 1 (one more die)"),
        "take_over": N_("Take over {offer} with {offer_cup} dice")
        if not state.offer or state.offer[1] != 1
        else N_("Take over {offer} with 1 die"),
        "decline": N_("Start a fresh turn"),
        "knock": N_("Knock (if all dice then lie flat the throw counts)"),
        "rethrow": N_("Throw again without knocking (void throw)"),
    }
    msg = labels.get(action.kind)
    if msg is None:
        return str(action.to_json())
    return tr(
        msg,
        total=state.turn.total,
        cup=state.turn.cup,
        offer=state.offer[0] if state.offer else 0,
        offer_cup=state.offer[1] if state.offer else 0,
    )


def describe_outcome(state: ZehntausendState, outcome: Outcome, lang: str = "de") -> str:
    """A throw as its dice, with what it cost when it ends the turn; a void throw by its name."""
    from wuerfel.i18n import translate

    if isinstance(outcome, Void):
        return translate(outcome.label(), lang)
    if isinstance(outcome, Roll):
        return " ".join(str(d) for d in outcome.dice) + _consequence(state, outcome, lang)
    return str(outcome.to_json())


def _consequence(state: ZehntausendState, outcome: Roll, lang: str) -> str:
    """What a throw that ends the turn cost, in words (" — Niete: turn lost (400 points)"), so the move list
    explains every bust; empty for a throw the player goes on with."""
    from wuerfel.i18n import translate

    if state.node != "throw":
        return ""
    after = state._apply_outcome(outcome)
    if not isinstance(after, type(state)) or after.prev is state.prev or after.prev is None:
        return ""
    _p, history, kind, points = after.prev
    failed = next((e for e in history if e[0] == "confirm_failed"), None)
    if failed is not None:
        text = translate(
            "scores, but less than the {need} points needed to confirm: turn lost ({points} points)",
            lang,
            need=failed[1],
            points=points,
        )
    elif kind == "receive":
        text = translate("Niete: receives the pool ({points} penalty points)", lang, points=points)
    elif kind == "bust":
        text = translate("Niete: turn lost ({points} points)", lang, points=points)
    elif kind == "nix":
        text = translate("Niete on the first throw: {points} points, turn over", lang, points=points)
    else:
        return ""
    return " — " + text


def explain_illegal(state: ZehntausendState, action: Action) -> None:
    """Name the rule that forbids ``action`` (the state stays unchanged; the caller raises a generic refusal
    if nothing specific applies)."""
    node = state.node
    if node == "offer" and not isinstance(action, (TakeOver, Decline)):
        raise IllegalAction(N_("First decide whether to take over the previous turn or start fresh."))
    if node == "knock" and not isinstance(action, (Knock, Rethrow)):
        raise IllegalAction(N_("First decide whether to knock on the stacked dice."))
    if isinstance(action, (TakeOver, Decline)):
        raise IllegalAction(N_("There is no turn to take over now."))
    if isinstance(action, (Knock, Rethrow)):
        raise IllegalAction(N_("There are no stacked dice to knock on."))
    if isinstance(action, Select):
        _explain_select(state, action)
    if node == "select":
        raise IllegalAction(N_("First set aside dice from this throw."))
    if isinstance(action, Bank):
        _explain_bank(state)
    if isinstance(action, Continue):
        if state.turn.cup <= 0:
            raise IllegalAction(N_("There are no dice left to throw."))
        raise IllegalAction(
            N_("You have used all {throws} of this turn."),
            throws=cmp.Phrase("{n} throw", {"n": state.rules.turn.max_throws}, plural="{n} throws"),
        )
    if isinstance(action, GiveUp):
        if state.rules.turn.stop_below_threshold != "counts_as_bust":
            raise IllegalAction(
                N_("Giving up is not allowed under these rules: you must throw again until you reach the threshold.")
            )
        raise IllegalAction(
            N_("You may only give up while the threshold is the only thing that keeps you from stopping.")
        )
    if isinstance(action, TurnFives):
        if not state.rules.selection.five_pair_to_one:
            raise IllegalAction(N_("Turning two 5s into a 1 is not allowed under these rules."))
        if state.rules.selection.five_turn_timing != "any_time":
            raise IllegalAction(N_("Two 5s may only be turned into a 1 when they are set aside."))
        raise IllegalAction(N_("There is no pair of 5s from one throw lying aside to turn."))


def _explain_bank(state: ZehntausendState) -> None:
    blockers = state.bank_blockers()
    t = state.turn
    if "proof" in blockers:
        raise IllegalAction(N_("A pasch must be proven before you may stop (set aside a 1 or 5 from a later throw)."))
    if "confirm" in blockers:
        raise IllegalAction(
            N_("All dice were set aside: confirm them first with at least {n} more points."), n=t.confirm
        )
    if "threshold" in blockers:
        if t.beat is not None:
            raise IllegalAction(
                N_("You must score more than the previous turn's {n} to stop (you have {total})."),
                n=t.beat,
                total=t.total,
            )
        raise IllegalAction(N_("You need at least {n} to stop (you have {total})."), n=t.threshold, total=t.total)
    if "dice_left" in blockers:
        raise IllegalAction(
            N_("You may stop with at most {dice} left, not {left}."),
            dice=cmp.Phrase("{n} die", {"n": state.rules.turn.max_dice_left_to_bank}, plural="{n} dice"),
            left=state.dice_left(),
        )


def _explain_select(state: ZehntausendState, action: Select) -> None:
    if state.node != "select" or state.throw is None:
        raise IllegalAction(N_("There is no throw to set dice aside from now."))
    r = state.rules
    throw = state.throw
    if r.selection.model == "macke_literal":
        if not is_sub_multiset(action.dice, throw) or any(d not in (1, 5) for d in action.dice):
            raise IllegalAction(N_("Only dice showing 1 or 5 from this throw may be set aside."))
        if not action.dice:
            raise IllegalAction(N_("Set aside at least one 1 or 5 to throw again."))
        raise IllegalAction(N_("Set aside all your 1s and 5s (these rules force it)."))
    if not action.dice:
        raise IllegalAction(N_("Set aside at least one scoring die."))
    one = len(action.dice) == 1  # "Der Würfel 3 zählt nicht", not "Die Würfel 3 zählen nicht"
    if not is_sub_multiset(action.dice, throw):
        raise IllegalAction(
            N_("The die {dice} is not in this throw.") if one else N_("The dice {dice} are not in this throw."),
            dice=" ".join(str(d) for d in action.dice),
        )
    sel = best_partition(r, action.dice, state.turn.open_sets, throw)
    if sel is None:
        c = counts(action.dice)
        if (
            r.scoring.kind.companion_faces
            and any(c[f - 1] >= 3 for f in r.scoring.kind.companion_faces)
            and all_partitions(
                dataclasses.replace(
                    r,
                    scoring=dataclasses.replace(
                        r.scoring, kind=dataclasses.replace(r.scoring.kind, companion_faces=())
                    ),
                ),
                action.dice,
                state.turn.open_sets,
                throw,
            )
        ):
            raise IllegalAction(N_("A pasch of 2s, 3s, 4s or 6s counts only with a 1 or 5 set aside with it."))
        # Of several dice some may score ("1 4": the 1 does): the refusal says not all of them do.
        raise IllegalAction(
            N_("The die {dice} does not score: every die set aside must be part of a scoring combination.")
            if one
            else N_("Not all of the dice {dice} score: every die set aside must be part of a scoring combination."),
            dice=" ".join(str(d) for d in action.dice),
        )
    need = state._confirm_min()
    if need and sel.points < need:
        raise IllegalAction(
            N_("To confirm, this throw must bring at least {n} points; {dice} scores only {points}."),
            n=need,
            dice=" ".join(str(d) for d in action.dice),
            points=sel.points,
        )
    if r.selection.rule == "all_scoring" or state.pool_mode:
        raise IllegalAction(N_("You must set aside all scoring dice of the best combination."))
    if action.turn_fives:
        if not r.selection.five_pair_to_one:
            raise IllegalAction(N_("Turning two 5s into a 1 is not allowed under these rules."))
        raise IllegalAction(N_("Only {k} pair(s) of single 5s in this selection can be turned."), k=sel.five_pairs)


def _meld_list(sel: Selection, tr: Any) -> str:
    """ "3er-Pasch + 2× einzelne 1": melds in partition order, equal ones counted."""
    labels: list[str] = []
    count: dict[str, int] = {}
    for m in sel.melds:
        lab = meld_label(m, tr)
        if lab not in count:
            labels.append(lab)
        count[lab] = count.get(lab, 0) + 1
    return " + ".join(lab if count[lab] == 1 else f"{count[lab]}× {lab}" for lab in labels)


def parse_action_text(text: str) -> Action:
    """A move typed by a person: "b"/"stop" banks, "w"/"weiter" throws again, "1 5" sets those dice aside
    (append "d" per pair of 5s to turn into a 1), "ü"/"n" take over or not, "k" knocks, "g" gives up."""
    low = text.strip().casefold()
    for kind, words in _ACTION_WORDS.items():
        if low in words:
            return _KIND_TO_ACTION[kind]
    tokens = low.replace(",", " ").replace("-", " ").split()
    turns = 0
    faces: list[int] = []
    for tok in tokens:
        if tok in ("d", "drehen", "turn", "t"):
            turns += 1
            continue
        if tok.endswith("d") and tok[:-1].isdigit():
            turns += 1
            tok = tok[:-1]
        if not tok.isdigit():
            raise IllegalAction(
                N_(
                    "I did not understand '{text}'. Type the dice to set aside (e.g. 1 5), "
                    "b to stop or w to throw again."
                ),
                text=text[:40],
            )
        for ch in tok:
            if ch not in "123456":
                raise IllegalAction(N_("'{ch}' is not a die face (1 to 6)."), ch=ch)
            faces.append(int(ch))
    if not faces:
        raise IllegalAction(
            N_("I did not understand '{text}'. Type the dice to set aside (e.g. 1 5), b to stop or w to throw again."),
            text=text[:40],
        )
    if len(faces) > 6 or turns > 3:
        raise IllegalAction(N_("That is more dice than there are."))
    return Select(tuple(faces), turns)


_ACTION_WORDS: dict[str, tuple[str, ...]] = {
    "bank": ("b", "bank", "stop", "s", "aufhören", "aufhoeren", "schreiben", "schluss"),
    "roll": ("w", "weiter", "würfeln", "wuerfeln", "r", "roll", "again", "nochmal"),
    "give_up": ("g", "aufgeben", "give up", "giveup"),
    "turn_fives": ("d", "drehen", "5er drehen", "turn", "turn fives"),
    "take_over": ("ü", "ue", "u", "übernehmen", "uebernehmen", "take", "take over"),
    "decline": ("n", "neu", "nein", "fresh", "decline", "no"),
    "knock": ("k", "klopfen", "knock"),
    "rethrow": ("x", "neu werfen", "rethrow"),
}

_KIND_TO_ACTION: dict[str, Action] = {c.kind: c() for c in _SIMPLE}
