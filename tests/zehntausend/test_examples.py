"""The worked examples of spec §3.11 (and the seeds) that are about turns and games, step by step."""

from __future__ import annotations

from wuerfel.games.zehntausend.actions import Bank, Continue, Decline, Select, TakeOver

from .game_helpers import act, bank, new, points_of, refused, roll, take, throw


def test_e3_the_9500_point_turn_of_seed_001() -> None:
    """[001] solo: three turns to 15,000-ish; the third turn is the 9,500-point narrative, throw by throw."""
    s = new("zehntausend-350-solo", n=1)
    assert s.threshold == 350  # first turn: beat_fallback
    # turn 1: 1-1-1-1 (2000, doubling) + a 5 → 2050, bank (a further 1 would extend the set: +2000)
    s = take(throw(s, 1, 1, 1, 1, 2, 3), 1, 1, 1, 1)
    assert s.turn_total == 2000 and s.cup == 2
    s = bank(take(throw(roll(s), 5, 3), 5))
    assert s.scores_ == (2050,) and s.turns == (1,)
    # turn 2 must beat 2050: small straight 1500, a 1 (hot dice, confirm 350), then 2-3-4-5-6 = 1500 confirms
    assert s.threshold == 2051
    s = take(throw(s, 1, 2, 3, 4, 5, 2), 1, 2, 3, 4, 5)
    s = take(throw(roll(s), 1), 1)
    assert s.turn_total == 1600 and s.cup == 6 and s.confirm_need == 350
    s = take(throw(roll(s), 2, 3, 4, 5, 6, 2), 2, 3, 4, 5, 6)
    assert s.turn_total == 3100 and s.confirm_need is None and s.can_bank()
    s = bank(s)
    assert s.scores_ == (5150,)
    # turn 3: the narrative; previous turn 3,100 → threshold strictly above it ("≥ 3,150" in steps of 50)
    assert s.threshold == 3101
    s = take(throw(s, 5, 2, 2, 3, 3, 6), 5)  # 1: "zuerst nur ein Fünfer"
    assert (s.turn_total, s.cup) == (50, 5)
    s = take(throw(roll(s), 1, 2, 3, 4, 5), 1, 2, 3, 4, 5)  # 2: kleine Straße
    assert (s.turn_total, s.cup, s.confirm_need) == (1550, 6, 350)
    assert set(s.bank_blockers()) == {"confirm", "threshold"}
    refused(s, Bank(), "confirm them first with at least 350", "mindestens 350")
    s = take(throw(roll(s), 1, 2, 3, 4, 5, 6), 1, 2, 3, 4, 5, 6)  # 3: große Straße
    assert (s.turn_total, s.cup, s.confirm_need) == (4550, 6, 350)
    s4 = throw(roll(s), 2, 2, 2, 2, 2, 5)  # 4: fünf Zweier und eine Fünf
    assert points_of(s4)[((2, 2, 2, 2, 2, 5), 0)] == 850
    alt = take(s4, 2, 2, 2, 2, 2)  # the legal alternative: 800, confirms, 1 die left, bank 5,350
    assert (alt.turn_total, alt.cup, alt.can_bank()) == (5350, 1, True)
    s = take(s4, 2, 2, 2, 2, 2, 5)
    assert (s.turn_total, s.cup, s.confirm_need) == (5400, 6, 350)
    s5 = throw(roll(s), 2, 2, 4, 4, 6, 6)  # 5: drei Zweierpaschs; no 2-2 extension across hot dice
    assert ((2, 2), 0) not in points_of(s5)
    s = take(s5, 2, 2, 4, 4, 6, 6)
    assert (s.turn_total, s.confirm_need) == (5900, 350)
    s = take(throw(roll(s), 1, 2, 3, 4, 5, 6), 1, 2, 3, 4, 5, 6)  # 6: schon wieder eine große Straße
    assert (s.turn_total, s.confirm_need) == (8900, 350)
    s = take(throw(roll(s), 3, 3, 3, 3, 2, 6), 3, 3, 3, 3)  # 7: vier Dreier und sonst nix
    assert (s.turn_total, s.cup, s.confirm_need, s.can_bank()) == (9500, 2, None, True)
    s = bank(s)
    assert s.is_terminal() and s.winners() == (0,)
    assert s.scores_ == (2050 + 3100 + 9500,) and s.turns == (3,)  # "in nur drei Würfen"


