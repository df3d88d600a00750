"""A finite, dense integer action codec per game and rules: what the research libraries (OpenSpiel, PettingZoo,
Gymnasium) need and the engine's own ids are not.

Why not :meth:`Game.action_id` itself: those ids are stable but *sparse* (Zehntausend's selections are numbered in a
space of 4·7⁶, keeps start at 1000 or 2000, a stake's id grows with its amount) and an amount is listed as one
*parameterised* action (:class:`~wuerfel.engine.game.Amount`), never value by value. A policy network needs a fixed
range ``0 .. num_distinct_actions - 1`` of concrete moves instead.

How the range is found: every game declares its *universe* — every concrete action its rules can ever offer — in
:meth:`Game.action_universe`, from what it already knows: its own keep tables (the dice counts its ``action_from_id``
decodes), its rows, boxes and announcements as the rules list them, and amounts expanded from 1 (or 0) up to the
rules' declared maximum (``max_stake``, the raise limit M, the chips in play where the rules set no limit). It lives
in the game, not here, because only the game knows its moves: this module names no game (the layering rule of
docs/architecture.md) and a plug-in game declares its own the same way. The universe is ordered by the game's own
stable ``action_id``, so the dense id of an action follows the engine's numbering and does not depend on the order
of a legal list.

A game that declares no universe (``None``, the default) has no finite codec: :class:`UnboundedActions` names it.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Sequence

from wuerfel.engine.game import Action, Game, State, amounts, is_parameterised, with_amount


class CodecError(ValueError):
    """An action outside a game's declared universe: a bug in the universe (or a move from another game)."""


class UnboundedActions(CodecError):
    """The game's rules declare no finite bound for its actions, so no finite codec exists."""


def universe(game: Game) -> tuple[Action, ...]:
    """Every concrete action ``game`` (these rules, this many players) can ever offer, in the order of the game's own
    :meth:`~Game.action_id`. Raises :class:`UnboundedActions` naming a game that declares none."""
    actions = game.action_universe()
    if actions is None:
        raise UnboundedActions(
            f"{game.id}: the game declares no finite action universe (Game.action_universe() returned None)"
        )
    return tuple(sorted(actions, key=game.action_id))


class ActionCodec:
    """Dense integer ids ``0 .. num_distinct_actions - 1`` for the concrete actions of one game and rules.

    Built once per game object (:func:`codec_for` caches it); every id round-trips through :meth:`encode` and
    :meth:`decode`, and :meth:`legal_ids` expands a parameterised legal action (a stake, a raise) into the ids of
    every amount it admits.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.actions: tuple[Action, ...] = universe(game)
        self._ids: dict[Action, int] = {}
        for i, a in enumerate(self.actions):
            if a in self._ids:
                raise CodecError(f"{game.id}: the action universe lists {a!r} twice")
            self._ids[a] = i
        engine_ids = [game.action_id(a) for a in self.actions]
        if len(set(engine_ids)) != len(engine_ids):
            raise CodecError(f"{game.id}: two actions of the universe share an engine action id")

    @property
    def num_distinct_actions(self) -> int:
        """How many ids there are (0 for a game of pure chance: nobody ever decides)."""
        return len(self.actions)

    def encode(self, action: Action) -> int:
        """The dense id of a concrete action; :class:`CodecError` for a parameterised one or one outside."""
        if is_parameterised(action):
            raise CodecError(f"{self.game.id}: {action!r} is a range of moves; choose the amount first")
        try:
            return self._ids[action]
        except KeyError:
            raise CodecError(f"{self.game.id}: {action!r} is outside the declared action universe") from None

    def decode(self, action_id: int, state: State | None = None, player: int | None = None) -> Action:
        """The action of ``action_id``. With a ``state``, also checks that it is legal there for ``player`` (default:
        the single actor), so an agent's id is refused with a clear error, never applied blindly."""
        if not 0 <= action_id < len(self.actions):
            raise CodecError(f"{self.game.id}: action id {action_id} is outside 0..{len(self.actions) - 1}")
        action = self.actions[action_id]
        if state is not None:
            seat = state.asked_seat(player)
            if seat is None or not state.is_legal(action, seat):
                raise CodecError(f"{self.game.id}: action id {action_id} ({action.to_json()}) is not legal now")
        return action

    def legal_ids(self, state: State, player: int | None = None) -> list[int]:
        """The sorted ids of every concrete legal action of ``player`` (default: the single actor)."""
        out: set[int] = set()
        for listed in state.legal_actions(player):
            out.update(self.encode(a) for a in expand(listed))
        return sorted(out)

    def mask(self, state: State, player: int | None = None) -> list[int]:
        """A 0/1 list of length :attr:`num_distinct_actions`: 1 where the id is legal for ``player`` now."""
        m = [0] * len(self.actions)
        for i in self.legal_ids(state, player):
            m[i] = 1
        return m


def expand(action: Action) -> Iterable[Action]:
    """Every concrete action a listed (possibly parameterised) one admits: the action itself if it is concrete."""
    free = amounts(action)
    if not free:
        return (action,)
    names = list(free)
    ranges: Sequence[range] = [range(free[n].low, free[n].high + 1) for n in names]
    return (with_amount(action, **dict(zip(names, values, strict=True))) for values in itertools.product(*ranges))


@functools.lru_cache(maxsize=256)
def codec_for(game: Game) -> ActionCodec:
    """The codec of ``game``, built once per game object (building one sorts its whole universe)."""
    return ActionCodec(game)


__all__ = ["ActionCodec", "CodecError", "UnboundedActions", "codec_for", "expand", "universe"]
