"""The audit of issue 14 ("every scoring rule and every example of the seed is a test", "docs/hasard.md lists the
choices made where the book is ambiguous"): numbers of the book (seed 004, Obermair's *Hasard*) and facts of the spec
that were tested only through a scoring helper or not at all, and choices docs/hasard.md states without a test.
Everything is played through the engine: outcomes and actions applied to a real state, the result read from it, so
a test fails when the game (not only a helper) gets a rule wrong. The 32 games: docs/hasard.md, "The 32 games of the
book"."""

from __future__ import annotations

from fractions import Fraction

from tests.hasard.kit_helpers import check_results, new, throw
from wuerfel.engine.clocks import Pass
from wuerfel.engine.game import Roll
from wuerfel.engine.pokerdice import parse_poker_dice as dice
from wuerfel.games.hasard.chicago import HOCH, TIEF, Declare
from wuerfel.games.hasard.escalero import Enter as Write
from wuerfel.games.hasard.escalero_scoring import FIVE_ROW, FIVE_SERVED_ROW, POKER_ROW
from wuerfel.games.hasard.lustige_sieben import LEFT, RIGHT
from wuerfel.games.hasard.ohio import OHIO_ROW, Enter
from wuerfel.games.hasard.poker import DRILLING, NICHTS, PAAR
from wuerfel.games.hasard.verdecktes_moves import Announce, Challenge
from wuerfel.games.hasard.zehnerspiel import FIELD
from wuerfel.games.kit import Keep
from wuerfel.games.kit.bank_board import Done, Stake
from wuerfel.games.kit.hand_round import Stop


def test_pasch_through_the_engine_triple_fourfold_pair_its_face() -> None:
    """ "6-6-6 zählen also 24"; the garbled "3-3 zählen also 5 und 4-4 zählen 3" read as [5-5] = 5, [3-3] = 3
    (spec 17, docs "17 Pasch")."""
    s = throw(new("pasch", 4), (6, 6, 6), (5, 5, 1), (3, 6, 3), (1, 2, 4))
    assert s.is_terminal() and s.totals == (24, 5, 3, 0)
    assert s.winners() == (0,) and s.losers() == (3,)
    check_results(s)
    # the overlay's reading (spec C: pair = pip sum): 5-5 = 10, 3-3 = 6, and the triple stays 4 × face
    s = throw(new("pasch", 3, pair="pips"), (6, 6, 6), (5, 5, 1), (3, 6, 3))
    assert s.totals == (24, 10, 6)


def test_einer_gleich_zwei_ten_throws_through_the_engine() -> None:
    """ "2-3-5" and "1-4-5" count the third die (5 each); the bracket "(4 + 2 = 6)" is 2-4-6 = 6; any other throw
    counts nothing. Ten throws make a turn, then the next player throws."""
    turn = [
        (2, 3, 5),
        (1, 4, 5),
        (2, 4, 6),
        (1, 2, 4),
        (6, 6, 6),
        (3, 3, 6),
        (1, 1, 2),
        (5, 5, 5),
        (1, 5, 6),
        (2, 2, 3),
    ]
    s = new("einer-gleich-zwei", 2)
    for i, d in enumerate(turn):
        assert s.thrower() == 0, i
        s = throw(s, d)
    assert s.thrower() == 1 and s.totals == (5 + 5 + 6 + 0 + 0 + 6 + 2 + 0 + 6 + 0, 0)


def test_blaue_augen_only_even_faces_graue_augen_only_odd_through_the_engine() -> None:
    s = throw(new("blaue-augen", 3), (2, 4, 6), (1, 3, 5), (2, 2, 3))
    assert s.is_terminal() and s.totals == (12, 0, 4) and s.winners() == (0,) and s.losers() == (1,)
    s = throw(new("blaue-augen", 2, faces="odd"), (1, 3, 5), (2, 4, 6))
    assert s.is_terminal() and s.totals == (9, 0)


