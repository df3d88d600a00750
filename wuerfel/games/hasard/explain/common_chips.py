"""Sentences the chip games of Hasard share in their explanations: the chips everybody starts with, who holds the
bank (or makes) first, how the bank goes round and when the game ends, the bank's exact edge, the pot, antes and
raises, and the poker hands.

Why one module: the bank games (Lustige Sieben, Zehnerspiel, Rock and Roll), the rotating roles (Craps' maker, Va
banque's banker) and the poker games (Würfelpoker, Al Capone, Offenes and Verdecktes Würfelpoker) say these things
alike; written once, a newcomer reads the same words for the same rule in every game, and a house rule (more chips,
a longer bank, a higher maximum) changes the number wherever it is stated. Every sentence is a :class:`Phrase` of the
catalogue ``explain_hasard_b.po``; numbers stay parameters (grouped as the reader writes them), counted words take
their plural forms.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from wuerfel.engine import counts
from wuerfel.engine.components import Phrase, Text
from wuerfel.engine.edges import BankEdge
from wuerfel.engine.errors import N_
from wuerfel.games.kit.hints import loss_params


def times(n: int) -> Phrase:
    """ "twice", "3 times" as a count ("2-mal")."""
    return Phrase("{n} time", {"n": n}, plural="{n} times")


def with_players(n: int) -> Phrase:
    """ "with 3 players" ("bei 3 Spielern": the German dative needs a phrase of its own)."""
    return Phrase("with {n} player", {"n": n}, plural="with {n} players")


def banks(n: int) -> Phrase:
    return Phrase("{n} bank", {"n": n}, plural="{n} banks")


def games(n: int) -> Phrase:
    return Phrase("{n} game", {"n": n}, plural="{n} games")


def starting_chips(n: int) -> Phrase:
    return Phrase(N_("Everybody starts with {chips}."), {"chips": counts.chips(n)})


def most_chips_win() -> Phrase:
    return Phrase(N_("Whoever has the most chips at the end wins; whoever has the fewest loses."))


def first_bank(first: str) -> Phrase:
    """Who holds the bank first: the lot of the ground rules (everybody throws, the highest begins) or seat 1."""
    if first == "lot":
        return Phrase(N_("Who holds the bank first is decided by lot: everybody throws once, the highest throw wins."))
    return Phrase(N_("The player in seat 1 holds the bank first."))


def first_round(start: str) -> Phrase:
    """Who begins the first round of a poker game; later rounds the last round's winner."""
    if start == "lot":
        return Phrase(
            N_(
                "A lot decides who begins the first round; every later round begins with the winner of "
                "the round before."
            )
        )
    return Phrase(
        N_("The player in seat 1 begins the first round; every later round begins with the winner of the round before.")
    )


def bank_goes_round(rounds: int, players: int, per_bank: Text = None) -> Phrase:
    """When a game of rotating banks ends: every player holds the bank ``rounds`` times."""
    total = banks(rounds * players)
    if rounds == 1:
        return Phrase(
            N_("The game ends when every player has held the bank once: {players}, {banks}."),
            {"players": with_players(players), "banks": total},
        )
    return Phrase(
        N_("The game ends when every player has held the bank {times}: {players}, {banks}."),
        {"times": times(rounds), "players": with_players(players), "banks": total},
    )


def bank_pays_anything() -> Phrase:
    return Phrase(
        N_(
            "Every stake is played against the bank: the bank collects what is lost and pays what is won, "
            "even beyond its own chips — its balance may go below zero. The players never pay each other."
        )
    )


def percent(x: Fraction) -> Phrase:
    """A share as "25.0 %" ("25,0 %"): the decimal mark is the catalogue's."""
    return Phrase(N_("{whole}.{decimals} %"), loss_params(float(x) * 100, 1))


def share(x: Fraction) -> Text:
    """An exact share as players can read it: "1/4 (25.0 %)" for a short fraction, the percentage alone for a long
    one (35101/248832 reads as "14.1 %")."""
    x = abs(x)
    if x.denominator <= 100:
        return Phrase(N_("{fraction} ({percent})"), {"fraction": str(x), "percent": percent(x)})
    return percent(x)


def edge_lines(edges: Sequence[BankEdge]) -> list[Text]:
    """The bank's exact edge per kind of field, one bullet each (the game's own :func:`GameInfo.bank_edges`, so the
    text and the rules panels never disagree)."""
    out: list[Text] = [Phrase(N_("On average, of every chip staked:"))]
    for e in edges:
        if e.edge > 0:
            out.append(Phrase(N_("• {field}: the bank keeps {share}"), {"field": e.name, "share": share(e.edge)}))
        elif e.edge < 0:
            out.append(Phrase(N_("• {field}: the players win {share}"), {"field": e.name, "share": share(e.edge)}))
        else:
            out.append(Phrase(N_("• {field}: fair, nobody has an edge"), {"field": e.name}))
    return out


