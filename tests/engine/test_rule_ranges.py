"""Rule values are data a stranger can send: every numeric option of every game has a declared range, numbers outside
it and NaN/infinity are refused with the option's name (TOML, JSON, ``--set``, the web API), and a rule file's
options written below its ``[overlay]``/``[preset]`` header are refused instead of silently ignored."""

from __future__ import annotations

import dataclasses
import typing
from pathlib import Path
from typing import Any, get_args, get_origin

import pytest

from wuerfel.engine.errors import RuleError
from wuerfel.engine.registry import all_games, get_game
from wuerfel.engine.rules import describe_options, options_from_dict, set_dotted


def _numeric(tp: Any) -> bool:
    if tp in (int, float):
        return True
    if get_origin(tp) in (tuple, dict, typing.Union):
        return any(_numeric(a) for a in get_args(tp) if a is not Ellipsis)
    return False


def _classes(cls: type[Any]) -> list[type[Any]]:
    """A rules class and every nested table class, including the item classes of lists of tables."""
    out = [cls]
    for tp in typing.get_type_hints(cls).values():
        for t in (tp, *get_args(tp)):
            if dataclasses.is_dataclass(t) and isinstance(t, type) and t not in out:
                out.extend(c for c in _classes(t) if c not in out)
    return out


NUMERIC = [
    (info.id, cls, f.name)
    for info in all_games()
    for cls in _classes(info.options_class)
    for f in dataclasses.fields(cls)
    if _numeric(typing.get_type_hints(cls)[f.name])
]


@pytest.mark.parametrize(("game", "cls", "name"), NUMERIC, ids=[f"{g}:{c.__name__}.{n}" for g, c, n in NUMERIC])
def test_every_numeric_option_declares_a_range(game: str, cls: type[Any], name: str) -> None:
    field = {f.name: f for f in dataclasses.fields(cls)}[name]
    low, high = field.metadata.get("low"), field.metadata.get("high")
    assert low is not None and high is not None, f"{game}: option {cls.__name__}.{name} has no range"
    assert low <= high
    with pytest.raises(RuleError) as err:
        options_from_dict(cls, {name: _outside(typing.get_type_hints(cls)[name], high)})
    assert name in err.value.english() and "between" in err.value.english()


def _outside(tp: Any, high: Any) -> Any:
    """A value of the option's shape with one number just above the range."""
    big = high + 1 if isinstance(high, int) else high * 2 + 1
    if tp is float:
        return float(big)
    if tp is int:
        return int(big)
    origin = get_origin(tp)
    if origin is tuple:
        args = get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return [_outside(args[0], high)]
        return [_outside(a, high) for a in args]
    if origin is dict:
        return {"4": _outside(get_args(tp)[1], high)}
    raise AssertionError(tp)


def test_the_editor_and_the_api_get_the_ranges() -> None:
    opts = {o.key: o for o in describe_options(get_game("lustige-sieben").load_rules())}
    assert (opts["max_stake"].low, opts["max_stake"].high) == (1, 1000)
    assert opts["payout"].low is None


@pytest.mark.parametrize(
    ("game", "key", "value"),
    [
        ("lustige-sieben", "max_stake", 10**18),
        ("lustige-sieben", "starting_chips", 10**18),
        ("lustige-sieben", "starting_chips", 100_000),
        ("verdecktes-wuerfelpoker", "challenge_seconds", float("inf")),
        ("verdecktes-wuerfelpoker", "challenge_seconds", float("nan")),
        ("verdecktes-wuerfelpoker", "starting_chips", 10**18),
        ("zehntausend", "game.target", 10**18),
        ("zehntausend", "mishap.probability", float("nan")),
        ("zehntausend", "scoring.kind.triple", [1000, 200, 300, 400, 500, 10**18]),
        ("wuerfelspiel", "column_weights", [1, 2, 10**18]),
        ("escalero", "five_served_points", 10**18),
    ],
)
def test_values_out_of_range_and_not_finite_are_refused_by_name(game: str, key: str, value: Any) -> None:
    info = get_game(game)
    with pytest.raises(RuleError) as err:
        info.load_rules(None, set_dotted({}, key, value))
    assert key in err.value.english()
    assert "nan" not in err.value.english().casefold() or "finite" in err.value.english()


@pytest.mark.parametrize("literal", ["inf", "+inf", "-inf", "nan"])
def test_toml_infinity_and_nan_are_refused(tmp_path: Path, literal: str) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(f'challenge_seconds = {literal}\n\n[overlay]\nextends = "verdecktes-wuerfelpoker"\n')
    with pytest.raises(RuleError) as err:
        get_game("verdecktes-wuerfelpoker").load_rules(str(path))
    assert "challenge_seconds" in err.value.english()


def test_json_infinity_is_refused() -> None:
    import json

    overrides = json.loads('{"challenge_seconds": Infinity}')  # Python's json (and so the web API) reads it
    with pytest.raises(RuleError, match="challenge_seconds"):
        get_game("verdecktes-wuerfelpoker").load_rules(None, overrides)


def test_ranges_admit_every_shipped_rule_set() -> None:
    for info in all_games():
        for name in info.rule_sets():
            info.load_rules(name)


# --- misplaced keys in rule files ---------------------------------------------------------------------------------


def test_an_option_below_the_overlay_header_is_refused_with_its_name(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text('[overlay]\nextends = "lustige-sieben"\nmax_stake = 3\n')
    with pytest.raises(RuleError) as err:
        get_game("lustige-sieben").load_rules(str(path))
    assert "max_stake" in err.value.english() and "overlay" in err.value.english()


def test_an_option_below_the_preset_header_is_refused_with_its_name(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text('[preset]\nid = "mine"\nstarting_chips = 30\nmax_stake = 5\n')
    with pytest.raises(RuleError, match="starting_chips"):
        get_game("lustige-sieben").load_rules(str(path))


def test_a_file_that_is_preset_and_overlay_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text('[preset]\nid = "a"\n\n[overlay]\nextends = "lustige-sieben"\n')
    with pytest.raises(RuleError, match="both"):
        get_game("lustige-sieben").load_rules(str(path))


def test_options_above_the_header_still_load(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text('max_stake = 3\n\n[overlay]\nextends = "lustige-sieben"\nnote = "mine"\n')
    assert get_game("lustige-sieben").load_rules(str(path)).max_stake == 3


def test_unknown_option_keys_are_refused_with_their_name(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text('max_stak = 3\n\n[overlay]\nextends = "lustige-sieben"\n')
    with pytest.raises(RuleError, match="max_stak"):
        get_game("lustige-sieben").load_rules(str(path))


def test_cli_exits_non_zero_for_a_misplaced_key(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from wuerfel.cli.main import app

    path = tmp_path / "mine.toml"
    path.write_text('[overlay]\nextends = "lustige-sieben"\nmax_stake = 1000000\n')
    result = CliRunner().invoke(app, ["rules", "show", str(path), "--game", "lustige-sieben", "--lang", "en"])
    assert result.exit_code != 0
    assert "max_stake" in result.output
