"""Seeded playouts of one game: every game × rule set × player count, every node checked.

Why here and not in ``tests/``: the project's conformance suite (``tests/test_conformance.py``) and a plug-in
author's ``pytest --wuerfel-game ID`` run these same functions, so a game outside wuerfel gets every check ours get.
At every node a playout meets:

* legal actions apply (a parameterised one at its bounds, within and just outside them), action ids and the JSON of
  actions and outcomes round-trip, chance sums to exactly one (:func:`wuerfel.engine.testing.check_node`);
* no view and no table component leaks anything a seat cannot tell apart, and what each event is stated to show
  to whom (``event_view``) agrees with the views;
* the result API agrees with itself (ranking, winners, returns, losers, payoffs; nothing before the end) and chips
  are conserved where the game has chips;
* the flags generic code branches on hold: no secret in a game of perfect information, no decision in one of pure
  chance;
* the table is drawn: the generic terminal renderer and the game's own one, if it has one, draw the state, and the
  translated components exist in German and English, with every text translated into German and no
  ``{placeholder}`` left;
* the record replays exactly from its JSON (at the end of every playout, finished or not).
"""

from __future__ import annotations

import functools
import io
import random
import zlib
from collections.abc import Callable
from functools import partial
from typing import Any

from rich.console import Console

from wuerfel.bots import bot_runs, default_bot, make_bot
from wuerfel.bots.base import Bot, RandomBot
from wuerfel.cli.components import render_components
from wuerfel.engine.components import phrases
from wuerfel.engine.errors import RuleError
from wuerfel.engine.game import State
from wuerfel.engine.record import Match
from wuerfel.engine.registry import GameInfo, get_game
from wuerfel.engine.testing import PLACEHOLDER, playout
from wuerfel.i18n import LANGUAGES, catalog, plural_catalog

MOST_PLAYERS = 6
"""Every count up to this is a case; a game for more players adds its maximum only."""
SHORT_PLAYOUTS = 2
"""Short playouts per case (different seeds, bots on different seats)."""
SHORT_STEPS = 8
"""Events per short playout at most: the start and a first turn or two (the end of every rule set is played out by
:func:`check_rule_set_to_end`, of every case by :func:`check_long_playouts`)."""
SHORT_ALTERNATIVES = 16
"""Next events compared per node by the event-view check in short playouts (a random sample beyond that)."""
END_COUNTS = 2
"""The smallest player counts of a rule set among which its playout to the end is chosen."""
END_STEPS = 50_000
"""A playout that must end and has not after this many events is a game that does not end."""


def player_counts(info: GameInfo) -> list[int]:
    """The counts a game is tested with: min..max, beyond :data:`MOST_PLAYERS` only the maximum."""
    top = min(info.max_players, MOST_PLAYERS)
    counts = list(range(info.min_players, top + 1))
    if info.max_players > top:
        counts.append(info.max_players)
    return counts


@functools.cache
def accepted_counts(game_id: str, rules: str) -> tuple[int, ...]:
    """The counts of :func:`player_counts` the rule set accepts (some need more players than the game's minimum)."""
    info = get_game(game_id)
    options = info.load_rules(rules)
    out = []
    for n in player_counts(info):
        try:
            info.new_game(options, n)
        except RuleError:
            continue
        out.append(n)
    return tuple(out)


def cases(info: GameInfo) -> list[tuple[str, str, int]]:
    """(game, rule set, players) for every rule set (internal ones included) and every count it accepts."""
    return [(info.id, r, n) for r in info.rule_sets() for n in accepted_counts(info.id, r)]


def seed_of(*parts: object) -> int:
    """A stable seed for a case (``hash`` of a string changes between runs)."""
    return zlib.crc32(":".join(map(str, parts)).encode())


def default_bot_name(info: GameInfo) -> str:
    """The default bot where it runs here, else the game's best one that does (:func:`wuerfel.bots.default_bot`):
    the checks pass on a machine without the extra ``solvers`` too."""
    return default_bot(info)


def other_bots(info: GameInfo) -> list[str]:
    """The game's bots besides the default one (which the playouts seat anyway), those that can run here."""
    return [b for b in info.bots if b != default_bot_name(info) and bot_runs(info, b)]


def mixed_bots(info: GameInfo, match: Match, seed: int, turn: int) -> list[Bot]:
    """Random play on every other seat (it reaches odd corners) and the game's default bot on the rest (it keeps to
    the goal, so rule sets where random play drifts away, such as negative scores under ``bust = "negate"``, still
    end); ``turn`` shifts which seats are which, so one seat alone plays random in one playout and the bot in the
    next."""
    name = default_bot_name(info)
    return [
        RandomBot(seed + p) if (p + turn) % 2 == 0 else make_bot(info.id, name, match.game, seed + p)
        for p in range(match.game.num_players)
    ]


_DRAW_RNG = random.Random(0)


