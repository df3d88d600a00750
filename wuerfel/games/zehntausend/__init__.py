"""Zehntausend / 10.000 / Macke (and Farkle): one game, every house rule of the seeds as data.

Importing the package registers the game. ``BOTS``, ``SOLVERS`` and ``ADVISOR`` are the hooks other parts fill in
(the solver engineer adds his entries here), so the registration itself never has to change.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from wuerfel.engine.game import Game
from wuerfel.engine.registry import GameInfo, register
from wuerfel.games.zehntausend import option_names  # noqa: F401  (names the options)
from wuerfel.games.zehntausend.bots import HeuristicBot
from wuerfel.games.zehntausend.explain import explain
from wuerfel.games.zehntausend.game import ZehntausendGame
from wuerfel.games.zehntausend.options import ZehntausendRules
from wuerfel.games.zehntausend.state import ZehntausendState

PRESETS_DIR = Path(__file__).parent / "presets"

BOTS: dict[str, Callable[[Game, int], Any]] = {
    "heuristic": lambda game, seed: HeuristicBot(seed),
}
"""Bots by name: factory(game, seed) → Bot."""

SOLVERS: dict[str, Callable[..., Any]] = {}
"""Objective → solve(rules, rules_id, fresh) → SolveResult (filled by the solver modules)."""

ADVISOR: Callable[[Game], Any] | None = None
"""factory(game) → advisor with ``advise(state, player)`` (filled by the solver modules). GameInfo is frozen and
reads this value when INFO is registered below, so set it here, above the registration; BOTS and SOLVERS are
shared dicts and may also be filled later (``BOTS["optimal"] = …``)."""


def _solver(objective: str) -> Callable[..., Any]:
    """Import the solver only when it is asked for (numba is slow to import)."""

    def run(rules: ZehntausendRules, rules_id: str, fresh: bool = False) -> Any:
        from wuerfel.games.zehntausend.solvers import duel, solo, turn

        fn = {"turn": turn.solve_turn_result, "duel": duel.solve_duel_result, "solo": solo.solve_solo_result}[objective]
        return fn(rules, rules_id, fresh)

    return run


def _optimal_bot(game: Game, seed: int) -> Any:
    from wuerfel.games.zehntausend.solvers.play import make_optimal_bot

    return make_optimal_bot(game, seed)


class _AdvisorFactory:
    """The hint advisor's factory; ``missing_table`` tells the server's analysis which duel table it would rate a
    two-player game's winning chances with, when that table is not at hand yet (``MissingTable``)."""

    def __call__(self, game: Game) -> Any:
        from wuerfel.games.zehntausend.solvers.play import make_advisor

        return make_advisor(game)

    @staticmethod
    def missing_table(game: Game) -> Any:
        from wuerfel.games.zehntausend.solvers.play import missing_duel_table

        return missing_duel_table(game)


_advisor = _AdvisorFactory()


BOTS["optimal"] = _optimal_bot
SOLVERS.update({objective: _solver(objective) for objective in ("turn", "duel", "solo")})
ADVISOR = _advisor


def _render(view: dict[str, Any], lang: str) -> Any:
    """The terminal renderer (:func:`wuerfel.games.zehntausend.terminal.render`), imported when a screen is drawn:
    Rich is no business of a process that only plays (issue 17: a bot's peak memory)."""
    from wuerfel.games.zehntausend.terminal import render

    return render(view, lang)


def _make(rules: ZehntausendRules, n: int) -> Game:
    return ZehntausendGame(rules, n)


def _throw_scorer(rules: ZehntausendRules) -> Any:
    """``wuerfel score``: every legal selection of a throw at the start of a fresh turn, best first. A cup with
    fewer dice is the same question later in a turn (no open sets, no pending confirmation)."""
    from wuerfel.engine.throwscore import ThrowScorer
    from wuerfel.games.zehntausend.melds import instant_win, legal_selections, meld_label
    from wuerfel.i18n import Translator, translate

    def score(dice: Any, lang: str) -> dict[str, Any]:
        sels = legal_selections(rules, dice) if dice else []
        return {"dice": list(dice), "niete": not sels, "selections": [s.to_json() for s in sels]}

    def extra(dice: Any, lang: str) -> list[str]:
        return [translate("instant win!", lang)] if dice and instant_win(rules, dice) else []

    def labels(dice: Any, lang: str) -> list[str]:
        tr = Translator(lang)

        def meld(m: Any) -> str:
            if m.kind in ("one", "five"):
                return f"{meld_label(m, tr)} = {m.points}"
            return f"{meld_label(m, tr)} {'-'.join(map(str, m.dice))} = {m.points}"

        return [", ".join(meld(m) for m in s.melds) for s in (legal_selections(rules, dice) if dice else [])]

    def nothing(lang: str) -> str:
        return translate("Niete: no legal selection, the turn is lost.", lang)

    return ThrowScorer("selections", 1, rules.dice.count, score, extra=extra, labels=labels, nothing=nothing)


