"""Melds, partitions and legal selections: every scoring example of the spec (§3.3, §3.11, R-4) and the seeds.

Each test names the text it comes from; every scoring option has a test here that fails if it were ignored.
"""

from __future__ import annotations

from functools import cache

import pytest

from wuerfel.engine.dice import Multiset, multisets, sort_dice
from wuerfel.games.zehntausend.melds import (
    Meld,
    Selection,
    all_partitions,
    best_partition,
    clear_caches,
    ext_value,
    instant_win,
    is_niete,
    legal_selections,
    literal_keeps,
    meld_label,
    throw_value,
    turned_selection,
)
from wuerfel.games.zehntausend.options import ZehntausendRules, load_rules
from wuerfel.i18n import Translator

NAMED = {
    "[000]": "zehntausend-einfach",
    "[001]": "zehntausend-350",
    "macke-klassisch": "macke-klassisch",
    "macke-6": "macke-6",
}


@cache
def R(name: str) -> ZehntausendRules:
    return load_rules(name)


def d(text: str) -> Multiset:
    return sort_dice(int(c) for c in text if c.isdigit())


def best(rules: ZehntausendRules | str, throw: str, open_sets: tuple[tuple[int, int], ...] = ()) -> int | None:
    """Value of the best legal selection of a throw (None = Niete)."""
    r = R(rules) if isinstance(rules, str) else rules
    sels = legal_selections(r, d(throw), open_sets)
    return sels[0].points if sels else None


def value(rules: ZehntausendRules | str, dice: str, open_sets: tuple[tuple[int, int], ...] = ()) -> int | None:
    """Value of exactly these dice as one selection (None = not scorable as a whole)."""
    r = R(rules) if isinstance(rules, str) else rules
    sel = best_partition(r, d(dice), open_sets)
    return sel.points if sel else None


def legal_dice(rules: ZehntausendRules | str, throw: str, **kw: object) -> set[Multiset]:
    r = R(rules) if isinstance(rules, str) else rules
    return {s.dice for s in legal_selections(r, d(throw), **kw)}  # type: ignore[arg-type]


def with_(name: str, **tables: dict) -> ZehntausendRules:
    return load_rules(name, tables)


# ---- §3.3 partitions ------------------------------------------------------------------------------------------


def test_six_ones_have_six_partitions_and_score_8000() -> None:
    parts = all_partitions(R("zehntausend-350"), d("111111"))
    got = sorted((tuple(sorted(len(m.dice) for m in p)), sum(m.points for m in p)) for p in parts)
    assert got == sorted(
        [
            ((6,), 8000),
            ((1, 5), 4100),
            ((1, 1, 4), 2200),
            ((3, 3), 2000),
            ((1, 1, 1, 3), 1300),
            ((1, 1, 1, 1, 1, 1), 600),
        ]
    )
    assert [sum(m.points for m in p) for p in parts] == [8000, 4100, 2200, 2000, 1300, 600]  # best first
    assert value("zehntausend-350", "111111") == 8000


def test_only_partition_of_33331_5_and_22222_5() -> None:
    parts = all_partitions(R("zehntausend-350"), d("333315"))
    assert len(parts) == 1
    assert sorted((m.kind, m.dice, m.points) for m in parts[0]) == [
        ("five", (5,), 50),
        ("kind", (3, 3, 3, 3), 600),
        ("one", (1,), 100),
    ]
    parts = all_partitions(R("zehntausend-350"), d("222225"))
    assert [[(m.kind, m.dice) for m in p] for p in parts] == [[("kind", (2, 2, 2, 2, 2)), ("five", (5,))]]
    assert value("zehntausend-350", "222225") == 850


def test_partitions_are_deduplicated_multisets_and_exact_covers() -> None:
    r = R("macke-6")
    for dice in [d("111155"), d("123455"), d("112233"), d("111111")]:
        parts = all_partitions(r, dice)
        assert len(parts) == len(set(parts))
        for p in parts:
            assert sort_dice(x for m in p for x in m.dice) == dice


