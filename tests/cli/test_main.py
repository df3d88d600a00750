"""``wuerfel games`` and ``wuerfel rules``: the JSON contracts scripts rely on."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.cli.helpers import run
from tests.paths import REPO


def test_games_json() -> None:
    result = run(["games", "--json"])
    assert result.exit_code == 0
    games = {g["id"]: g for g in json.loads(result.stdout)}
    assert games["pigplus"] == {
        "id": "pigplus",
        "name_de": "Schweinchen plus",
        "name_en": "Pig plus",
        "min_players": 1,
        "max_players": 4,
        "default_rules": "standard",
        "rules": ["standard"],
    }


def test_games_table_in_both_languages() -> None:
    assert "Schweinchen plus" in run(["games"]).stdout
    assert "Pig plus" in run(["games", "--lang", "en"]).stdout


def test_rules_list_json() -> None:
    result = run(["rules", "list", "--game", "pigplus", "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == [
        {"game": "pigplus", "id": "standard", "kind": "preset", "source": "", "note": ""}
    ]


def test_rules_show_json() -> None:
    result = run(["rules", "show", "standard", "--game", "pigplus", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data == {"game": "pigplus", "id": "standard", "source": "", "note": "", "options": {"target": 30}}


def test_rules_show_unknown_is_refused() -> None:
    result = run(["rules", "show", "nope", "--game", "pigplus"])
    assert result.exit_code == 2
    assert "nope" in result.output


def test_text_listings_never_cut_ids() -> None:
    from wuerfel.engine.registry import all_games

    games_out = run(["games"]).stdout
    rules_out = run(["rules", "list"]).stdout
    for g in all_games():
        assert g.id in games_out
        lib = g.library
        for r in g.public_rule_sets():
            assert r in rules_out
            assert (r in games_out) != bool(lib and lib.is_overlay(r))  # games lists presets, counts variants
    assert "1 bis 4 Spieler" in games_out  # pigplus


def test_rules_show_text_writes_values_as_in_a_rules_file() -> None:
    from wuerfel.cli.main import toml_value

    assert toml_value(True) == "true" and toml_value("x") == '"x"' and toml_value((25, 30)) == "[25, 30]"
    assert toml_value({"a": 1, "b": [True]}) == "{a = 1, b = [true]}"
    out = run(["rules", "show", "standard", "--game", "pigplus"]).stdout
    assert "target" in out and "30" in out and "Zielpunktzahl" in out


def test_rules_list_names_rule_sets_in_words_and_hides_internal_ones() -> None:
    out = run(["rules", "list", "--game", "zehntausend", "--lang", "en"]).stdout
    assert "Simple + Bumerang" in out and "your own turns count down" in out
    assert "einfach+verdoppeln+ergaenzen" not in out and "proof off" not in out
    de = run(["rules", "list", "--game", "zehntausend"]).stdout
    assert "Einfach + Bumerang" in de and "zählen die eigenen Züge rückwärts" in de
    everything = run(["rules", "list", "--game", "zehntausend", "--all"]).stdout
    assert "einfach+verdoppeln+ergaenzen" in everything
    shown = run(["rules", "show", "einfach+verdoppeln+ergaenzen", "--game", "zehntausend"])
    assert shown.exit_code == 0  # still loads by id


def test_rules_show_names_the_rule_set_in_the_chosen_language() -> None:
    out = run(["rules", "show", "einfach+bumerang", "--game", "zehntausend", "--lang", "en"]).stdout
    assert "Simple + Bumerang" in out and "your own turns count down" in out and "zählen" not in out.split("\n")[0]


def test_running_the_module_itself_offers_every_command() -> None:
    """``python -m wuerfel.cli.main`` ran the file as ``__main__``, a second copy of the module: the subcommands
    registered themselves on the real module's ``app``, so the copy offered only ``games`` and ``rules`` and
    answered "Einen Befehl 'play' gibt es nicht"."""
    env = dict(os.environ, PYTHONPATH=str(REPO))
    for module in ("wuerfel.cli.main", "wuerfel"):
        out = subprocess.run(
            [sys.executable, "-m", module, "--help"], capture_output=True, text=True, env=env, timeout=120, check=True
        ).stdout
        assert " play " in out and " sim " in out, (module, out)
