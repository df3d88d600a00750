"""Table components: the JSON forms round-trip, texts translate with seat names, the no-leak check sees a component
that shows what the view hides, and the games that state their table state it as their rules say."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wuerfel.engine.components import (
    KINDS,
    Chips,
    Component,
    Counter,
    Dice,
    Goal,
    Menu,
    MenuOption,
    Message,
    Phrase,
    SeatLine,
    SeatRef,
    Seats,
    Sheet,
    SheetRow,
    StakeBoard,
    StakeField,
    Track,
    components_from_json,
    components_json,
    phrases,
    resolve,
)
from wuerfel.engine.record import Match
from wuerfel.engine.sources import SeededSource
from wuerfel.engine.testing import check_node

EVERY_KIND: tuple[Component, ...] = (
    Dice((1, 6, 6), face="poker", kept=(1, 2), thrown=True, hidden=2, seat=1, label=Phrase("Dice")),
    Sheet(
        (None, "B"),
        (SheetRow(Phrase("Total"), (3, None), total=True, key="t", options=(None, 7)),),
        column_seats=(0, 1),
        label="x",
    ),
    Track(0, (1, 2, 3), (1, 0, 2), position=1, label=Phrase("Throws")),
    Counter(3.5, target=21, label=Phrase("This turn")),
    Chips((4, 5), pot=3, label=Phrase("Chips")),
    StakeBoard(
        (
            StakeField("7", (0, 2), number=7, group="top", hit=True, own=1),
            StakeField(Phrase("Pot"), (1, 0), group="left"),
        ),
        layout=(("top",), ("left",)),
    ),
    Seats(
        (SeatLine(0, score=2, active=True, role=Phrase("Bank"), note="+3"), SeatLine(1, finished=True)),
        lower_is_better=True,
        label=Phrase("Points"),
    ),
    Goal(
        Phrase("Goal: {target} point", {"target": 10000}, plural="Goal: {target} points", count="target"),
        Phrase("Round {n} of {m}", {"n": 3, "m": 5}),
    ),
    Menu(
        (
            MenuOption(
                {"kind": "announce", "hand": [3, 4]},
                (Phrase("Three alike"), Phrase("Three {a}", {"a": "Q"})),
                preset=True,
                shortcut=Phrase("The truth: {hand}", {"hand": "Q"}),
            ),
        ),
        seat=0,
        label=Phrase("Choose a hand"),
        none=Phrase("none"),
        key="announce",
    ),
    Message(Phrase("{name} holds the bank", {"name": SeatRef(1)})),
)


@pytest.fixture(autouse=True, scope="module")
def _games_catalogues() -> None:
    """Some texts here (the goal line, the hands) live in the games' own catalogues, which a game's loading finds:
    run alone, this file loaded none, and German came out in English."""
    from wuerfel.engine.registry import all_games

    all_games()


def test_every_kind_is_listed_and_round_trips() -> None:
    assert {type(c) for c in EVERY_KIND} == set(KINDS.values())
    data = json.loads(json.dumps(components_json(EVERY_KIND)))
    assert [d["kind"] for d in data] == [
        "dice",
        "sheet",
        "track",
        "counter",
        "chips",
        "stakes",
        "seats",
        "goal",
        "menu",
        "message",
    ]
    assert components_from_json(data) == EVERY_KIND


def test_translated_form_has_plain_strings_and_names() -> None:
    de = components_json(EVERY_KIND, "de", ["Anna", "Bert"])
    en = components_json(EVERY_KIND, "en", ["Anna", "Bert"])
    assert de[0]["label"] == "Würfel" and en[0]["label"] == "Dice"
    assert de[-1]["text"] == "Bert hat die Bank" and en[-1]["text"] == "Bert holds the bank"
    assert de[5]["fields"][1]["label"] == "Pott"
    assert de[6]["seats"][0]["role"] == "Bank" and de[6]["seats"][0]["note"] == "+3"
    # the goal line writes its numbers as the reader does
    assert de[7] == {"kind": "goal", "text": "Ziel: 10.000 Punkte", "progress": "Runde 3 von 5"}
    assert en[7]["text"] == "Goal: 10,000 points"
    assert "msgid" not in json.dumps(de)
    # A seat without a name is called by its number, as the pages do.
    assert resolve(Phrase("{name} holds the bank", {"name": SeatRef(2)}), "de", ["Anna"]) == "Platz 3 hat die Bank"


def test_nested_phrases_translate_inside_out() -> None:
    hand = Phrase("Three {a}", {"a": Phrase("queens")})
    assert resolve(Phrase("you have: {hand}", {"hand": hand}), "de") == "du hast: Drilling Damen"
    assert [p.msgid for p in phrases([Message(Phrase("you have: {hand}", {"hand": hand}))])] == [
        "you have: {hand}",
        "Three {a}",
        "queens",
    ]


def test_unknown_kind_or_field_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown component kind 'hand'"):
        components_from_json([{"kind": "hand"}])
    with pytest.raises(ValueError, match="no field 'colour'"):
        components_from_json([{"kind": "counter", "value": 1, "colour": "red"}])


texts = st.one_of(st.none(), st.text(max_size=5), st.builds(Phrase, st.sampled_from(["Dice", "Pot"])))
ints = st.integers(-50, 50)


@settings(max_examples=60, deadline=None)
@given(
    values=st.lists(st.integers(1, 6), max_size=6),
    hidden=st.integers(0, 5),
    label=texts,
    stakes=st.lists(st.lists(ints, min_size=2, max_size=2), max_size=4),
    value=ints,
)
def test_json_round_trip_property(
    values: list[int], hidden: int, label: object, stakes: list[list[int]], value: int
) -> None:
    comps = (
        Dice(tuple(values), hidden=hidden, kept=tuple(range(len(values)))[:1], label=label),  # type: ignore[arg-type]
        StakeBoard(tuple(StakeField(str(i), tuple(s), number=i) for i, s in enumerate(stakes))),
        Counter(value, label=label),
    )  # type: ignore[arg-type]
    assert components_from_json(json.loads(json.dumps(components_json(comps)))) == comps


def test_no_leak_check_sees_a_component_that_shows_a_hidden_stake(monkeypatch: pytest.MonkeyPatch) -> None:
    """Lustige Sieben's sealed stakes are hidden from the other punters; a component listing them is a leak the
    generic check must find, even though the view hides them."""
    from wuerfel.games.hasard.lustige_sieben import LustigeSiebenState, Stake

    m = Match.new("lustige-sieben", "lustige-sieben", ["A", "B", "C"])
    src = SeededSource(1)
    while not m.state.actors():
        m.chance(src.choose(m.state))
    punter = m.state.actors()[0]
    m.act(Stake(8, 2), punter)
    check_node(m.state, random.Random(0))  # the game's own components hide it
    honest = LustigeSiebenState.components

    def leaky(self: LustigeSiebenState, player: int | None) -> tuple[Component, ...]:
        extra = (Message(str(self.betting.committed)),) if self.betting is not None else ()
        return honest(self, player) + extra

    monkeypatch.setattr(LustigeSiebenState, "components", leaky)
    with pytest.raises(AssertionError, match=r"components of player .* differ .*: a leak"):
        check_node(m.state, random.Random(0))


def test_lustige_sieben_board_is_laid_out_as_the_rules_say() -> None:
    m = Match.new("lustige-sieben", "lustige-sieben", ["A", "B", "C"])
    src = SeededSource(4)
    while not m.state.actors():
        m.chance(src.choose(m.state))
    board = next(c for c in m.state.components(0) if isinstance(c, StakeBoard))
    groups: dict[str, list[int | None]] = {}
    for f in board.fields:
        groups.setdefault(f.group, []).append(f.number)
    assert board.layout == (("seven",), ("left", "right"))
    assert groups == {"seven": [7], "left": [2, 4, 6, 9, 11], "right": [3, 5, 8, 10, 12]}


def test_lustige_sieben_own_sealed_stake_shows_only_to_its_owner() -> None:
    from wuerfel.games.hasard.lustige_sieben import Stake

    m = Match.new("lustige-sieben", "lustige-sieben", ["A", "B", "C"])
    src = SeededSource(1)
    while not m.state.actors():
        m.chance(src.choose(m.state))
    punter, other = m.state.actors()
    m.act(Stake(8, 2), punter)

    def own(seat: int | None) -> dict[int | None, int]:
        board = next(c for c in m.state.components(seat) if isinstance(c, StakeBoard))
        return {f.number: f.own for f in board.fields if f.own}

    assert own(punter) == {8: 2}
    assert own(other) == {} and own(None) == {}


def test_escalero_sheet_names_rows_and_marks_served_entries() -> None:
    from wuerfel.games.hasard.escalero import EMPTY, EscaleroState
    from wuerfel.games.hasard.escalero_scoring import FULL_ROW

    m = Match.new("escalero", "escalero", ["A", "B"])
    state = m.state
    assert isinstance(state, EscaleroState)
    full_served = state.rules.full_points[1]
    s0 = [EMPTY] * 11
    s0[FULL_ROW] = full_served  # a served full hand
    s0[0] = 0  # the nines crossed out
    state = dataclasses.replace(state, sheets=(tuple(s0), (EMPTY,) * 11))
    sheet = state.sheet_component()
    de = components_json([sheet], "de", ["A", "B"])[0]
    assert [r["label"] for r in de["rows"]][:6] == [
        "Neuner (9)",
        "Zehner (10)",
        "Buben (B)",
        "Damen (D)",
        "Könige (K)",
        "Asse (A)",
    ]
    assert de["rows"][FULL_ROW]["cells"] == [f"{full_served} (serviert)", None]
    assert de["rows"][0]["cells"] == ["—", None]
    assert de["rows"][-1] == {"label": "Gesamt", "cells": [full_served, 0], "total": True, "key": "", "options": []}
    # The player to move sees what his throw would score in each free row (as the view's options say).
    thrown = dataclasses.replace(state, start_player=0, player=0, turn=state.turn.thrown((6, 6, 6, 5, 5)))
    view = thrown.view(0)
    rows = {r.key: r for r in thrown.sheet_component().rows if r.key}
    assert {k: r.options[0] for k, r in rows.items() if r.options} == {k: p for k, p in view["options"].items()}
    assert rows[str(FULL_ROW)].options == ()  # already written


def test_wuerfelspiel_sheet_offers_the_points_of_the_dice() -> None:
    from wuerfel.engine.game import Roll

    m = Match.new("wuerfelspiel", "brettspielnetz", ["A", "B"])
    m.chance(Roll((6, 6, 6, 6, 6)))
    sheet = next(c for c in m.state.components(1) if isinstance(c, Sheet))
    rows = {r.key: r for r in sheet.rows if r.key}
    assert rows["sixes"].options[:3] == (30, 30, 30) and set(rows["sixes"].options[3:]) == {None}
    assert rows["five_kind"].options[0] == 50 and rows["chance"].options[0] == 30
    dice = next(c for c in m.state.components(1) if isinstance(c, Dice))
    assert dice.values == (6, 6, 6, 6, 6) and dice.thrown and dice.seat == 0


def test_verdecktes_cups_hide_the_others_dice() -> None:
    m = Match.new("verdecktes-wuerfelpoker", "verdecktes-wuerfelpoker", ["A", "B", "C"])
    src = SeededSource(2)
    while not any(isinstance(c, Dice) for c in m.state.components(None)):
        st_ = m.state
        if st_.is_chance():
            m.chance(src.choose(st_))
        else:
            p = st_.actors()[0]
            m.act(st_.legal_actions(p)[0], p)
    thrower = next(c.seat for c in m.state.components(None) if isinstance(c, Dice))
    assert thrower is not None
    mine = next(c for c in m.state.components(thrower) if isinstance(c, Dice) and c.seat == thrower)
    theirs = next(c for c in m.state.components((thrower + 1) % 3) if isinstance(c, Dice) and c.seat == thrower)
    assert len(mine.values) == 5 and mine.face == "poker" and mine.hidden == 0
    assert theirs.values == () and theirs.hidden == 5
    assert str(resolve(mine.label, "de")).startswith("du hast: ")


def test_hand_phrases_say_what_describe_key_says() -> None:
    """Every hand and announcement of every rule combination: the translatable phrase reads as the engine's own
    description (German exactly; English up to capitals, as the web page always wrote it)."""
    from wuerfel.games.hasard.poker import announcements, describe_key, key_phrase, possible_keys

    keys = {k for q in (False, True) for j in (False, True) for k in (*possible_keys(q, j), *announcements(q, j))}
    assert len(keys) > 300
    for k in keys:
        assert resolve(key_phrase(k), "de") == describe_key(k, "de")
        assert str(resolve(key_phrase(k), "en")).lower() == describe_key(k, "en").lower()


def test_event_check_sees_a_component_that_counts_sealed_stakes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Other punters are not told that a stake was placed at all; a component counting the stakes tells them."""
    from wuerfel.engine.testing import check_event_views
    from wuerfel.games.hasard.lustige_sieben import LustigeSiebenState

    m = Match.new("lustige-sieben", "lustige-sieben", ["A", "B", "C"])
    src = SeededSource(1)
    while not m.state.actors():
        m.chance(src.choose(m.state))
    check_event_views(m.state, random.Random(0))
    honest = LustigeSiebenState.components

    def counting(self: LustigeSiebenState, player: int | None) -> tuple[Component, ...]:
        n = sum(len(items) for _p, items in self.betting.committed) if self.betting is not None else 0
        return (*honest(self, player), Message(str(n)))

    monkeypatch.setattr(LustigeSiebenState, "components", counting)
    with pytest.raises(AssertionError, match="is not told of Stake"):
        check_event_views(m.state, random.Random(0))
