"""How to play Craps as the book plays it (Hasard 11), written from its rules: the maker, the number and the stake,
how the opponents cover it (equal shares or bids), the point, the exact chance of every number (the game's own
:func:`~wuerfel.games.hasard.craps_chances.maker_win`), a game played through the game's own state, the rotation of the
maker, even money and the maker's edge."""

from __future__ import annotations

import dataclasses

from wuerfel.engine import counts
from wuerfel.engine.components import Phrase, Text
from wuerfel.engine.errors import N_
from wuerfel.engine.explain import Section
from wuerfel.engine.game import Roll
from wuerfel.games.hasard.craps import CrapsGame, CrapsRules, CrapsState
from wuerfel.games.hasard.craps_chances import NUMBERS, edge, maker_win
from wuerfel.games.hasard.craps_moves import Name
from wuerfel.games.hasard.explain.common_chips import games, share, starting_chips, times, with_players
from wuerfel.games.kit.bank_board import Rotation


def example(rules: CrapsRules) -> tuple[int, int, int, int]:
    """A game with two opponents played through the game's own state: the maker names 12 for 4 chips, throws 6 (the
    point), 9, then 6 again. Returns (his chips won, an opponent's share, an opponent's gain had 12 come first, the
    maker's loss then)."""
    game = CrapsGame(dataclasses.replace(rules, cover="equal", max_stake=0, starting_chips=20, rounds=1), 3)
    start = game.new_initial_state()
    assert isinstance(start, CrapsState)
    named = start.start(Rotation(0, 0, 0)).apply_action(Name(12, 4), 0)
    assert isinstance(named, CrapsState)
    share_ = dict(named.shares)[1]
    won = named.apply_outcome(Roll((3, 3))).apply_outcome(Roll((4, 5))).apply_outcome(Roll((2, 4)))
    lost = named.apply_outcome(Roll((3, 3))).apply_outcome(Roll((6, 6)))
    assert isinstance(won, CrapsState) and isinstance(lost, CrapsState)
    return (won.ledger.players[0] - 20, share_, lost.ledger.players[1] - 20, 20 - lost.ledger.players[0])


def explain(rules: CrapsRules, players: int) -> tuple[Section, ...]:
    goal = (
        Phrase(
            N_(
                "Each game one player is the maker, who names a number from 2 to 12 and stakes chips on it; "
                "the others cover that stake together. Then the maker throws two dice, and the side that is "
                "right wins the other side's chips."
            )
        ),
        starting_chips(rules.starting_chips),
    )
    if rules.first_maker == "lot":
        first = Phrase(N_("A round of throws decides the first maker: whoever throws highest."))
    else:
        first = Phrase(N_("The player in seat 1 is the first maker."))
    if rules.max_stake:
        stake = Phrase(
            N_(
                "The maker names a number from 2 to 12 and a stake: at most the maker's own chips, what "
                "the opponents hold together, and never more than {max}."
            ),
            {"max": counts.chips(rules.max_stake)},
        )
    else:
        stake = Phrase(
            N_(
                "The maker names a number from 2 to 12 and a stake: at most the maker's own chips and what "
                "the opponents hold together."
            )
        )
    if rules.cover == "equal":
        cover = Phrase(
            N_(
                "The opponents cover the stake in equal shares; chips that do not divide are covered one "
                "each by the players clockwise from the maker's left. Whoever has fewer chips than their "
                "share covers all they have, and the others cover the rest."
            )
        )
    else:
        cover = Phrase(
            N_(
                "The opponents bid their shares in turn, starting at the maker's left, until the stake is "
                "covered: each at most their own chips and what is still open, at least what the players "
                "after them cannot cover."
            )
        )
    throws = Phrase(
        N_(
            "Then the maker throws two dice. The named number on the first throw wins at once. Any other "
            "sum is the maker's point: the maker throws on until the point comes again — a win — or the "
            "named number comes — a loss. Every other sum changes nothing."
        )
    )
    turn = (first, stake, cover, throws)
    scoring: list[Text] = [Phrase(N_("How often the maker wins depends on the number named:"))]
    for n in NUMBERS:
        if n < 7:
            scoring.append(Phrase(N_("• {a} or {b}: {share}"), {"a": n, "b": 14 - n, "share": share(maker_win(n))}))
        elif n == 7:
            scoring.append(Phrase(N_("• {a}: {share}"), {"a": n, "share": share(maker_win(n))}))
    scoring.append(
        Phrase(
            N_(
                "The commonest sum, 7, is the worst number to name: once a point is set, the 7 comes "
                "before it more often than any other number would."
            )
        )
    )
    won, part, gain, loss = example(rules)
    scoring.append(
        Phrase(
            N_(
                "Example with two opponents: the maker names 12 and stakes 4 chips, each opponent "
                "covers {share}. The maker throws 3 + 3 = 6, the point, then 9, then 2 + 4 = 6 again: a "
                "win (+{won}, each opponent −{share}). Had 12 come before the second 6, each opponent "
                "would have won {gain} and the maker would have lost {loss}."
            ),
            {"share": part, "won": won, "gain": counts.chips(gain), "loss": counts.chips(loss)},
        )
    )
    total = games(rules.rounds * players)
    if rules.rounds == 1:
        rotation = Phrase(
            N_(
                "Then the player on the maker's left is the next maker. The game ends when every player "
                "has been the maker once: {players}, {games}."
            ),
            {"players": with_players(players), "games": total},
        )
    else:
        rotation = Phrase(
            N_(
                "Then the player on the maker's left is the next maker. The game ends when every player "
                "has been the maker {times}: {players}, {games}."
            ),
            {"times": times(rules.rounds), "players": with_players(players), "games": total},
        )
    end = (
        rotation,
        Phrase(
            N_(
                "A maker who has no chips, or whose opponents have none, is passed over; that counts as the "
                "maker's game."
            )
        ),
        Phrase(N_("Whoever has the most chips at the end wins; equal chips share the place, the fewest chips lose.")),
    )
    payments = (
        Phrase(
            N_(
                "Even money: the maker wins as many chips as were staked, each opponent paying their share, or "
                "loses the stake to them — each opponent gets back twice their share."
            )
        ),
        Phrase(N_("Nobody stakes or covers chips they do not have, so no balance goes below zero.")),
        Phrase(
            N_(
                "The maker's edge, exactly: naming 2 or 12, the maker wins on average {best} of every chip staked; "
                "naming 7, the maker loses {seven}."
            ),
            {"best": share(edge(2)), "seven": share(edge(7))},
        ),
    )
    return (
        Section("goal", goal),
        Section("turn", turn),
        Section("scoring", tuple(scoring)),
        Section("end", end),
        Section("payments", payments),
    )
