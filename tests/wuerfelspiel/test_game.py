"""Würfelspiel rules: every box, the seed's printed sheet, turn flow, refusals with reasons, joker/bonus rules,
random simulation of every preset, bots and hints."""

from __future__ import annotations

import dataclasses
import io

import pytest
from rich.console import Console

from wuerfel.engine.dice import multisets
from wuerfel.engine.errors import IllegalAction, RuleError
from wuerfel.engine.game import Roll
from wuerfel.engine.record import Match
from wuerfel.engine.registry import get_game
from wuerfel.engine.sources import SeededSource
from wuerfel.engine.testing import random_playthrough
from wuerfel.games.wuerfelspiel.rules import ALL_BOXES, WuerfelspielRules, box_score
from wuerfel.games.wuerfelspiel.state import Keep, Score, WuerfelspielState, column_totals

INFO = get_game("wuerfelspiel")
R = INFO.load_rules("brettspielnetz")


@pytest.fixture(autouse=True)
def _private_cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("WUERFEL_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "wcache"))


def state_with(
    rules: WuerfelspielRules,
    dice: tuple[int, ...],
    column: dict[str, int | None] | None = None,
    throws: int = 1,
    players: int = 1,
) -> WuerfelspielState:
    game = INFO.new_game(rules, players)
    s = game.new_initial_state()
    col = tuple((column or {}).get(b) for b in rules.boxes)
    sheets = ((col, *tuple(tuple(None for _ in rules.boxes) for _ in range(rules.columns - 1))), *s.sheets[1:])
    return dataclasses.replace(s, sheets=sheets).with_dice(tuple(dice), throws)


# --- scoring -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("box", "dice", "points"),
    [
        ("fives", (5, 5, 5, 5, 2), 20),  # "Hast du 4 5-er, so kannst du 20 Punkte ... eintragen"
        ("ones", (1, 2, 3, 4, 5), 1),
        ("sixes", (1, 2, 3, 4, 5), 0),
        ("threes", (3, 3, 3, 3, 3), 15),
        ("three_kind", (5, 5, 5, 6, 4), 25),
        ("three_kind", (6, 6, 1, 1, 2), 0),
        ("four_kind", (6, 6, 6, 6, 5), 29),
        ("four_kind", (6, 6, 6, 5, 5), 0),
        ("full_house", (2, 2, 3, 3, 3), 25),
        ("full_house", (4, 4, 4, 4, 4), 0),  # B-3: five equal is no full house
        ("full_house", (2, 2, 3, 3, 4), 0),
        ("small_straight", (1, 2, 3, 4, 6), 30),
        ("small_straight", (3, 4, 5, 6, 6), 30),
        ("small_straight", (2, 3, 4, 5, 6), 30),  # B-4: a five-dice straight is also a small one
        ("small_straight", (1, 2, 3, 5, 6), 0),
        ("large_straight", (1, 2, 3, 4, 5), 40),
        ("large_straight", (2, 3, 4, 5, 6), 40),
        ("large_straight", (1, 2, 3, 4, 6), 0),
        ("five_kind", (6, 6, 6, 6, 6), 50),
        ("five_kind", (6, 6, 6, 6, 5), 0),
        ("chance", (6, 6, 5, 4, 3), 24),
        ("three_kind", (2, 2, 2, 2, 2), 10),  # B-3: five equal qualifies for 3 and 4 Gleiche and Chance
        ("four_kind", (2, 2, 2, 2, 2), 10),
        ("chance", (2, 2, 2, 2, 2), 10),
    ],
)
def test_box_values(box: str, dice: tuple[int, ...], points: int) -> None:
    assert box_score(box, dice, R) == points


def test_box_value_options() -> None:
    r = dataclasses.replace(
        R,
        full_house_allows_five_kind=True,
        full_house=30,
        small_straight=25,
        large_straight=35,
        five_kind=60,
        kind_boxes_score="sum_of_kind",
    )
    assert box_score("full_house", (4, 4, 4, 4, 4), r) == 30
    assert box_score("small_straight", (1, 2, 3, 4, 4), r) == 25
    assert box_score("large_straight", (1, 2, 3, 4, 5), r) == 35
    assert box_score("five_kind", (1, 1, 1, 1, 1), r) == 60
    assert box_score("three_kind", (5, 5, 5, 6, 4), r) == 15
    assert box_score("four_kind", (6, 6, 6, 6, 5), r) == 24


