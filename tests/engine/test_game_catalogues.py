"""A game package carries its own translations (issue 26): the catalogues under its ``GameInfo.locale_dir`` are
consulted once it registers, so a plug-in's table is German without a line of it copied into wuerfel."""

from __future__ import annotations

import json
from pathlib import Path

from tests.engine.test_registry import python
from wuerfel.engine.registry import ENTRY_POINT_GROUP

SENTENCE = "Oink: a foreign game's own sentence"

GAME = f"""
import dataclasses
from pathlib import Path

from tests.engine.toy_game import PigGame, PigState, pig_info
from wuerfel.engine.components import Message, Phrase
from wuerfel.engine.errors import N_
from wuerfel.engine.registry import register


class OinkState(PigState):
    def components(self, player):
        return (*super().components(player), Message(Phrase(N_({SENTENCE!r}))))


class OinkGame(PigGame):
    id = "oink"

    def new_initial_state(self):
        return OinkState(self, tuple(0 for _ in range(self.num_players)))


register(dataclasses.replace(pig_info(), id="oink", name_de="Grunz", name_en="Oink", make=OinkGame,
                             locale_dir=Path(__file__).parent / "locale"))
"""


def po(lang: str, text: str) -> str:
    return (
        f'msgid ""\nmsgstr ""\n"Language: {lang}\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        f'msgid "{SENTENCE}"\nmsgstr "{text}"\n'
    )


def test_a_plug_in_game_brings_its_own_german_catalogue(tmp_path: Path) -> None:
    pkg = tmp_path / "oinkspiel"
    pkg.mkdir()
    (pkg / "__init__.py").write_text(GAME)
    for lang, text in (("de", "Grunz: ein eigener Satz des fremden Spiels"), ("en", SENTENCE)):
        (pkg / "locale" / lang / "LC_MESSAGES").mkdir(parents=True)
        (pkg / "locale" / lang / "LC_MESSAGES" / "oink.po").write_text(po(lang, text), encoding="utf-8")
    meta = tmp_path / "oinkspiel-1.0.dist-info"
    meta.mkdir()
    (meta / "METADATA").write_text("Metadata-Version: 2.1\nName: oinkspiel\nVersion: 1.0\n")
    (meta / "entry_points.txt").write_text(f"[{ENTRY_POINT_GROUP}]\noink = oinkspiel\n")
    out = python(
        "import io, json\n"
        "from rich.console import Console\n"
        "from wuerfel.cli.components import render_components\n"
        "from wuerfel.engine.registry import get_game\n"
        "from wuerfel.i18n import translate\n"
        f"before = translate({SENTENCE!r}, 'de')\n"
        "info = get_game('oink')\n"
        "state = info.new_game(None, 2).new_initial_state()\n"
        "console = Console(file=io.StringIO(), width=200, color_system=None)\n"
        "console.print(render_components(state.components(0), 'de', ['A', 'B'], 0))\n"
        f"print(json.dumps([before, translate({SENTENCE!r}, 'de'), translate({SENTENCE!r}, 'en'),\n"
        "                  translate('It is not your turn.', 'de'), console.file.getvalue()]))",
        tmp_path,
    )
    before, german, english, ours, table = json.loads(out)
    assert before == SENTENCE  # nothing of the game's is known before it registers
    assert german == "Grunz: ein eigener Satz des fremden Spiels"
    assert english == SENTENCE
    assert ours == "Du bist nicht am Zug."  # wuerfel's own catalogue still answers
    assert german in table  # the terminal's table of the game reads German


def test_the_main_catalogue_wins_over_a_games(tmp_path: Path) -> None:
    """A game cannot retranslate wuerfel's own messages (a plug-in must not change how every other game reads)."""
    (tmp_path / "de" / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / "de" / "LC_MESSAGES" / "x.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "It is not your turn."\nmsgstr "Falsch"\n\nmsgid "Only mine"\nmsgstr "Nur meins"\n',
        encoding="utf-8",
    )
    out = python(
        "from pathlib import Path\nfrom wuerfel import i18n\n"
        f"i18n.add_locale_dir(Path({str(tmp_path)!r}))\n"
        "print(i18n.translate('It is not your turn.', 'de'), '|', i18n.translate('Only mine', 'de'))"
    )
    assert [s.strip() for s in out.split("|")] == ["Du bist nicht am Zug.", "Nur meins"]