def test_tie_break_fewer_sets_then_more_fives() -> None:
    # 1-1-1 as a triple (1000) beats three singles; equal values prefer fewer sets: with one = 1000/3 impossible,
    # so build a rule set where 5-5-5 = 150 = three single 5s: the singles win (nothing to prove, more to turn).
    r = with_("zehntausend-350", scoring={"kind": {"triple": [1000, 200, 300, 400, 150, 600]}})
    sel = best_partition(r, d("555"))
    assert sel is not None and sel.points == 150
    assert [m.kind for m in sel.melds] == ["five", "five", "five"]
    assert not sel.has_set and sel.five_pairs == 1


# ---- §3.11 worked examples ------------------------------------------------------------------------------------


def test_e1_33331_5() -> None:
    r = R("zehntausend-350")
    sels = legal_selections(r, d("333315"))
    assert sels[0].dice == d("333315") and sels[0].points == 750
    by_dice = {s.dice: s.points for s in sels}
    assert by_dice[d("33315")] == 450 and by_dice[d("3333")] == 600 and by_dice[d("15")] == 150
    assert d("3") not in by_dice and d("33") not in by_dice
    assert best("macke-6", "333315") == 1350


def test_e2_123451() -> None:
    sels = legal_selections(R("zehntausend-350"), d("123451"))
    assert sels[0].points == 1600 and len(sels[0].dice) == 6
    assert sorted((m.kind, m.points) for m in sels[0].melds) == [("one", 100), ("straight", 1500)]
    assert {s.dice: s.points for s in sels}[d("115")] == 250
    assert best("macke-6", "123451") == 1100


def test_e3_the_9500_point_turn() -> None:
    r = R("zehntausend-350")
    assert best(r, "522336") == 50
    assert legal_dice(r, "522336") == {d("5")}
    assert best(r, "12345") == 1500
    assert best(r, "123456") == 3000
    assert best(r, "222225") == 850
    assert value(r, "22222") == 800  # the partial alternative
    assert best(r, "224466") == 500
    assert best(r, "333326") == 600
    assert legal_dice(r, "333326") == {d("333"), d("3333")}
    assert 50 + 1500 + 3000 + 850 + 500 + 3000 + 600 == 9500
    # every confirming throw must be worth >= 350: all of them are
    for throw in ("123456", "222225", "224466", "123456", "333326"):
        assert legal_selections(r, d(throw), confirm_min=350)
    # with extension across hot dice the 2-2 would extend the five 2s (+2,400)
    x = with_("zehntausend-350", extension={"across_hot_dice": True})
    assert value(x, "22", open_sets=((2, 5),)) == 2400


def test_e4_proving_example_standard_and_literal() -> None:
    b = R("macke-klassisch+beweisen")
    s1 = legal_selections(b, d("22234"))[0]
    assert (s1.dice, s1.points, s1.has_set, s1.proving) == (d("222"), 200, True, False)
    s2 = legal_selections(b, d("33314"))[0]
    assert (s2.dice, s2.points, s2.has_set, s2.proving) == (d("1333"), 400, True, True)
    s3 = legal_selections(b, d("1266"))[0]
    assert (s3.points, s3.has_set, s3.proving) == (100, False, True)
    # literal model: every throw scored in full, only 1s and 5s stay aside
    lit = R("macke-klassisch+beweisen-literal")
    values = [throw_value(lit, d(t)) for t in ("22234", "33314", "1266")]
    assert [v.points for v in values if v] == [200, 400, 100] and sum(v.points for v in values if v) == 700
    assert literal_keeps(d("22234")) == ()  # no 1 or 5: all five dice are thrown again
    assert literal_keeps(d("33314")) == ((1,),)  # 5 - 1 = 4 dice next
    assert literal_keeps(d("1266")) == ((1,),)  # then 3 dice
    assert set(literal_keeps(d("1553"))) == {(1,), (5,), (1, 5), (5, 5), (1, 5, 5)}
    assert throw_value(lit, d("2346")) is None