def test_ohio_the_books_table_max_166_played_through_the_engine() -> None:
    """Max's column of the book's table: six 1s = 6 … six 6s = 36, Ohio 40, Summe 166 — written in any order."""
    s = new("ohio", 1)
    for k in (6, 1, 5, 2, 4, 3):
        s = throw(s, (k,) * 6).apply_action(Enter(k - 1), 0)
    s = throw(s, (3, 1, 6, 2, 5, 4)).apply_action(Enter(OHIO_ROW), 0)
    assert s.is_terminal() and s.sheets[0] == (6, 12, 18, 24, 30, 36, 40) and s.totals() == (166,)


def test_elf_hoch_the_pots_mean_is_twice_the_ante_pot_plus_145() -> None:
    """Spec 10's engine note: the final pot has mean 2·pot₀ + 145 (finite; its variance is not). Exact, from the
    engine's own chance outcomes and what each does to the pot: a throw maps a pot P to α·P + c (11 ends the game,
    12 doubles, 2..10 add 11 − sum), so E[final | P] = a·P + b with a = P(11) / (1 − Σ p·α) and
    b = a·Σ p·c / (1 − P(not 11))."""
    s = new("elf-hoch", 2)
    later = throw(s, (1, 1), (1, 2))  # the pot after two payments: 6 + 9 + 8
    p1, p2 = s.ledger.pot, later.ledger.pot
    assert (p1, p2) == (6, 23) and later.thrower() == s.thrower()
    p_end = sum_pa = sum_pc = p_on = Fraction(0)
    outcomes = dict(later.chance_outcomes())
    for outcome, p in s.chance_outcomes():
        if p == 0:  # the void throw ("es brennt"): never drawn
            continue
        assert outcomes[outcome] == p
        after1, after2 = s.apply_outcome(outcome), later.apply_outcome(outcome)
        if after1.is_terminal():
            assert isinstance(outcome, Roll) and after2.is_terminal() and sum(outcome.dice) == 11
            p_end += p
            continue
        n1, n2 = after1.ledger.pot, after2.ledger.pot
        alpha = Fraction(n2 - n1, p2 - p1)
        c = n1 - alpha * p1
        assert (alpha, c) in {(2, 0)} | {(1, k) for k in range(1, 10)}
        sum_pa += p * alpha
        sum_pc += p * c
        p_on += p
    assert p_end == Fraction(2, 36)
    a = p_end / (1 - sum_pa)
    b = a * sum_pc / (1 - p_on)
    assert (a, b) == (2, 145) and a * p1 + b == 157


def test_escalero_adam_damen_8_and_a_served_fuenfling_in_any_of_its_three_rows_through_the_engine() -> None:
    """ "Neun-Bube-Dame-Dame-As … in die Reihe "Damen" … 8 Punkte (2 x 4)", written by a real turn; and the spec's
    resolution that a served Fünfling may be written as Fünfling serviert (100), Fünfling (50) or Poker (45)."""
    s = new("escalero", 2).apply_outcome(Roll(dice("9 B D D A")))
    assert s.apply_action(Write(3), 0).sheets[0][3] == 8
    s = new("escalero", 2).apply_outcome(Roll(dice("K K K K K")))
    assert s.served()
    written = {row: s.apply_action(Write(row), 0).sheets[0][row] for row in (FIVE_SERVED_ROW, FIVE_ROW, POKER_ROW)}
    assert written == {FIVE_SERVED_ROW: 100, FIVE_ROW: 50, POKER_ROW: 45}


def test_zehnerspiel_the_bank_pays_what_it_owes_and_may_go_negative() -> None:
    """Spec A (bank games): bank balances may go negative; the engine never refuses a forced payment. Seven punters
    at the largest stake and a throw under 10: the bank owes 35 of its 30 chips and pays them all."""
    s = new("zehnerspiel", 8)
    assert s.ledger.players[0] == 30  # seat 0 holds the bank (the lot fell on it)
    for p in range(1, 8):
        s = s.apply_action(Stake(FIELD, 5), p)
    for p in s.actors():
        s = s.apply_action(Done(), p)
    s = s.apply_outcome(Roll((3, 3, 3)))
    assert s.ledger.players == (30 - 35, *([35] * 7)) and s.ledger.total() == 240


