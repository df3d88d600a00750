"""Verdecktes Würfelpoker's own observation tensor (see :mod:`wuerfel.engine.layout`).

Why a layout of its own: what matters at this table is per seat — what each announced, what stands, who called
"Schwindel!", whose cup was lifted — and the reader's own cup. The generic vector knows only dice and counters.
Everything is read from the seat's view, which holds another seat's dice only once its cup is lifted: the reader's
own cup goes into ``own_cup``, lifted cups into ``lifted``, and a cup still closed shows nothing but that it was
thrown (``thrown``).

A hand (an announcement, what stands) is the rules' hand key — its rank, then the faces that rank it — written
one more than each entry, 0 past its end, in :data:`HAND_WIDTH` numbers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wuerfel.engine.layout import LayoutViolation, TensorField, TensorLayout, face_counts, one_hot
from wuerfel.engine.moves import JSON

if TYPE_CHECKING:
    from wuerfel.engine.game import Game

HAND_WIDTH = 6
"""A hand key's entries at most (the rank and five faces)."""
PHASES = ("lot", "throw", "announce", "challenge", "reveal", "over")


def _hand(out: Any, key: list[int] | None) -> None:
    if key is None:
        return
    if len(key) > HAND_WIDTH:
        raise LayoutViolation(f"a hand of {len(key)} entries, the layout has {HAND_WIDTH}")
    out[: len(key)] = [k + 1 for k in key]


def verdecktes_layout(game: Game) -> TensorLayout:
    """The fields for these seats (every rule set: a hand key never exceeds :data:`HAND_WIDTH`)."""
    n = game.num_players
    fields = (
        TensorField("reader", (n,), "1 for the seat this tensor is for"),
        TensorField("actors", (n,), "1 for each seat that may act now"),
        TensorField("chips", (n,), "each seat's chips"),
        TensorField("pot", (1,), "chips in the pot"),
        TensorField("phase", (len(PHASES),), "one-hot: " + ", ".join(PHASES)),
        TensorField("round", (3,), "the round, the rounds played in all, the Stichrunde (0: none)"),
        TensorField("starter", (n,), "1 for the seat that began the round"),
        TensorField("thrown", (n,), "1 for each seat whose cup holds a throw this round"),
        TensorField("announced", (n, HAND_WIDTH), "each seat's announcement (hand key + 1, 0 past its end)"),
        TensorField("standing", (n, HAND_WIDTH), "what stands for each seat (a caught bluff: the hand thrown)"),
        TensorField("called", (n, n), "[i, j] = 1: seat j called 'Schwindel!' on seat i's announcement"),
        TensorField("passed", (n, n), "[i, j] = 1: seat j let seat i's announcement go"),
        TensorField("lifted", (n, 6), "the dice of each lifted cup, counts per face (closed cups: 0)"),
        TensorField("own_cup", (6,), "the reader's own dice under his cup, counts per face"),
        TensorField("last_call", (3,), "the last call: 1 if any, 1 if the announcement held, chips paid"),
        TensorField("last_call_seats", (2, n), "the last call's caller and announcer, one-hot"),
    )

    def fill(view: JSON, seat: int | None, out: dict[str, Any]) -> None:
        one_hot(out["reader"], seat)
        for actor in view["actors"]:
            one_hot(out["actors"], actor)
        out["chips"][:] = view["scores"][:n]
        out["pot"][0] = view["pot"]
        out["phase"][PHASES.index(view["phase"])] = 1
        out["round"][:] = (view["round"], view["rounds"], view["stichrunde"])
        one_hot(out["starter"], view["starter"])
        for turn in view["turns"]:
            p = turn["player"]
            out["thrown"][p] = turn["entered"]
            _hand(out["announced"][p], turn["announcement"])
            _hand(out["standing"][p], turn["standing"])
            one_hot(out["called"][p], turn["challenger"])
            for q in turn["passed"]:
                one_hot(out["passed"][p], q)
            if "dice" in turn:  # in the view: the reader's own cup, or a lifted one
                face_counts(out["lifted"][p] if turn["revealed"] else out["own_cup"], turn["dice"])
        call = view["last_call"]
        if call is not None:
            out["last_call"][:] = (1, call["held"], call["paid"])
            one_hot(out["last_call_seats"][0], call["challenger"])
            one_hot(out["last_call_seats"][1], call["announcer"])

    return TensorLayout(fields, fill)


__all__ = ["HAND_WIDTH", "PHASES", "verdecktes_layout"]
