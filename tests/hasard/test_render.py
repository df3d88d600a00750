"""The Hasard terminal renderers: players by the names the terminal passes in the view, and what a player needs to
follow the game (who won what, how a "Schwindel" call ended, his own hand), compactly and in both languages."""

from __future__ import annotations

import random
from typing import Any

from rich.console import Console

from wuerfel.bots.base import RandomBot
from wuerfel.engine.game import Roll, State
from wuerfel.engine.pokerdice import parse_poker_dice
from wuerfel.engine.record import Match
from wuerfel.engine.registry import get_game
from wuerfel.engine.sources import SeededSource
from wuerfel.games.hasard.common import Lot
from wuerfel.games.hasard.lustige_sieben import Done, Stake
from wuerfel.games.hasard.poker import DRILLING
from wuerfel.games.hasard.verdecktes_moves import Announce, Challenge

NAMES = ["Anna", "Ben", "Cäsar"]


def text(game: str, state: State, viewer: int | None, lang: str = "de") -> str:
    view = dict(state.view(viewer))
    view.update(player_names=NAMES[: state.game.num_players], viewer=viewer, actors=list(state.actors()))
    renderer = get_game(game).terminal_renderer
    assert renderer is not None
    console = Console(record=True, width=120, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(renderer(view, lang))
    return console.export_text()


def play_to_end(game: str, n: int, seed: int) -> State:
    m = Match.new(game, None, [f"p{i}" for i in range(n)])
    source, rng = SeededSource(seed), random.Random(seed)
    bots = [RandomBot(seed + p) for p in range(n)]
    while not m.state.is_terminal():
        if m.state.is_chance():
            m.chance(source.choose(m.state))
        else:
            p = rng.choice(m.state.actors())
            m.act(bots[p].choose(m.state, p), p)
    return m.state


def test_names_everywhere_and_never_seat_numbers() -> None:
    """Every state of random games, every viewer: the names appear, "#1"/"Spieler 1" never do."""
    for game in ("lustige-sieben", "verdecktes-wuerfelpoker", "escalero"):
        m = Match.new(game, None, ["a", "b", "c"])
        source, rng = SeededSource(1), random.Random(1)
        bots = [RandomBot(p) for p in range(3)]
        steps = 0
        while not m.state.is_terminal() and steps < 120:
            for viewer in (0, 1, None):
                out = text(game, m.state, viewer)
                assert all(name in out for name in NAMES), (game, out)
                assert "#1" not in out and "Spieler 1" not in out and "Platz 1" not in out
            if m.state.is_chance():
                m.chance(source.choose(m.state))
            else:
                p = rng.choice(m.state.actors())
                m.act(bots[p].choose(m.state, p), p)
            steps += 1


def test_verdecktes_shows_the_call_its_result_and_the_own_hand() -> None:
    s: Any = get_game("verdecktes-wuerfelpoker").new_game(None, 3).new_initial_state().apply_outcome(Lot(0))
    s = s.apply_outcome(Roll(parse_poker_dice("D D D 9 A")))
    mine = text("verdecktes-wuerfelpoker", s, 0)
    assert "Deine Würfel: A D D D 9 — Drilling Damen" in mine
    assert "Deine Würfel" not in text("verdecktes-wuerfelpoker", s, 1)
    assert "Your dice: A Q Q Q 9 — Three queens" in text("verdecktes-wuerfelpoker", s, 0, "en")
    bluff = s.apply_action(Announce((DRILLING, 6))).apply_action(Challenge(), 1)
    out = text("verdecktes-wuerfelpoker", bluff, 2)
    assert "Ben: Bluff!" in out and "gilt: Drilling Damen" in out and "A D D D 9" in out
    true = s.apply_action(Announce((DRILLING, 4))).apply_action(Challenge(), 1)
    assert "Ben: stimmt" in text("verdecktes-wuerfelpoker", true, 2)


def test_verdecktes_end_screen_lists_the_rounds_and_no_round_beyond_the_last() -> None:
    end = play_to_end("verdecktes-wuerfelpoker", 3, 4)
    out = text("verdecktes-wuerfelpoker", end, None)
    rounds = end.game.rules.rounds
    assert f"Spiel beendet nach {rounds} Runden" in out
    assert f"Runde {rounds + 1}" not in out
    for r, winner, pot in end.view(None)["history"]:
        assert f"Runde {r + 1}: {NAMES[winner]} gewinnt den Pott ({pot})" in out


def test_lustige_sieben_shows_stakes_by_name_and_what_the_throw_paid() -> None:
    s: Any = get_game("lustige-sieben").new_game(None, 3).new_initial_state().apply_outcome(Lot(0))  # Anna: bank
    s = s.apply_action(Stake(7, 1), 1).apply_action(Stake(7, 2), 1).apply_action(Done(), 1)
    assert "du 3" in text("lustige-sieben", s, 1)  # own sealed stakes, added up
    assert "Ben" not in text("lustige-sieben", s, 2).split("Spieler")[0]  # sealed: not on the others' board
    s = s.apply_action(Stake(4, 2), 2).apply_action(Done(), 2)
    assert "Ben 3" in text("lustige-sieben", s, 2) and "Cäsar 2" in text("lustige-sieben", s, 1)
    s = s.apply_outcome(Roll((1, 2)))  # 3, right column: Cäsar's 4 paid double, Ben's 7 stays
    assert s.view(None)["last"]["net"] == [-2, 0, 2]
    out = text("lustige-sieben", s, None)
    assert "Letzter Wurf: 1 + 2 = 3 (rechte Spalte)" in out and "Ben 3" in out
    s = s.apply_action(Done(), 1).apply_action(Done(), 2).apply_outcome(Roll((3, 4)))  # a 7: Ben's 3 paid threefold
    assert s.view(None)["last"]["net"] == [-6, 6, 0]
    assert "Last throw: 3 + 4 = 7 (the 7)" in text("lustige-sieben", s, None, "en")


def test_escalero_names_who_begins_by_lot() -> None:
    s = get_game("escalero").new_game(None, 3).new_initial_state().apply_outcome(Lot(1))
    assert "Ben beginnt (ausgelost)." in text("escalero", s, 0)
    assert "Ben begins (by lot)." in text("escalero", s, 0, "en")


def test_lustige_sieben_banker_can_follow_his_bank() -> None:
    """A banker decides nothing, so the terminal never stops for him: the screen keeps his bank's throws and result
    (while it lasts, and after it passed)."""
    s: Any = get_game("lustige-sieben").new_game(None, 3).new_initial_state().apply_outcome(Lot(0))  # Anna: bank
    throws = [(1, 2), (3, 4), (5, 6), (2, 2), (6, 6)]
    for i, dice in enumerate(throws):
        s = s.apply_action(Stake(4, 1), 1).apply_action(Done(), 1).apply_action(Done(), 2)
        s = s.apply_outcome(Roll(dice))
        if i == 1:
            # 3: Ben's 4 paid double (bank −1); 7: the left column loses (bank +1)
            assert "Bank: Anna, Wurf 3 von 5 — bisher 3 7, Bank +0" in text("lustige-sieben", s, 2)
    # 11 (left: bank +1), 4 (left: +1), 12 (right: −1): the bank has passed to Ben
    out = text("lustige-sieben", s, 0)
    assert "Bank von Anna: 3 7 11 4 12 — +1" in out and "Bank: Ben, Wurf 1 von 5" in out
    assert s.view(None)["last_bank"] == {"banker": 0, "sums": [3, 7, 11, 4, 12], "net": 1}


def test_before_the_lot_the_screen_maps_seat_numbers_to_names() -> None:
    """The lot's label names a seat ("Platz 2 beginnt", also the scorekeeper's key "2"), so the screen says whose."""
    for game in ("verdecktes-wuerfelpoker", "escalero"):
        s = get_game(game).new_game(None, 3).new_initial_state()
        assert s.is_chance()
        assert "Auslosung, wer beginnt: 1 = Anna, 2 = Ben, 3 = Cäsar" in text(game, s, None)
        assert "Lot for who begins: 1 = Anna" in text(game, s, 0, "en")
        after = s.apply_outcome(Lot(1))
        assert "Auslosung" not in text(game, after, None)


def test_lustige_sieben_marks_no_bank_after_the_last_one() -> None:
    """Terminal B4: at the end the state's banker is the next holder of a bank that never opens; the final board
    marked him "Bank" beside the payouts of the throw another seat had banked. After the end nobody is marked."""
    s = play_to_end("lustige-sieben", 3, 5)
    assert s.is_terminal()
    out = text("lustige-sieben", s, None)
    players = out[out.index("Spieler") :]
    assert "Bank" not in players.split("Letzter Wurf")[0], players