def test_e5_555_36_and_proven_10050() -> None:
    e = R("zehntausend-einfach")
    s = legal_selections(e, d("55536"))[0]
    assert (s.dice, s.points, s.has_set, s.proving) == (d("555"), 500, True, False)
    s = legal_selections(e, d("11113"))[0]
    assert (s.dice, s.points, s.has_set) == (d("1111"), 10000, True)
    p = legal_selections(e, d("5"))[0]
    assert p.points == 50 and p.proving
    assert s.points + p.points == 10050


def test_e6_ergaenzen_chain() -> None:
    r = R("einfach+verdoppeln+ergaenzen")
    s = legal_selections(r, d("55523"))[0]
    assert s.points == 500 and s.opened == ((5, 3, 500),)
    e1 = legal_selections(r, d("5"), open_sets=s.opened)[0]
    assert e1.points == 500 and e1.melds[0].kind == "ext" and e1.opened == ((5, 4, 1000),)  # 1000 in all
    e2 = legal_selections(r, d("5"), open_sets=e1.opened)[0]
    assert e2.points == 1000 and e2.opened == ((5, 5, 2000),)  # 2000
    e3 = legal_selections(r, d("5"), open_sets=e2.opened)[0]
    assert e3.points == 2000 and e3.opened == ((5, 6, 4000),)  # 4000
    assert 500 + 500 + 1000 + 2000 == 4000
    # "3,3,3 + 3 = 300 mal 2 = 600" with the fixed table too (einfach + Ergänzen)
    plain = R("einfach+ergaenzen")
    assert value(plain, "3", open_sets=((3, 3),)) == 300
    assert value(plain, "33", open_sets=((3, 3),)) == 900  # 300 * (2^2 - 1): 1200 in all
    assert value(plain, "3") is None  # without the open set a lone 3 is nothing
    # the same chain under the fixed four-of-a-kind table: the running value doubles, not the table's 5000
    s = legal_selections(plain, d("55523"))[0]
    e1 = legal_selections(plain, d("5"), open_sets=s.opened)[0]
    e2 = legal_selections(plain, d("5"), open_sets=e1.opened)[0]
    e3 = legal_selections(plain, d("5"), open_sets=e2.opened)[0]
    assert [x.points for x in (s, e1, e2, e3)] == [500, 500, 1000, 2000]
    assert e3.opened == ((5, 6, 4000),)
    both = legal_selections(plain, d("55"), open_sets=s.opened)[0]  # +5 +5 in one throw: each die doubles once
    assert both.points == 1500 and both.opened == e2.opened == ((5, 5, 2000),)


def test_e7_doubling() -> None:
    v = R("einfach+verdoppeln")
    assert value(v, "2222") == 400 and value(v, "1111") == 2000 and value(v, "66666") == 2400
    assert value(v, "11111") == 4000 and value(v, "22222") == 800
    assert value("einfach-6+verdoppeln+bestaetigen", "222222") == 1600
    assert value("zehntausend-350", "111111") == 8000
    p = R("macke-klassisch+paesche-verdoppeln")
    assert best(p, "55553") == 1000 and best(p, "55555") == 2000


def test_e8_turning_fives_on_333155() -> None:
    r = R("zehntausend-350")
    s = legal_selections(r, d("333155"))[0]
    assert s.points == 500 and len(s.dice) == 6 and s.five_pairs == 1
    t = turned_selection(r, s, 1)
    assert t.points == 500 and len(t.dice) == 5  # one die back into the cup
    assert t.dice == d("13331")
    with pytest.raises(ValueError):
        turned_selection(r, s, 2)


def test_e9_bestaetigen_113335() -> None:
    r = R("einfach-6+verdoppeln+bestaetigen")
    sels = legal_selections(r, d("113335"))
    assert sels[0].points == 550 and len(sels[0].dice) == 6  # all six scoring in one throw
    assert {s.points for s in legal_selections(r, d("23465"), confirm_min=50)} == {50}
    assert legal_selections(r, d("2346"), confirm_min=50) == ()


