"""Rules of the Würfelspiel family as data, and the scoring of every box.

One options class covers the Brettspielnetz 3-column game (seed 003), one-column Kniffel and Yahtzee with the US
extras; presets in ``presets/*.toml``. Scoring is a pure function of the five dice, the box and the rules, shared
by the game, the solver and the tests.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence
from typing import Literal

from wuerfel.engine.errors import N_, RuleError
from wuerfel.engine.rules import opt, require

ALL_BOXES: tuple[str, ...] = (
    "ones",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "three_kind",
    "four_kind",
    "full_house",
    "small_straight",
    "large_straight",
    "five_kind",
    "chance",
)
"""Every box the sheet knows, in sheet order."""

UPPER_FACE: dict[str, int] = {"ones": 1, "twos": 2, "threes": 3, "fours": 4, "fives": 5, "sixes": 6}

BOX_LABELS: dict[str, tuple[str, str]] = {
    "ones": ("1-er", "Aces"),
    "twos": ("2-er", "Twos"),
    "threes": ("3-er", "Threes"),
    "fours": ("4-er", "Fours"),
    "fives": ("5-er", "Fives"),
    "sixes": ("6-er", "Sixes"),
    "three_kind": ("3 Gleiche", "Three of a kind"),
    "four_kind": ("4 Gleiche", "Four of a kind"),
    "full_house": ("Full House", "Full house"),
    "small_straight": ("Kleine Straße", "Small straight"),
    "large_straight": ("Große Straße", "Large straight"),
    "five_kind": ("5 Gleiche", "Five of a kind"),
    "chance": ("Chance", "Chance"),
}
"""Box names as printed on the German sheet, and their usual English names (names, not prose: not translated)."""

LOWER_BOXES = frozenset(ALL_BOXES[6:])


SheetStyle = Literal["wuerfelspiel", "kniffel", "yahtzee"]
SHEET_STYLES: tuple[SheetStyle, ...] = ("wuerfelspiel", "kniffel", "yahtzee")

STYLE_LABELS: dict[str, dict[str, tuple[str, str]]] = {
    "wuerfelspiel": {},
    "kniffel": {
        "three_kind": ("Dreierpasch", "Three of a kind"),
        "four_kind": ("Viererpasch", "Four of a kind"),
        "five_kind": ("Kniffel", "Kniffel"),
    },
    "yahtzee": {
        "three_kind": ("Dreierpasch", "Three of a kind"),
        "four_kind": ("Viererpasch", "Four of a kind"),
        "five_kind": ("Yahtzee", "Yahtzee"),
    },
}
"""Where a sheet's printed names differ from the Würfelspiel's (``BOX_LABELS``): the Kniffel block says
"Dreierpasch", "Viererpasch", "Kniffel", the Yahtzee card "Yahtzee"."""


def sheet_style(rules: WuerfelspielRules | None) -> SheetStyle:
    """Which printed sheet the rules are, for the names of its boxes: several columns are the Würfelspiel of
    Brettspielnetz; one column is Kniffel, or Yahtzee when it has the US extras (Yahtzee bonus or joker).

    Derived from the rules, not an option of its own: box ids, the rules key and every solver and network key stay
    what they are, a record names its boxes the same way on every replay, and a rule file of one's own gets the
    names of the sheet it describes."""
    if rules is None or rules.columns > 1:
        return "wuerfelspiel"
    if rules.yahtzee_bonus or rules.joker != "none":
        return "yahtzee"
    return "kniffel"


def box_label(box: str, lang: str = "de", rules: WuerfelspielRules | SheetStyle | None = None) -> str:
    """A box's name in ``lang`` on the sheet of ``rules`` (a rules object or a :data:`SheetStyle`; none: the
    Würfelspiel's names)."""
    style = rules if isinstance(rules, str) else sheet_style(rules)
    de, en = STYLE_LABELS.get(style, {}).get(box) or BOX_LABELS[box]
    return en if lang == "en" else de


