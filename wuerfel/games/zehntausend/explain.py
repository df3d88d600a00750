"""How to play Zehntausend, written from its rules object (issue 24; ``engine/explain.py`` says why).

Zehntausend has more house rules than any other game here, and a player at a table with Macke's minus points, the
350 to beat or Farkle's six dice must read *those* rules, not the simple ones. So every paragraph below is chosen
and filled from :class:`ZehntausendRules`: a rule that changes play changes a sentence (``tests/zehntausend/
test_explain.py`` changes every option and looks for a changed text). The worked example is scored by the game's own
meld code (:func:`example`), so it can never disagree with what the table would score.

The goal on the felt (:func:`goal`) is built here too, from plain values, so the state's components and the
terminal renderer (which only has the view) say the same line.
"""

from __future__ import annotations

from collections.abc import Sequence

from wuerfel.engine.components import Goal, Phrase, SeatRef, Text
from wuerfel.engine.errors import N_
from wuerfel.engine.explain import Section
from wuerfel.games.zehntausend.melds import (
    Meld,
    Selection,
    ext_value,
    legal_selections,
    literal_keeps,
    throw_value,
)
from wuerfel.games.zehntausend.options import ZehntausendRules, kind_value

# --------------------------------------------------------------------------------------------------------------
# Small pieces


def _dice(dice: Sequence[int]) -> str:
    """Dice as people write them on a pad: 3-3-3."""
    return "-".join(str(d) for d in dice)


def join(items: Sequence[Text], last: str = "and") -> Text:
    """A list in words ("a, b and c"; ``last="or"``: "a, b or c"; ``last=","``: "a, b, c"), as nested Phrases so
    every number in it is still written the reader's way."""
    if not items:
        return ""
    out = items[-1]
    if len(items) > 1:
        out = {
            "and": Phrase("{item} and {last}", {"item": items[-2], "last": out}),
            "or": Phrase("{item} or {last}", {"item": items[-2], "last": out}),
            ",": Phrase("{item}, {more}", {"item": items[-2], "more": out}),
        }[last]
    for x in reversed(items[:-2]):
        out = Phrase("{item}, {more}", {"item": x, "more": out})
    return out


def _meld(m: Meld) -> Phrase:
    return Phrase("{dice} = {points}", {"dice": _dice(m.dice), "points": m.points})


def _melds(sel: Selection) -> Text:
    return join([_meld(m) for m in sel.melds])


# --------------------------------------------------------------------------------------------------------------
# The worked example


EXAMPLE_THROWS: tuple[tuple[int, ...], ...] = (
    (1, 3, 3, 3, 5, 4),
    (1, 2, 2, 2, 5, 4),
    (1, 4, 4, 4, 5, 2),
    (1, 6, 6, 6, 5, 2),
    (1, 5, 2, 3, 4, 6),
    (1, 2, 3, 4, 6, 6),
    (5, 2, 3, 4, 6, 6),
)
"""Candidate example throws, best teacher first: a three of a kind with a 1 and a 5 beside it shows a combination,
the singles and the choice of what to keep; the later ones are for house rules that switch those off. The first
``dice.count`` dice of each are thrown."""


def example(rules: ZehntausendRules) -> tuple[tuple[int, ...], Selection]:
    """The example throw and its most valuable selection, scored by the game's own code (the scorer of ``wuerfel
    score`` and of the table): under these rules, at the start of a fresh turn."""
    n = rules.dice.count
    fallback: tuple[tuple[int, ...], Selection] | None = None
    for cand in EXAMPLE_THROWS:
        throw = tuple(sorted(cand[:n]))
        sels = legal_selections(rules, throw)
        if not sels:
            continue
        if any(m.kind == "kind" for m in sels[0].melds) and len(sels[0].melds) > 1:
            return throw, sels[0]
        fallback = fallback or (throw, sels[0])
    if fallback is None:  # a rule set in which these throws never score: the first scoring throw of n dice
        from wuerfel.engine.dice import roll_distribution

        for dice, _p in roll_distribution(n):
            sels = legal_selections(rules, dice)
            if sels:
                return tuple(dice), sels[0]
        raise ValueError("no throw scores under these rules")
    return fallback


