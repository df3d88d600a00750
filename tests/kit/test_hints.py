"""The kit's rated hints: best first, the loss of every other move in the language's decimal form."""

from __future__ import annotations

from wuerfel.games.kit.hand_round import Stop
from wuerfel.games.kit.hints import LOSS_CHANCE, LOSS_POINTS, loss_params, rated
from wuerfel.games.kit.keeps import Keep
from wuerfel.i18n import translate


def test_loss_is_split_into_whole_and_decimal_digits() -> None:
    assert loss_params(3.456, 1) == {"whole": "3", "decimals": "5"}
    assert loss_params(0.04, 2) == {"whole": "0", "decimals": "04"}
    assert loss_params(12.0, 1) == {"whole": "12", "decimals": "0"}


def test_rated_orders_best_first_and_names_the_loss_in_german_and_english() -> None:
    advice = rated({Stop(): 0.25, Keep((1,)): 0.75, Keep(()): 0.7499999}, "chance to win the round")
    assert [a.action for a in advice] == [Keep((1,)), Keep(()), Stop()]
    assert advice[0].note == "" and advice[1].note == ""  # a loss that rounds to nothing is no loss
    assert advice[2].note == LOSS_CHANCE
    assert translate(advice[2].note, "de", **advice[2].params) == "50,0 Prozentpunkte weniger als das Beste"
    assert translate(advice[2].note, "en", **advice[2].params) == "50.0 percentage points below the best"
    pts = rated({Stop(): 10.0, Keep((1,)): 12.5}, "points", "points", offset=100)
    assert pts[0].value == 112.5 and pts[1].note == LOSS_POINTS and pts[1].params == {"whole": "2", "decimals": "50"}