def node_checks(info: GameInfo, names: list[str]) -> Callable[[State, int], None]:
    """The checks of a node that the engine's ``check_node`` cannot make: the registry's flags, German for every
    text on the table, and the terminal drawing it — one seat or a spectator per node, in turn, in each language in
    turn, and a game with a renderer of its own drawn by it and by the generic one in turn (drawing is the dearest
    check; the translated JSON of every seat in both languages is ``check_node``'s)."""
    n = len(names)
    seats: list[int | None] = [*range(n), None]

    def check(state: State, step: int) -> None:
        german = catalog("de")  # read per node: a game registering later adds its own catalogue
        if info.perfect_information:
            assert all(state.determinize(p, _DRAW_RNG) is state for p in range(n)), (
                "a secret in a game of perfect information"
            )
        if not info.decisions:
            assert state.is_chance() or state.is_terminal(), "a decision in a game of pure chance"
        for seat in seats:
            for ph in phrases(state.components(seat)):
                if ph.plural is not None:
                    assert ph.msgid in plural_catalog("de"), f"{ph.msgid!r} has no German plural forms"
                else:
                    assert ph.msgid in german, f"{ph.msgid!r} on the table has no German translation"
        viewer = seats[step % len(seats)]
        lang = LANGUAGES[(step // len(seats)) % len(LANGUAGES)]
        if info.terminal_renderer is not None and step % 2:
            view: dict[str, Any] = dict(state.view(viewer))
            # what the terminal adds before it calls a game's renderer (cli/play.py)
            view.setdefault("player_names", names)
            view.setdefault("viewer", viewer)
            view.setdefault("actors", list(state.actors()))
            view.setdefault("you", viewer)
            renderable = info.terminal_renderer(view, lang)
        else:
            renderable = render_components(state.components(viewer), lang, names, viewer)
        text = draw(renderable)
        assert text.strip(), "the terminal draws nothing"
        assert not PLACEHOLDER.search(text), f"untranslated placeholder in the terminal ({lang}):\n{text}"

    return check


def draw(renderable: Any) -> str:
    """What the terminal prints for a Rich renderable, as plain text."""
    out = io.StringIO()
    Console(file=out, width=100, color_system=None, force_terminal=False).print(renderable)
    return out.getvalue()


def play(
    info: GameInfo,
    rules: str | None,
    n: int,
    seed: int,
    bots: Callable[[Match], list[Bot]],
    max_steps: int,
    until_end: bool,
    **kw: Any,
) -> Match:
    names = [f"P{i}" for i in range(n)]
    match = Match.new(info.id, rules, names)
    return playout(
        match,
        seed,
        bots(match),
        max_steps,
        until_end=until_end,
        chips=info.chips,
        per_node=node_checks(info, names),
        **kw,
    )


def check_registration(game_id: str) -> None:
    """The registry's entry is whole: names in both languages, a default rule set among its rule sets, a sane
    player range, and every rule set accepts some player count (else it would silently drop out of the cases)."""
    info = get_game(game_id)
    assert info.name_de and info.name_en, f"{game_id}: a name in German and English"
    assert info.default_preset in info.rule_sets(), f"{game_id}: the default rule set {info.default_preset!r}"
    assert 1 <= info.min_players <= info.max_players, f"{game_id}: players {info.min_players}..{info.max_players}"
    for rules in info.rule_sets():
        assert accepted_counts(game_id, rules), f"{game_id}:{rules} accepts none of {player_counts(info)}"


def check_short_playouts(game_id: str, rules: str, n: int) -> None:
    """A few short seeded playouts of the case, every node checked; whether they end does not matter here."""
    info = get_game(game_id)
    for turn in range(SHORT_PLAYOUTS):
        seed = seed_of(game_id, rules, n, turn)
        play(
            info,
            rules,
            n,
            seed,
            partial(mixed_bots, info, seed=seed, turn=turn),
            SHORT_STEPS,
            until_end=False,
            max_alternatives=SHORT_ALTERNATIVES,
        )


def check_rule_set_to_end(game_id: str, rules: str) -> None:
    """The rule set played to its end once, at one of its player counts (the rule sets of a game take its two
    smallest counts in turn: more players make longer games, which the long playouts cover), so each one's end,
    result and payoffs are checked."""
    info = get_game(game_id)
    counts = accepted_counts(game_id, rules)
    index = info.rule_sets().index(rules)
    n = counts[index % min(len(counts), END_COUNTS)]
    seed = seed_of(game_id, rules, "end")
    match = play(
        info,
        rules,
        n,
        seed,
        lambda m: mixed_bots(info, m, seed, 1),
        END_STEPS,
        until_end=True,
        max_alternatives=SHORT_ALTERNATIVES,
        full_checks=60,
    )
    assert match.state.is_terminal()


def check_bot_to_end(game_id: str, bot: str) -> None:
    """A bot plays one game to its end on every seat under the default rules, with the fewest players they take."""
    info = get_game(game_id)
    n = accepted_counts(game_id, info.default_preset)[0]
    seed = seed_of(game_id, bot)

    def bots(m: Match) -> list[Bot]:
        return [make_bot(game_id, bot, m.game, seed + p) for p in range(n)]

    match = play(
        info, None, n, seed, bots, END_STEPS, until_end=True, max_alternatives=SHORT_ALTERNATIVES, full_checks=60
    )
    assert match.state.is_terminal()


def check_long_playouts(game_id: str, rules: str, n: int) -> None:
    """The case played to its end twice, with every check at full strength (slow: far longer than CI may take)."""
    info = get_game(game_id)
    for turn in range(2):
        seed = seed_of(game_id, rules, n, "long", turn)
        match = play(info, rules, n, seed, partial(mixed_bots, info, seed=seed, turn=turn), END_STEPS, until_end=True)
        assert match.state.is_terminal()
