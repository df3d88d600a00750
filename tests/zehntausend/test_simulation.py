"""The generic random-simulation check for every Zehntausend preset and overlay, plus heuristic-bot games.

Random players alone may never finish a game whose busts subtract points (``bust = "negate"``: random play drifts
below zero for ever), so the fuzzing games seat a random bot next to heuristic ones; the random bot still tries
every kind of legal move, and ``check_node`` applies every legal action of every node. A lower target keeps the
checked games fast; one full-length game per rule set is played by heuristic bots.
"""

from __future__ import annotations

import pytest

from wuerfel.bots.base import RandomBot
from wuerfel.engine.record import Match
from wuerfel.engine.registry import get_game
from wuerfel.engine.testing import random_playthrough
from wuerfel.games.zehntausend.bots import HeuristicBot

INFO = get_game("zehntausend")
RULE_SETS = INFO.rule_sets()


def _players(name: str, n: int) -> int:
    return 1 if INFO.load_rules(name).game.mode == "solo" else n


@pytest.mark.parametrize("name", RULE_SETS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_playthrough_every_rule_set(name: str, seed: int) -> None:
    rules = INFO.load_rules(name, {"game": {"target": 1500}})
    n = _players(name, 2 + seed % 2)
    match = Match.new("zehntausend", name, [f"P{i}" for i in range(n)], rules=rules)
    bots = [RandomBot(seed * 31 + i) if i == 0 else HeuristicBot(seed + i) for i in range(n)]
    if n == 1:
        bots = [RandomBot(seed)] if rules.turn.bust == "forfeit" else [HeuristicBot(seed)]
    random_playthrough(match, seed, max_steps=30_000, bots=bots)  # type: ignore[arg-type]
    assert match.state.is_terminal() and match.state.winners()


@pytest.mark.parametrize("name", RULE_SETS)
def test_heuristic_bots_finish_every_rule_set(name: str) -> None:
    n = _players(name, 3)
    match = Match.new("zehntausend", name, [f"P{i}" for i in range(n)])
    bots = [HeuristicBot(i) for i in range(n)]
    random_playthrough(match, 7, max_steps=30_000, bots=bots, check=False)  # type: ignore[arg-type]
    state = match.state
    assert state.is_terminal() and state.winners()
    assert match.record.replay().scores() == state.scores()


EXTRA_VARIANTS: dict[str, tuple[str, dict[str, object]]] = {
    "simulated-mishaps+knock": (
        "zehntausend-350",
        {
            "mishap": {
                "mode": "simulated",
                "probability": 0.2,
                "knock": True,
                "knock_success": 0.5,
                "penalty_streak": 2,
                "penalty_effect": "bust_turn",
                "skip_next_turn": True,
                "penalty_repeat": "reset",
            }
        },
    ),
    "bumerang-rueckwaerts-mode": ("einfach+bumerang", {"bumerang": {"phase2": "rueckwaerts_mode"}}),
    "tie-extra-round": ("macke-klassisch", {"game": {"tie": "extra_round", "reach": "more_than"}}),
    "confirm-accumulated": ("zehntausend-350", {"confirm": {"scope": "accumulated"}}),
    "confirm-full-throw": ("einfach-6+verdoppeln+bestaetigen", {"confirm": {"trigger": "full_throw_all_scored"}}),
    "extension-kind-table": ("einfach+verdoppeln+ergaenzen", {"extension": {"value": "kind_table"}}),
    "literal-all-scoring": ("macke-klassisch+beweisen-literal", {"selection": {"rule": "all_scoring"}}),
    "five-any-time+combines": (
        "einfach+5er-drehen",
        {"dice": {"count": 6}, "selection": {"five_turn_timing": "any_time", "converted_one_combines": True}},
    ),
    "no-hot-dice+max-throws": ("macke-klassisch", {"turn": {"hot_dice": False, "max_throws": 2}}),
    "rueckwaerts-receiver-no-refill": (
        "zehntausend-rueckwaerts",
        {"rueckwaerts": {"next_round_starter": "receiver", "refill_when_empty": False}},
    ),
    "takeover+steigerung+minus-marks": (
        "einfach+uebernehmen",
        {
            "turn": {"beat_predecessor": True},
            "minus_marks": {"count": 2, "penalty": 500},
            "proof": {"same_throw": True},
        },
    ),
}


@pytest.mark.parametrize("variant", sorted(EXTRA_VARIANTS))
@pytest.mark.parametrize("seed", [4, 5])
def test_random_playthrough_extra_variants(variant: str, seed: int) -> None:
    """Option values no shipped rule set uses, played through the same generic check."""
    base, overrides = EXTRA_VARIANTS[variant]
    rules = INFO.load_rules(
        base,
        {
            **overrides,
            "game": {
                **overrides.get("game", {}),  # type: ignore[dict-item]
                "target": 1500,
            },
        },
    )
    n = 2 + seed % 2
    match = Match.new("zehntausend", base, [f"P{i}" for i in range(n)], rules=rules)
    bots = [RandomBot(seed * 31 + i) if i == 0 else HeuristicBot(seed + i) for i in range(n)]
    random_playthrough(match, seed, max_steps=30_000, bots=bots)  # type: ignore[arg-type]
    assert match.state.is_terminal() and match.state.winners()
