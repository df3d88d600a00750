"""The optional parts of a game state: everything beyond the rules core, each with a default.

A game implements the core (:data:`wuerfel.engine.game.REQUIRED`; ``docs/engine-api.md``) and opts into a part by
overriding its methods; a part it leaves alone behaves as its default says, so every front end, bot and solver may
call every method of every part on every state. :class:`wuerfel.engine.game.State` composes them all.

Why parts and not one flat class: the rules of a game are a dozen methods, and a reader (or a plug-in author) must
see them apart from the texts, the dice keypad, the clocks and the solver's keys; the parts also say which defaults a
game gets for free. They read only the core (declared in :class:`_Core` for the type checker) and the values of
:mod:`wuerfel.engine.moves`, never the state class, so they sit below it in the import graph.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from wuerfel.engine import counts
from wuerfel.engine.dice import Multiset
from wuerfel.engine.errors import N_, IllegalAction
from wuerfel.engine.moves import Action, Deadline, Outcome, Roll

if TYPE_CHECKING:
    from wuerfel.engine.components import Phrase


class _Players(Protocol):
    num_players: int


class _Core:
    """The core methods the parts' defaults read, declared for the type checker only: the state supplies them."""

    if TYPE_CHECKING:
        game: _Players

        def to_move(self) -> int: ...
        def actors(self) -> tuple[int, ...]: ...
        def is_terminal(self) -> bool: ...
        def scores(self) -> tuple[float, ...]: ...
        def winners(self) -> tuple[int, ...]: ...
        def lower_is_better(self) -> bool: ...


class Presentation(_Core):
    """What people read and see of a position: the table's typed components and the labels of moves, offers,
    outcomes and what an event brought about.

    Default: the seats with their scores; a move's JSON as its label; a throw's faces.
    """

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

    def describe_action(self, action: Action, lang: str = "de") -> str:
        """A short human label for an action, in ``lang``, as it is taken in this state (the log of a table, a
        replay, the terminal's "→ Anna: …"); games override this for their own actions."""
        return str(action.to_json())

    def describe_offer(self, action: Action, lang: str = "de") -> str:
        """The label of a legal action *offered* to the player who may take it (a button, a menu, a hint): the
        label of :meth:`describe_action` unless a game overrides this.

        Why two: the label of a move as it happened may say what the move uncovers — Verdecktes Würfelpoker's
        "Schwindel! — der Becher zeigt …" — which the player must not read before choosing it. Every menu reads
        this one, every log the other."""
        return self.describe_action(action, lang)

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

    def announcements(self, event: Action | Outcome, player: int | None, after: Any) -> tuple[Phrase, ...]:
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


class TypedInput(_Core):
    """Moves typed in words (the terminal, the scorekeeper): reading them, the reason an illegal one is refused, and
    a question before a move that may be a slip.

    Default: nothing is understood, no specific reason, no question.
    """

    def parse_action_text(self, text: str, player: int) -> Action:
        """Read a move typed by a person ("b", "bank", "1 5 5") for ``player``; games that can, override this.

        Front ends try it for input that is not the number of a listed action. The result need not be legal: the
        caller applies it with :meth:`apply_action`, which refuses it with the reason. Default: not understood.
        """
        raise IllegalAction(N_("I did not understand that."))

    def explain_illegal(self, action: Action, player: int) -> None:
        """Raise :class:`IllegalAction` with a specific reason if the game can name one; default: do nothing."""
        return None

    def confirm_action(self, action: Action, lang: str = "de") -> str | None:
        """A question to ask before ``action`` typed in words is applied, because it may be a slip ("3 fh" writing a
        0 into the ×3 column), in ``lang``; None: no question. Moves chosen from a menu are never asked about: their
        label was on the screen. Default: None."""
        return None


class ManualDice(_Core):
    """Real dice entered by hand: how many dice the throw has, whose throw it is, whether it follows at once, which
    dice stand beside it, how typed faces become an outcome and an example of them.

    Default: no plain throw (0 dice), nobody's, typed faces read as a :class:`Roll`.
    """

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

    def dice_standing(self) -> Multiset:
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

    def outcome_example(self, lang: str = "de") -> str:
        """A sample of what to type at this chance node where plain faces are not all it takes ("0" for a void
        throw), in ``lang``; empty: front ends show a few faces of the right count. Default: empty."""
        return ""


class Deadlines(_Core):
    """A time limit the rules put on a decision (Verdecktes Würfelpoker's call window).

    Default: no clock.
    """

    def deadline(self) -> Deadline | None:
        """The time limit of this decision node, if the rules set one (see :mod:`wuerfel.engine.clocks`).

        ``None`` (the default): no clock. A live table runs the clock and applies the deadline's expiry action for
        every player still to act; everybody else (bots, tests, the terminal) just chooses that action.
        """
        return None


class Standings(_Core):
    """Results beyond the winners: the score direction, the order of all seats, the losers, chips won and lost.

    Default: higher is better, winners then the others by score, no loser, no chips.
    """

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


class SolverKey(_Core):
    """What the generic exact solver tells states apart by, where the state carries more than its future depends on.

    Default: the state itself (less its :attr:`display_fields`).
    """

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


class Memo(_Core):
    """Values derived from an immutable state, computed once and kept on it out of equality, hashing and pickling.

    Always there; a game only calls it.
    """

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


PARTS: tuple[type[_Core], ...] = (Presentation, TypedInput, ManualDice, Deadlines, Standings, SolverKey, Memo)
"""Every optional part, in the order ``docs/engine-api.md`` describes them."""