def test_zero_entry_is_always_allowed_and_scores_zero() -> None:
    s = state_with(R, (1, 2, 2, 4, 6))
    s2 = s.apply_action(Score(2, "five_kind"))
    assert s2.sheets[0][2][ALL_BOXES.index("five_kind")] == 0


# --- the seed's printed sheet (spec §2) ----------------------------------------------------------------------

BRAM = [
    {"ones": 2, "twos": 2, "threes": 6, "sixes": 12},
    {"ones": 3, "threes": 12, "fives": 15, "full_house": 25, "small_straight": 30},
    {
        "threes": 12,
        "fours": 12,
        "fives": 15,
        "sixes": 24,
        "three_kind": 25,
        "full_house": 25,
        "small_straight": 30,
        "large_straight": 40,
        "chance": 24,
    },
]
INI4 = [
    {"ones": 2, "twos": 6, "full_house": 25, "chance": 23},
    {"ones": 3, "twos": 6, "fours": 16, "sixes": 18, "small_straight": 30},
    {
        "ones": 3,
        "fours": 16,
        "fives": 25,
        "three_kind": 27,
        "four_kind": 29,
        "full_house": 25,
        "small_straight": 30,
        "large_straight": 40,
        "five_kind": 50,
        "chance": 24,
    },
]


def _sheet(cols: list[dict[str, int]]) -> tuple[tuple[int | None, ...], ...]:
    return tuple(tuple(c.get(b) for b in ALL_BOXES) for c in cols)


def test_printed_example_column_sums_bonus_and_totals() -> None:
    bram = [column_totals(R, c, 0) for c in _sheet(BRAM)]
    ini4 = [column_totals(R, c, 0) for c in _sheet(INI4)]
    assert [c.total for c in bram] == [22, 85, 242]
    assert [c.total for c in ini4] == [56, 73, 269]
    # bram's x3 column: 63 in the upper part with 1-er and 2-er still empty -> the bonus is there at once
    assert (bram[2].upper, bram[2].bonus, bram[2].lower) == (63, 35, 144)
    assert (ini4[2].upper, ini4[2].bonus, ini4[2].lower) == (44, 0, 225)
    game = INFO.new_game(R, 2)
    s = dataclasses.replace(game.new_initial_state(), sheets=(_sheet(BRAM), _sheet(INI4)))
    assert s.scores() == (918.0, 1009.0)  # TOTAL_SCORE: 918 1009
    filled = [sum(v is not None for col in sheet for v in col) for sheet in s.sheets]
    assert filled == [18, 19]  # "Zug: 19": ini4 has moved in turn 19, bram is about to
    assert s.turn_number() == 19


def test_every_printed_entry_is_a_possible_box_value() -> None:
    possible = {b: {box_score(b, d, R) for d in multisets(5)} for b in ALL_BOXES}
    for cols in (BRAM, INI4):
        for col in cols:
            for b, v in col.items():
                assert v in possible[b], (b, v)


# --- turn flow and refusals ----------------------------------------------------------------------------------


