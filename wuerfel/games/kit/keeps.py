"""The keep-and-rethrow turn: a player throws his dice, leaves some standing and throws the others again, up to a
throw limit (spec A "Keep semantics", "Keep ranges", "Throw-limit inheritance").

Written once for every game with such turns (Escalero, the Würfelspiel and Kniffel, and the keep-and-sheet games of
Hasard: Chicago, Sequenzen, Dreimal Pasch, Ohio, …), so that the same words mean the same thing everywhere:

* :class:`Keep` — the one action "leave these dice standing, throw the others" (a sorted multiset; JSON
  ``{"kind": "keep", "dice": [...]}``, as Escalero and the Würfelspiel have always written it);
* :class:`KeepRules` — which keeps a throw allows: ``min_keep``..``max_keep`` dice standing (the same option names
  in every game), keeping none where a game allows a fresh throw of all dice outside that range (Dreimal Pasch),
  *frozen* keeps (Chicago: a die left standing is never thrown again) or *free* ones (Kniffel: any die may be
  thrown again later), and "keep all" as the stop where a game stops that way;
* :func:`legal_keeps`, :func:`keep_refusal` — the legal keeps of a throw and why a keep is not one;
  :func:`keep_actions` the same as shared :class:`Keep` actions, built once per throw and process;
* :class:`KeepTurn` — the turn itself as a value: dice on the table, dice standing while the others are thrown,
  throws used against the turn's limit, and whether the last throw was a throw of all dice (Escalero's "serviert":
  the hand fell in one throw — the first throw, or a later fresh throw of all five where that is allowed);
* :class:`RoundLimit` — the throw limit of a round: the round's first player may use up to the maximum, the number he
  used is the limit of every later player in that round (Chicago family);
* :func:`keep_id` / :func:`keep_from_id` — one stable numbering of keeps for every game and dice count (all
  multisets of 0, 1, 2, … dice, by size, then lexicographically; the table of n dice is the start of the table of
  n + 1, so a keep has the same number whether a game throws 5 dice or 6) — the order the solvers index keeps by
  (the table itself is ``engine.dice.keep_table``, below both the games and the solvers);
* :func:`parse_keep`, :func:`describe_keep`, :func:`dice_component` — typed entry ("1 5", "A A K stehen lassen",
  "alle"), the label of a keep, and the table's dice with the standing ones marked.

A void throw of real dice (``kit.void``) is no throw here: a game applies it without touching its :class:`KeepTurn`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from typing import ClassVar

from wuerfel.engine import components as cmp
from wuerfel.engine.dice import Multiset, is_sub_multiset, keep_table, sort_dice, sub_multisets
from wuerfel.engine.errors import N_, IllegalAction
from wuerfel.engine.game import Action

# --- the action ---------------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Keep(Action):
    """Leave these dice standing and throw the others again (``dice`` is kept sorted: a multiset)."""

    kind: ClassVar[str] = "keep"
    dice: Multiset

    def __post_init__(self) -> None:
        object.__setattr__(self, "dice", sort_dice(self.dice))


# --- which keeps a throw allows -----------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class KeepRules:
    """What a game allows at a rethrow. ``min_keep``/``max_keep`` count every die left standing (frozen ones
    included), as the games' options of those names do."""

    dice: int = 5
    """Dice of a throw of all dice."""
    min_keep: int = 0
    max_keep: int | None = None
    """None: all dice but one (at least one die is thrown again)."""
    rethrow_all: bool = False
    """Keeping none (a fresh throw of all dice) is allowed also where ``min_keep`` > 0 (Dreimal Pasch: 2–5 or none;
    Sequenzen's variant: all three or exactly one again)."""
    frozen: bool = False
    """Frozen keeps: a die left standing stays for the rest of the turn (Chicago). Free: any die may be thrown again
    at a later rethrow (Kniffel, Escalero)."""
    keep_all_stops: bool = False
    """Keeping every die is a legal keep that ends the turn (a game without a separate stop action); else keeping all
    is no rethrow and not legal (the game's own action — an entry in a box — ends the turn)."""

    @property
    def most(self) -> int:
        return self.dice - 1 if self.max_keep is None else self.max_keep

    def allows_size(self, size: int) -> bool:
        """Whether ``size`` dice may stand at a rethrow (or, with ``keep_all_stops``, all of them at a stop)."""
        if size == self.dice:
            return self.keep_all_stops
        return self.min_keep <= size <= self.most or (size == 0 and self.rethrow_all)

    def validate(self) -> None:
        if not 0 <= self.min_keep <= self.most <= self.dice:
            raise ValueError(f"keep range {self.min_keep}..{self.most} of {self.dice} dice")


