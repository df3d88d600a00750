"""Bots from outside the project (issue 27 §4): ``MODULE:FACTORY`` names a factory in any importable module.

Two kinds of bot are accepted, so a bot written for the project and one written for a research environment both
fit:

* a **Bot** (the project's protocol, :class:`wuerfel.bots.base.Bot`): an object with ``choose(state, player)`` that
  returns one legal :class:`Action`;
* a **policy**: a function ``(view, legal) -> action`` over JSON only — ``view`` is exactly ``state.view(seat)``
  (what the websocket sends as ``view``), ``legal`` the seat's legal actions as JSON (as the websocket's
  ``legal[].action``; an amount is ``{"min": a, "max": b}``) and the answer one of them as JSON (an amount chosen)
  or an :class:`Action`.

``FACTORY`` is called once per game being set up: with ``(game, seed)`` when it takes two arguments (the signature
of the project's own bot factories), with ``(game)`` for one, with nothing for none; what it returns is a Bot or a
policy. ``FACTORY`` may itself be a policy (a function whose parameters are named ``view`` and ``legal``) or a
ready bot object (anything with ``choose`` that is not a class).
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from typing import Any

from wuerfel.bots.base import Bot
from wuerfel.engine.errors import N_, RuleError
from wuerfel.engine.game import JSON, Action, Game, State

Policy = Callable[[JSON, list[JSON]], Any]


def is_outside(name: str) -> bool:
    """Whether a bot name is a ``MODULE:FACTORY`` reference rather than a bot the game registers."""
    return ":" in name


def load_factory(spec: str) -> Any:
    """The object ``MODULE:FACTORY`` names (the module is imported; the current directory is importable, as for
    ``python -m``). Refused with a message naming the part that is missing."""
    module_name, _, attr = spec.partition(":")
    if not module_name or not attr:
        raise RuleError(N_("A bot from outside is given as MODULE:FACTORY, not '{spec}'."), spec=spec)
    import sys

    if "" not in sys.path:
        sys.path.insert(0, "")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise RuleError(
            N_("The bot module '{module}' cannot be imported: {reason}"), module=module_name, reason=str(exc)
        ) from exc
    obj: Any = module
    for part in attr.split("."):
        if not hasattr(obj, part):
            raise RuleError(N_("The module '{module}' has no '{name}'."), module=module_name, name=attr)
        obj = getattr(obj, part)
    return obj


def _is_policy(obj: Any) -> bool:
    try:
        params = list(inspect.signature(obj).parameters)
    except (TypeError, ValueError):
        return False
    return not inspect.isclass(obj) and params[:2] == ["view", "legal"]


def _arity(obj: Any) -> int:
    """How many of ``(game, seed)`` the factory takes."""
    try:
        sig = inspect.signature(obj)
    except (TypeError, ValueError):
        return 2
    for n in (2, 1, 0):
        try:
            sig.bind(*range(n))
            return n
        except TypeError:
            continue
    return 2


class PolicyBot:
    """A policy ``(view, legal) -> action`` as a :class:`Bot`: it sees the seat's view and legal actions as JSON,
    never the state itself, exactly what a client at a live table sees."""

    def __init__(self, policy: Policy, game: Game, name: str) -> None:
        self.policy = policy
        self.game = game
        self.name = name

    def choose(self, state: State, player: int) -> Action:
        legal = [a.to_json() for a in state.legal_actions(player)]
        return self.decide(state.view(player), legal)

    def decide(self, view: JSON, legal: list[JSON]) -> Action:
        """The policy's answer as an Action (parsed by the game; whether it is legal is the engine's to say)."""
        answer = self.policy(view, legal)
        return answer if isinstance(answer, Action) else self.game.action_from_json(answer)


def make_outside_bot(spec: str, game: Game, seed: int = 0, factory: Any = None) -> Bot | PolicyBot:
    """The bot ``spec`` (``MODULE:FACTORY``) makes for one game: a Bot as it is, a policy wrapped in
    :class:`PolicyBot`. ``factory`` skips the import when the caller already has it."""
    obj = load_factory(spec) if factory is None else factory
    name = spec.rpartition(":")[2]
    if _is_policy(obj):
        return PolicyBot(obj, game, name)
    # a ready bot object is used as it is (it keeps its state across games); a factory makes one
    made = obj if hasattr(obj, "choose") and not inspect.isclass(obj) else obj(*(game, seed)[: _arity(obj)])
    if hasattr(made, "choose"):
        if not getattr(made, "name", None):
            made.name = name  # the Bot protocol's name: the factory's, when the bot has none
        return made  # type: ignore[no-any-return]
    if callable(made):
        return PolicyBot(made, game, name)
    raise RuleError(N_("'{spec}' made neither a bot (with choose) nor a function (view, legal)."), spec=spec)
