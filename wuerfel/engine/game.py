"""The one engine API every game implements.

Shape (after OpenSpiel, made immutable): a :class:`Game` holds validated rules and the number of players and makes
initial :class:`State` objects. A state is a value: :meth:`State.apply_action` and :meth:`State.apply_outcome` return
a *new* state and leave the old one untouched, so a refused move can never corrupt anything, search can branch
freely, and the server can keep the last good state without copying.

Every node is one of three kinds:

* a **decision node**: ``actors()`` names the players who may act now (usually one; several for simultaneous
  decisions such as stakes placed before one throw), ``legal_actions(player)`` lists what each may do;
* a **chance node**: ``is_chance()``; ``chance_outcomes()`` lists every outcome with its exact probability
  (a :class:`fractions.Fraction`, summing to exactly 1). A dice source picks one; the engine never draws randomness;
* a **terminal node**: ``is_terminal()``; ``scores()`` and ``winners()`` give the result.

Actions and outcomes are small frozen values with a JSON form. Each game also gives actions a stable integer id for
solvers and search (``Game.action_id`` / ``Game.action_from_id``).

An amount (chips staked, a bid) is never listed value by value: a rule value chosen by a stranger could make that
list a billion entries long. ``legal_actions`` lists one *parameterised* action instead, whose free field holds an
:class:`Amount` (its bounds); a player, bot or client chooses a whole number within them (:func:`with_amount`,
:func:`sample_action`) and sends the concrete action. :meth:`State.is_legal` accepts every concrete action a listed
one covers; everything that walks the legal actions (the random bot, the generic test, the terminal, the web table)
handles both kinds.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from wuerfel.engine.errors import N_, IllegalAction, RecordError
from wuerfel.engine.moves import JSON as JSON
from wuerfel.engine.moves import Action as Action
from wuerfel.engine.moves import Amount as Amount
from wuerfel.engine.moves import Deadline as Deadline
from wuerfel.engine.moves import Outcome as Outcome
from wuerfel.engine.moves import Roll as Roll
from wuerfel.engine.parts import Deadlines, ManualDice, Memo, Presentation, SolverKey, Standings, TypedInput

CHANCE = -1
"""Marker returned by :meth:`State.to_move` at a chance node."""
TERMINAL = -2
"""Marker returned by :meth:`State.to_move` when the game is over."""
SIMULTANEOUS = -3
"""Marker returned by :meth:`State.to_move` when several players may act in any order."""

if TYPE_CHECKING:
    import random

    from wuerfel.engine.layout import TensorLayout


def amounts(action: Action) -> dict[str, Amount]:
    """The free fields of a parameterised action (empty for a concrete action)."""
    return {f.name: v for f in dataclasses.fields(action) if isinstance(v := getattr(action, f.name), Amount)}


def is_parameterised(action: Action) -> bool:
    """Whether ``action`` holds an :class:`Amount` (is a range, not a move). Asked for every applied move, so it
    reads the instance's fields directly where it can (dataclass actions keep them in ``__dict__``)."""
    values = getattr(action, "__dict__", None)
    if values is None:
        return bool(amounts(action))
    for v in values.values():  # noqa: SIM110 - a plain loop: no generator to set up for a move's few fields
        if type(v) is Amount:
            return True
    return False


def parameterised(cls: type[Action], **fields: Any) -> Action:
    """A parameterised legal action: ``parameterised(Stake, number=7, amount=Amount(1, 5))``. (The fields keep their
    concrete types for JSON parsing; only the legal-action list holds an :class:`Amount` in them.)"""
    return cls(**fields)


def with_amount(action: Action, **values: int) -> Action:
    """The concrete action a parameterised one describes, with the free fields set (not checked: applying checks)."""
    return dataclasses.replace(action, **values)


def covers(listed: Action, action: Action) -> bool:
    """Whether the listed (possibly parameterised) legal action admits the concrete ``action``."""
    if listed == action:
        return True
    if type(listed) is not type(action):
        return False
    free = amounts(listed)
    if not free or is_parameterised(action):
        return False
    for f in dataclasses.fields(listed):
        want, got = getattr(listed, f.name), getattr(action, f.name)
        if not (got in want if f.name in free else got == want):
            return False
    return True


