"""Honest ``max_game_length`` (issue 27 §1): a bound where the rules give one, else a named cap at which the game
is truncated as OpenSpiel's capped games are."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed: pip install 'wuerfel[research]'")

from tests.interop import declared_games  # noqa: E402
from wuerfel.engine.registry import GameInfo, get_game  # noqa: E402
from wuerfel.interop import openspiel  # noqa: E402
from wuerfel.interop.length import longest_game  # noqa: E402

GAMES = declared_games()


def _play(game: pyspiel.Game, rng: random.Random, limit: int) -> tuple[pyspiel.State, int]:
    """A random game through OpenSpiel's API; the decisions taken (at most ``limit``)."""
    state, decisions = game.new_initial_state(), 0
    while not state.is_terminal() and decisions < limit:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
    return state, decisions


@pytest.mark.parametrize("info", GAMES, ids=[i.id for i in GAMES])
def test_the_declared_length_is_a_bound_or_a_named_cap(info: GameInfo) -> None:
    game = openspiel.load(info.id)
    length = game.length
    if length.decisions is not None:  # a bound: random play never goes past it
        assert game.max_game_length() == max(1, length.decisions)
        rng = random.Random(1)
        for _ in range(20):
            state, decisions = _play(game, rng, game.max_game_length() + 1)
            assert state.is_terminal() and decisions <= length.decisions
    else:  # a cap, said so in the game's name, where the game is cut
        assert game.max_game_length() == openspiel.MAX_GAME_LENGTH == game.cap
        assert "capped" in game.get_type().long_name


def test_a_game_at_its_cap_is_truncated_without_a_result(monkeypatch: pytest.MonkeyPatch) -> None:
    """Zehntausend, capped at 4 decisions: the state is terminal there, nobody is paid, and it says it was cut."""
    monkeypatch.setattr(openspiel, "MAX_GAME_LENGTH", 4)
    game = openspiel.load("zehntausend")
    assert game.max_game_length() == 4
    state, decisions = _play(game, random.Random(0), 100)
    assert decisions == 4 and state.is_terminal() and state.truncated()
    assert state.returns() == [0.0, 0.0] and state.legal_actions() == []


def test_decision_cycles_are_unbounded_and_chance_cycles_bound_nothing_away() -> None:
    """Quinze's tie is played again, decisions and all: no bound. Elf hoch's pot may stay for ever, but by chance
    alone: no seat ever decides, so its decisions are bounded (by 0), as is Doppeltes Lottchen's."""
    quinze = get_game("quinze")
    found = longest_game(quinze.new_game(quinze.load_rules(quinze.default_preset), 2), openspiel.LENGTH_BUDGET)
    assert found.kind == "unbounded"
    for game_id in ("elf-hoch", "doppeltes-lottchen"):
        info = get_game(game_id)
        found = longest_game(info.new_game(info.load_rules(info.default_preset), 2), 20_000)
        assert (found.kind, found.decisions) == ("bound", 0), game_id
        # Elf hoch's throws may repeat for ever (no chance bound); Doppeltes Lottchen's graph has no cycle at all
        assert (found.chance_nodes is None) == (game_id == "elf-hoch"), (game_id, found.chance_nodes)


def _declared_bounds() -> list[tuple[str, str, int]]:
    """Every rule set and the fewest and most seats of each game that states its length from its rules."""
    out = []
    for info in GAMES:
        for rules_name in info.rule_sets():
            rules = info.load_rules(rules_name)
            counts = info.player_counts(rules)
            for n in sorted({counts[0], counts[-1]}):
                if info.new_game(rules, n).length_bound() is not None:
                    out.append((info.id, rules_name, n))
    return out


BOUNDED = _declared_bounds()
LOOSENESS = 2.0
"""The rules' bound may exceed the longest of a few random games by at most this factor. Random play writes a box
early as often as the free boxes outnumber the keeps (the 3-column sheet's 39 boxes: 117 against about 77 at
random), so the factor is loose; the always-rethrowing player shows the bound exact."""


def _playout(game: pyspiel.Game, rng: random.Random, rethrow: bool) -> tuple[pyspiel.State, int, int]:
    """One game through OpenSpiel's API: at random, or (``rethrow``) always keeping and throwing again where the
    rules allow; the decisions and the chance nodes passed."""
    state, decisions, chance = game.new_initial_state(), 0, 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
            chance += 1
            continue
        legal = state.legal_actions()
        keeps = [a for a in legal if type(game.codec.decode(a)).__name__ == "Keep"]
        state.apply_action(rng.choice(keeps if rethrow and keeps else legal))
        decisions += 1
        assert decisions <= game.max_game_length(), "past the declared bound"
    return state, decisions, chance


def test_every_sheet_game_of_kniffel_size_states_its_bound() -> None:
    """The games the walked graph cannot bound state theirs from the rules: every preset of the Würfelspiel
    family (Kniffel, Yahtzee, the 3 columns), Escalero, Ohio, the Sechzerspiel."""
    assert {game_id for game_id, _, _ in BOUNDED} >= {"wuerfelspiel", "escalero", "ohio", "sechzerspiel"}
    assert {r for g, r, _ in BOUNDED if g == "wuerfelspiel"} >= {"brettspielnetz", "kniffel", "yahtzee"}


@pytest.mark.parametrize(("game_id", "rules", "players"), BOUNDED, ids=[f"{g}-{r}-{n}" for g, r, n in BOUNDED])
def test_the_rules_bound_holds_is_reached_and_is_not_loose(game_id: str, rules: str, players: int) -> None:
    """Random games stay within the bound (decisions and chance nodes) and the longest of them comes within
    :data:`LOOSENESS` of it; a player who always throws again reaches it exactly: the bound is the true maximum."""
    game = openspiel.load(game_id, rules, players)
    assert game.length.source == "rules" and game.cap is None
    bound, chance_bound = game.max_game_length(), game.max_chance_nodes_in_history()
    assert "bounded by the rules" in game.get_type().long_name
    rng = random.Random(7)
    longest = 0
    for _ in range(6):
        state, decisions, chance = _playout(game, rng, rethrow=False)
        assert not state.truncated() and decisions <= bound
        assert game.length.chance_nodes is None or chance <= chance_bound
        longest = max(longest, decisions)
    assert bound <= LOOSENESS * longest, (bound, longest)
    _, decisions, chance = _playout(game, rng, rethrow=True)
    assert decisions == bound
    if game.length.chance_nodes is not None:  # else a throw-off may repeat: OpenSpiel's default stands
        assert chance == chance_bound
