"""How to play Rock and Roll (Hasard 31), written from its rules: the sheet of colours and faces, the stakes, what the
one poker die pays (the example settled by the game's own :func:`~wuerfel.games.hasard.rock_and_roll.verdict`), how
a bank ends — announced ``notice_throws`` ahead, at most ``max_bank_throws`` — and that every field is fair."""

from __future__ import annotations

from wuerfel.engine import counts
from wuerfel.engine.components import Phrase, Text
from wuerfel.engine.errors import N_
from wuerfel.engine.explain import Section
from wuerfel.games.hasard.explain.common_chips import (
    bank_goes_round,
    bank_pays_anything,
    edge_lines,
    first_bank,
    most_chips_win,
    starting_chips,
)
from wuerfel.games.hasard.rock_and_roll import (
    BUBE,
    COLOUR_NAMES,
    COLOUR_PAYS,
    COLOURS,
    FACE_FIELDS,
    FACE_PAYS,
    FACE_WORDS,
    KOENIG,
    ROT,
    RockAndRollRules,
    bank_edges,
    field_ev,
    verdict,
)


def board_rows() -> Phrase:
    """The book's sheet in words: each colour with its two faces."""
    rows = [
        Phrase(
            N_("{colour} with {a} and {b}"),
            {"colour": Phrase(COLOUR_NAMES[c]), "a": Phrase(FACE_WORDS[a][0]), "b": Phrase(FACE_WORDS[b][0])},
        )
        for c, (a, b) in COLOURS.items()
    ]
    return Phrase(
        N_("The board has three rows, each a colour and its two faces: {first}; {second}; {third}."),
        {"first": rows[0], "second": rows[1], "third": rows[2]},
    )


def explain(rules: RockAndRollRules, players: int) -> tuple[Section, ...]:
    goal = (
        Phrase(
            N_(
                "Dice roulette with one poker die: win chips from the bank by staking on the colour or the "
                "face it will show."
            )
        ),
        starting_chips(rules.starting_chips),
    )
    turn = (
        board_rows(),
        Phrase(
            N_(
                "Before every throw each player except the bank stakes any chips on any fields, at most {max} per "
                "stake, without seeing the others' stakes; several stakes are allowed, and nobody has to stake. "
                "You can never stake more chips than you have."
            ),
            {"max": counts.chips(rules.max_stake)},
        ),
        Phrase(N_("Then the bank throws the poker die once and settles every stake.")),
    )
    # The example, settled by the game's own verdict: 2 chips on Red and 1 on the King; the die shows a King.
    red, king = 2 * verdict(ROT, KOENIG), verdict(KOENIG, KOENIG)
    assert verdict(ROT, BUBE) == 0 and verdict(KOENIG, BUBE) == 0
    scoring: list[Text] = [
        Phrase(
            N_("• The right colour pays 2 to 1: a chip brings back {back}, the stake included."),
            {"back": counts.chips(COLOUR_PAYS)},
        ),
        Phrase(
            N_("• The right face pays 5 to 1: a chip brings back {back}, the stake included."),
            {"back": counts.chips(FACE_PAYS)},
        ),
        Phrase(N_("• Every other stake goes to the bank.")),
    ]
    if all(field_ev(f) == 0 for f in (*COLOURS, *FACE_FIELDS)):
        scoring.append(
            Phrase(
                N_(
                    "Every field is fair: a colour wins one throw in three, a face one in six, so on "
                    "average you get back exactly what you stake."
                )
            )
        )
    scoring.append(
        Phrase(
            N_(
                "Example: you stake 2 chips on Red and 1 chip on the King. The die shows the King, a red "
                "face: Red brings back {red} and the King {king}, +{won} in all. Had it shown the "
                "Jack, the bank would have taken both stakes."
            ),
            {"red": counts.chips(red), "king": counts.chips(king), "won": red + king - 3},
        )
    )
    notice = rules.notice_throws
    end: list[Text] = [
        first_bank(rules.first_bank),
        Phrase(
            "The banker may announce the end of the bank before any throw; it then closes after {n} more throw, "
            "the one about to come included.",
            {"n": notice},
            plural="The banker may announce the end of the bank before any throw; it then closes after {n} more "
            "throws, the one about to come included.",
        ),
        Phrase(
            N_(
                "A bank lasts at most {max}: a banker who has not announced the end when {notice} are left is "
                "taken to have announced it then."
            ),
            {"max": counts.throws(rules.max_bank_throws), "notice": counts.throws(notice)},
        ),
    ]
    if rules.end == "bank":
        end.append(Phrase(N_("Then the bank passes to the left neighbour.")))
        end.append(bank_goes_round(rules.bank_rounds, players))
    else:
        end.append(Phrase(N_("There is only one banker: when that bank closes, the game is over.")))
    end.append(most_chips_win())
    payments = (bank_pays_anything(), *edge_lines(bank_edges(rules)))
    return (
        Section("goal", goal),
        Section("turn", turn),
        Section("scoring", tuple(scoring)),
        Section("end", tuple(end)),
        Section("payments", payments),
    )