def sample_action(action: Action, rng: Any) -> Action:
    """A concrete action drawn uniformly within a parameterised one's bounds (the action itself if concrete)."""
    if not is_parameterised(action):  # the cheap question first: the random bot asks it at every decision
        return action
    free = amounts(action)
    return with_amount(action, **{k: rng.randint(a.low, a.high) for k, a in free.items()})


@dataclasses.dataclass(frozen=True)
class EventView:
    """What one seat is shown of one event: the game's statement, so no front end has to guess.

    ``show`` is ``"full"`` (the event as recorded), ``"redacted"`` (that something happened: ``data`` is what is left
    of it, ``label`` a msgid naming it, and the actor only if ``player`` is true) or ``"none"`` (the seat is not told
    the event happened at all, e.g. a sealed stake: even a count of stakes would tell too much).

    A hidden event may carry a ``secret``: any hashable id. A later event whose statement lists that id in
    ``reveals`` (the cup is lifted, the stakes are uncovered) makes every event with that secret public for every
    seat from then on. ``reveals`` must be the same in every seat's statement of an event.
    """

    show: Literal["full", "redacted", "none"] = "full"
    data: JSON | None = None
    label: str = ""
    player: bool = True
    secret: Hashable | None = None
    reveals: tuple[Hashable, ...] = ()

    @property
    def full(self) -> bool:
        return self.show == "full"


PUBLIC = EventView()
"""The statement of an event everybody sees as it is (the default of :meth:`State.event_view`)."""


def from_json_generic(classes: Sequence[type[Any]], data: Any, what: str) -> Any:
    """Build one of ``classes`` (Action or Outcome subclasses) from its JSON form, validating field types.

    Raises :class:`IllegalAction` for anything malformed, so a bad client message is a clear refusal, never a crash.
    """
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise IllegalAction(N_("Malformed move: expected an object with a 'kind'."))
    by_kind = {c.kind: c for c in classes}
    cls = by_kind.get(data["kind"])
    if cls is None:
        raise IllegalAction(N_("Unknown move '{kind}'."), kind=str(data["kind"])[:40])
    kwargs: dict[str, Any] = {}
    hints = _field_types(cls)
    for f in dataclasses.fields(cls):
        if f.name not in data:
            if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING:
                continue
            raise IllegalAction(N_("Malformed move: field '{field}' is missing."), field=f.name)
        kwargs[f.name] = _coerce(data[f.name], hints.get(f.name, "Any"), what, f.name)
    extra = set(data) - {f.name for f in dataclasses.fields(cls)} - {"kind"}
    if extra:
        raise IllegalAction(N_("Malformed move: unknown field '{field}'."), field=sorted(extra)[0][:40])
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as exc:
        raise IllegalAction(N_("Malformed move: {reason}"), reason=str(exc)[:200]) from exc


def _field_types(cls: type[Any]) -> dict[str, str]:
    return {
        f.name: (f.type if isinstance(f.type, str) else getattr(f.type, "__name__", "Any"))
        for f in dataclasses.fields(cls)
    }


def _coerce(value: Any, type_name: str, what: str, field: str) -> Any:
    t = type_name.replace(" ", "")
    bad = IllegalAction(N_("Malformed move: field '{field}' has the wrong type."), field=field)
    if t in ("int",):
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad
        return value
    if t == "bool":
        if not isinstance(value, bool):
            raise bad
        return value
    if t == "str":
        if not isinstance(value, str):
            raise bad
        return value
    if t in ("Multiset", "Dice", "tuple[int,...]", "tuple[int,...]|None"):  # Dice: the old name of Multiset
        if value is None and t.endswith("None"):
            return None
        if not isinstance(value, list) or len(value) > 64:
            raise bad
        if any(isinstance(v, bool) or not isinstance(v, int) for v in value):
            raise bad
        return tuple(value)
    if t.startswith("tuple[str"):
        if not isinstance(value, list) or any(not isinstance(v, str) for v in value):
            raise bad
        return tuple(value)
    if t.startswith("int|None") or t == "int|None":
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad
        return value
    if t.startswith("str|None"):
        if value is None or isinstance(value, str):
            return value
        raise bad
    return value


