"""Rules speak human: every option, choice and preset of every game has a name in German and English, test-only
presets are not offered, wrong types are refused in the player's language and bots have names in words."""

from __future__ import annotations

import dataclasses

import pytest

from wuerfel.bots import BOT_LABELS, bot_label, bot_names
from wuerfel.engine.errors import RuleError
from wuerfel.engine.registry import all_games, get_game
from wuerfel.engine.rules import (
    describe_options,
    humanize_params,
    option_display_name,
    option_schema,
    set_dotted,
)
from wuerfel.testing.labels import check_choice_words, check_option_names, check_rule_set_names

GAMES = [g.id for g in all_games() if g.presets_dir is not None]
INTERNAL = {
    "einfach+verdoppeln+ergaenzen",
    "einfach+verschaerft+uebernehmen",
    "einfach-6+verdoppeln+bestaetigen",
    "macke-klassisch+beweisen-literal",
}


@pytest.mark.parametrize("game", GAMES)
def test_every_option_has_a_name_and_a_description_in_both_languages(game: str) -> None:
    check_option_names(game)


@pytest.mark.parametrize("game", GAMES)
def test_every_choice_value_has_words_in_both_languages(game: str) -> None:
    check_choice_words(game)


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_set_has_a_name_and_a_note_in_both_languages(game: str) -> None:
    check_rule_set_names(game)


def test_test_only_rule_sets_are_internal_hidden_and_still_loadable() -> None:
    info = get_game("zehntausend")
    lib = info.library
    assert lib is not None
    assert {n for n in lib.names() if lib.is_internal(n)} == INTERNAL
    assert not INTERNAL & set(info.public_rule_sets())
    assert set(info.rule_sets()) >= INTERNAL
    for name in INTERNAL:
        info.load_rules(name)  # tests and the CLI still load them by id


def test_the_english_interface_gets_english_preset_notes() -> None:
    res = get_game("zehntausend").resolve("einfach+bumerang")
    assert "zählen" in res.describe("de") and "count down" in res.describe("en")
    assert res.name("en") == "Simple + Bumerang"


def test_choice_values_and_values_read_as_words() -> None:
    opts = {o.key: o for o in describe_options(get_game("zehntausend").load_rules("zehntausend-einfach"))}
    reach = opts["game.reach"]
    assert reach.format_value("at_least", "de") == "mit mindestens der Zielpunktzahl"
    assert reach.format_value("at_least", "en") == "at the target score or above"
    assert opts["game.end_rule"].format_value("finish_round", "en") == "the round is played to its end"
    assert opts["proof.enabled"].format_value(True, "de") == "ja"
    assert opts["scoring.kind.triple"].format_value([1000, 200], "de") == "1000, 200"
    assert opts["game.target"].name("de") == "Zielpunktzahl" and opts["game.target"].section("en") == "Game"
    ls = {o.key: o for o in describe_options(get_game("lustige-sieben").load_rules())}
    assert ls["first_bank"].format_value("first_seat", "de") == "Platz 1"
    assert ls["first_bank"].format_value("lot", "en") == "the lot (highest throw)"


def test_wrong_types_are_refused_in_the_players_language() -> None:
    info = get_game("zehntausend")
    with pytest.raises(RuleError) as exc:
        info.load_rules("zehntausend-einfach", {"scoring": {"kind": {"triple": "viel"}}})
    assert exc.value.translated("de") == (
        "Die Option „scoring.kind.triple“ muss eine Liste ganzer Zahlen sein, nicht 'viel'."
    )
    assert "list of int" not in exc.value.translated("de")
    assert "a list of whole numbers" in exc.value.translated("en")
    with pytest.raises(RuleError) as exc:
        info.load_rules("zehntausend-einfach", {"game": {"target": "hoch"}})
    assert "muss eine ganze Zahl sein" in exc.value.translated("de")
    with pytest.raises(RuleError) as exc:
        info.load_rules("zehntausend-einfach", {"scoring": {"kind": {"explicit": [1, 2]}}})
    assert "Tabelle mit Listen ganzer Zahlen" in exc.value.translated("de")
    with pytest.raises(RuleError) as exc:
        get_game("escalero").load_rules("escalero", {"quint_points": [1]})
    assert "Liste von 2 ganzen Zahlen" in exc.value.translated("de")


def test_refusals_can_name_the_option_as_people_read_it() -> None:
    cls = get_game("zehntausend").options_class
    assert option_display_name(cls, "game.target", "de") == "Zielpunktzahl"
    assert option_display_name(cls, "scoring.straights[0].faces", "en") == "Straights › Faces"
    assert option_display_name(cls, "no.such", "en") == "no.such"
    assert humanize_params(cls, {"key": "game.target", "got": 3}, "en") == {"key": "Target score", "got": 3}
    assert humanize_params(cls, {"key": "selection.rule", "value": "all_scoring"}, "de") == {
        "key": "Welche Würfel heraus",
        "value": "alle wertbaren Würfel",
    }