def test_e10_continuation() -> None:
    r = R("zehntausend-350")
    first = legal_selections(r, d("444236"))[0]
    assert first.points == 400 and first.opened == ((4, 3, 400),)
    assert best(r, "4", open_sets=first.opened) == 400  # 800 in all
    one = legal_selections(r, d("1"))[0]
    assert one.opened == ()  # singles never open a set
    assert best(r, "4", open_sets=one.opened) is None  # "zählt nicht!"
    assert best(r, "423", open_sets=one.opened) is None
    two = legal_selections(r, d("1123"))[0]
    assert two.dice == d("11") and two.points == 200 and two.opened == ()
    assert best(r, "11", open_sets=two.opened) == 200  # 400, not 2000


def test_e11_takeover_throws() -> None:
    r = R("einfach+verschaerft+uebernehmen")
    assert best(r, "55524") == 500
    assert best(r, "12") == 100 and best(r, "53") == 50 and best(r, "24") is None


E12 = [
    # throw, {preset: best value or None (Niete)}
    ("111111", {"zehntausend-350": 8000, "macke-6": 4200}),
    ("224466", {"zehntausend-350": 500, "macke-6": 1500}),
    ("122333", {"zehntausend-350": 400, "macke-6": 400, "einfach+pyramide": 1000}),
    ("55555", {"zehntausend-einfach": 5050, "zehntausend-350": 2000, "macke-klassisch": 600, "macke-6": 2050}),
    ("123455", {"zehntausend-350": 1550, "macke-6": 1050}),
    ("234566", {"zehntausend-350": 1500, "macke-6": 1000}),
    ("115533", {"zehntausend-350": 500, "macke-6": 1500}),
    ("222333", {"zehntausend-350": 500, "macke-6": None}),
    ("66623", {"macke-klassisch": None, "macke-6": None, "zehntausend-einfach": 600, "zehntausend-350": 600}),
]


@pytest.mark.parametrize(("throw", "expected"), E12)
def test_e12_awkward_throws(throw: str, expected: dict[str, int | None]) -> None:
    for preset, v in expected.items():
        assert best(preset, throw) == v, (preset, throw)


def test_e12_details() -> None:
    assert value("zehntausend-350", "115533") == 500 and value("zehntausend-350", "1155") == 300
    sel = legal_selections(R("zehntausend-350"), d("234566"))[0]
    assert sel.dice == d("23456")  # one 6 back
    sel = legal_selections(R("zehntausend-350"), d("122333"))[0]
    assert sel.dice == d("1333")  # 2-2 back


# ---- R-4 companion rule ------------------------------------------------------------------------------------


def test_r4_companion_rule_macke() -> None:
    mk = R("macke-klassisch")
    assert best(mk, "22234") is None
    assert legal_dice(mk, "22214") == {d("2221"), d("1")}
    assert {s.points for s in legal_selections(mk, d("22214"))} == {300, 100}
    assert legal_dice(mk, "22254") == {d("2225"), d("5")}
    assert legal_dice(mk, "55524") == {d("555"), d("55"), d("5")}  # 5-5-5 needs no companion
    assert best(mk, "11123") == 1000


def test_r4_companion_scope_throw() -> None:
    r = with_("macke-klassisch", scoring={"kind": {"companion_scope": "throw"}})
    assert legal_dice(r, "22214") == {d("2221"), d("222"), d("1")}
    assert best(r, "22234") is None


def test_r4_companion_sizes_and_faces() -> None:
    m6 = R("macke-6")
    assert best(m6, "666623") is None  # every pasch of 6s needs a 1 or 5
    sizes3 = with_("macke-6", scoring={"kind": {"companion_sizes": [3]}})
    assert best(sizes3, "666623") == 3600
    faces = with_("macke-klassisch", scoring={"kind": {"companion_faces": [2, 3, 4]}})
    assert best(faces, "66623") == 600 and best(faces, "22234") is None
    assert best("macke-6", "334466") == 1500  # three pairs are no pasch


# ---- every scoring/selection option changes something ------------------------------------------------------


def test_option_one_and_five() -> None:
    r = with_("zehntausend-einfach", scoring={"one": 150, "five": 75})
    assert value(r, "15") == 225
    zero = with_("zehntausend-einfach", scoring={"five": 0})
    assert value(zero, "5") is None and best(zero, "5") is None