def test_lustige_sieben_columns_and_the_seven_per_throw_as_the_spec_counts_them() -> None:
    """Spec 9: each column falls with 15/36, the 7 with 6/36; the resolution (2× / 3× returned) gives the bank the
    edge, the option "net" gives the punters +1/4 on a column and +1/12 on the 7 — per *throw*, a 7-stake left
    standing by a right number counting as still the punter's (docs' "+1/7 on the 7" is per settlement: 1/12 ÷ 21/36).
    Exact, from the engine's chance outcomes and its settlements."""
    expected = {"returned": (Fraction(-1, 6), Fraction(-1, 12)), "net": (Fraction(1, 4), Fraction(1, 12))}
    for payout, (column_edge, seven_edge) in expected.items():
        s = new("lustige-sieben", 3, payout=payout)
        s = s.apply_action(Stake(2, 1), 1).apply_action(Stake(7, 1), 2)
        for p in s.actors():
            s = s.apply_action(Done(), p)
        chance = {"left": Fraction(0), "right": Fraction(0), 7: Fraction(0)}
        gain = [Fraction(0)] * 3
        for outcome, p in s.chance_outcomes():
            if p == 0:  # the void throw
                continue
            assert isinstance(outcome, Roll)
            total = sum(outcome.dice)
            chance["left" if total in LEFT else "right" if total in RIGHT else 7] += p
            after = s.apply_outcome(outcome)
            for seat in (1, 2):
                standing = sum(a for q, _, a in after.board if q == seat)
                gain[seat] += p * (after.ledger.players[seat] + standing - 30)
        assert chance == {"left": Fraction(15, 36), "right": Fraction(15, 36), 7: Fraction(6, 36)}
        assert (gain[1], gain[2]) == (column_edge, seven_edge), payout


def test_chicago_tief_full_tie_throw_off_gives_the_bierdeckel_to_the_higher_pips() -> None:
    """Spec 14/15: a full tie for the Bierdeckel is thrown off with one throw of three dice each, "same values" — in a
    "tief" round the pips, so the higher sum receives the Bierdeckel (docs "14 Chicago and 15 Chicago hoch-tief")."""
    s = throw(new("chicago-hoch-tief", 2), (3, 4, 5)).apply_action(Declare(TIEF)).apply_action(Stop())
    s = throw(s, (3, 4, 5))
    assert s.in_throw_off and s.order == (0, 1) and s.marks == (0, 0)
    assert throw(s, (3, 3, 3), (6, 6, 6)).marks == (0, 1)  # 9 pips against 18: 18 gets it (in "hoch" 9 would)
    assert throw(s, (6, 6, 6), (3, 3, 3)).marks == (1, 0)
    h = throw(new("chicago-hoch-tief", 2), (3, 4, 5)).apply_action(Declare(HOCH)).apply_action(Stop())
    assert throw(throw(h, (3, 4, 5)), (3, 3, 3), (6, 6, 6)).marks == (1, 0)  # the same throws in "hoch"


