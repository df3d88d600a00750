"""Zehntausend rule options: every key is typed and described, validation refuses naming the option (spec §2.7)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from wuerfel.engine.errors import RuleError
from wuerfel.engine.rules import describe_options, options_from_dict, options_to_dict
from wuerfel.games.zehntausend.options import (
    KindOptions,
    ZehntausendRules,
    kind_value,
    library,
    load_rules,
    rules_from_data,
)


def refused(name: str, overrides: dict, key: str) -> RuleError:
    """Load ``name`` with ``overrides`` and check that the refusal names ``key``."""
    with pytest.raises(RuleError) as info:
        load_rules(name, overrides)
    assert key in info.value.english(), info.value.english()
    assert key in info.value.translated("de")
    return info.value


def test_every_option_is_described_in_german_and_english() -> None:
    infos = describe_options(ZehntausendRules())
    assert len(infos) >= 59
    for o in infos:
        assert o.de and o.en, o.key


def test_defaults_are_the_neutral_column() -> None:
    r = ZehntausendRules()
    assert r.dice.count == 5
    assert (r.game.mode, r.game.target, r.game.reach, r.game.end_rule, r.game.tie, r.game.min_players) == (
        "standard",
        10000,
        "at_least",
        "finish_round",
        "shared",
        2,
    )
    assert (r.scoring.one, r.scoring.five, r.scoring.straights, r.scoring.instant_win) == (100, 50, (), ())
    assert r.scoring.kind == KindOptions()
    assert r.scoring.kind.triple == (1000, 200, 300, 400, 500, 600)
    assert (
        r.scoring.kind.rule,
        dict(r.scoring.kind.explicit),
        r.scoring.kind.companion_faces,
        r.scoring.kind.companion_sizes,
        r.scoring.kind.companion_scope,
    ) == ("triple_only", {}, (), (3,), "selection")
    assert (r.scoring.three_pairs.value, r.scoring.three_pairs.distinct) == (0, True)
    assert (r.scoring.pyramid.value, r.scoring.pyramid.shape) == (0, "consecutive_ascending")
    assert dataclasses.astuple(r.selection) == ("free", "standard", False, False, "on_set_aside")
    t = r.turn
    assert (
        t.hot_dice,
        t.max_throws,
        t.min_bank,
        t.stop_below_threshold,
        t.max_dice_left_to_bank,
        t.beat_predecessor,
        t.beat_fallback,
        t.bust,
        t.first_throw_niete,
        t.first_throw_points,
    ) == (True, 0, 0, "forbidden", -1, False, 0, "forfeit", "normal", 1000)
    assert dataclasses.astuple(r.proof) == (False, False)
    assert dataclasses.astuple(r.confirm) == (False, "all_dice_set_aside", 0, "single_throw")
    assert dataclasses.astuple(r.extension) == (False, "double_per_die", True)
    assert dataclasses.astuple(r.minus_marks) == (0, 0)
    assert r.takeover.enabled is False
    assert dataclasses.astuple(r.mishap) == ("off", 0.0, False, 0.0, 0, "none", 0, "each_after_threshold", False)
    assert dataclasses.astuple(r.rueckwaerts) == (True, "after_receiver")
    assert r.bumerang.phase2 == "count_down"
    r.validate()
    assert r.warnings() == []


def test_rules_are_hashable_and_round_trip() -> None:
    r = load_rules("zehntausend-350")
    again = options_from_dict(ZehntausendRules, options_to_dict(r), complete=True)
    assert again == r and hash(again) == hash(r)
    assert len({r, again, load_rules("macke-6")}) == 2


def test_mode_tables_may_be_absent_from_a_complete_preset() -> None:
    data = library().resolve("macke-klassisch").data
    assert "rueckwaerts" not in data and "bumerang" not in data
    rules_from_data(data, complete=True)
    partial = {k: v for k, v in data.items() if k != "turn"}
    with pytest.raises(RuleError, match="turn"):
        rules_from_data(partial, complete=True)


# ---- kind values (scoring.kind.rule) -------------------------------------------------------------------------


def test_kind_value_triple_only() -> None:
    r = load_rules("macke-klassisch")
    assert [kind_value(r, f, 3) for f in range(1, 7)] == [1000, 200, 300, 400, 500, 600]
    assert kind_value(r, 2, 4) == 0 and kind_value(r, 1, 2) == 0


def test_kind_value_explicit_and_doubling() -> None:
    einfach = load_rules("zehntausend-einfach")
    assert [kind_value(einfach, f, 4) for f in range(1, 7)] == [10000, 2000, 3000, 4000, 5000, 6000]
    assert kind_value(einfach, 1, 5) == 0
    m6 = load_rules("macke-6")
    assert [kind_value(m6, f, 4) for f in range(1, 7)] == [4000, 800, 1200, 1600, 2000, 3600]
    zero = load_rules("macke-6", {"scoring": {"kind": {"explicit": {"4": [0, 800, 1200, 1600, 2000, 3600]}}}})
    assert kind_value(zero, 1, 4) == 0
    d = load_rules("zehntausend-350")
    assert [kind_value(d, 1, k) for k in (3, 4, 5, 6)] == [1000, 2000, 4000, 8000]
    assert [kind_value(d, 2, k) for k in (3, 4, 5, 6)] == [200, 400, 800, 1600]
    triple = load_rules("zehntausend-350", {"scoring": {"kind": {"triple": [900, 200, 300, 400, 500, 600]}}})
    assert kind_value(triple, 1, 4) == 1800


# ---- validation (spec §2.7) ---------------------------------------------------------------------------------


def test_proof_and_confirm_together_are_refused() -> None:
    err = refused("zehntausend-einfach", {"confirm": {"enabled": True}}, "proof.enabled")
    assert "confirm.enabled" in err.english()


def test_rueckwaerts_needs_all_scoring_and_one_throw() -> None:
    refused("zehntausend-rueckwaerts", {"selection": {"rule": "free"}}, "selection.rule")
    refused("zehntausend-rueckwaerts", {"turn": {"max_throws": 0}}, "turn.max_throws")
    refused("zehntausend-einfach", {"game": {"mode": "rueckwaerts"}}, "selection.rule")


def test_solo_needs_one_player() -> None:
    refused("zehntausend-350", {"game": {"mode": "solo"}}, "game.min_players")
    assert load_rules("zehntausend-350-solo").min_players == 1


def test_explicit_rows_and_keys() -> None:
    refused("zehntausend-einfach", {"scoring": {"kind": {"explicit": {"4": [1, 2, 3]}}}}, "scoring.kind.explicit.4")
    refused(
        "zehntausend-einfach",
        {"scoring": {"kind": {"explicit": {"vier": [1, 2, 3, 4, 5, 6]}}}},
        "scoring.kind.explicit.vier",
    )
    refused(
        "zehntausend-einfach", {"scoring": {"kind": {"explicit": {"7": [1, 2, 3, 4, 5, 6]}}}}, "scoring.kind.explicit.7"
    )
    refused(
        "zehntausend-einfach",
        {"scoring": {"kind": {"explicit": {"4": [1, 2, 3, 4, 5, -6]}}}},
        "scoring.kind.explicit.4",
    )
    refused("zehntausend-einfach", {"scoring": {"kind": {"triple": [1000, 200, 300]}}}, "scoring.kind.triple")


@pytest.mark.parametrize(
    ("overrides", "key"),
    [
        ({"dice": {"count": 7}}, "dice.count"),
        ({"dice": {"count": "6"}}, "dice.count"),
        ({"game": {"target": 0}}, "game.target"),
        ({"game": {"mode": "backwards"}}, "game.mode"),
        ({"game": {"min_players": 0}}, "game.min_players"),
        ({"scoring": {"one": -100}}, "scoring.one"),
        ({"scoring": {"straights": [{"faces": [1, 1, 2], "value": 500}]}}, "scoring.straights[0].faces"),
        ({"scoring": {"straights": [{"faces": [1, 2, 7], "value": 500}]}}, "scoring.straights[0].faces"),
        ({"scoring": {"straights": [{"faces": [1, 2, 3], "value": 0}]}}, "scoring.straights[0].value"),
        ({"scoring": {"straights": [{"faces": [1, 2, 3], "worth": 5}]}}, "scoring.straights[0].worth"),
        ({"scoring": {"instant_win": [{"face": 7, "count": 5}]}}, "scoring.instant_win[0].face"),
        ({"scoring": {"instant_win": [{"face": 1, "count": 0}]}}, "scoring.instant_win[0].count"),
        ({"scoring": {"kind": {"companion_faces": [2, 7]}}}, "scoring.kind.companion_faces"),
        ({"scoring": {"kind": {"companion_sizes": [2]}}}, "scoring.kind.companion_sizes"),
        ({"scoring": {"kind": {"rule": "tripling"}}}, "scoring.kind.rule"),
        ({"scoring": {"three_pairs": {"value": -1}}}, "scoring.three_pairs.value"),
        ({"scoring": {"pyramid": {"shape": "round"}}}, "scoring.pyramid.shape"),
        ({"selection": {"model": "loose"}}, "selection.model"),
        ({"turn": {"max_throws": -1}}, "turn.max_throws"),
        ({"turn": {"min_bank": -50}}, "turn.min_bank"),
        ({"turn": {"max_dice_left_to_bank": -2}}, "turn.max_dice_left_to_bank"),
        ({"turn": {"hot_dice": "yes"}}, "turn.hot_dice"),
        ({"turn": {"bust": "explode"}}, "turn.bust"),
        ({"confirm": {"min_points": -1}, "proof": {"enabled": False}}, "confirm.min_points"),
        ({"mishap": {"mode": "simulated", "probability": 1.5}}, "mishap.probability"),
        ({"mishap": {"knock_success": -0.1}}, "mishap.knock_success"),
        ({"mishap": {"penalty_streak": -1}}, "mishap.penalty_streak"),
        ({"minus_marks": {"count": -1}}, "minus_marks.count"),
        ({"colour": {"dice": "red"}}, "colour"),
        ({"turn": {"min_bank_typo": 350}}, "turn.min_bank_typo"),
    ],
)
def test_invalid_values_are_refused_by_name(overrides: dict, key: str) -> None:
    refused("zehntausend-einfach", overrides, key)


def test_literal_model_refuses_turning_fives() -> None:
    refused("macke-klassisch+beweisen-literal", {"selection": {"five_pair_to_one": True}}, "selection.five_pair_to_one")


def test_warnings_for_inert_or_odd_combinations() -> None:
    assert load_rules("zehntausend-einfach").warnings() == []
    both = load_rules("macke-klassisch+beweisen", {"scoring": {"kind": {"companion_faces": [2]}}})
    assert any("companion_faces" in w for w in both.warnings())
    five = load_rules(
        "zehntausend-einfach",
        {
            "scoring": {
                "three_pairs": {"value": 1000},
                "pyramid": {"value": 1000},
                "straights": [{"faces": [1, 2, 3, 4, 5, 6], "value": 1000}],
                "instant_win": [{"face": 0, "count": 6}],
            }
        },
    )
    w = five.warnings()
    assert any("three_pairs" in x for x in w) and any("pyramid" in x for x in w)
    assert any("scoring.straights" in x for x in w) and any("instant_win" in x for x in w)
    table = load_rules("einfach+ergaenzen", {"extension": {"value": "kind_table"}})
    assert any("kind_table" in x for x in table.warnings())
    sim = load_rules("zehntausend-einfach", {"mishap": {"mode": "simulated", "probability": 0.01}})
    assert any("simulated" in x for x in sim.warnings())


def test_a_users_overlay_file_loads(tmp_path: Path) -> None:
    f = tmp_path / "unsere-regeln.toml"
    f.write_text(
        '[overlay]\nid = "unsere"\nextends = "macke-klassisch"\nnote = "Hausregel"\n\n'
        '[game]\ntarget = 5000\n\n[scoring.kind]\nrule = "doubling"\n',
        encoding="utf-8",
    )
    r = load_rules(str(f))
    assert r.game.target == 5000 and r.scoring.kind.rule == "doubling"
    assert r.scoring.kind.companion_faces == (2, 3, 4, 6)  # inherited
    bad = tmp_path / "kaputt.toml"
    bad.write_text(
        '[overlay]\nid = "kaputt"\nextends = "macke-klassisch"\n[proof]\nenabled = true\n[confirm]\nenabled = true\n',
        encoding="utf-8",
    )
    with pytest.raises(RuleError, match=r"proof\.enabled"):
        load_rules(str(bad))


def test_a_users_complete_preset_file_loads(tmp_path: Path) -> None:
    text = (Path(library().directory) / "farkle.toml").read_text(encoding="utf-8")
    f = tmp_path / "mein-farkle.toml"
    f.write_text(
        text.replace('id = "farkle"', 'id = "mein-farkle"').replace("target = 10000", "target = 4000"), encoding="utf-8"
    )
    assert load_rules(str(f)).game.target == 4000
    g = tmp_path / "unvollstaendig.toml"
    g.write_text('[preset]\nid = "halb"\n[dice]\ncount = 6\n', encoding="utf-8")
    with pytest.raises(RuleError, match="missing"):
        load_rules(str(g))
