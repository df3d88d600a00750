"""Al Capone (Hasard 30): the text's point scales and every sentence as a test, the spec's resolutions (same class =
same combination, the sum of all five dice, the option for the combination's dice, Stichrunde), Quint and Joker from
the shared poker rules block, raising, chips conserved, odds, the bot and the hints."""

from __future__ import annotations

from fractions import Fraction

import pytest

from wuerfel.engine.game import TERMINAL, Roll
from wuerfel.engine.odds import class_probabilities
from wuerfel.engine.pokerdice import parse_poker_dice
from wuerfel.engine.record import Match
from wuerfel.engine.registry import get_game
from wuerfel.engine.testing import random_playthrough
from wuerfel.games.hasard.al_capone import SCALES, AlCaponeRules, AlCaponeState, al_capone_result, key_dice
from wuerfel.games.hasard.poker import DRILLING, NICHTS, PAAR, QUINT, VIERLING, PokerRules, hand_key
from wuerfel.games.hasard.poker_bots import PokerRoundAdvisor, PokerRoundBot
from wuerfel.games.kit.betting import Call, Check, Fold, Raise


def res(text: str, scale: str = "A", points: str = "all", quint: bool = False, joker: bool = False) -> tuple[int, ...]:
    return al_capone_result(parse_poker_dice(text), quint, joker, scale, points)


def new_state(n: int = 3, **overrides: object) -> AlCaponeState:
    info = get_game("al-capone")
    s = info.new_game(info.load_rules("al-capone", {"start": "first_seat", **overrides}), n).new_initial_state()
    assert isinstance(s, AlCaponeState)
    return s


def throw(s: AlCaponeState, *hands: str) -> AlCaponeState:
    for h in hands:
        s = s.apply_outcome(Roll(parse_poker_dice(h)))  # type: ignore[assignment]
    return s


def test_the_three_point_scales_of_the_text() -> None:
    # Neun, Zehn, Bube, Dame, König, As
    assert SCALES["A"] == (9, 10, 11, 12, 13, 14)
    assert SCALES["B"] == (9, 10, 2, 3, 4, 11)
    assert SCALES["C"] == (1, 2, 3, 4, 5, 11)


def test_the_usual_poker_combinations_decide_first() -> None:
    # "Wieder gelten die üblichen Pokerkombinationen": a pair of nines beats nothing whatever the points
    assert res("9 9 10 J Q")[0] == PAAR and res("A K Q J 9")[0] == NICHTS
    assert res("9 9 10 J Q") > res("A K Q J 9")
    assert res("9 9 9 10 J") > res("A A K K Q")


def test_the_same_combination_is_decided_by_the_points_of_all_five_dice() -> None:
    # "Haben 2 oder mehrere Spieler dieselbe Kombination, entscheidet eine der drei Punktwertungen": the same class,
    # and the points replace the normal rank order (a pair of nines can beat a pair of tens)
    nines, tens = "9 9 A K Q", "10 10 9 J Q"
    assert hand_key(parse_poker_dice(tens)) > hand_key(parse_poker_dice(nines))
    assert res(nines) == (PAAR, 9 + 9 + 14 + 13 + 12) and res(tens) == (PAAR, 10 + 10 + 9 + 11 + 12)
    assert res(nines) > res(tens)
    assert res(nines, "B") == (PAAR, 9 + 9 + 11 + 4 + 3) and res(tens, "B") == (PAAR, 10 + 10 + 9 + 2 + 3)
    assert res(nines, "C") == (PAAR, 1 + 1 + 11 + 5 + 4) and res(tens, "C") == (PAAR, 2 + 2 + 1 + 3 + 4)


def test_option_combination_dice_first_then_dead_dice() -> None:
    nines, tens = "9 9 A K Q", "10 10 9 J Q"
    assert res(nines, points="combination") == (PAAR, 18, 14, 13, 12)
    assert res(tens, points="combination") == (PAAR, 20, 12, 11, 9)
    assert res(tens, points="combination") > res(nines, points="combination")
    # the same trips and the same sum: all five dice tie, the dead dice one by one decide
    assert res("K K K A 9") == res("K K K Q J")
    assert res("K K K A 9", points="combination") > res("K K K Q J", points="combination")


def test_quint_only_when_agreed_and_jokers_count_as_the_faces_they_stand_for() -> None:
    assert res("9 10 J Q K")[0] == NICHTS
    assert res("9 10 J Q K", quint=True) == (QUINT, 9 + 10 + 11 + 12 + 13)
    # the text's Joker example: As-As-König-König-Neun is a Vierling (of kings), the aces count as kings
    assert res("A A K K 9", joker=True) == (VIERLING, 13 * 4 + 9)
    assert key_dice((DRILLING, 4, 6, 1)) == ((4, 4, 4), (6, 1))


def test_rules_use_the_shared_poker_block() -> None:
    assert issubclass(AlCaponeRules, PokerRules)
    rules = get_game("al-capone").load_rules("al-capone-joker")
    assert rules.quint and rules.joker


@pytest.mark.parametrize(("preset", "quint"), [("al-capone", False), ("al-capone-joker", True)])
def test_odds_with_and_without_quint_and_joker(preset: str, quint: bool) -> None:
    info = get_game("al-capone")
    probs = {c.key: p for c, p in class_probabilities(info.odds(info.load_rules(preset)))}
    assert sum(probs.values()) == 1 and ("quint" in probs) == quint
    if not quint:
        assert probs["five_alike"] == Fraction(6, 7776)


