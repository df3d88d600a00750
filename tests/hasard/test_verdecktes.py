"""Verdecktes Würfelpoker (Hasard 28, Joker Poker 29): the challenge, the doubling of the pot, the corrected claim,
the round's winner, Stichrunden, the clock, and above all that concealed dice leak into no other player's view."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from wuerfel.bots.base import RandomBot
from wuerfel.engine.clocks import Deadline, Pass, expire
from wuerfel.engine.errors import IllegalAction
from wuerfel.engine.game import SIMULTANEOUS, Roll
from wuerfel.engine.pokerdice import parse_poker_dice
from wuerfel.engine.record import Match
from wuerfel.engine.registry import get_game
from wuerfel.engine.sources import SeededSource
from wuerfel.games.hasard.common import Lot
from wuerfel.games.hasard.poker import DRILLING, FUENFLING, FULL_HOUSE, NICHTS, PAAR, VIERLING
from wuerfel.games.hasard.verdecktes_advice import VerdecktesAdvisor
from wuerfel.games.hasard.verdecktes_bot import (
    BluffBot,
    call_probability,
    defender_share,
    implausible,
    strategy,
    truth_chance,
)
from wuerfel.games.hasard.verdecktes_moves import Announce, Challenge, decode_key, encode_key
from wuerfel.games.hasard.verdecktes_poker import VerdecktesState

P = parse_poker_dice


def new_state(n: int = 3, preset: str = "verdecktes-wuerfelpoker", starter: int = 0) -> VerdecktesState:
    info = get_game("verdecktes-wuerfelpoker")
    s = info.new_game(preset, n).new_initial_state().apply_outcome(Lot(starter))
    assert isinstance(s, VerdecktesState)
    return s


def test_everybody_antes_one_chip_every_round() -> None:
    s = new_state(3)
    assert s.ledger.pot == 3 and s.ledger.players == (19, 19, 19)
    assert s.dice_to_throw() == 5 and s.order == (0, 1, 2)


def test_true_announcement_challenged_challenger_doubles_the_pot() -> None:
    s = new_state(3).apply_outcome(Roll(P("D D D K 9")))
    s = s.apply_action(Announce((DRILLING, 4)))
    assert s.to_move() == 1 and s.deadline() == Deadline(10.0, Pass(), "to call 'Schwindel'")
    s = s.apply_action(Challenge(), 1)
    assert s.ledger.pot == 6 and s.ledger.players == (19, 16, 19)
    t = s.turns[0]
    assert t.revealed and t.challenger == 1 and t.standing == (DRILLING, 4)
    assert s.view(2)["turns"][0]["dice"] == list(P("D D D K 9"))  # revealed to everybody


def test_under_announcement_counts_as_true() -> None:
    s = new_state(3).apply_outcome(Roll(P("D D D K 9"))).apply_action(Announce((PAAR, 6)))
    s = s.apply_action(Challenge(), 1)
    assert s.ledger.players == (19, 16, 19) and s.turns[0].standing == (PAAR, 6)


def test_bluff_challenged_announcer_doubles_pot_and_claim_drops_to_real_hand() -> None:
    s = new_state(3).apply_outcome(Roll(P("9 10 B D A")))
    s = s.apply_action(Announce((VIERLING, 6))).apply_action(Pass(), 1).apply_action(Challenge(), 2)
    assert s.ledger.pot == 6 and s.ledger.players == (16, 19, 19)
    assert s.turns[0].standing == (NICHTS, 6, 4, 3, 2, 1)
    assert s.phase == "throw" and s.order[len(s.turns)] == 1


def test_exact_match_option() -> None:
    info = get_game("verdecktes-wuerfelpoker")
    rules = info.load_rules(None, {"match": "exact"})
    s = info.new_game(rules, 3).new_initial_state().apply_outcome(Lot(0))
    s = s.apply_outcome(Roll(P("D D D K 9"))).apply_action(Announce((PAAR, 6))).apply_action(Challenge(), 1)
    assert s.ledger.players == (16, 19, 19)  # not exactly as announced: a bluff
    assert s.turns[0].standing == (DRILLING, 4, 5, 1)


def test_unchallenged_announcement_stands_and_dice_are_never_shown() -> None:
    s = new_state(2).apply_outcome(Roll(P("9 10 B D A"))).apply_action(Announce((FULL_HOUSE, 6, 5)))
    s = s.apply_action(Pass(), 1)
    assert s.turns[0].standing == (FULL_HOUSE, 6, 5) and not s.turns[0].revealed
    s = s.apply_outcome(Roll(P("K K K K 9"))).apply_action(Announce((VIERLING, 5))).apply_action(Pass(), 0)
    # Round over: the highest standing announcement (the Vierling) wins the pot of 2; seat 1 begins round 2.
    assert s.history == ((0, 1, 2),)
    assert s.ledger.players == (18, 20)  # after the new round's ante: 19−1, 19+2−1
    assert s.ledger.pot == 2 and s.starter == 1 and s.order == (1, 0) and s.round_no == 1
    assert all("dice" not in t for t in s.view(0)["turns"])


def test_full_round_pot_doubling_accounting_is_exact() -> None:
    s = new_state(3)
    s = s.apply_outcome(Roll(P("A A A 9 10"))).apply_action(Announce((DRILLING, 6))).apply_action(Challenge(), 1)
    assert s.ledger.pot == 6  # 3 antes, doubled by the wrong caller
    s = s.apply_outcome(Roll(P("9 9 10 B D"))).apply_action(Announce((VIERLING, 6))).apply_action(Challenge(), 2)
    assert s.ledger.pot == 12 and s.turns[1].standing == (PAAR, 1, 4, 3, 2)
    s = s.apply_outcome(Roll(P("K K 9 10 B"))).apply_action(Announce((PAAR, 5)))
    s = s.apply_action(Pass(), 0).apply_action(Pass(), 1)
    # Seat 0 wins the 12: 20 − 1 + 12; seat 1 paid 1 + 3 + 6; seat 2 paid 1; then everybody antes for round 2.
    assert s.history == ((0, 0, 12),)
    assert s.ledger.players == (20 - 1 + 12 - 1, 20 - 1 - 3 - 6 - 1, 20 - 1 - 1)
    assert s.ledger.total() == 60


def test_tie_is_decided_by_a_stichrunde_without_new_stakes() -> None:
    s = new_state(3)
    for p in range(3):
        ann = (DRILLING, 4) if p != 1 else (PAAR, 1)
        s = s.apply_outcome(Roll(P("9 10 B D A"))).apply_action(Announce(ann))
        for q in s.opponents(p):
            s = s.apply_action(Pass(), q)
    assert s.order == (0, 2) and s.stich == 1 and s.ledger.pot == 3 and s.turns == ()
    s = s.apply_outcome(Roll(P("9 10 B D A"))).apply_action(Announce((PAAR, 2)))
    s = s.apply_action(Pass(), 1).apply_action(Pass(), 2)
    s = s.apply_outcome(Roll(P("9 10 B D A"))).apply_action(Announce((PAAR, 3)))
    s = s.apply_action(Pass(), 0).apply_action(Pass(), 1)
    assert s.history == ((0, 2, 3),) and s.starter == 2


def test_game_ends_after_the_agreed_rounds() -> None:
    info = get_game("verdecktes-wuerfelpoker")
    s = info.new_game(info.load_rules(None, {"rounds": 1}), 2).new_initial_state().apply_outcome(Lot(1))
    s = s.apply_outcome(Roll(P("9 10 B D A"))).apply_action(Announce((PAAR, 2))).apply_action(Pass(), 0)
    s = s.apply_outcome(Roll(P("9 10 B D A"))).apply_action(Announce((PAAR, 3))).apply_action(Pass(), 1)
    assert s.is_terminal() and s.winners() == (0,) and s.ledger.players == (21, 19)


def test_joker_poker_option() -> None:
    s = new_state(2, "joker-poker").apply_outcome(Roll(P("A A K K 9")))
    s = s.apply_action(Announce((VIERLING, 5))).apply_action(Challenge(), 1)
    assert s.ledger.players == (19, 17)  # As-As-König-König-Neun is a Vierling: the caller pays
    s2 = new_state(2).apply_outcome(Roll(P("A A K K 9")))
    s2 = s2.apply_action(Announce((VIERLING, 5))).apply_action(Challenge(), 1)
    assert s2.ledger.players == (17, 19)  # without jokers it is a bluff


def test_open_window_is_simultaneous_and_the_clock_passes_for_everyone() -> None:
    s = new_state(4, "verdecktes-live").apply_outcome(Roll(P("9 10 B D A"))).apply_action(Announce((PAAR, 6)))
    assert s.to_move() == SIMULTANEOUS and s.actors() == (1, 2, 3)
    s1 = s.apply_action(Pass(), 2)
    assert s1.actors() == (1, 3)
    s2, applied = expire(s1)
    assert applied == [(1, Pass()), (3, Pass())] and s2.phase == "throw" and s2.order[len(s2.turns)] == 1
    s3 = s1.apply_action(Challenge(), 3)  # first caller wins; the window is closed for the others
    assert s3.turns[0].challenger == 3 and s3.phase == "throw"


def test_clockwise_offers_one_at_a_time_and_each_expires_separately() -> None:
    s = new_state(3).apply_outcome(Roll(P("9 10 B D A"))).apply_action(Announce((PAAR, 6)))
    assert s.actors() == (1,)
    with pytest.raises(IllegalAction):
        s.apply_action(Challenge(), 2)
    s1, applied = expire(s)
    assert applied == [(1, Pass())] and s1.actors() == (2,)
    s2, _ = expire(s1)
    assert s2.phase == "throw"
    assert expire(s2) == (s2, [])


def test_refusals_change_nothing() -> None:
    s = new_state(3).apply_outcome(Roll(P("9 10 B D A")))
    with pytest.raises(IllegalAction, match="not a hand"):
        s.apply_action(Announce((PAAR,)))
    with pytest.raises(IllegalAction):
        s.apply_action(Announce((VIERLING, 6)), 1)
    with pytest.raises(IllegalAction):
        s.game.action_from_json({"kind": "announce", "hand": "x"})
    assert s.phase == "announce"


def test_action_ids_round_trip() -> None:
    for a in new_state(3).apply_outcome(Roll(P("9 10 B D A"))).legal_actions():
        assert decode_key(encode_key(a.hand)) == a.hand


# --- hidden information ------------------------------------------------------------------------------------------
SENTINEL = 987654


def _concealed(state: VerdecktesState) -> list[tuple[int, int]]:
    return [(i, t.player) for i, t in enumerate(state.turns) if not t.revealed]


def test_concealed_dice_are_in_no_other_view_over_random_play() -> None:
    """Random games (random bots and bluff bots): before the reveal no other seat's view contains the dice.

    Two checks at every node: (1) replace each concealed throw by a sentinel face and scan every other seat's and the
    spectator's view for it; (2) determinize for every seat and compare views (the generic harness's check), and
    re-draw the dice to every kind of hand: the other views must not change.
    """
    rng = random.Random(5)
    nodes = 0
    for preset in ("verdecktes-wuerfelpoker", "joker-poker", "verdecktes-live"):
        for seed in range(6):
            n = 2 + seed % 3
            m = Match.new("verdecktes-wuerfelpoker", preset, [f"p{i}" for i in range(n)])
            source = SeededSource(seed)
            bots = [RandomBot(seed + p) if p % 2 else BluffBot(m.game, seed + p) for p in range(n)]
            while not m.state.is_terminal():
                st = m.state
                assert isinstance(st, VerdecktesState)
                for i, owner in _concealed(st):
                    t = st.turns[i]
                    marked = dataclasses.replace(
                        st, turns=(*st.turns[:i], dataclasses.replace(t, dice=(SENTINEL,) * 5), *st.turns[i + 1 :])
                    )
                    for viewer in [*range(n), None]:
                        text = json.dumps(marked.view(viewer))
                        assert (str(SENTINEL) in text) == (viewer == owner), (viewer, owner, st.phase)
                    for other in ((1, 1, 1, 1, 1), (2, 3, 4, 5, 6), (6, 6, 6, 6, 6)):
                        changed = dataclasses.replace(
                            st, turns=(*st.turns[:i], dataclasses.replace(t, dice=other), *st.turns[i + 1 :])
                        )
                        for viewer in [*range(n), None]:
                            if viewer != owner:
                                assert changed.view(viewer) == st.view(viewer)
                for viewer in range(n):
                    assert st.determinize(viewer, rng).view(viewer) == st.view(viewer)
                nodes += 1
                if st.is_chance():
                    m.chance(source.choose(st))
                else:
                    p = rng.choice(st.actors())
                    m.act(bots[p].choose(st, p), p)
    assert nodes > 200


def test_determinize_really_redraws_what_the_viewer_has_not_seen() -> None:
    s = new_state(3).apply_outcome(Roll(P("9 10 B D A"))).apply_action(Announce((PAAR, 6))).apply_action(Pass(), 1)
    rng = random.Random(0)
    draws = {s.determinize(1, rng).turns[0].dice for _ in range(20)}
    assert len(draws) > 1
    assert {s.determinize(0, rng).turns[0].dice for _ in range(5)} == {P("9 10 B D A")}


def test_bluff_bot_uses_only_its_view() -> None:
    """Changing dice the bot cannot see never changes its choice (same seed, same view → same action)."""
    s = new_state(3).apply_outcome(Roll(P("9 10 B D A"))).apply_action(Announce((FULL_HOUSE, 6, 5)))
    rng = random.Random(2)
    for seed in range(30):
        a = BluffBot(s.game, seed).choose(s, 1)
        b = BluffBot(s.game, seed).choose(s.determinize(1, rng), 1)
        assert a == b


# --- the mixed strategy -----------------------------------------------------------------------------------------
def test_strategy_satisfies_the_indifference_conditions() -> None:
    """γ makes a weak thrower indifferent (−γP + (1−γ)sP = 0); β makes the defender indifferent between calling
    (−P if true, +2P·w′ if a bluff) and not calling (0)."""
    for best, later in (((PAAR, 5, 3, 2, 1), 2), (None, 2), ((DRILLING, 6, 5, 4), 0), ((PAAR, 6, 5, 4, 3), 1)):
        t, p, s, beta = strategy(best, later, False, False)
        assert t is not None and 0 < p < 1 and 0 < s <= 1
        pot = 1.0
        gamma = call_probability(t, later, False, False)
        s_t = gamma / (1 - gamma)
        assert -gamma * pot + (1 - gamma) * s_t * pot == pytest.approx(0)
        w = defender_share(best, later, False, False)
        if beta < 1:
            pi = p / (p + (1 - p) * beta)
            assert pi * -pot + (1 - pi) * 2 * pot * w == pytest.approx(0)
        else:
            assert p / ((1 - p) * 2 * w) >= 1


def test_only_the_defender_calls() -> None:
    """The holder of the best standing claim defends; the others leave the (costly) call to him."""
    s = new_state(4).apply_outcome(Roll(P("K K K 9 10"))).apply_action(Announce((DRILLING, 5)))
    for q in (1, 2, 3):
        s = s.apply_action(Pass(), q)
    s = s.apply_outcome(Roll(P("9 10 B D A"))).apply_action(Announce((VIERLING, 6)))
    assert s.actors() == (2,)
    assert all(BluffBot(s.game, seed).choose(s, 2) == Pass() for seed in range(40))
    s = s.apply_action(Pass(), 2).apply_action(Pass(), 3)
    calls = sum(BluffBot(s.game, seed).choose(s, 0) == Challenge() for seed in range(400))
    gamma = call_probability((VIERLING, 6, 1), 2, False, False)
    assert abs(calls / 400 - gamma) < 4 * (gamma * (1 - gamma) / 400) ** 0.5


def test_an_implausible_claim_is_called_and_a_plausible_one_is_not_always() -> None:
    """The first thrower of three names Fünfling Asse over a Nichts: a hand thrown once in 7776 throws, named to beat
    an empty table, is most likely a bluff, so the defender (the next thrower) calls it every time. A Drilling Könige
    there is plausible: he calls it at the mixed strategy's rate γ only, and lets it stand otherwise."""
    rare = new_state(3).apply_outcome(Roll(P("9 10 B D A"))).apply_action(Announce((FUENFLING, 6)))
    assert rare.actors() == (1,)
    chance = truth_chance((FUENFLING, 6), None, 2, False, False)
    assert chance is not None and chance < 0.05 and implausible((FUENFLING, 6), None, 2, False, False)
    assert all(BluffBot(rare.game, seed).choose(rare, 1) == Challenge() for seed in range(40))
    assert [(a.action, a.value) for a in VerdecktesAdvisor(rare.game).advise(rare, 1)] == [(Challenge(), 1.0)]
    plain = new_state(3).apply_outcome(Roll(P("K K K 9 10"))).apply_action(Announce((DRILLING, 5, 4, 3)))
    assert not implausible((DRILLING, 5, 4, 3), None, 2, False, False)
    calls = sum(BluffBot(plain.game, seed).choose(plain, 1) == Challenge() for seed in range(400))
    gamma = call_probability((DRILLING, 5, 4, 3), 2, False, False)
    assert 0 < calls < 400 and abs(calls / 400 - gamma) < 4 * (gamma * (1 - gamma) / 400) ** 0.5


