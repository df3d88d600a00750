"""The engine's fast paths give exactly the plain engine's games (issue 17).

``play_one`` applies the bots' choices with ``trusted=True`` (no legality scan) and draws dice through float tables;
states remember their legal actions; the Würfelspiel builds its legal list without the refusal reasons. Each is
checked here against the plain, checked engine API: the same seed gives the same games, move for move.
"""

from __future__ import annotations

import dataclasses
import pickle
import random
from typing import Any

import pytest

from wuerfel.bots import make_bot
from wuerfel.cli.sim import draw_outcome, game_seed, play_one, reseed_bots
from wuerfel.engine.errors import IllegalAction
from wuerfel.engine.game import Action, Game, State
from wuerfel.engine.registry import get_game
from wuerfel.games.kit.keeps import Keep
from wuerfel.games.wuerfelspiel.state import KEEP_RULES, Score, WuerfelspielState
from wuerfel.games.zehntausend.state import ZehntausendState

CASES = [
    ("wuerfelspiel", "kniffel"),
    ("wuerfelspiel", "yahtzee"),
    ("wuerfelspiel", "yahtzee-classic"),
    ("zehntausend", "farkle"),
    ("zehntausend", None),
    ("jule", None),
    ("escalero", "escalero"),
]


def new_game(game_id: str, rules: str | None, players: int = 2) -> Game:
    info = get_game(game_id)
    return info.new_game(info.rules_from_dict(info.resolve(rules).data), players)


class Recorder:
    """A bot that writes down every decision with the state it was taken in."""

    def __init__(self, bot: Any, log: list[Any]) -> None:
        self.bot, self.log = bot, log

    def choose(self, state: State, player: int) -> Action:
        action = self.bot.choose(state, player)
        self.log.append((state, player, action))
        return action  # type: ignore[no-any-return]


def plain_game(game: Game, bots: list[Any], rng: random.Random) -> State:
    """The plain engine: every outcome through ``apply_outcome``, every action through the checked
    ``apply_action``; the dice drawn exactly as ``play_one`` draws them."""
    state = game.new_initial_state()
    tables: dict[int, Any] = {}
    while not state.is_terminal():
        if state.is_chance():
            state = state.apply_outcome(draw_outcome(state, rng, tables))
        else:
            actor = state.actors()[0]
            state = state.apply_action(bots[actor].choose(state, actor), actor)
    return state


@pytest.mark.parametrize(("game_id", "rules"), CASES)
def test_play_one_plays_the_plain_engines_games_move_for_move(game_id: str, rules: str | None) -> None:
    game = new_game(game_id, rules)
    bots = [make_bot(game_id, "random", game, s) for s in range(2)]
    for g in range(12):
        fast: list[Any] = []
        plain: list[Any] = []
        reseed_bots(bots, 5, g)
        end_fast = play_one(game, [Recorder(b, fast) for b in bots], random.Random(game_seed(5, g)))
        reseed_bots(bots, 5, g)
        end_plain = plain_game(game, [Recorder(b, plain) for b in bots], random.Random(game_seed(5, g)))
        assert fast == plain
        assert end_fast == end_plain and end_fast.scores() == end_plain.scores()


@pytest.mark.parametrize(
    ("game_id", "rules"), [("wuerfelspiel", "kniffel"), ("zehntausend", "farkle"), ("escalero", "escalero")]
)
def test_default_bots_give_the_same_figures_trusted_and_checked(game_id: str, rules: str | None) -> None:
    """A bot's choice applied without the check is the game the check would have allowed (a bot that chose an
    illegal move would be refused by the checked run)."""
    from wuerfel.cli.sim import default_bot_name

    game = new_game(game_id, rules)
    name = default_bot_name(get_game(game_id))
    bots = [make_bot(game_id, name, game, s) for s in range(2)]
    for g in range(3):
        reseed_bots(bots, 2, g)
        trusted = play_one(game, bots, random.Random(game_seed(2, g)))
        reseed_bots(bots, 2, g)
        checked = play_one(game, bots, random.Random(game_seed(2, g)), trusted=False)
        assert trusted == checked and trusted.scores() == checked.scores()


def plain_wuerfelspiel_legal(state: WuerfelspielState) -> list[Action]:
    """The Würfelspiel's legal list by its definition: the kit's keeps, then every box ``score_allowed`` admits."""
    out: list[Action] = [Keep(k) for k in state.turn.legal_keeps(KEEP_RULES)]
    for c in range(state.rules.columns):
        out.extend(Score(c, b) for b in state.rules.boxes if state.score_allowed(c, b) is None)
    return out


@pytest.mark.parametrize("rules", ["kniffel", "yahtzee", "yahtzee-classic", None])
def test_wuerfelspiel_legal_list_is_score_allowed_exactly(rules: str | None) -> None:
    """At every decision of random games, and with a five of a kind put on the table at each of them (the joker
    rule's cases: number box open or filled, lower part open or full), the fast list is the definition's."""
    game = new_game("wuerfelspiel", rules)
    rng = random.Random(11)
    checked_joker = 0
    for _ in range(6):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance():
                state = state.apply_outcome(draw_outcome(state, rng, {}))
                continue
            assert isinstance(state, WuerfelspielState)
            assert list(state.legal_actions()) == plain_wuerfelspiel_legal(state)
            for face in range(1, 7):
                five = state.with_dice((face,) * 5, throws=state.throws)
                assert list(five.legal_actions()) == plain_wuerfelspiel_legal(five)
                checked_joker += any(isinstance(a, Score) for a in five.legal_actions()) and len(
                    five.legal_actions()
                ) < len(state.legal_actions())
            state = state.apply_action(rng.choice(list(state.legal_actions())))
    if rules == "yahtzee":
        assert checked_joker > 0  # the forced joker did narrow some lists


def test_untrusted_moves_are_still_refused_with_their_reasons() -> None:
    game = new_game("wuerfelspiel", "yahtzee", 1)
    state = game.new_initial_state()
    state = state.apply_outcome(state.chance_outcomes()[0][0])
    assert isinstance(state, WuerfelspielState)
    with pytest.raises(IllegalAction) as exc:
        state.apply_action(Keep((6, 6)))
    assert exc.value.msgid == "You can only keep dice you have thrown ({dice})."
    filled = state.apply_action(Score(0, "chance"))
    again = filled.apply_outcome(filled.chance_outcomes()[0][0])
    with pytest.raises(IllegalAction) as exc:
        again.apply_action(Score(0, "chance"))
    assert exc.value.msgid == "The box {box} of column {column} is already filled."


def test_remembered_values_stay_out_of_equality_pickles_and_successors() -> None:
    game = new_game("zehntausend", "farkle")
    state = game.new_initial_state()
    rng = random.Random(4)
    while state.is_chance():
        state = state.apply_outcome(draw_outcome(state, rng, {}))
    legal = state.legal_actions()
    assert state.memo("_memo_legal") is legal
    restored = pickle.loads(pickle.dumps(state))
    assert restored.memo("_memo_legal") is None
    assert restored.view(None) == state.view(None) and restored.legal_actions() == legal
    assert isinstance(state, ZehntausendState)
    same = dataclasses.replace(state)  # equal fields, nothing remembered yet
    assert same == state and hash(same) == hash(state)
    after = state.apply_action(legal[0])
    # a successor never inherits its parent's legal list; a Zehntausend transition may hand it its own
    assert after.memo("_memo_legal") in (None, after._legal_actions())
    assert after.memo("_memo_legal") is not legal
    assert isinstance(after, ZehntausendState)
    assert after.legal_actions() == after._legal_actions()