def legal_keeps(dice: Multiset, rules: KeepRules, frozen: Multiset = ()) -> tuple[Multiset, ...]:
    """The keeps a throw allows, in the order of :func:`sub_multisets` (sorted tuples). With frozen keeps every keep
    holds the dice already frozen (``frozen``); "keep all" is listed only where it is the stop."""
    return tuple(
        k for k in sub_multisets(dice) if rules.allows_size(len(k)) and (not rules.frozen or is_sub_multiset(frozen, k))
    )


@lru_cache(maxsize=16384)
def keep_actions(dice: Multiset, rules: KeepRules, frozen: Multiset = (), menu: bool = False) -> tuple[Keep, ...]:
    """The legal keeps of the (sorted) throw ``dice`` as :class:`Keep` actions, in the order of
    :func:`legal_keeps` or, with ``menu``, of :func:`menu_order`. Cached: a legal list is asked for at every
    decision, and the same throw comes back again and again (252 throws of five dice), so each tuple of keeps is
    built and sorted once per process and shared by every state that shows it."""
    keeps = legal_keeps(dice, rules, frozen)
    return tuple(Keep(k) for k in (menu_order(keeps) if menu else keeps))


def menu_order(keeps: Iterable[Multiset]) -> list[Multiset]:
    """Keeps as a menu lists them: most dice first, high faces first ("A A A B stehen lassen" before "9 stehen
    lassen")."""
    return sorted(keeps, key=lambda k: (-len(k), [-f for f in reversed(k)]))


KEEP_NOT_THROWN = N_("You can only leave dice standing that you have thrown.")
KEEP_FROZEN = N_("Dice left standing stay for the rest of the turn: keep {frozen} standing.")
KEEP_RANGE = N_("Leave between {lo} and {hi} dice standing.")
KEEP_RANGE_OR_NONE = N_("Leave between {lo} and {hi} dice standing, or throw all again.")
NO_THROWS_LEFT = N_("No throws are left.")

REASONS = ("not_thrown", "frozen", "size")
"""What :func:`keep_refusal` names: a die that was not thrown, a frozen die let go, a number of dice outside the
range (keeping all where that is no stop included)."""


def keep_refusal(
    keep: Multiset, dice: Multiset, rules: KeepRules, frozen: Multiset = ()
) -> tuple[str, IllegalAction] | None:
    """Why ``keep`` is no legal keep of ``dice`` (None: it is): the reason (one of :data:`REASONS`) and the
    refusal in the kit's words; a game with words of its own maps the reason to them."""
    if not is_sub_multiset(keep, dice):
        return "not_thrown", IllegalAction(KEEP_NOT_THROWN)
    if rules.frozen and not is_sub_multiset(frozen, keep):
        return "frozen", IllegalAction(KEEP_FROZEN, frozen=" ".join(map(str, frozen)))
    if not rules.allows_size(len(keep)):
        msgid = KEEP_RANGE_OR_NONE if rules.rethrow_all and rules.min_keep > 0 else KEEP_RANGE
        return "size", IllegalAction(msgid, lo=rules.min_keep, hi=rules.most)
    return None