def test_turn_flow_keep_and_rethrow_then_must_score() -> None:
    game = INFO.new_game(R, 2)
    s = game.new_initial_state()
    assert s.is_chance() and s.dice_to_throw() == 5
    s = s.apply_outcome(Roll((6, 6, 1, 2, 3)))
    assert s.to_move() == 0 and s.throws == 1
    s = s.apply_action(Keep((6, 6)))
    assert s.is_chance() and s.dice_to_throw() == 3
    s = s.apply_outcome(s.parse_outcome("6 4 4"))
    assert s.dice == (4, 4, 6, 6, 6)
    s = s.apply_action(Keep((6, 6, 6)))
    s = s.apply_outcome(Roll((6, 1)))
    assert s.throws == 3
    assert not any(isinstance(a, Keep) for a in s.legal_actions())
    with pytest.raises(IllegalAction) as exc:
        s.apply_action(Keep((6, 6, 6, 6)))
    assert "No re-throws left" in exc.value.english()
    s2 = s.apply_action(Score(2, "four_kind"))
    assert s2.sheets[0][2][ALL_BOXES.index("four_kind")] == 25
    assert s2.player == 1 and s2.is_chance() and s2.dice_to_throw() == 5
    assert s2.scores() == (75.0, 0.0)


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (Score(1, "chance"), "already filled"),
        (Score(5, "chance"), "no column 6"),
        (Keep((6, 6, 6)), "only keep dice you have thrown"),
        (Keep((1, 2, 3, 4, 5)), "at least one die"),
    ],
)
def test_illegal_moves_are_refused_with_reasons(action, reason) -> None:
    s = state_with(R, (1, 2, 3, 4, 5))
    sheets = list(s.sheets[0])
    sheets[1] = tuple(7 if b == "chance" else None for b in R.boxes)
    s = dataclasses.replace(s, sheets=(tuple(sheets),))
    with pytest.raises(IllegalAction) as exc:
        s.apply_action(action)
    assert reason in exc.value.english()
    assert exc.value.translated("de") != exc.value.english()
    assert s.sheets[0][1][-1] == 7 and s.dice == (1, 2, 3, 4, 5)  # nothing changed


def test_unknown_box_wrong_player_and_chance_node() -> None:
    s = state_with(R, (1, 2, 3, 4, 5), players=2)
    with pytest.raises(IllegalAction, match="no box"):
        s.apply_action(Score(0, "pairs"))
    with pytest.raises(IllegalAction, match="not your turn"):
        s.apply_action(Score(0, "chance"), player=1)
    with pytest.raises(IllegalAction):
        INFO.new_game(R, 1).new_initial_state().apply_action(Score(0, "chance"))
    with pytest.raises(IllegalAction):
        s.apply_outcome(Roll((1, 1, 1, 1, 1)))


def test_manual_dice_entry() -> None:
    s = state_with(R, (2, 2, 5, 5, 6)).apply_action(Keep((5, 5)))
    assert s.dice_to_throw() == 3
    with pytest.raises(IllegalAction, match="exactly 3"):
        s.parse_outcome("6 6")
    with pytest.raises(IllegalAction):
        s.parse_outcome("6 6 7")
    assert s.apply_outcome(s.parse_outcome("5 1 1")).dice == (1, 1, 5, 5, 5)


def test_action_ids_are_stable() -> None:
    game = INFO.new_game(R, 1)
    assert game.action_id(Score(0, "ones")) == 0
    assert game.action_id(Score(2, "chance")) == 2 * 16 + 12
    assert game.action_id(Keep(())) == 1000
    assert game.action_id(Keep((6, 6))) == 1000 + 7 + 20
    for a in (Score(1, "full_house"), Keep((1, 3, 3, 5)), Keep((6,))):
        assert game.action_from_id(game.action_id(a)) == a


# --- Yahtzee extras --------------------------------------------------------------------------------------------

Y = INFO.load_rules("yahtzee")
YC = INFO.load_rules("yahtzee-classic")


def test_yahtzee_forced_joker_number_box_first_and_bonus() -> None:
    s = state_with(Y, (3, 3, 3, 3, 3), {"five_kind": 50})
    legal = [a for a in s.legal_actions() if isinstance(a, Score)]
    assert legal == [Score(0, "threes")]
    with pytest.raises(IllegalAction, match="must go into the box Threes"):
        s.apply_action(Score(0, "chance"))
    s2 = s.apply_action(Score(0, "threes"))
    assert s2.sheets[0][0][2] == 15 and s2.extras[0][0] == 100
    assert s2.scores() == (165.0,)


def test_yahtzee_forced_joker_lower_boxes_at_full_value() -> None:
    s = state_with(Y, (4, 4, 4, 4, 4), {"five_kind": 50, "fours": 12})
    assert {a.box for a in s.legal_actions() if isinstance(a, Score)} == {
        "three_kind",
        "four_kind",
        "full_house",
        "small_straight",
        "large_straight",
        "chance",
    }
    assert s.points(0, "full_house") == (25, 100)
    assert s.points(0, "small_straight") == (30, 100)
    assert s.points(0, "large_straight") == (40, 100)
    assert s.points(0, "three_kind") == (20, 100)
    with pytest.raises(IllegalAction, match="lower part"):
        s.apply_action(Score(0, "ones"))


