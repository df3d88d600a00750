"""A game package's own web table (issue 26): the static files in its ``GameInfo.web_dir`` are served under
``/static/games/<id>/`` and its table page loads them (its ``table.html`` is rendered into the page, not served), and
the lobby names the game in German and English as the package says — with no file of wuerfel edited. Run in a fresh
interpreter with the package on its path, as an installed plug-in is (the approach of
``tests/engine/test_game_catalogues.py``)."""

from __future__ import annotations

import json
import os
from pathlib import Path

from tests.engine.test_registry import python
from wuerfel.engine.registry import ENTRY_POINT_GROUP

GAME = """
import dataclasses
from pathlib import Path

from tests.engine.toy_game import pig_info
from wuerfel.engine.registry import register

register(dataclasses.replace(pig_info(), id="oink", name_de="Grunzen", name_en="Oink", description_de="Ein Spiel",
                             description_en="A game", web_dir=Path(__file__).parent / "web"))
"""

SCRIPT = """
import json, sys
from fastapi.testclient import TestClient
from wuerfel.server.app import create_app

app = create_app("sqlite:///" + sys.argv[1], bot_delay=0)
out = {}
with TestClient(app) as c:
    js = c.get("/static/games/oink/table.js")
    out["js"] = [js.status_code, js.text, js.headers.get("content-type", "")]
    out["css"] = c.get("/static/games/oink/table.css").status_code
    out["outside"] = [c.get(p).status_code for p in ("/static/games/oink/../../../secret.txt",
                                                     "/static/games/oink/%2e%2e/secret.txt",
                                                     "/static/games/oink/missing.js",
                                                     "/static/games/oink/table.html",
                                                     "/static/games/chicago/table.js",
                                                     "/static/games/nosuchgame/table.js")]
    out["ours"] = c.get("/static/js/table.js").status_code
    partial = [c.get("/static/games/oink/" + p) for p in json.loads(sys.argv[2])]
    out["partial"] = [[r.status_code, "oink-seats" in r.text] for r in partial]
    out["head"] = c.head("/static/games/oink/TABLE.HTML").status_code
    for lang in ("de", "en"):
        c.cookies.set("wuerfel_lang", lang)
        games = {g["id"]: g for g in c.get("/api/games").json()["games"]}
        out[lang] = {k: games["oink"][k] for k in ("name", "description", "web_module", "web_style", "has_template")}
        out[lang + "-chicago"] = [games["chicago"]["web_module"], games["chicago"]["has_template"]]
    c.cookies.set("wuerfel_lang", "de")
    c.post("/api/guest", json={"name": "Sau"}, headers={"X-CSRF-Token": c.get("/api/session").json()["csrf_token"]})
    made = c.post("/api/tables", json={"game": "oink"},
                  headers={"X-CSRF-Token": c.get("/api/session").json()["csrf_token"]})
    page = c.get("/table/" + made.json()["id"]).text
    out["table"] = [made.status_code, 'data-module="/static/games/oink/table.js"' in page,
                    'href="/static/games/oink/table.css"' in page, "Grunzen" in page,
                    '<p id="oink-seats">Plätze</p>' in page]
print(json.dumps(out))
"""

JS = "export function render(ctx) { /* the game's own table */ }\n"
PARTIAL_SPELLINGS = [
    "table.html",
    "TABLE.HTML",
    "Table.Html",
    "./table.html",
    "%2e/table.html",
    "%2E%2Ftable.html",
    "/table.html",
    ".//table.html",
    "x/../table.html",
    "%74able%2ehtml",
    "table.html.",
    "seats.html",
]
"""Ways to ask for ``table.html``: case, ``./``, percent-encoding, double slashes, ``..``, a trailing dot (which
Windows drops), and a hard link to it (``seats.html``)."""


