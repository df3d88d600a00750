"""The Würfelspiel's fast paths against the plain rules (issue 17).

The legal list is taken from the throw's shared keeps and the player's open boxes handed on from state to state,
who moves is set by the transitions, a box's points come from a table per throw: each is checked here against the
plain computation on the states of random games (every rule set, one to three players) and on five of a kinds put
on their sheets (the joker rules).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest

from wuerfel.bots import make_bot
from wuerfel.cli.sim import draw_outcome, game_seed, reseed_bots
from wuerfel.engine.dice import roll_distribution
from wuerfel.engine.game import CHANCE, TERMINAL
from wuerfel.engine.registry import get_game
from wuerfel.games.wuerfelspiel.rules import ALL_BOXES, LOWER_BOXES, box_score, joker_score
from wuerfel.games.wuerfelspiel.state import WuerfelspielGame, WuerfelspielState

PRESETS = ["brettspielnetz", "kniffel", "yahtzee", "yahtzee-classic"]


def new_game(rules: str, players: int) -> WuerfelspielGame:
    info = get_game("wuerfelspiel")
    game = info.new_game(info.rules_from_dict(info.resolve(rules).data), players)
    assert isinstance(game, WuerfelspielGame)
    return game


def bare(state: WuerfelspielState) -> WuerfelspielState:
    """The same position without anything remembered (built through ``__init__``)."""
    return dataclasses.replace(state)


def played_states(game: WuerfelspielGame, games: int) -> Iterator[WuerfelspielState]:
    """Every state of ``games`` random games, reached through the transitions (trusted, as ``play_one`` applies)."""
    bots = [make_bot("wuerfelspiel", "random", game, s) for s in range(game.num_players)]
    tables: dict[int, object] = {}
    for g in range(games):
        reseed_bots(bots, 9, g)
        rng = random.Random(game_seed(9, g))
        state = game.new_initial_state()
        while True:
            assert isinstance(state, WuerfelspielState)
            yield state
            who = state.to_move()
            if who == TERMINAL:
                break
            if who == CHANCE:
                state = state._apply_outcome(draw_outcome(state, rng, tables))  # type: ignore[arg-type]
            else:
                state = state.apply_action(bots[who].choose(state, who), who, trusted=True)


def plain_points(state: WuerfelspielState, column: int, box: str) -> tuple[int, int]:
    """``points`` as the rules say it, box by box (the code before the table per throw)."""
    rules = state.rules
    col = state.sheets[state.player][column]
    extra = 0
    pts = box_score(box, state.dice, rules)
    if state._joker_active(column):
        fk = col[rules.boxes.index("five_kind")]
        if rules.yahtzee_bonus and fk:
            extra = rules.yahtzee_bonus
        if box in LOWER_BOXES:
            upper = ALL_BOXES[state.dice[0] - 1]
            upper_open = upper in rules.boxes and col[rules.boxes.index(upper)] is None
            if rules.joker in ("forced", "free") or (rules.joker == "classic" and not upper_open):
                pts = joker_score(box, state.dice, rules)
    elif (
        rules.yahtzee_bonus
        and rules.joker == "none"
        and "five_kind" in rules.boxes
        and len(set(state.dice)) == 1
        and col[rules.boxes.index("five_kind")]
    ):
        extra = rules.yahtzee_bonus
    return pts, extra


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize("players", [1, 2, 3])
def test_remembered_legal_lists_and_movers_are_the_plain_ones(rules: str, players: int) -> None:
    game = new_game(rules, players)
    seen = 0
    for state in played_states(game, 3 if players < 3 else 2):
        plain = bare(state)
        assert state.to_move() == plain.to_move()
        assert tuple(state.legal_actions()) == tuple(plain.legal_actions())
        if plain.to_move() >= 0:
            assert tuple(state.legal_actions()) == plain._legal_actions()
        for p in range(players):
            assert tuple(state.legal_actions(p)) == tuple(plain.legal_actions(p))
        seen += 1
    assert seen > 60 * players


@pytest.mark.parametrize("rules", PRESETS)
def test_five_of_a_kind_on_played_sheets_gives_the_plain_legal_list_and_points(rules: str) -> None:
    """The joker rules bind a five of a kind (forced) or change its points: every face on sheets of a played game,
    with the five of a kind box open and filled."""
    game = new_game(rules, 2)
    checked = 0
    for i, state in enumerate(played_states(game, 1)):
        if i % 7 or state.to_move() < 0:
            continue
        for face in range(1, 7):
            five = state.with_dice((face,) * 5, throws=2)
            fresh = bare(five)
            assert tuple(five.legal_actions()) == fresh._legal_actions()
            for c in range(game.rules.columns):
                for box in game.rules.boxes:
                    assert five.points(c, box) == plain_points(five, c, box)
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("rules", PRESETS)
def test_points_of_every_throw_are_the_plain_ones(rules: str) -> None:
    game = new_game(rules, 1)
    sheets = [s for i, s in enumerate(played_states(game, 1)) if i % 11 == 0 and not s.is_terminal()]
    for dice, _ in roll_distribution(5):
        for state in sheets[:4]:
            at = state.with_dice(dice)
            for c in range(game.rules.columns):
                for box in game.rules.boxes:
                    assert at.points(c, box) == plain_points(at, c, box)
