"""The fair-dice partials render with the profile's and the replay's data and carry their texts translated (the
profile page of the ratings work includes _profile_dice.html; the replay page includes _replay_dice.html)."""

from __future__ import annotations

from typing import Any

import jinja2

from wuerfel.i18n import plural_forms, translate
from wuerfel.server.app import TEMPLATES_DIR


def render(name: str, lang: str, **ctx: Any) -> str:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES_DIR)), autoescape=True)

    def _(msgid: str, **params: Any) -> str:
        return translate(msgid, lang, **params)

    return env.get_template(name).render(_=_, _n=lambda one, many: list(plural_forms(one, many, lang)), **ctx)


def test_profile_partial_reads_the_profiles_dice_url() -> None:
    html = render("_profile_dice.html", "de", profile={"dice_url": "/api/players/Anna/dice"})
    assert 'data-url="/api/players/Anna/dice"' in html and "Würfelstatistik" in html
    assert "Chi-Quadrat-Test gegen faire Würfel" in html and "/static/js/profile_dice.js" in html
    assert "Dice statistics" in render("_profile_dice.html", "en", dice_url="/api/players/Bo/dice")


def test_replay_partial_names_the_check_and_the_command() -> None:
    html = render("_replay_dice.html", "de", table={"id": "abc123"})
    assert 'data-url="/api/tables/abc123/verify"' in html and "Alle Würfe geprüft." in html
    assert "wuerfel verify wuerfel-abc123.json" in html and "/static/js/replay_dice.js" in html


def test_replay_partial_gives_counted_texts_both_forms() -> None:
    """ "1 Wurf" in the replay's proof texts (issue 24 §3): the counted texts carry both forms for replay_dice.js."""
    import html as html_lib
    import json
    import re

    page = render("_replay_dice.html", "de", table={"id": "abc123"})
    forms = json.loads(html_lib.unescape(re.search(r"data-none='([^']*)'", page).group(1)))  # type: ignore[union-attr]
    assert len(forms) == 2 and "({n} Wurf)" in forms[0] and "({n} Würfe)" in forms[1]