# --- the turn -----------------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class KeepTurn:
    """One player's keep-and-rethrow turn as a value (hashable, so a solver can walk states that hold it).

    Between throws ``kept`` is None and ``dice`` the dice on the table; after a :class:`Keep` (and before the first
    throw) ``kept`` holds the dice standing and :meth:`to_throw` says how many are thrown.
    """

    limit: int
    """Throws this turn may use (the game's maximum, or the one a :class:`RoundLimit` sets)."""
    n: int = 5
    dice: Multiset = ()
    kept: Multiset | None = ()
    """Standing while the others are thrown (the empty keep before the first throw); None: no throw is due."""
    frozen: Multiset = ()
    """With frozen keeps: the dice that may not be thrown again this turn."""
    throws: int = 0
    fresh: bool = False
    """The last throw was a throw of all ``n`` dice: the turn's first throw, or a later one where keeping none is
    allowed (nothing stood, so the hand fell in one throw — Escalero's "serviert")."""

    # --- questions ------------------------------------------------------------------------------------------------
    @property
    def throwing(self) -> bool:
        """A throw is due (a chance node)."""
        return self.kept is not None

    def to_throw(self) -> int:
        return self.n - len(self.kept) if self.kept is not None else 0

    def standing(self) -> Multiset:
        """The dice left standing while the others are thrown (shown on the table, typed around by a scorekeeper)."""
        return self.kept or ()

    def throws_left(self) -> int:
        return max(0, self.limit - self.throws)

    def may_rethrow(self) -> bool:
        """Another throw is allowed after the dice on the table (a keep is a legal move)."""
        return self.kept is None and self.throws < self.limit

    def legal_keeps(self, rules: KeepRules) -> tuple[Multiset, ...]:
        return legal_keeps(self.dice, rules, self.frozen) if self.may_rethrow() else ()

    def keep_actions(self, rules: KeepRules, menu: bool = False) -> tuple[Keep, ...]:
        """:meth:`legal_keeps` as actions (shared, cached: :func:`keep_actions`)."""
        return keep_actions(self.dice, rules, self.frozen, menu) if self.may_rethrow() else ()

    def refusal(self, keep: Multiset, rules: KeepRules) -> tuple[str, IllegalAction] | None:
        """As :func:`keep_refusal`, and "no_throws" when the limit is reached."""
        if not self.may_rethrow():
            return "no_throws", IllegalAction(NO_THROWS_LEFT)
        return keep_refusal(keep, self.dice, rules, self.frozen)

    # --- moves ----------------------------------------------------------------------------------------------------
    def keep(self, keep: Multiset, rules: KeepRules, checked: bool = True) -> KeepTurn:
        """Leave ``keep`` standing; the rest is thrown next. Raises the refusal of an illegal keep; ``checked=False``
        where the caller knows the keep is legal (a game's ``_apply_action``, whose move the engine checked)."""
        if checked:
            refused = self.refusal(keep, rules)
            if refused is not None:
                raise refused[1]
        keep = tuple(sorted(keep))
        new = object.__new__(KeepTurn)  # _evolve written out: a turn is copied at every keep of every simulation
        d = new.__dict__
        d.update(self.__dict__)
        d["kept"] = keep
        d["frozen"] = keep if rules.frozen else ()
        return new

    def thrown(self, roll: Multiset) -> KeepTurn:
        """The dice just thrown land beside the ones standing; one throw more is used."""
        kept = self.kept
        assert kept is not None and len(roll) == self.n - len(kept), (kept, roll)
        new = object.__new__(KeepTurn)  # _evolve written out: a turn is copied at every throw of every simulation
        d = new.__dict__
        d.update(self.__dict__)
        d["dice"] = tuple(sorted(kept + tuple(roll)))
        d["kept"] = None
        d["throws"] = self.throws + 1
        d["fresh"] = len(roll) == self.n
        return new

    def component(self, face: cmp.Face = "pips", seat: int | None = None) -> cmp.Dice:
        return dice_component(self.dice, self.kept, face=face, seat=seat)


def _evolve(turn: KeepTurn, **changes: object) -> KeepTurn:
    """``dataclasses.replace`` without re-running ``__init__`` (a turn has no checks in it): a turn is copied at
    every throw and keep of every simulated game, and this is several times faster."""
    new = object.__new__(KeepTurn)
    d = new.__dict__
    d.update(turn.__dict__)
    d.update(changes)
    return new


@dataclasses.dataclass(frozen=True)
class RoundLimit:
    """The throw limit of a round where the first player's throws bind the others (spec A "Throw-limit
    inheritance": Chicago, Chicago hoch-tief, Sequenzen, Die böse Sieben). ``inherit = False``: everybody may use the
    maximum (an option of those games)."""

    maximum: int
    inherit: bool = True
    set_by_first: int | None = None
    """The throws the round's first player used; None until his turn is over."""

    def limit(self) -> int:
        """The limit of the player whose turn begins now."""
        return self.set_by_first if self.inherit and self.set_by_first is not None else self.maximum

    def turn_over(self, used: int) -> RoundLimit:
        """A turn of ``used`` throws ended; the first turn of the round sets the limit."""
        return self if self.set_by_first is not None else dataclasses.replace(self, set_by_first=used)

    def new_round(self) -> RoundLimit:
        return dataclasses.replace(self, set_by_first=None)


