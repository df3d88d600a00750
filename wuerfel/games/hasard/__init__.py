"""The games of Gilbert Obermair's *Hasard* (32 Würfelspiele); each module is one game, registered here.

Game names stay German in both languages (ARCHITECTURE principle 9); the English description carries the gloss.

So far: the race and round games on the kit (:mod:`wuerfel.games.kit`) — Jule (1), Hin und her (2), Plus – minus (3),
Die 21. Eins (4), Das große Herz (6), Himmel und Hölle (8), Elf hoch (10), Gestrichene Zwölf (12), Blaue Augen (13,
Graue Augen as a preset), Pasch (17), Doppeltes Lottchen (18), Einer gleich zwei (20), Eins bis sechzehn (21) —
and Lustige Sieben (9), Verdecktes Würfelpoker (28) with Joker Poker (29) as an option, Escalero (32).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from wuerfel.engine.game import Game
from wuerfel.engine.registry import GameInfo, register

# The race and round games register themselves at the end of their modules (``INFO = register(...)``); the
# other three are registered below.
from wuerfel.games.hasard import (  # noqa: F401
    blaue_augen,
    das_grosse_herz,
    die_21_eins,
    doppeltes_lottchen,
    einer_gleich_zwei,
    eins_bis_sechzehn,
    elf_hoch,
    escalero,
    gestrichene_zwoelf,
    himmel_und_hoelle,
    hin_und_her,
    jule,
    lustige_sieben,
    pasch,
    plus_minus,
    render,
    verdecktes_poker,
)
from wuerfel.games.hasard import option_names as _option_names  # noqa: F401  (names the options)

PRESETS = Path(__file__).parent / "presets"


def _escalero_bot(game: Game, seed: int) -> Any:
    from wuerfel.games.hasard.escalero_solver import make_bot

    return make_bot(game, seed)


def _escalero_advisor(game: Game) -> Any:
    from wuerfel.games.hasard.advisors import EscaleroAdvisor

    return EscaleroAdvisor(game)


def _lustige_sieben_advisor(game: Game) -> Any:
    from wuerfel.games.hasard.advisors import LustigeSiebenAdvisor

    return LustigeSiebenAdvisor(game)


def _verdecktes_advisor(game: Game) -> Any:
    from wuerfel.games.hasard.advisors import VerdecktesAdvisor

    return VerdecktesAdvisor(game)


def _escalero_solve(rules: Any, rules_id: str, fresh: bool = False) -> Any:
    from wuerfel.games.hasard.escalero_solver import solve_solo

    return solve_solo(rules, rules_id, fresh)


def _punter_bot(game: Game, seed: int) -> Any:
    return lustige_sieben.PunterBot(game, seed)


def _bluff_bot(game: Game, seed: int) -> Any:
    from wuerfel.games.hasard.verdecktes_bot import BluffBot

    return BluffBot(game, seed)


register(GameInfo(
    id="lustige-sieben", name_de="Lustige Sieben", name_en="Lustige Sieben",
    options_class=lustige_sieben.LustigeSiebenRules, make=lustige_sieben.make, min_players=2, max_players=9,
    default_preset="lustige-sieben", presets_dir=PRESETS / "lustige-sieben",
    description_de="Bankspiel mit zwei Würfeln: Einsätze auf der Sieben, der linken und der rechten Reihe (Hasard 9).",
    description_en="'Merry seven': a bank game with two dice, stakes on the 7, the left and the right column "
    "(Hasard 9).",
    aliases=("lustige_sieben", "merry-seven"),
    bots={"heuristic": _punter_bot}, terminal_renderer=render.render_lustige_sieben, default_bot="heuristic",
    advisor=_lustige_sieben_advisor, hidden_information=True,
))

register(GameInfo(
    id="verdecktes-wuerfelpoker", name_de="Verdecktes Würfelpoker", name_en="Verdecktes Würfelpoker",
    options_class=verdecktes_poker.VerdecktesRules, make=verdecktes_poker.make, min_players=2,
    max_players=8, default_preset="verdecktes-wuerfelpoker", presets_dir=PRESETS / "verdecktes-wuerfelpoker",
    description_de="Pokerwürfel unter dem Becher: melden, schwindeln, „Schwindel!“ rufen (Hasard 28, Joker Poker 29).",
    description_en="'Concealed dice poker': poker dice under the cup; announce, bluff, call 'Schwindel!' "
    "(Hasard 28, Joker Poker 29).",
    aliases=("verdecktes-poker", "verdecktes_wuerfelpoker"),
    bots={"heuristic": _bluff_bot}, terminal_renderer=render.render_verdecktes, default_bot="heuristic",
    advisor=_verdecktes_advisor, hidden_information=True,
))

register(GameInfo(
    id="escalero", name_de="Escalero", name_en="Escalero", options_class=escalero.EscaleroRules, make=escalero.make,
    min_players=1, max_players=6, default_preset="escalero", presets_dir=PRESETS / "escalero",
    description_de="Pokerwürfel, bis zu drei Würfe, elf Felder, „serviert“ zählt mehr (Hasard 32).",
    description_en="Poker dice, up to three throws, eleven boxes, 'served' scores more (Hasard 32).",
    bots={"optimal": _escalero_bot}, solvers={"solo": _escalero_solve}, terminal_renderer=render.render_escalero,
    advisor=_escalero_advisor,
    default_bot="optimal",
    throw_scorer=escalero.throw_scorer,
))
