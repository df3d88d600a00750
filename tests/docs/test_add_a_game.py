"""``docs/add-a-game.md`` followed literally: its files written to a folder outside wuerfel, its commands run there.

Why literally: a tutorial that is only read drifts from the code the first time an API changes. The page's blocks
marked ``file=PATH`` are written as they stand; every ``$`` line of its console blocks is one of the commands below
(a new command on the page fails this test until it is run here too). ``pip install -e .`` is done as pip would
leave it for the entry points: a ``.dist-info`` with the package's ``entry_points.txt`` next to the package on the
path (a real install takes a network and a build; what wuerfel reads of it is exactly this metadata).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

from tests.engine.test_registry import python
from tests.testing.test_plugin import ROOT, run_pytest

PAGE = ROOT / "docs" / "add-a-game.md"
BLOCK = re.compile(r"^```(\w+)(?: file=(\S+))?\n(.*?)^```$", re.M | re.S)
GAME = "hohe-hausnummer"


def blocks() -> list[tuple[str, str | None, str]]:
    """(language, file or None, text) of every fenced block of the page, in order."""
    return [(m[1], m[2], m[3]) for m in BLOCK.finditer(PAGE.read_text(encoding="utf-8"))]


def write_package(root: Path) -> list[str]:
    """Write the page's files under ``root``; the console commands, in order."""
    commands = []
    for lang, name, text in blocks():
        if name is not None:
            path = root / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        elif lang == "console":
            commands += [line[2:].strip() for line in text.splitlines() if line.startswith("$ ")]
    return commands


def install_entry_points(root: Path) -> None:
    """What ``pip install -e .`` leaves for ``importlib.metadata``: the project's entry points in a dist-info."""
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    meta = root / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
    meta.mkdir()
    (meta / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n")
    lines = []
    for group, entries in project["entry-points"].items():
        lines += [f"[{group}]", *(f"{k} = {v}" for k, v in entries.items()), ""]
    (meta / "entry_points.txt").write_text("\n".join(lines))


def wuerfel(root: Path, command: str) -> str:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(root)]))
    args = command.split()[1:]
    done = subprocess.run(
        [sys.executable, "-m", "wuerfel", *args], cwd=root, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, f"{command}:\n{done.stdout[-2000:]}{done.stderr[-2000:]}"
    return done.stdout


def test_the_tutorial_builds_a_game_that_passes_every_check(tmp_path: Path) -> None:
    root = tmp_path / "hausnummer-game"
    commands = write_package(root)
    assert (root / "hausnummer" / "locale" / "de" / "LC_MESSAGES" / "hausnummer.po").exists()
    assert commands == [
        "pip install -e .",
        f"pytest --wuerfel-game {GAME}",
        "wuerfel games --lang en",
        f"wuerfel sim {GAME} --games 200 --seed 1",
        f"wuerfel play {GAME}",
    ], "the page's commands changed: run the new ones here too"
    install_entry_points(root)  # pip install -e .

    done = run_pytest(root, "--wuerfel-game", GAME, "-v", path=(root,))  # pytest --wuerfel-game hohe-hausnummer
    out = done.stdout + done.stderr
    assert done.returncode == 0, out[-5000:]
    # the page's own tests ran, and every kind of check of the game, at every player count
    passed = set(re.findall(r"^(\S+) PASSED", done.stdout, re.M))
    assert {
        "tests/test_rules.py::test_the_dice_make_the_number_in_the_places_chosen",
        "tests/test_rules.py::test_the_lowest_number_wins_in_the_variant",
    } <= passed, out[-3000:]
    checks = {name.split("::", 1)[1] for name in passed if name.startswith(f"wuerfel[{GAME}]::")}
    assert {
        "registration",
        "option-names",
        "rule-set-names",
        "catalogues",
        "offer-labels",
        "announcements",
        "end[standard]",
        "exact[1]",
        "exact[2]",
        *(f"short[standard-{n}]" for n in range(1, 7)),
    } <= checks, out[-3000:]

    assert f"{GAME} — High house number" in wuerfel(root, "wuerfel games --lang en")
    assert f"{GAME} — Hohe Hausnummer" in wuerfel(root, "wuerfel games --lang de")
    assert "200" in wuerfel(root, f"wuerfel sim {GAME} --games 200 --seed 1")
    # "wuerfel play" waits for a person at the keyboard: its table is the generic renderer, which the checks above
    # drew at every node in both languages.

    # step 9: the package's own web table is served under its id, and the lobby names the game in both languages
    served = json.loads(
        python(
            "import json\nfrom fastapi.testclient import TestClient\nfrom wuerfel.server.app import create_app\n"
            f"app = create_app('sqlite:///{tmp_path / 'lobby.db'}', bot_delay=0)\nout = {{}}\n"
            "with TestClient(app) as c:\n"
            f"    out['js'] = c.get('/static/games/{GAME}/table.js').text\n"
            "    for lang in ('de', 'en'):\n"
            "        c.cookies.set('wuerfel_lang', lang)\n"
            f"        out[lang] = [g for g in c.get('/api/games').json()['games'] if g['id'] == '{GAME}'][0]\n"
            "print(json.dumps(out))",
            root,
        ).splitlines()[-1]
    )
    assert served["js"] == (root / "hausnummer" / "web" / "table.js").read_text(encoding="utf-8")
    assert served["de"]["name"] == "Hohe Hausnummer" and served["en"]["name"] == "High house number"
    assert served["de"]["web_module"] == f"/static/games/{GAME}/table.js"
    assert served["de"]["web_template"] == f"@game/{GAME}"  # its table.html, included into its table page