# --- stable ids ---------------------------------------------------------------------------------------------------


@cache
def _index(n: int, sides: int) -> dict[Multiset, int]:
    return {k: i for i, k in enumerate(keep_table(n, sides))}


def keep_id(dice: Iterable[int], sides: int = 6) -> int:
    """The stable number of a keep (the same for every dice count: tables of more dice only append)."""
    k = sort_dice(dice)
    try:
        return _index(len(k), sides)[k]
    except KeyError:
        raise ValueError(f"not a keep of {sides}-sided dice: {k!r}") from None


def keep_universe(n: int, sides: int = 6) -> tuple[Keep, ...]:
    """Every keep of at most ``n`` dice as an action, in the kit's numbering: a game's action universe."""
    return tuple(Keep(k) for k in keep_table(n, sides))


def keep_from_id(i: int, n: int = 5, sides: int = 6) -> Multiset:
    """The keep of number ``i`` among keeps of at most ``n`` dice (ValueError outside)."""
    table = keep_table(n, sides)
    if not 0 <= i < len(table):
        raise ValueError(f"no keep number {i} for {n} dice")
    return table[i]


# --- people -------------------------------------------------------------------------------------------------------

KEEP_WORDS = frozenset({"stehen", "lassen", "stehenlassen", "behalten", "behalte", "halte", "keep", "hold"})
"""Words around typed dice that say "keep these" ("A A K stehen lassen", "behalte 6 6")."""
SHORT_KEEP_WORDS = frozenset({"k", "b"})
"""Short forms, only in front of plain dice (poker dice have a B: Bube)."""
ALL_AGAIN_WORDS = frozenset({"alle", "all", "neu", "again"})
"""Throw all dice again (the empty keep)."""


def parse_keep(text: str, poker: bool = False) -> Keep | None:
    """A keep as a person types it: dice ("1 5", "15", "A A K"), with keep words around them ("behalte 266",
    "A A stehen lassen", "k 66"), or "alle" for none; None when the text is no keep (a game reads it otherwise).
    Legality is checked when the keep is applied."""
    from wuerfel.engine.dice import parse_dice
    from wuerfel.engine.pokerdice import parse_poker_dice

    words = text.casefold().replace(",", " ").split()
    if not words:
        return None
    if words[0] in ALL_AGAIN_WORDS:
        return Keep(())
    if not poker and words[0] in SHORT_KEEP_WORDS:
        if len(words) == 1:
            return Keep(())  # "k" alone: keep nothing, throw all again
        words = words[1:]
    words = [w for w in words if w not in KEEP_WORDS]
    if not words:
        return None
    try:
        return Keep(parse_poker_dice(" ".join(words)) if poker else parse_dice(" ".join(words)))
    except ValueError:
        return None


KEEP_LABEL = N_("keep {kept}, rethrow {n}")
ALL_AGAIN_LABEL = N_("Throw all dice again")


def describe_keep(keep: Multiset, n: int, lang: str = "de", face: cmp.Face = "pips") -> str:
    """ "A A K stehen lassen, 2 neu werfen" / "Alle Würfel neu werfen" (poker faces by name)."""
    from wuerfel.engine.pokerdice import format_dice
    from wuerfel.i18n import translate

    if not keep:
        return translate(ALL_AGAIN_LABEL, lang)
    kept = format_dice(keep, lang) if face == "poker" else " ".join(map(str, keep))
    return translate(KEEP_LABEL, lang, kept=kept, n=n - len(keep))


def kept_indexes(dice: Sequence[int], kept: Iterable[int]) -> tuple[int, ...]:
    """Which of ``dice`` (as drawn, sorted) are the ``kept`` ones: the first matching die of each."""
    left = list(kept)
    out: list[int] = []
    for i, d in enumerate(dice):
        if d in left:
            left.remove(d)
            out.append(i)
    return tuple(out)


def dice_component(
    dice: Multiset, standing: Multiset | None, face: cmp.Face = "pips", seat: int | None = None
) -> cmp.Dice:
    """The dice of a keep turn on the table: just thrown (``standing`` None), or with the dice left ``standing``
    marked while the others are thrown again."""
    kept = kept_indexes(dice, standing) if standing else ()
    return cmp.Dice(tuple(dice), face=face, kept=kept, thrown=standing is None, seat=seat)