REQUIRED: tuple[str, ...] = (
    "to_move",
    "legal_actions",
    "_apply_action",
    "chance_outcomes",
    "_apply_outcome",
    "scores",
    "winners",
    "view",
)
"""The methods of :class:`State` a game writes (``chance_outcomes``/``_apply_outcome`` default to a game without
chance, ``winners`` to nobody: a game with dice or a winner writes them); of :class:`Game`: :data:`GAME_REQUIRED`."""
PROVIDED: tuple[str, ...] = (
    "actors",
    "is_chance",
    "is_terminal",
    "apply_action",
    "asked_seat",
    "is_legal",
    "apply_outcome",
    "returns",
    "determinize",
    "event_view",
)
"""Core methods the engine builds on :data:`REQUIRED`: front ends, bots and solvers call these."""
GAME_REQUIRED: tuple[str, ...] = ("new_initial_state", "action_id", "action_from_id")
"""The methods of :class:`Game` a game writes; ``action_classes``/``outcome_classes`` name its values."""
GAME_PROVIDED: tuple[str, ...] = (
    "action_from_json",
    "outcome_from_json",
    "rules_json",
    "action_universe",
    "length_bound",
    "tensor_layout",
    "sim_kernel",
)
"""Methods of :class:`Game` with defaults: the JSON codecs, the resolved rules, and optional ones (for the research
adapters a finite universe of actions, the longest game the rules allow and an own observation tensor; a fast
simulation loop)."""


