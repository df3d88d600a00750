"""The human names of every Zehntausend option and every choice value, in German and English.

The rule editor, ``wuerfel rules show`` and the API show these instead of dotted keys and raw TOML values
(``at_least``, ``finish_round``); the TOML keys and values stay what a rules file is written in.
"""

from __future__ import annotations

from typing import Any

from wuerfel.engine.rules import label_options
from wuerfel.games.zehntausend.options import ZehntausendRules

NAMES = {
    "dice": ("Würfel", "Dice"),
    "dice.count": ("Anzahl der Würfel", "Number of dice"),
    "game": ("Spiel", "Game"),
    "game.mode": ("Spielform", "Game form"),
    "game.target": ("Zielpunktzahl", "Target score"),
    "game.reach": ("Ziel erreicht", "Target reached"),
    "game.end_rule": ("Spielende", "End of the game"),
    "game.tie": ("Gleichstand", "Tie"),
    "game.min_players": ("Mindestzahl der Spieler", "Minimum number of players"),
    "scoring": ("Wertung", "Scoring"),
    "scoring.one": ("Wert einer Eins", "Value of a 1"),
    "scoring.five": ("Wert einer Fünf", "Value of a 5"),
    "scoring.straights": ("Straßen", "Straights"),
    "scoring.straights.faces": ("Augenzahlen", "Faces"),
    "scoring.straights.value": ("Punkte", "Points"),
    "scoring.instant_win": ("Sofortgewinn", "Instant win"),
    "scoring.instant_win.face": ("Augenzahl (0 = beliebig)", "Face (0 = any)"),
    "scoring.instant_win.count": ("Anzahl Würfel", "Number of dice"),
    "scoring.kind": ("Päsche", "Sets of equal dice"),
    "scoring.kind.triple": ("Dreierpasch je Augenzahl 1–6", "Three of a kind per face 1–6"),
    "scoring.kind.rule": ("Größere Päsche", "Larger sets"),
    "scoring.kind.explicit": ("Tabelle größerer Päsche", "Table of larger sets"),
    "scoring.kind.companion_faces": ("Päsche nur mit 1 oder 5", "Sets only with a 1 or 5"),
    "scoring.kind.companion_sizes": ("Pasch-Größen mit 1-oder-5-Regel", "Set sizes with the 1-or-5 rule"),
    "scoring.kind.companion_scope": ("Wo die 1 oder 5 liegen muss", "Where the 1 or 5 must be"),
    "scoring.three_pairs": ("Drei Pärchen", "Three pairs"),
    "scoring.three_pairs.value": ("Punkte für drei Pärchen", "Points for three pairs"),
    "scoring.three_pairs.distinct": ("Drei verschiedene Pärchen", "Three different pairs"),
    "scoring.pyramid": ("Pyramide", "Pyramid"),
    "scoring.pyramid.value": ("Punkte für die Pyramide", "Points for the pyramid"),
    "scoring.pyramid.shape": ("Form der Pyramide", "Shape of the pyramid"),
    "selection": ("Herauslegen", "Setting dice aside"),
    "selection.rule": ("Welche Würfel heraus", "Which dice to set aside"),
    "selection.model": ("Was liegen bleibt", "What stays aside"),
    "selection.five_pair_to_one": ("5er drehen", "Turn fives"),
    "selection.converted_one_combines": ("Gedrehte Eins zählt mit", "A turned 1 combines"),
    "selection.five_turn_timing": ("Wann 5er gedreht werden", "When fives are turned"),
    "turn": ("Zug", "Turn"),
    "turn.hot_dice": ("Anschluss", "Hot dice"),
    "turn.max_throws": ("Höchstzahl Würfe pro Zug", "Maximum throws per turn"),
    "turn.min_bank": ("Mindestpunkte zum Aufhören", "Minimum points to stop"),
    "turn.stop_below_threshold": ("Unter den Mindestpunkten", "Below the minimum"),
    "turn.max_dice_left_to_bank": ("Höchstens übrige Würfel beim Aufhören", "Most dice left when stopping"),
    "turn.beat_predecessor": ("Steigerung", "Beat the previous turn"),
    "turn.beat_fallback": ("Steigerung ohne Vorgänger", "Requirement without a previous turn"),
    "turn.bust": ("Macke", "Bust"),
    "turn.first_throw_niete": ("Niete im ersten Wurf", "Niete on the first throw"),
    "turn.first_throw_points": ("Punkte für die Niete im ersten Wurf", "Points for a first-throw Niete"),
    "proof": ("Beweisen", "Proving"),
    "proof.enabled": ("Päsche beweisen", "Prove sets"),
    "proof.same_throw": ("Beweis im selben Wurf", "Proof in the same throw"),
    "confirm": ("Bestätigen", "Confirmation"),
    "confirm.enabled": ("Bestätigen", "Confirm"),
    "confirm.trigger": ("Auslöser", "Trigger"),
    "confirm.min_points": ("Punkte zum Bestätigen", "Points to confirm"),
    "confirm.scope": ("Bestätigen in", "Confirm within"),
    "extension": ("Ergänzen", "Extension"),
    "extension.enabled": ("Ergänzen", "Extend sets"),
    "extension.value": ("Wert der Ergänzung", "Value of an extension"),
    "extension.across_hot_dice": ("Ergänzen nach Anschluss", "Extend after hot dice"),
    "minus_marks": ("Minus-Striche", "Minus marks"),
    "minus_marks.count": ("Macken in Folge", "Busts in a row"),
    "minus_marks.penalty": ("Strafpunkte", "Penalty points"),
    "takeover": ("Übernehmen", "Takeover"),
    "takeover.enabled": ("Übernehmen", "Take over"),
    "mishap": ("Missgeschicke", "Mishaps"),
    "mishap.mode": ("Missgeschicke", "Mishaps"),
    "mishap.probability": ("Wahrscheinlichkeit eines ungültigen Wurfs", "Probability of a void throw"),
    "mishap.knock": ("Klopfen", "Knock"),
    "mishap.knock_success": ("Erfolg beim Klopfen", "Chance that a knock succeeds"),
    "mishap.penalty_streak": ("Ungültige Würfe bis zur Strafe", "Void throws before a penalty"),
    "mishap.penalty_effect": ("Strafe", "Penalty"),
    "mishap.penalty_points": ("Strafpunkte", "Penalty points"),
    "mishap.penalty_repeat": ("Nach der Strafe", "After the penalty"),
    "mishap.skip_next_turn": ("Aussetzen", "Miss the next turn"),
    "rueckwaerts": ("Rückwärts", "Rückwärts"),
    "rueckwaerts.refill_when_empty": ("Alle Würfel für den Nächsten", "All dice for the next player"),
    "rueckwaerts.next_round_starter": ("Wer danach beginnt", "Who throws next"),
    "bumerang": ("Bumerang", "Bumerang"),
    "bumerang.phase2": ("Nach dem Ziel", "After the target"),
}

