"""The boxes carry the names of the sheet the rules describe: "3 Gleiche"/"5 Gleiche" on the Würfelspiel of
Brettspielnetz, "Dreierpasch"/"Viererpasch"/"Kniffel" on the one-column Kniffel block, "Yahtzee" on the Yahtzee card,
in every front end (terminal sheet, web view, ``wuerfel score``, move labels and hints), while the box ids and
every key stay the same."""

from __future__ import annotations

import json

import pytest

from tests.cli.helpers import play, run
from wuerfel.engine.errors import IllegalAction
from wuerfel.engine.game import Roll
from wuerfel.engine.registry import get_game
from wuerfel.engine.rules import rules_key
from wuerfel.games.wuerfelspiel.rules import ALL_BOXES, box_label, sheet_style
from wuerfel.games.wuerfelspiel.solver import spec_from_rules
from wuerfel.games.wuerfelspiel.state import Score, WuerfelspielState
from wuerfel.i18n import translate

# preset, lang: names of three_kind, four_kind, five_kind (the other boxes keep the Würfelspiel's names)
NAMES = {
    ("brettspielnetz", "de"): ("3 Gleiche", "4 Gleiche", "5 Gleiche"),
    ("brettspielnetz", "en"): ("Three of a kind", "Four of a kind", "Five of a kind"),
    ("kniffel", "de"): ("Dreierpasch", "Viererpasch", "Kniffel"),
    ("kniffel", "en"): ("Three of a kind", "Four of a kind", "Kniffel"),
    ("yahtzee", "de"): ("Dreierpasch", "Viererpasch", "Yahtzee"),
    ("yahtzee", "en"): ("Three of a kind", "Four of a kind", "Yahtzee"),
}
CASES = sorted(NAMES)


def start(preset: str) -> WuerfelspielState:
    s = get_game("wuerfelspiel").new_game(preset, 1).new_initial_state()
    s = s.apply_outcome(Roll((2, 2, 2, 5, 6)))
    assert isinstance(s, WuerfelspielState)
    return s


@pytest.mark.parametrize(("preset", "lang"), CASES)
def test_names_in_move_labels_and_view(preset: str, lang: str) -> None:
    three, four, five = NAMES[preset, lang]
    s = start(preset)
    # One column (Kniffel, Yahtzee): the box alone, no "Column 1:" (issue 24 U13).
    expected = (
        translate("{box} ({points})", lang, box=three, points=17)
        if s.rules.columns == 1
        else translate("Column {column}: {box} ({points})", lang, column=1, box=three, points=17)
    )
    assert s.describe_action(Score(0, "three_kind"), lang) == expected
    if s.rules.columns == 1:
        assert translate("Column", lang) not in s.describe_action(Score(0, "chance"), lang)
    assert f"{five} (0)" in s.describe_action(Score(0, "five_kind"), lang)
    view = s.view(0)
    i = 1 if lang == "en" else 0
    assert [view["box_names"][b][i] for b in ("three_kind", "four_kind", "five_kind")] == [three, four, five]
    assert view["box_names"]["full_house"] == ["Full House", "Full house"]
    assert view["boxes"] == list(ALL_BOXES)  # the ids are the same on every sheet


@pytest.mark.parametrize(("preset", "lang"), CASES)
def test_names_in_wuerfel_score(preset: str, lang: str) -> None:
    out = run(["score", "--rules", preset, "--lang", lang, "--json", "2", "2", "2", "5", "6"])
    assert out.exit_code == 0, out.output
    names = {b["box"]: b["name"] for b in json.loads(out.output)["boxes"]}
    assert (names["three_kind"], names["four_kind"], names["five_kind"]) == NAMES[preset, lang]
    table = run(["score", "--rules", preset, "--lang", lang, "2", "2", "2", "5", "6"]).output
    assert all(name in table for name in NAMES[preset, lang])


@pytest.mark.parametrize(("preset", "lang"), [c for c in CASES if c[0] != "yahtzee"])
def test_names_on_the_terminal_sheet_and_in_hints(preset: str, lang: str) -> None:
    args = ["wuerfelspiel", "--rules", preset, "--players", "Anna", "--dice", "seed:1", "--lang", lang]
    out = play(args, ["", "??", "q", ""]).output  # Enter throws the first dice (a turn starts with her tap)
    three, four, five = NAMES[preset, lang]
    sheet = out[: out.index("??") if "??" in out else len(out)]
    assert three in sheet and four in sheet and five in sheet
    hints = out[out.index(translate("Hints", lang)) :]
    column = translate("Column {column}: {box} ({points})", lang, column=1, box=three, points=0).split(" (")[0]
    assert (column if preset == "brettspielnetz" else f"{three} (") in hints
    other = NAMES["kniffel" if preset == "brettspielnetz" else "brettspielnetz", lang][0]
    if other != three:
        assert other not in out


def test_refusals_and_typed_names_follow_the_sheet() -> None:
    s = start("kniffel").apply_action(Score(0, "three_kind"))
    s = s.apply_outcome(Roll((1, 1, 3, 4, 6)))
    with pytest.raises(IllegalAction) as exc:
        s.apply_action(Score(0, "three_kind"))
    assert "Dreierpasch" in exc.value.translated("de") and "Three of a kind" in exc.value.translated("en")
    # Every sheet's names are understood when typed, whatever the rules.
    for preset in ("kniffel", "brettspielnetz"):
        t = start(preset)
        col = "" if preset == "kniffel" else "1 "
        for typed in ("dreierpasch", "3gleiche", "kniffel", "5gleiche", "yahtzee", "three of a kind"):
            assert t.parse_action_text(col + typed, 0).box in ("three_kind", "five_kind")


def test_the_names_change_no_key() -> None:
    """The sheet's names are derived from the rules, not an option: rules key, box ids and solver key (which the
    value network's key is made of) are what they were."""
    info = get_game("wuerfelspiel")
    for preset, style in (
        ("brettspielnetz", "wuerfelspiel"),
        ("kniffel", "kniffel"),
        ("yahtzee", "yahtzee"),
        ("yahtzee-classic", "yahtzee"),
    ):
        rules = info.load_rules(preset)
        assert sheet_style(rules) == style
        assert "Dreierpasch" not in rules_key(rules) and "style" not in rules_key(rules)
        assert spec_from_rules(rules).box_names == rules.boxes
    assert box_label("three_kind", "de") == "3 Gleiche"  # without rules: the Würfelspiel's names


@pytest.mark.parametrize(("preset", "lang"), CASES)
def test_names_on_the_sheet_component(preset: str, lang: str) -> None:
    """The generic and the game's own web table draw the sheet component: its rows carry the sheet's names too."""
    from wuerfel.engine.components import components_json

    sheet = next(c for c in components_json(start(preset).components(0), lang, ["Anna"]) if c["kind"] == "sheet")
    labels = {r["key"]: r["label"] for r in sheet["rows"] if r.get("key")}
    assert (labels["three_kind"], labels["four_kind"], labels["five_kind"]) == NAMES[preset, lang]
