"""How to play the Würfelspiel, Kniffel and Yahtzee, written from the rules object (issue 24; ``engine/explain.py``
says why).

One options class covers three sheets — Brettspielnetz's three columns ×1, ×2, ×3, the one-column Kniffel block and
the Yahtzee card with its bonus and joker — so the text is chosen from the rules: the columns and their weights, the
boxes the sheet has (named as that sheet names them), the values, the bonus, the joker. A value that differs from
the usual sheet is also listed under "Variants at this table". The worked example is scored by the game's own
:func:`box_score`, so it can never disagree with the sheet.

The goal on the felt (:func:`goal`) is built here from plain values, so the state's components and the terminal
renderer (which only has the view) say the same line.
"""

from __future__ import annotations

from collections.abc import Sequence

from wuerfel.engine.components import Goal, Phrase, Text
from wuerfel.engine.errors import N_
from wuerfel.engine.explain import Section
from wuerfel.games.wuerfelspiel.rules import UPPER_FACE, WuerfelspielRules, box_score, sheet_style
from wuerfel.games.wuerfelspiel.state import BOX_MSGIDS, STYLE_MSGIDS

EXAMPLE_THROW = (2, 5, 5, 5, 6)
"""The worked example's throw: it fits a number box, three alike and the Chance, and shows that it is no full
house — the choice every turn of this game is about."""

USUAL = WuerfelspielRules()
"""The usual sheet (Brettspielnetz's values, which Kniffel shares): a value that differs from it is a variant."""


def box(name: str, rules: WuerfelspielRules) -> Phrase:
    """A box as the rules' sheet names it ("3 Gleiche", "Dreierpasch", "Yahtzee"), translated by the reader."""
    return Phrase(STYLE_MSGIDS.get(sheet_style(rules), {}).get(name) or BOX_MSGIDS[name])


def join(items: Sequence[Text], last: str = "and") -> Text:
    """A list in words ("a, b and c"; ``last="or"``: "a, b or c"; ``last=","``: "a, b, c"), as nested Phrases
    (numbers stay numbers)."""
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


def weights(rules: WuerfelspielRules) -> str:
    """The column weights as the sheet heads them: "×1, ×2, ×3"."""
    return ", ".join(f"×{w}" for w in rules.column_weights)


def explain(rules: WuerfelspielRules, players: int) -> list[Section]:
    """``GameInfo.explain``: goal, a turn, scoring with a worked example, the end, and where the sheet differs from
    the usual one."""
    out = [
        Section("goal", tuple(_goal(rules, players))),
        Section("turn", tuple(_turn(rules))),
        Section("scoring", tuple(_scoring(rules))),
        Section("end", tuple(_end(rules, players))),
    ]
    variants = _variants(rules)
    if variants:
        out.append(Section("variants", tuple(variants)))
    return out


def _goal(r: WuerfelspielRules, players: int) -> list[Text]:
    n = len(r.boxes)
    out: list[Text] = []
    if r.columns > 1:
        out.append(
            Phrase(
                "Every player fills a sheet of {columns} columns with {boxes} boxes each, one box per turn. "
                "The columns count {weights} from left to right: good throws belong in the right-hand "
                "column.",
                {"columns": r.columns, "boxes": n, "weights": weights(r)},
            )
        )
    else:
        out.append(Phrase("Every player fills the {boxes} boxes of his sheet, one box per turn.", {"boxes": n}))
    out.append(
        Phrase("You play alone: get as many points as you can.") if players == 1 else Phrase("The highest total wins.")
    )
    return out


def _turn(r: WuerfelspielRules) -> list[Text]:
    out: list[Text] = [Phrase("You throw all {n} dice.", {"n": r.dice})]
    if r.rerolls:
        out.append(
            Phrase(
                "Then you may throw once more: keep the dice you like and throw the others (at least one).",
                {"n": r.rerolls},
                plural="Then you may throw up to {n} more times: each time keep the dice you like and "
                "throw the others (at least one).",
            )
        )
    else:
        out.append(Phrase("There is no second throw: the first one counts."))
    out.append(
        Phrase(
            N_("Then you write the dice into one empty box of any of your columns; that ends your turn.")
            if r.columns > 1
            else N_("Then you write the dice into one empty box of your sheet; that ends your turn.")
        )
    )
    out.append(Phrase("If the dice fit no empty box, you must still fill one: it then scores 0."))
    return out


