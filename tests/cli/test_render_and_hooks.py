"""The generic renderer and the engine hooks the terminal relies on."""

from __future__ import annotations

from fractions import Fraction
from typing import ClassVar

import pytest
from rich.console import Console

from tests.cli.games import Cocked, OffTable, PigPlusGame
from tests.engine.toy_game import PigGame, PigRules
from wuerfel.cli.play import PlaySession
from wuerfel.cli.play_seats import Seat, parse_dice_mode
from wuerfel.cli.render import fmt_number, generic_renderer, is_dice
from wuerfel.engine.advice import Advice
from wuerfel.engine.errors import IllegalAction, RuleError
from wuerfel.engine.game import Roll
from wuerfel.engine.record import Match
from wuerfel.engine.registry import get_game


def render(view: dict, lang: str = "de") -> str:
    console = Console(width=100, record=True)
    console.print(generic_renderer(view, lang))
    return console.export_text()


def test_generic_renderer_scoreboard_dice_and_per_player_columns() -> None:
    text = render(
        {
            "game": "x",
            "to_move": 1,
            "scores": [350.0, 1200.5],
            "player_names": ["Anna", "Ben"],
            "viewer": 1,
            "qq_marks": [0, 2],
            "dice": [1, 5, 5],
            "qq_total": 200,
            "qq_pending": False,
        }
    )
    assert "Anna" in text and "Ben (du)" in text
    assert "350" in text and "350.0" not in text and "1200,50" in text  # German decimal comma
    assert "Qq marks" in text  # a per-player list became a column (labels: keys made readable)
    assert "⚀ 1  ⚄ 5  ⚄ 5" in text
    assert "Qq total: 200" in text
    assert "Qq pending: nein" in text
    lines = [line for line in text.splitlines() if "Ben" in line]
    assert lines and "▶" in lines[0]


def test_generic_renderer_english_and_missing_names() -> None:
    text = render({"game": "x", "to_move": -2, "scores": [1, 2], "qq_flag": True}, "en")
    assert "Player 1" in text and "Player 2" in text and "Qq flag: yes" in text


def test_helpers() -> None:
    assert fmt_number(3.0) == "3" and fmt_number(2.5) == "2.50" and fmt_number(7) == "7"
    assert is_dice("kept_dice", [1, 6]) and not is_dice("marks", [1, 2]) and not is_dice("dice", [7])
    assert parse_dice_mode("seed:42") == ("seed", 42)
    assert parse_dice_mode("Manual") == ("manual", None)
    for bad in ("seed:", "seed:x", "random"):
        with pytest.raises(RuleError):
            parse_dice_mode(bad)


def test_default_hooks() -> None:
    state = PigGame(PigRules(), 2).new_initial_state()
    with pytest.raises(IllegalAction) as exc:
        state.parse_action_text("anything", 0)
    assert exc.value.translated("de") == "Das habe ich nicht verstanden."
    assert state.describe_outcome(Roll((3, 1, 5))) == "1 3 5"
    assert state.describe_outcome(OffTable()) == "off_table"
    assert get_game("pig").hidden_information is False
    assert get_game("verdeckt").hidden_information is True


def test_advice_json() -> None:
    from tests.engine.toy_game import Hold

    a = Advice(Hold(), 12.5, measure="points", note="because {x}", params={"x": 1})
    assert a.to_json() == {
        "action": {"kind": "hold"},
        "value": 12.5,
        "measure": "points",
        "note": "because {x}",
        "params": {"x": 1},
        "label": "",
    }


def test_special_outcomes_are_lettered_and_skip_command_keys() -> None:
    game = PigPlusGame(PigRules(), 1)
    match = Match.new("pigplus", None, ["Anna"])
    session = PlaySession(
        get_game("pigplus"),
        match,
        [Seat("Anna")],
        dice_mode="manual",
        pause=0,
        console=Console(record=True),
        read_line=lambda: None,
    )
    state = game.new_initial_state()
    assert session.special_outcomes(state) == [("v", OffTable()), ("a", Cocked())]
    assert (OffTable(), Fraction(0)) in state.chance_outcomes()
    assert "h" not in "".join(k for k, _ in session.special_outcomes(state))


