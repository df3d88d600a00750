"""How long a game can last, in decisions, computed from its rules where its game graph is small enough (issue 27).

Why: OpenSpiel's ``max_game_length`` is meant to be a bound, and a declared number that is no bound misleads an
algorithm that sizes its buffers or its horizon by it. The engine's states are lumped by :meth:`State.solver_key`
(equal keys: equal futures), so the longest line of play is the longest path of decisions in the keyed graph:

* the graph enumerated within ``budget`` edges and no cycle through a decision → that length is the **bound**, exact
  for these rules and seats (a cycle of chance alone, a lot thrown again, adds no decision);
* a cycle through a decision (a tie played again, a pot that stays until somebody wins it) → the game has **no
  bound**: any length can happen with positive probability, so an adapter may only *cap* it;
* a graph larger than the budget, or a game that refuses to key its positions → **unknown** here: the adapter
  caps it too, and says so.

A decision is one seat's action; a simultaneous node is taken one seat after the other, lowest first, as the
adapters play it.

Where the graph is too large (Kniffel, Yahtzee, the 3-column Würfelspiel, Escalero, Ohio), the rules bound the game
at once: :func:`game_length` takes a game's own :meth:`Game.length_bound` (rounds × boxes × throws per turn ×
seats) before it walks anything. Chance nodes are counted too where the answer is known (OpenSpiel's
``max_chance_nodes_in_history``): from the rules, or from a walked graph without any cycle.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable
from typing import Literal

from wuerfel.engine.game import Game, State
from wuerfel.interop.codec import expand

Kind = Literal["bound", "unbounded", "unknown"]
Source = Literal["graph", "rules"]
DEFAULT_BUDGET = 200_000
"""Edges (moves and chance outcomes) :func:`longest_game` generates at most."""


@dataclasses.dataclass(frozen=True)
class Length:
    """The longest game in decisions (``bound``), or why there is none to give."""

    kind: Kind
    decisions: int | None = None
    keys: int = 0
    """How many keyed positions were expanded."""
    chance_nodes: int | None = None
    """The most chance nodes a game passes, where known (a bound from the rules, or a walked graph without cycles);
    None where a throw may repeat for ever or nobody counted."""
    source: Source = "graph"
    """Where a bound comes from: the walked graph (exact) or the game's rules (:meth:`Game.length_bound`)."""


def game_length(game: Game, budget: int = DEFAULT_BUDGET) -> Length:
    """The game's own bound where its rules state one (:meth:`Game.length_bound`, nothing walked), else
    :func:`longest_game` within ``budget``."""
    declared = game.length_bound()
    if declared is not None:
        return Length("bound", declared.decisions, 0, declared.chance_nodes, "rules")
    return longest_game(game, budget)


def longest_game(game: Game, budget: int = DEFAULT_BUDGET) -> Length:
    """The longest line of play of ``game`` in decisions (module text for the three answers).

    The keyed graph is enumerated until ``budget`` edges (moves and outcomes) were generated; its strongly connected
    components say whether a cycle holds a decision (a throw-off repeated by chance alone adds no decision and
    bounds nothing away). A decision cycle in the part enumerated is a cycle of the game, so it proves "unbounded"
    even where the budget ran out."""
    edges: dict[Hashable, list[tuple[Hashable, bool]]] = {}
    frontier: list[tuple[Hashable, State]] = []
    complete = True
    counted = 0
    try:
        root = game.new_initial_state()
        root_key = root.solver_key()
        frontier.append((root_key, root))
        seen = {root_key}
        while frontier:
            key, state = frontier.pop()
            if counted >= budget:
                complete = False
                break
            out = edges[key] = []
            if state.is_terminal():
                continue
            if state.is_chance():
                children = [(state.apply_outcome(o), False) for o, p in state.chance_outcomes() if p > 0]
            else:
                seat = min(state.actors())
                children = [
                    (state.apply_action(a, seat), True) for listed in state.legal_actions(seat) for a in expand(listed)
                ]
            counted += len(children)
            for child, decision in children:
                child_key = child.solver_key()
                out.append((child_key, decision))
                if child_key not in seen:
                    seen.add(child_key)
                    frontier.append((child_key, child))
    except Exception:  # a game that cannot key its positions (Plus-minus going negative) is not enumerated here
        return Length("unknown", None, len(edges))
    components = _components(edges)
    where = {key: i for i, comp in enumerate(components) for key in comp}
    if any(decision and where.get(child) == where[key] for key, out in edges.items() for child, decision in out):
        return Length("unbounded", None, len(edges))
    if not complete:
        return Length("unknown", None, len(edges))
    longest: list[int] = []
    throws: list[int] = []  # chance nodes on the way, counted while no cycle (of chance) has been met
    acyclic = all(len(comp) == 1 for comp in components) and not any(
        child == key for key, out in edges.items() for child, _ in out
    )
    for comp in components:  # sinks first: every component a component leads to is done before it
        i = len(longest)
        out = [(child, decision) for key in comp for child, decision in edges[key] if where[child] != i]
        longest.append(max((int(decision) + longest[where[child]] for child, decision in out), default=0))
        throws.append(max((int(not decision) + throws[where[child]] for child, decision in out), default=0))
    chance = throws[where[root_key]] if acyclic else None
    return Length("bound", longest[where[root_key]], len(edges), chance)


def _components(edges: dict[Hashable, list[tuple[Hashable, bool]]]) -> list[list[Hashable]]:
    """Tarjan's strongly connected components of the enumerated graph, iteratively, sinks first (edges to positions
    left unenumerated are ignored)."""
    index: dict[Hashable, int] = {}
    low: dict[Hashable, int] = {}
    on_stack: set[Hashable] = set()
    stack: list[Hashable] = []
    out: list[list[Hashable]] = []
    for start in edges:
        if start in index:
            continue
        work: list[tuple[Hashable, int]] = [(start, 0)]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, i = work[-1]
            succ = edges[node]
            if i < len(succ):
                work[-1] = (node, i + 1)
                child = succ[i][0]
                if child not in edges:
                    continue
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, 0))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    comp.append(member)
                    if member == node:
                        break
                out.append(comp)
    return out


__all__ = ["DEFAULT_BUDGET", "Length", "game_length", "longest_game"]