def _scoring(r: WuerfelspielRules) -> list[Text]:
    out: list[Text] = []
    upper = [b for b in r.boxes if b in UPPER_FACE]
    if upper:
        out.append(
            Phrase(
                "• {boxes}: the sum of the dice showing that number (four 5s: 20)",
                {"boxes": join([box(b, r) for b in upper])},
            )
        )
        if r.upper_bonus:
            out.append(
                Phrase(
                    N_("• bonus: {bonus} points as soon as these boxes of a column add up to {threshold} or more")
                    if r.columns > 1
                    else N_("• bonus: {bonus} points as soon as these boxes add up to {threshold} or more"),
                    {"bonus": r.upper_bonus, "threshold": r.upper_bonus_threshold},
                )
            )
    sums = r.kind_boxes_score == "sum_of_all_dice"
    for b in r.boxes:
        name = box(b, r)
        if b == "three_kind":
            out.append(
                Phrase(
                    N_("• {box}: at least three equal dice; scores the sum of all dice")
                    if sums
                    else N_("• {box}: at least three equal dice; scores the sum of the equal dice"),
                    {"box": name},
                )
            )
        elif b == "four_kind":
            out.append(
                Phrase(
                    N_("• {box}: at least four equal dice; scores the sum of all dice")
                    if sums
                    else N_("• {box}: at least four equal dice; scores the sum of the equal dice"),
                    {"box": name},
                )
            )
        elif b == "full_house":
            out.append(
                Phrase(
                    N_("• {box}: three equal dice and two equal dice; five equal dice count too: {points}")
                    if r.full_house_allows_five_kind
                    else N_(
                        "• {box}: three equal dice and two other equal dice (five equal dice are no full "
                        "house): {points}"
                    ),
                    {"box": name, "points": r.full_house},
                )
            )
        elif b == "small_straight":
            out.append(
                Phrase(
                    "• {box}: four in a row (1-2-3-4, 2-3-4-5 or 3-4-5-6): {points}",
                    {"box": name, "points": r.small_straight},
                )
            )
        elif b == "large_straight":
            out.append(
                Phrase(
                    "• {box}: five in a row (1-2-3-4-5 or 2-3-4-5-6): {points}",
                    {"box": name, "points": r.large_straight},
                )
            )
        elif b == "five_kind":
            out.append(Phrase("• {box}: five equal dice: {points}", {"box": name, "points": r.five_kind}))
        elif b == "chance":
            out.append(Phrase("• {box}: any dice; scores the sum of all dice", {"box": name}))
    if "five_kind" in r.boxes:
        out += _yahtzee_extras(r)
    if r.columns > 1:
        out.append(
            Phrase(
                "Every column is added up on its own, its bonus included, and counts {weights}: your total "
                "is the sum of the weighted columns.",
                {"weights": weights(r)},
            )
        )
    out += _example(r)
    return out


def _yahtzee_extras(r: WuerfelspielRules) -> list[Text]:
    out: list[Text] = []
    name = box("five_kind", r)
    if r.yahtzee_bonus:
        out.append(
            Phrase(
                "• every further five equal dice score {bonus} extra points, once the {box} box holds points",
                {"bonus": r.yahtzee_bonus, "box": name},
            )
        )
    values = join(
        [
            Phrase("{box} {points}", {"box": box(b, r), "points": v})
            for b, v in (
                ("full_house", r.full_house),
                ("small_straight", r.small_straight),
                ("large_straight", r.large_straight),
            )
            if b in r.boxes
        ]
    )
    if r.joker == "forced":
        out.append(
            Phrase(
                "Joker: once the {box} box is filled, a further five equal dice must go into its number "
                "box if that is empty; otherwise into any empty box of the lower part, where it counts in "
                "full ({values}); only when those are full into another number box, for 0.",
                {"box": name, "values": values},
            )
        )
    elif r.joker == "classic":
        out.append(
            Phrase(
                "Joker: once the {box} box is filled, a further five equal dice may go into any box; in "
                "the lower part it counts in full ({values}), but only once its number box is filled.",
                {"box": name, "values": values},
            )
        )
    elif r.joker == "free":
        out.append(
            Phrase(
                "Joker: once the {box} box is filled, a further five equal dice may go into any box and "
                "counts in full in the lower part ({values}).",
                {"box": name, "values": values},
            )
        )
    return out


def example(rules: WuerfelspielRules) -> dict[str, int]:
    """What the example throw scores in each box of the rules' sheet, by the game's own :func:`box_score`."""
    return {b: box_score(b, EXAMPLE_THROW, rules) for b in rules.boxes}