class State(Presentation, TypedInput, ManualDice, Deadlines, Standings, SolverKey, Memo, ABC):
    """A position of a game. Immutable: every transition returns a new state.

    The methods below are the **core**: :data:`REQUIRED` is what a game writes, :data:`PROVIDED` what the engine
    builds on it (a game may override those too: ``actors`` for simultaneous moves, ``determinize`` and
    ``event_view`` for secrets). Everything else is an optional part (:mod:`wuerfel.engine.parts`) with a default.
    ``docs/engine-api.md`` is the page of this contract; ``tests/engine/test_engine_api.py`` holds it to the code.
    """

    game: Game

    # --- node kind ------------------------------------------------------------------------------------------------
    @abstractmethod
    def to_move(self) -> int:
        """The player to act, or :data:`CHANCE`, :data:`TERMINAL` or :data:`SIMULTANEOUS`."""

    def actors(self) -> tuple[int, ...]:
        """Players who may act now. Several at a simultaneous node; none at chance and terminal nodes."""
        p = self.to_move()
        return (p,) if p >= 0 else ()

    def is_chance(self) -> bool:
        return self.to_move() == CHANCE

    def is_terminal(self) -> bool:
        return self.to_move() == TERMINAL

    # --- decisions ------------------------------------------------------------------------------------------------
    @abstractmethod
    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        """Legal actions of ``player`` (default: the single player to move). Empty at chance/terminal nodes."""

    @abstractmethod
    def _apply_action(self, action: Action, player: int) -> State:
        """Apply an action already known to be legal."""

    def apply_action(self, action: Action, player: int | None = None, trusted: bool = False) -> State:
        """Return the state after ``player`` takes ``action``; refuse an illegal one with a reason.

        The reason is the game's own where it knows one better (:meth:`explain_illegal`); the old state is
        unchanged either way because states are immutable.

        ``trusted``: the caller took ``action`` from this state's :meth:`legal_actions` for ``player`` (a bot's
        choice in a simulation or search; a parameterised one with its amount chosen within the bounds), so the
        check is skipped — it cost a scan of the legal list per move, a large share of a simulation. Never pass it
        for input from outside (a client, a typed move, a record): the result of an illegal action applied this
        way is undefined. ``player`` None: the single actor.
        """
        if trusted:
            return self._apply_action(action, self.actors()[0] if player is None else player)
        if self.is_terminal():
            raise IllegalAction(N_("The game is over."))
        if self.is_chance():
            raise IllegalAction(N_("The dice must be thrown first."))
        actors = self.actors()
        if player is None:
            if len(actors) != 1:
                raise IllegalAction(N_("Several players may act now; say which one."))
            player = actors[0]
        if player not in actors:
            raise IllegalAction(N_("It is not your turn."))
        if is_parameterised(action):
            raise IllegalAction(N_("Choose an amount for this move."))
        if not self.is_legal(action, player):
            self.explain_illegal(action, player)
            raise IllegalAction(N_("That move is not allowed now."))
        return self._apply_action(action, player)

    def asked_seat(self, player: int | None) -> int | None:
        """The seat a ``legal_actions(player)`` call is about: ``player`` if he is among the actors, the one actor when
        ``player`` is None; else None (nobody acts, he does not, or several act at once and none was named), for which
        the list is empty. Games whose actors are several at once (sealed stakes, call windows) start with it."""
        actors = self.actors()
        if player is None:
            return actors[0] if len(actors) == 1 else None
        return player if player in actors else None

    def is_legal(self, action: Action, player: int) -> bool:
        """Whether the concrete ``action`` is one of ``player``'s legal actions or within a parameterised one."""
        if is_parameterised(action):
            return False  # a range is a description, never a move
        legal = self.legal_actions(player)
        return action in legal or any(covers(a, action) for a in legal if type(a) is type(action))

    # --- chance ---------------------------------------------------------------------------------------------------
    def chance_outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        """Every outcome of the chance node with its exact probability. Empty at other nodes."""
        return ()

    def _apply_outcome(self, outcome: Outcome) -> State:
        raise NotImplementedError

    def apply_outcome(self, outcome: Outcome) -> State:
        """Return the state after the chance outcome; refuse one that is not an outcome of this node.

        An outcome with probability 0 is accepted: games list such outcomes for events only a person at a real
        table can report (a void throw in scorekeeper mode).
        """
        if not self.is_chance():
            raise IllegalAction(N_("No dice are to be thrown now."))
        if not any(o == outcome for o, _ in self.chance_outcomes()):
            raise IllegalAction(N_("Those dice cannot fall now."))
        return self._apply_outcome(outcome)

    # --- results --------------------------------------------------------------------------------------------------
    @abstractmethod
    def scores(self) -> tuple[float, ...]:
        """The current score of every player (the game's own measure: points, chips, penalty points …)."""

    def winners(self) -> tuple[int, ...]:
        """Winners of a finished game (several for a shared win); empty before the end."""
        return ()

    def returns(self) -> tuple[float, ...]:
        """Share of the win per player at a terminal state (1/k for each of k winners), else zeros."""
        n = self.game.num_players
        w = self.winners()
        if not self.is_terminal() or not w:
            return tuple(0.0 for _ in range(n))
        return tuple((1.0 / len(w)) if p in w else 0.0 for p in range(n))

    # --- information ----------------------------------------------------------------------------------------------
    @abstractmethod
    def view(self, player: int | None) -> JSON:
        """Everything ``player`` may know (``None``: a spectator), as JSON-able data.

        Must contain ``"game"``, ``"to_move"`` and ``"scores"``; must not contain anything hidden from that player.
        """

    def determinize(self, player: int, rng: Any) -> State:
        """A state drawn from what ``player`` cannot tell apart from this one (hidden dice re-drawn).

        Perfect-information games return ``self``. Games with secrets override it; the generic test checks that
        ``view(player)`` is identical for both states, which is what "no leak" means, and search bots (IS-MCTS)
        sample from it.
        """
        return self

    def event_view(self, event: Action | Outcome, player: int | None, seat: int | None) -> EventView:
        """What ``seat`` (``None``: a spectator) is shown of ``event`` applied to this state by ``player`` (``None``
        for a chance outcome).

        The game states it; the server's move list and event stream, the public and per-seat records and the
        terminal only apply the statement. Default: every event is public. Games with secrets override it, and
        the generic check (:func:`wuerfel.engine.testing.check_event_views`) holds the statement to the views: an
        event hidden from a seat must leave that seat's view unable to tell it from the alternatives, and an event
        shown must not tell the seat more than its view does.
        """
        return PUBLIC


