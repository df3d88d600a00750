"""Engine core: dice distributions, rules loading, records, sources, and the generic harness on a toy game."""

from __future__ import annotations

import dataclasses
import json
import pickle
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.engine.toy_game import Hold, PigRules, RollAgain, pig_info
from wuerfel.engine import dice
from wuerfel.engine.errors import IllegalAction, RuleError
from wuerfel.engine.game import Roll
from wuerfel.engine.record import GameRecord, Match
from wuerfel.engine.registry import _REGISTRY, register
from wuerfel.engine.rules import PresetLibrary, deep_merge, describe_options, options_from_dict, options_to_dict
from wuerfel.engine.sources import SeededSource
from wuerfel.engine.testing import check_replay, random_playthrough


@pytest.fixture(autouse=True)
def _pig_registered():
    register(pig_info())
    yield
    _REGISTRY.pop("pig", None)


@pytest.mark.parametrize(("n", "count"), [(1, 6), (2, 21), (3, 56), (4, 126), (5, 252), (6, 462)])
def test_multiset_counts_and_probabilities(n: int, count: int) -> None:
    dist = dice.roll_distribution(n)
    assert len(dist) == count
    assert sum(p for _, p in dist) == 1


def test_multiset_probability_examples() -> None:
    assert dice.multiset_probability((1, 1, 1, 1, 1, 1)) == Fraction(1, 6**6)
    assert dice.multiset_probability((1, 2, 3, 4, 5, 6)) == Fraction(720, 6**6)


def test_parse_dice() -> None:
    assert dice.parse_dice("3 3 3 1 5") == (1, 3, 3, 3, 5)
    assert dice.parse_dice("33315") == (1, 3, 3, 3, 5)
    assert dice.parse_dice("3,3,3,1,5", 5) == (1, 3, 3, 3, 5)
    with pytest.raises(ValueError):
        dice.parse_dice("3 3 7")
    with pytest.raises(ValueError):
        dice.parse_dice("3 3 3", 5)


@given(st.lists(st.integers(1, 6), max_size=6))
def test_sub_multisets_are_contained(d: list[int]) -> None:
    ds = dice.sort_dice(d)
    subs = dice.sub_multisets(ds)
    assert len(subs) == len(set(subs))
    for s in subs:
        assert dice.is_sub_multiset(s, ds)
        assert dice.sort_dice(s + dice.remove_dice(ds, s)) == ds


@dataclasses.dataclass(frozen=True)
class _Inner:
    mode: str = "a"
    values: tuple[int, ...] = (1, 2)


def test_rules_refuse_unknown_and_mistyped_options_by_name() -> None:
    @dataclasses.dataclass(frozen=True)
    class Opts:
        count: int = 5
        flag: bool = False
        inner: _Inner = dataclasses.field(default_factory=_Inner)

    assert options_from_dict(Opts, {"count": 6}).count == 6
    with pytest.raises(RuleError, match=r"inner\.nope"):
        options_from_dict(Opts, {"inner": {"nope": 1}})
    with pytest.raises(RuleError, match="count"):
        options_from_dict(Opts, {"count": "five"})
    with pytest.raises(RuleError, match="flag"):
        options_from_dict(Opts, {"flag": 1})
    with pytest.raises(RuleError, match=r"inner\.values"):
        options_from_dict(Opts, {"inner": {"values": [1, "x"]}})
    with pytest.raises(RuleError, match="count"):
        options_from_dict(Opts, {"flag": True}, complete=True)
    o = options_from_dict(Opts, {"inner": {"values": [3]}})
    assert options_to_dict(o) == {"count": 5, "flag": False, "inner": {"mode": "a", "values": [3]}}
    assert [i.key for i in describe_options(o)] == ["count", "flag", "inner.mode", "inner.values"]


def test_deep_merge_semantics() -> None:
    base = {"a": {"x": 1, "y": 2}, "b": [1, 2], "c": {"k": 1}}
    merged = deep_merge(base, {"a": {"y": 3}, "b": [9], "c": {}})
    assert merged == {"a": {"x": 1, "y": 3}, "b": [9], "c": {}}
    assert base["a"] == {"x": 1, "y": 2}