def test_option_straights() -> None:
    assert best("zehntausend-einfach", "12345") == 150
    assert best("zehntausend-rueckwaerts", "12345") == 1000 and best("zehntausend-rueckwaerts", "23456") == 1000
    assert best("macke-klassisch", "12346") == 500 and best("macke-klassisch", "12341") == 600
    assert best("macke-klassisch", "34566") == 50
    assert best("einfach+strasse", "123456") == 1000
    r = with_("einfach+strasse", scoring={"straights": [{"faces": [1, 2, 3, 4, 5, 6], "value": 1250}]})
    assert best(r, "654321") == 1250


def test_option_instant_win() -> None:
    s = R("einfach+sechserpasch")
    assert instant_win(s, d("333333")) and not instant_win(s, d("333332"))
    assert not instant_win(R("zehntausend-einfach"), d("33333"))
    f = R("macke-klassisch+fuenf-einsen")
    assert instant_win(f, d("11111")) and not instant_win(f, d("11115"))
    assert instant_win(with_("macke-6", scoring={"instant_win": [{"face": 1, "count": 5}]}), d("111113"))


def test_option_triple() -> None:
    r = with_("macke-klassisch", scoring={"kind": {"triple": [1000, 250, 300, 400, 500, 600]}})
    assert best(r, "22215") == 400


def test_option_kind_rule_and_explicit() -> None:
    assert value("macke-klassisch", "2222") is None  # triple_only: no four of a kind
    assert value("macke-klassisch", "22221") is None
    assert value("zehntausend-einfach", "2222") == 2000
    assert value("einfach+verdoppeln", "2222") == 400
    assert value("zehntausend-einfach", "22222") is None  # no five-of-a-kind entry and 5 can't split 3 + 2
    custom = with_(
        "zehntausend-einfach",
        scoring={"kind": {"explicit": {"4": [10000, 2000, 3000, 4000, 5000, 6000], "5": [0, 5000, 0, 0, 0, 0]}}},
    )
    assert value(custom, "22222") == 5000 and value(custom, "33333") is None
    assert best("macke-6", "111111") == 4200  # four 1s plus two singles


def test_option_three_pairs() -> None:
    assert best("zehntausend-einfach", "224466") is None
    assert best("einfach+3x2", "224466") == 1000
    assert best("zehntausend-350", "224455") == 500
    assert best("zehntausend-350", "222244") == 400  # distinct: only 2222 scores, 4-4 stays
    nd = with_("zehntausend-350", scoring={"three_pairs": {"distinct": False}})
    assert best(nd, "222244") == 500 and best(nd, "444444") == 3200
    assert best(nd, "223344") == 500


def test_option_pyramid_shapes() -> None:
    base = {"value": 1000}
    shapes = {
        "exact_122333": {"122333": 1000, "233444": None, "443332": None, "166555": None},
        "consecutive_ascending": {"122333": 1000, "233444": 1000, "655444": None, "166555": None},
        "consecutive_any_direction": {"122333": 1000, "233444": 1000, "655444": 1000, "166555": None},
        "any_distinct": {"122333": 1000, "233444": 1000, "443332": 1000, "166555": 1000},
    }
    for shape, cases in shapes.items():
        r = with_("einfach+pyramide", scoring={"pyramid": {**base, "shape": shape}})
        for throw, v in cases.items():
            sel = best_partition(r, d(throw))
            got = sel.points if sel and sel.melds[0].kind == "pyramid" else None
            assert got == v, (shape, throw)
    assert best("einfach+pyramide", "122333") == 1000
    assert best("zehntausend-einfach", "122333") == 400
    assert best("einfach+pyramide", "233444") == 1000


def test_option_selection_rule_all_scoring() -> None:
    r = R("zehntausend-rueckwaerts")
    sels = legal_selections(r, d("11532"))
    assert len(sels) == 1 and sels[0].dice == d("115") and sels[0].points == 250
    free = with_(
        "zehntausend-rueckwaerts", selection={"rule": "free"}, game={"mode": "standard"}, turn={"max_throws": 0}
    )
    assert len(legal_selections(free, d("11532"))) > 1


