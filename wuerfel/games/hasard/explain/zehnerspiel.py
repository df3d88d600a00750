"""How to play Zehnerspiel (Hasard 19), written from its rules: the one field, the stakes, what the bank's throw of
three dice pays (the example settled by the game's own :func:`~wuerfel.games.hasard.zehnerspiel.verdict`), the
rotation of the bank and its exact edge."""

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
    share,
    starting_chips,
)
from wuerfel.games.hasard.zehnerspiel import ZehnerspielRules, bank_edges, p_under, verdict


def explain(rules: ZehnerspielRules, players: int) -> tuple[Section, ...]:
    m = rules.multiplier
    total = 6**3
    under = int(p_under() * total)  # 81 of the 216 ordered throws
    back = 3 * verdict(2 + 3 + 4, rules)
    assert verdict(4 + 3 + 3, rules) == 0
    goal = (
        Phrase(
            N_(
                "Win chips from the bank. One player holds the bank and throws three dice; the others bet "
                "that their sum stays under 10."
            )
        ),
        starting_chips(rules.starting_chips),
    )
    turn = (
        Phrase(
            N_(
                "Before every throw each player except the bank stakes on “under 10”, at most {max} per stake, "
                "without seeing the others' stakes; several stakes add up, and nobody has to stake. You can never "
                "stake more chips than you have."
            ),
            {"max": counts.chips(rules.max_stake)},
        ),
        Phrase(N_("Then the bank throws the three dice once and settles every stake.")),
    )
    scoring: tuple[Text, ...] = (
        Phrase(
            N_("• 3 to 9: every stake wins; a chip brings back {back}, the stake included."), {"back": counts.chips(m)}
        ),
        Phrase(N_("• 10 to 18: the bank takes every stake — exactly 10 belongs to the bank.")),
        Phrase(
            N_("Of the {total} equally likely throws of three dice, {under} stay under 10: {share}."),
            {"total": total, "under": under, "share": share(p_under())},
        ),
        Phrase(
            N_(
                "Example: you stake 3 chips. The bank throws 2 + 3 + 4 = 9: your chips bring back {back} "
                "(+{won}). Had it thrown 4 + 3 + 3 = 10, the bank would have taken your 3 chips."
            ),
            {"back": counts.chips(back), "won": back - 3},
        ),
    )
    end = (
        first_bank(rules.first_bank),
        Phrase(
            "After {n} throw the bank passes to the left neighbour.",
            {"n": rules.bank_throws},
            plural="After {n} throws the bank passes to the left neighbour.",
        ),
        bank_goes_round(rules.bank_rounds, players),
        most_chips_win(),
    )
    payments = (bank_pays_anything(), *edge_lines(bank_edges(rules)))
    return (
        Section("goal", goal),
        Section("turn", turn),
        Section("scoring", scoring),
        Section("end", end),
        Section("payments", payments),
    )
