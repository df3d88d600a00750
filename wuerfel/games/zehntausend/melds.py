"""Melds, partitions and legal selections of the Zehntausend family (spec §3.2, §3.3, A-12, R-4, R-7, R-8, R-15).

Everything here is a pure function of ``(rules, dice, open sets, …)`` and cached on exactly those arguments: the
game asks for the legal selections of every throw, bots and solvers ask for all 462 multisets of up to six dice
many times, and the answers never change for one rule set.

The player chooses *dice*, never a partition (A-39): a selection is scored by its best partition, with the
tie-breaks of §3.3 (fewer sets that need proof, then more single 5s that could be turned, then a fixed order).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import Literal

from wuerfel.engine.dice import Multiset, counts, from_counts, sort_dice, sub_multisets
from wuerfel.engine.errors import N_
from wuerfel.games.zehntausend.options import ZehntausendRules, kind_value

MeldKind = Literal["one", "five", "kind", "straight", "pairs", "pyramid", "ext"]
OpenSets = tuple[tuple[int, int, int], ...]
"""Sets open for Ergänzen as ``(face, size, running value)``: the value is what the set has scored so far in this
turn (its n-of-a-kind meld plus every extension), which the next added die doubles ([000] *Ergänzen*)."""
OpenSetsIn = Iterable[Sequence[int]]
"""What the public functions accept: ``(face, size, value)`` triples, or ``(face, size)`` pairs for a set thrown
at once (its value is then :func:`set_value`)."""

_ORDER: dict[str, int] = {"straight": 0, "pyramid": 1, "pairs": 2, "kind": 3, "ext": 4, "one": 5, "five": 6}


@dataclasses.dataclass(frozen=True)
class Meld:
    """One scoring combination inside a selection."""

    kind: MeldKind
    dice: Multiset
    """Sorted faces this meld uses (for ``ext``: only the added dice)."""
    points: int
    face: int = 0
    """``kind``/``ext``: the face of the set."""
    size: int = 0
    """``ext``: size m of the open set before this extension."""
    base: int = 0
    """``ext``: running value of the open set before this extension (the set is worth ``base + points`` after)."""

    def sort_key(self) -> tuple[int, int, int, Multiset, int, int]:
        return (_ORDER[self.kind], -self.points, self.face, self.dice, self.size, self.base)

    @property
    def proving(self) -> bool:
        """A 1 or 5 scored outside an n-of-a-kind proves pending sets (R-5); set dice and extensions do not."""
        if self.kind in ("one", "five"):
            return True
        return self.kind in ("straight", "pairs", "pyramid") and (1 in self.dice or 5 in self.dice)

    def to_json(self) -> dict[str, object]:
        return {"name": self.kind, "dice": list(self.dice), "points": self.points}


@dataclasses.dataclass(frozen=True)
class Selection:
    """Dice set aside from one throw, scored by their best partition."""

    dice: Multiset
    points: int
    melds: tuple[Meld, ...]
    five_pairs: int = 0
    """k_max: pairs of FIVE melds that may be turned into a 1 (0 unless ``selection.five_pair_to_one``)."""

    @property
    def has_set(self) -> bool:
        """Contains an n-of-a-kind or an extension: makes proof pending and opens sets for extension."""
        return any(m.kind in ("kind", "ext") for m in self.melds)

    @property
    def proving(self) -> bool:
        """Contains a proving die (R-5)."""
        return any(m.proving for m in self.melds)

    @property
    def opened(self) -> OpenSets:
        """(face, size, running value) of the sets this selection leaves open for the next throw (R-7); the game
        uses them only with ``extension.enabled``. Singles never open a set. An extended set carries everything it
        has scored, so the next added die doubles that and not what a table says a set of its size is worth."""
        out = [(m.face, len(m.dice), m.points) for m in self.melds if m.kind == "kind"]
        out += [(m.face, m.size + len(m.dice), m.base + m.points) for m in self.melds if m.kind == "ext"]
        return tuple(sorted(out))

    def to_json(self) -> dict[str, object]:
        return {"dice": list(self.dice), "points": self.points, "melds": [m.to_json() for m in self.melds]}


# --------------------------------------------------------------------------------------------------------------
# Meld catalogue per rule set


@dataclasses.dataclass(frozen=True)
class _Catalogue:
    one: int
    five: int
    kv: tuple[tuple[int, ...], ...]  # kv[face][k] for k = 0..6 (0 = not a meld)
    straights: tuple[tuple[tuple[int, ...], int], ...]  # (count vector, value)
    pairs_value: int
    pairs_distinct: bool
    pyramid_value: int
    pyramid_shape: str
    extension: bool
    ext_value: str
    companion_faces: frozenset[int]
    companion_sizes: frozenset[int]
    companion_throw: bool
    five_pair_to_one: bool


@lru_cache(maxsize=256)
def _catalogue(rules: ZehntausendRules) -> _Catalogue:
    s = rules.scoring
    kv = tuple(tuple(kind_value(rules, f, k) if f else 0 for k in range(7)) for f in range(7))
    straights = tuple((counts(st.faces), st.value) for st in s.straights if st.value > 0 and len(st.faces) <= 6)
    return _Catalogue(
        one=s.one,
        five=s.five,
        kv=kv,
        straights=straights,
        pairs_value=s.three_pairs.value,
        pairs_distinct=s.three_pairs.distinct,
        pyramid_value=s.pyramid.value,
        pyramid_shape=s.pyramid.shape,
        extension=rules.extension.enabled,
        ext_value=rules.extension.value,
        companion_faces=frozenset(s.kind.companion_faces),
        companion_sizes=frozenset(s.kind.companion_sizes),
        companion_throw=s.kind.companion_scope == "throw",
        five_pair_to_one=rules.selection.five_pair_to_one,
    )


def set_value(rules: ZehntausendRules, face: int, size: int) -> int:
    """The value of an open set given only as ``(face, size)``: a set of that size thrown at once.

    The game never needs this (open sets carry their running value); it is the reading of a bare ``(face, size)``
    for callers such as ``wuerfel score`` tests. Where the kind rule has no value for that size (``triple_only``
    beyond 3, a missing ``explicit`` row) it is the doubling chain from the largest smaller size that has one.
    """
    cat = _catalogue(rules)
    for m0 in range(min(size, 6), 2, -1):
        if cat.kv[face][m0] > 0:
            return cat.kv[face][m0] * 2 ** (size - m0)
    return 0


def ext_value(rules: ZehntausendRules, face: int, k: int, m: int, value: int | None = None) -> int:
    """Value of EXT(f, k, m): k dice of ``face`` added to an open set of size m whose running value is ``value``
    (None: a set of size m thrown at once, :func:`set_value`); 0 = not a meld.

    ``double_per_die`` doubles the running value once per added die, whatever the kind rule says about sets of
    the new size ([000] *Ergänzen*: 5-5-5 = 500, +5 = 1000, +5 = 2000, +5 = 4000); so the total never depends
    on how the added dice are spread over the throws. ``kind_table`` makes the set worth the kind rule's value of
    its new size.
    """
    cat = _catalogue(rules)
    if k < 1 or m < 3:
        return 0
    if cat.ext_value == "double_per_die":
        v = set_value(rules, face, m) if value is None else value
        return max(v, 0) * (2**k - 1)
    if m + k > 6 or cat.kv[face][m] <= 0 or cat.kv[face][m + k] <= 0:
        return 0
    return cat.kv[face][m + k] - cat.kv[face][m]


def _is_pairs(c: tuple[int, ...], distinct: bool) -> bool:
    if sum(c) != 6:
        return False
    if distinct:
        return sorted(c) == [0, 0, 0, 2, 2, 2]
    return all(x % 2 == 0 for x in c)


def _is_pyramid(c: tuple[int, ...], shape: str) -> bool:
    if sum(c) != 6 or sorted(c) != [0, 0, 0, 1, 2, 3]:
        return False
    a, b, z = c.index(1) + 1, c.index(2) + 1, c.index(3) + 1
    if shape == "any_distinct":
        return True
    if shape == "exact_122333":
        return (a, b, z) == (1, 2, 3)
    if shape == "consecutive_ascending":
        return b == a + 1 and z == a + 2
    return (b == a + 1 and z == a + 2) or (b == a - 1 and z == a - 2)


# --------------------------------------------------------------------------------------------------------------
# Partitions


def _canonical(melds: tuple[Meld, ...]) -> tuple[Meld, ...]:
    return tuple(sorted(melds, key=Meld.sort_key))


@lru_cache(maxsize=200_000)
def _raw_partitions(rules: ZehntausendRules, c: tuple[int, ...], open_sets: OpenSets) -> frozenset[tuple[Meld, ...]]:
    """Every exact cover of the count vector ``c`` by melds (no companion check), deduplicated as multisets.

    Recursion covers the lowest remaining face by every meld that contains it (§3.3), memoised on the count
    vector and the open sets still unused.
    """
    if sum(c) == 0:
        return frozenset({()})
    cat = _catalogue(rules)
    out: set[tuple[Meld, ...]] = set()
    dice = from_counts(c)
    if len(dice) == 6:  # six-dice melds cover a whole six-dice selection
        if cat.pairs_value > 0 and _is_pairs(c, cat.pairs_distinct):
            out.add((Meld("pairs", dice, cat.pairs_value),))
        if cat.pyramid_value > 0 and _is_pyramid(c, cat.pyramid_shape):
            out.add((Meld("pyramid", dice, cat.pyramid_value),))
    f = next(i + 1 for i, x in enumerate(c) if x)
    options: list[tuple[Meld, tuple[int, ...], OpenSets]] = []

    def minus(face: int, k: int) -> tuple[int, ...]:
        v = list(c)
        v[face - 1] -= k
        return tuple(v)

    if f == 1 and cat.one > 0:
        options.append((Meld("one", (1,), cat.one), minus(1, 1), open_sets))
    if f == 5 and cat.five > 0:
        options.append((Meld("five", (5,), cat.five), minus(5, 1), open_sets))
    for k in range(3, c[f - 1] + 1):
        if cat.kv[f][k] > 0:
            options.append((Meld("kind", (f,) * k, cat.kv[f][k], face=f), minus(f, k), open_sets))
    for sc, value in cat.straights:
        if sc[f - 1] and all(a >= b for a, b in zip(c, sc, strict=True)):
            rest = tuple(a - b for a, b in zip(c, sc, strict=True))
            options.append((Meld("straight", from_counts(sc), value), rest, open_sets))
    if cat.extension:
        for i, (face, m, base) in enumerate(open_sets):
            if face != f or (i and open_sets[i - 1] == (face, m, base)):
                continue
            rest_open = open_sets[:i] + open_sets[i + 1 :]
            for k in range(1, c[f - 1] + 1):
                v = ext_value(rules, f, k, m, base)
                if v > 0:
                    options.append((Meld("ext", (f,) * k, v, face=f, size=m, base=base), minus(f, k), rest_open))
    for meld, rest, rest_open in options:
        for sub in _raw_partitions(rules, rest, rest_open):
            out.add(_canonical((meld, *sub)))
    return frozenset(out)


def _valid(cat: _Catalogue, part: tuple[Meld, ...], has_companion: bool) -> bool:
    if has_companion or not cat.companion_faces:
        return True
    return not any(
        m.kind == "kind" and m.face in cat.companion_faces and len(m.dice) in cat.companion_sizes for m in part
    )


def _partition_rank(part: tuple[Meld, ...]) -> tuple[object, ...]:
    """Best first: value, then fewer sets (less to prove), then more single 5s (more to turn), then fixed order."""
    value = sum(m.points for m in part)
    sets = sum(1 for m in part if m.kind in ("kind", "ext"))
    fives = sum(1 for m in part if m.kind == "five")
    return (-value, sets, -fives, tuple(m.sort_key() for m in part))


def norm_open(rules: ZehntausendRules, open_sets: OpenSetsIn) -> OpenSets:
    """Open sets as sorted ``(face, size, value)`` triples (a pair gets :func:`set_value`); () without
    ``extension.enabled``."""
    if not rules.extension.enabled:
        return ()
    out = []
    for s in open_sets:
        f, m = int(s[0]), int(s[1])
        out.append((f, m, int(s[2]) if len(s) > 2 else set_value(rules, f, m)))
    return tuple(sorted(out))


def _companion_present(rules: ZehntausendRules, dice: Multiset, throw: Multiset | None) -> bool:
    ref = throw if (rules.scoring.kind.companion_scope == "throw" and throw is not None) else dice
    return 1 in ref or 5 in ref


@lru_cache(maxsize=200_000)
def _valid_partitions(
    rules: ZehntausendRules, dice: Multiset, open_sets: OpenSets, companion: bool
) -> tuple[tuple[Meld, ...], ...]:
    cat = _catalogue(rules)
    parts = [p for p in _raw_partitions(rules, counts(dice), open_sets) if _valid(cat, p, companion)]
    return tuple(sorted(parts, key=_partition_rank))


def all_partitions(
    rules: ZehntausendRules, dice: Multiset, open_sets: OpenSetsIn = (), throw: Multiset | None = None
) -> tuple[tuple[Meld, ...], ...]:
    """Every valid partition of ``dice`` into melds, best first (§3.3). ``throw`` matters only for the companion
    rule with scope "throw" (default: the dice themselves)."""
    dice = sort_dice(dice)
    return _valid_partitions(rules, dice, norm_open(rules, open_sets), _companion_present(rules, dice, throw))


@lru_cache(maxsize=200_000)
def _best(rules: ZehntausendRules, dice: Multiset, open_sets: OpenSets, companion: bool) -> Selection | None:
    parts = _valid_partitions(rules, dice, open_sets, companion)
    if not parts or not dice:
        return None
    best = parts[0]
    fives = sum(1 for m in best if m.kind == "five")
    k_max = fives // 2 if _catalogue(rules).five_pair_to_one else 0
    return Selection(dice=dice, points=sum(m.points for m in best), melds=best, five_pairs=k_max)


def best_partition(
    rules: ZehntausendRules, dice: Multiset, open_sets: OpenSetsIn = (), throw: Multiset | None = None
) -> Selection | None:
    """``dice`` scored by their best valid partition, or None if they are not scorable as a whole."""
    dice = sort_dice(dice)
    return _best(rules, dice, norm_open(rules, open_sets), _companion_present(rules, dice, throw))


# --------------------------------------------------------------------------------------------------------------
# Legal selections


def selection_order(sel: Selection) -> tuple[int, int, Multiset]:
    """Best first: points descending, then more dice, then dice ascending."""
    return (-sel.points, -len(sel.dice), sel.dice)


@lru_cache(maxsize=100_000)
def _legal(rules: ZehntausendRules, throw: Multiset, open_sets: OpenSets, confirm_min: int) -> tuple[Selection, ...]:
    scope_throw = rules.scoring.kind.companion_scope == "throw"
    throw_has = 1 in throw or 5 in throw
    cands: list[Selection] = []
    for sub in sub_multisets(throw):
        if not sub:
            continue
        sel = _best(rules, sub, open_sets, throw_has if scope_throw else (1 in sub or 5 in sub))
        if sel is not None:
            cands.append(sel)
    cands.sort(key=selection_order)
    if rules.selection.rule == "all_scoring" and cands:
        cands = cands[:1]
    if confirm_min > 0:
        cands = [s for s in cands if s.points >= confirm_min]
    return tuple(cands)


def legal_selections(
    rules: ZehntausendRules, throw: Multiset, open_sets: OpenSetsIn = (), confirm_min: int = 0
) -> tuple[Selection, ...]:
    """Every legal selection from ``throw`` (§3.2), best first; the empty tuple is a Niete.

    ``open_sets`` are the sets of the immediately preceding selection (ignored unless ``extension.enabled``);
    ``confirm_min`` > 0 keeps only selections worth at least that (a pending single-throw confirmation);
    ``selection.rule = "all_scoring"`` keeps only S*, the most valuable selection with the most dice.
    """
    return _legal(rules, sort_dice(throw), norm_open(rules, open_sets), int(confirm_min))


def is_niete(rules: ZehntausendRules, throw: Multiset, open_sets: OpenSetsIn = (), confirm_min: int = 0) -> bool:
    return not legal_selections(rules, throw, open_sets, confirm_min)


def instant_win(rules: ZehntausendRules, throw: Multiset) -> bool:
    """R-15: the throw contains at least ``count`` dice of ``face`` (face 0: of any one face)."""
    c = counts(throw)
    for iw in rules.scoring.instant_win:
        have = max(c) if iw.face == 0 else c[iw.face - 1]
        if have >= iw.count:
            return True
    return False


# --------------------------------------------------------------------------------------------------------------
# 5er drehen and the literal Macke model


def turned_selection(
    rules: ZehntausendRules, sel: Selection, k: int, open_sets: OpenSetsIn = (), throw: Multiset | None = None
) -> Selection:
    """``sel`` with ``k`` pairs of its FIVE melds turned into one 1 each (R-8).

    The dice set aside become: ``sel.dice`` minus 2k fives plus k ones, i.e. ``len(sel.dice) - k`` dice stay
    aside and k return to the cup. Without ``converted_one_combines`` each turned pair is a plain ONE meld worth
    the two fives it replaces (value unchanged); with it, the turned 1s may join sets of 1s, extensions and
    straights, and the virtual dice are scored by their best partition (never below the unturned value).
    """
    if not 0 <= k <= sel.five_pairs:
        raise ValueError(f"cannot turn {k} pairs of fives in {sel.dice}")
    if k == 0:
        return sel
    melds = list(sel.melds)
    for _ in range(2 * k):
        melds.remove(next(m for m in melds if m.kind == "five"))
    dice = list(sel.dice)
    for _ in range(2 * k):
        dice.remove(5)
    dice += [1] * k
    plain = Selection(
        dice=sort_dice(dice),
        points=sel.points,
        melds=_canonical((*melds, *(Meld("one", (1,), 2 * rules.scoring.five) for _ in range(k)))),
        five_pairs=sel.five_pairs - k,
    )
    if not rules.selection.converted_one_combines:
        return plain
    rescored = best_partition(rules, plain.dice, open_sets, throw)
    if rescored is None or rescored.points <= plain.points:
        return plain
    return dataclasses.replace(rescored, five_pairs=min(rescored.five_pairs, sel.five_pairs - k))


def throw_value(rules: ZehntausendRules, throw: Multiset, open_sets: OpenSetsIn = ()) -> Selection | None:
    """A whole throw scored in full (``macke_literal``, A-12): its most valuable selection, None = Niete."""
    sels = _legal(rules, sort_dice(throw), norm_open(rules, open_sets), 0)
    return sels[0] if sels else None


def literal_keeps(throw: Multiset) -> tuple[Multiset, ...]:
    """``macke_literal``: the dice a player may set aside after a scored throw — any non-empty choice of its 1s
    and 5s. Empty: the throw scored without a 1 or 5 (a pasch under *Beweisen*); all its dice are thrown again."""
    ones_fives = tuple(d for d in sort_dice(throw) if d in (1, 5))
    return tuple(s for s in sub_multisets(ones_fives) if s)


# --------------------------------------------------------------------------------------------------------------
# Labels


MELD_LABELS: dict[str, str] = {
    "one": N_("single 1"),
    "five": N_("single 5"),
    "kind": N_("{n} of a kind"),
    "straight": N_("straight"),
    "pairs": N_("three pairs"),
    "pyramid": N_("pyramid"),
    "ext": N_("extension of {face}s {before} → {after}"),
}


def meld_label(meld: Meld, tr: Callable[..., str]) -> str:
    """A human name for a meld, via a translator such as :class:`wuerfel.i18n.Translator`. An extension names
    the set's running value before and after, so a player sees the doubling (5er 1000 → 2000) rather than a
    bare difference."""
    return tr(MELD_LABELS[meld.kind], n=len(meld.dice), face=meld.face, before=meld.base, after=meld.base + meld.points)


def clear_caches() -> None:
    """Drop every cached table (for benchmarks that time cold builds)."""
    for fn in (_catalogue, _raw_partitions, _valid_partitions, _best, _legal):
        fn.cache_clear()
