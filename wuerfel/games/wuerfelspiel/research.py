"""What the research adapters ask of the Würfelspiel family (Kniffel, Yahtzee, the 3-column Würfelspiel) beyond the
engine API: its length bound (:meth:`Game.length_bound`) and its own observation tensor (:meth:`Game.tensor_layout`,
:mod:`wuerfel.engine.layout`). Kept apart from the state module, which is long enough.

Why a layout of its own: the sheet is the whole game, and as seats × columns × boxes it is one array an agent can
convolve or flatten, where the generic vector spreads it over named slots beside many it never uses. Everything
here is read from the seat's view (the game is of perfect information: every seat sees the same table, only the
``reader`` field differs).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wuerfel.engine.dice import sort_dice
from wuerfel.engine.game import LengthBound
from wuerfel.engine.layout import TensorField, TensorLayout, face_counts, one_hot
from wuerfel.engine.moves import JSON

if TYPE_CHECKING:
    from wuerfel.games.wuerfelspiel.state import WuerfelspielGame


def length_bound(game: WuerfelspielGame) -> LengthBound:
    """Every seat fills ``columns × boxes`` boxes, one a turn; a turn is at most ``rerolls`` keeps and the entry
    (``rerolls + 1`` decisions) after as many throws. No lot, no throw-off: a tie stays a tie. The bound is reached by
    a player who keeps and throws again while he may."""
    r = game.rules
    turns = game.num_players * r.columns * len(r.boxes)
    return LengthBound(decisions=turns * (r.rerolls + 1), chance_nodes=turns * (r.rerolls + 1))


def tensor_layout(game: WuerfelspielGame) -> TensorLayout:
    """The fields for these rules and seats; the boxes in the rules' order, the columns in the sheet's."""
    rules = game.rules
    n, columns, boxes = game.num_players, rules.columns, tuple(rules.boxes)
    fields = (
        TensorField("reader", (n,), "1 for the seat this tensor is for"),
        TensorField("to_move", (n,), "1 for the seat to move (none at the end)"),
        TensorField("dice", (6,), "the dice of the turn's last throw, as counts per face 1..6"),
        TensorField("kept", (6,), "the dice kept while the others are thrown again, counts per face"),
        TensorField("throws", (2,), "throws made in this turn, re-throws left"),
        TensorField("filled", (n, columns, len(boxes)), "1 where a box is written (0 points included)"),
        TensorField("points", (n, columns, len(boxes)), "the points written in each box (0 where empty)"),
        TensorField("extra", (n, columns), "further-Yahtzee bonus points per column"),
        TensorField("total", (n,), "each seat's total (weighted columns, bonuses included)"),
        TensorField("would_score", (len(boxes),), "what the dice showing score in each box, before any joker"),
    )

    def fill(view: JSON, seat: int | None, out: dict[str, Any]) -> None:
        one_hot(out["reader"], seat)
        one_hot(out["to_move"], view["to_move"])
        face_counts(out["dice"], view["dice"])
        face_counts(out["kept"], view["kept"])
        out["throws"][:] = (view["throws"], view["rerolls_left"])
        for p, sheet in enumerate(view["players"]):
            out["total"][p] = sheet["total"]
            for c, column in enumerate(sheet["columns"]):
                out["extra"][p, c] = column["extra"]
                for b, box in enumerate(boxes):
                    value = column["boxes"][box]
                    if value is not None:
                        out["filled"][p, c, b] = 1
                        out["points"][p, c, b] = value
        if view["dice"]:
            scores = game.box_points(sort_dice(view["dice"]))
            out["would_score"][:] = [scores[box] for box in boxes]

    return TensorLayout(fields, fill)


__all__ = ["length_bound", "tensor_layout"]