def _example_paragraphs(rules: ZehntausendRules) -> list[Text]:
    throw, best = example(rules)
    n = rules.dice.count
    out: list[Text] = []
    if rules.selection.model == "macke_literal":
        whole = throw_value(rules, throw)
        assert whole is not None
        keeps = literal_keeps(throw)
        stays = keeps[-1] if keeps else ()
        out.append(
            Phrase(
                "An example: you throw {throw}. The whole throw counts {points} ({melds}), but only its "
                "{kept} stay aside; the other dice go back into the cup.",
                {"throw": _dice(throw), "points": whole.points, "melds": _melds(whole), "kept": _dice(stays) or "–"},
            )
        )
        return out
    if rules.game.mode == "rueckwaerts":
        rest = n - len(best.dice)
        out.append(
            Phrase(
                "An example: you throw {throw}. All scoring dice come out, {dice}: {points} ({melds}) go "
                "into the pool, and the next player throws the other {rest} die.",
                {
                    "throw": _dice(throw),
                    "dice": _dice(best.dice),
                    "points": best.points,
                    "melds": _melds(best),
                    "rest": rest,
                },
                plural="An example: you throw {throw}. All scoring dice come out, {dice}: {points} "
                "({melds}) go into the pool, and the next player throws the other {rest} dice.",
                count="rest",
            )
        )
        return out
    rest = n - len(best.dice)
    if rest:
        out.append(
            Phrase(
                "An example: you throw {throw}. Setting aside {dice} scores {points} ({melds}); {rest} "
                "die stays in the cup for the next throw.",
                {
                    "throw": _dice(throw),
                    "dice": _dice(best.dice),
                    "points": best.points,
                    "melds": _melds(best),
                    "rest": rest,
                },
                plural="An example: you throw {throw}. Setting aside {dice} scores {points} ({melds}); "
                "{rest} dice stay in the cup for the next throw.",
                count="rest",
            )
        )
    else:
        out.append(
            Phrase(
                "An example: you throw {throw}. Setting aside all of them scores {points} ({melds}).",
                {"throw": _dice(throw), "points": best.points, "melds": _melds(best)},
            )
        )
        if rules.turn.hot_dice:
            out.append(Phrase("All dice lie aside then: you may throw all {n} again and keep the points.", {"n": n}))
    if rules.selection.rule == "free":
        singles = [s for s in legal_selections(rules, throw) if len(s.dice) == 1]
        if singles and len(best.dice) > 1:
            one = singles[0]
            out.append(
                Phrase(
                    "You may also set aside only the {die} ({points}) and throw {rest} dice again: fewer "
                    "points now, more dice for the next throw.",
                    {"die": _dice(one.dice), "points": one.points, "rest": n - 1},
                )
            )
    if rules.proof.enabled and best.has_set:
        out.append(Phrase("The pasch in it must still be proven before you may stop."))
    return out


# --------------------------------------------------------------------------------------------------------------
# Sections


def explain(rules: ZehntausendRules, players: int) -> list[Section]:
    """``GameInfo.explain``: goal, a turn, scoring with a worked example, the end, and this table's variants."""
    out = [
        Section("goal", tuple(_goal(rules))),
        Section("turn", tuple(_turn(rules))),
        Section("scoring", tuple(_scoring(rules))),
        Section("end", tuple(_end(rules))),
    ]
    variants = _variants(rules)
    if variants:
        out.append(Section("variants", tuple(variants)))
    return out


def _goal(r: ZehntausendRules) -> list[Text]:
    g = r.game
    target = g.target
    more = g.reach == "more_than"
    if g.mode == "rueckwaerts":
        return [
            Phrase(
                "Here nobody wants points: the dice go round the table after every throw, and what they score "
                "piles up in a shared pool. Whoever throws a Niete gets the whole pool as penalty points."
            ),
            Phrase(
                N_("Whoever has more than {target} penalty points loses; the fewest penalty points win.")
                if more
                else N_("Whoever reaches {target} penalty points loses; the fewest penalty points win."),
                {"target": target},
            ),
        ]
    if g.mode == "bumerang":
        if r.bumerang.phase2 == "rueckwaerts_mode":
            return [
                Phrase(
                    "First climb to {target} points. As soon as one player has them, everybody plays "
                    "Rückwärts: the dice go round after every throw, their points pile up in a shared pool, "
                    "and whoever throws a Niete has the pool taken off his score. The first to fall below 0 "
                    "wins.",
                    {"target": target},
                )
            ]
        return [
            Phrase(
                "First climb to {target} points; once you have them, every turn you write down is taken off "
                "your score again. The first to fall below 0 wins.",
                {"target": target},
            )
        ]
    if g.mode == "solo":
        return [
            Phrase(
                N_("You play alone: get more than {target} points in as few turns as you can.")
                if more
                else N_("You play alone: get {target} points or more in as few turns as you can."),
                {"target": target},
            )
        ]
    lose = (
        Phrase(
            "Throw as often as you dare: a throw in which nothing scores is a Niete and costs the points of "
            "the whole turn — they are even taken off your score."
        )
        if r.turn.bust == "negate"
        else Phrase(
            "Throw as often as you dare: a throw in which nothing scores is a Niete and loses the points of "
            "the whole turn."
        )
    )
    return [
        Phrase(
            N_("Be the first to collect more than {target} points.")
            if more
            else N_("Be the first to collect {target} points or more."),
            {"target": target},
        ),
        lose,
    ]


