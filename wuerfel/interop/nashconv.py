"""How exploitable are our bots? OpenSpiel's NashConv of a wuerfel bot, and CFR+ beside it (issue 27 §1).

Three pieces, each usable alone:

* :class:`BotPolicy` turns one of a game's bots (``optimal``, ``heuristic`` …) into an OpenSpiel
  ``policy.Policy``. The bot is asked on a position drawn from what the seat sees (:meth:`State.determinize`, seeded
  by the seat's ``information_state_string``, so hidden dice are redrawn and the real ones never reach the bot) and
  its move gets probability 1. Because everything it is given is a function of the information state, two states
  the seat cannot tell apart get the same probabilities — what a policy must do for NashConv to mean anything
  (OpenSpiel does not check it; ``tests/interop/test_nashconv.py`` does).
* :class:`Subgame` is the OpenSpiel game that starts after a fixed history of another (a first throw fixed): small
  enough for OpenSpiel's Python algorithms to walk in a second, so the test can run them on the adapter itself.
* :func:`export_efg` walks the adapter's game tree once, through OpenSpiel's own state API, and writes it in the
  extensive-form (``.efg``) format that ``pyspiel.load_efg_game`` reads: every chance node with its probabilities,
  every decision with its information set (one number per distinct ``information_state_string`` of the seat) and
  every end with its returns; the bots' probabilities are read on the way. OpenSpiel's C++ ``nash_conv`` and
  ``CFRPlusSolver`` then run on that copy in seconds, where the Python walks of the adapter take minutes per pass.
  The copy is exact (same tree, probabilities as the adapter's floats, same returns, same information partition);
  the test checks that OpenSpiel's Python ``exploitability.nash_conv`` on the adapter and its C++ ``nash_conv`` on
  the copy agree, for a random and for a bot policy.

A game whose tree is infinite cannot be exported: a tie thrown off again (Al Capone's and Offenes Würfelpoker's
Stichrunde) is a loop of chance nodes; :func:`export_efg` stops at :data:`MAX_DEPTH` events and says so.
"""

from __future__ import annotations

import dataclasses
import random
import sys
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import pyspiel
from open_spiel.python import policy as os_policy

from wuerfel.engine.registry import get_game

MAX_DEPTH = 200
"""Events (chance and decisions) on one line of play after which :func:`export_efg` gives up: the trees it is for
are a dozen deep; deeper means a loop (a throw-off played again) and no finite tree."""


class InfiniteTree(ValueError):
    """The game tree has a line of play longer than :data:`MAX_DEPTH` events: it has no finite extensive form."""


class BotPolicy(os_policy.Policy):
    """One of the game's bots as an OpenSpiel policy: probability 1 on the bot's move, asked on what the seat sees.

    ``game`` is a wuerfel OpenSpiel game (or a :class:`Subgame` of one); ``bot`` a name of its registry entry
    (default: the game's default bot). ``cache`` keeps the answer per information state (the bots' solvers are
    deterministic but not free); without it every call asks the bot again, which is what the test compares."""

    def __init__(self, game: pyspiel.Game, bot: str | None = None, seed: int = 0, cache: bool = True) -> None:
        super().__init__(game, list(range(game.num_players())))
        base = game.base if isinstance(game, Subgame) else game
        self.engine = base.engine
        self.codec = base.codec
        info = get_game(self.engine.id)
        self.bot_name = bot or info.default_bot
        factory = info.bots[self.bot_name]
        self.bots = [factory(self.engine, seed + seat) for seat in range(self.engine.num_players)]
        self.seed = seed
        self._cache: dict[tuple[int, str], dict[int, float]] | None = {} if cache else None

    def action_probabilities(self, state: pyspiel.State, player_id: int | None = None) -> dict[int, float]:
        player = state.current_player() if player_id is None else player_id
        key = state.information_state_string(player)
        if self._cache is not None and (player, key) in self._cache:
            return dict(self._cache[player, key])
        rng = random.Random(f"{self.seed}:{key}")  # a function of the information state only
        seen = state.state.determinize(player, rng)
        bot = self.bots[player]
        if hasattr(bot, "rng"):  # a bot's own tie-breaks, drawn the same way for the same information state
            bot.rng = random.Random(f"{self.seed}:{player}:{key}")
        probs = {self.codec.encode(bot.choose(seen, player)): 1.0}
        if self._cache is not None:
            self._cache[player, key] = probs
        return dict(probs)


class Subgame(pyspiel.Game):
    """The game ``base`` from the position its ``history`` (OpenSpiel action ids, chance included) leads to.

    Only for OpenSpiel's Python algorithms (``exploitability``, ``cfr``): they start from ``new_initial_state`` and
    read the game's sizes; the states are the base game's own."""

    def __init__(self, base: pyspiel.Game, history: Sequence[int]) -> None:
        self.base = base
        self.history = tuple(history)
        chips = base.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
        info = pyspiel.GameInfo(
            num_distinct_actions=base.num_distinct_actions(),
            max_chance_outcomes=base.max_chance_outcomes(),
            num_players=base.num_players(),
            min_utility=base.min_utility(),
            max_utility=base.max_utility(),
            utility_sum=0.0 if chips else None,
            max_game_length=base.max_game_length(),
        )
        super().__init__(base.get_type(), info, base.get_parameters())

    def new_initial_state(self) -> pyspiel.State:
        state = self.base.new_initial_state()
        for action in self.history:
            state.apply_action(action)
        return state

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        return self.base.make_py_observer(iig_obs_type, params)


