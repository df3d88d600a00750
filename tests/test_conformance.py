"""The conformance suite: every registered game × every rule set it ships × every player count it is played by.

A game added to the registry (an entry point) is covered here without writing anything. Cases are every game, every
rule set (presets and overlays, internal ones included) that accepts the count, and every player count from the
game's minimum to its maximum (beyond six players: up to six, and the maximum). At every node a playout meets:

* legal actions apply (a parameterised one at its bounds, within and just outside them), action ids and the JSON of
  actions and outcomes round-trip, chance sums to exactly one (``engine/testing.py`` ``check_node``);
* no view and no table component leaks anything a seat cannot tell apart, and what each event is stated to show
  to whom (``event_view``) agrees with the views;
* the result API agrees with itself (ranking, winners, returns, losers, payoffs; nothing before the end) and chips
  are conserved where the game has chips (payoffs whole, summing to zero at the end; ledgers keep their totals);
* the flags generic code branches on hold: no secret in a game of perfect information, no decision in one of pure
  chance;
* the table is drawn: the generic terminal renderer (``wuerfel/cli/components.py``) and the game's own one, if it
  has one, draw the state, and the translated components JSON the web table receives exists in German and English,
  with every text translated into German and no ``{placeholder}`` left;
* the record replays exactly from its JSON (at the end of every playout, finished or not).

Cost: CI runs a few *short* playouts per case (bounded steps; one that does not end is fine, every node it met was
checked), one playout per rule set to the end (some player count per rule set, in turn), and one per bot to the
end. Long playouts of every case to the end, with every check at full strength, are behind the ``slow`` marker.
Solver-backed bots build their tables once per process (each game caches them per rule set), so the short playouts
may seat the default bot; other bots play one game each.
"""

from __future__ import annotations

import functools
import io
import random
import zlib
from collections.abc import Callable
from typing import Any

import pytest
from rich.console import Console

from wuerfel.bots import make_bot
from wuerfel.bots.base import Bot, RandomBot
from wuerfel.cli.components import render_components
from wuerfel.engine.components import phrases
from wuerfel.engine.errors import RuleError
from wuerfel.engine.game import State
from wuerfel.engine.record import Match
from wuerfel.engine.registry import GameInfo, all_games, get_game
from wuerfel.engine.testing import PLACEHOLDER, playout
from wuerfel.i18n import LANGUAGES, catalog, plural_catalog

MOST_PLAYERS = 6
"""Every count up to this is a case; a game for more players adds its maximum only."""
SHORT_PLAYOUTS = 2
"""Short playouts per case in CI (different seeds, bots on different seats)."""
SHORT_STEPS = 8
"""Events per short playout at most: the start and a first turn or two (the end of every rule set is played out in
:func:`test_every_rule_set_plays_to_its_end`, of every case behind the ``slow`` marker)."""
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


def seed_of(*parts: object) -> int:
    """A stable seed for a case (``hash`` of a string changes between runs)."""
    return zlib.crc32(":".join(map(str, parts)).encode())


def _bot_name(info: GameInfo) -> str:
    return info.default_bot if info.default_bot in info.bots else "random"


def mixed_bots(info: GameInfo, match: Match, seed: int, turn: int) -> list[Bot]:
    """Random play on every other seat (it reaches odd corners) and the game's default bot on the rest (it keeps to
    the goal, so rule sets where random play drifts away, such as negative scores under ``bust = "negate"``, still
    end); ``turn`` shifts which seats are which, so one seat alone plays random in one playout and the bot in the
    next."""
    name = _bot_name(info)
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
    german = catalog("de")
    n = len(names)
    seats: list[int | None] = [*range(n), None]

    def check(state: State, step: int) -> None:
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
    console = Console(file=io.StringIO(), width=100, color_system=None, force_terminal=False)
    console.print(renderable)
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert isinstance(out, str)
    return out


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


# --- the cases ----------------------------------------------------------------------------------------------------
GAMES = all_games()
CASES = [(g.id, r, n) for g in GAMES for r in g.rule_sets() for n in accepted_counts(g.id, r)]
RULE_SETS = [(g.id, r) for g in GAMES for r in g.rule_sets()]
OTHER_BOTS = [(g.id, b) for g in GAMES for b in g.bots if b != _bot_name(g)]


def _ids(cases: list[tuple[Any, ...]]) -> list[str]:
    return [":".join(map(str, c)) for c in cases]


def test_registry_has_every_game_family() -> None:
    ids = {g.id for g in GAMES}
    assert {"zehntausend", "wuerfelspiel", "escalero", "lustige-sieben", "verdecktes-wuerfelpoker"} <= ids
    for g in GAMES:
        assert g.name_de and g.name_en
        assert g.default_preset in g.rule_sets()
        assert 1 <= g.min_players <= g.max_players


def test_every_game_and_rule_set_has_cases() -> None:
    """A rule set that accepts no player count of its game would silently drop out of the suite."""
    for game_id, rules in RULE_SETS:
        assert accepted_counts(game_id, rules), f"{game_id}:{rules} accepts none of {player_counts(get_game(game_id))}"


@pytest.mark.parametrize(("game_id", "rules", "n"), CASES, ids=_ids(CASES))
def test_short_playouts(game_id: str, rules: str, n: int) -> None:
    """A few short seeded playouts of the case, every node checked; whether they end does not matter here."""
    info = get_game(game_id)
    for turn in range(SHORT_PLAYOUTS):
        seed = seed_of(game_id, rules, n, turn)
        play(
            info,
            rules,
            n,
            seed,
            lambda m, s=seed, t=turn: mixed_bots(info, m, s, t),
            SHORT_STEPS,
            until_end=False,
            max_alternatives=SHORT_ALTERNATIVES,
        )


@pytest.mark.parametrize(("game_id", "rules"), RULE_SETS, ids=_ids(RULE_SETS))
def test_every_rule_set_plays_to_its_end(game_id: str, rules: str) -> None:
    """Every rule set is played to its end once, at one of its player counts (the rule sets of a game take its
    two smallest counts in turn: more players make longer games, which the slow playouts cover), so each one's
    end, result and payoffs are checked in CI."""
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


@pytest.mark.parametrize(("game_id", "bot"), OTHER_BOTS, ids=_ids(OTHER_BOTS))
def test_every_bot_plays_a_game_to_its_end(game_id: str, bot: str) -> None:
    """Each bot that is not the game's default (which the other playouts seat) plays one game to its end on every
    seat under the default rules, with the fewest players they take."""
    info = get_game(game_id)
    n = accepted_counts(game_id, info.default_preset)[0]
    seed = seed_of(game_id, bot)

    def bots(m: Match) -> list[Bot]:
        return [make_bot(game_id, bot, m.game, seed + p) for p in range(n)]

    match = play(
        info, None, n, seed, bots, END_STEPS, until_end=True, max_alternatives=SHORT_ALTERNATIVES, full_checks=60
    )
    assert match.state.is_terminal()


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "rules", "n"), CASES, ids=_ids(CASES))
def test_long_playouts(game_id: str, rules: str, n: int) -> None:
    """Every case played to its end twice, with every check at full strength.

    Only when asked for (``-m slow``, or ``WUERFEL_SLOW=1``; ``tests/conftest.py``): these take far longer than CI
    may."""
    info = get_game(game_id)
    for turn in range(2):
        seed = seed_of(game_id, rules, n, "long", turn)
        match = play(
            info, rules, n, seed, lambda m, s=seed, t=turn: mixed_bots(info, m, s, t), END_STEPS, until_end=True
        )
        assert match.state.is_terminal()