def test_yahtzee_forced_joker_zero_in_number_box_when_lower_is_full() -> None:
    lower_full = {b: 0 for b in ALL_BOXES[6:]}
    lower_full["five_kind"] = 0  # scratched Yahtzee: joker still applies, no 100 bonus
    s = state_with(Y, (2, 2, 2, 2, 2), {**lower_full, "twos": 4})
    assert {a.box for a in s.legal_actions() if isinstance(a, Score)} == {"ones", "threes", "fours", "fives", "sixes"}
    assert s.points(0, "ones") == (0, 0)


def test_yahtzee_bonus_needs_fifty_in_the_box() -> None:
    s = state_with(Y, (6, 6, 6, 6, 6), {"five_kind": 0, "sixes": 18})
    assert s.points(0, "chance") == (30, 0)


def test_classic_joker_any_box_joker_value_only_with_number_box_filled() -> None:
    s = state_with(YC, (5, 5, 5, 5, 5), {"five_kind": 50})
    assert Score(0, "full_house") in s.legal_actions()
    assert s.points(0, "full_house") == (0, 100)  # number box open: no joker value
    s = state_with(YC, (5, 5, 5, 5, 5), {"five_kind": 50, "fives": 20})
    assert s.points(0, "full_house") == (25, 100)


def test_brettspielnetz_has_no_yahtzee_bonus_or_joker() -> None:
    s = state_with(R, (5, 5, 5, 5, 5), {"five_kind": 50})
    assert s.points(0, "full_house") == (0, 0)
    assert len([a for a in s.legal_actions() if isinstance(a, Score)]) == 3 * 13 - 1


# --- rule validation ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("overrides", "key"),
    [
        ({"columns": 2}, "column_weights"),
        ({"boxes": ["ones", "pairs"]}, "pairs"),
        ({"boxes": ["ones", "ones"]}, "twice"),
        ({"dice": 6}, "dice"),
        ({"yahtzee_bonus": 100, "boxes": ["ones", "chance"]}, "five_kind"),
        ({"joker": "sometimes"}, "joker"),
    ],
)
def test_bad_rules_are_refused_naming_the_option(overrides, key) -> None:
    with pytest.raises(RuleError) as exc:
        INFO.load_rules("brettspielnetz", overrides)
    assert key in exc.value.english()


def test_presets_shape() -> None:
    k = INFO.load_rules("kniffel")
    assert (k.columns, k.column_weights, k.turns, k.yahtzee_bonus) == (1, (1,), 13, 0)
    assert (Y.yahtzee_bonus, Y.joker, Y.columns) == (100, "forced", 1)
    assert (R.columns, R.column_weights, R.turns, R.upper_bonus, R.upper_bonus_threshold) == (3, (1, 2, 3), 39, 35, 63)


# --- generic simulation, bots, hints, sheet ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "players"), [("brettspielnetz", 2), ("kniffel", 1), ("yahtzee", 2), ("yahtzee-classic", 1)]
)
def test_random_simulation_of_every_preset(preset: str, players: int) -> None:
    m = Match.new("wuerfelspiel", preset, [f"p{i}" for i in range(players)])
    random_playthrough(m, seed=7)
    s = m.state
    assert s.is_terminal()
    assert all(v is not None for sheet in s.sheets for col in sheet for v in col)
    assert s.winners()


def test_small_sheet_option_plays_through() -> None:
    rules = INFO.load_rules(
        "brettspielnetz",
        {
            "columns": 2,
            "column_weights": [1, 4],
            "boxes": ["fives", "sixes", "five_kind", "chance"],
            "yahtzee_bonus": 100,
            "joker": "free",
        },
    )
    m = Match.new("wuerfelspiel", None, ["a", "b"], rules=rules)
    random_playthrough(m, seed=3)
    assert m.state.is_terminal()


