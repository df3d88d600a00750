"""What an event brought about (``State.announcements``) is told in words that every reader may read.

Over random games of every registered game: every announcement is a translated text in German and English (every
msgid in the German catalogue, no placeholder left), names seats only by reference to a seat of the table (never
"Platz 3"), and tells nobody anything his view does not. The lines are public — every reader told of the event reads
them —, so, as for the offered labels (``tests/test_offer_labels.py``): at a state drawn from what a seat cannot
tell apart (``determinize``), the same event that leaves the seat's view the same must bring the same lines; and
two random games meeting at the same view of a seat, before and after the same event as he was shown it, must
announce the same. An event some seat is not told of at all (a sealed stake) announces nothing. The check is public
(:func:`wuerfel.testing.announcements.check_announcements`): a plug-in game gets it from ``pytest --wuerfel-game``.
"""

from __future__ import annotations

import random

import pytest

from wuerfel.bots.base import RandomBot
from wuerfel.engine.game import Action, Outcome, State
from wuerfel.engine.registry import all_games, get_game
from wuerfel.testing.announcements import NAMES, check_announcements, texts

GAMES = sorted(info.id for info in all_games())
SILENT = {"wuerfelspiel", "zehntausend"}
"""Games whose random playouts may tell nothing beyond the moves (a sheet game far from its end; Zehntausend far
from its target): the others must announce something, or their announcements are not exercised here."""


def apply(state: State, event: Action | Outcome, player: int | None) -> State:
    return state.apply_outcome(event) if isinstance(event, Outcome) else state.apply_action(event, player)


@pytest.mark.parametrize("game_id", GAMES)
def test_announcements_are_public_translated_and_name_seats(game_id: str) -> None:
    told = check_announcements(game_id)
    if game_id not in SILENT:
        assert told, f"{game_id}: random games told nothing beyond the moves"


def test_zehntausend_tells_the_target_reached_and_who_won() -> None:
    """Heuristic bots, seed 1: Bert reaches 10,000 while the round is still to be played to its end (said then),
    and the end names the winner."""
    from wuerfel.bots import make_bot

    info = get_game("zehntausend")
    game = info.new_game(info.load_rules(), 3)
    bots = [make_bot("zehntausend", "heuristic", game, 10 + p) for p in range(3)]
    rng = random.Random(1)
    state, said = game.new_initial_state(), []
    while not state.is_terminal():
        player: int | None = None
        if state.is_chance():
            outcomes = state.chance_outcomes()
            event: Action | Outcome = rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0]
        else:
            player = state.actors()[0]
            event = bots[player].choose(state, player)
        after = apply(state, event, player)
        said += texts(state.announcements(event, player, after), 3)
        state = after
    assert said[0] == "Bert hat 10000 erreicht: die Runde wird zu Ende gespielt"
    assert said[-1] == f"{NAMES[state.winners()[0]]} gewinnt die Partie"


def test_a_wuerfelspiel_ends_with_its_winner_told() -> None:
    info = get_game("wuerfelspiel")
    game = info.new_game(info.load_rules("kniffel"), 2)
    rng, bot = random.Random(1), RandomBot(1)
    state, said = game.new_initial_state(), []
    while not state.is_terminal():
        player: int | None = None
        if state.is_chance():
            outcomes = state.chance_outcomes()
            event: Action | Outcome = rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0]
        else:
            player = state.actors()[0]
            event = bot.choose(state, player)
        after = apply(state, event, player)
        said += texts(state.announcements(event, player, after), 2)
        state = after
    assert said == [f"{NAMES[state.winners()[0]]} gewinnt die Partie"]
