"""How to play, written from the rules in force: the sections a game explains itself in.

Why from the rules object and not from a text file: a table playing to 5,000 must say 5,000, a house rule that
changes who pays must change the sentence that says who pays, and the same words serve the terminal (``r`` at any
prompt, ``wuerfel rules explain``), the table page and the lobby (``GET /api/games/{id}/rules``). A game gives
``GameInfo.explain`` — ``explain(rules, players) -> Sequence[Section]`` — whose paragraphs are :class:`Phrase` s of
the game's catalogue (numbers as parameters, counted nouns with ``plural``), and names in ``GameInfo.explain_quotes``
the options whose numbers the text states (the tests change each and look for the new number).

The sections every game has, in this order: ``goal``, ``turn``, ``scoring`` (with a worked example), ``end``;
``payments`` where chips are played (``GameInfo.chips``). A game may add more (``example``, ``variants`` …) after
them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

# ``format_int`` and ``render_text`` live with the phrases they render (:mod:`.components`, which must not import
# this module); named here too, where the explanations import them from.
from wuerfel.engine.components import Text
from wuerfel.engine.components import format_int as format_int
from wuerfel.engine.components import render_text as render_text


def N_(msgid: str) -> str:
    return msgid


REQUIRED = ("goal", "turn", "scoring", "end")
"""The sections every explanation has; ``payments`` joins them where the game is played for chips."""

TITLES: Mapping[str, str] = {
    "goal": N_("Goal"),
    "turn": N_("A turn"),
    "scoring": N_("Scoring"),
    "end": N_("The end"),
    "payments": N_("Who pays whom"),
    "example": N_("An example"),
    "variants": N_("Variants at this table"),
}


@dataclasses.dataclass(frozen=True)
class Section:
    """One section of a game's explanation: a key (one of :data:`TITLES`' or the game's own, then with a
    ``title``) and its paragraphs, each a :data:`Text`. A paragraph starting with "• " is drawn as a list item."""

    key: str
    paragraphs: tuple[Text, ...]
    title: Text = None


def explanation_json(info: Any, rules: Any, rules_id: str, lang: str, players: int | None = None) -> dict[str, Any]:
    """``{"game", "rules", "lang", "players", "sections": [{"key", "title", "text"}]}`` — the answer of
    ``GET /api/games/{id}/rules`` and what ``wuerfel rules explain`` prints. ``text`` holds the paragraphs
    separated by blank lines. Raises ``LookupError`` for a game without an explanation."""
    from wuerfel.i18n import translate

    if getattr(info, "explain", None) is None:
        raise LookupError(info.id)
    n = players if players is not None else max(info.min_players, min(2, info.max_players))
    sections = []
    for sec in info.explain(rules, n):
        title = render_text(sec.title, lang) if sec.title is not None else translate(TITLES[sec.key], lang)
        text = "\n\n".join(render_text(p, lang) for p in sec.paragraphs if p is not None)
        sections.append({"key": sec.key, "title": title, "text": text})
    return {"game": info.id, "rules": rules_id, "lang": lang, "players": n, "sections": sections}