def test_option_five_pair_to_one() -> None:
    assert legal_selections(R("zehntausend-350"), d("55"))[0].five_pairs == 1
    assert legal_selections(R("zehntausend-350"), d("5555"))[0].five_pairs == 0  # a 5555 set is no pair of FIVEs
    assert legal_selections(R("zehntausend-350"), d("55"))[0].points == 100
    assert legal_selections(R("zehntausend-einfach"), d("55"))[0].five_pairs == 0
    assert legal_selections(R("einfach+5er-drehen"), d("3355"))[0].five_pairs == 1
    straight = legal_selections(R("zehntausend-350"), d("123455"))[0]
    assert straight.five_pairs == 0  # the 5 of a straight cannot be turned


def test_option_converted_one_combines() -> None:
    plain = R("zehntausend-350")
    s = legal_selections(plain, d("1155"))[0]
    assert turned_selection(plain, s, 1).points == 300
    comb = with_("zehntausend-350", selection={"converted_one_combines": True})
    s = legal_selections(comb, d("1155"))[0]
    t = turned_selection(comb, s, 1)
    assert t.points == 1000 and t.dice == d("111") and t.has_set


def test_option_extension_enabled_and_value() -> None:
    assert best("zehntausend-einfach", "4", open_sets=((4, 3),)) is None  # open sets ignored without extension
    assert best("einfach+ergaenzen", "4", open_sets=((4, 3),)) == 400
    table = with_("zehntausend-350", extension={"value": "kind_table"})
    assert ext_value(table, 4, 2, 3) == 1600 - 400
    assert best(table, "44", open_sets=((4, 3),)) == 1200
    assert best("zehntausend-350", "44", open_sets=((4, 3),)) == 1200  # doubling: both agree ([001])
    fixed = with_("einfach+ergaenzen", extension={"value": "kind_table"})
    assert best(fixed, "4", open_sets=((4, 3),)) == 3600  # 4000 - 400 from the table
    assert best(fixed, "4", open_sets=((4, 4),)) is None  # no five-of-a-kind entry (validation 7)


def test_extension_competes_with_other_uses() -> None:
    r = R("zehntausend-350")
    # 5 after an open 5-5-5: EXT (+500) beats a single 5 (+50)
    sel = legal_selections(r, d("5"), open_sets=((5, 3),))[0]
    assert sel.points == 500 and sel.melds[0].kind == "ext"
    # 1-1-1 after an open 1-1-1 set: extending by three (7000) beats a new triple (1000)
    assert best(r, "111", open_sets=((1, 3),)) == 7000


def test_confirm_min_filters_selections() -> None:
    r = R("zehntausend-350")
    assert {s.points for s in legal_selections(r, d("111523"), confirm_min=350)} == {1050, 1000}
    assert legal_selections(r, d("155236"), confirm_min=350) == ()
    assert legal_selections(r, d("155236"))  # not a Niete without the pending confirmation


# ---- seeds: value tables -----------------------------------------------------------------------------------


def test_seed_000_table_punkte_column() -> None:
    e = R("zehntausend-einfach")
    table = {
        "5": 50,
        "1": 100,
        "222": 200,
        "333": 300,
        "444": 400,
        "555": 500,
        "666": 600,
        "111": 1000,
        "2222": 2000,
        "3333": 3000,
        "4444": 4000,
        "5555": 5000,
        "6666": 6000,
        "1111": 10000,
    }
    for dice, v in table.items():
        assert value(e, dice) == v, dice
    assert value("einfach+strasse", "123456") == 1000


