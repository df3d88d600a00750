"""Every game as an OpenSpiel game: ``register_all()``, then ``pyspiel.load_game("wuerfel_escalero", {"players": 2})``.

Needs the optional extra ``pip install 'wuerfel[research]'`` (open-spiel). Each game is registered as a Python game
``wuerfel_<id with underscores>`` with two parameters: ``rules`` (a preset id or a rule file; default the game's
default preset) and ``players`` (default the fewest the default rules allow).

How the engine maps onto OpenSpiel (docs/research.md says the same for users):

* **Decisions** are the dense ids of :mod:`wuerfel.interop.codec`; ``num_distinct_actions`` is its size (at least 1:
  OpenSpiel wants one id even where nobody ever decides — a game of pure chance never offers it).
* **Chance nodes** are OpenSpiel chance nodes: action *k* is the *k*-th outcome of the node with a positive
  probability, in the engine's order, with that exact probability as a float. Outcomes of probability 0 (a void
  throw only a person can report) are left out. ``max_chance_outcomes`` is 462, the multisets of six dice, the most
  any game throws at once (or the seats, for a lot); a node with more raises an error naming the game.
* **Simultaneous nodes** (stakes placed in any order) are played in seat order, lowest actor first, which the engine
  allows; a sealed stake stays hidden from the others through the information state below.
* **Returns** are the chips won or lost (``payoffs()``) where the game plays for chips (zero-sum), else the win
  shares, 1/k for each of k winners (general-sum: a game may end without a winner).
* **Information**: ``information_state_string`` is the seat's perfect-recall record — every event as the server
  would show it to that seat (:meth:`State.event_view` statements, uncovered when a later event reveals them) —
  followed by ``observation_string``, the seat's own view (:meth:`State.view`) as canonical JSON. Nothing else of the
  state is ever put into them, so an agent sees no more than a player at a table. ``observation_tensor`` is the
  float32 vector of :mod:`wuerfel.interop.tensor` (the seat's own components, fixed length per game, rules and
  seats; ``observation_tensor_shape`` gives it); there is no information-state tensor (a record has no fixed size).
* **Length**: ``max_game_length`` is the true bound in decisions where the game states one from its rules
  (:meth:`Game.length_bound`: Kniffel, Yahtzee, the 3-column Würfelspiel, Escalero, Ohio) or
  :func:`wuerfel.interop.length.longest_game` finds one (the keyed game graph has no cycle through a decision and is
  enumerated within :data:`LENGTH_BUDGET` edges); ``max_chance_nodes_in_history`` is the bound on chance nodes where it
  is known too, else the same declared cap (a throw-off may repeat). Where a game has no bound (a cycle through a
  decision: Quinze's tie played again) or the graph is too large to enumerate here, it is a declared *cap* of
  :data:`MAX_GAME_LENGTH` decisions, and a game that reaches the cap is truncated as OpenSpiel's capped games are: the
  state is terminal and every return is 0 (no result: the game did not end). ``truncated()`` says which ended that way.
  Chip balances may go negative (spec: a forced payment is never refused), so the chip games' utility bounds are a
  declared :data:`CHIP_UTILITY_CAP`. Both caps are named in each game's ``long_name``.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Hashable
from typing import Any

import pyspiel

from wuerfel.engine.game import Game, Outcome, State
from wuerfel.engine.record import EventViews, event_statement
from wuerfel.engine.registry import GameInfo, all_games, get_game
from wuerfel.interop.codec import ActionCodec, codec_for
from wuerfel.interop.length import Length, game_length
from wuerfel.interop.tensor import Encoder, encoder_for

MAX_CHANCE_OUTCOMES = 462
"""Multisets of six six-sided dice: the most outcomes one throw of any game has."""
MAX_GAME_LENGTH = 100_000
"""The declared cap on decisions of a game whose rules give no bound we can compute: a cap, not a bound."""
LENGTH_BUDGET = 2_000
"""Edges (moves and outcomes) :func:`longest_game` may generate per game, rules and seats when a game is loaded:
enough for the small graphs and the decision cycles met early, small enough to keep loading fast."""
CHIP_UTILITY_CAP = 1_000_000.0
"""The declared bound of a chip game's payoff: balances may go negative, so the rules bound no loss."""