def _choose(r: ZehntausendRules) -> Text:
    if r.selection.model == "macke_literal":
        return Phrase(
            "Each throw is scored as a whole, but only its 1s and 5s stay aside (at least one); the dice "
            "of a pasch or a straight go back into the cup."
        )
    if r.selection.rule == "all_scoring":
        return Phrase("After every throw you must set aside all its scoring dice (the most valuable choice).")
    return Phrase(
        "After every throw you set aside at least one scoring die (see “Scoring”); you may leave other "
        "scoring dice in the cup to throw them again."
    )


def _turn(r: ZehntausendRules) -> list[Text]:
    if r.game.mode == "rueckwaerts":
        return _pool_turn(r)
    n = r.dice.count
    t = r.turn
    out: list[Text] = [
        Phrase("You start your turn with all {n} dice in the cup and throw them.", {"n": n}),
        _choose(r),
        Phrase("Then you either stop and write down the points of the turn, or throw the remaining dice again."),
    ]
    out.append(
        Phrase(
            "A throw in which nothing scores is a Niete: your turn is over, and its points are taken off "
            "your score (the Macke)."
        )
        if t.bust == "negate"
        else Phrase("A throw in which nothing scores is a Niete: your turn is over and its points are lost.")
    )
    if t.hot_dice:
        out.append(
            Phrase(
                "Once all {n} dice lie aside (Anschluss), you may throw all {n} again; the points of the "
                "turn stay with you.",
                {"n": n},
            )
        )
    else:
        out.append(Phrase("Once all dice lie aside, your turn ends and you write down its points."))
    if t.max_throws:
        out.append(
            Phrase(
                "You throw at most once per turn.",
                {"n": t.max_throws},
                plural="You throw at most {n} times per turn; after the last throw you must stop.",
            )
        )
    out += _thresholds(r)
    out += _proof_and_confirm(r)
    out += _extension_and_turning(r)
    if r.game.mode == "bumerang" and r.bumerang.phase2 == "rueckwaerts_mode":
        out.append(
            Phrase(
                "After the turning point every player throws only once and the dice pass on, as in "
                "Rückwärts: all scoring dice come out, their points go into the pool, and a Niete takes the "
                "pool off the thrower's score."
            )
        )
    return out


def _thresholds(r: ZehntausendRules) -> list[Text]:
    t = r.turn
    out: list[Text] = []
    if t.min_bank:
        out.append(Phrase("You may stop only with at least {points} points in the turn.", {"points": t.min_bank}))
    if t.beat_predecessor:
        out.append(
            Phrase(
                N_("You may stop only with more points than you wrote down in your previous turn.")
                if r.game.mode == "solo"
                else N_("You may stop only with more points than the player before you wrote down in his turn.")
            )
        )
        if t.beat_fallback:
            out.append(
                Phrase(
                    "If there is nothing to beat (the first turn, or that turn was lost), you need at least {points}.",
                    {"points": t.beat_fallback},
                )
            )
    if t.min_bank or t.beat_predecessor:
        out.append(
            Phrase(
                N_("Below that you may give up, which counts as a Niete.")
                if t.stop_below_threshold == "counts_as_bust"
                else N_("Below that you must throw again.")
            )
        )
    if t.max_dice_left_to_bank >= 0:
        k = t.max_dice_left_to_bank
        if k == 0:
            out.append(
                Phrase("You may stop only when no die is left in the cup, or right after all dice were set aside.")
            )
        else:
            out.append(
                Phrase(
                    "You may stop only when at most {n} die is left in the cup, or right after all dice "
                    "were set aside.",
                    {"n": k},
                    plural="You may stop only when at most {n} dice are left in the cup, or right after "
                    "all dice were set aside.",
                )
            )
    return out


