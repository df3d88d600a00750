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

from wuerfel.engine import counts
from wuerfel.engine.dice import Dice, sort_dice
from wuerfel.engine.errors import N_, IllegalAction, RecordError

CHANCE = -1
"""Marker returned by :meth:`State.to_move` at a chance node."""
TERMINAL = -2
"""Marker returned by :meth:`State.to_move` when the game is over."""
SIMULTANEOUS = -3
"""Marker returned by :meth:`State.to_move` when several players may act in any order."""

if TYPE_CHECKING:
    import random

    from wuerfel.engine.clocks import Deadline
    from wuerfel.engine.components import Phrase

JSON = dict[str, Any]


@dataclasses.dataclass(frozen=True)
class Action:
    """Base class of all actions: an immutable value with a JSON form.

    Subclasses set ``kind`` (the JSON discriminator, unique within a game) and declare their fields as plain JSON-able
    values (int, str, bool, tuples of those). The default JSON form is ``{"kind": kind, **fields}``.
    """

    kind: ClassVar[str] = "action"

    def to_json(self) -> JSON:
        out: JSON = {"kind": self.kind}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            out[f.name] = list(v) if isinstance(v, tuple) else v.to_json() if isinstance(v, Amount) else v
        return out


@dataclasses.dataclass(frozen=True)
class Amount:
    """The free field of a parameterised legal action: any whole number from ``low`` to ``high`` (both included).

    Its JSON form ``{"min": low, "max": high}`` tells clients the bounds of the number they choose.
    """

    low: int
    high: int

    def __contains__(self, value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and self.low <= value <= self.high

    def to_json(self) -> JSON:
        return {"min": self.low, "max": self.high}


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
class Outcome:
    """Base class of chance outcomes."""

    kind: ClassVar[str] = "outcome"

    def to_json(self) -> JSON:
        out: JSON = {"kind": self.kind}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            out[f.name] = list(v) if isinstance(v, tuple) else v
        return out


@dataclasses.dataclass(frozen=True)
class Roll(Outcome):
    """The standard chance outcome: a multiset of faces (sorted)."""

    kind: ClassVar[str] = "roll"
    dice: Dice

    def __post_init__(self) -> None:
        object.__setattr__(self, "dice", sort_dice(self.dice))


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
    if t in ("Dice", "tuple[int,...]", "tuple[int,...]|None"):
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


class State(ABC):
    """A position of a game. Immutable: every transition returns a new state."""

    game: Game

    # --- node kind -------------------------------------------------------------------------------------------
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

    # --- decisions -------------------------------------------------------------------------------------------
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

    def memo(self, key: str) -> Any:
        """A value cached on this state by :meth:`remember` (None: not yet). A state is immutable, so what is derived
        from it (its legal actions, its scores) may be computed once and kept on it; the cache lives beside the
        dataclass fields, so equality, hashing and the JSON forms never see it, and pickling leaves it out."""
        return self.__dict__.get(key)

    def remember(self, key: str, value: Any) -> Any:
        """Keep ``value`` on this state under ``key`` (a name starting with ``_memo_``) and return it."""
        object.__setattr__(self, key, value)
        return value

    def __getstate__(self) -> Any:
        """Pickled without the cached values (:meth:`remember`): they are rebuilt on demand, and a state sent to
        another process carries only what it is."""
        state = self.__dict__
        if any(k.startswith("_memo_") for k in state):
            state = {k: v for k, v in state.items() if not k.startswith("_memo_")}
        return state

    def deadline(self) -> Deadline | None:
        """The time limit of this decision node, if the rules set one (see :mod:`wuerfel.engine.clocks`).

        ``None`` (the default): no clock. A live table runs the clock and applies the deadline's expiry action for
        every player still to act; everybody else (bots, tests, the terminal) just chooses that action.
        """
        return None

    def explain_illegal(self, action: Action, player: int) -> None:
        """Raise :class:`IllegalAction` with a specific reason if the game can name one; default: do nothing."""
        return None

    def parse_action_text(self, text: str, player: int) -> Action:
        """Read a move typed by a person ("b", "bank", "1 5 5") for ``player``; games that can, override this.

        Front ends try it for input that is not the number of a listed action. The result need not be legal: the
        caller applies it with :meth:`apply_action`, which refuses it with the reason. Default: not understood.
        """
        raise IllegalAction(N_("I did not understand that."))

    # --- chance ----------------------------------------------------------------------------------------------
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

    def dice_to_throw(self) -> int:
        """How many dice the current chance node throws (0 when it is no plain throw); used by manual entry."""
        return 0

    def thrower(self) -> int | None:
        """The seat whose throw the current chance node is (None: nobody's, e.g. a lot; or not a chance node).

        At a real table one phone often enters every throw: front ends name the thrower so that the person typing
        knows whose dice to read, and the lot, which is nobody's throw, is not mistaken for one.
        """
        return None

    def throw_follows(self, after_own_move: bool) -> bool:
        """Is this chance node thrown at once, rather than when its thrower asks for it (taps "Würfeln" at a live
        table, presses Enter in the terminal)? Only asked when :meth:`thrower` names a seat.

        ``after_own_move``: the event just before this node is a move of the thrower himself. The default follows
        the players' habit: a throw right after the thrower's own decision comes at once — the decision already
        said "throw" (he kept dice and throws the rest, chose to throw again, took over a turn) and a second tap
        would only repeat it —, while a throw after somebody else's move, after another throw, or at the start of
        the game starts something and waits for its thrower. Games override it where their own move starts the
        thrower's next turn (one player alone: writing a box, then the next turn's first throw). See
        :func:`wuerfel.engine.throws.waits_for`.
        """
        return after_own_move

    def dice_standing(self) -> Dice:
        """Dice that stay on the table and count together with the throw of the current chance node (kept dice
        before a rethrow); empty when the throw stands alone. A scorekeeper shows them beside the dice to enter, so
        the thrower enters only what fell and sees the whole hand."""
        return ()

    def parse_outcome(self, text: str) -> Outcome:
        """Read an outcome typed by a person ("3 3 3 1 5"); games with special outcomes (a void throw) extend it.

        Raises :class:`IllegalAction` naming what is wrong (count, faces); the state is untouched.
        """
        from wuerfel.engine.dice import parse_dice

        n = self.dice_to_throw()
        if n <= 0:
            raise IllegalAction(N_("No dice are to be thrown now."))
        try:
            dice = parse_dice(text, None)
        except ValueError as exc:
            raise IllegalAction(N_("Please enter {dice}, each showing 1 to 6."), dice=counts.dice(n)) from exc
        if len(dice) != n:
            raise IllegalAction(N_("Please enter exactly {dice}, not {got}."), dice=counts.dice(n), got=len(dice))
        return Roll(dice)

    def describe_outcome(self, outcome: Outcome, lang: str = "de", names: Sequence[str] = ()) -> str:
        """A short human label for a chance outcome of this node ("3 3 1 5 6", "brennt", "Anna beginnt"), in
        ``lang``; ``names`` are the players' names by seat where the front end knows them (empty: it does not).

        Every game has this one signature, so front ends always pass the names and never ask which game accepts
        them. Games with special outcomes (a void throw, a lot) override it; front ends use it to announce throws
        and to label the one-key shortcuts of manual dice entry. Default: the faces of a throw; an outcome that
        names one seat (a single int field ``seat`` or ``player``: who begins, who holds the bank) by that
        player's name when it is known; else the outcome's kind and fields.
        """
        if isinstance(outcome, Roll):
            return " ".join(str(d) for d in outcome.dice)
        fields = dataclasses.fields(outcome)
        if len(fields) == 1 and fields[0].name in ("seat", "player"):
            seat = getattr(outcome, fields[0].name)
            if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
                return names[seat]
        return " ".join([outcome.kind, *(str(getattr(outcome, f.name)) for f in fields)])

    # --- results ---------------------------------------------------------------------------------------------
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

    def lower_is_better(self) -> bool:
        """The score direction: True where the lowest score is the best (Zehntausend rückwärts, penalty points).

        Front ends sort standings and the generic ranking orders seats by it; nobody reads it out of a view.
        """
        return False

    def ranking(self) -> tuple[tuple[int, ...], ...]:
        """Seats from best to worst at a terminal state, tied seats grouped: ``((2,), (0, 3), (1,))``.

        Default: the winners first, then the others by :meth:`scores` in the game's direction. Games whose order
        is not the score's (finishing order, a throw-off among tied seats) override it. Empty before the end.
        """
        if not self.is_terminal():
            return ()
        won = set(self.winners())
        scores = self.scores()
        sign = 1.0 if self.lower_is_better() else -1.0
        rest = sorted((p for p in range(self.game.num_players) if p not in won), key=lambda p: sign * scores[p])
        groups: list[tuple[int, ...]] = [tuple(sorted(won))] if won else []
        for p in rest:
            if groups and groups[-1] and groups[-1][0] not in won and scores[groups[-1][0]] == scores[p]:
                groups[-1] = (*groups[-1], p)
            else:
                groups.append((p,))
        return tuple(groups)

    def losers(self) -> tuple[int, ...]:
        """The loser(s) of a finished game (Hasard G8: the one who pays the round), empty where a game has none or
        before the end. Default: nobody; games with a loser say so."""
        return ()

    def payoffs(self) -> tuple[int, ...] | None:
        """Net chips won (+) or lost (−) per seat over the game so far, or None for a game without chips.

        The sum over the seats is zero unless a bank or pot outside the seats holds the difference (the game says
        so in its components); the conformance suite checks conservation where the game declares chips.
        """
        return None

    # --- exact solving ---------------------------------------------------------------------------------------
    display_fields: ClassVar[tuple[str, ...]] = ()
    """Names of dataclass fields that are only shown and never read by a rule or a result (the last throw, whose
    throw it was): the default :meth:`solver_key` leaves them out. Declaring one that a rule reads breaks the key's
    contract below; a field a result reads but the rules do not (a tally for the loser) is no display field."""

    def solver_key(self) -> Hashable:
        """What the generic exact solver (:mod:`wuerfel.solvers.exact`) needs to tell this state from others.

        Default: the state itself, which is right for every game whose states are hashable values and whose
        reachable positions are finitely many. A game overrides it when its state carries more than the result
        depends on — a pot that only grows while no result reads it, which digits are struck where only their
        number matters, a history kept for display, a count of replays — so that an infinite or needlessly large
        state space becomes a small one. The solver solves the game over keys, so the contract is a *lumping*:

        if two reachable states have equal keys, then

        1. ``to_move()`` is the same (and ``actors()``);
        2. at a decision node the legal actions have the same ids, and each action leads to successors with equal
           keys;
        3. at a chance node each successor key is reached with the same total probability (the outcomes leading
           there may differ: a face relabelled);
        4. at a terminal node ``winners()`` and ``losers()`` are the same, and ``scores()`` too when the solver's
           objective reads them (``solo``).

        Seats are never relabelled: a key that merged two states differing by a rotation of seats would break 4.
        The solver checks 1 wherever it meets a second state of a known key, and refuses a key that is not
        hashable. The key must be cheap: it is computed for every edge of the game graph.

        The default is the state itself, or, for a dataclass state that names :attr:`display_fields`, its class and
        the values of all other fields — so a game whose only surplus is what it shows needs one line, not a method.
        """
        if not self.display_fields:
            return self
        return (
            type(self),
            *(
                getattr(self, f.name)
                for f in dataclasses.fields(self)  # type: ignore[arg-type]
                if f.name not in self.display_fields
            ),
        )

    # --- information -----------------------------------------------------------------------------------------
    def components(self, player: int | None) -> tuple[Any, ...]:
        """What ``player`` sees on the table, as typed components (:mod:`wuerfel.engine.components`) that the
        generic web table and the generic terminal renderer draw without knowing the game.

        Must show nothing that ``view(player)`` hides. Default: the seats with their scores only.
        """
        from wuerfel.engine.components import SeatLine, Seats

        scores = self.scores()
        actors = set(self.actors())
        return (
            Seats(
                tuple(SeatLine(seat=p, score=scores[p], active=p in actors) for p in range(self.game.num_players)),
                lower_is_better=self.lower_is_better(),
            ),
        )

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

    def describe_action(self, action: Action, lang: str = "de") -> str:
        """A short human label for an action, in ``lang``, as it is taken in this state (the log of a table, a
        replay, the terminal's "→ Anna: …"); games override this for their own actions."""
        return str(action.to_json())

    def announcements(self, event: Action | Outcome, player: int | None, after: State) -> tuple[Phrase, ...]:
        """What ``event`` — applied to this state by ``player`` (None: a chance outcome) and leading to ``after`` —
        brought about beyond itself, as lines for the move list: a round ended and who won it, a throw-off begins
        and why, a Bierdeckel and to whom, who paid whom and how much, a new bank, maker or round begins.

        Why a method of the game: the label of a move says what was done ("stop with 203 points"), never what it
        settled; only the game knows that a throw ended a round. Every front end shows these lines under the event
        (the live move list, the replay, the terminal), so they read the same everywhere. Seats are named by
        :class:`~wuerfel.engine.components.SeatRef`, counts by plural phrases (:mod:`wuerfel.engine.counts`).

        The lines are *public*: every reader who is told of the event reads them, so they may say only what every
        seat's view of ``after`` shows (a stake still sealed, a die under a cup, must not appear;
        ``tests/test_announcements.py`` holds every game to it with ``determinize``). Default: nothing to say."""
        return ()

    def describe_offer(self, action: Action, lang: str = "de") -> str:
        """The label of a legal action *offered* to the player who may take it (a button, a menu, a hint): the
        label of :meth:`describe_action` unless a game overrides this.

        Why two: the label of a move as it happened may say what the move uncovers — Verdecktes Würfelpoker's
        "Schwindel! — der Becher zeigt …" — which the player must not read before choosing it. Every menu reads
        this one, every log the other."""
        return self.describe_action(action, lang)


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