def _example(r: WuerfelspielRules) -> list[Text]:
    points = example(r)
    throw = "-".join(map(str, EXAMPLE_THROW))
    scoring = [Phrase("{box} {points}", {"points": v, "box": box(b, r)}) for b, v in points.items() if v]
    zero = [box(b, r) for b, v in points.items() if not v and b not in UPPER_FACE]
    out: list[Text] = []
    if scoring:
        out.append(
            Phrase(
                "An example: the throw {throw} would score: {list}.", {"throw": throw, "list": join(scoring, last=",")}
            )
        )
    if zero:
        out.append(Phrase("It scores 0 in {boxes}.", {"boxes": join(zero, last="or")}))
    if r.columns > 1 and scoring:
        best = max(points, key=lambda b: points[b])
        w = max(r.column_weights)
        out.append(
            Phrase(
                "Written into the column {weight}, the {box} box counts {total} towards your total.",
                {"weight": f"×{w}", "box": box(best, r), "total": w * points[best]},
            )
        )
    return out


def _end(r: WuerfelspielRules, players: int) -> list[Text]:
    if players == 1:
        return [
            Phrase(
                "The game ends after {turns} turn, when every box is filled; your total is your result.",
                {"turns": r.turns},
                plural="The game ends after {turns} turns, when every box is filled; your total is your result.",
                count="turns",
            )
        ]
    return [
        Phrase(
            "The game ends when every player has filled every box: after {turns} turn each.",
            {"turns": r.turns},
            plural="The game ends when every player has filled every box: after {turns} turns each.",
            count="turns",
        ),
        Phrase("The highest total wins; equal totals share the win."),
    ]


def _variants(r: WuerfelspielRules) -> list[Text]:
    """Where these rules differ from the usual sheet: the value here and the usual one beside it."""
    out: list[Text] = []
    if r.rerolls != USUAL.rerolls:
        out.append(Phrase("• throws per turn: {n} (usually {usual})", {"n": r.rerolls + 1, "usual": USUAL.rerolls + 1}))
    for key, b in (
        ("full_house", "full_house"),
        ("small_straight", "small_straight"),
        ("large_straight", "large_straight"),
        ("five_kind", "five_kind"),
    ):
        if b in r.boxes and getattr(r, key) != getattr(USUAL, key):
            out.append(
                Phrase(
                    "• {box}: {points} (usually {usual})",
                    {"box": box(b, r), "points": getattr(r, key), "usual": getattr(USUAL, key)},
                )
            )
    if any(b in UPPER_FACE for b in r.boxes) and (r.upper_bonus, r.upper_bonus_threshold) != (
        USUAL.upper_bonus,
        USUAL.upper_bonus_threshold,
    ):
        out.append(
            Phrase(
                N_("• no bonus (usually {bonus} from {threshold})")
                if not r.upper_bonus
                else N_("• bonus: {points} from {from_} (usually {bonus} from {threshold})"),
                {
                    "points": r.upper_bonus,
                    "from_": r.upper_bonus_threshold,
                    "bonus": USUAL.upper_bonus,
                    "threshold": USUAL.upper_bonus_threshold,
                },
            )
        )
    missing = [box(b, r) for b in USUAL.boxes if b not in r.boxes]
    if missing:
        out.append(Phrase("• not on this sheet: {boxes}", {"boxes": join(missing)}))
    if r.yahtzee_bonus or r.joker != "none":
        out.append(Phrase("• the Yahtzee extras: a bonus for further five equal dice and the joker (see “Scoring”)"))
    return out


def goal(turns: int, turn: int | None, column_weights: Sequence[int]) -> Goal:
    """The aim and where the game stands: "Höchste Summe nach 39 Zügen · Spalten ×1, ×2, ×3" · "Runde 5 von 39"."""
    if len(column_weights) > 1:
        text = Phrase(
            "Highest total after {turns} turn · columns {weights}",
            {"turns": turns, "weights": ", ".join(f"×{w}" for w in column_weights)},
            plural="Highest total after {turns} turns · columns {weights}",
            count="turns",
        )
    else:
        text = Phrase(
            "Highest total after {turns} turn",
            {"turns": turns},
            plural="Highest total after {turns} turns",
            count="turns",
        )
    progress = Phrase("Round {n} of {m}", {"n": turn, "m": turns}) if turn else None
    return Goal(text, progress)