def test_e4_proving_example_literal_model() -> None:
    """[002] Beweisen under the literal set-aside model (A-12): dice counts 5 → 5 → 4 → 3 and 200 + 400 + 100."""
    s = new("macke-klassisch+beweisen-literal")
    s = throw(s, 2, 2, 2, 3, 4)
    assert [a for a, _ in s.choices()] == [Select(())]  # no 1 or 5: all dice go back
    s = take(s)
    assert (s.turn_total, s.cup, s.proof_pending) == (200, 5, True)
    refused(s, Bank(), "must be proven", "bewiesen")
    s = throw(roll(s), 3, 3, 3, 1, 4)
    s = take(s, 1)  # 300 + 100 noted, the 1 set aside; 3-3-3 needs a further throw
    assert (s.turn_total, s.cup, s.proof_pending) == (600, 4, True)
    s = throw(roll(s), 1, 2, 6, 6)
    s = take(s, 1)
    assert (s.turn_total, s.cup, s.proof_pending) == (700, 3, False)
    assert s.can_bank() and Continue() in s.legal_actions()  # "aufhören oder … nochmal mit 3 Würfeln"


def test_e4_proving_logic_standard_model() -> None:
    s = new("macke-klassisch+beweisen")
    s = take(throw(s, 2, 2, 2, 3, 4), 2, 2, 2)  # no companion needed under Beweisen
    assert (s.turn_total, s.cup, s.proof_pending) == (200, 2, True)
    refused(s, Bank(), "A pasch must be proven before you may stop", "Pasch")
    s = take(throw(roll(s), 1, 4), 1)
    assert (s.turn_total, s.proof_pending, s.can_bank()) == (300, False, True)
    # a pasch that proves the previous one needs its own proof (clearing before setting, R-5)
    s = take(throw(roll(s), 5), 5)  # hot dice: 2-2-2, 1, 5
    assert s.cup == 5
    s = take(throw(roll(s), 3, 3, 3, 1, 4), 3, 3, 3, 1)
    assert (s.turn_total, s.proof_pending) == (350 + 400, True)
    # a Niete while proof is pending loses everything
    s = throw(roll(s), 4)
    assert s.player == 1 and s.scores_ == (-750, 0)  # macke: bust negates


def test_e5_ten_thousand_proven() -> None:
    s = new("zehntausend-einfach")
    s1 = take(throw(s, 5, 5, 5, 3, 6), 5, 5, 5)
    assert (s1.turn_total, s1.proof_pending) == (500, True)
    s = take(throw(s, 1, 1, 1, 1, 3), 1, 1, 1, 1)
    assert (s.turn_total, s.proof_pending) == (10000, True)
    s = take(throw(roll(s), 5), 5)
    assert (s.turn_total, s.proof_pending, s.cup) == (10050, False, 5)
    s = bank(s)
    assert s.scores_[0] == 10050 and s.end_triggered and not s.is_terminal()


def test_e6_extension_chain_across_hot_dice() -> None:
    """[000] Ergänzen: 5-5-5 (500) → +5 (1000) → +5 (2000) → +5 (4000), the third 5 after hot dice."""
    s = new("einfach+verdoppeln+ergaenzen")
    s = take(throw(s, 5, 5, 5, 2, 3), 5, 5, 5)
    s = take(throw(roll(s), 5, 3), 5)
    assert s.turn_total == 1000
    s = take(throw(roll(s), 5), 5)
    assert (s.turn_total, s.cup, s.open_sets) == (2000, 5, ((5, 5, 2000),))
    s = throw(roll(s), 5, 2, 3, 4, 6)
    assert points_of(s)[((5,), 0)] == 2000
    s = take(s, 5)
    assert s.turn_total == 4000