def test_preset_library_overlays_and_user_files(tmp_path: Path) -> None:
    (tmp_path / "base.toml").write_text('[preset]\nid = "base"\n[game]\ntarget = 100\nmode = "x"\n')
    (tmp_path / "more.toml").write_text('[overlay]\nid = "more"\nextends = "base"\n[game]\ntarget = 50\n')
    lib = PresetLibrary(tmp_path)
    assert lib.names() == ["base", "more"]
    assert lib.resolve("more").data == {"game": {"target": 50, "mode": "x"}}
    user = tmp_path / "mine.toml"
    user.write_text('[overlay]\nid = "mine"\nextends = "more"\n[game]\nmode = "y"\n')
    assert lib.resolve(str(user)).data == {"game": {"target": 50, "mode": "y"}}
    (tmp_path / "loop.toml").write_text('[overlay]\nid = "loop"\nextends = "loop"\n')
    with pytest.raises(RuleError):
        PresetLibrary(tmp_path).resolve("loop")
    with pytest.raises(RuleError, match="Unknown rule set"):
        lib.resolve("nothing")


def test_toy_game_random_playthroughs_pass_the_generic_checks() -> None:
    for seed in range(5):
        m = Match.new("pig", None, ["A", "B"])
        random_playthrough(m, seed)
        assert m.state.is_terminal()
        assert m.state.winners()


def test_illegal_moves_change_nothing_and_say_why() -> None:
    m = Match.new("pig", None, ["A", "B"])
    with pytest.raises(IllegalAction, match="thrown first"):
        m.act(Hold())
    m.chance(Roll((4,)))
    before = m.record.dumps()
    with pytest.raises(IllegalAction, match="not your turn"):
        m.act(Hold(), player=1)
    with pytest.raises(IllegalAction, match="Unknown move"):
        m.act({"kind": "explode"})
    with pytest.raises(IllegalAction, match="Malformed"):
        m.act({"kind": "hold", "extra": 1})
    with pytest.raises(IllegalAction):
        m.chance(Roll((4,)))
    assert m.record.dumps() == before
    m.act(Hold())
    assert m.state.scores() == (4.0, 0.0)


def test_illegal_action_translates_to_german() -> None:
    exc = IllegalAction("It is not your turn.")
    assert exc.translated("de") != ""


def test_record_round_trip_and_replay_are_exact() -> None:
    m = Match.new("pig", None, ["A", "B"], rules=PigRules(target=20))
    random_playthrough(m, 3)
    text = m.record.dumps()
    rec = GameRecord.loads(text)
    assert rec.rules == {"target": 20}
    assert json.loads(text)["events"]
    check_replay(m)


def test_seeded_source_is_reproducible_and_manual_entry_validates() -> None:
    m1 = Match.new("pig", None, ["A"])
    m2 = Match.new("pig", None, ["A"])
    s1, s2 = SeededSource(42), SeededSource(42)
    seq1 = [s1.choose(m1.state) for _ in range(50)]
    seq2 = [s2.choose(m2.state) for _ in range(50)]
    assert seq1 == seq2
    st_ = m1.state
    assert st_.parse_outcome("5") == Roll((5,))
    with pytest.raises(IllegalAction, match="exactly 1"):
        st_.parse_outcome("5 5")
    with pytest.raises(IllegalAction):
        st_.parse_outcome("9")


def test_seeded_source_frequencies_match_probabilities() -> None:
    m = Match.new("pig", None, ["A"])
    src = SeededSource(7)
    counts = [0] * 6
    for _ in range(6000):
        o = src.choose(m.state)
        assert isinstance(o, Roll)
        counts[o.dice[0] - 1] += 1
    assert all(800 < c < 1200 for c in counts)


def test_actions_are_values() -> None:
    assert RollAgain() == RollAgain()
    assert RollAgain().to_json() == {"kind": "roll"}


def test_rule_sets_with_tables_are_hashable_and_immutable() -> None:
    from wuerfel.engine.rules import FrozenDict, opt

    @dataclasses.dataclass(frozen=True)
    class Opts:
        table: dict[str, tuple[int, ...]] = opt(FrozenDict(), de="Tabelle")

    a = options_from_dict(Opts, {"table": {"4": [1, 2]}})
    b = options_from_dict(Opts, {"table": {"4": [1, 2]}})
    assert a == b and hash(a) == hash(b)
    assert a.table["4"] == (1, 2)
    with pytest.raises(TypeError):
        a.table["5"] = (3,)  # type: ignore[index]
    assert options_to_dict(a) == {"table": {"4": [1, 2]}}
    copy = pickle.loads(pickle.dumps(a.table))  # rule sets go to child processes (a background table build)
    assert copy == a.table and type(copy) is FrozenDict and hash(copy) == hash(a.table)
