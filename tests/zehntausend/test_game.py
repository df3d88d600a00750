"""The Zehntausend state machine as an engine citizen: refusals with specific reasons (nothing changes), action ids
and JSON, views, labels, typed moves, the terminal renderer, and Hypothesis properties (legal actions always apply,
replays are deterministic)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from wuerfel.bots.base import RandomBot
from wuerfel.engine.errors import IllegalAction
from wuerfel.engine.game import Roll
from wuerfel.engine.record import GameRecord, Match
from wuerfel.engine.registry import get_game
from wuerfel.engine.sources import SeededSource
from wuerfel.engine.testing import fingerprint
from wuerfel.games.kit.void import Void
from wuerfel.games.zehntausend import BOTS
from wuerfel.games.zehntausend.actions import (
    Bank,
    Continue,
    Decline,
    GiveUp,
    Knock,
    Rethrow,
    Select,
    TakeOver,
    TurnFives,
)
from wuerfel.games.zehntausend.bots import HeuristicBot
from wuerfel.games.zehntausend.game import ZehntausendGame
from wuerfel.games.zehntausend.terminal import render

from .game_helpers import act, bank, new, refused, roll, rules, take, throw, void

INFO = get_game("zehntausend")


# --- registration --------------------------------------------------------------------------------------------------


def test_registered_with_aliases_presets_and_hooks() -> None:
    assert INFO.name("de") == "Zehntausend" and INFO.name("en") == "Ten Thousand"
    for alias in ("10000", "macke", "farkle"):
        assert get_game(alias) is INFO
    assert INFO.default_preset == "zehntausend-einfach"
    assert {"zehntausend-einfach", "macke-klassisch", "zehntausend-350", "macke-6", "zehntausend-rueckwaerts"} <= set(
        INFO.rule_sets()
    )
    assert INFO.bots is BOTS and "heuristic" in INFO.bots
    game = INFO.new_game("macke-klassisch", 2)
    assert isinstance(game, ZehntausendGame)
    assert isinstance(INFO.bots["heuristic"](game, 1), HeuristicBot)


# --- refusals -----------------------------------------------------------------------------------------------------


def test_select_refusals_are_specific() -> None:
    s = throw(new("macke-klassisch"), 2, 2, 2, 3, 4)  # no companion: a Niete (R-4)
    assert s.player == 1
    s = throw(new("macke-klassisch"), 2, 2, 2, 1, 4)
    refused(s, Select((2, 2, 2)), "counts only with a 1 or 5", "nur, wenn eine 1 oder 5")
    refused(s, Select((5,)), "The die 5 is not in this throw", "Der Würfel 5 ist nicht in diesem Wurf")
    refused(s, Select((5, 5)), "The dice 5 5 are not in this throw", "Die Würfel 5 5 sind nicht in diesem Wurf")
    # The 1 scores, the 4 does not: not "the dice 1 4 do not score"; one die in the singular.
    refused(s, Select((1, 4)), "Not all of the dice 1 4 score", "Nicht alle Würfel 1 4 zählen")
    refused(s, Select((4,)), "The die 4 does not score", "Der Würfel 4 zählt nicht")
    refused(s, Select(()), "at least one scoring die")
    refused(s, Bank(), "First set aside dice from this throw", "Lege zuerst")
    refused(s, Continue(), "First set aside dice")
    assert take(s, 1, 2, 2, 2).turn_total == 300


def test_bank_refusals_name_the_rule() -> None:
    s = take(throw(new("zehntausend-einfach"), 5, 5, 5, 2, 3), 5, 5, 5)
    refused(s, Bank(), "A pasch must be proven before you may stop", "Ein Pasch muss bewiesen werden")
    m = take(throw(new("macke-klassisch", overrides={"turn": {"min_bank": 350}}), 1, 2, 3, 6, 6), 1)
    refused(m, Bank(), "You need at least 350 to stop (you have 100)", "Du brauchst mindestens 350")


def test_other_refusals() -> None:
    s = new("zehntausend-einfach")
    with pytest.raises(IllegalAction, match="thrown first"):
        s.apply_action(Bank())
    d = take(throw(s, 1, 2, 3, 4, 6), 1)
    refused(d, TakeOver(), "no turn to take over")
    refused(d, Knock(), "no stacked dice")
    refused(d, GiveUp(), "Giving up is not allowed")
    refused(d, TurnFives(), "not allowed under these rules")
    with pytest.raises(IllegalAction, match="not your turn"):
        d.apply_action(Bank(), 1)
    o = bank(take(throw(new("einfach+uebernehmen", overrides={"proof": {"enabled": False}}), 1, 2, 3, 4, 6), 1))
    refused(o, Continue(), "take over the previous turn or start fresh")
    k = void(new("einfach+klopfen"), "tuermchen")
    refused(k, Continue(), "knock on the stacked dice")
    t = new("macke-klassisch", overrides={"turn": {"max_throws": 1, "min_bank": 0}})
    t = take(throw(t, 1, 2, 3, 6, 6), 1)
    assert t.player == 1  # banked automatically after the last throw
    with pytest.raises(IllegalAction, match="cannot fall"):
        new("zehntausend-einfach").apply_outcome(Roll((1, 2, 3)))
    with pytest.raises(IllegalAction, match="cannot fall"):
        new("zehntausend-einfach").apply_outcome(Void("brennt"))  # mishaps off


def test_terminal_state_refuses_everything() -> None:
    s = throw(new("macke-klassisch", overrides={"scoring": {"instant_win": [{"face": 1, "count": 5}]}}), 1, 1, 1, 1, 1)
    assert s.is_terminal() and s.legal_actions() == ()
    with pytest.raises(IllegalAction, match="over"):
        s.apply_action(Bank())


def test_malformed_json_moves_are_refused() -> None:
    g = new("zehntausend-einfach").game
    for bad in (
        {"kind": "select", "dice": [7]},
        {"kind": "select", "dice": "11"},
        {"kind": "select", "dice": [1], "turn_fives": 9},
        {"kind": "fly"},
        {"dice": [1]},
    ):
        with pytest.raises(IllegalAction):
            g.action_from_json(bad)


# --- ids and JSON -------------------------------------------------------------------------------------------------


def test_action_ids_are_stable_and_round_trip() -> None:
    g = new("zehntausend-350").game
    simple = [Bank(), Continue(), GiveUp(), TurnFives(), TakeOver(), Decline(), Knock(), Rethrow()]
    assert [g.action_id(a) for a in simple] == list(range(8))
    assert g.action_id(Select((1,))) == 16 + 7**5 * 4  # count vector (1,0,0,0,0,0) in base 7, ×4 + turns
    assert g.action_id(Select(())) == 16
    seen = set()
    for dice in [(1,), (5, 5), (1, 1, 1, 5, 5, 6), (2, 2, 2, 2, 2, 2)]:
        for k in range(2):
            a = Select(dice, k)
            i = g.action_id(a)
            assert g.action_from_id(i) == a and i not in seen
            seen.add(i)
            assert g.action_from_json(json.loads(json.dumps(a.to_json()))) == a
    with pytest.raises(IllegalAction):
        g.action_from_id(12)


# --- views and labels ---------------------------------------------------------------------------------------------


def test_view_shows_everything_public() -> None:
    s = throw(new("zehntausend-350"), 1, 5, 5, 2, 3, 3)
    v = s.view(1)
    assert v == s.view(0) == s.view(None)
    json.dumps(v)
    assert v["game"] == "zehntausend" and v["throw"] == [1, 2, 3, 3, 5, 5] and v["turn"]["threshold"] == 350
    best = v["selections"][0]
    assert best["dice"] == [1, 5, 5] and best["points"] == 200 and {m["name"] for m in best["melds"]} == {"one", "five"}
    assert any(x["turn_fives"] == 1 and x["stays_aside"] == 2 for x in v["selections"])
    d = take(s, 1, 5, 5)
    dv = d.view(0)
    assert dv["turn"]["total"] == 200 and dv["can_bank"] is False and dv["bank_blockers"] == ["threshold"]
    assert dv["turn"]["turnable_fives"] == 1 and {"kind": "turn_fives"} in dv["legal"]
    assert [e["event"] for e in dv["turn"]["history"]] == ["throw", "select"]
    b = throw(roll(d), 2, 2, 3)
    bv = b.view(0)
    assert bv["previous_turn"]["result"] == "bust" and bv["minus_marks"] == [1, 0]
    assert bv["last_result"] == {"kind": "bust", "points": None}


def test_describe_action_in_both_languages() -> None:
    s = throw(new("zehntausend-350"), 1, 5, 5, 2, 3, 3)
    assert s.describe_action(Select((1, 5, 5)), "en").startswith("Set aside 1 5 5: 200 (single 1")
    assert s.describe_action(Select((1, 5, 5)), "de").startswith("1 5 5 herauslegen: 200")
    assert "turning 1× 5-5" in s.describe_action(Select((1, 5, 5), 1), "en")
    d = take(s, 1)
    assert d.describe_action(Bank(), "de") == "Aufhören und 100 aufschreiben"
    assert d.describe_action(Continue(), "en") == "Throw again (5 dice)"
    assert new("einfach+hausbau").describe_outcome(Void("vom_tisch"), "de").startswith("ungültiger Wurf")


def test_parse_action_text() -> None:
    s = throw(new("zehntausend-350"), 1, 5, 5, 2, 3, 3)
    assert s.parse_action_text("1 5", 0) == Select((1, 5))
    assert s.parse_action_text("155", 0) == Select((1, 5, 5))
    assert s.parse_action_text("1 5 5 d", 0) == Select((1, 5, 5), 1)
    assert s.parse_action_text("b", 0) == Bank() and s.parse_action_text("weiter", 0) == Continue()
    assert s.parse_action_text("Ü", 0) == TakeOver() and s.parse_action_text("k", 0) == Knock()
    for bad in ("hallo", "1 7", "1111111"):
        with pytest.raises(IllegalAction):
            s.parse_action_text(bad, 0)


def test_parse_outcome_accepts_dice_and_void_words() -> None:
    s = new("zehntausend-350")
    assert s.parse_outcome("111234") == Roll((1, 1, 1, 2, 3, 4))
    assert s.parse_outcome("Türmchen") == Void("tuermchen") and s.parse_outcome("v") == Void("vom_tisch")
    with pytest.raises(IllegalAction):
        s.parse_outcome("1 2 3")
    with pytest.raises(IllegalAction):
        new("zehntausend-einfach").parse_outcome("b")  # no mishaps in these rules


@pytest.mark.parametrize("lang", ["de", "en"])
def test_terminal_renderer(lang: str) -> None:
    s = take(throw(new("zehntausend-350"), 1, 1, 1, 5, 2, 3), 1, 1, 1)
    console = Console(record=True, width=100)
    view = s.view(0) | {"player_names": ["Anna", "Ben"]}
    console.print(render(view, lang))
    text = console.export_text()
    assert "Anna" in text and "1000" in text and "350" in text
    assert INFO.terminal_renderer is not None  # the registered hook: this renderer, imported when it draws
    registered = Console(record=True, width=100)
    registered.print(INFO.terminal_renderer(view, lang))
    assert registered.export_text() == text
    assert ("Punkte im Zug" if lang == "de" else "Turn total") in text
    sel = throw(roll(s), 2, 3, 4)
    console.print(render(sel.view(0), lang))
    over = throw(
        new("macke-klassisch", overrides={"scoring": {"instant_win": [{"face": 1, "count": 5}]}}), 1, 1, 1, 1, 1
    )
    console.print(render(over.view(None), lang))
    assert ("Spiel vorbei" if lang == "de" else "Game over") in console.export_text()


# --- properties ---------------------------------------------------------------------------------------------------

NAMES = [
    "zehntausend-einfach",
    "zehntausend-350",
    "macke-klassisch+beweisen",
    "einfach+verdoppeln+ergaenzen",
    "macke-klassisch+beweisen-literal",
    "einfach-6+verdoppeln+bestaetigen",
    "einfach+klopfen",
    "zehntausend-rueckwaerts",
    "einfach+verschaerft+uebernehmen",
]


@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(NAMES), seed=st.integers(0, 10**6), steps=st.integers(1, 120))
def test_legal_actions_always_apply_and_replay_is_deterministic(name: str, seed: int, steps: int) -> None:
    match = Match.new("zehntausend", name, ["A", "B"])
    source = SeededSource(seed)
    rng = random.Random(seed)
    bot = RandomBot(seed)
    for _ in range(steps):
        s = match.state
        if s.is_terminal():
            break
        if s.is_chance():
            outcomes = [o for o, p in s.chance_outcomes() if p == 0]
            if outcomes and rng.random() < 0.1:
                match.chance(rng.choice(outcomes))  # a person reports a void throw
            else:
                match.chance(source.choose(s))
            continue
        for a in s.legal_actions():
            s.apply_action(a)  # every legal action applies
        match.act(bot.choose(s, s.actors()[0]))
    again = GameRecord.loads(match.record.dumps()).replay()
    assert fingerprint(again) == fingerprint(match.state)


def test_heuristic_bot_beats_random_bot() -> None:
    wins = 0
    for seed in range(6):
        match = Match.new("zehntausend", "zehntausend-einfach", ["H", "R"])
        bots = [HeuristicBot(seed), RandomBot(seed)]
        src = SeededSource(seed)
        while not match.state.is_terminal():
            if match.state.is_chance():
                match.chance(src.choose(match.state))
            else:
                p = match.state.actors()[0]
                match.act(bots[p].choose(match.state, p), p)
        wins += match.state.winners() == (0,)
    assert wins >= 5


def test_heuristic_bot_handles_offers_knocks_and_fives() -> None:
    bot = HeuristicBot(0)
    o = bank(
        take(throw(new("einfach+uebernehmen", overrides={"proof": {"enabled": False}}), 1, 1, 5, 5, 1), 1, 1, 1, 5, 5)
    )
    assert bot.choose(o, 1) == TakeOver()  # 1100 with all five dice
    small = bank(take(throw(new("einfach+uebernehmen", overrides={"proof": {"enabled": False}}), 5, 2, 3, 4, 6), 5))
    small = act(small, Decline())
    assert small.node == "throw"
    k = void(new("einfach+klopfen"), "tuermchen")
    assert bot.choose(k, 0) == Knock()
    f = take(
        throw(new("einfach+5er-drehen", overrides={"selection": {"five_turn_timing": "any_time"}}), 5, 5, 2, 3, 4), 5, 5
    )
    assert bot.choose(f, 0) in (TurnFives(), Bank())
    p = take(throw(new("zehntausend-einfach"), 5, 5, 5, 2, 3), 5, 5, 5)
    assert bot.choose(p, 0) == Continue()  # proof pending: never tries to bank
    assert rules("zehntausend-einfach") is not None


@pytest.mark.parametrize(
    "name",
    [
        "zehntausend-rueckwaerts",
        "einfach+klopfen",
        "einfach+uebernehmen",
        "zehntausend-350-solo",
        "einfach+bumerang",
        "macke-klassisch+beweisen-literal",
    ],
)
def test_renderer_and_labels_at_every_node_of_a_game(name: str) -> None:
    """Render every view and label every legal move of a whole bot game in both languages (no node breaks it)."""
    n = 1 if "solo" in name else 2
    match = Match.new("zehntausend", name, [f"P{i}" for i in range(n)])
    bots = [HeuristicBot(i) for i in range(n)]
    src = SeededSource(11)
    rng = random.Random(11)
    console = Console(record=True, width=110)
    nodes = set()
    while not match.state.is_terminal():
        s = match.state
        nodes.add(s.node)  # type: ignore[attr-defined]
        for lang in ("de", "en"):
            console.print(render(s.view(None), lang))
            for a in s.legal_actions():
                assert s.describe_action(a, lang)
        if s.is_chance():
            zero = [o for o, p in s.chance_outcomes() if p == 0]
            if zero and rng.random() < 0.05:
                match.chance(rng.choice(zero))
            else:
                match.chance(src.choose(s))
        else:
            p = s.actors()[0]
            match.act(bots[p].choose(s, p), p)
    console.print(render(match.state.view(None), "de"))
    assert "select" in nodes and console.export_text()


def test_labels_count_equal_melds() -> None:
    s = throw(new("zehntausend-350"), 1, 1, 5, 5, 2, 3)
    assert s.describe_action(Select((1, 1, 5, 5)), "en") == "Set aside 1 1 5 5: 300 (2× single 1 + 2× single 5)"


def test_points_in_move_labels_are_written_as_the_goal_line_writes_them() -> None:
    """Terminal report L6: "10,000" on the felt beside "Set aside 1 1 1 5: 1050". English groups from 1,000 on; German
    from 10.000 on (Duden), so "1050 (…)" beside "Ziel 10.000" is the same rule there."""
    s = throw(new("zehntausend-350"), 1, 1, 1, 5, 2, 3)
    assert s.describe_action(Select((1, 1, 1, 5)), "en").startswith("Set aside 1 1 1 5: 1,050 (")
    assert s.describe_action(Select((1, 1, 1, 5)), "de").startswith("1 1 1 5 herauslegen: 1050 (")


def test_the_terminal_board_writes_points_as_the_goal_line_writes_them() -> None:
    """Terminal report L6, the rest the re-audit found: the board printed "10050" under "Ziel: 10.000"."""
    import io

    from rich.console import Console

    from wuerfel.games.zehntausend.terminal import render

    view = new("zehntausend-350").view(0)
    view["scores"] = [10050, 1200]
    for lang, big, small in (("de", "10.050", "1200"), ("en", "10,050", "1,200")):
        out = io.StringIO()
        Console(file=out, width=120, color_system=None).print(render(view, lang))
        text = out.getvalue()
        assert big in text and small in text and "10050" not in text