def test_e8_turning_fives_leaves_one_die() -> None:
    s = new("einfach+5er-drehen", overrides={"dice": {"count": 6}})
    s = throw(s, 3, 3, 3, 1, 5, 5)
    pts = points_of(s)
    assert pts[((1, 3, 3, 3, 5, 5), 0)] == 500 and pts[((1, 3, 3, 3, 5, 5), 1)] == 500
    plain = take(s, 1, 3, 3, 3, 5, 5)
    turned = take(s, 1, 3, 3, 3, 5, 5, k=1)
    assert plain.cup == 6 and turned.cup == 1 and turned.turn_total == plain.turn_total == 500


def test_e9_confirmation_after_a_fully_scoring_throw() -> None:
    """[000] Bestätigen: 1-1-3-3-3-5 = 550, all six scoring → the next throw must bring at least 50."""
    s = new("einfach-6+verdoppeln+bestaetigen")
    s = throw(s, 1, 1, 3, 3, 3, 5)
    assert points_of(s)[((1, 1, 3, 3, 3, 5), 0)] == 550
    full = take(s, 1, 1, 3, 3, 3, 5)
    assert (full.cup, full.confirm_need, full.can_bank()) == (6, 50, False)
    refused(full, Bank(), "confirm")
    # trigger throw_all_scoring fires whatever is selected
    part = take(s, 1, 1)
    assert (part.cup, part.confirm_need) == (4, 50)
    bust = throw(roll(part), 2, 3, 4, 6)
    assert bust.player == 1 and bust.scores_ == (0, 0)
    ok = take(throw(roll(part), 2, 3, 4, 5), 5)
    assert ok.confirm_need is None and ok.can_bank() and ok.turn_total == 250


def test_e10_continuation_of_seed_001() -> None:
    s = new("zehntausend-350")
    s = take(throw(s, 4, 4, 4, 2, 3, 6), 4, 4, 4)
    four = take(throw(roll(s), 4, 2, 3), 4)
    assert four.turn_total == 800  # counts like 4-4-4-4
    s = take(throw(roll(s), 1, 2, 3), 1)
    s = throw(roll(s), 4, 2)
    assert s.player == 1  # interrupted: the 4 does not count → Niete
    s = new("zehntausend-350")
    s = take(throw(s, 1, 1, 2, 3, 4, 6), 1, 1)
    s = take(throw(roll(s), 1, 1, 2, 3), 1, 1)
    assert s.turn_total == 400  # singles never open a set


def test_e11_takeover() -> None:
    """[000] Übernehmen: P1 banks 5-5-5 = 500 with 2 dice left; P2 takes over: 1 → 600, 5 → 550, nothing → 0."""
    s = new("einfach+verschaerft+uebernehmen")
    s = bank(take(throw(s, 5, 5, 5, 2, 4), 5, 5, 5))
    assert s.scores_ == (500, 0) and s.player == 1 and s.node == "offer"
    assert s.legal_actions() == (TakeOver(), Decline())
    t = act(s, TakeOver())
    assert (t.turn_total, t.cup) == (500, 2)
    assert take(throw(t, 1, 3), 1).turn_total == 600
    assert take(throw(t, 5, 3), 5).turn_total == 550
    lost = throw(t, 2, 3)
    assert lost.scores_ == (500, 0) and lost.player == 0
    fresh = act(s, Decline())
    assert (fresh.turn_total, fresh.cup) == (0, 5)