@pytest.mark.parametrize(
    ("bot", "overrides"),
    [
        ("heuristic", {}),
        # the best bot's 3-column tables take a while to build from scratch; a smaller sheet checks the same code
        ("best", {"boxes": ["ones", "fours", "sixes", "three_kind", "small_straight", "large_straight", "five_kind"]}),
    ],
)
def test_bots_play_legal_games(bot: str, overrides: dict) -> None:
    from wuerfel.bots import make_bot

    m = Match.new("wuerfelspiel", None, ["solo"], rules=INFO.load_rules("brettspielnetz", overrides))
    b = make_bot("wuerfelspiel", bot, m.game, seed=1)
    src = SeededSource(11)
    while True:
        m.resolve_chance(src)
        if m.state.is_terminal():
            break
        m.act(b.choose(m.state, 0), 0)
    assert m.state.scores()[0] > 100


def test_best_bot_solves_its_endgame_once_even_when_the_shared_planner_forgets_it(monkeypatch) -> None:
    # A server's tables share one planner, which keeps only a few endgames; each bot holds on to its own.
    from wuerfel.bots import make_bot
    from wuerfel.games.wuerfelspiel.endgame import Endgame

    rules = INFO.load_rules(
        "brettspielnetz", {"boxes": ["fives", "sixes", "full_house", "chance"], "upper_bonus_threshold": 20}
    )
    m = Match.new("wuerfelspiel", None, ["solo"], rules=rules)
    b = make_bot("wuerfelspiel", "best", m.game, seed=1)
    builds: list[object] = []
    real = Endgame.build.__func__  # type: ignore[attr-defined]

    def counted(cls: type[Endgame], planner: object, sheet: object) -> Endgame:
        builds.append(sheet)
        return real(cls, planner, sheet)

    monkeypatch.setattr(Endgame, "build", classmethod(counted))
    src = SeededSource(5)
    turns = 0
    while True:
        m.resolve_chance(src)
        if m.state.is_terminal():
            break
        b.planner._endgames.clear()  # another table's endgames pushed this one out
        action = b.choose(m.state, 0)
        turns += isinstance(action, Score)
        m.act(action, 0)
    assert turns == 12
    assert len(builds) == 1


def test_best_bot_is_exactly_optimal_for_one_column() -> None:
    """With one column, the best bot's plan is the solver's: its keep/box values equal the exact tables."""
    from wuerfel.solvers.fillgame import dice_space, turn_tables

    rules = INFO.load_rules("kniffel")
    adv = INFO.advisor(INFO.new_game(rules, 1))
    s = state_with(rules, (2, 3, 4, 6, 6), {"ones": 3, "chance": 20, "fours": 8})
    advice = adv.advise(s, 0)
    t = adv.planner.tables
    mask, flag, upper = adv.planner.column_state(s.sheets[0][0])
    tt = turn_tables(t.spec, t.E, mask, flag, upper)
    sp = dice_space()
    for a in advice:
        if isinstance(a.action, Keep):
            assert a.value == pytest.approx(s.total(0) + tt.keep[0, sp.index[a.action.dice]], abs=1e-9)
    best = advice[0]
    assert best.value == max(a.value for a in advice) and best.value == pytest.approx(
        s.total(0)
        + max(
            tt.box[0, sp.roll_index[s.dice]],
            max(tt.keep[0, sp.index[a.action.dice]] for a in advice if isinstance(a.action, Keep)),
        ),
        abs=1e-9,
    )
    from wuerfel.bots import make_bot

    assert make_bot("wuerfelspiel", "best", adv.game).choose(s, 0) == best.action


def test_hints_list_every_option() -> None:
    from wuerfel.engine.advice import Advice

    s = state_with(R, (1, 1, 3, 5, 6))
    advice = INFO.advisor(INFO.new_game(R, 1)).advise(s, 0)
    assert {a.action for a in advice} == set(s.legal_actions())
    assert all(type(a) is Advice for a in advice)  # the engine's shared type, as every game's hints
    assert [a.value for a in advice] == sorted((a.value for a in advice), reverse=True)
    # The front ends label the actions in the user's language; the advice only says what its value means.
    assert {(a.label, a.measure) for a in advice} == {("", "expected final total")}