def _turn_model(game: Game) -> Any:
    """The research adapters' single turn played alone (``GameInfo.turn_model``), made at first use."""
    from wuerfel.games.zehntausend.solvers.turn_model import TurnModel

    return TurnModel(game)


def _odds(rules: ZehntausendRules) -> Any:
    """``wuerfel odds``: the first throw of a fresh turn (all the rules' dice) classed by its most valuable
    selection — Niete, or the best meld in it: a straight, a pyramid, three pairs, the largest n of a kind, or only
    single 1s and 5s. The classes are the ones the rules can make at all (a meld switched off never appears)."""
    from wuerfel.engine.components import Phrase
    from wuerfel.engine.dice import roll_distribution
    from wuerfel.engine.errors import N_
    from wuerfel.engine.odds import ThrowClass, ThrowOdds
    from wuerfel.games.zehntausend.melds import throw_value

    def classify(dice: Any) -> str:
        best = throw_value(rules, dice)
        if best is None:
            return "niete"
        kinds = {m.kind for m in best.melds}
        for kind in ("straight", "pyramid", "pairs"):
            if kind in kinds:
                return kind
        sizes = [len(m.dice) for m in best.melds if m.kind == "kind"]
        return f"kind_{max(sizes)}" if sizes else "singles"

    count = rules.dice.count
    candidates = [
        ThrowClass("straight", Phrase(N_("straight"))),
        ThrowClass("pyramid", Phrase(N_("pyramid"))),
        ThrowClass("pairs", Phrase(N_("three pairs"))),
        *(ThrowClass(f"kind_{k}", Phrase(N_("{n} of a kind"), {"n": k})) for k in range(count, 2, -1)),
        ThrowClass("singles", Phrase(N_("only single 1s and 5s"))),
        ThrowClass("niete", Phrase(N_("Niete"))),
    ]
    seen = {classify(d) for d, _ in roll_distribution(count)}
    return ThrowOdds(count, tuple(c for c in candidates if c.key in seen), classify)


INFO = register(
    GameInfo(
        id="zehntausend",
        family="zehntausend",
        name_de="Zehntausend",
        name_en="Ten Thousand",
        options_class=ZehntausendRules,
        make=_make,
        min_players=1,
        max_players=8,
        default_preset="zehntausend-einfach",
        presets_dir=PRESETS_DIR,
        locale_dir=Path(__file__).parent / "locale",
        web_dir=Path(__file__).parent / "web" / "zehntausend",
        description_de=(
            "Würfle, leg Einsen, Fünfen und Paschs heraus und hör rechtzeitig auf: Wer zuerst 10.000 "
            "Punkte hat, gewinnt."
        ),
        description_en="Throw, set aside 1s, 5s and sets, and stop in time: the first to 10,000 points wins.",
        aliases=("10000", "macke", "farkle"),
        bots=BOTS,
        solvers=SOLVERS,
        advisor=ADVISOR,
        turn_model=_turn_model,
        terminal_renderer=_render,
        default_bot="heuristic",
        throw_scorer=_throw_scorer,
        odds=_odds,
        featured=1,
        explain=explain,
        explain_quotes=(
            "game.target",
            "scoring.one",
            "scoring.five",
            "turn.min_bank",
            "turn.beat_fallback",
            "turn.max_throws",
            "confirm.min_points",
            "minus_marks.penalty",
        ),
    )
)

__all__ = ["ADVISOR", "BOTS", "INFO", "SOLVERS", "ZehntausendGame", "ZehntausendState"]