def test_one_open_throw_each_the_best_takes_the_pot() -> None:
    # "Jeder Spieler hat nur einen offenen Wurf. Wer dabei mehr erreicht, zieht den Einsatz ein." By default the pair's
    # own dice decide first: the tens (20 points) beat the nines (18) whatever the other dice show
    s = new_state(3, raising=False, rounds=1)
    assert s.ledger.pot == 3
    s = throw(s, "9 9 A K Q", "10 10 9 J Q", "A K Q J 9")
    assert s.to_move() == TERMINAL and s.ledger.players == (19, 22, 19)
    # the sum of all five dice (the option): the nines' aces and kings outweigh the tens
    s = throw(new_state(3, raising=False, rounds=1, points="all"), "9 9 A K Q", "10 10 9 J Q", "A K Q J 9")
    assert s.to_move() == TERMINAL and s.ledger.players == (22, 19, 19)


def test_the_pair_of_aces_beats_the_pair_of_tens_by_default() -> None:
    """Issue 24 §5: "dieselbe Kombination" is decided by the combination's own dice first, by the agreed Wertung,
    and only then by the other dice one by one — 10-10-A-K-Q no longer beats A-A-9-10-J (it did when the default
    added all five dice: 59 against 58 points under Wertung A)."""
    tens, aces = "10 10 A K Q", "A A 9 10 J"
    for scale in "ABC":
        assert res(aces, scale, "combination") > res(tens, scale, "combination"), scale
    assert res(tens, "A", "all") == (PAAR, 59) and res(aces, "A", "all") == (PAAR, 58)
    assert AlCaponeRules().points == "combination"
    assert get_game("al-capone").load_rules("al-capone").points == "combination"
    s = throw(new_state(2, raising=False, rounds=1), tens, aces)
    assert s.is_terminal() and s.winners() == (1,)
    s = throw(new_state(2, raising=False, rounds=1, points="all"), tens, aces)
    assert s.is_terminal() and s.winners() == (0,)


def test_a_record_written_with_the_sum_of_five_replays_as_it_was_played() -> None:
    """Records spell out every option, so a game played when the default added all five dice keeps its winner."""
    from wuerfel.engine.record import GameRecord
    from wuerfel.engine.rules import options_to_dict

    info = get_game("al-capone")
    old = options_to_dict(info.load_rules("al-capone", {"points": "all", "raising": False, "rounds": 1}))
    record = GameRecord.from_json(
        {
            "format": 1,
            "game": "al-capone",
            "rules_id": "al-capone",
            "rules": old,
            "players": ["Anna", "Ben"],
            "events": [
                {"type": "chance", "data": {"kind": "lot", "seat": 0}},
                {"type": "chance", "data": {"kind": "roll", "dice": [2, 2, 6, 5, 4]}},
                {"type": "chance", "data": {"kind": "roll", "dice": [6, 6, 1, 2, 3]}},
            ],
        }
    )
    end = record.replay()
    assert end.is_terminal() and end.winners() == (0,)


def test_equal_points_in_the_same_class_play_a_stichrunde_for_the_whole_pot() -> None:
    s = new_state(3, raising=False, rounds=1)
    s = throw(s, "9 9 A K Q", "Q 9 9 K A", "10 J Q K 9")
    assert s.stich == 1 and s.order == (0, 1) and s.ledger.pot == 3 and not s.odd_chips
    s = throw(s, "9 10 J Q A", "K K 9 10 J")
    assert s.is_terminal() and s.ledger.players == (19, 22, 19)


def test_raising_is_allowed() -> None:
    # "Auch bei Al Capone dürfen die Einsätze erhöht werden"
    s = new_state(2, rounds=1)
    s = throw(s, "A A A A 9")
    s = s.apply_action(Raise(6), 0)  # type: ignore[assignment]
    assert set(s.legal_actions(1)) == {Call(), Fold()}
    s = s.apply_action(Fold(), 1)  # type: ignore[assignment]
    assert s.is_terminal() and s.ledger.players == (21, 19)


def test_bot_and_hints() -> None:
    s = throw(new_state(2, rounds=1), "A A A A A")
    assert PokerRoundBot(s.game, 0).choose(s, 0) == Raise(6)
    assert PokerRoundAdvisor(s.game).advise(s, 0)[0].action == Raise(6)
    s = throw(new_state(2, rounds=1), "9 10 J K A")
    assert PokerRoundBot(s.game, 0).choose(s, 0) == Check()


@pytest.mark.parametrize("preset", ["al-capone", "al-capone-joker", "al-capone-wertung-c", "al-capone-summe"])
def test_random_games_conserve_chips(preset: str) -> None:
    for seed in range(2):
        match = random_playthrough(Match.new("al-capone", preset, ["A", "B", "C"]), seed, chips=True)
        end = match.state
        assert isinstance(end, AlCaponeState) and end.is_terminal() and sum(end.payoffs()) == 0


def test_a_blind_answer_gets_a_hint_from_the_chance_over_its_own_throw() -> None:
    s = throw(new_state(2, rounds=1), "A A A A A")
    s = s.apply_action(Raise(6), 0)  # type: ignore[assignment]
    advice = PokerRoundAdvisor(s.game).advise(s, 1)
    assert [a.action for a in advice] == [Fold(), Call()]  # five aces shown: a blind call can only split
    assert advice[1].value < 0
