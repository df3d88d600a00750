"""The human names of every option and choice value of the Hasard games, in German and English.

The rule editor, ``wuerfel rules show`` and the API show these instead of TOML keys and raw values
(``lot``/``first_seat``, ``at_least``); the TOML keys and values stay what a rules file is written in.
"""

from __future__ import annotations

from wuerfel.engine.rules import label_options
from wuerfel.games.hasard.escalero import EscaleroRules
from wuerfel.games.hasard.lustige_sieben import LustigeSiebenRules
from wuerfel.games.hasard.poker import POKER_OPTION_NAMES
from wuerfel.games.hasard.verdecktes_poker import VerdecktesRules

NORMAL_SERVED = (("normal", "normal"), ("serviert", "served"))

WHO_BEGINS = {"lot": ("das Los (höchster Wurf)", "the lot (highest throw)"), "first_seat": ("Platz 1", "seat 1")}

ESCALERO = label_options(
    EscaleroRules,
    {
        "min_keep": ("Mindestens stehen lassen", "Fewest dice to keep"),
        "max_keep": ("Höchstens stehen lassen", "Most dice to keep"),
        "max_throws": ("Würfe pro Runde", "Throws per turn"),
        "five_counts_as_poker": ("Fünfling zählt als Poker", "Five of a kind counts as Poker"),
        "strict_number_rows": ("Kombinationen in den Zahlenreihen nur als 0", "Hands in the number rows only as 0"),
        "quint_points": ("Quint: normal, serviert", "Quint: normal, served"),
        "full_points": ("Full Hand: normal, serviert", "Full hand: normal, served"),
        "poker_points": ("Poker: normal, serviert", "Poker: normal, served"),
        "five_points": ("Fünfling: normal, serviert", "Five of a kind: normal, served"),
        "five_served_points": ("Fünfling serviert", "Five of a kind served"),
        "start": ("Wer beginnt", "Who begins"),
    },
    {"start": WHO_BEGINS},
    {k: NORMAL_SERVED for k in ("quint_points", "full_points", "poker_points", "five_points")},
)

LUSTIGE_SIEBEN = label_options(
    LustigeSiebenRules,
    {
        "starting_chips": ("Chips zu Beginn", "Starting chips"),
        "max_stake": ("Höchster Einsatz", "Largest stake"),
        "payout": ("Auszahlung", "Payout"),
        "bank_throws": ("Würfe je Bank", "Throws per bank"),
        "bank_rounds": ("Runden der Bank", "Rounds of the bank"),
        "first_bank": ("Wer zuerst die Bank hält", "Who holds the bank first"),
    },
    {
        "payout": {
            "returned": ("2×/3× des Einsatzes zurück", "2×/3× the stake returned"),
            "net": ("2×/3× Gewinn zusätzlich zum Einsatz", "2×/3× won on top of the stake"),
        },
        "first_bank": WHO_BEGINS,
    },
)

VERDECKTES = label_options(
    VerdecktesRules,
    {
        "starting_chips": ("Chips zu Beginn", "Starting chips"),
        "ante": ("Einsatz je Runde", "Ante per round"),
        "rounds": ("Runden", "Rounds"),
        **POKER_OPTION_NAMES,
        "match": ("„Stimmt überein“ heißt", "'Matches' means"),
        "kickers": ("Beiwürfel ansagen", "Announce kickers"),
        "challenge_order": ("Wer „Schwindel“ rufen darf", "Who may call 'Schwindel'"),
        "challenge_seconds": ("Bedenkzeit für „Schwindel“ (Sekunden)", "Time to call 'Schwindel' (seconds)"),
        "start": ("Wer beginnt", "Who begins"),
    },
    {
        "match": {
            "at_least": ("mindestens so hoch wie angesagt", "at least as high as announced"),
            "exact": ("genau wie angesagt", "exactly as announced"),
        },
        "challenge_order": {
            "clockwise": ("reihum, einer nach dem anderen", "in turn, one after another"),
            "open": ("alle zugleich, wer zuerst ruft", "all at once, first caller counts"),
        },
        "start": WHO_BEGINS,
    },
)
