"""``--help`` speaks one language: every help text of a command and its options in German by default and in English
with ``--lang en`` (the texts are English msgids translated through ``cli.po``), never the old German/English mix."""

from __future__ import annotations

from typing import Any

import pytest
import typer

from tests.cli.helpers import RUNNER, run
from wuerfel.cli.main import app
from wuerfel.i18n import catalog

SAMPLE = [
    [],
    ["rules"],
    ["rules", "show"],
    ["games"],
    ["play"],
    ["sim"],
    ["solve"],
    ["odds"],
    ["score"],
    ["analyse"],
    ["verify"],
    ["serve"],
    ["dataset"],
]


def _flat(text: str) -> str:
    """The output without rich's boxes and line breaks (a long help text wraps inside its panel)."""
    for ch in "│╭╮╰╯─":
        text = text.replace(ch, " ")
    return " ".join(text.split())


def _bare(text: str) -> str:
    """Without any white space: a word too long for its column (a URL) is folded anywhere."""
    return "".join(_flat(text).split())


def help_msgids(path: list[str]) -> list[str]:
    """The help texts of the command at ``path`` as written in the code (English msgids): its own and its
    parameters', and for a group its subcommands' short texts (listed in the overview)."""
    cmd: Any = typer.main.get_command(app)
    for name in path:
        cmd = cmd.commands[name]
    texts = [cmd.help, *(getattr(p, "help", None) for p in cmd.params)]
    texts += [sub.help for sub in getattr(cmd, "commands", {}).values()]
    return [t for t in texts if isinstance(t, str) and t]


@pytest.mark.parametrize("path", SAMPLE, ids=[" ".join(p) or "wuerfel" for p in SAMPLE])
def test_help_is_in_one_language(path: list[str]) -> None:
    de_texts = catalog("de")
    msgids = help_msgids(path)
    assert msgids, path
    wide = {"COLUMNS": "250"}  # at 80 columns rich cuts a long word (a URL) with "…"
    german = _bare(RUNNER.invoke(app, [*path, "--help"], env=wide).output)
    english = _bare(RUNNER.invoke(app, [*path, "--help", "--lang", "en"], env=wide).output)
    for msgid in msgids:
        assert msgid in de_texts, f"no German help for {msgid!r}"
        translated = de_texts[msgid]
        assert _bare(translated) in german, (msgid, german)
        assert _bare(msgid) in english, (msgid, english)
        if translated != msgid:
            assert _bare(msgid) not in german, msgid
            assert _bare(translated) not in english, translated


def test_language_before_the_command_counts_for_it() -> None:
    """``wuerfel --lang en games``: the root takes --lang (so its overview can be read in English) and hands it on."""
    assert "Commands" in _flat(run(["--lang", "en", "--help"]).output)
    assert "to 4 players" in run(["--lang", "en", "games"]).stdout
    assert "bis 4 Spieler" in run(["--lang", "en", "games", "--lang", "de"]).stdout
    assert "Option" in run(["rules", "--lang", "en", "show", "standard", "--game", "pigplus"]).stdout


def test_samples_of_the_old_mix_are_gone() -> None:
    en = _flat(run(["sim", "--help", "--lang", "en"]).output)
    assert "Spiel-ID" not in en and "Plätze" not in en and "Partien" not in en
    de = _flat(run(["play", "--help"]).output)
    assert "play in the terminal" not in de and "Continue a saved game" not in de
    assert "Gespeicherte Partie fortsetzen" in de


@pytest.mark.parametrize("path", SAMPLE, ids=[" ".join(p) or "wuerfel" for p in SAMPLE])
def test_value_placeholders_speak_the_help_language(path: list[str]) -> None:
    """typer printed Python's type names (``<int>``, ``<str>``) beside the options and ``<bool>`` beside flags such
    as ``--json`` and ``--help``, which take no value: now ``<Zahl>``/``<Text>`` in German, ``<number>``/``<text>``
    in English, and nothing beside a flag."""
    wide = {"COLUMNS": "250"}
    for lang, words in (("de", ("<Zahl>", "<Text>", "<Pfad>")), ("en", ("<number>", "<text>", "<path>"))):
        out = _flat(RUNNER.invoke(app, [*path, "--help", "--lang", lang], env=wide).output)
        for python_name in ("<int>", "<str>", "<bool>", "<float>", "<Path>"):
            assert python_name not in out, (lang, python_name, out)
        assert "--help Diese Hilfe" in out if lang == "de" else "--help Show this message" in out
        if path == ["sim"]:
            assert f"--games {words[0]}" in out and f"--rules {words[1]}" in out
            assert "--json JSON" in out or "--json Print" in out  # no placeholder beside the flag
