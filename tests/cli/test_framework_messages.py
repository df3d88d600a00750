"""typer's own messages (usage, refusals of the command line, help panels) follow ``--lang`` like everything else:
German by default, English with ``--lang en``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.helpers import run
from wuerfel.cli.framework_i18n import MESSAGE_TEMPLATES, language_of, translate_message
from wuerfel.i18n import catalog

ROOT = Path(__file__).resolve().parents[2]

# arguments, then (German, English) texts that must appear in the output
ERRORS = [
    (
        ["score", "--rulez", "x"],
        (
            "Eine Option --rulez gibt es nicht (möglich: --rules).",
            "No such option: --rulez (Possible options: --rules)",
        ),
    ),
    (["rules", "show"], ("Es fehlt das Argument 'preset'.", "Missing argument 'preset'.")),
    # (score's --rules is no longer required: a game's default rules, issue 24 M2)
    (["odds"], ("Es fehlt das Argument 'game'.", "Missing argument 'game'.")),
    (
        ["sim", "zehntausend", "--players", "abc", "--games", "1", "--seed", "1"],
        (
            "Ungültiger Wert für '--players': Erwartet wird eine ganze Zahl",
            "Invalid value for '--players': Input should be a valid integer",
        ),
    ),
    (
        ["play", "zehntausend", "--pause", "-1"],
        (
            "Ungültiger Wert für '--pause': Erwartet wird eine Zahl ab 0",
            "Invalid value for '--pause': Input should be greater than or equal",
        ),
    ),
    (
        ["rules", "show", "kniffel", "extra"],
        ("Unerwartete weitere Argumente (extra)", "Got unexpected extra argument(s) (extra)"),
    ),
    (
        ["solve", "escalero", "--objective"],
        ("Die Option '--objective' braucht einen Wert.", "Option '--objective' requires an argument."),
    ),
    (["games", "--json=3"], ("Die Option '--json' nimmt keinen Wert.", "Option '--json' does not take a value.")),
]


def _flat(text: str) -> str:
    """The output without the box drawing and line breaks of rich's panels (a long message wraps)."""
    for ch in "│╭╮╰╯─":
        text = text.replace(ch, " ")
    return " ".join(text.split())


@pytest.mark.parametrize(("args", "texts"), ERRORS, ids=[" ".join(a) for a, _ in ERRORS])
def test_command_line_refusals_in_both_languages(args: list[str], texts: tuple[str, str]) -> None:
    german, english = texts
    de = run(args)
    assert de.exit_code == 2
    out = _flat(de.output)
    assert german in out, de.output
    assert "Fehler" in out and english.split(":")[0] not in out
    k = 2 if args[0] == "rules" else 1  # right after the command's name: "--objective --lang" would take "--lang"
    en = run([*args[:k], "--lang", "en", *args[k:]])
    assert en.exit_code == 2
    assert english in _flat(en.output) and "Error" in en.output, en.output


def test_usage_and_help_hint_in_both_languages() -> None:
    de = _flat(run(["score", "--rulez", "x"]).output)
    assert "Aufruf: " in de and "[OPTIONEN]" in de and "Hilfe mit '" in de and "score --help'" in de
    assert "Usage" not in de and "Try " not in de
    en = _flat(run(["score", "--rulez", "x", "--lang", "en"]).output)
    assert "Usage: " in en and "[OPTIONS]" in en and "Try '" in en and "Aufruf" not in en
    top = _flat(run(["bogus"]).output)
    assert "Einen Befehl 'bogus' gibt es nicht." in top and "BEFEHL [ARGUMENTE]..." in top


def test_help_panels_in_both_languages() -> None:
    de = _flat(run(["sim", "--help"]).output)
    for text in ("Aufruf:", "Argumente", "Optionen", "Diese Hilfe zeigen und beenden.", "[Vorgabe: de]", "[nötig]"):
        assert text in de, text
    for text in ("Usage:", "Show this message", "[default:", "[required]"):
        assert text not in de, text
    en = _flat(run(["sim", "--help", "--lang", "en"]).output)
    for text in ("Usage:", "Arguments", "Options", "Show this message and exit.", "[default: de]", "[required]"):
        assert text in en, text
    assert "Befehle" in _flat(run(["--help"]).output)


def test_real_command_in_a_process() -> None:
    """The installed way of running it (``python -m wuerfel``), not only the test runner: stderr, status 2."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "100"}
    for extra, want in (([], "Eine Option --rulez gibt es nicht"), (["--lang=en"], "No such option: --rulez")):
        proc = subprocess.run(
            [sys.executable, "-m", "wuerfel", "score", "--rulez", "x", *extra],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert proc.returncode == 2
        assert want in _flat(proc.stderr), proc.stderr


def test_language_is_read_like_the_commands_read_it() -> None:
    assert language_of([]) == "de"
    assert language_of(["score", "--lang", "en"]) == "en"
    assert language_of(["score", "--lang=en-US"]) == "en"
    assert language_of(["score", "--lang", "en", "--lang", "de"]) == "de"  # the last one counts, as in click
    assert language_of(["score", "--", "--lang", "en"]) == "de"
    assert language_of(["score", "--lang"]) == "de"


def test_every_template_matches_its_english_and_translates() -> None:
    """Each listed message, filled with sample values, is recognised and comes out German with the values kept;
    anything unknown stays as it is."""
    german = catalog("de")
    for msgid in MESSAGE_TEMPLATES:
        names = {
            k: f"<{k}>"
            for k in (
                "param_hint",
                "message",
                "param_name",
                "name",
                "possibilities",
                "nargs",
                "args",
                "filename",
                "value",
                "type",
                "bound",
            )
        }
        english = msgid.format(**names)
        out = translate_message(english, "de")
        assert out == german[msgid].format(**names), msgid
        assert translate_message(english, "en") == english
    nested = "Invalid value for '--port': Input should be a valid integer, unable to parse string as an integer"
    assert translate_message(nested, "de") == "Ungültiger Wert für '--port': Erwartet wird eine ganze Zahl"
    assert translate_message("Something typer may say one day", "de") == "Something typer may say one day"
