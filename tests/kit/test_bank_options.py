"""The bank options are declared and named once, in the kit (:mod:`wuerfel.games.kit.bank_options`)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import wuerfel
from wuerfel.engine.registry import get_game
from wuerfel.engine.rules import option_labels
from wuerfel.games.kit.bank_options import BANK_OPTION_CHOICES, BANK_OPTION_NAMES, bank_rounds_option

BANK_GAMES = ("lustige-sieben", "zehnerspiel", "rock-and-roll", "va-banque")
"""Spec A's bank games on the kit and Va banque, whose banker rotates the same way."""


def test_every_bank_game_names_its_bank_options_with_the_kits_words() -> None:
    for game in BANK_GAMES:
        cls = get_game(game).options_class
        labels = option_labels(cls)
        fields = {f.name for f in dataclasses.fields(cls)}
        mine = fields & set(BANK_OPTION_NAMES)
        assert {"starting_chips", "bank_rounds", "first_bank"} <= mine, game
        assert all(labels.names[k] == BANK_OPTION_NAMES[k] for k in mine), game
        assert labels.choices["first_bank"] == BANK_OPTION_CHOICES["first_bank"], game
        assert labels.names.keys() >= fields, game  # every option still has a name


def test_no_game_writes_the_bank_options_names_itself() -> None:
    """They were written out in Lustige Sieben's and Zehnerspiel's modules (and Rock and Roll's, Va banque's): a
    wording fixed in one stayed wrong in the others."""
    games = Path(wuerfel.__file__).parent / "games"
    kit = games / "kit" / "bank_options.py"
    names = [de for de, _en in BANK_OPTION_NAMES.values() if "Bank" in de]
    assert len(names) == 3
    found = [
        f"{path.relative_to(games)}: {name}"
        for path in sorted(games.rglob("*.py"))
        if path != kit
        for name in names
        if f'"{name}"' in path.read_text(encoding="utf-8")
    ]
    assert found == []


def test_a_games_own_declaration_keeps_the_kits_description() -> None:
    shared = bank_rounds_option().metadata
    for game in ("lustige-sieben", "zehnerspiel", "rock-and-roll"):
        field = {f.name: f for f in dataclasses.fields(get_game(game).options_class)}["bank_rounds"]
        assert dict(field.metadata) == dict(shared) and field.default == 1, game
