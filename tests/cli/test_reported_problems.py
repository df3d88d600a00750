"""Reported problems of ``wuerfel play`` and their fixes: player names in outcome labels, whose turn a throw starts,
the manual-dice example in the game's own notation, a game's "?" at a throw, and the result table's heading."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence

import pytest
from rich.console import Console

from tests.cli.games import PigPlusGame, PigPlusState, pigplus_info
from tests.cli.helpers import load_record, play
from wuerfel.cli.play import PlaySession, build_session
from wuerfel.cli.play_throws import describe_outcome
from wuerfel.cli.render import Standings, result_table, score_label
from wuerfel.engine.components import Component, Phrase, Seats
from wuerfel.engine.game import JSON, Roll, State
from wuerfel.engine.record import Match
from wuerfel.engine.registry import _REGISTRY, get_game, register

NAMES = ["Anna", "Ben"]


def plain_lines(out: str) -> list[str]:
    """The output without the drawn screens (tables and panels), so the order of the spoken lines shows."""
    return [line for line in out.splitlines() if line.strip() and line[0] not in "│┃┏┗┡└├╭╰─┌┠┣ "]


def session_for(game_id: str, players: str = "Anna,Ben", dice: str = "manual", lang: str = "de") -> PlaySession:
    return build_session(game_id, None, players, dice, lang, None, None, 0, console=Console(record=True))


# --- test games: a Pig whose view names the player whose turn it is, and one with an example hook ------------------
@dataclasses.dataclass(frozen=True)
class TurnPigState(PigPlusState):
    def view(self, player: int | None) -> JSON:
        return {**super().view(player), "player": self.player}


class TurnPigGame(PigPlusGame):
    id = "turnpig"

    def new_initial_state(self) -> State:
        return TurnPigState(self, tuple(0 for _ in range(self.num_players)))


@dataclasses.dataclass(frozen=True)
class ExamplePigState(PigPlusState):
    def outcome_example(self, lang: str) -> str:
        return "6"


class ExamplePigGame(PigPlusGame):
    id = "examplepig"

    def new_initial_state(self) -> State:
        return ExamplePigState(self, tuple(0 for _ in range(self.num_players)))


@pytest.fixture(autouse=True)
def _more_test_games() -> Iterator[None]:
    infos = [
        dataclasses.replace(pigplus_info(), id="turnpig", make=lambda rules, n: TurnPigGame(rules, n)),
        dataclasses.replace(pigplus_info(), id="examplepig", make=lambda rules, n: ExamplePigGame(rules, n)),
    ]
    for info in infos:
        register(info)
    yield
    for info in infos:
        _REGISTRY.pop(info.id, None)


# --- 1. names in the game's own outcome labels ---------------------------------------------------------------------
def test_a_games_own_lot_label_names_the_player_when_it_accepts_names() -> None:
    from wuerfel.games.hasard.common import Lot

    for game_id, begins in (
        ("escalero", "Ben beginnt"),
        ("verdecktes-wuerfelpoker", "Ben beginnt"),
        ("lustige-sieben", "Ben hat die Bank"),
    ):
        state = Match.new(game_id, None, NAMES).state
        label = describe_outcome(state, Lot(1), "de", NAMES)
        assert begins in label and "Platz" not in label, (game_id, label)
        # Without names (nobody to name), the game's seat label stays.
        assert "2" in describe_outcome(state, Lot(1), "de"), game_id
    state = Match.new("escalero", None, NAMES).state
    assert describe_outcome(state, Lot(0), "en", NAMES) == "Anna begins"


def test_every_game_takes_names_in_describe_outcome_so_no_front_end_sniffs_signatures() -> None:
    """One signature for all (``State.describe_outcome(outcome, lang, names)``): the terminal and the server pass
    the names to every game; a game that ignores them keeps its own label."""
    import inspect

    from wuerfel.engine.game import State
    from wuerfel.engine.registry import all_games

    base = list(inspect.signature(State.describe_outcome).parameters)
    for info in all_games():
        state = info.new_game(None, max(2, info.min_players)).new_initial_state()
        assert list(inspect.signature(type(state).describe_outcome).parameters) == base, info.id
    state = Match.new("pigplus", None, NAMES).state
    assert describe_outcome(state, Roll((3,)), "de", NAMES) == "3"
    import wuerfel.cli.play as play_module

    assert not hasattr(play_module, "_accepts_names")
    assert "inspect" not in vars(play_module)


def test_the_terminal_announces_and_keys_the_lot_by_name() -> None:
    out = play(["escalero", "--players", "Anna,Ben", "--dice", "seed:1"], ["q", ""]).output
    assert "Los: Anna beginnt" in out or "Los: Ben beginnt" in out  # drawn, not thrown: no "Wurf:"
    assert "Platz 1 beginnt" not in out and "Platz 2 beginnt" not in out
    out = play(["escalero", "--players", "Anna,Ben", "--dice", "manual"], ["q", ""]).output
    assert "1 = Anna beginnt  2 = Ben beginnt" in out


# --- 2. whose turn a throw starts ----------------------------------------------------------------------------------
def test_the_turn_is_announced_before_the_throw_that_starts_it() -> None:
    # Anna banks every throw ("b"); the bot rolls until it has 8.
    out = play(["turnpig", "--players", "Anna,bot:holdat", "--dice", "seed:4"], ["b"] * 200).output
    lines = plain_lines(out)
    assert lines.index("Am Zug: Anna") < next(i for i, line in enumerate(lines) if " würfelt: " in line)
    banks = [i for i, line in enumerate(lines) if "→ Anna: " in line and "schreiben" in line]
    assert banks
    for i in banks:
        if "Ergebnis" in lines[i + 1]:
            continue  # the bank won the game
        # The bot's turn begins with its throw: first who is to move, then the throw.
        assert lines[i + 1] == "Am Zug: Bot 1 (holdat)", lines[i - 1 : i + 4]
        assert lines[i + 2].startswith("Bot 1 (holdat) würfelt: "), lines[i - 1 : i + 4]
    # A throw that ends a turn (a 1) is still the thrower's: only then does the next player's name follow a throw.
    after_throw = [
        lines[i - 1].split(" würfelt: ")[1]
        for i, line in enumerate(lines)
        if line.startswith("Am Zug: ") and i > 0 and " würfelt: " in lines[i - 1]
    ]
    assert after_throw and set(after_throw) == {"1"}


def test_zehntausend_bot_turn_is_announced_before_its_first_throw() -> None:
    out = play(["zehntausend", "--players", "Anna,bot", "--dice", "seed:3"], ["1"] * 6 + ["q", ""]).output
    lines = plain_lines(out)
    bank = next(i for i, line in enumerate(lines) if line.startswith("Anna, dein Zug") and "Aufhören" in line)
    assert lines[bank + 1] == "Am Zug: Bot 1 (Faustregel)"
    assert lines[bank + 2].startswith("Bot 1 (Faustregel) würfelt: ")
    assert lines.index("Am Zug: Anna") < next(i for i, line in enumerate(lines) if " würfelt: " in line)


def test_a_lot_is_nobodys_throw() -> None:
    """Before the lot the view's player is a placeholder: nobody is announced before the lot is drawn."""
    lines = plain_lines(play(["escalero", "--players", "Anna,Ben", "--dice", "seed:1"], ["q", ""]).output)
    lot = next(i for i, line in enumerate(lines) if "beginnt" in line)
    assert not any(line.startswith("Am Zug") for line in lines[:lot])