def test_seed_000_table_verdoppel_column() -> None:
    v6 = R("einfach-6+verdoppeln+bestaetigen")
    table = {
        "5": 50,
        "1": 100,
        "222": 200,
        "333": 300,
        "444": 400,
        "555": 500,
        "666": 600,
        "111": 1000,
        "2222": 400,
        "3333": 600,
        "4444": 800,
        "5555": 1000,
        "6666": 1200,
        "1111": 2000,
        "11111": 4000,
        "22222": 800,
        "222222": 1600,
    }
    for dice, v in table.items():
        assert value(v6, dice) == v, dice
    col = with_(
        "einfach-6+verdoppeln+bestaetigen", scoring={"straights": [{"faces": [1, 2, 3, 4, 5, 6], "value": 3000}]}
    )
    assert value(col, "123456") == 3000


def test_seed_000_variants() -> None:
    assert best("einfach+3x2", "224466") == 1000
    assert best("einfach+pyramide", "122333") == 1000
    assert best("einfach-6+verdoppeln+bestaetigen", "113335") == 550
    assert best("rueckwaerts-6", "223355") == 1500
    # Rückwärts: "nimmt alle 5er und 1er heraus"
    sel = legal_selections(R("zehntausend-rueckwaerts"), d("15546"))
    assert [s.dice for s in sel] == [d("155")]
    # "Minus Punkte": a first throw without 1, 5, pasch or straight
    assert is_niete(R("einfach+minus"), d("22346")) and not is_niete(R("einfach+minus"), d("22236"))


def test_seed_001_table() -> None:
    r = R("zehntausend-350")
    table = {
        "1": 100,
        "5": 50,
        "111": 1000,
        "222": 200,
        "333": 300,
        "444": 400,
        "555": 500,
        "666": 600,
        "1111": 2000,
        "2222": 400,
        "11111": 4000,
        "22222": 800,
        "111111": 8000,
        "222222": 1600,
        "4444": 800,
        "224455": 500,
        "12345": 1500,
        "23456": 1500,
        "123456": 3000,
    }
    for dice, v in table.items():
        assert value(r, dice) == v, dice
    assert best(r, "333315") == 750 and best(r, "123451") == 1600


def test_seed_002_table() -> None:
    mk = R("macke-klassisch")
    for dice, v in {
        "5": 50,
        "1": 100,
        "2221": 300,
        "3331": 400,
        "4445": 450,
        "555": 500,
        "6665": 650,
        "111": 1000,
        "1234": 500,
        "2345": 500,
        "12345": 1000,
        "23456": 1000,
    }.items():
        assert value(mk, dice) == v, dice
    for dice in ("222", "333", "444", "666"):
        assert value(mk, dice) is None, dice  # "zählen nur, wenn eine 1 oder 5 dazu gewürfelt wurde"
    m6 = R("macke-6")
    for dice, v in {
        "22221": 900,
        "33331": 1300,
        "44441": 1700,
        "5555": 2000,
        "66661": 3700,
        "112244": 1500,
        "334466": 1500,
        "123456": 3000,
    }.items():
        assert value(m6, dice) == v, dice


def test_farkle_scoring() -> None:
    f = R("farkle")
    assert value(f, "111") == 1000 and value(f, "222") == 200 and value(f, "666") == 600
    assert best(f, "111123") == 1100  # no four of a kind
    assert best(f, "224466") is None  # no three pairs
    assert best(f, "123456") == 150  # no straight
    assert best(f, "111111") == 2000
    assert best(f, "222346") == 200  # no companion needed
    assert f.extension.enabled is False and f.turn.hot_dice and f.game.end_rule == "immediate"


# ---- API details ---------------------------------------------------------------------------------------------


def test_selection_properties() -> None:
    r = R("zehntausend-350")
    s = best_partition(r, d("1236"))
    assert s is None  # 2, 3 and 6 are no melds here
    s = best_partition(r, d("123455"))
    assert s is not None and s.proving and not s.has_set
    s = best_partition(r, d("444"))
    assert s is not None and s.has_set and not s.proving and s.opened == ((4, 3, 400),)
    s = best_partition(r, d("44"), open_sets=((4, 3),))
    assert s is not None and s.opened == ((4, 5, 1600),) and s.has_set
    assert s.to_json() == {"dice": [4, 4], "points": 1200, "melds": [{"name": "ext", "dice": [4, 4], "points": 1200}]}
    assert best_partition(r, ()) is None