def joined(numbers: Sequence[int]) -> str:
    """ "2, 4, 6, 9, 11" (numbers of a board)."""
    return ", ".join(str(n) for n in numbers)


# --- the pot, antes and raises --------------------------------------------------------------------------------------
def ante(n: int, per: str = "round") -> Phrase:
    """Everybody pays ``n`` into the pot at the start of every round (or game, Offenes Würfelpoker's word)."""
    if per == "game":
        return Phrase(
            N_("At the start of every game everybody pays the minimum stake, {chips}, into the pot."),
            {"chips": counts.chips(n)},
        )
    return Phrase(N_("At the start of every round everybody pays {chips} into the pot."), {"chips": counts.chips(n)})


def raising(maximum: int) -> Phrase:
    """The raise protocol of Hasard 27 (the kit's :class:`~wuerfel.games.kit.betting.Betting`)."""
    return Phrase(
        N_(
            "When you have finished your throws you may raise once: the stake every player must pay into "
            "this pot goes up, to at most {max}. Every other player still in then answers in turn from your "
            "left: call — pay up to the new stake — or pass — leave this pot and lose what they have paid. "
            "Players who have not thrown yet answer blind. When only one player is left, that player takes "
            "the pot at once."
        ),
        {"max": counts.chips(maximum)},
    )


def below_zero() -> Phrase:
    return Phrase(
        N_("Nobody drops out for want of chips: what a player owes the pot is paid even when it takes them below zero.")
    )


def rounds_end(n: int) -> Phrase:
    return Phrase("The game ends after {n} round.", {"n": n}, plural="The game ends after {n} rounds.")


def keep_turn(throws: int, lo: int, hi: int) -> Phrase:
    """A turn of up to ``throws`` throws, leaving ``lo`` to ``hi`` dice standing between them (free keeps)."""
    if throws == 1:
        return Phrase(N_("On your turn you throw the five dice once."))
    if lo == hi:
        keep: Text = counts.dice(lo)
    elif lo == 0:
        keep = Phrase(N_("up to {hi} dice (or none)"), {"hi": hi})
    else:
        keep = Phrase(N_("{lo} to {hi} dice"), {"lo": lo, "hi": hi})
    return Phrase(
        N_(
            "On your turn you have up to {throws} with the five dice: after each throw you may stop, or "
            "leave {keep} standing and throw the others again; a die left standing may be thrown again "
            "later."
        ),
        {"throws": counts.throws(throws), "keep": keep},
    )


# --- poker hands ----------------------------------------------------------------------------------------------------
def poker_dice_faces() -> Phrase:
    return Phrase(N_("Poker dice show Nine, Ten, Jack, Queen, King and Ace, from low to high."))


def hand_order(quint: bool) -> Phrase:
    """The classes of a poker-dice hand from low to high (spec A; the Quint only where agreed)."""
    if quint:
        return Phrase(
            N_(
                "The hands from low to high: nothing, one pair, two pairs, three alike, Quint (five in a "
                "row: Nine to King, or the higher Ten to Ace), full house (three alike and a pair), four "
                "alike, five alike."
            )
        )
    return Phrase(
        N_(
            "The hands from low to high: nothing, one pair, two pairs, three alike, full house (three alike "
            "and a pair), four alike, five alike. Five in a row counts as nothing."
        )
    )


def poker_ties() -> Phrase:
    """How equal classes compare (the book's tie-breaks and the spec's resolutions)."""
    return Phrase(
        N_(
            "The same hand: the higher pair, three or four alike wins; if they are equal, the other dice "
            "decide one by one from the highest. Two pairs: the higher pair, then the lower, then the fifth "
            "die. Full house: the three alike, then the pair. Nothing: die by die from the highest."
        )
    )


def joker(example: Text) -> Phrase:
    return Phrase(
        N_("Joker Poker: every Ace may stand for any other face, and the best hand counts — {example}."),
        {"example": example},
    )


def listed(items: Sequence[Text]) -> Text:
    """Several parts as one text, separated by semicolons (a Phrase of Phrases, each translated on its own)."""
    out: Text = items[0]
    for item in items[1:]:
        out = Phrase(N_("{a}; {b}"), {"a": out, "b": item})
    return out


def throw_chances(quint: bool, joker: bool) -> Phrase:
    """How often one throw of five poker dice makes each hand under these rules (the exact distribution of the
    shared poker block, :func:`~wuerfel.games.hasard.poker.hand_distribution`)."""
    from wuerfel.games.hasard.poker import hand_distribution
    from wuerfel.games.hasard.poker_odds import BOOK_NAMES

    by_class: dict[int, Fraction] = {}
    for key, p in hand_distribution(quint, joker):
        by_class[key[0]] = by_class.get(key[0], Fraction(0)) + p
    parts = [
        Phrase(N_("{hand} {share}"), {"hand": Phrase(BOOK_NAMES[c]), "share": percent(p)})
        for c, p in sorted(by_class.items())
    ]
    return Phrase(N_("One throw of the five dice makes: {chances}."), {"chances": listed(parts)})