def test_a_plug_in_game_serves_its_own_web_table(tmp_path: Path) -> None:
    pkg = tmp_path / "oinkspiel"
    (pkg / "web").mkdir(parents=True)
    (pkg / "__init__.py").write_text(GAME)
    (pkg / "web" / "table.js").write_text(JS)
    (pkg / "web" / "table.css").write_text(".oink { color: pink; }\n")
    (pkg / "web" / "table.html").write_text('<p id="oink-seats">{{ _("Seats") }}</p>\n')
    (tmp_path / "secret.txt").write_text("not for the web")
    os.link(pkg / "web" / "table.html", pkg / "web" / "seats.html")  # the partial under a second name
    meta = tmp_path / "oinkspiel-1.0.dist-info"
    meta.mkdir()
    (meta / "METADATA").write_text("Metadata-Version: 2.1\nName: oinkspiel\nVersion: 1.0\n")
    (meta / "entry_points.txt").write_text(f"[{ENTRY_POINT_GROUP}]\noink = oinkspiel\n")
    (tmp_path / "run.py").write_text(SCRIPT)
    out = json.loads(
        python(
            f"import runpy, sys\nsys.argv = ['run', {str(tmp_path / 'w.db')!r}, {json.dumps(PARTIAL_SPELLINGS)!r}]\n"
            f"runpy.run_path({str(tmp_path / 'run.py')!r})",
            tmp_path,
        ).splitlines()[-1]
    )
    status, text, kind = out["js"]
    assert status == 200 and text == JS and "javascript" in kind
    assert out["css"] == 200
    assert out["outside"] == [404] * 6  # nothing outside its folder nor its partial, nothing of a game without one
    assert out["ours"] == 200  # wuerfel's own static files are served as before
    # the partial is rendered, never served: under no spelling of its path, nor as the same file by another name
    assert out["partial"] == [[404, False]] * len(PARTIAL_SPELLINGS) and out["head"] == 404
    assert out["de"] == {
        "name": "Grunzen",
        "description": "Ein Spiel",
        "web_module": "/static/games/oink/table.js",
        "web_style": "/static/games/oink/table.css",
        "has_template": True,  # protocol 7's flag, kept for older clients: the game draws its own table
    }
    assert out["en"]["name"] == "Oink" and out["en"]["description"] == "A game"
    assert out["de-chicago"] == [None, False]  # a game without a web folder: the generic table
    # its table page loads its renderer and style, names it in German, and holds its partial rendered in German
    assert out["table"] == [201, True, True, True, True]


OWN_TABLE_WORDS = {  # one text of each of our own tables that only that table says (its own catalogue holds it)
    "zehntausend": ("zt.choices", "Wertungen", "Scoring choices"),
    "wuerfelspiel": ("ws.roll_again", "Nochmal würfeln", "Roll again"),
    "escalero": ("es.crossed", "gestrichen", "crossed out"),
    "lustige-sieben": ("ls.done", "Fertig – keine weiteren Einsätze", "Done – no more stakes"),
    "verdecktes-wuerfelpoker": ("vp.kickers", "Beikarten:", "Kickers:"),
}


def test_our_tables_partials_speak_german_and_english_from_their_packages() -> None:
    """Issue 26: the strings of our five tables' ``table.html`` moved from wuerfel's catalogue into their games'
    own; the partial, rendered as the table page renders it (``@game/<id>`` with the reader's ``_``), says the same
    words as before in both languages, every one of them translated (no msgid left standing in German)."""
    import re

    from jinja2 import Environment

    from wuerfel.engine.registry import get_game
    from wuerfel.i18n import Translator, catalog
    from wuerfel.server.game_files import GamePartials

    env = Environment(loader=GamePartials(), autoescape=True)
    for game, (key, german, english) in OWN_TABLE_WORDS.items():
        info = get_game(game)  # as the table page does: the game and its catalogues registered
        said = {}
        for lang in ("de", "en"):
            html = env.get_template(f"@game/{game}").render(_=Translator(lang), csp_nonce="n")
            found = re.search(r"window\.I18N \|\| \{\}, (\{.*\})\);", html, re.S)
            assert found, html
            said[lang] = json.loads(found.group(1))
        assert (said["de"][key], said["en"][key]) == (german, english), game
        assert info.web_dir is not None
        source = (info.web_dir / "table.html").read_text(encoding="utf-8")
        msgids = dict(re.findall(r'"([\w.]+)": _\("(.+?)"\)', source))
        assert msgids and set(msgids) == set(said["de"]) == set(said["en"]), game
        assert said["en"] == msgids, game  # English: the msgids themselves
        assert all(said["de"][k] == catalog("de")[m] for k, m in msgids.items()), game  # German: each translated