def _proof_and_confirm(r: ZehntausendRules) -> list[Text]:
    out: list[Text] = []
    n = r.dice.count
    if r.proof.enabled:
        out.append(
            Phrase(
                N_(
                    "Every pasch must be proven: before you may stop, set aside a 1 or 5 from the same or a "
                    "later throw. If a Niete comes first, the whole turn is lost."
                )
                if r.proof.same_throw
                else N_(
                    "Every pasch must be proven: before you may stop, set aside a 1 or 5 from a later throw. "
                    "If a Niete comes first, the whole turn is lost."
                )
            )
        )
    c = r.confirm
    if c.enabled:
        when = {
            "all_dice_set_aside": Phrase("When all dice lie aside, the turn must be confirmed before you may stop:"),
            "full_throw_all_scored": Phrase(
                "When you set aside all {n} dice of one throw, the turn must be confirmed before you may stop:",
                {"n": n},
            ),
            "throw_all_scoring": Phrase(
                "When every die of a throw of all {n} dice scores, the turn must be confirmed before you may stop:",
                {"n": n},
            ),
        }[c.trigger]
        if c.scope == "single_throw":
            how = (
                Phrase("the next throw must score, or the turn is lost.")
                if not c.min_points
                else Phrase(
                    "the next throw must bring at least {points} points, or the turn is lost.", {"points": c.min_points}
                )
            )
        else:
            how = Phrase("you must score at least {points} more points first.", {"points": c.min_points})
        out.append(Phrase("{when} {how}", {"when": when, "how": how}))
    return out


def _extension_and_turning(r: ZehntausendRules) -> list[Text]:
    out: list[Text] = []
    e = r.extension
    if e.enabled:
        face = next((f for f in (3, 2, 4, 6, 5, 1) if kind_value(r, f, 3)), 0)
        if face:
            base = kind_value(r, face, 3)
            add = ext_value(r, face, 1, 3, base)
            if e.value == "double_per_die":
                out.append(
                    Phrase(
                        "A pasch you set aside may be extended in the very next throw by dice of the same "
                        "face; every added die doubles it ({pasch} = {base}, one more {face}: {total}).",
                        {"pasch": _dice((face,) * 3), "base": base, "face": face, "total": base + add},
                    )
                )
            else:
                out.append(
                    Phrase(
                        "A pasch you set aside may be extended in the very next throw by dice of the same "
                        "face; it then counts as the bigger pasch ({pasch} = {base}, one more {face}: "
                        "{total}).",
                        {"pasch": _dice((face,) * 3), "base": base, "face": face, "total": base + add},
                    )
                )
            if not e.across_hot_dice:
                out.append(Phrase("A full cup after all dice were set aside ends the chance to extend."))
    s = r.selection
    if s.five_pair_to_one:
        out.append(
            Phrase(
                "Turning fives: two single 5s of the same throw may be turned into a 1. They keep their "
                "{points} points, but only one die stays aside; the other goes back into the cup.",
                {"points": 2 * r.scoring.five},
            )
        )
        if s.five_turn_timing == "any_time":
            out.append(Phrase("You may turn them when you set them aside or later in the turn, before any throw."))
        out.append(
            Phrase(
                N_("A turned 1 may join a pasch of 1s or a straight.")
                if s.converted_one_combines
                else N_("A turned 1 never joins a pasch of 1s or a straight.")
            )
        )
    return out


def _pool_turn(r: ZehntausendRules) -> list[Text]:
    n = r.dice.count
    out: list[Text] = [
        Phrase(
            "Everybody throws only once, then the dice pass to the next player. Of every throw all scoring dice "
            "come out (the most valuable choice): their points go into the pool, and the next player throws the "
            "dice that are left."
        ),
        Phrase(
            N_("When the last die is out, the next player gets all {n} dice again and the pool keeps growing.")
            if r.rueckwaerts.refill_when_empty
            else N_(
                "When the last die is out, the pool is cleared and the next player starts again with all {n} dice."
            ),
            {"n": n},
        ),
        (
            Phrase(
                "A throw in which nothing scores is a Niete: its thrower gets the whole pool as penalty points, and "
                "the player after him starts again with all dice and an empty pool."
            )
            if r.rueckwaerts.next_round_starter == "after_receiver"
            else Phrase(
                "A throw in which nothing scores is a Niete: its thrower gets the whole pool as penalty points and "
                "starts again himself, with all dice and an empty pool."
            )
        ),
    ]
    out += _extension_and_turning(r)
    return out


