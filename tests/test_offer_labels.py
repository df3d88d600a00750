"""What a player is offered depends only on what the player may see.

A legal action's label (``State.describe_offer``: the web's buttons, the terminal's menu, the hints) is computed
from the full state, hidden dice included; a label that tells a hidden thing hands it to the player. QA found one:
Verdecktes Würfelpoker's "Schwindel!" read "… der Becher zeigt Ein Paar Damen: die Ansage stimmt" before the call.
The check: over many random games of every game, the same view of a seat and the same action must always get the
same label (and, in the games with hidden information, the same hints). Two games that differ only in what the
seat cannot see (the dice under another player's cup) meet at the same view; a label that differs between them
leaks.
"""

from __future__ import annotations

import json
import random

import pytest

from wuerfel.bots.base import RandomBot
from wuerfel.engine.registry import all_games, get_game

GAMES = sorted(info.id for info in all_games())
PLAYOUTS = 80
"""Random games per game id: enough for early positions of two games to meet at the same view (a random
announcement among Verdecktes Würfelpoker's 378 hands meets another in about 25 games)."""
STEPS = 24
"""Events per random game (the start and the first turns: where different games meet most often)."""


def _key(view: object) -> str:
    return json.dumps(view, sort_keys=True, default=str)


@pytest.mark.parametrize("game_id", GAMES)
def test_offered_labels_depend_only_on_the_view(game_id: str) -> None:
    info = get_game(game_id)
    rules = info.load_rules()
    game = info.new_game(rules, info.player_counts(rules)[0] if 2 not in info.player_counts(rules) else 2)
    seen: dict[tuple[int, str, str], str] = {}
    hints: dict[tuple[int, str], str] = {}
    # the hints ("?") of the games with hidden information: computed from the full state as well
    advisor = info.advisor(game) if info.advisor is not None and not info.perfect_information else None
    for playout in range(PLAYOUTS):
        rng = random.Random(playout)
        bot = RandomBot(playout)
        state = game.new_initial_state()
        for _ in range(STEPS):
            if state.is_terminal():
                break
            if state.is_chance():
                outcomes = state.chance_outcomes()
                state = state.apply_outcome(rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0])
                continue
            actors = list(state.actors())
            for seat in actors:
                view = _key(state.view(seat))
                for action in state.legal_actions(seat):
                    key = (seat, view, _key(action.to_json()))
                    label = state.describe_offer(action, "de")
                    assert seen.setdefault(key, label) == label, (
                        f"{game_id}: seat {seat} is offered {label!r} and, at the same view, {seen[key]!r}"
                    )
                if advisor is not None:
                    hint = _key(
                        [
                            (a.action.to_json() if a.action is not None else None, a.value, a.label, a.note)
                            for a in advisor.advise(state, seat)
                        ]
                    )
                    assert hints.setdefault((seat, view), hint) == hint, (
                        f"{game_id}: seat {seat} gets the hints {hint} and, at the same view, {hints[(seat, view)]}"
                    )
            seat = rng.choice(actors)
            state = state.apply_action(bot.choose(state, seat), seat)
