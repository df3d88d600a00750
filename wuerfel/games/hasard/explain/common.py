"""What the explanations of the race, round, hand and sheet games of Hasard share: the book's ground rules (who
begins, clockwise, "es brennt"), the throw-off for last place, the loser's round, and small helpers that play a
worked example through the game's own state machinery, so an example's numbers are the game's and never a second
copy of its rules.

Why a module of its own: the ground rules are the same sentence in a dozen games; written once they read the same
everywhere and a change of wording is one change (explain-b's chip games have ``common_chips.py``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any

from wuerfel.engine import counts
from wuerfel.engine.components import Phrase, Text
from wuerfel.engine.errors import N_
from wuerfel.engine.explain import Section
from wuerfel.engine.game import Roll, State
from wuerfel.games.kit.lot import Lot

NAMES = ("Anna", "Ben", "Clara")
"""The players of the worked examples (the same names in both languages)."""

LOT = N_(
    "Who begins is drawn by lot: everybody throws once, and the highest throw begins. Then play goes "
    "clockwise: each player hands the dice to his left neighbour."
)
FIRST_SEAT = N_(
    "The player in seat 1 begins. Then play goes clockwise: each player hands the dice to his left neighbour."
)
VOID = N_(
    "With real dice a throw counts only when every die lies flat on the table: if one stands on its edge, "
    'leans against something or falls off the table, the throw is void ("it burns") and is repeated.'
)
LOSER_ROUND = N_("By old custom the loser pays a round.")
LAST_THROWN_OFF = N_("A tie for last place is thrown off the same way, so that exactly one player loses.")
LAST_SHARED = N_("Players tied for last place share it.")
ALONE = N_("Alone you play for your own best result; nobody wins or loses.")
ROUND = N_("Round {round} of {rounds}")
THROW = N_("Throw {throw} of {throws}")
ROUND_THROW = N_("Round {round} of {rounds}, throw {throw} of {throws}")
ROUND_END_ONE = N_(
    "When everybody has had his turn, the highest total wins. If several share it, only they throw "
    "off: each has one more turn ({turn}) in the usual order, again while they are level. The "
    "throw-off decides only between them and is not added to the totals."
)
ROUND_END = N_(
    "After {rounds} the highest total wins. If several share it, only they throw off: each has one more "
    "turn ({turn}) in the usual order, again while they are level. The throw-off decides only between them "
    "and is not added to the totals."
)


def section(key: str, *paragraphs: Text, title: Text = None) -> Section:
    """A section of the paragraphs that are not None (an option that is off leaves its sentence out)."""
    return Section(key, tuple(p for p in paragraphs if p is not None), title)


def begins(rules: Any) -> Phrase:
    """G3 and G4: the lot (or seat 1 at a table that just sits down), then clockwise."""
    return Phrase(LOT if getattr(rules, "start", "lot") == "lot" else FIRST_SEAT)


def void_throw() -> Phrase:
    """G6: a die that does not lie flat does not count; the throw is repeated (at a table with real dice)."""
    return Phrase(VOID)


def last_place(settle: bool) -> Phrase:
    """A tie for last place: thrown off where the rules name one loser, else shared."""
    return Phrase(LAST_THROWN_OFF if settle else LAST_SHARED)


def loser_round() -> Phrase:
    """G8: "Der Verlierer gibt ein Pfand oder zahlt eine Runde Bier" (games played for no chips)."""
    return Phrase(LOSER_ROUND)


def alone(players: int) -> Phrase | None:
    """A sentence for a game played alone (a practice game), None with others at the table."""
    return Phrase(ALONE) if players == 1 else None


def round_progress(state: Any) -> Phrase | None:
    """Where a round game stands (terminal report M4: "Runde 2 von 3"): the round of all, the throw of a turn of
    several, or the throw-off under way; None before the lot and at the end, or where nothing counts down."""
    if state.phase not in ("throw", "decide"):
        return None
    if state.playoffs:
        return Phrase(N_("Throw-off {k}"), {"k": len(state.playoffs)})
    rounds, per = state.rounds(), state.throws_per_turn()
    params = {"round": state.round_no + 1, "rounds": rounds, "throw": state.throws + 1, "throws": per}
    if rounds > 1 and per > 1:
        return Phrase(ROUND_THROW, params)
    if rounds > 1:
        return Phrase(ROUND, params)
    if per > 1:
        return Phrase(THROW, params)
    return None


def round_end(rounds: int, turn: Phrase) -> Phrase:
    """The end of a round game: the highest total after the agreed rounds, ties thrown off by one more turn each."""
    if rounds == 1:
        return Phrase(ROUND_END_ONE, {"turn": turn})
    return Phrase(ROUND_END, {"rounds": counts.rounds(rounds), "turn": turn})


def keep_range(low: int, high: int) -> Phrase:
    """How many dice may stand at a rethrow, as a reader says it ("2 to 5 dice", "up to 5 dice", "exactly 2 dice")."""
    if low == high:
        return Phrase("exactly {n} die", {"n": high}, plural="exactly {n} dice")
    if low == 0:
        return Phrase("up to {n} die", {"n": high}, plural="up to {n} dice")
    return Phrase(N_("{low} to {high} dice"), {"low": low, "high": high})


def dice_text(dice: Iterable[int], sep: str = "-") -> str:
    """Dice as a reader writes them: "1-2-3"."""
    return sep.join(str(d) for d in dice)


def signed_sum(terms: Sequence[int]) -> str:
    """A sum with its signs as it is read: "5 + 4 − 6" (a true minus sign)."""
    out = str(terms[0])
    for t in terms[1:]:
        out += f" − {-t}" if t < 0 else f" + {t}"
    return out


# --- worked examples played through the game ----------------------------------------------------------------------
def started(make: Any, rules: Any, n: int = 3, start: int = 0) -> Any:
    """A fresh game of ``n`` players whose first throw is seat ``start``'s (the lot applied where the rules draw
    one). Typed ``Any`` as :func:`replaced` is: an example reads the fields of its own game's state (the sheet, the
    pot), which the engine's ``State`` does not have."""
    state: State = make(rules, n).new_initial_state()
    if state.is_chance() and any(isinstance(o, Lot) for o, _ in state.chance_outcomes()):
        state = state.apply_outcome(Lot(start))
    return state


def thrown(state: State, *throws: Sequence[int]) -> Any:
    """The state after these throws, each of the dice the game throws next (``Any``: see :func:`started`)."""
    for dice in throws:
        state = state.apply_outcome(Roll(tuple(dice)))
    return state


def replaced(state: Any, **fields: Any) -> Any:
    """A position put on the table for an example (a frozen state with some fields changed)."""
    return dataclasses.replace(state, **fields)
