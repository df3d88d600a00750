"""The Zehntausend family's :class:`~wuerfel.engine.game.Game`: checks the player count against the rules, holds
what a rule set settles once for all its states (the reach, the fast paths' switches, the tables of choices and
chance nodes keyed by small tuples) and builds the first state.

Apart from the state machine (:mod:`wuerfel.games.zehntausend.state`), which names the game only for the type
checker: the game builds states, the states only read the game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from wuerfel.engine.dice import Multiset
from wuerfel.engine.errors import N_
from wuerfel.engine.game import Action, Game, Outcome, Roll, State
from wuerfel.games.kit.void import Void
from wuerfel.games.zehntausend import actions
from wuerfel.games.zehntausend.actions import _SIMPLE, Select
from wuerfel.games.zehntausend.melds import OpenSets
from wuerfel.games.zehntausend.options import ZehntausendRules
from wuerfel.games.zehntausend.state import ZehntausendState
from wuerfel.games.zehntausend.tables import _ChoiceEntry, _choices, _frac, _throw_outcomes
from wuerfel.games.zehntausend.turn_end import Turn

if TYPE_CHECKING:
    import random


class ZehntausendGame(Game):
    """Zehntausend / 10.000 / Macke with the rules given as a :class:`ZehntausendRules` tree."""

    id = "zehntausend"
    action_classes = (Select, *_SIMPLE)
    outcome_classes = (Roll, Void)

    def __init__(self, rules: ZehntausendRules, num_players: int) -> None:
        from wuerfel.engine.errors import RuleError

        if rules.game.mode == "solo" and num_players != 1:
            raise RuleError(N_("Solo is played by exactly one player, not {n}."), n=num_players)
        if rules.game.mode != "solo" and num_players < max(2, rules.game.min_players):
            raise RuleError(
                N_("These rules need at least {lo} players, not {n}."), lo=max(2, rules.game.min_players), n=num_players
            )
        super().__init__(rules, num_players)
        m = rules.mishap
        self.mishap_key: tuple[str, Fraction, Fraction] = (m.mode, _frac(m.probability), _frac(m.knock_success))
        self.outcome_table: dict[tuple[int, str], tuple[tuple[Outcome, Fraction], ...]] = {}
        """Chance nodes by (dice in the cup, node): the same tuple every time, looked up without hashing the
        Fractions of ``mishap_key`` (and the same identity keeps the simulators' float tables valid)."""
        self.choice_table: dict[tuple[Multiset, OpenSets, int, bool], _ChoiceEntry] = {}
        """Select nodes' choices by (throw, open sets, confirmation minimum, forced), see ``_choice_entry``."""
        r = rules
        self.reach_at = r.game.target if r.game.reach == "at_least" else r.game.target + 1
        """The least score that reaches the target (``game.reach``): asked at every bank and by the bots."""
        self.instant_wins = bool(r.scoring.instant_win)
        self.fresh_turn = Turn(cup=r.dice.count)
        """A turn before its first throw: copied (not constructed) at every hand-over."""
        """Whether any throw can win at once (R-15): most rule sets have none, so most throws skip the check."""
        self.plain_turn_end = r.game.mode in ("standard", "solo") and r.minus_marks.count == 0
        sel, cf = r.selection, r.confirm
        self.select_rules = (
            r.dice.count,
            r.proof.enabled,
            r.proof.same_throw,
            cf.scope == "single_throw",
            r.extension.enabled,
            sel.five_pair_to_one and sel.five_turn_timing == "any_time",
            r.turn.hot_dice,
            cf.enabled,
            cf.trigger,
            cf.min_points,
            r.extension.across_hot_dice,
        )
        """The rules a selection reads (``ZehntausendState.select_effect``), read once: the heuristic bot asks it
        for every candidate of every throw."""
        """A bank or bust here changes nothing but the player's score, marks and the seat: the transitions end the
        turn and start the next one in one copy of the state (``ZehntausendState._hand_over``)."""

    def choice_entry(self, throw: Multiset, open_sets: OpenSets, confirm_min: int, forced: bool) -> _ChoiceEntry:
        """The choices of a throw (see ``ZehntausendState._choice_entry``), built once per game and key."""
        key = (throw, open_sets, confirm_min, forced)
        table = self.choice_table
        entry = table.get(key)
        if entry is None:
            choices = _choices(self.rules, *key)
            entry = (choices, dict(choices), tuple(a for a, _ in choices), {id(a): c for a, c in choices})
            if len(table) > 50_000:
                table.clear()
            table[key] = entry
        return entry

    def throw_outcomes(self, cup: int, node: str = "throw") -> tuple[tuple[Outcome, Fraction], ...]:
        """The chance node of ``cup`` dice at ``node`` ("throw" or "knocked"), built once per game and key: the
        game's own table, no Fraction in the key to hash on every throw (and the same tuple every time keeps the
        simulators' float tables valid)."""
        key = (cup, node)
        outcomes = self.outcome_table.get(key)
        if outcomes is None:
            mode, prob, knock = self.mishap_key
            outcomes = self.outcome_table[key] = _throw_outcomes(cup, mode, prob, node, knock)
        return outcomes

    def sim_kernel(self, bots: Sequence[Any]) -> Callable[[random.Random], State] | None:
        """Heuristic bots in every seat at plain Farkle-like rules: ``fastsim``'s kernel (see there). Bots with
        tables to load (the optimal bot: ``prepare``) load them here, once, so that ``wuerfel sim`` and the benchmarks
        have them ready before the first game (later calls find them loaded)."""
        from wuerfel.games.zehntausend.fastsim import kernel_for  # it imports the bots, which import this module

        for bot in bots:
            prepare = getattr(bot, "prepare", None)
            if prepare is not None:
                prepare(self)
        return kernel_for(self, bots)

    def new_initial_state(self) -> ZehntausendState:
        n = self.num_players
        pool = self.rules.game.mode == "rueckwaerts"
        s = ZehntausendState(
            game=self,
            scores_=(0,) * n,
            minus=(0,) * n,
            down=(False,) * n,
            player=0,
            node="throw",
            turn=Turn(cup=self.rules.dice.count),
            skip=(False,) * n,
            turns=(0,) * n,
            pool_mode=pool,
        )
        if not pool:
            s = s._start_turn(0)
        return s

    def action_universe(self) -> tuple[Action, ...]:
        """Every concrete action these rules can ever offer (:func:`actions.action_universe`)."""
        return actions.action_universe()

    def action_id(self, action: Action) -> int:
        return actions.action_id(action)

    def action_from_id(self, action_id: int) -> Action:
        return actions.action_from_id(action_id)