# --- 3. the manual-dice example in the game's notation -------------------------------------------------------------
def test_poker_dice_prompt_shows_an_example_in_poker_notation() -> None:
    out = play(["escalero", "--players", "Anna,Ben", "--dice", "manual"], ["1", "q", ""]).output
    assert "Gefallene Würfel (5, z. B. As König Bube Bube Neun):" in out
    assert "3 3 1 5 6" not in out
    out = play(["escalero", "--players", "Anna,Ben", "--dice", "manual", "--lang", "en"], ["1", "q", ""]).output
    assert "Dice that fell (5, e.g. Ace King Jack Jack Nine):" in out


def test_dice_example_hook_label_or_plain_faces_always_readable() -> None:
    # Plain dice whose label ("3 + 3 = 6") the game does not read back: the plain faces.
    session = session_for("lustige-sieben")
    state = session.state
    while not (state.is_chance() and state.dice_to_throw() > 0):
        state = (
            state.apply_outcome(state.chance_outcomes()[0][0])
            if state.is_chance()
            else state.apply_action(state.legal_actions(state.actors()[0])[-1], state.actors()[0])
        )
    assert session.dice_example(state, state.dice_to_throw()) == "3 3"
    assert state.parse_outcome("3 3") == Roll((3, 3))
    # The state's own example hook wins (and is used only because the game reads it).
    session = session_for("examplepig")
    assert session.dice_example(session.state, 1) == "6"
    out = play(["examplepig", "--players", "Anna", "--dice", "manual"], ["q", ""]).output
    assert "Gefallene Würfel (1, z. B. 6):" in out
    # Default labels: the plain faces, as before.
    assert session_for("pigplus").dice_example(session_for("pigplus").state, 1) == "3"


# --- 4. a game's "?" at a throw ----------------------------------------------------------------------------------
def test_a_games_question_mark_wins_over_the_hint_command_at_a_throw(tmp_path) -> None:
    save = tmp_path / "g.json"
    # Ben wins the lot; his dice stay under the cup ("?"); "h" still shows the entry help; then he quits.
    result = play(
        ["verdecktes-wuerfelpoker", "--players", "Anna,Ben", "--dice", "manual", "--save", str(save)],
        ["2", "h", "?", "q"],
    )
    out = result.output
    assert result.exit_code == 0, out
    assert "? = (verdeckt)" in out
    # "h" at the throw: the entry help, with the example in poker notation.
    assert "Die gefallenen Würfel mit Leerzeichen eingeben (z. B. As König Bube Bube Neun)." in out
    chances = [e.data for e in load_record(save).events if e.type == "chance"]
    assert chances == [{"kind": "lot", "seat": 1}, {"kind": "concealed"}]


