"""The human names of every Würfelspiel/Kniffel/Yahtzee option and every choice value, in German and English.

The rule editor, ``wuerfel rules show`` and the API show these instead of TOML keys and raw values; the boxes of a
column are offered by their names on the sheet.
"""

from __future__ import annotations

from wuerfel.engine.rules import label_options
from wuerfel.games.wuerfelspiel.rules import BOX_LABELS, WuerfelspielRules

NAMES = {
    "dice": ("Anzahl der Würfel", "Number of dice"),
    "rerolls": ("Nachwürfe je Zug", "Re-rolls per turn"),
    "columns": ("Anzahl der Spalten", "Number of columns"),
    "column_weights": ("Faktor jeder Spalte", "Weight of each column"),
    "boxes": ("Felder einer Spalte", "Boxes of a column"),
    "upper_bonus_threshold": ("Bonus ab oberer Summe", "Upper total for the bonus"),
    "upper_bonus": ("Bonuspunkte", "Bonus points"),
    "full_house": ("Full House", "Full house"),
    "full_house_allows_five_kind": ("Kniffel als Full House", "Five of a kind as a full house"),
    "small_straight": ("Kleine Straße", "Small straight"),
    "large_straight": ("Große Straße", "Large straight"),
    "five_kind": ("Kniffel (fünf Gleiche)", "Five of a kind"),
    "kind_boxes_score": ("Dreier- und Viererpasch zählen", "Three and four of a kind score"),
    "yahtzee_bonus": ("Zusatzpunkte je weiterem Kniffel", "Bonus per further five of a kind"),
    "joker": ("Joker-Regel", "Joker rule"),
    "tie": ("Gleichstand", "Tie"),
}

CHOICES = {
    "boxes": dict(BOX_LABELS),
    "kind_boxes_score": {
        "sum_of_all_dice": ("Summe aller Würfel", "sum of all dice"),
        "sum_of_kind": ("nur die gleichen Würfel", "only the matching dice"),
    },
    "joker": {
        "none": ("keine", "none"),
        "forced": ("amtlich: erst die Zahlenreihe", "official: the number box first"),
        "free": ("frei: jedes Feld", "free: any box"),
        "classic": (
            "klassisch: Jokerwerte erst bei belegter Zahlenreihe",
            "classic: joker values once the number box is filled",
        ),
    },
    "tie": {"draw": ("unentschieden", "a draw")},
}

LABELS = label_options(WuerfelspielRules, NAMES, CHOICES)