def test_sequenzen_a_throw_off_where_both_have_nothing_goes_to_fewer_throws_and_is_never_void() -> None:
    """Docs "16 Sequenzen": the throw-off is one more turn each under the round's limit; nothing against nothing is
    decided by fewer throws like any result (it is not a void round); equal throws tie again."""
    s = throw(new("sequenzen", 2), (1, 3, 5)).apply_action(Keep(()))
    s = throw(s, (3, 4, 5)).apply_action(Stop())  # 3-4-5 in two throws: the limit is 2
    s = throw(s, (1, 1, 1)).apply_action(Keep(()))
    s = throw(s, (3, 4, 5))  # 3-4-5 in two throws too: a full tie
    assert s.in_throw_off and s.order == (0, 1) and s.turn.limit == 2
    t = throw(s, (1, 1, 2)).apply_action(Stop())
    t = throw(throw(t, (1, 1, 2)).apply_action(Keep(())), (1, 1, 3))
    assert t.is_terminal() and t.winners() == (0,) and t.losers() == (1,)
    check_results(t)
    u = throw(throw(s, (1, 1, 2)).apply_action(Stop()), (1, 1, 2)).apply_action(Stop())
    assert not u.is_terminal() and u.in_throw_off and len(u.passes) == 3 and u.round_no == 0


def test_ohio_equal_totals_share_the_win_and_nobody_loses() -> None:
    """Docs "26 Ohio": the text names no tie-break; equal totals share the win (no throw-off of a whole sheet), and
    with everybody level there is no last place to lose (G8's loser is the last group below the others)."""
    s = new("ohio", 2)
    for _ in range(7):
        for p in (0, 1):
            s = throw(s, (6, 6, 6, 2, 2, 1))
            s = s.apply_action(Enter(s.free_rows()[0]), p)
    assert s.is_terminal() and s.totals()[0] == s.totals()[1] == 1 + 4 + 0 + 0 + 0 + 18 + 0
    assert s.winners() == (0, 1) and s.losers() == ()
    check_results(s)


def test_jule_equal_progress_shares_a_place_and_both_pay_for_all_six() -> None:
    """Docs "1 Jule": the others are ranked by progress, equal progress is an equal place; every non-winner pays one
    chip per number not struck (all six under the resolution, written or not)."""
    s = new("jule", 3)
    for face in (1, 2, 3, 4, 5, 6, 6, 5, 4, 3, 2):
        s = throw(s, face, 2, 2)  # seats 1 and 2 never throw their 1
    s = throw(s, 1)
    assert s.is_terminal() and s.progress == (12, 0, 0)
    assert s.ranking() == ((0,), (1, 2)) and s.losers() == (1, 2) and s.payoffs() == (12, -6, -6)
    check_results(s)