def test_seed_002_end_of_game_max_lisa_katarina() -> None:
    """Max (start player) reaches 10,050; Lisa and Katarina still play; Katarina's 10,250 wins."""
    s = new("macke-klassisch", n=3, scores_=(9600, 8600, 9800))
    s = bank(take(throw(s, 4, 4, 4, 5, 2), 4, 4, 4, 5))
    assert s.scores_[0] == 10050 and s.end_triggered and s.player == 1
    s = bank(take(throw(s, 1, 2, 2, 3, 6), 1))
    assert s.scores_[1] == 8700 and s.player == 2
    s = bank(take(throw(s, 4, 4, 4, 5, 2), 4, 4, 4, 5))
    assert s.scores_ == (10050, 8700, 10250)
    assert s.is_terminal() and s.winners() == (2,)


def test_seed_001_thresholds_350_and_a_failed_confirmation() -> None:
    s = new("zehntausend-350")
    assert s.threshold == 350  # start player
    s = take(throw(s, 1, 5, 2, 3, 4, 6), 1, 2, 3, 4, 5, 6)  # 3000 … must be confirmed with 350
    s = throw(roll(s), 5, 2, 2, 3, 3, 6)  # only 50: the confirmation fails, the whole turn is lost
    assert s.player == 1 and s.scores_ == (0, 0) and s.minus == (1, 0)
    assert s.threshold == 350  # the predecessor got a Minus


def test_seed_001_threshold_after_a_bank_and_after_a_minus() -> None:
    s = new("zehntausend-350", last_result=3100)
    assert s.threshold == 3101
    s = take(throw(s, 1, 1, 1, 1, 1, 2), 1, 1, 1, 1, 1)  # 4000, one die left
    assert s.can_bank()
    s = take(throw(s if False else new("zehntausend-350", last_result=3100), 1, 1, 1, 2, 3, 4), 1, 1, 1)
    refused(s, Bank(), "You must score more than the previous turn's 3100 to stop", "mehr als die 3100")
    s = throw(roll(s), 2, 3, 4)  # Niete → a Minus; the next player needs only 350
    assert s.player == 1 and s.threshold == 350 and s.minus == (1, 0)


def test_e1_e2_six_dice_hot_dice_and_confirmation() -> None:
    """[001] 3-3-3-3-1-5 = 750 and 1-2-3-4-5-1 = 1600: all six set aside → hot dice → confirm with ≥ 350."""
    s = throw(new("zehntausend-350"), 3, 3, 3, 3, 1, 5)
    assert points_of(s)[((1, 3, 3, 3, 3, 5), 0)] == 750
    s = take(s, 1, 3, 3, 3, 3, 5)
    assert (s.turn_total, s.cup, s.confirm_need) == (750, 6, 350)
    s = throw(new("zehntausend-350"), 1, 2, 3, 4, 5, 1)
    assert points_of(s)[((1, 1, 2, 3, 4, 5), 0)] == 1600 and points_of(s)[((1, 1, 5), 0)] == 250
    s = take(s, 1, 1, 2, 3, 4, 5)
    assert (s.turn_total, s.cup, s.confirm_need) == (1600, 6, 350)


def test_r5_a_pasch_may_follow_a_pasch_and_one_die_proves_both() -> None:
    """R-5/A-5: "Auf ein Pasch kann ein weiteres Pasch folgen"; one later 1 or 5 proves every pending pasch."""
    s = new("zehntausend-einfach", overrides={"dice": {"count": 6}})
    s = take(throw(s, 2, 2, 2, 3, 4, 6), 2, 2, 2)
    s = take(throw(roll(s), 4, 4, 4), 4, 4, 4)  # no 1 or 5 in this throw: legal, proof stays pending
    assert (s.turn_total, s.cup, s.proof_pending) == (600, 6, True)
    refused(s, Bank(), "must be proven")
    s = take(throw(roll(s), 1, 2, 3, 4, 6, 6), 1)
    assert (s.turn_total, s.proof_pending, s.can_bank()) == (700, False, True)