def test_lists_and_tables_have_a_form_schema_not_json() -> None:
    cls = get_game("zehntausend").options_class
    straights = option_schema(cls, "scoring.straights", "de")
    assert straights["kind"] == "list" and straights["item"]["kind"] == "table"
    assert [f["name"] for f in straights["item"]["fields"]] == ["Augenzahlen", "Punkte"]
    explicit = option_schema(cls, "scoring.kind.explicit", "en")
    assert explicit["kind"] == "map" and explicit["value"]["length"] == 6
    assert explicit["value"]["item_labels"] == ["1s", "2s", "3s", "4s", "5s", "6s"]
    assert option_schema(cls, "scoring.kind.triple", "de")["item_labels"][0] == "Einsen"
    assert option_schema(cls, "scoring.kind.companion_faces", "de")["length"] is None
    assert {k["value"]: k["label"] for k in explicit["keys"]}["4"] == "four of a kind"
    reach = option_schema(cls, "game.reach", "de")
    assert reach["kind"] == "choice" and reach["choices"][0] == {
        "value": "at_least",
        "label": "mit mindestens der Zielpunktzahl",
    }
    boxes = option_schema(get_game("wuerfelspiel").options_class, "boxes", "en")
    assert boxes["kind"] == "list" and boxes["item"]["kind"] == "choice"
    assert {"value": "full_house", "label": "Full house"} in boxes["item"]["choices"]
    quint = option_schema(get_game("escalero").options_class, "quint_points", "de")
    assert quint["length"] == 2 and quint["item_labels"] == ["normal", "serviert"]


def test_setting_a_table_option_replaces_it() -> None:
    """The editor replaced a row of a table: the preset's row must not come back through a merge."""
    info = get_game("zehntausend")
    data = info.resolve("macke-6").data
    assert set(data["scoring"]["kind"]["explicit"]) == {"4"}
    five = [8000, 1600, 2400, 3200, 4000, 4800]
    new = set_dotted(data, "scoring.kind.explicit", {"5": five})
    assert new["scoring"]["kind"]["explicit"] == {"5": five} and set(data["scoring"]["kind"]["explicit"]) == {"4"}
    assert info.rules_from_dict(new).scoring.kind.explicit == {"5": tuple(five)}
    assert new["scoring"]["one"] == data["scoring"]["one"]


def test_bots_have_names_in_words() -> None:
    for g in all_games():
        for b in bot_names(g.id):
            if g.presets_dir is not None:
                assert b in BOT_LABELS, f"{g.id}: bot {b!r} has no name in words"
    assert bot_label("heuristic", "de") == "Faustregel" and bot_label("heuristic", "en") == "rule of thumb"
    assert bot_label("random", "de") == "zufällig"
    assert bot_label("plugin-bot", "de") == "plugin-bot"


@dataclasses.dataclass(frozen=True)
class _Face:
    face: int = dataclasses.field(default=1, metadata={"de": "Augenzahl", "en": "Face", "low": 1, "high": 6})


@dataclasses.dataclass(frozen=True)
class _Bounded:
    count: int = dataclasses.field(default=2, metadata={"de": "Anzahl", "en": "Count", "low": 1, "high": 5})
    row: tuple[int, ...] = dataclasses.field(default=(0,), metadata={"de": "Reihe", "en": "Row", "low": 0, "high": 9})
    faces: tuple[_Face, ...] = dataclasses.field(default=(), metadata={"de": "Flächen", "en": "Faces"})


def test_form_fields_carry_the_declared_ranges() -> None:
    """A number field of the editor shows the option's range (the engine refuses anything outside it anyway)."""
    assert option_schema(_Bounded, "count") == {"kind": "int", "min": 1, "max": 5}
    assert option_schema(_Bounded, "row")["item"] == {"kind": "int", "min": 0, "max": 9}
    face = option_schema(_Bounded, "faces")["item"]["fields"][0]["schema"]
    assert face == {"kind": "int", "min": 1, "max": 6}


def test_a_refusal_that_depends_on_another_option_names_both_in_words() -> None:
    from wuerfel.i18n import translate

    info = get_game("zehntausend")
    with pytest.raises(RuleError) as exc:
        info.load_rules("zehntausend-einfach", {"game": {"mode": "rueckwaerts"}, "selection": {"rule": "free"}})
    assert exc.value.translated("de") == (
        "Die Option „selection.rule“ muss „all_scoring“ sein, wenn „game.mode“ „rueckwaerts“ ist."
    )
    human = humanize_params(info.options_class, exc.value.params, "de")
    assert translate(exc.value.msgid, "de", **human) == (
        "Die Option „Welche Würfel heraus“ muss „alle wertbaren Würfel“ sein, wenn „Spielform“ „Rückwärts“ ist."
    )
