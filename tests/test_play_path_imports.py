"""A process that only plays imports only what it plays with (issue 17: a bot's peak memory).

Peak RSS is too noisy to assert on; which modules a process has imported is not. Each check runs in a fresh
interpreter (this one has imported everything already) and names the modules that must stay out: each of them once
sat on the play path and cost the process megabytes (``importlib.metadata`` with ``email`` and ``zipfile``,
``hashlib``'s OpenSSL, Typer and Rich …). One that comes back fails here with the chain that imported it named by
``python -X importtime``. The lazy re-exports that keep them out (``wuerfel.engine``, ``wuerfel.games.kit``) still
give every name they gave before.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.paths import REPO

HEAVY = frozenset(
    {
        # numeric libraries: the solvers' business, not a random bot's
        "numpy",
        "numba",
        "llvmlite",
        # the command line's libraries
        "typer",
        "click",
        "rich",
        "shellingham",
        # the standard library behind the registry's metadata scan, the records and the provably fair dice, the CLI
        "importlib.metadata",
        "email",
        "zipfile",
        "csv",
        "tempfile",
        "shutil",
        "socket",
        "hashlib",
        "hmac",
        "secrets",
        "json",
        "multiprocessing",
        "pickle",
        "subprocess",
        "threading",
        "uuid",
        "gettext",
        # first-party modules the play path does not need
        "wuerfel.cli.sim",
        "wuerfel.cli.main",
        "wuerfel.cli.render",
        "wuerfel.engine.record",
        "wuerfel.engine.fairdice",
        "wuerfel.engine.sources",
        "wuerfel.games.zehntausend.terminal",
        "wuerfel.games.kit.bank",
        "wuerfel.games.kit.bank_board",
        "wuerfel.games.kit.bank_table",
        "wuerfel.games.kit.keeps",
        "wuerfel.games.kit.simple",
    }
)
"""Modules a random Farkle game must not import."""

PLAY = """
import random, sys
from wuerfel.bots import make_bot
from wuerfel.cli.simloop import draw_outcome, game_seed, play_one, reseed_bots
from wuerfel.engine.registry import get_game

info = get_game("zehntausend")
game = info.new_game(info.rules_from_dict(info.resolve("farkle").data), 2)
bots = [make_bot("zehntausend", "random", game, seat) for seat in range(2)]
game.sim_kernel(bots)
for g in range(3):
    reseed_bots(bots, 1, g)
    play_one(game, bots, random.Random(game_seed(1, g)))
    # and once more through the plain engine, as bench/peers.py counts the steps
    reseed_bots(bots, 1, g)
    rng, tables, state = random.Random(game_seed(1, g)), {}, game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance():
            state = state.apply_outcome(draw_outcome(state, rng, tables))
        else:
            actor = state.actors()[0]
            state = state.apply_action(bots[actor].choose(state, actor), actor)
sys.stdout.write(" ".join(sorted(sys.modules)))
"""
"""What ``bench/peers.py``'s ``ours-random-farkle`` worker does (``_ours``), a few games long."""


def python(code: str) -> str:
    """What ``code`` prints in a fresh interpreter with the checkout first on its path."""
    env = dict(os.environ, PYTHONPATH=str(REPO))
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def modules_after(code: str) -> set[str]:
    """The modules a fresh interpreter has imported after running ``code`` (which prints them, space-separated)."""
    return set(python(code).split())


def heavy(loaded: set[str]) -> list[str]:
    return sorted(m for m in loaded if any(m == h or m.startswith(h + ".") for h in HEAVY))


def test_a_random_farkle_game_imports_nothing_heavy() -> None:
    loaded = modules_after(PLAY)
    assert "wuerfel.games.zehntausend.fastsim" in loaded  # it did play, through the game's own loop
    assert not heavy(loaded), f"the play path imports {heavy(loaded)}: see `python -X importtime` for who"


def test_the_engine_game_module_imports_no_registry_records_or_rules() -> None:
    loaded = modules_after("import sys\nimport wuerfel.engine.game\nsys.stdout.write(' '.join(sorted(sys.modules)))")
    assert not heavy(loaded), heavy(loaded)
    assert not {"wuerfel.engine.registry", "wuerfel.engine.rules", "tomllib"} & loaded