def _scoring(r: ZehntausendRules) -> list[Text]:
    s = r.scoring
    n = r.dice.count
    out: list[Text] = [Phrase("What scores (each combination from one throw):")]
    if s.one:
        out.append(Phrase("• a single 1: {points}", {"points": s.one}))
    if s.five:
        out.append(Phrase("• a single 5: {points}", {"points": s.five}))
    triples = [
        Phrase("{dice} = {points}", {"dice": _dice((f,) * 3), "points": kind_value(r, f, 3)})
        for f in range(1, 7)
        if kind_value(r, f, 3)
    ]
    if triples:
        out.append(Phrase("• three alike: {list}", {"list": join(triples)}))
    k = s.kind
    if k.rule == "doubling":
        face = 2 if kind_value(r, 2, 3) else next((f for f in range(1, 7) if kind_value(r, f, 3)), 0)
        if face:
            chain = [
                Phrase("{dice} = {points}", {"dice": _dice((face,) * size), "points": kind_value(r, face, size)})
                for size in range(4, n + 1)
            ]
            out.append(Phrase("• every further equal die doubles the pasch: {list}", {"list": join(chain)}))
    elif k.rule == "explicit":
        for size in range(4, n + 1):
            row = [
                Phrase("{dice} = {points}", {"dice": _dice((f,) * size), "points": kind_value(r, f, size)})
                for f in range(1, 7)
                if kind_value(r, f, size)
            ]
            if not row:
                continue
            out.append(
                {
                    4: Phrase("• four alike: {list}", {"list": join(row)}),
                    5: Phrase("• five alike: {list}", {"list": join(row)}),
                    6: Phrase("• six alike: {list}", {"list": join(row)}),
                }[size]
            )
    if k.rule == "triple_only":
        out.append(
            Phrase(
                "• four or more equal dice are no bigger pasch: three of them count as three alike, the "
                "others only as single 1s or 5s"
            )
        )
    elif k.rule == "explicit" and not all(kind_value(r, f, size) for f in range(1, 7) for size in range(4, n + 1)):
        out.append(
            Phrase(
                "• more equal dice than listed are no bigger pasch: three of them count as three alike, "
                "the others only as single 1s or 5s"
            )
        )
    if k.companion_faces:
        faces = join([Phrase("{face}s", {"face": f}) for f in sorted(k.companion_faces)], last="or")
        melds = {size for f in k.companion_faces for size in range(3, n + 1) if kind_value(r, f, size)}
        sizes = sorted(melds & set(k.companion_sizes))
        if sizes and sizes != sorted(melds):  # the rule holds for some sizes only: say which
            faces = Phrase(
                "{faces} ({sizes} alike)", {"faces": faces, "sizes": join([str(z) for z in sizes], last="or")}
            )
        if sizes:
            out.append(
                Phrase(
                    N_("• a pasch of {faces} counts only with a 1 or 5 set aside with it")
                    if k.companion_scope == "selection"
                    else N_("• a pasch of {faces} counts only when a 1 or 5 was thrown with it"),
                    {"faces": faces},
                )
            )
    straights = [
        Phrase("{dice} = {points}", {"dice": _dice(sorted(st.faces)), "points": st.value})
        for st in s.straights
        if len(st.faces) <= n
    ]
    if straights:
        out.append(Phrase("• straights: {list}", {"list": join(straights)}))
    if s.three_pairs.value and n >= 6:
        out.append(
            Phrase(
                N_("• three pairs (e.g. 2-2-4-4-6-6): {points}")
                if s.three_pairs.distinct
                else N_("• three pairs, also four and two alike (e.g. 2-2-4-4-6-6 or 3-3-3-3-5-5): {points}"),
                {"points": s.three_pairs.value},
            )
        )
    if s.pyramid.value and n >= 6:
        shape = {
            "exact_122333": Phrase("only 1-2-2-3-3-3"),
            "consecutive_ascending": Phrase(
                "one die, two of the next face and three of the one after, e.g. 1-2-2-3-3-3 or 4-5-5-6-6-6"
            ),
            "consecutive_any_direction": Phrase(
                "one, two and three dice of three faces in a row, upwards or downwards, e.g. 1-2-2-3-3-3 or 6-5-5-4-4-4"
            ),
            "any_distinct": Phrase("one, two and three dice of any three faces, e.g. 2-5-5-1-1-1"),
        }[s.pyramid.shape]
        out.append(Phrase("• a pyramid ({shape}): {points}", {"shape": shape, "points": s.pyramid.value}))
    out += _example_paragraphs(r)
    return out