def test_bluff_bot_frequencies() -> None:
    """The last thrower facing a Drilling Könige with a weak hand bluffs at the rate β, and bluffs are ≥ T."""
    s = new_state(2)
    s = s.apply_outcome(Roll(P("K K K 9 10"))).apply_action(Announce((DRILLING, 5, 2, 1)))
    s = s.apply_action(Pass(), 1).apply_outcome(Roll(P("9 9 10 B D")))
    t, _p, _s, beta = strategy((DRILLING, 5, 2, 1), 0, False, False)
    assert t is not None and 0 < beta < 1
    bluffs = 0
    trials = 600
    for seed in range(trials):
        a = BluffBot(s.game, seed).choose(s, 1)
        assert isinstance(a, Announce)
        if a.hand != (PAAR, 1, 4, 3, 2):
            bluffs += 1
            assert a.hand >= t
    sd = (beta * (1 - beta) / trials) ** 0.5
    assert abs(bluffs / trials - beta) < 4 * sd


def test_scorekeeper_real_cup_dice_are_entered_only_when_challenged() -> None:
    """At a real table the dice under the cup need not be typed in; a "Schwindel" call asks for them."""
    from wuerfel.games.hasard.verdecktes_moves import Concealed

    s = new_state(3)
    assert s.parse_outcome("?") == Concealed()
    s = s.apply_outcome(Concealed()).apply_action(Announce((DRILLING, 4)))
    assert all("dice" not in t for v in (s.view(0), s.view(1)) for t in v["turns"])
    assert s.determinize(1, random.Random(0)) == s
    s = s.apply_action(Challenge(), 1)
    assert s.phase == "reveal" and s.is_chance() and s.dice_to_throw() == 5
    with pytest.raises(IllegalAction):
        s.parse_outcome("x")
    assert s.ledger.pot == 3  # nothing is paid before the cup is lifted
    s = s.apply_outcome(s.parse_outcome("D D D K 9"))
    assert s.ledger.players == (19, 16, 19) and s.ledger.pot == 6
    assert s.view(2)["turns"][0]["dice"] == list(P("D D D K 9")) and s.phase == "throw"
    # An unchallenged concealed throw is never entered at all; the bot can still announce for it.
    s = s.apply_outcome(Concealed())
    a = BluffBot(s.game, 1).choose(s, 1)
    assert a in s.legal_actions()
    s = s.apply_action(a).apply_action(Pass(), 2).apply_action(Pass(), 0)
    assert s.turns[1].dice == () and not s.turns[1].revealed