def short_name(game_id: str) -> str:
    """The OpenSpiel name of a game: ``wuerfel_`` + its id with underscores (``wuerfel_lustige_sieben``)."""
    return "wuerfel_" + game_id.replace("-", "_")


@functools.cache
def _engine_game(game_id: str, rules_name: str, players: int | None) -> Game:
    """One engine game per id, rules and players: OpenSpiel loads a game again for every deserialised state, and the
    rules' files, the codec and the game's tables are the same each time."""
    info = get_game(game_id)
    rules = info.load_rules(rules_name)
    return info.new_game(rules, info.player_counts(rules)[0] if players is None else players)


@functools.cache
def _length(game_id: str, rules_name: str, players: int) -> Length:
    """The longest game of these rules and seats (the rules' own bound, else the walked graph's), once per process."""
    return game_length(_engine_game(game_id, rules_name, players), LENGTH_BUDGET)


def _game_type(info: GameInfo) -> pyspiel.GameType:
    return _game_type_of(info.id)


@functools.cache
def _game_type_of(game_id: str) -> pyspiel.GameType:
    info = get_game(game_id)
    if _engine_game(game_id, info.default_preset, None).length_bound() is not None:
        caps = "length bounded by the rules"
    else:
        caps = f"length capped at {MAX_GAME_LENGTH} decisions where the rules give no bound"
    if info.chips:
        caps += f", chip payoffs bounded by the declared ±{CHIP_UTILITY_CAP:g} (debts are allowed)"
    players = info.player_counts()
    return pyspiel.GameType(
        short_name=short_name(info.id),
        long_name=f"Wuerfel: {info.name_en} ({caps})",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(
            pyspiel.GameType.Information.PERFECT_INFORMATION
            if info.perfect_information
            else pyspiel.GameType.Information.IMPERFECT_INFORMATION
        ),
        utility=(pyspiel.GameType.Utility.ZERO_SUM if info.chips else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"rules": info.default_preset, "players": players[0]},
    )


class WuerfelGame(pyspiel.Game):
    """One wuerfel game with fixed rules and players, seen through OpenSpiel's Python game API."""

    info: GameInfo
    """Set on each game's subclass by :func:`register_all`."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        info = self.info
        rules_name = str(params.get("rules", info.default_preset))
        self.engine = _engine_game(info.id, rules_name, int(params["players"]) if "players" in params else None)
        players = self.engine.num_players
        self.codec: ActionCodec = codec_for(self.engine)
        self.length: Length = _length(info.id, rules_name, players)
        self.cap = MAX_GAME_LENGTH if self.length.decisions is None else None
        """Decisions after which the game is truncated, where the rules give no bound (None: bounded)."""
        self.encoder: Encoder = encoder_for(self.engine)
        chips = info.chips
        game_info = pyspiel.GameInfo(
            num_distinct_actions=max(1, self.codec.num_distinct_actions),
            max_chance_outcomes=max(MAX_CHANCE_OUTCOMES, players),
            num_players=players,
            min_utility=-CHIP_UTILITY_CAP if chips else 0.0,
            max_utility=CHIP_UTILITY_CAP if chips else 1.0,
            utility_sum=0.0 if chips else None,
            max_game_length=MAX_GAME_LENGTH if self.length.decisions is None else max(1, self.length.decisions),
        )
        self._params = {"rules": rules_name, "players": players}
        super().__init__(_game_type(info), game_info, params)

    def max_chance_nodes_in_history(self) -> int:
        """The bound on chance nodes where it is known (the rules', or a walked graph without cycles); else the
        declared cap :data:`MAX_GAME_LENGTH`, no bound (a throw-off may repeat), but not OpenSpiel's default either:
        that is the decision figure, which a Sechzerspiel's throw-off passes at once."""
        if self.length.chance_nodes is not None:
            return max(1, self.length.chance_nodes)
        return MAX_GAME_LENGTH

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its id and parameters, loaded again (and registered first) when unpickled."""
        return (load, (self.info.id, self._params["rules"], self._params["players"]))

    def new_initial_state(self) -> WuerfelState:
        """OpenSpiel clones a Python state by making a new initial state and copying the attributes into it, so this
        runs at every ``clone``/``child``: the engine's initial position (an immutable value, and not free — a poker
        round opens its ledger) is made once per game."""
        initial = self.__dict__.get("_initial")
        if initial is None:
            initial = self._initial = self.engine.new_initial_state()
        return WuerfelState(self, initial)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> WuerfelObserver:
        """The perfect-recall record (a string only) when ``iig_obs_type`` asks for perfect recall, else the view:
        its string and its vector (:mod:`wuerfel.interop.tensor`)."""
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return WuerfelObserver(perfect_recall, None if perfect_recall else self.encoder)


class WuerfelObserver:
    """OpenSpiel's PyObserver: strings, and for the (non-perfect-recall) observation the seat's vector."""

    def __init__(self, perfect_recall: bool, encoder: Encoder | None = None) -> None:
        import numpy as np

        self.perfect_recall = perfect_recall
        self.encoder = encoder
        self.tensor = None if encoder is None else np.zeros(encoder.size, np.float32)
        self.dict: dict[str, Any] = {} if encoder is None else {"observation": self.tensor}

    def set_from(self, state: WuerfelState, player: int) -> None:
        if self.encoder is not None and self.tensor is not None:
            self.tensor[:] = self.encoder.encode(state.state, player)

    def string_from(self, state: WuerfelState, player: int) -> str:
        return state.information_state_string(player) if self.perfect_recall else state.observation_string(player)


class _Record:
    """What a :class:`WuerfelState` holds beside OpenSpiel's own history. OpenSpiel clones a Python state by deep
    copying its attributes; the engine state is an immutable value and the game is shared, so this copies only the
    lists (a deep copy of the engine state, its game and tables made a clone cost milliseconds)."""

    def __init__(self, game: WuerfelGame, state: State) -> None:
        self.game = game
        self.state = state
        self.events: list[str] = []
        """Each event's full text (who, what), in order."""
        self.pending: list[tuple[State, Any, int | None]] = []
        """Events whose statements are not asked yet (state before, event, player): asked only when an information
        state is read, so replaying a history (OpenSpiel deserialises states that way) never asks the game."""
        self.views = EventViews()
        self.decisions = 0

    def __deepcopy__(self, memo: dict[int, Any]) -> _Record:
        new = _Record(self.game, self.state)
        new.events = list(self.events)
        new.pending = list(self.pending)
        new.views = EventViews(self.views.statements)
        new.decisions = self.decisions
        return new


