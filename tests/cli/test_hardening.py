"""Issue #11 (hardening), the terminal: what a new user found, each with the test that failed before its fix."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console

from tests.cli.helpers import load_record, play, run
from wuerfel.cli.play_input import search

# A Zehntausend throw with a single 1 (manual dice, so the throw is known): only "1 herauslegen" scores.
ONE_ONE = ["Anna,Ben", "1 2 3 4 6"]


def zehntausend(lines: list[str], tmp_path: Path, *extra: str) -> tuple[str, list[dict]]:
    save = tmp_path / "g.json"
    result = play(
        ["zehntausend", "--players", ONE_ONE[0], "--dice", "manual", "--save", str(save), *extra],
        [ONE_ONE[1], *lines, "q"],
    )
    assert result.exit_code == 0, result.output[-3000:]
    return result.output, [e.data for e in load_record(save).events if e.type == "action"]


def test_dice_that_do_not_name_a_legal_move_are_refused(tmp_path: Path) -> None:
    out, actions = zehntausend(["1 1 1 1 1 1 1", " ".join(["1"] * 4000)], tmp_path)
    assert actions == []
    assert out.count("Das sind mehr Würfel, als es gibt.") == 2


def test_word_search_needs_a_label_word_for_every_typed_word() -> None:
    labels = ["1 herauslegen: 100 (einzelne 1)", "Aufhören und 100 aufschreiben"]
    assert search(labels, "1 1 1 1 1 1 1") == []
    assert search(labels, "1 1") == [0]  # the label names the 1 twice
    assert search(labels, "10") == []  # a number is never the start of another number
    assert search(labels, "aufh") == [1]


def test_a_single_die_is_typed_with_a_prefix_and_a_number_alone_is_a_move(tmp_path: Path) -> None:
    out, actions = zehntausend(["5", "=1"], tmp_path)
    assert "Bitte eine Zahl von 1 bis 1 wählen." in out
    assert "mit = davor (=5 für einen einzelnen Würfel)" in out
    assert len(actions) == 1 and "[1]" in str(actions[0]), actions


def test_a_save_path_that_cannot_be_written_is_refused_at_the_start(tmp_path: Path) -> None:
    for path, words in (
        (tmp_path / "missing" / "g.json", "Den Ordner gibt es nicht."),
        (tmp_path, "Das ist ein Ordner; bitte einen Dateinamen angeben."),
    ):
        result = play(["zehntausend", "--players", "Anna,Ben", "--save", str(path)], ["q"])
        assert result.exit_code == 2 and "Traceback" not in result.output
        assert words in result.output
    result = play(["zehntausend", "--players", "Anna,Ben", "--save", str(tmp_path / "x"), "--lang", "en"], ["q"])
    assert result.exit_code == 0


def test_a_failed_save_at_quit_asks_again(tmp_path: Path) -> None:
    good = tmp_path / "g.json"
    result = play(
        ["zehntausend", "--players", "Anna,Ben", "--dice", "manual"],
        ["1 2 3 4 6", "1", "q", str(tmp_path / "nope" / "g.json"), str(tmp_path), str(good)],
    )
    assert result.exit_code == 0, result.output[-2000:]
    assert result.output.count("Partie speichern? Dateiname") == 3
    assert "Den Ordner gibt es nicht." in result.output
    assert len(load_record(good).events) == 2


def test_a_save_that_fails_during_the_game_is_said_and_the_game_goes_on(tmp_path: Path) -> None:
    folder = tmp_path / "d"
    folder.mkdir()
    save, good = folder / "g.json", tmp_path / "g2.json"
    lines = iter(["1 2 3 4 6", "1", "q", str(good)])

    def feed() -> str:
        line = next(lines)
        if line == "1":  # the folder disappears before the move is saved
            save.unlink()
            folder.rmdir()
        return line + "\n"

    from wuerfel.cli.play import build_session

    console = Console(record=True, width=400)  # wide: a message around a long tmp path is not wrapped
    session = build_session("zehntausend", None, "Anna,Ben", "manual", "de", save, None, 0, console=console)
    session._read_line = feed
    assert session.run() == 0
    out = console.export_text()
    assert out.count("Den Ordner gibt es nicht.") == 1
    assert len(load_record(good).events) == 2


def test_binary_or_folder_files_for_load_and_rules_are_refused_in_words(tmp_path: Path) -> None:
    binary = tmp_path / "x.toml"
    binary.write_bytes(bytes(range(256)) * 4)
    for args in (
        ["--load", str(binary)],
        ["--rules", str(binary)],
        ["--load", str(tmp_path)],
        ["--rules", str(tmp_path)],
    ):
        result = play(["zehntausend", *args], ["q"])
        assert result.exit_code == 2, (args, result.output[-2000:])
        assert "lässt sich nicht lesen" in result.output, result.output[-500:]


def test_rueckwaerts_standings_rank_the_loser_last() -> None:
    from wuerfel.cli.render import Standings, result_table

    # C lost with 10,000 penalty points; A won with the fewest; B has fewer than C. The order is the engine's.
    result = Standings(
        scores=(500.0, 3000.0, 10000.0), ranking=((0,), (1,), (2,)), winners=(0,), losers=(2,), lower_is_better=True
    )
    console = Console(record=True, width=80)
    console.print(result_table(["A", "B", "C"], result, "de", "Strafpunkte"))
    text = console.export_text()
    rows = [line.strip("│ ").split("│")[1].strip()[:1] for line in text.splitlines() if line.count("│") > 2]
    assert [r for r in rows if r in ("A", "B", "C")] == ["A", "B", "C"]
    assert "weniger ist besser" in text


def test_solve_kniffel_solves_the_kniffel_preset_and_says_what_the_value_is() -> None:
    import json

    result = run(["solve", "kniffel", "--json"])
    data = json.loads(result.output)
    assert data["rules"] == "kniffel" and data["value_of"].startswith("the expected score of one column")
    text = run(["solve", "kniffel"]).output
    assert "Löse Würfelspiel (kniffel), Ziel: Punktzahl (--objective score) …" in text
    assert "Wert: 245,87" in text and "Das ist die erwartete Punktzahl einer Spalte" in text
    assert "score:" not in text


def test_sim_says_it_prepares_the_bots_before_it_counts_games() -> None:
    result = run(["sim", "pigplus", "--players", "2", "--games", "20", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert result.stderr.index("Bots werden vorbereitet …") < result.stderr.index("Simuliere …")


def test_decimals_are_written_with_a_comma_in_german() -> None:
    from wuerfel.cli.render import decimal, fmt_number

    assert fmt_number(613.16, "de") == "613,16" and fmt_number(613.16, "en") == "613.16"
    assert decimal(0.125, "de", 1, percent=True) == "12,5 %"
    result = run(["sim", "pigplus", "--players", "2", "--games", "20", "--seed", "1"])
    mean = result.stdout.split("│")
    assert any("," in cell and cell.strip().replace(",", "").isdigit() for cell in mean), result.stdout


def test_score_knows_every_game_that_scores_throws() -> None:
    import json

    doc = json.loads(run(["score", "--rules", "kniffel", "--json", "1", "1", "1", "1", "1"]).output)
    assert list(doc) == ["rules", "dice", "boxes"] and doc["rules"] == "kniffel" and doc["dice"] == [1] * 5
    boxes = {b["box"]: b for b in doc["boxes"]}
    assert len(boxes) == 13 and all(list(b)[:3] == ["box", "name", "points"] for b in doc["boxes"])
    assert boxes["five_kind"]["points"] == 50 and boxes["ones"]["points"] == 5 and boxes["twos"]["points"] == 0
    # Escalero in poker dice (names or face codes) and in English.
    esc = json.loads(run(["score", "--rules", "escalero", "--json", "--lang", "en", "A A K K K"]).output)
    full = next(b for b in esc["boxes"] if b["box"] == "full_hand")
    assert full["name"] == "Full hand" and full["points"] == 30 and full["served"] == 35
    result = run(["score", "--rules", "lustige-sieben", "1", "2"])
    assert result.exit_code == 2 and "Lustige Sieben bewertet keinen einzelnen Wurf." in result.output
    result = run(["score", "--rules", "kniffel", "1", "2"])
    assert result.exit_code == 2 and "Ein Wurf hat unter diesen Regeln 5 Würfel, nicht 2." in result.output


def test_score_reads_an_empty_stdin_line_as_the_empty_throw() -> None:
    import json

    out = run(["score", "--rules", "kniffel", "--json"], [""]).output
    doc = json.loads(out)
    assert doc["dice"] == [] and all(b["points"] == 0 for b in doc["boxes"])
    text = run(["score", "--rules", "macke-klassisch"], [""]).output
    assert "Niete" in text


def test_zehntausend_says_void_throws_in_words_and_counts_one_die_as_one(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    result = play(
        ["zehntausend", "--rules", "zehntausend-350", "--players", "Anna,Ben", "--dice", "manual", "--save", str(save)],
        ["v", "1 1 1 1 2 3", "1 1 1 1", "q"],
    )
    out = result.output
    assert "vom_tisch" not in out and "tuermchen" not in out
    assert "ein Würfel ist vom Tisch gefallen" in out
    assert "Weiterwürfeln (2 Würfel)" in out
    result = play(
        ["zehntausend", "--players", "Anna,Ben", "--dice", "manual", "--lang", "en"], ["1 1 1 1 2", "1 1 1 1", "q", ""]
    )
    assert "Throw again (1 die)" in result.output and "(1 dice)" not in result.output


def test_the_default_player_is_addressed_in_the_second_person() -> None:
    result = play(["zehntausend", "--dice", "seed:3"], ["1", "1", "q", ""])
    out = result.output
    assert "Du ist dran" not in out and "Du würfelt" not in out and "Am Zug: Du" not in out
    assert "Du bist am Zug" in out and "Dein Zug (1–" in out
    result = play(["zehntausend", "--dice", "seed:3", "--lang", "en"], ["1", "q", ""])
    assert "You's turn" not in result.output and "Your turn" in result.output
    bank = play(["lustige-sieben", "--dice", "seed:1"], ["1"] * 400)
    assert "Bank von Du" not in bank.output and "Deine Bank" in bank.output


def test_an_unknown_language_is_refused() -> None:
    result = run(["games", "--lang", "xx"])
    assert result.exit_code == 2 and "Unbekannte Sprache „xx“" in result.output and "Unknown language" in result.output
    assert run(["games", "--lang", "en_US"]).exit_code == 0


def test_bots_are_named_in_the_players_language() -> None:
    from wuerfel.cli.play_seats import parse_players
    from wuerfel.engine.registry import get_game

    info = get_game("zehntausend")
    assert [s.name for s in parse_players("Anna,bot:heuristic,bot:random", info, "de")] == [
        "Anna",
        "Bot 1 (Faustregel)",
        "Bot 2 (zufällig)",
    ]
    assert parse_players("bot:heuristic", info, "en")[0].name == "Bot 1 (rule of thumb)"
    assert parse_players("bot:heuristic", info, "de")[0].bot == "heuristic"


def test_a_lost_turn_is_said_before_a_bot_moves() -> None:
    result = play(["zehntausend", "--players", "Anna,bot:random", "--dice", "manual"], ["2 3 4 6 6", "q", ""])
    out = result.output
    assert out.index("Dieser Wurf beendet den Zug von Anna.") < out.index("Am Zug: Bot 1")
    result = play(["zehntausend", "--dice", "manual"], ["2 3 4 6 6", "q", ""])
    assert "Dieser Wurf beendet deinen Zug." in result.output


def test_the_bots_throws_in_wuerfelspiel_are_shown() -> None:
    result = play(
        ["wuerfelspiel", "--rules", "kniffel", "--players", "Anna,bot:heuristic", "--dice", "seed:2"],
        ["1"] * 6 + ["q", ""],
    )  # a line at the throw prompt throws too
    out = result.output
    assert "Bot 1 (Faustregel) würfelt: " in out[out.index("Am Zug: Bot 1") :]


def test_wuerfelspiel_names_the_players_on_the_sheet_and_lists_every_box() -> None:
    result = play(["wuerfelspiel", "--players", "Anna,Ben", "--dice", "seed:2"], ["", "q", ""])
    out = result.output
    assert "Anna" in out.split("Punkteblatt" if "Punkteblatt" in out else "Spalte", 1)[-1]
    assert "Spieler 1" not in out and "Spieler 2" not in out
    # Every box of the three columns is listed (39 of them), the keeps give way.
    assert "Spalte 3: Chance" in out and "Spalte 1: 1-er" in out


def test_a_typed_box_that_scores_nothing_is_asked_about(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    # Manual dice 1 2 3 4 6: no full house. "3 fh" is asked about; Enter keeps the box free; "j" writes it.
    result = play(
        ["wuerfelspiel", "--players", "Anna,Ben", "--dice", "manual", "--save", str(save)],
        ["1 2 3 4 6", "3 fh", "", "3 fh", "j", "q"],
    )
    out = result.output
    assert out.count("0 Punkte in Full House von Spalte 3 schreiben?") == 2
    actions = [e.data for e in load_record(save).events if e.type == "action"]
    assert len(actions) == 1 and "full_house" in str(actions[0])


def test_rules_show_prints_values_in_words() -> None:
    text = run(["rules", "show", "zehntausend-einfach"]).output
    assert "at_least" not in text and "finish_round" not in text and "true" not in text
    assert "mindestens" in text and "game.reach" in text
    english = run(["rules", "show", "zehntausend-einfach", "--lang", "en"]).output
    assert "at_least" not in english and "Meaning" in english


def test_play_says_it_prepares_the_bots_before_the_first_screen() -> None:
    result = play(["zehntausend", "--players", "Anna,bot:heuristic", "--dice", "seed:1"], ["q", ""])
    assert "Bots werden vorbereitet …" in result.stderr
    quiet = play(["zehntausend", "--players", "Anna,bot:random", "--dice", "seed:1"], ["q", ""])
    assert "Bots werden vorbereitet" not in quiet.output


def test_box_names_in_refusals_follow_the_readers_language() -> None:
    import pickle

    import pytest as _pytest

    from wuerfel.engine.errors import IllegalAction, Words
    from wuerfel.engine.record import Match

    state = Match.new("wuerfelspiel", "brettspielnetz", ["A", "B"]).state
    with _pytest.raises(IllegalAction) as err:
        state.parse_action_text("3 xyz", 0)
    assert "Three of a kind" in err.value.translated("en") and "3 Gleiche" not in err.value.translated("en")
    assert "3 Gleiche" in err.value.translated("de")
    assert pickle.loads(pickle.dumps(Words("Aces", "1-er"))).de == "1-er"


def test_english_mode_says_bust_and_all_not_niete_and_alle() -> None:
    out = run(["score", "--rules", "macke-klassisch", "--lang", "en", "6", "6", "6", "2", "3"]).output
    assert "Bust" in out and "Niete" not in out
    helped = play(["zehntausend", "--players", "Ann,Ben", "--dice", "seed:1", "--lang", "en"], ["", "h", "q", ""])
    assert "  all        list every move" in helped.output and "alle" not in helped.output


def test_a_rule_set_no_game_knows_is_refused_as_such() -> None:
    """Without --game every game is asked; the refusal listed only the last game's rule sets (Zehntausend's) as
    if they were all. A game's id given as a rule set gets that game's rule sets."""
    r = run(["rules", "show", "nix"])
    assert r.exit_code == 2 and "Kein Spiel kennt das Regelwerk „nix“ (alle: wuerfel rules list)." in r.output
    assert "farkle" not in r.output
    r = run(["rules", "show", "wuerfelspiel", "--lang", "en"])
    assert r.exit_code == 2 and "'wuerfelspiel' is a game, not a rule set; its rule sets: " in r.output
    assert "kniffel" in r.output
    # score takes a game's id as that game's default rules (issue 24 M2)
    r = run(["score", "--rules", "wuerfelspiel", "1", "2", "3", "4", "5", "--lang", "en", "--json"])
    assert r.exit_code == 0 and '"rules": "brettspielnetz"' in r.output


def test_odds_write_percentages_in_the_readers_notation() -> None:
    de = run(["odds", "zehntausend"]).stdout
    assert "2,0062 %" in de and "2.0062" not in de
    assert "2.0062 %" in run(["odds", "zehntausend", "--lang", "en"]).stdout