def test_scorekeeper_record_with_special_outcomes_replays() -> None:
    from wuerfel.engine.testing import check_replay
    from wuerfel.games.hasard.common import Void
    from wuerfel.games.hasard.verdecktes_moves import Concealed

    m = Match.new("verdecktes-wuerfelpoker", None, ["a", "b", "c"])
    m.chance(m.state.parse_outcome("2"))
    assert m.state.starter == 1
    m.chance(Void())
    m.chance(Concealed())
    m.act(Announce((DRILLING, 4)), 1)
    m.act(Challenge(), 2)
    m.chance(m.state.parse_outcome("D D D K 9"))
    m.chance(m.state.parse_outcome("A A K K 9"))
    m.act(Announce((PAAR, 6)), 2)
    check_replay(m)
    assert m.state.ledger.players == (19, 19, 16)


def test_the_offered_call_does_not_lift_the_cup() -> None:
    """QA: the "Schwindel!" button, menu entry and hint read "Schwindel! — der Becher zeigt Ein Paar Damen …: die
    Ansage stimmt" before the call: the challenger learnt the hidden dice, and whether to call, from the label. The
    offer is "Schwindel!" alone, whatever the cup holds; the log of the call still says what the lifted cup showed."""
    labels = set()
    for dice in ("D D D K 9", "9 10 B D A"):
        s = new_state(3).apply_outcome(Roll(P(dice))).apply_action(Announce((DRILLING, 4)))
        assert Challenge() in s.legal_actions(1)
        labels.add(s.describe_offer(Challenge(), "de"))
        assert "Becher" in s.describe_action(Challenge(), "de")  # the log, once the cup is lifted
        assert "cup" in s.describe_action(Challenge(), "en")
    assert labels == {"Schwindel!"}
