"""A game's explanation in the terminal: ``wuerfel rules explain`` and ``r`` at any prompt of ``wuerfel play``.

Why one function for both: the explanation is written from the rules object in force (:mod:`wuerfel.engine.explain`),
so the text a player reads mid-game must be the very text the command prints for the same rules — a table playing
to 5,000 says 5,000 in both. A game that cannot explain itself yet says so in words, with the rule set's own note
where there is one, instead of nothing.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markup import escape

from wuerfel.engine.errors import N_, RuleError, WuerfelError
from wuerfel.engine.registry import GameInfo
from wuerfel.i18n import Translator

RULES_WORDS = {"r", "regeln", "rules"}
"""What asks for the explanation at every prompt of ``wuerfel play``."""

NO_EXPLANATION = N_("{game} cannot explain itself yet.")


def explanation(info: GameInfo, rules: Any, rules_id: str, lang: str, players: int | None = None) -> dict[str, Any]:
    """The explanation document (``explanation_json``); a game without one is refused in words."""
    from wuerfel.engine.explain import explanation_json

    if info.explain is None:
        raise RuleError(NO_EXPLANATION, game=info.name(lang))
    return explanation_json(info, rules, rules_id, lang, players)


def print_sections(console: Console, doc: dict[str, Any]) -> None:
    """Each section under its title, paragraph by paragraph (the text separates them with blank lines)."""
    for section in doc["sections"]:
        console.print()
        console.print(f"[bold underline]{escape(section['title'])}[/bold underline]")
        for paragraph in section["text"].split("\n\n"):
            console.print(escape(paragraph), soft_wrap=False)


def show_rules(console: Console, info: GameInfo, rules: Any, rules_id: str, lang: str, players: int) -> None:
    """``r`` during a game: the explanation for the rules and the number of players at this table; for a game
    without one, that sentence and the rule set's name and note (what ``wuerfel rules show`` heads its table with)."""
    _ = Translator(lang)
    try:
        doc = explanation(info, rules, rules_id, lang, players)
    except WuerfelError as exc:
        console.print(f"[yellow]{escape(exc.translated(lang))}[/yellow]")
        note = rule_set_note(info, rules_id, lang)
        if note:
            console.print(escape(_("Rules: {rules}", rules=note)))
        return
    console.rule(escape(_("How to play {game}", game=info.name(lang))))
    print_sections(console, doc)
    console.rule()


def rule_set_note(info: GameInfo, rules_id: str, lang: str) -> str:
    """ "Name — note" of the rule set in force, or "" where its id names none the game knows (a user's file)."""
    try:
        resolved = info.resolve(rules_id)
    except WuerfelError:
        return ""
    note = resolved.describe(lang)
    return f"{resolved.name(lang)} — {note}" if note else resolved.name(lang)