@dataclasses.dataclass
class Export:
    """A game tree in the ``.efg`` format and what is needed to read OpenSpiel's answers on it back."""

    text: str
    """The ``.efg`` file (``pyspiel.load_efg_game(text)``)."""
    chance_nodes: int
    decision_nodes: int
    terminals: int
    infosets: list[dict[str, int]]
    """Per seat: its ``information_state_string`` → the information set's number in the file (from 1)."""
    policies: dict[str, dict[tuple[int, int], dict[int, float]]]
    """Per policy name: (seat, information set number) → {wuerfel action id: probability}."""

    @property
    def nodes(self) -> int:
        return self.chance_nodes + self.decision_nodes + self.terminals


def export_efg(
    game: pyspiel.Game,
    policies: Mapping[str, os_policy.Policy] | None = None,
    root: pyspiel.State | None = None,
    name: str = "wuerfel",
) -> Export:
    """Walk the tree of ``game`` (from ``root``, default its initial state) and write it as an ``.efg`` file.

    ``policies`` are asked once per information set on the way (their probabilities go into :attr:`Export.policies`).
    Decisions are named ``a<id>`` by the game's action ids, chance outcomes ``c<k>``. Raises :class:`InfiniteTree` for
    a line deeper than :data:`MAX_DEPTH`."""
    policies = dict(policies or {})
    n = game.num_players()
    infosets: list[dict[str, int]] = [{} for _ in range(n)]
    actions: list[dict[int, tuple[int, ...]]] = [{} for _ in range(n)]
    probs: dict[str, dict[tuple[int, int], dict[int, float]]] = {k: {} for k in policies}
    lines: list[str] = [f'EFG 2 R "{name}" {{ {" ".join(f"{chr(34)}Player {p + 1}{chr(34)}" for p in range(n))} }}']
    counts = {"chance": 0, "decision": 0, "terminal": 0}
    old_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old_limit, 4 * MAX_DEPTH + 1000))

    def walk(state: pyspiel.State, depth: int) -> None:
        if depth > MAX_DEPTH:
            raise InfiniteTree(
                f"{game}: a line of play longer than {MAX_DEPTH} events (a loop of chance, such as a "
                f"throw-off played again): no finite extensive form"
            )
        if state.is_terminal():
            counts["terminal"] += 1
            payoffs = " ".join(repr(float(x)) for x in state.returns())
            lines.append(f't "" {counts["terminal"]} "" {{ {payoffs} }}')
            return
        if state.is_chance_node():
            counts["chance"] += 1
            outcomes = state.chance_outcomes()
            listed = " ".join(f'"c{k}" {p!r}' for k, (_, p) in enumerate(outcomes))
            lines.append(f'c "" {counts["chance"]} "" {{ {listed} }} 0')
            for action, _ in outcomes:
                walk(state.child(action), depth + 1)
            return
        counts["decision"] += 1
        player = state.current_player()
        legal = tuple(state.legal_actions(player))
        key = state.information_state_string(player)
        number = infosets[player].get(key)
        if number is None:
            number = infosets[player][key] = len(infosets[player]) + 1
            actions[player][number] = legal
            for pname, pol in policies.items():
                probs[pname][player, number] = dict(pol.action_probabilities(state, player))
        elif actions[player][number] != legal:
            raise ValueError(f"{game}: one information state of seat {player} offers two sets of actions")
        listed = " ".join(f'"a{a}"' for a in legal)
        lines.append(f'p "" {player + 1} {number} "" {{ {listed} }} 0')
        for action in legal:
            walk(state.child(action), depth + 1)

    try:
        walk(root if root is not None else game.new_initial_state(), 0)
    finally:
        sys.setrecursionlimit(old_limit)
    return Export("\n".join(lines) + "\n", counts["chance"], counts["decision"], counts["terminal"], infosets, probs)


def efg_policy(efg_game: pyspiel.Game, export: Export, name: str) -> dict[str, list[tuple[int, float]]]:
    """The probabilities of policy ``name`` read during :func:`export_efg`, keyed the way OpenSpiel's C++ ``nash_conv``
    wants them for the loaded ``.efg`` game (its information state strings and action ids)."""
    table = export.policies[name]
    out: dict[str, list[tuple[int, float]]] = {}
    stack = [efg_game.new_initial_state()]
    while stack:
        state = stack.pop()
        if state.is_terminal():
            continue
        if state.is_chance_node():
            stack.extend(state.child(a) for a, _ in state.chance_outcomes())
            continue
        player = state.current_player()
        key = state.information_state_string(player)
        legal = state.legal_actions()
        if key not in out:
            number = int(key.split("-")[2])  # "<player>-<player>-<infoset number>-<name>"
            wanted = table[player, number]
            by_name = {state.action_to_string(player, a): a for a in legal}
            row = [(by_name[f"a{a}"], float(p)) for a, p in wanted.items() if p > 0]
            out[key] = row + [(a, 0.0) for a in legal if a not in {r[0] for r in row}]
        stack.extend(state.child(a) for a in legal)
    return out


def cfr_plus(efg_game: pyspiel.Game, iterations: Sequence[int]) -> Iterator[tuple[int, float]]:
    """OpenSpiel's C++ CFR+ on the ``.efg`` copy: (k, the NashConv of its average policy after k iterations) for each
    k of ``iterations`` in ascending order, as soon as it is reached (a large tree takes a while per iteration)."""
    solver = pyspiel.CFRPlusSolver(efg_game)
    done = 0
    for k in sorted(iterations):
        while done < k:
            solver.evaluate_and_update_policy()
            done += 1
        yield k, float(pyspiel.nash_conv(efg_game, solver.average_policy()))


__all__ = ["MAX_DEPTH", "BotPolicy", "Export", "InfiniteTree", "Subgame", "cfr_plus", "efg_policy", "export_efg"]