@dataclasses.dataclass(frozen=True)
class WuerfelspielRules:
    """Options of the Würfelspiel/Kniffel/Yahtzee family (flat, as in the rules digest)."""

    dice: int = opt(5, de="Anzahl Würfel (fest 5)", en="Number of dice (fixed at 5)", low=5, high=5)
    rerolls: int = opt(2, de="Höchstzahl Nachwürfe je Zug", en="Maximum re-rolls per turn", low=0, high=5)
    columns: int = opt(3, de="Anzahl Spalten", en="Number of columns", low=1, high=6)
    column_weights: tuple[int, ...] = opt(
        (1, 2, 3),
        de="Faktor jeder Spalte (links nach rechts)",
        en="Weight of each column (left to right)",
        low=1,
        high=100,
    )
    boxes: tuple[str, ...] = opt(ALL_BOXES, de="Felder einer Spalte, in Reihenfolge", en="Boxes of a column, in order")
    upper_bonus_threshold: int = opt(
        63, de="Bonus ab dieser Summe der oberen Felder", en="Upper total that earns the bonus", low=0, high=1000
    )
    upper_bonus: int = opt(35, de="Bonuspunkte (0 = kein Bonus)", en="Bonus points (0 = no bonus)", low=0, high=1000)
    full_house: int = opt(25, de="Wert Full House", en="Full house value", low=0, high=1000)
    full_house_allows_five_kind: bool = opt(
        False, de="5 Gleiche zählen als Full House", en="Five of a kind counts as a full house"
    )
    small_straight: int = opt(30, de="Wert Kleine Straße", en="Small straight value", low=0, high=1000)
    large_straight: int = opt(40, de="Wert Große Straße", en="Large straight value", low=0, high=1000)
    five_kind: int = opt(50, de="Wert 5 Gleiche", en="Five of a kind value", low=0, high=1000)
    kind_boxes_score: Literal["sum_of_all_dice", "sum_of_kind"] = opt(
        "sum_of_all_dice",
        de="3/4 Gleiche zählen die Summe aller Würfel oder nur der gleichen",
        en="Three/four of a kind score all dice or only the matching ones",
    )
    yahtzee_bonus: int = opt(
        0,
        de="Zusatzpunkte für jeden weiteren Fünfling, wenn 5 Gleiche mit Punkten belegt ist",
        en="Bonus for every further five of a kind once five of a kind holds points",
        low=0,
        high=1000,
    )
    joker: Literal["none", "forced", "free", "classic"] = opt(
        "none",
        de="Joker-Regel für weitere Fünflinge: keine, amtlich (erst die Zahlenreihe), frei, klassisch "
        "(jedes Feld; Jokerwerte nur, wenn die Zahlenreihe schon belegt ist)",
        en="Joker rule for further five of a kinds: none, official (number box first), free, classic (any box; "
        "joker values only once the number box is filled)",
    )
    tie: Literal["draw"] = opt("draw", de="Gleichstand: unentschieden", en="Tie: a draw")

    def validate(self) -> None:
        require(self.dice == 5, "dice", "5", self.dice)
        if not 0 <= self.rerolls <= 5:
            raise RuleError(N_("Option '{key}' must be between {lo} and {hi}."), key="rerolls", lo=0, hi=5)
        if not 1 <= self.columns <= 6:
            raise RuleError(N_("Option '{key}' must be between {lo} and {hi}."), key="columns", lo=1, hi=6)
        if len(self.column_weights) != self.columns:
            raise RuleError(N_("'column_weights' needs one weight per column ({n})."), n=self.columns)
        if any(w < 1 for w in self.column_weights):
            raise RuleError(N_("Option '{key}' must be between {lo} and {hi}."), key="column_weights", lo=1, hi="∞")
        if not self.boxes:
            raise RuleError(N_("'boxes' must name at least one box."))
        for b in self.boxes:
            if b not in ALL_BOXES:
                raise RuleError(N_("Unknown box '{box}'. Known: {known}"), box=b, known=", ".join(ALL_BOXES))
        if len(set(self.boxes)) != len(self.boxes):
            raise RuleError(N_("'boxes' names a box twice."))
        for key in (
            "upper_bonus_threshold",
            "upper_bonus",
            "full_house",
            "small_straight",
            "large_straight",
            "five_kind",
            "yahtzee_bonus",
        ):
            v = getattr(self, key)
            if not 0 <= v <= 1000:
                raise RuleError(N_("Option '{key}' must be between {lo} and {hi}."), key=key, lo=0, hi=1000)
        if (self.yahtzee_bonus or self.joker != "none") and "five_kind" not in self.boxes:
            raise RuleError(N_("'yahtzee_bonus' and 'joker' need the 'five_kind' box."))
        if self.five_kind == 0 and self.yahtzee_bonus:
            raise RuleError(N_("'yahtzee_bonus' needs a positive 'five_kind' value."))

    @property
    def upper_boxes(self) -> tuple[str, ...]:
        return tuple(b for b in self.boxes if b in UPPER_FACE)

    @property
    def turns(self) -> int:
        """Turns per player: every turn fills one box."""
        return self.columns * len(self.boxes)


def _is_straight(present: set[int], length: int) -> bool:
    return any(all(f in present for f in range(lo, lo + length)) for lo in range(1, 8 - length))


def box_score(box: str, dice: Sequence[int], rules: WuerfelspielRules) -> int:
    """Points of ``dice`` (five faces) in ``box`` under ``rules``, without any joker (0 when it does not qualify)."""
    c = Counter(dice)
    total = sum(dice)
    most = max(c.values())
    if box in UPPER_FACE:
        f = UPPER_FACE[box]
        return f * c[f]
    if box in ("three_kind", "four_kind"):
        need = 3 if box == "three_kind" else 4
        if most < need:
            return 0
        if rules.kind_boxes_score == "sum_of_all_dice":
            return total
        face = max(f for f, k in c.items() if k >= need)
        return face * c[face]
    if box == "full_house":
        shape = sorted(c.values())
        if shape == [2, 3] or (most == 5 and rules.full_house_allows_five_kind):
            return rules.full_house
        return 0
    if box == "small_straight":
        return rules.small_straight if _is_straight(set(dice), 4) else 0
    if box == "large_straight":
        return rules.large_straight if _is_straight(set(dice), 5) else 0
    if box == "five_kind":
        return rules.five_kind if most == 5 else 0
    if box == "chance":
        return total
    raise KeyError(box)


def joker_score(box: str, dice: Sequence[int], rules: WuerfelspielRules) -> int:
    """Points of a five of a kind used as a joker in a lower box: the box's full value (US rules)."""
    if box == "full_house":
        return rules.full_house
    if box == "small_straight":
        return rules.small_straight
    if box == "large_straight":
        return rules.large_straight
    return box_score(box, dice, rules)