@dataclasses.dataclass(frozen=True)
class LengthBound:
    """The longest a game of these rules and seats can last, as its rules state it (:meth:`Game.length_bound`).

    Counted as OpenSpiel counts: ``decisions`` is every single seat's action (its ``max_game_length``),
    ``chance_nodes`` every chance node (its ``max_chance_nodes_in_history``), or None where chance alone may repeat
    without end (a throw-off thrown again while tied: no decision in it, so the decisions stay bounded). Both are true
    bounds, never a guess from play: a research adapter sizes its buffers and horizons by them."""

    decisions: int
    chance_nodes: int | None


class Game(ABC):
    """A game with fixed rules and player count: the factory of states and the codec of its actions."""

    id: ClassVar[str]
    action_classes: ClassVar[tuple[type[Action], ...]] = ()
    outcome_classes: ClassVar[tuple[type[Outcome], ...]] = (Roll,)

    def __init__(self, rules: Any, num_players: int) -> None:
        self.rules = rules
        self.num_players = num_players

    @abstractmethod
    def new_initial_state(self) -> State:
        """The state before the first event."""

    # --- codecs ----------------------------------------------------------------------------------------------
    def action_from_json(self, data: Any) -> Action:
        return from_json_generic(self.action_classes, data, "action")  # type: ignore[no-any-return]

    def outcome_from_json(self, data: Any) -> Outcome:
        try:
            return from_json_generic(self.outcome_classes, data, "outcome")  # type: ignore[no-any-return]
        except IllegalAction as exc:
            raise RecordError(exc.msgid, **exc.params) from exc

    @abstractmethod
    def action_id(self, action: Action) -> int:
        """A stable non-negative integer for ``action``: stable across versions for the same rules."""

    @abstractmethod
    def action_from_id(self, action_id: int) -> Action:
        """Inverse of :meth:`action_id`."""

    def action_universe(self) -> Sequence[Action] | None:
        """Every concrete action these rules and seats can ever offer, amounts expanded up to the rules' declared
        maximum (a stake of 1 to ``max_stake``), or None where the game declares none.

        Why: :meth:`action_id` is stable but sparse and an amount is listed as a range, while research libraries
        (OpenSpiel, PettingZoo, Gymnasium) need a fixed range of concrete moves; :mod:`wuerfel.interop.codec`
        numbers this universe densely. A game whose rules bound no amount returns None (no finite codec)."""
        return None

    def length_bound(self) -> LengthBound | None:
        """The longest game these rules and seats allow, derived from the rules (rounds × boxes × throws per turn ×
        seats, the lot's chance node), or None where the game states none (default).

        Why: a game graph of Kniffel's size is far too large to walk for its longest line (see
        :mod:`wuerfel.interop.length`), but the rules bound it at once. A game declares it only where every line of
        play provably stays within it (a throw-off or a pot that may stay for ever bounds nothing)."""
        return None

    def tensor_layout(self) -> TensorLayout | None:
        """This game's own observation tensor (named fields with shapes, filled from a seat's view only:
        :mod:`wuerfel.engine.layout`), or None (default): the research adapters then build the generic vector of
        :mod:`wuerfel.interop.tensor` from the table components."""
        return None

    def sim_kernel(self, bots: Sequence[Any]) -> Callable[[random.Random], State] | None:
        """The game's own loop for bot-only games with these ``bots`` (one per seat), or None: the generic loop.

        A kernel plays a whole game from the initial state, drawing each chance outcome exactly as the generic loop
        does (:mod:`wuerfel.engine.sampling`, one ``rng.random()`` per chance node) and choosing exactly as the bots
        would, and returns the final state the engine would have reached: the same game, move for move, without the
        engine's state object per step. It exists only where simulations are hot; the game's tests must play it
        against the engine. Default: none."""
        return None

    def rules_json(self) -> JSON:
        """The fully resolved rules as JSON (what a record stores, so replays never depend on preset files)."""
        from wuerfel.engine.rules import options_to_dict

        return options_to_dict(self.rules)