def test_meld_labels_translate() -> None:
    de, en = Translator("de"), Translator("en")
    assert meld_label(Meld("kind", (3, 3, 3, 3), 600, face=3), de) == "4er-Pasch"
    assert meld_label(Meld("kind", (3, 3, 3, 3), 600, face=3), en) == "4 of a kind"
    assert meld_label(Meld("straight", (1, 2, 3, 4, 5), 1500), de) == "Straße"


def test_legal_selections_are_cached_and_sorted() -> None:
    r = R("macke-6")
    a = legal_selections(r, (5, 1, 1, 2, 3, 4))
    assert legal_selections(r, d("112345")) is a
    keys = [(-s.points, -len(s.dice), s.dice) for s in a]
    assert keys == sorted(keys)
    clear_caches()
    assert legal_selections(r, d("112345")) == a


def test_selection_is_the_api_type() -> None:
    s = legal_selections(R("macke-6"), d("5"))[0]
    assert isinstance(s, Selection) and s == Selection((5,), 50, (Meld("five", (5,), 50),), 0)


@pytest.mark.parametrize(
    "name",
    ["zehntausend-einfach", "zehntausend-350", "macke-klassisch", "macke-6", "zehntausend-rueckwaerts", "farkle"],
)
def test_every_throw_has_consistent_tables(name: str) -> None:
    r = R(name)
    for n in range(1, r.dice.count + 1):
        for throw in multisets(n):
            sels = legal_selections(r, throw)
            for s in sels:
                assert s.points == sum(m.points for m in s.melds) > 0
                assert sort_dice(x for m in s.melds for x in m.dice) == s.dice


# ---- properties (Hypothesis) ----------------------------------------------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from wuerfel.engine.dice import is_sub_multiset  # noqa: E402
from wuerfel.games.zehntausend.options import library  # noqa: E402

ALL_RULE_SETS = tuple(library().names())


@st.composite
def rules_and_throw(draw: st.DrawFn, spare: int = 0) -> tuple[ZehntausendRules, Multiset, tuple[tuple[int, int], ...]]:
    r = R(draw(st.sampled_from(ALL_RULE_SETS)))
    n = draw(st.integers(1, r.dice.count - spare))
    throw = sort_dice(draw(st.lists(st.integers(1, 6), min_size=n, max_size=n)))
    open_sets = tuple(draw(st.lists(st.tuples(st.integers(1, 6), st.integers(3, 5)), max_size=2)))
    return r, throw, open_sets


@settings(max_examples=300, deadline=None)
@given(rules_and_throw())
def test_property_selections_are_sound(case: tuple[ZehntausendRules, Multiset, tuple[tuple[int, int], ...]]) -> None:
    r, throw, open_sets = case
    sels = legal_selections(r, throw, open_sets)
    keys = [(-s.points, -len(s.dice), s.dice) for s in sels]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)  # best first, no duplicates
    for s in sels:
        assert s.dice and is_sub_multiset(s.dice, throw)
        assert s.points == sum(m.points for m in s.melds) > 0
        assert sort_dice(x for m in s.melds for x in m.dice) == s.dice
        assert all(s.points >= sum(m.points for m in p) for p in all_partitions(r, s.dice, open_sets, throw))
    if r.selection.rule == "all_scoring":
        assert len(sels) <= 1


@settings(max_examples=300, deadline=None)
@given(rules_and_throw(spare=1), st.sampled_from([1, 5]))
def test_property_an_extra_one_or_five_never_removes_value(
    case: tuple[ZehntausendRules, Multiset, tuple[tuple[int, int], ...]], extra: int
) -> None:
    r, throw, open_sets = case
    before = legal_selections(r, throw, open_sets)
    after = legal_selections(r, sort_dice((*throw, extra)), open_sets)
    assert after, "a 1 or 5 always scores"
    if before:
        single = r.scoring.one if extra == 1 else r.scoring.five
        assert after[0].points >= before[0].points + single  # the old best plus the new single
    if r.selection.rule == "free":
        have = {s.dice: s.points for s in after}
        for s in before:
            assert have.get(s.dice) == s.points