def _end(r: ZehntausendRules) -> list[Text]:
    g = r.game
    more = g.reach == "more_than"
    out: list[Text] = []
    if g.mode == "rueckwaerts":
        out.append(
            Phrase(
                N_(
                    "The game ends as soon as a player's penalty points pass {target}: he loses, and the "
                    "fewest penalty points win."
                )
                if more
                else N_(
                    "The game ends as soon as a player's penalty points reach {target}: he loses, and the "
                    "fewest penalty points win."
                ),
                {"target": g.target},
            )
        )
    elif g.mode == "bumerang":
        out.append(
            Phrase(
                "The first player whose score falls below 0 wins at once; the others are ranked by how far "
                "they still have to go."
            )
        )
    elif g.mode == "solo":
        out.append(
            Phrase(
                N_(
                    "The game ends when you pass {target} points; your result is the number of turns you "
                    "needed — lost turns count too."
                )
                if more
                else N_(
                    "The game ends when you reach {target} points; your result is the number of turns you "
                    "needed — lost turns count too."
                ),
                {"target": g.target},
            )
        )
    elif g.end_rule == "immediate":
        out.append(
            Phrase(
                N_("The first to write down more than {target} points wins at once.")
                if more
                else N_("The first to write down {target} points or more wins at once."),
                {"target": g.target},
            )
        )
    else:
        out.append(
            Phrase(
                N_(
                    "Once a player has more than {target} points, the round is played to its end: the players "
                    "after him, up to the one before the starting player, get one more turn each. Then the "
                    "highest score wins."
                )
                if more
                else N_(
                    "Once a player has {target} points or more, the round is played to its end: the players "
                    "after him, up to the one before the starting player, get one more turn each. Then the "
                    "highest score wins."
                ),
                {"target": g.target},
            )
        )
        out.append(
            {
                "shared": Phrase("Equal top scores share the win."),
                "extra_round": Phrase("Equal top scores play further rounds among themselves until one leads."),
                "first_to_reach": Phrase(
                    "With equal top scores the one who reached the target first wins: the others must overtake him."
                ),
            }[g.tie]
        )
    for iw in r.scoring.instant_win:
        if iw.count > r.dice.count:
            continue
        out.append(
            Phrase(
                N_("A throw with {n} equal dice wins the game at once.")
                if iw.face == 0
                else N_("A throw with {n} dice showing {face} wins the game at once."),
                {"n": iw.count, "face": iw.face},
            )
        )
    return out


