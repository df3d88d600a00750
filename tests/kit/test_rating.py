"""Hints rated against the best: the loss is written with the reader's decimal mark, not the advisor's."""

from __future__ import annotations

from wuerfel.games.kit.rating import rated
from wuerfel.i18n import translate


def test_loss_is_translated_with_the_readers_decimal_mark() -> None:
    a, b = object(), object()  # the rating only needs hashable moves
    advice = rated({a: 1.5, b: 1.403}, "points")  # type: ignore[dict-item]
    assert advice[0].action is a and advice[0].note == "the best choice"
    worse = advice[1]
    assert translate(worse.note, "de", **worse.params) == "0,097 weniger als die beste"
    assert translate(worse.note, "en", **worse.params) == "0.097 less than the best"


def test_lower_is_better_and_ties_with_the_best_lose_nothing() -> None:
    a, b, c = object(), object(), object()
    advice = rated({a: 3.0, b: 2.0, c: 2.0}, "throws", lower_is_better=True)  # type: ignore[dict-item]
    assert [x.note for x in advice] == ["the best choice", "the best choice", "{loss} less than the best"]
    assert translate(advice[2].note, "de", **advice[2].params) == "1,000 weniger als die beste"
