"""The simulation kernel of heuristic and random bots (``fastsim``) plays exactly the engine's games (issue 17).

``play_one`` hands a game whose seats are all plain heuristic or random bots, at rules the kernel covers, to the
kernel. Here every covered rule set (Farkle, its option variants and plain Zehntausend presets, 2–4 players, full and
lowered targets) is played both ways from the same seeds, with heuristic, random and mixed seats: the kernel's
turns must be the engine's turns, one by one — each turn's full history
(every throw, selection and hot dice), its result and points, as the engine's ``prev`` records them — and its final
state must equal the engine's, field for field. The coverage itself is pinned (which presets the kernel plays, and
that everything else falls back to the generic loop), so a change of either is seen.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from wuerfel.bots.base import RandomBot
from wuerfel.cli.sim import draw_outcome, game_seed, play_one, reseed_bots
from wuerfel.engine.registry import get_game
from wuerfel.games.zehntausend import fastsim
from wuerfel.games.zehntausend.bots import HeuristicBot
from wuerfel.games.zehntausend.game import ZehntausendGame
from wuerfel.games.zehntausend.options import ZehntausendRules
from wuerfel.games.zehntausend.state import ZehntausendState

INFO = get_game("zehntausend")

VARIANTS: dict[str, tuple[str, dict[str, Any]]] = {
    "farkle": ("farkle", {}),
    "farkle-2000": ("farkle", {"game": {"target": 2000}}),
    "farkle-more-than": ("farkle", {"game": {"target": 3000, "reach": "more_than"}}),
    "farkle-negate+give-up": (
        "farkle",
        {
            "game": {"target": 3000},
            "turn": {"bust": "negate", "stop_below_threshold": "counts_as_bust", "min_bank": 300},
        },
    ),
    "farkle-all-scoring": ("farkle", {"game": {"target": 3000}, "selection": {"rule": "all_scoring"}}),
    "farkle-5-dice": ("farkle", {"game": {"target": 3000}, "dice": {"count": 5}}),
    "einfach-immediate": (
        "zehntausend-einfach",
        {"game": {"end_rule": "immediate", "target": 3000}, "proof": {"enabled": False}},
    ),
    "5er-drehen-on-set-aside": (
        "einfach+5er-drehen",
        {"game": {"end_rule": "immediate", "target": 3000}, "proof": {"enabled": False}},
    ),
    "strasse-immediate": (
        "einfach+strasse",
        {"game": {"end_rule": "immediate", "target": 3000}, "proof": {"enabled": False}},
    ),
}
"""Rule sets the kernel covers: Farkle and its variants, and Zehntausend presets made plain (immediate end, no
proof) so that their scoring and selection rules (straights, turned 5s, all-scoring) run through the kernel too."""


def _rules(name: str) -> ZehntausendRules:
    base, overrides = VARIANTS[name]
    return INFO.load_rules(base, overrides)  # type: ignore[no-any-return]


def _engine_game(
    game: ZehntausendGame, bots: list[Any], rng: random.Random
) -> tuple[ZehntausendState, list[tuple[Any, ...]]]:
    """The plain, checked engine: every throw through ``apply_outcome``, every choice through ``apply_action``, the
    dice drawn as ``play_one`` draws them; each finished turn as ``prev`` records it."""
    state = game.new_initial_state()
    turns: list[tuple[Any, ...]] = []
    prev = state.prev
    tables: dict[int, Any] = {}
    while not state.is_terminal():
        if state.is_chance():
            state = state.apply_outcome(draw_outcome(state, rng, tables))  # type: ignore[assignment]
        else:
            actor = state.actors()[0]
            state = state.apply_action(bots[actor].choose(state, actor), actor)  # type: ignore[assignment]
        if state.prev is not prev:
            prev = state.prev
            turns.append(prev)
    return state, turns


SEATS = {
    "heuristic": lambda seat: HeuristicBot(seat),
    "random": lambda seat: RandomBot(seat),
    "mixed": lambda seat: RandomBot(seat) if seat % 2 else HeuristicBot(seat),
}


@pytest.mark.parametrize(
    ("name", "seats"),
    [
        (name, seats)
        for name in VARIANTS
        for seats in SEATS
        # random bots alone where a bust costs the turn total never reach the target: nobody banks enough
        if not (seats == "random" and name == "farkle-negate+give-up")
    ],
)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_kernel_plays_the_engines_games(name: str, players: int, seats: str) -> None:
    rules = _rules(name)
    assert fastsim.unsupported(rules) is None
    game = INFO.new_game(rules, players)
    bots = [SEATS[seats](seat) for seat in range(players)]
    kernel = game.sim_kernel(bots)
    assert kernel is not None
    games = 12 if name == "farkle" else 4 if seats == "random" else 6
    for g in range(games):
        seed = game_seed(7, g)
        trace: list[tuple[Any, ...]] = []
        reseed_bots(bots, 7, g)
        fast = kernel.__self__.play(random.Random(seed), trace)  # type: ignore[attr-defined]
        reseed_bots(bots, 7, g)
        plain, turns = _engine_game(game, bots, random.Random(seed))
        assert len(trace) == len(turns)
        for k, (mine, theirs) in enumerate(zip(trace, turns, strict=True)):
            assert mine == theirs, f"{name}, {players} players, game {g}, turn {k}"
        assert fast == plain
        assert fast.scores() == plain.scores() and fast.winners() == plain.winners()
        # and through play_one, as wuerfel sim and the benchmarks call it
        reseed_bots(bots, 7, g)
        assert play_one(game, bots, random.Random(seed)) == plain


def test_covered_presets_are_pinned() -> None:
    """Which presets the kernel plays as they are: a change of coverage (or of a preset) shows here."""
    covered = sorted(name for name in INFO.rule_sets() if fastsim.unsupported(INFO.load_rules(name, {})) is None)
    assert covered == ["farkle"]
    assert fastsim.unsupported(INFO.load_rules("zehntausend-einfach", {})) == "game.end_rule"
    assert fastsim.unsupported(INFO.load_rules("zehntausend-350", {})) == "minus_marks.count"


@pytest.mark.parametrize(
    ("key", "overrides"),
    [
        ("game.end_rule", {"game": {"end_rule": "finish_round"}}),
        ("minus_marks.count", {"minus_marks": {"count": 3, "penalty": 500}}),
        ("takeover.enabled", {"takeover": {"enabled": True}}),
        ("proof.enabled", {"proof": {"enabled": True}}),
        ("turn.hot_dice", {"turn": {"hot_dice": False}}),
        ("turn.max_throws", {"turn": {"max_throws": 3}}),
        ("turn.beat_predecessor", {"turn": {"beat_predecessor": True}}),
        ("turn.first_throw_niete", {"turn": {"first_throw_niete": "nix"}}),
    ],
)
def test_other_rules_fall_back_to_the_engine(key: str, overrides: dict[str, Any]) -> None:
    rules = INFO.load_rules("farkle", overrides)
    assert fastsim.unsupported(rules) == key
    game = INFO.new_game(rules, 2)
    assert game.sim_kernel([HeuristicBot(0), HeuristicBot(1)]) is None
    # and play_one still plays it (through the engine)
    assert play_one(game, [HeuristicBot(0), HeuristicBot(1)], random.Random(1)).is_terminal()


class _Subclass(HeuristicBot):
    pass


class _RandomSubclass(RandomBot):
    pass


def test_other_bots_fall_back_to_the_engine() -> None:
    game = INFO.new_game(_rules("farkle"), 2)
    assert game.sim_kernel([HeuristicBot(0), _RandomSubclass(1)]) is None
    assert game.sim_kernel([HeuristicBot(0), _Subclass(1)]) is None
    assert game.sim_kernel([HeuristicBot(0)]) is None  # one bot for two seats
    odd = RandomBot(1)
    odd.rng = random.SystemRandom()  # its choice() is not the seeded generator's: the kernel cannot draw as it does
    assert game.sim_kernel([HeuristicBot(0), odd]) is None
    swapped = [HeuristicBot(0), RandomBot(1)]
    assert game.sim_kernel(swapped) is not None
    swapped[1].rng = random.SystemRandom()  # swapped after the kernel was built: asked again, it declines
    assert game.sim_kernel(swapped) is None
    bots = [HeuristicBot(0), HeuristicBot(1)]
    assert game.sim_kernel(bots) is game.sim_kernel(bots) is not None  # built once per game and bots
    # a game with another bot is the engine's: the same as the checked loop
    seed = game_seed(7, 0)
    assert (
        play_one(game, [HeuristicBot(0), _RandomSubclass(1)], random.Random(seed))
        == _engine_game(game, [HeuristicBot(0), _RandomSubclass(1)], random.Random(seed))[0]
    )


def test_untrusted_play_one_takes_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """``trusted=False`` (a bot under test) checks every move: the kernel is not asked."""
    game = INFO.new_game(_rules("farkle"), 2)
    bots = [HeuristicBot(0), HeuristicBot(1)]
    seed = game_seed(7, 1)
    fast = play_one(game, bots, random.Random(seed))

    def no_kernel(bots: Any) -> None:
        raise AssertionError("the kernel was asked")

    monkeypatch.setattr(game, "sim_kernel", no_kernel)
    assert play_one(game, bots, random.Random(seed), trusted=False) == fast