def test_search_and_shortened_lists() -> None:
    from wuerfel.cli.play_input import LIST_LIMIT, LIST_TAIL, search

    labels = [f"{k} Chips auf {f}" for f in range(2, 13) for k in range(1, 6)] + ["keine weiteren Einsätze"]
    assert search(labels, "keine") == [len(labels) - 1]
    assert search(labels, "3 CHIPS auf 12") == [labels.index("3 Chips auf 12")]
    assert len(search(labels, "auf 12")) == 5
    assert search(labels, "") == [] and search(labels, "Schwindel") == []

    console = Console(width=120, record=True)
    match = Match.new("pigplus", None, ["Anna"])
    session = PlaySession(
        get_game("pigplus"),
        match,
        [Seat("Anna")],
        dice_mode="seed",
        seed=1,
        pause=0,
        console=console,
        read_line=lambda: None,
    )
    session.print_actions(labels)
    text = console.export_text()
    assert "keine weiteren Einsätze" in text  # the last moves stay visible
    assert f"… und {len(labels) - LIST_LIMIT} weitere" in text
    shown_numbers = {
        int(tok)
        for line in text.splitlines()
        for tok in line.split()
        if tok.isdigit() and line.lstrip().startswith(tok)
    }
    assert 1 in shown_numbers and LIST_LIMIT - LIST_TAIL + 1 not in shown_numbers


def test_advisors_may_return_advice_mappings_or_pairs() -> None:
    from tests.engine.toy_game import Hold, RollAgain
    from wuerfel.cli.play_input import as_advice

    assert as_advice(Advice(Hold(), 1.0)) == Advice(Hold(), 1.0)
    assert as_advice({"action": Hold(), "value": 2.5, "measure": "points"}) == Advice(Hold(), 2.5, measure="points")
    assert as_advice((RollAgain(), 3)) == Advice(RollAgain(), 3)

    class Odd:
        action = Hold()
        value = 4.0

    assert as_advice(Odd()) == Advice(Hold(), 4.0)

    class WithLabelMethod:
        action = Hold()
        value = 5.0

        def label(self, lang: str = "de") -> str:
            return "Hold" if lang == "en" else "Halten"

    assert as_advice(WithLabelMethod(), "en") == Advice(Hold(), 5.0, label="Hold")
    assert as_advice({"action": Hold(), "value": 1, "label": "Halten"}, "de").label == "Halten"
    # Labels per language are not read: the terminal labels the action itself (state.describe_action).
    assert as_advice({"action": Hold(), "value": 1, "label_de": "Halten", "label": None}, "de").label == ""


def test_ctrl_c_saves_and_ends(tmp_path) -> None:
    from wuerfel.cli.play import build_session

    def interrupt() -> str:
        raise KeyboardInterrupt

    save = tmp_path / "g.json"
    session = build_session("pigplus", None, "Anna,Ben", "seed:1", "de", save, None, 0, console=Console(record=True))
    session._read_line = interrupt
    assert session.run() == 130
    assert save.exists()
    assert "Partie beendet." in session.console.export_text()


@pytest.mark.parametrize("game_id", ["pigplus", "verdeckt", "wette"])
def test_the_test_games_pass_the_generic_random_simulation(game_id: str) -> None:
    from wuerfel.engine.testing import random_playthrough

    for seed in range(3):
        match = random_playthrough(Match.new(game_id, None, ["A", "B", "C"]), seed)
        assert match.state.is_terminal()


def test_a_lot_for_a_seat_is_labelled_with_names_and_keyed_by_the_games_digits() -> None:
    import dataclasses as dc

    from tests.engine.toy_game import PigState
    from wuerfel.cli.play_throws import describe_outcome
    from wuerfel.engine.game import CHANCE, Outcome

    @dc.dataclass(frozen=True)
    class SeatLot(Outcome):
        kind: ClassVar[str] = "lot"
        seat: int

    lots = ((SeatLot(0), Fraction(1, 2)), (SeatLot(1), Fraction(1, 2)))

    @dc.dataclass(frozen=True)
    class LotState(PigState):
        def to_move(self) -> int:
            return CHANCE

        def chance_outcomes(self):  # type: ignore[no-untyped-def]
            return lots

        def dice_to_throw(self) -> int:
            return 0

        def parse_outcome(self, text: str) -> Outcome:
            if text.strip() in ("1", "2"):
                return SeatLot(int(text) - 1)
            raise IllegalAction("I did not understand that.")

    game = PigGame(PigRules(), 2)
    state = LotState(game, (0, 0))
    assert describe_outcome(state, SeatLot(1), "de", ["Anna", "Ben"]) == "Ben"
    assert describe_outcome(state, SeatLot(5), "de", ["Anna", "Ben"]) == "lot 5"  # no such seat: the default
    match = Match.new("pig", None, ["Anna", "Ben"])
    session = PlaySession(
        get_game("pig"),
        match,
        [Seat("Anna"), Seat("Ben")],
        dice_mode="manual",
        pause=0,
        console=Console(record=True),
        read_line=lambda: None,
    )
    assert session.special_outcomes(state) == [("1", SeatLot(0)), ("2", SeatLot(1))]
