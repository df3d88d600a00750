"""Würfelspiel: the 3-column Kniffel of Brettspielnetz (seed 003), with one-column Kniffel and Yahtzee as presets.

Registers the game with its bots (``heuristic``, ``best``), the exact one-column solver (objective ``score``), the
hint advisor and the terminal score sheet.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from wuerfel.engine.game import Game
from wuerfel.engine.registry import GameInfo, register
from wuerfel.games.wuerfelspiel import option_names  # noqa: F401  (names the options)
from wuerfel.games.wuerfelspiel.rules import WuerfelspielRules
from wuerfel.games.wuerfelspiel.state import Keep, Score, WuerfelspielGame, WuerfelspielState

PRESETS = Path(__file__).parent / "presets"


def _make(rules: Any, n: int) -> Game:
    return WuerfelspielGame(rules, n)


def _best(game: Game, seed: int) -> Any:
    from wuerfel.games.wuerfelspiel.bots import BestBot

    return BestBot(game, seed)


def _heuristic(game: Game, seed: int) -> Any:
    from wuerfel.games.wuerfelspiel.bots import HeuristicBot

    return HeuristicBot(game, seed)


def _advisor(game: Game) -> Any:
    from wuerfel.games.wuerfelspiel.bots import Advisor

    return Advisor(game)


def _solve_score(rules: WuerfelspielRules, rules_id: str, fresh: bool = False) -> Any:
    from wuerfel.games.wuerfelspiel.solver import solve_score

    return solve_score(rules, rules_id, fresh)


def _throw_scorer(rules: WuerfelspielRules) -> Any:
    """``wuerfel score``: the points of five dice in every box of one column (an empty sheet, no joker: the
    Kniffel joker depends on the sheet, not on the throw)."""
    from wuerfel.engine.throwscore import ThrowScorer
    from wuerfel.games.wuerfelspiel.rules import box_label, box_score

    def score(dice: Any, lang: str) -> dict[str, Any]:
        return {"dice": list(dice), "boxes": [
            {"box": b, "name": box_label(b, lang, rules), "points": box_score(b, dice, rules) if dice else 0}
            for b in rules.boxes]}

    return ThrowScorer("boxes", rules.dice, rules.dice, score)


def _render(view: dict[str, Any], lang: str) -> Any:
    from wuerfel.games.wuerfelspiel.render import terminal_renderer

    return terminal_renderer(view, lang)


INFO = register(GameInfo(
    id="wuerfelspiel",
    name_de="Würfelspiel",
    name_en="Dice Game (3-column Kniffel)",
    options_class=WuerfelspielRules,
    make=_make,
    min_players=1,
    max_players=6,
    default_preset="brettspielnetz",
    presets_dir=PRESETS,
    description_de="Kniffel mit drei Spalten (×1, ×2, ×3) wie bei Brettspielnetz; Kniffel und Yahtzee als Regelwerke.",
    description_en="Kniffel with three columns (×1, ×2, ×3) as on Brettspielnetz; Kniffel and Yahtzee as rule sets.",
    aliases=("kniffel", "yahtzee"),
    bots={"heuristic": _heuristic, "best": _best},
    solvers={"score": _solve_score},
    advisor=_advisor,
    terminal_renderer=_render,
    default_bot="best",
    throw_scorer=_throw_scorer,
    featured=2,
))

__all__ = ["INFO", "Keep", "Score", "WuerfelspielGame", "WuerfelspielRules", "WuerfelspielState"]