def _variants(r: ZehntausendRules) -> list[Text]:
    out: list[Text] = []
    t = r.turn
    if r.takeover.enabled and r.game.mode != "rueckwaerts":
        out.append(
            Phrase(
                "Taking over: when a player stops, the next player may take over his points and the dice "
                "left in the cup instead of starting afresh. He must throw at least once, and a Niete loses "
                "it all; the player who stopped keeps his points."
            )
        )
    if t.first_throw_niete == "minus" and r.game.mode != "rueckwaerts":
        out.append(
            Phrase(
                "Minus-Macke: a Niete on the very first throw of a turn costs {points} points besides.",
                {"points": t.first_throw_points},
            )
        )
    elif t.first_throw_niete == "nix" and r.game.mode != "rueckwaerts":
        out.append(
            Phrase(
                "Nix: a Niete on the very first throw of a turn brings {points} points instead, and the turn is over.",
                {"points": t.first_throw_points},
            )
        )
    m = r.minus_marks
    if m.count and r.game.mode != "rueckwaerts":
        out.append(
            Phrase(
                "Every lost turn is a minus mark; {n} minus mark in a row costs {points} points.",
                {"n": m.count, "points": m.penalty},
                plural="Every lost turn is a minus mark; {n} minus marks in a row, without points written "
                "down in between, cost {points} points.",
            )
        )
    x = r.mishap
    if x.mode == "scorekeeper":
        out.append(
            Phrase(
                "With real dice a throw is void and thrown again when a die leans on an edge (brennt), dice "
                "lie stacked (Türmchen) or a die falls off the table."
            )
        )
    elif x.mode == "simulated":
        out.append(
            Phrase(
                "Now and then the computer lets the dice stack up (Türmchen), about once in {n} throws: "
                "such a throw is void and thrown again.",
                {"n": max(1, round(1 / x.probability))},
            )
            if x.probability > 0
            else Phrase("Stacked dice (Türmchen) make a throw void; here the computer never stacks them.")
        )
    if x.mode != "off":
        if x.knock:
            out.append(
                Phrase("On stacked dice you may knock on the table once: if then all dice lie flat, the throw counts.")
            )
            if x.mode == "simulated":
                out.append(
                    Phrase(
                        "Here a knock saves the throw about {percent} % of the time.",
                        {"percent": round(100 * x.knock_success)},
                    )
                )
        if x.penalty_streak and x.penalty_effect != "none":
            if x.penalty_effect == "deduct_points":
                out.append(
                    Phrase(
                        "A void throw in a row costs {points} points; the turn goes on.",
                        {"n": x.penalty_streak, "points": x.penalty_points},
                        plural="{n} void throws in a row cost {points} points; the turn goes on.",
                    )
                )
                out.append(
                    Phrase(
                        N_("Every further void throw costs as much again.")
                        if x.penalty_repeat == "each_after_threshold"
                        else N_("Then the count starts afresh.")
                    )
                )
            else:
                out.append(
                    Phrase(
                        "A void throw loses the turn.",
                        {"n": x.penalty_streak},
                        plural="{n} void throws in a row lose the turn.",
                    )
                )
            if x.skip_next_turn:
                out.append(Phrase("The player also misses his next turn."))
    return out


# --------------------------------------------------------------------------------------------------------------
# The goal on the felt


def goal(
    mode: str,
    target: int,
    reach: str,
    scores: Sequence[int],
    down: Sequence[bool] = (),
    pool_mode: bool = False,
    turns: int | None = None,
) -> Goal:
    """What the table plays to and how far each seat still has to go ("Ziel: 10.000 Punkte" · "Noch: Anna 6750,
    Ben 3900"). From plain values (the view carries them all), so the state and the terminal renderer agree."""
    more = reach == "more_than"
    need = target + 1 if more else target

    def left(p: int, x: int) -> Phrase:
        return (
            Phrase("{name} {points}", {"name": SeatRef(p), "points": x})
            if x > 0
            else Phrase("{name} ✓", {"name": SeatRef(p)})
        )

    def each(items: Sequence[Text]) -> Text:
        return join(items, last=",")

    if mode == "rueckwaerts":
        text = (
            Phrase("Loses: more than {target} penalty points", {"target": target})
            if more
            else Phrase("Loses: {target} penalty points", {"target": target})
        )
        return Goal(
            text, Phrase("To the limit: {list}", {"list": each([left(p, need - s) for p, s in enumerate(scores)])})
        )
    if mode == "bumerang":
        if pool_mode:
            return Goal(
                Phrase("Below 0 wins (Rückwärts)"),
                Phrase("Still to lose: {list}", {"list": each([left(p, s + 1) for p, s in enumerate(scores)])}),
            )
        items = [
            Phrase("{name} ↓ {points}", {"name": SeatRef(p), "points": s + 1})
            if (down and down[p])
            else left(p, need - s)
            for p, s in enumerate(scores)
        ]
        return Goal(
            Phrase("Up to {target} points, then back below 0", {"target": target}),
            Phrase("Still to go: {list}", {"list": each(items)}),
        )
    text = (
        Phrase(
            "Goal: more than {target} point",
            {"target": target},
            plural="Goal: more than {target} points",
            count="target",
        )
        if more
        else Phrase("Goal: {target} point", {"target": target}, plural="Goal: {target} points", count="target")
    )
    if mode == "solo":
        rest = need - scores[0] if scores else need
        return Goal(
            text,
            Phrase("Turn {turn} · still {points} to go", {"turn": (turns or 0) + 1, "points": rest})
            if rest > 0
            else Phrase("Reached"),
        )
    return Goal(text, Phrase("Still to go: {list}", {"list": each([left(p, need - s) for p, s in enumerate(scores)])}))