def test_gestrichene_zwoelf_equal_unstruck_share_last_place() -> None:
    """Docs "12 Gestrichene Zwölf": the others rank by numbers struck; equal counts share the last place (the text
    settles everything in chips, no throw-off). The winner pays each 10 unstruck and collects 10 for his one seven."""
    s = new("gestrichene-zwoelf", 3)
    s = throw(s, (1, 1), (1, 1), (1, 1), (1, 1), (1, 2), (1, 2))  # seats 0, 1: the 2; seat 2: the 3
    s = throw(s, *[(1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (2, 6), (3, 6), (4, 6), (5, 6), (6, 6)])
    assert s.is_terminal() and s.winners() == (0,)
    assert s.ranking() == ((0,), (1, 2)) and s.losers() == (1, 2) and s.payoffs() == (0, 0, 0)
    check_results(s)


def test_verdecktes_a_player_out_of_the_stichrunde_may_still_call_schwindel() -> None:
    """Docs "Verdecktes Würfelpoker": in a Stichrunde every other player may still call "Schwindel" (calling is part
    of the turn, and the pot is at stake); an exposed bluff doubles the pot at the announcer's cost."""
    s = new("verdecktes-wuerfelpoker", 3)
    assert s.ledger.pot == 3 and s.order == (0, 1, 2)
    for p in range(3):
        s = s.apply_outcome(Roll(dice("9 10 B D A"))).apply_action(Announce((PAAR, 1) if p == 1 else (DRILLING, 4)))
        for q in s.opponents(p):
            s = s.apply_action(Pass(), q)
    assert s.order == (0, 2) and s.stich == 1 and s.ledger.pot == 3  # seats 0 and 2 throw off, no new ante
    s = s.apply_outcome(Roll(dice("9 10 B D A"))).apply_action(Announce((PAAR, 2)))
    assert s.to_move() == 1 and s.opponents(0) == (1, 2)  # seat 1, out of the Stichrunde, is asked first
    s = s.apply_action(Challenge(), 1)
    assert s.ledger.pot == 6 and s.ledger.players == (16, 19, 19)
    assert s.turns[0].challenger == 1 and s.turns[0].standing[0] == NICHTS


def test_die_21_eins_fewest_ones_tied_share_the_last_place() -> None:
    """Docs "4 Die 21. Eins": under the spec's option `fewest_ones` the seats that threw the fewest ones lose, tied
    seats sharing the last place (no throw-off: it would only count more ones)."""
    s = throw(new("die-21-eins", 4, target=3, loser="fewest_ones"), 1, 1, 2, 2, 1)
    assert s.is_terminal() and s.winners() == (0,) and s.counter == 3
    assert s.ranking() == ((0,), (1,), (2, 3)) and s.losers() == (2, 3)
    check_results(s)


def test_plus_minus_a_tie_is_thrown_off_with_a_new_nine_throw_series() -> None:
    """Spec 3 / docs "The round games": a tie for the highest total is thrown off with a new nine-throw series for
    the tied players; the throw-off's scores decide and never change the totals."""
    s = throw(new("plus-minus", 2), *([2] * 18))
    assert s.totals == (6, 6) and not s.is_terminal()
    for _ in range(8):
        s = throw(s, 2)
        assert s.thrower() == 0
    s = throw(s, 2)
    assert s.thrower() == 1
    s = throw(s, *([1] * 9))
    assert s.is_terminal() and s.totals == (6, 6) and s.winners() == (0,) and s.losers() == (1,)
    check_results(s)


def test_throw_off_turns_are_one_turn_of_the_same_game() -> None:
    """Docs "The round games": the throw-off is one more turn of the same game — Einer gleich zwei ten throws,
    Himmel und Hölle one throw (of both dice), whose heaven-and-hell points decide."""
    s = throw(new("einer-gleich-zwei", 2), *([(1, 2, 4)] * 20))  # nothing valid: 0 against 0
    assert s.totals == (0, 0) and not s.is_terminal()
    for _ in range(10):
        assert s.thrower() == 0
        s = throw(s, (1, 1, 2))
    assert s.thrower() == 1
    s = throw(s, *([(1, 2, 3)] * 10))
    assert s.is_terminal() and s.winners() == (1,) and s.totals == (0, 0)  # 30 against 20 in the throw-off
    h = throw(new("himmel-und-hoelle", 2, rounds=1), (6, 2), (5, 3))  # 86 each
    assert h.totals == (86, 86) and not h.is_terminal() and h.thrower() == 0
    h = throw(h, (1, 1), (1, 2))  # 32 against 41
    assert h.is_terminal() and h.winners() == (1,) and h.losers() == (0,) and h.totals == (86, 86)


def test_escalero_number_rows_take_any_hand_unless_strict() -> None:
    """Spec 32: "die ersten 6 gelten, wenn keine Fünferkombination erreicht wurde" — resolution: any hand may go into
    a number row; `strict_number_rows` (preset `escalero-streng`): a hand that makes a combination goes into a number
    row only as 0. Written by a real turn either way."""
    for strict, kings in ((False, 20), (True, 0)):
        s = new("escalero", 2, strict_number_rows=strict).apply_outcome(Roll(dice("K K K K 9")))
        assert s.apply_action(Write(4), 0).sheets[0][4] == kings  # the Könige row: 4 × 5, or 0 when strict
        assert s.apply_action(Write(POKER_ROW), 0).sheets[0][POKER_ROW] == 45  # served Poker either way
    s = new("escalero", 2, strict_number_rows=True).apply_outcome(Roll(dice("K K 9 10 B")))
    assert s.apply_action(Write(4), 0).sheets[0][4] == 10  # no combination: the number row counts