def test_the_registry_finds_a_built_in_game_without_the_installed_metadata() -> None:
    """A built-in game's entry point in the checkout wins over installed metadata anyway (see the registry), so it
    is found without scanning the installed packages; listing every game still scans them (plug-ins)."""
    code = (
        "import sys\nfrom wuerfel.engine.registry import get_game\nget_game('zehntausend')\n"
        "one = 'importlib.metadata' in sys.modules\nfrom wuerfel.engine.registry import all_games\nall_games()\n"
        "print(one, 'importlib.metadata' in sys.modules)"
    )
    assert python(code).split() == ["False", "True"]


@pytest.mark.parametrize("package", ["wuerfel.engine", "wuerfel.games.kit"])
def test_the_lazy_re_exports_give_every_name(package: str) -> None:
    """Each name of the package's ``__all__`` is the object its defining module has, ``from … import *`` gives them
    all, and the submodules the package used to import are still its attributes."""
    module = importlib.import_module(package)
    for name in module.__all__:
        value = getattr(module, name)
        assert value is getattr(importlib.import_module(module._EXPORTS[name]), name), name
    for sub in module._EAGER_SUBMODULES:
        assert getattr(module, sub) is importlib.import_module(f"{package}.{sub}")
    with pytest.raises(AttributeError):
        _ = module.no_such_name
    code = (
        f"import json\nfrom {package} import *\nimport {package} as p\n"
        "print(json.dumps(sorted(n for n in p.__all__ if n not in globals())))"
    )
    assert json.loads(python(code)) == []


SHORT_FARKLE = "info.load_rules('farkle', {'game': {'target': 1000}})"
OPTIMAL = (
    PLAY.replace('"random"', '"optimal"')
    .replace('info.rules_from_dict(info.resolve("farkle").data)', SHORT_FARKLE)
    .replace(
        "game.sim_kernel(bots)", "game.sim_kernel(bots)\nassert type(bots[0].evaluator.duel()).__name__ == 'LightDuel'"
    )
)
"""The same with the optimal bot, rating by the duel table on disk (bench/peers.py's ``ours-optimal-farkle``; Farkle
to 1,000: a table solved in a moment)."""

OPTIMAL_NEEDS = frozenset({"json"})
"""What the optimal bot needs beyond the random bot: ``json`` for the rule set's table key (``rules_key``)."""


def test_the_optimal_farkle_bot_imports_nothing_heavy(tmp_path: Path) -> None:
    """With its duel table on disk the optimal bot plays through the light path (C kernels, ``array`` buffers):
    no numpy, no numba, no zipfile or hashlib for reading the table, no platformdirs' tempfile."""
    from wuerfel.engine.registry import get_game
    from wuerfel.games.zehntausend.solvers import light
    from wuerfel.games.zehntausend.solvers.duel import solve_duel

    if light.kernels() is None:
        pytest.skip("no C compiler here: the bot takes the numba path")
    info = get_game("zehntausend")
    os.environ["WUERFEL_CACHE_DIR"] = str(tmp_path)
    try:
        solve_duel.__wrapped__(info.load_rules("farkle", {"game": {"target": 1000}}), workers=1)
        env = dict(os.environ, PYTHONPATH=str(REPO))
    finally:
        del os.environ["WUERFEL_CACHE_DIR"]
    done = subprocess.run(
        [sys.executable, "-c", OPTIMAL], cwd=REPO, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-3000:]
    loaded = set(done.stdout.split())
    assert "wuerfel.games.zehntausend.solvers.light" in loaded
    extra = [m for m in heavy(loaded) if m.split(".")[0] not in OPTIMAL_NEEDS]
    assert not extra, f"the optimal bot imports {extra}"
    assert "platformdirs" not in loaded


@pytest.mark.parametrize("xdg", [None, "", "  ", "/tmp/xdg-cache"])
def test_the_cache_directory_is_platformdirs(xdg: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    import platformdirs

    from wuerfel.cachedir import user_cache_dir

    if xdg is None:
        monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_CACHE_HOME", xdg)
    assert user_cache_dir() == Path(platformdirs.user_cache_dir("wuerfel"))
