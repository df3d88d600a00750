"""Poker-dice hands (spec section A, "Poker dice"): ranking keys, Joker aces, announcements and their names.

Shared by every poker-dice game of Hasard (27 Offenes, 28 Verdecktes, 29 Joker Poker, 30 Al Capone). A hand's key
is a tuple ``(class, ranks…)`` compared lexicographically; faces are the codes 1..6 (Neun … As).

Announcements (game 28) are *prefixes* of keys: the class plus its principal ranks ("Drilling Damen" = ``(3, 4)``),
optionally followed by kickers. A prefix stands for the lowest possible hand that starts with it (spec: "unspecified
kickers count as lowest possible"); :func:`lowest_completion` finds that hand among the hands that can really be
thrown under the rules, so an announcement can never name an impossible hand.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import product
from typing import TYPE_CHECKING

from wuerfel.engine.components import Phrase
from wuerfel.engine.dice import Multiset, roll_distribution, sort_dice
from wuerfel.engine.errors import N_
from wuerfel.engine.pokerdice import face_name, face_plural
from wuerfel.engine.rules import opt

if TYPE_CHECKING:
    from wuerfel.engine.odds import ThrowOdds

Key = tuple[int, ...]

NICHTS, PAAR, ZWEI_PAARE, DRILLING, QUINT, FULL_HOUSE, VIERLING, FUENFLING = range(8)

PRINCIPAL_LENGTH = {NICHTS: 0, PAAR: 1, ZWEI_PAARE: 2, DRILLING: 1, QUINT: 1, FULL_HOUSE: 2, VIERLING: 1, FUENFLING: 1}
"""How many ranks after the class name the hand ("Zwei Paare Asse und Könige" = 2); the rest are kickers."""


JOKER = 6
"""The As, the joker of Joker Poker (29)."""


def _natural_key(dice: Multiset, quint: bool) -> Key:
    c = Counter(dice)
    groups = sorted(c.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)  # by count, then rank
    shape = tuple(n for _, n in groups)
    ranks = tuple(f for f, _ in groups)
    if shape == (5,):
        return (FUENFLING, ranks[0])
    if shape == (4, 1):
        return (VIERLING, ranks[0], ranks[1])
    if shape == (3, 2):
        return (FULL_HOUSE, ranks[0], ranks[1])
    if shape == (3, 1, 1):
        return (DRILLING, ranks[0], *sorted(ranks[1:], reverse=True))
    if shape == (2, 2, 1):
        return (ZWEI_PAARE, max(ranks[:2]), min(ranks[:2]), ranks[2])
    if shape == (2, 1, 1, 1):
        return (PAAR, ranks[0], *sorted(ranks[1:], reverse=True))
    desc = tuple(sorted(dice, reverse=True))
    if quint and desc[0] - desc[4] == 4:
        return (QUINT, desc[0])
    return (NICHTS, *desc)


@cache
def hand_key(dice: Multiset, quint: bool = False, joker: bool = False) -> Key:
    """The ranking key of five poker dice. With ``joker`` every As may stand for any value (the best is taken)."""
    dice = sort_dice(dice)
    if not joker or JOKER not in dice:
        return _natural_key(dice, quint)
    rest = tuple(f for f in dice if f != JOKER)
    n = len(dice) - len(rest)
    return max(_natural_key(sort_dice(rest + sub), quint) for sub in product(range(1, 7), repeat=n))


@dataclasses.dataclass(frozen=True)
class PokerRules:
    """The shared poker rules block of the poker-dice games (27 Offenes, 28 Verdecktes, 30 Al Capone): whether the
    Quint counts (spec A, "only if agreed") and Joker Poker (29, every As wild).

    A game's rules dataclass inherits it (``class AlCaponeRules(PokerRules): ...``), so the option names, their
    German/English texts and labels (:data:`POKER_OPTION_NAMES`), the hand key under these rules
    (:meth:`hand_key`) and the odds of one throw (:meth:`throw_odds`, behind ``wuerfel odds``) are written once and
    mean the same in every game. The TOML keys stay ``quint`` and ``joker`` (the names Verdecktes Würfelpoker has
    always used), so existing rule files, presets and records load unchanged. The two options are independent
    (wild aces may complete a Quint when it counts, spec 29), so the block needs no cross-option check; a game's
    ``validate()`` checks only its own options.
    """

    quint: bool = opt(
        False,
        de="Quint (Straße) gilt: über dem Drilling, unter dem Full House",
        en="Quint (straight) counts: above three of a kind, below full house",
    )
    joker: bool = opt(
        False,
        de="Joker Poker (29): jedes As darf für jeden anderen Wert gelten",
        en="Joker Poker (29): every Ace may stand for any other value",
    )

    def hand_key(self, dice: Multiset) -> Key:
        """The ranking key of five poker dice under these rules (see :func:`hand_key`)."""
        return hand_key(dice, self.quint, self.joker)

    def hand_distribution(self) -> tuple[tuple[Key, Fraction], ...]:
        """Every hand key of one throw under these rules with its exact probability, ascending."""
        return hand_distribution(self.quint, self.joker)

    def throw_odds(self) -> ThrowOdds:
        """One throw of five poker dice by hand class under these rules: a game's ``GameInfo.odds`` hook is
        ``lambda rules: rules.throw_odds()``."""
        from wuerfel.games.hasard.poker_odds import poker_throw_odds

        return poker_throw_odds(self.quint, self.joker)


POKER_OPTION_NAMES: dict[str, tuple[str, str]] = {
    "quint": ("Mit Quint (Straße)", "With Quint (straight)"),
    "joker": ("Joker Poker (Asse als Joker)", "Joker Poker (aces wild)"),
}
"""The human names (German, English) of the block's options, for a game's ``label_options`` call:
``label_options(MyRules, {**POKER_OPTION_NAMES, "ante": (...), ...})``."""


@cache
def hand_distribution(quint: bool, joker: bool) -> tuple[tuple[Key, Fraction], ...]:
    """Every hand key that five dice can make under the rules, ascending, with its exact probability."""
    acc: dict[Key, Fraction] = {}
    for d, p in roll_distribution(5):
        k = hand_key(d, quint, joker)
        acc[k] = acc.get(k, Fraction(0)) + p
    return tuple(sorted(acc.items()))


@cache
def possible_keys(quint: bool, joker: bool) -> tuple[Key, ...]:
    return tuple(k for k, _ in hand_distribution(quint, joker))


@cache
def announcements(quint: bool, joker: bool) -> tuple[Key, ...]:
    """Every legal announcement: each possible hand, and each prefix of one down to class + principal ranks."""
    out: set[Key] = set()
    for k in possible_keys(quint, joker):
        for cut in range(1 + PRINCIPAL_LENGTH[k[0]], len(k) + 1):
            out.add(k[:cut])
    return tuple(sorted(out))


@cache
def lowest_completion(announcement: Key, quint: bool, joker: bool) -> Key:
    """The lowest possible hand an announcement stands for (unspecified kickers as low as possible)."""
    n = len(announcement)
    for k in possible_keys(quint, joker):
        if k[:n] == announcement:
            return k
    raise ValueError(f"no hand matches the announcement {announcement}")


def matches(actual: Key, announcement: Key, quint: bool, joker: bool, exact: bool) -> bool:
    """Did the thrown hand live up to the announcement? (spec 28: at least as high; option: exactly as announced)."""
    if exact:
        return actual[: len(announcement)] == announcement
    return actual >= lowest_completion(announcement, quint, joker)


@cache
def cdf_below(quint: bool, joker: bool) -> dict[Key, Fraction]:
    """P(a random hand is strictly lower than key), for every possible key."""
    out: dict[Key, Fraction] = {}
    acc = Fraction(0)
    for k, p in hand_distribution(quint, joker):
        out[k] = acc
        acc += p
    return out


def describe_key(key: Key, lang: str = "de") -> str:
    """A hand or announcement as players say it: "Drilling Damen", "Zwei Paare Asse und Könige, Neun"."""
    en = lang == "en"
    cls = key[0]
    principal = PRINCIPAL_LENGTH[cls]
    main = key[1 : 1 + principal]
    kick = key[1 + principal :]
    pl = [face_plural(r, lang) for r in main]
    if cls == NICHTS:
        head = "Nothing" if en else "Nichts"
    elif cls == PAAR:
        head = f"Pair of {pl[0]}" if en else f"Ein Paar {pl[0]}"
    elif cls == ZWEI_PAARE:
        head = f"Two pairs, {pl[0]} and {pl[1]}" if en else f"Zwei Paare {pl[0]} und {pl[1]}"
    elif cls == DRILLING:
        head = f"Three {pl[0]}" if en else f"Drilling {pl[0]}"
    elif cls == QUINT:
        high = main[0] == 6
        head = ("high Quint" if high else "low Quint") if en else ("höhere Quint" if high else "niedrigere Quint")
    elif cls == FULL_HOUSE:
        head = f"Full house, {pl[0]} over {pl[1]}" if en else f"Full House {pl[0]} über {pl[1]}"
    elif cls == VIERLING:
        head = f"Four {pl[0]}" if en else f"Vierling {pl[0]}"
    else:
        head = f"Five {pl[0]}" if en else f"Fünfling {pl[0]}"
    if kick:
        head += ", " + " ".join(face_name(r, lang) for r in kick)
    return head


_HEADS = {
    NICHTS: N_("Nothing"),
    PAAR: N_("Pair of {a}"),
    ZWEI_PAARE: N_("Two pairs, {a} and {b}"),
    DRILLING: N_("Three {a}"),
    FULL_HOUSE: N_("Full house, {a} over {b}"),
    VIERLING: N_("Four {a}"),
    FUENFLING: N_("Five {a}"),
}
_PLURALS = (N_("nines"), N_("tens"), N_("jacks"), N_("queens"), N_("kings"), N_("aces"))
_FACES = (N_("Nine"), N_("Ten"), N_("Jack"), N_("Queen"), N_("King"), N_("Ace"))
_WITH_KICKERS = (
    N_("{hand}, {k1}"),
    N_("{hand}, {k1} {k2}"),
    N_("{hand}, {k1} {k2} {k3}"),
    N_("{hand}, {k1} {k2} {k3} {k4}"),
    N_("{hand}, {k1} {k2} {k3} {k4} {k5}"),
)


_CLASSES = (
    N_("Nothing"),
    N_("One pair"),
    N_("Two pairs"),
    N_("Three alike"),
    N_("Quint (straight)"),
    N_("Full house"),
    N_("Four alike"),
    N_("Five alike"),
)
_KICKERS = (
    N_("{k1}"),
    N_("{k1} {k2}"),
    N_("{k1} {k2} {k3}"),
    N_("{k1} {k2} {k3} {k4}"),
    N_("{k1} {k2} {k3} {k4} {k5}"),
)


def class_phrase(cls: int) -> Phrase:
    """A hand class by its name ("Drilling"): the first step of choosing an announcement."""
    return Phrase(_CLASSES[cls])


def principal(key: Key) -> Key:
    """The class and principal ranks of a key ("Drilling Damen"), without its kickers."""
    return key[: 1 + PRINCIPAL_LENGTH[key[0]]]


def kickers_phrase(key: Key) -> Phrase | None:
    """A key's kickers by their faces ("As Neun"), None without kickers."""
    kick = key[1 + PRINCIPAL_LENGTH[key[0]] :]
    if not kick:
        return None
    return Phrase(_KICKERS[len(kick) - 1], {f"k{i + 1}": Phrase(_FACES[r - 1]) for i, r in enumerate(kick)})


def key_phrase(key: Key) -> Phrase:
    """A hand or announcement as a translatable phrase ("Drilling Damen, As Neun"), for table components: the
    front ends show it in the reader's language without knowing poker (the web table used to rebuild these names
    in JavaScript)."""
    cls = key[0]
    principal = PRINCIPAL_LENGTH[cls]
    main = key[1 : 1 + principal]
    kick = key[1 + principal :]
    if cls == QUINT:
        head = Phrase(N_("high Quint") if main[0] == 6 else N_("low Quint"))
    else:
        head = Phrase(_HEADS[cls], {k: Phrase(_PLURALS[r - 1]) for k, r in zip(("a", "b"), main, strict=False)})
    if not kick:
        return head
    params: dict[str, object] = {"hand": head}
    params.update({f"k{i + 1}": Phrase(_FACES[r - 1]) for i, r in enumerate(kick)})
    return Phrase(_WITH_KICKERS[len(kick) - 1], params)
