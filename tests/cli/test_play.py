"""``wuerfel play`` driven through whole games with scripted standard input."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.games import Hold, Keep, Reroll, RollAgain
from tests.cli.helpers import load_record, play
from wuerfel.engine.record import GameRecord
from wuerfel.engine.registry import get_game, register


def test_two_humans_play_a_whole_game_in_german(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    # Banking every throw: one "2" per turn (a thrown 1 ends the turn without a question).
    result = play(["pigplus", "--players", "Anna,Ben", "--dice", "seed:5", "--save", str(save)], ["2"] * 200)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Anna, dein Zug (1–2, ? Tipp, h Hilfe, q Ende):" in out
    assert "Ben, dein Zug" in out
    assert "Weiterwürfeln" in out and "schreiben" in out
    assert "Anna würfelt: " in out and "Ben würfelt: " in out and "Ergebnis" in out and "gewinnt!" in out
    record = load_record(save)
    final = record.replay()
    assert final.is_terminal()
    assert record.players == ["Anna", "Ben"]
    assert record.meta["seats"] == ["human", "human"]
    winner = record.players[final.winners()[0]]
    assert f"{winner} gewinnt!" in out
    # Every human decision was "bank".
    assert all(e.data == Hold().to_json() for e in record.events if e.type == "action")


def test_game_against_a_bot_with_typed_moves(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = play(
        ["pigplus", "--players", "Anna,bot:holdat", "--dice", "seed:11", "--save", str(save)], ["w", "b"] * 200
    )
    assert result.exit_code == 0, result.output
    assert "→ Bot 1 (holdat): " in result.output
    record = load_record(save)
    assert record.replay().is_terminal()
    assert record.meta["seats"] == ["human", "bot:holdat"]
    anna = [e.data["kind"] for e in record.events if e.type == "action" and e.player == 0]
    assert anna and set(anna) <= {"roll", "hold"}
    # Anna alternated: every bank follows a roll decision only when the throw survived, so she never banks twice in a
    # row within one turn; the bot played its own seat.
    assert any(e.player == 1 for e in record.events if e.type == "action")


def test_manual_dice_with_typos_and_a_void_throw(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    lines = [
        "7",  # not a face
        "3 3",  # two dice for a one-die throw
        "x",  # nonsense
        "a",  # Anna's die leans against the cup ("brennt"): thrown again
        "6",  # Anna throws a 6
        "2",  # and banks 6
        "v",  # Ben's die falls off the table: turn lost, no decision
    ]
    for _ in range(4):
        lines += ["6", "2", "v"]  # Anna 6 and bank, Ben off the table
    result = play(["pigplus", "--players", "Anna,Ben", "--dice", "manual", "--save", str(save)], lines)
    assert result.exit_code == 0, result.output
    out = result.output
    # The game reads "v" as off the table, so that is its key; "brennt" gets the first free letter.
    assert "v = vom Tisch  a = brennt" in out
    assert "Gefallene Würfel (1, z. B. 3):" in out
    assert "Bitte 1 Würfel eingeben, jeder zeigt 1 bis 6." in out
    assert "Bitte genau 1 Würfel eingeben, nicht 2." in out
    record = load_record(save)
    final = record.replay()
    assert final.is_terminal()
    assert final.scores() == (30.0, 0.0)
    assert "Anna gewinnt!" in out
    chance = [e.data for e in record.events if e.type == "chance"]
    # Anna banks 6 in each of her five turns; Ben's four turns all ended off the table. The three typos never
    # reached the record: exactly the ten accepted entries are there.
    assert chance.count({"kind": "off_table"}) == 4
    assert chance.count({"kind": "cocked"}) == 1
    assert len(chance) == 10


def test_refused_input_changes_nothing_and_says_why(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    lines = ["", "9", "0", "hallo", "n", "n", "", "q"]  # "n": reroll ("r" asks for the rules)
    result = play(["verdeckt", "--players", "Anna,Ben", "--dice", "seed:3", "--save", str(save)], lines)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Bitte eine Zahl von 1 bis 2 wählen." in out
    assert "Das habe ich nicht verstanden." in out
    # The second "n" is a reroll after the one allowed reroll: refused with the engine's reason.
    assert "Dieser Zug ist jetzt nicht erlaubt." in out
    assert "Enter = 1" in out  # only "keep" is left, so Enter takes it
    record = load_record(save)
    actions = [(e.player, e.data["kind"]) for e in record.events if e.type == "action"]
    assert actions == [(0, Reroll.kind), (0, Keep.kind)]
    assert "Die Partie ist in" in out and "Partie beendet." in out


def test_english_interface() -> None:
    result = play(
        ["pigplus", "--players", "Anna,Ben", "--dice", "seed:2", "--lang", "en"], ["", "h", "?", *["2"] * 200]
    )  # Enter: Anna throws
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Anna, your move (1–2, ? hint, h help, q quit):" in out
    assert "Commands:" in out and "Hints" in out and "Roll again" in out
    assert "wins!" in out and "Result" in out
    assert "dein Zug" not in out


def test_hints_and_help_in_german() -> None:
    # Enter throws (seed 1: a 1, the turn is lost), Enter again (a 6), then the decision
    result = play(["pigplus", "--players", "Anna", "--dice", "seed:1"], ["", "", "?", "h", "q", ""])
    out = result.output
    assert "Tipps" in out and "Wert" in out
    assert "Befehle:" in out
    result = play(["pig", "--players", "Anna", "--dice", "seed:1"], ["", "", "?", "q", ""])
    assert "Für dieses Spiel gibt es keine Tipps." in result.output


def test_quit_offers_to_save_and_load_continues(tmp_path: Path) -> None:
    path = tmp_path / "saved.json"
    result = play(["pigplus", "--players", "Anna,bot:holdat", "--dice", "seed:4"], ["1", "1", "q", str(path)])
    assert result.exit_code == 0, result.output
    assert "Partie speichern? Dateiname (Enter: nicht speichern):" in result.output
    record = GameRecord.loads(path.read_text(encoding="utf-8"))
    assert not record.replay().is_terminal()
    before = len(record.events)
    assert before > 0
    result = play(["pigplus", "--load", str(path), "--dice", "seed:9", "--save", str(path)], ["2"] * 200)
    assert result.exit_code == 0, result.output
    continued = load_record(path)
    assert continued.replay().is_terminal()
    assert [e.to_json() for e in continued.events[:before]] == [e.to_json() for e in record.events]
    assert continued.meta["seats"] == ["human", "bot:holdat"]


def test_load_refuses_a_record_of_another_game(tmp_path: Path) -> None:
    path = tmp_path / "saved.json"
    play(["pigplus", "--players", "Anna", "--dice", "seed:4", "--save", str(path)], ["q"])
    result = play(["verdeckt", "--load", str(path)])
    assert result.exit_code == 2
    assert "ist eine Partie von pigplus, nicht von verdeckt" in result.output


def test_end_of_input_stops_with_status_1() -> None:
    result = play(["pigplus", "--players", "Anna,Ben", "--dice", "seed:1"], ["1"])
    assert result.exit_code == 1
    assert "Die Eingabe ist zu Ende" in result.output


def test_default_players_are_you_against_the_default_bot() -> None:
    result = play(["pigplus", "--dice", "seed:1"], ["2"] * 200)
    assert result.exit_code == 0, result.output
    assert "Spieler: Du, Bot 1 (holdat)" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "Anna,,Ben"], "Spielernamen dürfen nicht leer sein"),
        (["--players", "Anna,anna"], "Zwei Spieler heißen „anna“"),
        (["--players", "Anna,bot:nope"], "nope"),
        (["--players", "A,B,C,D,E"], "5"),
        (["--dice", "loaded"], "Unbekannte Würfelart „loaded“"),
        (["--rules", "nope"], "nope"),
    ],
)
def test_bad_arguments_are_refused_with_status_2(args: list[str], message: str) -> None:
    result = play(["pigplus", *args])
    assert result.exit_code == 2
    assert message in result.output


def test_unknown_game_is_refused() -> None:
    result = play(["nogame"])
    assert result.exit_code == 2
    assert "nogame" in result.output


def test_bots_play_their_seats_with_the_configured_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    pauses: list[float] = []
    monkeypatch.setattr("wuerfel.cli.play.time.sleep", lambda s: pauses.append(s))
    from tests.cli.helpers import run

    result = run(
        ["play", "pigplus", "--players", "Anna,bot:holdat", "--dice", "seed:1", "--pause", "0.25"], ["2"] * 200
    )
    assert result.exit_code == 0, result.output
    assert pauses and set(pauses) == {0.25}


def test_hidden_information_hot_seat_passes_the_screen_and_hides_other_dice(tmp_path: Path) -> None:
    seen: list[dict] = []
    info = get_game("verdeckt")

    def renderer(view: dict, lang: str) -> str:
        seen.append(view)
        return f"<view for {view['viewer']}>"

    import dataclasses

    register(dataclasses.replace(info, terminal_renderer=renderer))
    save = tmp_path / "g.json"
    result = play(
        ["verdeckt", "--players", "Anna,Ben,bot:low", "--dice", "seed:8", "--save", str(save)], ["", "k", "", "k"]
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.count("Bildschirm an Anna weitergeben") == 1
    assert out.count("Bildschirm an Ben weitergeben") == 1
    assert out.index("Bildschirm an Anna") < out.index("<view for 0>") < out.index("Bildschirm an Ben")
    assert "Wurf:" not in out  # nobody's concealed throw is announced
    # The bot's keep or reroll is no secret (only dice are): it is shown as it is, not as "has moved".
    assert "→ Bot 1 (low): Behalten" in out or "→ Bot 1 (low): Neu würfeln" in out
    decision_views = [v for v in seen if v["viewer"] is not None]
    assert {v["viewer"] for v in decision_views} == {0, 1}
    for v in decision_views:
        # a person sees his own die and nobody else's
        assert "revealed_dice" not in v
        assert v["actors"] == [v["viewer"]]
    record = load_record(save)
    final = record.replay()
    assert final.is_terminal()
    assert seen[-1].get("revealed_dice") == [int(s) for s in final.scores()]


def test_custom_renderer_gets_names_and_actions_are_labelled() -> None:
    import dataclasses

    info = get_game("pigplus")
    register(dataclasses.replace(info, terminal_renderer=lambda view, lang: "NAMES=" + "|".join(view["player_names"])))
    result = play(["pigplus", "--players", "Anna,Ben", "--dice", "seed:1"], ["", "", "q", ""])
    assert "NAMES=Anna|Ben" in result.output
    assert "1  Weiterwürfeln" in result.output or "Weiterwürfeln" in result.output


def test_typed_label_is_accepted() -> None:
    result = play(["pigplus", "--players", "Anna", "--dice", "seed:1"], ["", "", "weiterwürfeln", "q", ""])
    assert "→ Anna: Weiterwürfeln" in result.output
    assert RollAgain().kind == "roll"


def test_simultaneous_sealed_bets_bots_first_then_each_person_until_done(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    lines = [
        "",  # Anna takes the screen
        "1",
        "2",
        "3",  # Anna bets 1, then 2 (sealed), then is done
        "",  # Ben takes the screen
        "2",
        "3",
    ]  # Ben bets 1, done; then the die decides
    result = play(["wette", "--players", "Anna,Ben,bot", "--dice", "seed:2", "--save", str(save)], lines)
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.count("Bildschirm an Anna weitergeben") == 1 and out.count("Bildschirm an Ben weitergeben") == 1
    assert "Am Zug: Anna, Ben, Bot 1 (twice)" in out
    record = load_record(save)
    acts = [(e.player, e.data) for e in record.events if e.type == "action"]
    assert acts == [
        (2, {"kind": "bet", "chips": 1}),
        (2, {"kind": "bet", "chips": 1}),
        (2, {"kind": "done"}),
        (0, {"kind": "bet", "chips": 1}),
        (0, {"kind": "bet", "chips": 2}),
        (0, {"kind": "done"}),
        (1, {"kind": "bet", "chips": 2}),
        (1, {"kind": "done"}),
    ]
    assert record.replay().is_terminal()
    # Ben's screen came after Anna's bets, and Anna's sealed bets were not in it.
    ben_part = out[out.index("Bildschirm an Ben") :]
    anna_row = next(line for line in ben_part.splitlines() if "Anna" in line)
    assert "—" in anna_row and "3" not in anna_row


def test_a_bot_that_cheats_stops_the_game_with_a_clear_message(tmp_path: Path) -> None:
    import dataclasses

    class Cheat:
        name = "cheat"

        def choose(self, state, player):  # type: ignore[no-untyped-def]
            return Reroll()  # also after its one allowed reroll

    info = get_game("verdeckt")
    register(dataclasses.replace(info, bots={"cheat": lambda game, seed: Cheat()}))
    save = tmp_path / "g.json"
    result = play(["verdeckt", "--players", "bot:cheat,Ben", "--dice", "seed:1", "--save", str(save)])
    assert result.exit_code == 3
    assert (
        "Bot 1 (cheat) hat einen unerlaubten Zug gewählt (Neu würfeln): Dieser Zug ist jetzt nicht erlaubt."
        in result.output
    )
    assert len(load_record(save).events) == 3  # throw, the one legal reroll, throw


def test_hints_show_the_best_ten_and_all_on_request() -> None:
    import dataclasses

    from wuerfel.engine.advice import Advice

    class Many:
        def __init__(self, game) -> None:  # type: ignore[no-untyped-def]
            pass

        def advise(self, state, player):  # type: ignore[no-untyped-def]
            return [Advice(Hold() if k % 2 else RollAgain(), 100.0 - k, label=f"option {k}") for k in range(15)]

    register(dataclasses.replace(get_game("pigplus"), advisor=Many))
    result = play(["pigplus", "--players", "Anna", "--dice", "seed:1"], ["", "", "?", "??", "q", ""])
    out = result.output
    first = out[: out.index("?? zeigt alle")]
    assert "option 9" in first and "option 10" not in first
    assert "… und 5 weitere (?? zeigt alle)." in out
    assert "option 14" in out[out.index("?? zeigt alle") :]


def test_throws_are_announced_unless_a_games_own_screen_shows_them_better() -> None:
    import dataclasses

    assert "Anna würfelt: " in play(["pig", "--players", "Anna", "--dice", "seed:1"], ["", "q", ""]).output
    register(dataclasses.replace(get_game("pig"), terminal_renderer=lambda view, lang: "OWN SCREEN"))
    out = play(["pig", "--players", "Anna", "--dice", "seed:1"], ["", "", "q", ""]).output
    assert "OWN SCREEN" in out and "würfelt: " not in out
    # A game that labels its own outcomes is announced even with its own screen.
    register(dataclasses.replace(get_game("pigplus"), terminal_renderer=lambda view, lang: "OWN SCREEN"))
    out = play(["pigplus", "--players", "Anna", "--dice", "seed:1"], ["", "", "q", ""]).output
    assert "OWN SCREEN" in out and "Anna würfelt: " in out
