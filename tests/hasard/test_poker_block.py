"""The shared poker rules block (issue 14): Quint and Joker are one set of options that every poker-dice game
inherits, with the same names, texts, hand key and odds; Verdecktes Würfelpoker's files keep loading."""

from __future__ import annotations

import dataclasses

import pytest

from wuerfel.engine.errors import RuleError
from wuerfel.engine.odds import class_probabilities
from wuerfel.engine.pokerdice import parse_poker_dice
from wuerfel.engine.registry import get_game
from wuerfel.engine.rules import option_labels, options_from_dict
from wuerfel.games.hasard.poker import POKER_OPTION_NAMES, VIERLING, PokerRules, hand_key
from wuerfel.games.hasard.verdecktes_poker import VerdecktesRules


def test_verdecktes_rules_carry_the_block_under_the_old_option_names() -> None:
    assert issubclass(VerdecktesRules, PokerRules)
    names = {f.name for f in dataclasses.fields(VerdecktesRules)}
    assert {"quint", "joker"} <= names
    rules = options_from_dict(VerdecktesRules, {"quint": True, "joker": True})
    assert (rules.quint, rules.joker) == (True, True)
    labels = option_labels(VerdecktesRules).names
    for key, words in POKER_OPTION_NAMES.items():
        assert labels[key] == words


def test_a_wrong_type_is_refused_by_the_option_name() -> None:
    with pytest.raises(RuleError) as err:
        options_from_dict(VerdecktesRules, {"joker": "ja"})
    assert err.value.params["key"] == "joker"


def test_hand_key_follows_the_rules() -> None:
    dice = parse_poker_dice("A A K K 9")
    plain = PokerRules()
    wild = PokerRules(joker=True)
    assert plain.hand_key(dice) == hand_key(dice, False, False)
    assert wild.hand_key(dice) == (VIERLING, 5, 1)  # the text: As-As-König-König-Neun = Vierling Könige, Neun
    assert (
        PokerRules(quint=True).hand_key(parse_poker_dice("9 10 J Q K"))[0]
        > plain.hand_key(parse_poker_dice("9 10 J Q K"))[0]
    )


@pytest.mark.parametrize(("quint", "joker"), [(False, False), (True, False), (False, True), (True, True)])
def test_odds_of_the_block_sum_to_one_and_show_the_quint_only_when_it_counts(quint: bool, joker: bool) -> None:
    odds = PokerRules(quint=quint, joker=joker).throw_odds()
    probs = dict((c.key, p) for c, p in class_probabilities(odds))
    assert sum(probs.values()) == 1
    assert ("quint" in probs) == quint


def test_verdecktes_odds_come_from_the_block() -> None:
    info = get_game("verdecktes-wuerfelpoker")
    rules = VerdecktesRules(quint=True, joker=True)
    assert info.odds is not None
    assert info.odds(rules) is rules.throw_odds()