class WuerfelState(pyspiel.State):
    """An OpenSpiel state around an immutable engine state and the per-seat statements of its events."""

    def __init__(self, game: WuerfelGame, engine_state: State) -> None:
        super().__init__(game)
        self._r = _Record(game, engine_state)

    @property
    def state(self) -> State:
        """The engine state (an immutable value)."""
        return self._r.state

    # --- node kind --------------------------------------------------------------------------------------------
    def current_player(self) -> int:
        s = self.state
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        if s.is_chance():
            return int(pyspiel.PlayerId.CHANCE)
        return min(s.actors())

    def is_terminal(self) -> bool:
        return self.state.is_terminal() or self.truncated()

    def truncated(self) -> bool:
        """Whether the game was cut at its cap (:data:`MAX_GAME_LENGTH`) before it ended: no result."""
        cap = self._r.game.cap
        return cap is not None and self._r.decisions >= cap and not self.state.is_terminal()

    # --- moves ------------------------------------------------------------------------------------------------
    def _outcomes(self) -> list[tuple[Outcome, float]]:
        table = self.state.chance_outcomes()
        out = _positive.get(id(table))
        if out is None or out[0] is not table:  # a game's tables are mostly shared constants: convert each once
            positive = [(o, float(p)) for o, p in table if p > 0]
            if len(positive) > self._r.game.max_chance_outcomes():
                raise ValueError(
                    f"{self._r.game.engine.id}: a chance node with {len(positive)} outcomes exceeds "
                    f"max_chance_outcomes {self._r.game.max_chance_outcomes()}"
                )
            out = (table, positive)
            if len(_positive) > 4096:
                _positive.clear()
            _positive[id(table)] = out
        return out[1]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(k, p) for k, (_, p) in enumerate(self._outcomes())]

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player():
            return []
        return self._r.game.codec.legal_ids(self.state, player)

    def _apply_action(self, action: int) -> None:
        before = self.state
        if before.is_chance():
            outcome = self._outcomes()[action][0]
            self._record(before, outcome, None, f"chance:{json.dumps(outcome.to_json(), sort_keys=True)}")
            self._r.state = before.apply_outcome(outcome)
            return
        player = self.current_player()
        move = self._r.game.codec.decode(action)
        self._r.decisions += 1
        self._record(before, move, player, f"{player}:{json.dumps(move.to_json(), sort_keys=True)}")
        self._r.state = before.apply_action(move, player)

    def _record(self, before: State, event: Any, player: int | None, text: str) -> None:
        self._r.events.append(text)
        self._r.pending.append((before, event, player))

    def _statements(self) -> EventViews:
        for before, event, player in self._r.pending:
            self._r.views.append(event_statement(before, event, player))
        self._r.pending.clear()
        return self._r.views

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            outcomes = self._outcomes()
            if 0 <= action < len(outcomes):
                return self.state.describe_outcome(outcomes[action][0], "en")
            return f"chance {action}"
        # The label offered to the player, never the one of the move as it happened: that may tell what the move
        # uncovers (Verdecktes Würfelpoker's "Schwindel! — the cup shows …"), and an agent reads this before choosing.
        return self.state.describe_offer(self._r.game.codec.decode(action), "en")

    # --- results ----------------------------------------------------------------------------------------------
    def returns(self) -> list[float]:
        n = self._r.game.engine.num_players
        if not self.state.is_terminal():  # not over, or truncated at the cap: no result
            return [0.0] * n
        if self._r.game.info.chips:
            payoffs = self.state.payoffs() or (0,) * n
            return [float(x) for x in payoffs]
        return [float(x) for x in self.state.returns()]

    # --- information ------------------------------------------------------------------------------------------
    def observation_string(self, player: int | None = None) -> str:
        """What ``player`` (default: the player to move, as OpenSpiel's own states) sees now: the engine's view for
        that seat, as canonical JSON."""
        if player is None:
            player = self.current_player()
        return json.dumps(self.state.view(player), sort_keys=True, ensure_ascii=False, default=_plain)

    def information_state_string(self, player: int | None = None) -> str:
        """Everything ``player`` (default: the player to move, as OpenSpiel's own states; its tabular policies ask
        so) has been shown, in order: each event as its statement shows it to that seat."""
        if player is None:
            player = self.current_player()
        lines = [f"seat {player}"]
        views = self._statements()
        for i, text in enumerate(self._r.events):
            v = views.view(i, player)
            if v.show == "none":
                continue
            if v.full:
                lines.append(text)
            else:
                who = text.split(":", 1)[0] if v.player else "?"
                lines.append(f"{who}:hidden {v.label} {json.dumps(v.data, sort_keys=True, default=_plain)}")
        lines.append(self.observation_string(player))
        return "\n".join(lines)

    def __str__(self) -> str:
        return "\n".join(self._r.events) or "start"