CHOICES: dict[str, dict[Any, tuple[str, str]]] = {
    "dice.count": {5: ("5 Würfel", "5 dice"), 6: ("6 Würfel", "6 dice")},
    "game.mode": {
        "standard": ("normal", "standard"),
        "rueckwaerts": ("Rückwärts", "Rückwärts"),
        "bumerang": ("Bumerang", "Bumerang"),
        "solo": ("Solo", "solo"),
    },
    "game.reach": {
        "at_least": ("mit mindestens der Zielpunktzahl", "at the target score or above"),
        "more_than": ("erst über der Zielpunktzahl", "only above the target score"),
    },
    "game.end_rule": {
        "immediate": ("sofort, wenn jemand das Ziel erreicht", "at once when someone reaches the target"),
        "finish_round": ("die Runde wird zu Ende gespielt", "the round is played to its end"),
    },
    "game.tie": {
        "shared": ("geteilter Sieg", "shared win"),
        "extra_round": ("weitere Runden", "further rounds"),
        "first_to_reach": ("wer das Ziel zuerst erreichte", "whoever reached the target first"),
    },
    "scoring.kind.rule": {
        "triple_only": ("nur Dreierpäsche", "three of a kind only"),
        "explicit": ("nach Tabelle", "from a table"),
        "doubling": ("Verdoppeln je weiterem Würfel", "doubling per further die"),
    },
    "scoring.kind.explicit": {
        "4": ("Viererpasch", "four of a kind"),
        "5": ("Fünferpasch", "five of a kind"),
        "6": ("Sechserpasch", "six of a kind"),
    },
    "scoring.kind.companion_scope": {
        "selection": ("unter den herausgelegten Würfeln", "among the dice set aside"),
        "throw": ("irgendwo im Wurf", "anywhere in the throw"),
    },
    "scoring.pyramid.shape": {
        "exact_122333": ("nur 1-2-2-3-3-3", "only 1-2-2-3-3-3"),
        "consecutive_ascending": ("aufeinanderfolgend, aufsteigend", "consecutive, ascending"),
        "consecutive_any_direction": ("aufeinanderfolgend, in beide Richtungen", "consecutive, either direction"),
        "any_distinct": ("drei beliebige Augenzahlen", "any three faces"),
    },
    "selection.rule": {
        "free": ("freie Wahl", "free choice"),
        "all_scoring": ("alle wertbaren Würfel", "all scoring dice"),
    },
    "selection.model": {
        "standard": ("alle gewerteten Würfel", "every scored die"),
        "macke_literal": ("nur Einsen und Fünfen (Macke wörtlich)", "only 1s and 5s (Macke literally)"),
    },
    "selection.five_turn_timing": {
        "on_set_aside": ("beim Herauslegen", "when setting them aside"),
        "any_time": ("jederzeit im Zug", "at any time of the turn"),
    },
    "turn.stop_below_threshold": {
        "forbidden": ("weiterwürfeln müssen", "must throw again"),
        "counts_as_bust": ("aufhören zählt als Macke", "stopping counts as a bust"),
    },
    "turn.bust": {
        "forfeit": ("Punkte des Zuges verfallen", "the turn's points are lost"),
        "negate": ("Punkte des Zuges werden abgezogen", "the turn's points are subtracted"),
    },
    "turn.first_throw_niete": {
        "normal": ("wie jede Niete", "like any Niete"),
        "minus": ("Minuspunkte (Minus-Macke)", "penalty points (Minus-Macke)"),
        "nix": ("Pluspunkte, Zug endet (Glücks-Macke)", "bonus points, the turn ends (Glücks-Macke)"),
    },
    "confirm.trigger": {
        "all_dice_set_aside": ("alle Würfel herausgelegt", "all dice set aside"),
        "full_throw_all_scored": ("ein ganzer Wurf herausgelegt", "a whole throw set aside"),
        "throw_all_scoring": ("ein ganzer Wurf wertbar", "a whole throw scores"),
    },
    "confirm.scope": {
        "single_throw": ("dem nächsten Wurf allein", "the next throw alone"),
        "accumulated": ("mehreren Würfen zusammen", "several throws together"),
    },
    "extension.value": {
        "double_per_die": ("Verdoppeln je Würfel", "doubling per die"),
        "kind_table": ("Unterschied laut Pasch-Wertung", "difference of the set values"),
    },
    "mishap.mode": {
        "off": ("aus", "off"),
        "scorekeeper": ("von Hand melden", "reported by hand"),
        "simulated": ("simuliert", "simulated"),
    },
    "mishap.penalty_effect": {
        "none": ("keine", "none"),
        "deduct_points": ("Punktabzug, der Zug geht weiter", "points deducted, the turn goes on"),
        "bust_turn": ("der Zug ist verloren", "the turn is lost"),
    },
    "mishap.penalty_repeat": {
        "each_after_threshold": ("jeder weitere kostet erneut", "each further one costs again"),
        "reset": ("Zählung beginnt neu", "the count restarts"),
    },
    "rueckwaerts.next_round_starter": {
        "after_receiver": ("der Nächste nach dem Empfänger", "the player after the receiver"),
        "receiver": ("der Empfänger", "the receiver"),
    },
    "bumerang.phase2": {
        "count_down": ("eigene Punkte zählen rückwärts", "own points count down"),
        "rueckwaerts_mode": ("alle spielen Rückwärts", "everybody plays Rückwärts"),
    },
}

FACES = (("Einsen", "1s"), ("Zweien", "2s"), ("Dreien", "3s"), ("Vieren", "4s"), ("Fünfen", "5s"), ("Sechsen", "6s"))
"""One value per face: the editor shows six named fields instead of a list to add to."""

LABELS = label_options(
    ZehntausendRules, NAMES, CHOICES, {"scoring.kind.triple": FACES, "scoring.kind.explicit.*": FACES}
)
