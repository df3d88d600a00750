"""The generic random-simulation check for the three Hasard games, with every rule set and player count, random bots
and the games' own bots; plus the registry entries the CLI relies on."""

from __future__ import annotations

import json
import zlib

import pytest
from typer.testing import CliRunner

from wuerfel.bots import make_bot
from wuerfel.engine.record import Match
from wuerfel.engine.registry import get_game
from wuerfel.engine.testing import random_playthrough

GAMES = ("lustige-sieben", "verdecktes-wuerfelpoker", "escalero")
CASES = [(g, rs, n) for g in GAMES for rs in get_game(g).rule_sets() for n in sorted({get_game(g).min_players, 3})]


@pytest.mark.parametrize(("game", "rules", "n"), CASES)
def test_random_playthrough_every_rule_set(game: str, rules: str, n: int) -> None:
    m = Match.new(game, rules, [f"p{i}" for i in range(n)])
    random_playthrough(m, seed=zlib.crc32(f"{rules}/{n}".encode()) % 1000)
    assert m.state.is_terminal() and m.state.winners()


@pytest.mark.parametrize("game", GAMES)
def test_playthrough_with_the_games_own_bots(game: str) -> None:
    info = get_game(game)
    n = 3
    m = Match.new(game, None, [f"p{i}" for i in range(n)])
    bots = [make_bot(game, info.default_bot, m.game, seed=p) for p in range(n)]
    random_playthrough(m, seed=11, bots=bots, check=True)
    assert m.state.is_terminal()
    if game == "lustige-sieben":
        assert sum(m.state.scores()) == n * m.game.rules.starting_chips


def test_overlays_really_change_the_rules() -> None:
    for game in GAMES:
        info = get_game(game)
        base = info.load_rules(info.default_preset)
        assert base == info.options_class()  # the preset spells out the defaults (the resolutions)
        for name in info.rule_sets():
            if name != info.default_preset:
                assert info.load_rules(name) != base, name


def test_registered_names_renderers_and_cli_listing() -> None:
    from wuerfel.cli.main import _load_subcommands, app

    _load_subcommands()
    runner = CliRunner()
    out = runner.invoke(app, ["games", "--json"])
    assert out.exit_code == 0
    rows = {g["id"]: g for g in json.loads(out.output)}
    assert rows["escalero"]["name_de"] == "Escalero"
    assert rows["verdecktes-wuerfelpoker"]["name_de"] == "Verdecktes Würfelpoker"
    assert rows["lustige-sieben"]["name_de"] == "Lustige Sieben"
    for rs in ("joker-poker", "escalero-streng", "lustige-sieben-netto"):
        res = runner.invoke(app, ["rules", "show", rs, "--json"])
        assert res.exit_code == 0, res.output
    assert json.loads(runner.invoke(app, ["rules", "show", "joker-poker", "--json"]).output)["options"]["joker"]


@pytest.mark.parametrize("game", GAMES)
def test_terminal_renderer_draws_every_view(game: str) -> None:
    from rich.console import Console

    info = get_game(game)
    m = Match.new(game, None, ["a", "b", "c"])
    console = Console(width=120, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    from wuerfel.engine.sources import SeededSource

    source = SeededSource(3)
    bots = [make_bot(game, info.default_bot, m.game, seed=p) for p in range(3)]
    steps = 0
    while not m.state.is_terminal() and steps < 300:
        for lang in ("de", "en") if steps % 7 == 0 else ():
            console.print(info.terminal_renderer(m.state.view(steps % 3), lang))
        if m.state.is_chance():
            m.chance(source.choose(m.state))
        else:
            p = m.state.actors()[0]
            m.act(bots[p].choose(m.state, p), p)
        steps += 1
    console.print(info.terminal_renderer(m.state.view(None), "de"))
    assert console.export_text()


@pytest.mark.parametrize("game", GAMES)
def test_final_ranking_and_loser_are_reported(game: str) -> None:
    """Spec G8: a final ranking and the loser (last place) for every game."""
    m = Match.new(game, None, ["a", "b", "c"])
    random_playthrough(m, seed=4, check=False)
    v = m.state.view(None)
    scores = m.state.scores()
    assert sorted(v["ranking"]) == [0, 1, 2]
    assert [scores[p] for p in v["ranking"]] == sorted(scores, reverse=True)
    assert v["losers"] and all(scores[p] == min(scores) for p in v["losers"])