def test_hints_in_the_terminal_show_the_moves_and_the_measure_in_german() -> None:
    from tests.cli.helpers import play

    out = play(["wuerfelspiel", "--players", "Anna", "--dice", "seed:1"], ["", "?", "q", ""]).output
    hints = out[out.index("Tipps") :]
    assert "stehen lassen" in hints and "neu werfen" in hints and "erwartete Endsumme" in hints
    assert "expected final total" not in out


def test_sheet_renders_in_german_and_english() -> None:
    game = INFO.new_game(R, 2)
    s = dataclasses.replace(game.new_initial_state(), sheets=(_sheet(BRAM), _sheet(INI4)))
    for lang, words in (
        ("de", ["1-er", "BONUS", "Summe", "Gesamt", "918", "1009", "242"]),
        ("en", ["Aces", "Sum", "Total", "918"]),
    ):
        buf = io.StringIO()
        Console(file=buf, width=140).print(INFO.terminal_renderer(s.view(0), lang))
        out = buf.getvalue()
        for w in words:
            assert w in out, (lang, w)


def test_typed_moves() -> None:
    s = state_with(R, (2, 2, 5, 6, 6))
    assert s.parse_action_text("6 6", 0) == Keep((6, 6))
    assert s.parse_action_text("behalte 266", 0) == Keep((2, 6, 6))
    assert s.parse_action_text("alle", 0) == Keep(())
    assert s.parse_action_text("3 Full House", 0) == Score(2, "full_house")
    assert s.parse_action_text("1 chance", 0) == Score(0, "chance")
    assert s.parse_action_text("2 6-er", 0) == Score(1, "sixes")
    assert s.parse_action_text("2 kleine straße", 0) == Score(1, "small_straight")
    with pytest.raises(IllegalAction, match="Name the column"):
        s.parse_action_text("chance", 0)
    with pytest.raises(IllegalAction, match="Unknown box"):
        s.parse_action_text("2 pasch", 0)
    with pytest.raises(IllegalAction, match="only keep dice"):
        s.apply_action(s.parse_action_text("5 5", 0))
    k = state_with(INFO.load_rules("kniffel"), (1, 2, 3, 4, 4))
    assert k.parse_action_text("gs", 0) == Score(0, "large_straight")


def test_fast_simulation_decides_like_the_engine_bot() -> None:
    """bench/wuerfelspiel_player.py measures the fast simulation: it must be the same player as ``--bot best``."""
    from wuerfel.bots import make_bot
    from wuerfel.games.wuerfelspiel.player import simulate

    rules = INFO.load_rules(
        "brettspielnetz",
        {"columns": 2, "column_weights": [1, 3], "boxes": ["threes", "fives", "sixes", "full_house", "chance"]},
    )
    for seed in (1, 2, 3):
        m = Match.new("wuerfelspiel", None, ["solo"], rules=rules)
        bot = make_bot("wuerfelspiel", "best", m.game)
        src = SeededSource(seed)
        thrown: list[int] = []
        while True:
            for ev in m.resolve_chance(src):
                thrown.extend(ev.data["dice"])
            if m.state.is_terminal():
                break
            m.act(bot.choose(m.state, 0), 0)
        it = iter(thrown)
        totals = simulate(rules, 1, 0, roller=lambda n, it=it: [next(it) for _ in range(n)])
        assert totals[0] == m.state.scores()[0]


def test_fixed_dice_per_turn_and_throw_feed_the_same_player() -> None:
    """bench/wuerfelspiel_paired.py fixes the dice per (game, turn, throw): the simulation must throw exactly those,
    and decide as the engine bot does when the engine is dealt them the same way."""
    import numpy as np

    from wuerfel.bots import make_bot
    from wuerfel.engine.game import Roll
    from wuerfel.games.wuerfelspiel.player import simulate

    rules = INFO.load_rules(
        "brettspielnetz",
        {"columns": 2, "column_weights": [1, 3], "boxes": ["threes", "fives", "sixes", "full_house", "chance"]},
    )
    dice = np.random.default_rng(4).integers(1, 7, size=(3, rules.turns, rules.rerolls + 1, 5))
    game = INFO.new_game(rules, 1)
    bot = make_bot("wuerfelspiel", "best", game)
    want = []
    for g in range(3):
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance():
                turn = sum(v is not None for col in s.sheets[0] for v in col)
                s = s.apply_outcome(Roll(tuple(int(f) for f in dice[g, turn, s.throws, : s.dice_to_throw()])))
            else:
                s = s.apply_action(bot.choose(s, 0), 0)
        want.append(s.scores()[0])
    assert list(simulate(rules, 3, 0, fixed_dice=dice)) == want
    # a game's dice do not depend on the other games: the pairing unit of the bench is the game
    assert simulate(rules, 1, 0, fixed_dice=dice[1:2])[0] == want[1]


