"""[000] *Ergänzen* through the game API: an open set carries its running value, and every die added to it in a
later throw of the turn doubles that value once, whatever the kind table says and however the added dice are
spread over the throws (issue #11, section 5; docs/zehntausend.md, "Ergänzen")."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from wuerfel.engine.game import Roll
from wuerfel.games.zehntausend.actions import Select
from wuerfel.games.zehntausend.state import ZehntausendState

from .game_helpers import bank, new, points_of, roll, take, throw


def test_seed_000_five_five_five_plus_three_fives() -> None:
    """ "5,5,5 = 500 +5 +5 +5 mal 2 = 1000 mal 2 = 2000 mal 2 = 4000" with the simple rules + Ergänzen; the third 5
    comes after hot dice (A-30)."""
    s = new("einfach+ergaenzen")
    totals = []
    s = take(throw(s, 5, 5, 5, 2, 3), 5, 5, 5)
    totals.append(s.turn_total)
    s = take(throw(roll(s), 5, 3), 5)
    totals.append(s.turn_total)
    s = take(throw(roll(s), 5), 5)
    totals.append(s.turn_total)
    assert totals == [500, 1000, 2000]
    assert (s.cup, s.open_sets, s.proof_pending) == (5, ((5, 5, 2000),), True)  # hot dice: the set stays open
    s = throw(roll(s), 5, 2, 3, 4, 6)
    assert points_of(s)[((5,), 0)] == 2000
    assert s.describe_action(Select((5,)), "de") == "5 herauslegen: 2000 (Ergänzung der 5er 2000 → 4000)"
    assert s.describe_action(Select((5,)), "en") == "Set aside 5: 2,000 (extension of 5s 2,000 → 4,000)"
    ext = s.view(0)["selections"][0]["melds"][0]
    assert (ext["name"], ext["set_before"], ext["set_after"]) == ("ext", 2000, 4000)
    s = take(s, 5)
    assert (s.turn_total, s.proof_pending) == (4000, True)
    assert s.view(1)["turn"]["open_sets"] == [[5, 6, 4000]]
    s = bank(take(throw(roll(s), 1, 2, 3, 4), 1))  # a 1 proves the set
    assert s.scores_ == (4100, 0)


def test_seed_000_three_threes_plus_a_three() -> None:
    """ "3,3,3 +3 = 300 Punkte mal 2 = 600 Punkte"."""
    s = new("einfach+ergaenzen")
    s = take(throw(s, 3, 3, 3, 2, 4), 3, 3, 3)
    s = take(throw(roll(s), 3, 6), 3)
    assert (s.turn_total, s.open_sets) == (600, ((3, 4, 600),))


def test_two_added_dice_in_one_throw_double_twice() -> None:
    """5-5-5 then 5-5 in one throw is the same 2000 as 5-5-5, +5, +5; the next 5 then doubles 2000 either way."""
    s = new("einfach+ergaenzen")
    s = take(throw(s, 5, 5, 5, 2, 3), 5, 5, 5)
    s = throw(roll(s), 5, 5)
    assert points_of(s)[((5, 5), 0)] == 1500
    s = take(s, 5, 5)
    assert (s.turn_total, s.cup, s.open_sets) == (2000, 5, ((5, 5, 2000),))
    s = take(throw(roll(s), 5, 2, 3, 4, 6), 5)
    assert s.turn_total == 4000


def test_a_set_thrown_at_once_is_worth_its_table_value_and_doubles_from_there() -> None:
    """Four 5s in one throw are the table's 5000 (no Ergänzen involved); a 5 added in a later throw doubles it."""
    s = new("einfach+ergaenzen")
    s = take(throw(s, 5, 5, 5, 5, 2), 5, 5, 5, 5)
    assert s.turn_total == 5000
    assert s.open_sets == ((5, 4, 5000),)
    s = take(throw(roll(s), 5), 5)
    assert s.turn_total == 10000


def test_the_set_closes_when_a_throw_does_not_extend_it() -> None:
    """R-7: only the sets of the immediately preceding selection are open."""
    s = new("einfach+ergaenzen")
    s = take(throw(s, 5, 5, 5, 2, 3), 5, 5, 5)
    s = take(throw(roll(s), 1, 3), 1)
    assert (s.turn_total, s.open_sets) == (600, ())
    s = throw(roll(s), 5)
    assert points_of(s) == {((5,), 0): 50}


def _fillers(face: int, n: int) -> tuple[int, ...]:
    """``n`` dice that score nothing next to a set of ``face`` (never a 1 or 5, never three alike)."""
    pool = [x for x in (2, 3, 4, 6) if x != face]
    return tuple(pool[i % len(pool)] for i in range(n))


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["einfach+ergaenzen", "einfach+verdoppeln+ergaenzen"]), st.integers(1, 6), st.data())
def test_property_added_dice_double_once_each_however_they_are_split(name: str, face: int, data: st.DataObject) -> None:
    """After a set of three and K dice of its face added over any split into throws, the turn total and the set's
    running value are the triple's value · 2^K, so no split is worth more than another."""
    s: ZehntausendState = new(name)
    s = take(throw(s, face, face, face, *_fillers(face, 2)), face, face, face)
    triple = s.turn_total
    added = 0
    for _ in range(data.draw(st.integers(1, 4), label="throws")):
        k = data.draw(st.integers(1, s.cup), label="added dice")
        s = roll(s)
        s = s.apply_outcome(Roll((face,) * k + _fillers(face, s.dice_to_throw() - k)))  # type: ignore[assignment]
        s = take(s, *(face,) * k)
        added += k
        assert s.turn_total == triple * 2**added
        assert [(f, v) for f, _, v in s.open_sets] == [(face, triple * 2**added)]


def test_terminal_shows_the_running_value_of_open_sets() -> None:
    from rich.console import Console

    from wuerfel.games.zehntausend.terminal import render

    s = new("einfach+ergaenzen")
    s = take(throw(roll(take(throw(s, 5, 5, 5, 2, 3), 5, 5, 5)), 5, 3), 5)
    console = Console(width=120, record=True)
    console.print(render(s.view(0), "de"))
    out = console.export_text()
    assert "Offene Päsche" in out and "4×5 = 1000" in out