_positive: dict[int, tuple[Any, list[tuple[Outcome, float]]]] = {}
"""id of a chance table → (the table, its outcomes of positive probability as floats). The table is kept beside
its id, so an id reused by a new object after the old one died is recognised and never read stale."""


def _plain(value: Any) -> Any:
    """JSON for the few non-JSON values a view may hold (sets, tuples inside dataclasses)."""
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=repr)
    if isinstance(value, Hashable):
        return repr(value)
    return str(value)


_registered: dict[str, type[WuerfelGame]] = {}


def register(info: GameInfo) -> str:
    """Register one game with OpenSpiel (once) and return its OpenSpiel name."""
    name = short_name(info.id)
    if name not in _registered:
        cls_name = f"Wuerfel_{info.id.replace('-', '_')}"
        cls = type(cls_name, (WuerfelGame,), {"info": info, "__module__": __name__})
        globals()[cls_name] = cls  # pickle finds a game class by module and name (OpenSpiel's tests pickle games)
        pyspiel.register_game(_game_type(info), cls)
        _registered[name] = cls
    return name


def register_all() -> list[str]:
    """Register every game of the registry (plug-ins included); the OpenSpiel names, sorted."""
    return sorted(register(info) for info in all_games())


def load(game_id: str, rules: str | None = None, players: int | None = None) -> pyspiel.Game:
    """Register ``game_id`` and load it: ``load("escalero", players=2)``."""
    info = get_game(game_id)
    name = register(info)
    rules = rules or info.default_preset
    if players is None:  # the fewest these rules allow (OpenSpiel's default is the default rules')
        players = info.player_counts(info.load_rules(rules))[0]
    return pyspiel.load_game(name, {"rules": rules, "players": players})
