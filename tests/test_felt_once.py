"""The felt says each thing once and one round at a time (web U4, U6, B6).

* U4: every seat's chips are the seats component's scores; a chips component beside it lists only the pot (the
  CHIPS and POT blocks both listed every player's chips).
* B6: the hand rounds (Chicago, Chicago hoch-tief, Sequenzen) count a turn's throws once, on the throw counter (a
  seat note "Wurf 3 von höchstens 3" stood beside "2 / 3 Würfe").
* U6: the poker rounds do not show how the last pot went beside the new round's hands (Al Capone: "Computer 1
  gewinnt den Pott" beside the current round's hands), and Offenes Würfelpoker draws its counters together before
  its messages (they were interleaved).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from wuerfel.bots.base import RandomBot
from wuerfel.engine.components import Chips, Counter, Dice, Message, Seats
from wuerfel.engine.game import State
from wuerfel.engine.registry import all_games, get_game

GAMES = sorted(info.id for info in all_games())


def states(game_id: str, playouts: int = 4, steps: int = 200) -> Iterator[State]:
    info = get_game(game_id)
    rules = info.load_rules()
    counts = info.player_counts(rules)
    game = info.new_game(rules, 3 if 3 in counts else counts[0])
    for playout in range(playouts):
        rng = random.Random(playout)
        bot = RandomBot(playout)
        state = game.new_initial_state()
        for _ in range(steps):
            yield state
            if state.is_terminal():
                break
            if state.is_chance():
                outcomes = state.chance_outcomes()
                state = state.apply_outcome(rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0])
            else:
                seat = rng.choice(list(state.actors()))
                state = state.apply_action(bot.choose(state, seat), seat)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_seats_chips_are_shown_once(game_id: str) -> None:
    for state in states(game_id, playouts=2, steps=80):
        for viewer in (None, 0):
            comps = state.components(viewer)
            seats = next((c for c in comps if isinstance(c, Seats)), None)
            if seats is None:
                continue
            scores = tuple(line.score for line in seats.seats)
            for c in comps:
                if isinstance(c, Chips) and c.seats:
                    assert tuple(c.seats) != scores, f"{game_id}: every seat's chips twice: {c}"


@pytest.mark.parametrize("game_id", ["chicago", "chicago-hoch-tief", "sequenzen"])
def test_a_hand_rounds_throws_are_counted_once(game_id: str) -> None:
    counted = 0
    for state in states(game_id):
        comps = state.components(None)
        counters = [c for c in comps if isinstance(c, Counter)]
        if counters:
            counted += 1
            seats = next(c for c in comps if isinstance(c, Seats))
            assert all(line.note is None for line in seats.seats), f"{game_id}: {seats}"
    assert counted


@pytest.mark.parametrize("game_id", ["al-capone", "wuerfelpoker", "offenes-wuerfelpoker"])
def test_the_last_pot_is_not_told_beside_the_new_rounds_hands(game_id: str) -> None:
    seen = 0
    for state in states(game_id, steps=400):
        if state.is_terminal():
            continue
        comps = state.components(None)
        last = [c for c in comps if isinstance(c, Message) and c.key == "last_pot"]
        hands = [c for c in comps if isinstance(c, Dice) and c.values]
        assert not (last and hands), f"{game_id}: the last pot beside this round's hands: {last} {hands}"
        seen += bool(last)
    assert seen  # it is still told before the new round's first throw


def test_offenes_wuerfelpoker_draws_its_counters_before_its_messages() -> None:
    for state in states("offenes-wuerfelpoker", steps=300):
        kinds = [type(c) for c in state.components(None) if isinstance(c, Counter | Message)]
        if Message in kinds and Counter in kinds:
            assert kinds.index(Message) > max(i for i, k in enumerate(kinds) if k is Counter), kinds


def test_the_terminal_draws_a_pot_alone_as_one_line() -> None:
    """The chips component now carries the pot only: the terminal draws "Pot: 9", not a players' table whose one
    row is the pot (the seats' chips stand on the seats' lines)."""
    from rich.console import Console

    from wuerfel.cli.components import render_components
    from wuerfel.engine.components import Phrase

    console = Console(record=True, width=80, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(render_components((Chips((), 9, Phrase("Pot")),), "de", ["Anna", "Bert"]))
    text = console.export_text()
    assert text.strip() == "Pott: 9" and "Spieler" not in text