@pytest.mark.parametrize(
    "knobs",
    [
        {"lookahead": 3},
        {"blend": 0.5, "slack_scale": 1.0},
        {"first_throw_only": True},
        {"slack_power": 0.5},
        {"here_shift": (0.5, 1.5)},
        {"pass_cost": 3.0},
    ],
)
def test_player_variants_of_the_measurements_play_whole_games(knobs: dict) -> None:
    """The alternatives measured in docs/wuerfelspiel.md still play complete, plausible games."""
    from wuerfel.games.wuerfelspiel.player import simulate

    rules = INFO.load_rules(
        "brettspielnetz",
        {"columns": 2, "column_weights": [1, 3], "boxes": ["threes", "fives", "sixes", "full_house", "chance"]},
    )
    totals = simulate(rules, 3, 5, **knobs)
    assert totals.shape == (3,) and (totals > 50).all() and (totals < 4 * (15 + 30 + 30 + 25 + 30)).all()


def test_sheet_status_while_dice_are_rethrown() -> None:
    s = state_with(R, (2, 3, 6, 6, 6)).apply_action(Keep((6, 6, 6)))
    buf = io.StringIO()
    Console(file=buf, width=140).print(INFO.terminal_renderer(s.view(0), "de"))
    assert "Behalten: 6 6 6; 2 Würfel zu werfen" in buf.getvalue()


def test_yahtzee_extras_work_per_column() -> None:
    rules = INFO.load_rules("yahtzee", {"columns": 2, "column_weights": [1, 2]})
    s = state_with(rules, (4, 4, 4, 4, 4), {"five_kind": 50, "fours": 16})
    assert s.points(0, "full_house") == (25, 100)  # column 1: its 5 Gleiche holds 50, joker applies
    assert s.points(1, "full_house") == (0, 0)  # column 2: its 5 Gleiche is free, no joker, no bonus
    assert Score(1, "chance") in s.legal_actions() and Score(1, "five_kind") in s.legal_actions()
    s2 = s.apply_action(Score(0, "chance"))
    assert s2.extras[0] == (100, 0) and s2.scores() == (50.0 + 16 + 20 + 100,)


def test_the_turn_search_adds_a_per_box_term_to_every_entry_into_that_box() -> None:
    # entry_add carries a value of the whole sheet that depends on which boxes are open in several columns at once
    # (bench/wuerfelspiel_fitted.py); the planner passes zeros.
    import numpy as np

    from wuerfel.games.wuerfelspiel.player import Planner

    rules = INFO.load_rules(
        "brettspielnetz", {"boxes": ["fives", "sixes", "full_house", "chance"], "upper_bonus_threshold": 20}
    )
    planner = Planner(rules, endgame_open=0)
    sheet = ((None, 5, None, None), (None, None, 25, None), (10, None, None, 20))
    masks, flags, uppers = planner.encode(sheet)
    plain = planner.plan_encoded(masks, flags, uppers)

    def plan(add: np.ndarray) -> tuple[float, np.ndarray]:
        levels, alphas = planner.mixtures(planner.slacks(masks))
        p = planner.turn_search(masks, flags, uppers, levels, alphas, planner.here_values(masks, flags, uppers), add)
        return p.expected, p.boxchoice

    value, choice = plan(np.zeros((3, 4)))
    assert value == pytest.approx(plain.expected) and (choice == plain.boxchoice).all()
    add = np.zeros((3, 4))
    add[1, 3] = 1000.0  # chance of the ×2 column
    value, choice = plan(add)
    assert (choice == 1 * 16 + 3).all()
    assert value > plain.expected + 900