def test_question_mark_still_explains_the_entry_where_the_game_does_not_read_it(tmp_path) -> None:
    save = tmp_path / "g.json"
    result = play(["pigplus", "--players", "Anna,Ben", "--dice", "manual", "--save", str(save)], ["?", "q"])
    assert "Die Augen der gefallenen Würfel eingeben" in result.output
    assert not [e for e in load_record(save).events if e.type == "chance"]


def test_special_outcome_keys_take_the_games_signs() -> None:
    session = session_for("verdecktes-wuerfelpoker")
    state = session.state.apply_outcome(session.state.chance_outcomes()[0][0])
    keys = dict(session.special_outcomes(state))
    assert keys["?"].kind == "concealed" and keys["x"].kind == "void"


# --- 5. the result table's heading ---------------------------------------------------------------------------------
def table_text(names: Sequence[str], scores: Sequence[float], heading: str | None, lang: str = "de") -> str:
    console = Console(record=True, width=80)
    ranking = tuple((p,) for p in sorted(range(len(scores)), key=lambda p: -scores[p]))
    console.print(result_table(names, Standings(tuple(scores), ranking, (0,)), lang, heading))
    return console.export_text()


def test_result_heading_is_the_games_own_word_or_neutral() -> None:
    assert score_label({"score_label": "Chips"}, "de") == "Chips"
    assert score_label({"unit": "chips"}, "de") == "Chips"
    assert score_label({"score_label": "Penalty points", "unit": "x"}, "en") == "Penalty points"
    assert score_label({"scores": [1, 2]}, "de") is None
    assert score_label({"unit": ""}, "de") is None
    assert "Chips" in table_text(NAMES, [3, 1], "Chips")
    text = table_text(NAMES, [3, 1], None)
    assert "Stand" in text and "Punkte" not in text
    assert "Standing" in table_text(NAMES, [3, 1], None, "en")
    assert "[b]" in table_text(NAMES, [3, 1], "[b]")  # a game's word is text, not markup


@pytest.mark.parametrize("game_id", ["lustige-sieben", "verdecktes-wuerfelpoker"])
def test_chip_games_results_do_not_say_points(game_id: str) -> None:
    result = play([game_id, "--players", "bot,bot:random", "--dice", "seed:2"])
    assert result.exit_code == 0, result.output[-2000:]
    table = result.output[result.output.index("Ergebnis") :]
    assert "Chips" in table and "Punkte" not in table
    assert "Rang" in table and "Gewinn/Verlust" in table  # the payoffs of a game played for chips


def test_a_view_score_label_heads_the_result_and_the_generic_board() -> None:
    @dataclasses.dataclass(frozen=True)
    class ChipPigState(PigPlusState):
        def view(self, player: int | None) -> JSON:
            return {**super().view(player), "score_label": "Chips"}

        def components(self, player: int | None) -> tuple[Component, ...]:
            # The generic board is drawn from the components: the game names its scores in its seats.
            return tuple(
                dataclasses.replace(c, label=Phrase("Chips")) if isinstance(c, Seats) else c
                for c in super().components(player)
            )

    class ChipPigGame(PigPlusGame):
        def new_initial_state(self) -> State:
            return ChipPigState(self, tuple(0 for _ in range(self.num_players)))

    info = dataclasses.replace(pigplus_info(), make=lambda rules, n: ChipPigGame(rules, n))
    register(info)
    try:
        out = play(["pigplus", "--players", "bot,bot", "--dice", "seed:1"]).output
    finally:
        register(pigplus_info())
    board = out[: out.index("Ergebnis")]
    table = out[out.index("Ergebnis") :]
    assert "Chips ┃" in board and "Punkte ┃" not in board and "Score label" not in board
    assert "Chips" in table and "Stand" not in table
    assert get_game("pigplus").make is not info.make


def test_a_lot_that_falls_on_you_speaks_to_you() -> None:
    """The default name is "Du": the lot read "Wurf: Du beginnt" / "Du hat die Bank"."""
    seen = set()
    for seed in range(1, 9):
        for game, yours in (
            ("verdecktes-wuerfelpoker", "Los: Du beginnst"),
            ("rock-and-roll", "Los: Du hast die Bank"),
            ("craps", "Los: Du bist der erste Macher"),
        ):  # a game's own lot text (terminal L1)
            out = play([game, "--dice", f"seed:{seed}"], ["q", ""]).output
            assert "Du beginnt" not in out and "Du hat die Bank" not in out and "Du ist" not in out
            if yours in out:
                seen.add(game)
    assert seen == {"verdecktes-wuerfelpoker", "rock-and-roll", "craps"}
    out = play(["rock-and-roll", "--dice", "seed:1", "--lang", "en"], ["q", ""]).output
    assert "Lot: You hold the bank" in out
