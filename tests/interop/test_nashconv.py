"""OpenSpiel's NashConv on our betting game (issue 27 §1, bench/nashconv.py): the pieces the bench relies on, on a
subgame small enough for OpenSpiel's Python algorithms to walk the adapter itself in a second or two.

The subgame is Würfelpoker with raising under the research overlay ``wuerfelpoker-forschung`` after seat 1's first
throw: seat 1 checks or raises, seat 2 calls or passes, throws (252 outcomes), raises or not, seat 1 answers.
"""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed: pip install 'wuerfel[research]'")

from open_spiel.python import policy as os_policy  # noqa: E402
from open_spiel.python.algorithms import cfr, exploitability  # noqa: E402

from wuerfel.engine.clocks import Pass  # noqa: E402
from wuerfel.engine.game import Action, State  # noqa: E402
from wuerfel.games.hasard.verdecktes_moves import Challenge  # noqa: E402
from wuerfel.games.hasard.verdecktes_poker import VerdecktesState  # noqa: E402
from wuerfel.interop.nashconv import BotPolicy, InfiniteTree, Subgame, cfr_plus, efg_policy, export_efg  # noqa: E402
from wuerfel.interop.openspiel import load  # noqa: E402

FIRST_THROW = 100
"""Seat 1's first throw in the subgame: the 100th of the 252 (a middling hand, so both raising and checking occur)."""


@pytest.fixture(scope="module")
def subgame() -> Subgame:
    return Subgame(load("wuerfelpoker", "wuerfelpoker-forschung", 2), [FIRST_THROW])


@pytest.fixture(scope="module")
def exported(subgame: Subgame) -> tuple[object, object, dict[str, os_policy.Policy]]:
    policies: dict[str, os_policy.Policy] = {
        "uniform": os_policy.UniformRandomPolicy(subgame),
        "optimal": BotPolicy(subgame, "optimal"),
        "heuristic": BotPolicy(subgame, "heuristic"),
    }
    export = export_efg(subgame, policies, root=subgame.new_initial_state())
    return export, pyspiel.load_efg_game(export.text), policies


def test_random_play_is_exploitable_and_cfr_plus_reduces_it(subgame: Subgame, exported: tuple) -> None:
    """OpenSpiel's Python nash_conv walking the adapter: uniform random play is exploitable. Its C++ nash_conv on the
    exported tree gives the same figure for random play and for a bot — the copy is the same game (tree,
    probabilities, returns, information sets) — and OpenSpiel's CFR+ on it brings NashConv down."""
    export, efg, policies = exported
    assert export.terminals > 252 and all(len(sets) > 1 for sets in export.infosets)
    uniform = exploitability.nash_conv(subgame, policies["uniform"])
    assert uniform > 0.1
    assert pyspiel.nash_conv(efg, efg_policy(efg, export, "uniform")) == pytest.approx(uniform, abs=1e-9)
    heuristic = exploitability.nash_conv(subgame, policies["heuristic"])
    assert pyspiel.nash_conv(efg, efg_policy(efg, export, "heuristic")) == pytest.approx(heuristic, abs=1e-9)
    figures = dict(cfr_plus(efg, [1, 2, 20]))
    assert figures[1] == pytest.approx(uniform)  # CFR+'s first average policy is uniform play
    assert figures[20] < figures[2] < uniform / 2 and figures[20] < uniform / 50


@pytest.mark.slow
def test_cfr_plus_on_the_adapter_matches_cfr_plus_on_the_copy(subgame: Subgame, exported: tuple) -> None:
    """OpenSpiel's Python CFR+ walking the adapter itself and its C++ CFR+ on the exported tree reach the same
    NashConv after two iterations (the same algorithm on the same game)."""
    _, efg, _ = exported
    solver = cfr.CFRPlusSolver(subgame)
    for _ in range(2):
        solver.evaluate_and_update_policy()
    direct = exploitability.nash_conv(subgame, solver.average_policy())
    assert direct == pytest.approx(dict(cfr_plus(efg, [2]))[2], abs=1e-9)


def test_the_bots_play_near_equilibrium_here(exported: tuple) -> None:
    """The computed bot is exact for two players (poker_round_bot): nothing to gain against it in this subgame; the
    bots' moves are real moves of the game (the probabilities sum to 1 on legal actions)."""
    export, efg, _ = exported
    assert pyspiel.nash_conv(efg, efg_policy(efg, export, "optimal")) == pytest.approx(0.0, abs=1e-9)
    for table in export.policies["optimal"].values():
        assert sum(table.values()) == pytest.approx(1.0)


class _Cheat:
    """A bot that reads the cup: calls "Schwindel" exactly when the real hidden throw is the one it was given."""

    def __init__(self, dice: tuple[int, ...]) -> None:
        self.dice = dice

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, VerdecktesState)
        return Challenge() if tuple(state.turns[-1].dice) == self.dice else Pass()


def test_a_bot_policy_reads_only_the_information_state() -> None:
    """Verdecktes Würfelpoker: two positions that differ only in seat 1's dice under the cup, same announcement.
    Seat 2 cannot tell them apart, so the policy must answer alike — even for a bot that would read the cup if it
    were handed the real position (it is handed one drawn from seat 2's information state)."""
    game = load("verdecktes-wuerfelpoker", "verdecktes-wuerfelpoker", 2)

    def after(throw: int) -> pyspiel.State:
        state = game.new_initial_state()
        state.apply_action(0)  # the lot: seat 1 begins
        state.apply_action(throw)
        state.apply_action(state.legal_actions()[100])  # the same announcement
        return state

    a, b = after(0), after(200)
    assert a.information_state_string(0) != b.information_state_string(0)
    assert a.information_state_string(1) == b.information_state_string(1)
    cheat = _Cheat(tuple(a.state.turns[-1].dice))
    assert cheat.choose(a.state, 1) != cheat.choose(b.state, 1)  # the real positions differ for a cheat
    for name in ("heuristic", None):
        policy = BotPolicy(game, name, cache=False)
        if name is None:
            policy.bots = [cheat, cheat]
        assert policy.action_probabilities(a, 1) == policy.action_probabilities(b, 1)


def test_a_tie_thrown_off_again_has_no_finite_tree() -> None:
    """Al Capone's Stichrunde repeats while the tied stay equal: a loop of chance nodes, refused by name."""
    game = load("al-capone", "al-capone", 2)
    state = game.new_initial_state()
    with pytest.raises(InfiniteTree):
        export_efg(game, root=state)
