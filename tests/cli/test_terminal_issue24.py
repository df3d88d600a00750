"""Issue 24, the terminal: the findings of ``shared/reports/terminal.md`` (ids B1, U5 … as there), each driven the
way the tester met it."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from tests.cli.games import pigplus_info
from tests.cli.helpers import load_record, play, run
from wuerfel.cli.play import build_session
from wuerfel.engine.components import Phrase
from wuerfel.engine.explain import Section
from wuerfel.engine.registry import _REGISTRY, register


def explain_pig(rules: Any, players: int) -> Sequence[Section]:
    return (
        Section("goal", (Phrase("First to {target} points wins.", {"target": rules.target}),)),
        Section("turn", ("Throw as often as you like; a 1 ends the turn with nothing.",)),
        Section("scoring", ("Every throw adds its face.",)),
        Section("end", (f"{players} players; the game ends at the target.",)),
    )


@pytest.fixture(autouse=True)
def _explained_pig() -> Iterator[None]:
    info = dataclasses.replace(pigplus_info(), id="pigexplained", explain=explain_pig)
    register(info)
    yield
    _REGISTRY.pop(info.id, None)


def finished_record(path: Path) -> str:
    """A finished game of Schweinchen plus saved in ``path``; its text."""
    result = play(["pigplus", "--players", "Anna,Ben", "--dice", "seed:5", "--save", str(path)], ["2"] * 200)
    assert result.exit_code == 0, result.output
    return path.read_text(encoding="utf-8")


# --- B1 ------------------------------------------------------------------------------------------------------------
def test_a_signed_number_is_refused_like_a_number_out_of_range() -> None:
    out = play(["sechzerspiel", "--players", "Du,bot:random", "--dice", "seed:3"], ["", "-1", "+2", "- 5", "q", ""])
    assert out.output.count("Bitte eine Zahl von 1 bis 6 wählen.") == 3, out.output
    assert "→ Du:" not in out.output  # "-1" used to write the 4 into Reihe 1


# --- B2 ------------------------------------------------------------------------------------------------------------
def test_save_asks_before_it_overwrites_another_game(tmp_path: Path) -> None:
    path = tmp_path / "partie.json"
    before = finished_record(path)
    result = play(["pigplus", "--players", "Anna,Ben", "--dice", "seed:1", "--save", str(path)], ["", "q"])
    assert result.exit_code == 2
    assert (
        f"{path} gibt es schon (eine beendete Partie Schweinchen plus). Überschreiben? (j = ja, Enter = nein)"
        in result.output
    )
    assert f"{path} gibt es schon und bleibt, wie es ist; bitte für --save eine andere Datei wählen." in result.output
    assert path.read_text(encoding="utf-8") == before
    # A yes overwrites: the new game starts in that file.
    result = play(["pigplus", "--players", "Anna,Ben", "--dice", "seed:1", "--save", str(path)], ["j", "q"])
    assert result.exit_code == 0, result.output
    assert load_record(path).events == []


def test_continuing_a_game_into_its_own_file_asks_nothing(tmp_path: Path) -> None:
    path = tmp_path / "partie.json"
    play(["pigplus", "--players", "Anna,Ben", "--dice", "seed:1", "--save", str(path)], ["", "2", "q"])
    events = len(load_record(path).events)
    result = play(["pigplus", "--load", str(path), "--save", str(path), "--dice", "seed:2"], ["", "2", "q"])
    assert result.exit_code == 0 and "Überschreiben?" not in result.output, result.output
    assert len(load_record(path).events) > events
    # Quitting a loaded game (without --save) into the file it came from asks nothing either.
    result = play(["pigplus", "--load", str(path), "--dice", "seed:2"], ["", "2", "q", str(path)])
    assert "Überschreiben?" not in result.output and "Die Partie ist in" in result.output


def test_the_quit_prompt_asks_before_it_overwrites_and_asks_for_another_name(tmp_path: Path) -> None:
    path = tmp_path / "partie.json"
    other = tmp_path / "neu.json"
    before = finished_record(path)
    result = play(["pigplus", "--players", "Anna,Ben", "--dice", "seed:1"], ["", "q", str(path), "", str(other)])
    assert result.exit_code == 0, result.output
    assert f"{path} gibt es schon (eine beendete Partie Schweinchen plus). Überschreiben?" in result.output
    assert path.read_text(encoding="utf-8") == before
    assert f"Die Partie ist in {other} gespeichert." in result.output and other.exists()
    junk = tmp_path / "notizen.txt"
    junk.write_text("meine Notizen", encoding="utf-8")
    result = play(["pigplus", "--players", "Anna,Ben", "--dice", "seed:1"], ["", "q", str(junk), "j"])
    assert f"{junk} gibt es schon (keine gespeicherte Partie). Überschreiben?" in result.output
    assert load_record(junk).game == "pigplus"


# --- B3 ------------------------------------------------------------------------------------------------------------
def test_an_unwritable_file_in_an_existing_folder_is_not_called_a_missing_folder() -> None:
    result = play(["pigplus", "--save", "/proc/version"], ["j"])  # it exists: yes, overwrite it
    assert result.exit_code == 2
    assert "Den Ordner gibt es nicht" not in result.output, result.output
    assert (
        "In /proc/version lässt sich nicht speichern: In diesem Ordner lässt sich keine Datei anlegen." in result.output
    )


# --- U1: the board before each of a person's throws, and after --load ------------------------------------------
def test_the_board_is_shown_before_every_throw_that_starts_a_persons_turn() -> None:
    """Eins bis sechzehn has decisions (in one variant), so its board was drawn only for them — never in the
    default rules, where every turn is a throw: the ticked numbers were never seen."""
    out = play(["eins-bis-sechzehn", "--players", "Du,bot:random", "--dice", "seed:3"], [""] * 4).output
    screens = out.count("─ Eins bis sechzehn ─")
    throws = out.count("Du würfelst: Enter drücken zum Würfeln")
    assert throws >= 4 and screens >= throws, out


def test_a_loaded_game_shows_where_it_stands_before_the_first_throw(tmp_path: Path) -> None:
    path = tmp_path / "partie.json"
    play(["pigplus", "--players", "Anna,bot:holdat", "--dice", "seed:1", "--save", str(path)], ["", "2", "q"])
    for lines in ([], ["", "2", "q", ""]):
        # Whether the bot or Anna is next in the record: a screen comes before any throw or move, and only one
        # before Anna's first prompt.
        out = play(["pigplus", "--load", str(path), "--dice", "seed:1"], lines).output
        intro, _, rest = out.partition("─ Schweinchen plus ─")
        assert rest and "Wurf:" not in intro and "→" not in intro, out
        first_prompt = min(i for i in (out.find("Anna, dein Zug"), out.find("Anna, du würfelst")) if i >= 0)
        assert out[:first_prompt].count("─ Schweinchen plus ─") == 1, out
    path.unlink()
    play(["pigplus", "--players", "Anna,bot:holdat", "--dice", "seed:1", "--save", str(path)], ["", "1", "2", "q"])
    out = play(["pigplus", "--load", str(path), "--dice", "seed:1"], []).output
    intro, _, rest = out.partition("─ Schweinchen plus ─")
    assert rest and "Wurf:" not in intro and "→" not in intro, out


# --- U3: whose throw a scorekeeper types, and no stale "(du)" --------------------------------------------------
def test_the_scorekeeper_is_told_whose_dice_to_type() -> None:
    out = play(["pigplus", "--players", "Anna,Ben", "--dice", "manual"], ["6", "2", "3", "q", ""]).output
    assert out.index("Anna würfelt.") < out.index("→ Anna: 6 schreiben") < out.index("Ben würfelt.")
    ben = out[out.index("→ Anna: 6 schreiben") : out.index("Ben würfelt.")]
    assert "Anna (du)" not in ben and "Ben (du)" in ben  # the screen is the thrower's, not the last mover's


def test_a_scorekeepers_bot_throw_shows_no_persons_you_among_several_people() -> None:
    out = play(["pigplus", "--players", "Anna,Ben,bot:holdat", "--dice", "manual"], ["6", "2", "6", "2", "1"]).output
    bot = out[out.index("→ Ben: 6 schreiben") : out.index("Bot 1 (holdat) würfelt.")]
    assert "(du)" not in bot, bot


# --- U5: ? and alle at a throw do not throw ------------------------------------------------------------------------
def test_hint_and_list_words_at_a_throw_prompt_do_not_throw() -> None:
    out = play(["pasch", "--players", "Du,bot", "--dice", "seed:16"], ["?", "alle", "??", "tipp"]).output
    assert "Wurf:" not in out.split("Du würfelst: Enter drücken")[1], out
    assert out.count("Vor diesem Wurf gibt es nichts zu entscheiden: Enter würfelt.") == 4


# --- U12: Ctrl-D and Ctrl-C say whether the game was saved ----------------------------------------------------
def test_the_end_of_input_says_whether_the_game_was_saved(tmp_path: Path) -> None:
    out = play(["pigplus", "--players", "Anna,Ben", "--dice", "seed:1"], [""]).output
    assert "Die Partie wurde nicht gespeichert (--save DATEI hält eine Partie in einer Datei fest)." in out
    path = tmp_path / "p.json"
    out = play(["pigplus", "--players", "Anna,Ben", "--dice", "seed:1", "--save", str(path)], [""]).output
    assert out.rstrip().endswith(f"Die Partie ist in {path} gespeichert.")


def test_ctrl_c_says_whether_the_game_was_saved(tmp_path: Path) -> None:
    def interrupted() -> str | None:
        raise KeyboardInterrupt

    for save in (None, tmp_path / "p.json"):
        # wide enough for any temporary path: under xdist (popen-gw1/…) the sentence wrapped at 100 columns
        console = Console(record=True, width=400)
        session = build_session("pigplus", None, "Anna,Ben", "seed:1", "de", save, None, 0, console=console)
        session._read_line = interrupted
        assert session.run() == 130
        text = console.export_text()
        if save is None:
            assert "Die Partie wurde nicht gespeichert" in text
        else:
            assert f"Die Partie ist in {save} gespeichert." in text and save.exists()


# --- U13: odd prompts ----------------------------------------------------------------------------------------------
def test_a_single_move_is_offered_as_enter_not_as_a_range() -> None:
    out = play(["verdeckt", "--players", "Anna,Ben", "--dice", "seed:3"], ["", "n", "", "q"]).output
    assert "Anna, dein Zug (Enter = 1, ? Tipp, h Hilfe, q Ende):" in out
    assert "1–1" not in out


def test_a_player_alone_draws_no_lot_and_a_number_is_no_name() -> None:
    out = play(["sechzerspiel", "--players", "Du", "--dice", "seed:3"], ["", "q", ""]).output
    assert "Los:" not in out and "Du würfelst" in out
    out = play(["sechzerspiel", "--players", "Du", "--dice", "manual"], ["q", ""]).output
    assert "beginnt" not in out and "Gefallene Würfel (1" in out  # the lot among one is not asked for
    result = play(["sechzerspiel", "--players", "0"], [])
    assert result.exit_code == 2
    assert "„0“ ist eine Zahl: --players nimmt die Namen der Spieler" in result.output


# --- U16 -----------------------------------------------------------------------------------------------------------
def test_dice_typed_at_the_raise_prompt_are_not_called_somebody_elses_turn() -> None:
    out = play(
        ["al-capone", "--dice", "manual", "--players", "Du,bot:random"], ["1", "K K K A A", "K K K A A", "q", ""]
    ).output
    assert "Du bist mit Setzen nicht an der Reihe." not in out
    assert "Jetzt bist du mit Setzen dran: erhöhen oder nicht erhöhen." in out


# --- r / regeln / rules --------------------------------------------------------------------------------------------
def test_r_explains_the_game_at_every_kind_of_prompt() -> None:
    out = play(["pigexplained", "--players", "Anna,Ben", "--dice", "seed:1"], ["r", "", "regeln", "q", ""]).output
    assert out.count("So wird Schweinchen plus gespielt") == 2  # at the throw prompt and at the move prompt
    assert "First to 30 points wins." in out and "2 players; the game ends at the target." in out
    assert "Anna würfelt: 1" in out  # "r" did not throw; the Enter after it did
    out = play(["pigexplained", "--players", "Anna,Ben", "--dice", "manual", "--lang", "en"], ["rules", "q", ""])
    assert "How to play Pig plus" in out.output
    help_text = play(["sechzerspiel", "--players", "Du,bot:random", "--dice", "seed:3"], ["", "h", "q", ""]).output
    assert "r          die Regeln: wie an diesem Tisch gespielt wird" in help_text


def test_r_in_a_game_that_cannot_explain_itself_yet_says_so() -> None:
    out = play(["pigplus", "--players", "Anna,Ben", "--dice", "seed:1"], ["", "r", "q", ""]).output
    assert "Schweinchen plus kann sich noch nicht selbst erklären." in out
    assert "→ Anna" not in out  # "r" is no move


def test_r_is_never_a_scorekeepers_shortcut_letter() -> None:
    from wuerfel.cli.play_input import SHORTCUT_LETTERS

    assert not {"h", "q", "r"} & set(SHORTCUT_LETTERS)


def test_rules_explain_prints_the_sections() -> None:
    result = run(["rules", "explain", "pigexplained", "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "Goal" in result.output and "First to 30 points wins." in result.output


# --- B5 and U17: rule files ----------------------------------------------------------------------------------------
def test_an_empty_file_is_no_rule_set(tmp_path: Path) -> None:
    empty = tmp_path / "empty.toml"
    empty.write_text("", encoding="utf-8")
    for args in (["rules", "show", str(empty)], ["play", "zehntausend", "--rules", str(empty), "--pause", "0"]):
        result = run(args)
        assert result.exit_code == 2, result.output
        assert f"Die Regeldatei {empty} ist kein Regelwerk" in result.output and "Al Capone" not in result.output


def test_an_overlay_of_another_games_rule_set_names_that_game(tmp_path: Path) -> None:
    overlay = tmp_path / "e1.toml"
    overlay.write_text('[overlay]\nid = "e1"\nextends = "jule"\n', encoding="utf-8")
    result = run(["play", "chicago", "--rules", str(overlay), "--pause", "0"])
    assert result.exit_code == 2
    assert "„e1“ erweitert „jule“, ein Regelwerk von Jule; die Regelwerke dieses Spiels: chicago" in result.output
    assert "unbekannte" not in result.output
    shown = run(["rules", "show", str(overlay)])  # without --game: the game whose rule set it extends
    assert shown.exit_code == 0 and "Jule" in shown.output


def test_a_rules_file_with_a_byte_order_mark_loads(tmp_path: Path) -> None:
    path = tmp_path / "windows.toml"
    path.write_bytes('\ufeff[overlay]\nid = "ziel"\nextends = "macke-klassisch"\n\n[game]\ntarget = 5000\n'.encode())
    result = run(["rules", "show", str(path), "--json"])
    assert result.exit_code == 0, result.output
    assert '"target": 5000' in result.output


# --- B6 and L4: analyse's JSON in the documented order, its heading in one clause ---------------------------------
def test_analyse_json_keeps_the_documented_order_with_new_keys_at_the_end(tmp_path: Path) -> None:
    import json

    from tests.engine.test_analysis import play as play_record

    path = tmp_path / "ohio.json"
    path.write_text(play_record("ohio", None, 2, "heuristic", seed=7).dumps(), encoding="utf-8")
    doc = json.loads(run(["analyse", str(path), "--json"]).stdout)
    assert list(doc) == [
        "game",
        "rules",
        "unit",
        "measure",
        "decisions",
        "seats",
        "mistakes",
        "win_chance",
        "events",
        "measure_name",
    ]
    assert doc["measure"] == "expected final total (optimal play)"  # the stable English key
    assert doc["measure_name"] == "erwartete Endsumme (optimales Spiel)"
    text = run(["analyse", str(path)]).output
    assert "Ohio — ohio · Verluste in erwarteten Punkten: erwartete Endsumme (optimales Spiel)" in text, text


def test_sim_json_has_mean_payoff_only_for_chip_games() -> None:
    import json

    doc = json.loads(run(["sim", "zehntausend", "--games", "3", "--seed", "1", "--jobs", "1", "--json"]).stdout)
    assert all("mean_payoff" not in p for p in doc["players"])


# --- U9 and L7: solve's words ------------------------------------------------------------------------------------
def test_solve_refusal_names_the_option_that_helps_and_no_developer_hook() -> None:
    result = run(["solve", "zehntausend", "--objective", "win", "--players", "2", "--max-states", "300"])
    assert result.exit_code == 2
    text = " ".join(result.stderr.split())
    assert "--max-states" in text and "Versuche weniger Spieler oder ein kleineres Regelwerk" in text
    assert "solver_key" not in text and "Schlüssel" not in text


def test_solve_names_the_objective_as_the_option_it_is() -> None:
    text = run(["solve", "hin-und-her", "--players", "2"]).output
    assert "Ziel: Chancen jedes Spielers (--objective win)" in text and "(win)" not in text


def test_rules_show_writes_tables_in_a_list_with_their_names_not_their_keys() -> None:
    from wuerfel.engine.registry import get_game
    from wuerfel.engine.rules import describe_options

    text = run(["rules", "show", "macke-klassisch", "--lang", "en"]).output
    flat = " ".join(text.replace("│", " ").split())
    assert "faces:" not in flat and "value:" not in flat
    straights = next(
        o
        for o in describe_options(get_game("zehntausend").load_rules("macke-klassisch"))
        if o.key == "scoring.straights"
    )
    assert straights.format_value(straights.value, "en").startswith("Faces: 1, 2, 3, 4; Points: 500 | Faces: 2")
    assert straights.format_value(straights.value, "de").startswith("Augenzahlen: 1, 2, 3, 4; Punkte: 500 |")


# --- U10: --load with other rules ------------------------------------------------------------------------------------
def test_load_refuses_other_rules_and_accepts_its_own(tmp_path: Path) -> None:
    path = tmp_path / "partie.json"
    play(["zehntausend", "--players", "Du,bot:random", "--dice", "seed:2", "--save", str(path)], ["q"])
    result = play(["zehntausend", "--load", str(path), "--rules", "farkle"], [])
    assert result.exit_code == 2
    assert (
        f"{path} ist eine Partie mit den Regeln zehntausend-einfach; sie geht mit ihnen weiter, nicht mit farkle. "
        "Zum Weiterspielen --rules weglassen."
    ) in " ".join(result.output.split())
    result = play(["zehntausend", "--load", str(path), "--rules", "zehntausend-einfach"], ["q", ""])
    assert result.exit_code == 0, result.output


# --- U11: verify on a terminal game ----------------------------------------------------------------------------------
def test_verify_says_a_terminal_game_is_one() -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        for dice, words in (
            ("seed:3", "Sie wurde im Terminal gespielt (wuerfel play)"),
            ("manual", "Sie wurde im Terminal mit echten Würfeln gespielt"),
        ):
            path = Path(folder) / f"{dice[:4]}.json"
            play(
                ["pigplus", "--players", "Anna,Ben", "--dice", dice, "--save", str(path)],
                ["", "q"] if dice != "manual" else ["3", "q"],
            )
            result = run(["verify", str(path)])
            text = " ".join(result.output.split())
            assert result.exit_code == 3 and words in text, text
            assert "vor den beweisbar fairen Würfeln" not in text


# --- M2: score with a game's default rules ---------------------------------------------------------------------------
def test_score_takes_a_games_default_rules() -> None:
    import json

    by_game = run(["score", "--game", "zehntausend", "--json", "1", "5"])
    by_id = run(["score", "--rules", "zehntausend", "--json", "1", "5"])
    assert by_game.exit_code == by_id.exit_code == 0, by_game.output + by_id.output
    assert json.loads(by_game.stdout) == json.loads(by_id.stdout)
    assert json.loads(by_game.stdout)["rules"] == "zehntausend-einfach"
    bare = run(["score", "1", "5"])
    assert bare.exit_code == 2
    assert "Welches Spiel? --game ID (mit seinen üblichen Regeln) oder --rules REGELN." in bare.output
    assert "zehntausend" in bare.output and "Es fehlt die Option" not in bare.output


# --- U14: what the scores count ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("game", "label"),
    [
        ("elf-hoch", "Chips"),
        ("jule", "Fortschritt"),
        ("gestrichene-zwoelf", "Gestrichen"),
        ("eins-bis-sechzehn", "Abgehakt"),
    ],
)
def test_the_board_and_the_result_say_what_the_scores_count(game: str, label: str) -> None:
    out = play([game, "--players", "Du,bot:random", "--dice", "seed:4"], [""] * 400).output
    board = out.split("─ ", 2)[1]
    assert f"┃ {label}" in board and "Punkte" not in board, board
    result = out.split("Ergebnis")[-1]
    assert label in result and "Stand" not in result, result


def test_the_result_heads_its_scores_as_the_board_did_where_the_view_names_nothing() -> None:
    from wuerfel.cli.render import seats_label
    from wuerfel.engine.record import Match

    state = Match.new("chicago", None, ["Anna", "Ben"]).state
    assert seats_label(state, "de") == "Bierdeckel"


# --- U6: the hint table ----------------------------------------------------------------------------------------------
def test_hints_show_chances_in_percent_under_their_measure_with_notes_apart() -> None:
    import re

    out = play(["sechzerspiel", "--players", "Du,bot:random", "--dice", "seed:3"], ["", "?", "q", ""]).output
    table = out[out.index("Tipps") : out.index("Dein Zug", out.index("Tipps"))]
    header, _, rows = table.partition("┡")
    assert "Gewinnchance" in header and "Anmerkung" in header, table
    assert "Gewinnchance" not in rows and re.search(r"\d\d,\d %", rows), table
    assert not re.search(r"(?<![\d,])0,\d\d(?![\d%])", rows), table  # no bare fraction "0,49"
    assert "Prozentpunkte" in rows


def test_a_hinted_move_left_out_of_the_list_is_marked() -> None:
    from tests.engine.toy_game import Hold, RollAgain
    from wuerfel.cli.hints import hint_table
    from wuerfel.engine.advice import Advice

    items = [Advice(Hold(), 0.25, measure="winning chance"), Advice(RollAgain(), 0.5, measure="winning chance")]
    table, hidden = hint_table(items, [RollAgain(), Hold()], lambda a: a.action.kind, "en", listed={0})
    console = Console(record=True, width=120)
    console.print(table)
    text = console.export_text()
    assert hidden and "2*" in text and "25.0 %" in text and "winning chance" in text.split("┡")[0]
    assert "Note" not in text  # no notes, no empty column


def test_a_one_column_sheet_names_no_column() -> None:
    out = play(["wuerfelspiel", "--rules", "kniffel", "--players", "Du", "--dice", "seed:1"], ["", "q", ""]).output
    assert "Spalte 1" not in out and "×1" not in out
    assert "Dreierpasch (" in out


def test_r_at_the_amount_prompt_explains_and_asks_again() -> None:
    out = play(["lustige-sieben", "--players", "bot,Anna", "--dice", "seed:1"], ["1", "r", "3", "q", ""]).output
    assert "Lustige Sieben kann sich noch nicht selbst erklären." in out or "So wird Lustige Sieben gespielt" in out
    assert "Anna: 3 Chips auf 7" in out and "Bitte eine ganze Zahl" not in out
