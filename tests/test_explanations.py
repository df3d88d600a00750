"""Every game explains itself from the rules in force (issue 24): every game × public rule set × language has the
sections, names no raw id, and states the numbers of the rules object it was made from — change one and the text
changes with it."""

from __future__ import annotations

import re
from typing import Any

import pytest

from wuerfel.engine.components import Phrase
from wuerfel.engine.explain import REQUIRED, explanation_json, format_int
from wuerfel.engine.registry import GameInfo, all_games
from wuerfel.engine.rules import options_to_dict
from wuerfel.i18n import LANGUAGES, catalog, plural_catalog

NOT_YET: set[str] = set()
"""Games whose explanation is still being written (issue 24); the list may only shrink, and a listed game that
explains itself fails the test below so the entry goes."""

GAMES = [g for g in all_games() if not g.id.startswith(("pig", "stapel", "toy"))]


def _ours(info: GameInfo) -> bool:
    return info.make.__module__.startswith("wuerfel.games")


def test_not_yet_only_shrinks() -> None:
    ours = {g.id for g in GAMES if _ours(g)}
    assert ours >= NOT_YET, f"unknown ids in NOT_YET: {NOT_YET - ours}"
    stale = {g.id for g in GAMES if g.id in NOT_YET and g.explain is not None}
    assert not stale, f"these games explain themselves now, take them out of NOT_YET: {sorted(stale)}"
    missing = {g.id for g in GAMES if _ours(g) and g.id not in NOT_YET and g.explain is None}
    assert not missing, f"these games do not explain themselves: {sorted(missing)}"


CASES = [(g, preset) for g in GAMES if g.explain is not None for preset in g.public_rule_sets()]


def _raw_ids(info: GameInfo, rules: Any) -> set[str]:
    """Words that would show a program's id to a player: the game's id, option keys with an underscore."""
    ids = {info.id} if "-" in info.id else set()

    def walk(data: Any) -> None:
        if isinstance(data, dict):
            for k, v in data.items():
                if "_" in str(k):
                    ids.add(str(k))
                walk(v)

    walk(options_to_dict(rules))
    return ids


def _paragraph_phrases(info: GameInfo, rules: Any, players: int) -> list[Phrase]:
    out: list[Phrase] = []

    def walk(v: Any) -> None:
        if isinstance(v, Phrase):
            out.append(v)
            for x in v.params.values():
                walk(x)

    for sec in info.explain(rules, players):
        for p in sec.paragraphs:
            walk(p)
        walk(sec.title)
    return out


@pytest.mark.parametrize(("info", "preset"), CASES, ids=[f"{g.id}-{p}" for g, p in CASES])
def test_explanation_has_its_sections_and_no_raw_ids(info: GameInfo, preset: str) -> None:
    rules = info.load_rules(preset)
    for players in sorted({info.min_players, min(info.max_players, max(info.min_players, 3))}):
        for ph in _paragraph_phrases(info, rules, players):
            if ph.plural is not None:
                assert ph.msgid in plural_catalog("de"), f"{ph.msgid!r} has no German plural forms"
            else:
                assert ph.msgid in catalog("de"), f"{ph.msgid!r} has no German translation"
        for lang in LANGUAGES:
            data = explanation_json(info, rules, preset, lang, players)
            keys = [s["key"] for s in data["sections"]]
            want = list(REQUIRED) + (["payments"] if info.chips else [])
            assert keys[: len(want)] == want, keys
            assert data["game"] == info.id and data["rules"] == preset and data["lang"] == lang
            scoring = next(s for s in data["sections"] if s["key"] == "scoring")
            assert re.search(r"\d", scoring["text"]), "the scoring section works an example with numbers"
            text = "\n".join(s["title"] + "\n" + s["text"] for s in data["sections"])
            for s in data["sections"]:
                assert s["title"].strip() and s["text"].strip(), s
            assert not re.search(r"\{\w*\}|\bNone\b|\bTrue\b|\bFalse\b", text), text
            for raw in _raw_ids(info, rules):
                assert not re.search(rf"(?<![\w-]){re.escape(raw)}(?![\w-])", text), f"raw id {raw!r} in {lang}"


def _get(rules: Any, path: str) -> Any:
    v = rules
    for part in path.split("."):
        v = getattr(v, part)
    return v


def _nested(path: str, value: Any) -> dict[str, Any]:
    head, _, rest = path.partition(".")
    return {head: _nested(rest, value) if rest else value}


QUOTED = [(g, q) for g in GAMES if g.explain is not None for q in g.explain_quotes]


@pytest.mark.parametrize(("info", "path"), QUOTED, ids=[f"{g.id}-{q}" for g, q in QUOTED])
def test_explanation_states_the_rules_numbers(info: GameInfo, path: str) -> None:
    """The number is in the text in both languages; a table that changes it reads the new number."""
    for preset in info.public_rule_sets():
        rules = info.load_rules(preset)
        value = _get(rules, path)
        if not isinstance(value, int) or isinstance(value, bool):
            continue
        for lang in LANGUAGES:
            text = str(explanation_json(info, rules, preset, lang)["sections"])
            assert format_int(value, lang) in text, f"{preset}: {path} = {value} not stated ({lang})"
    rules = info.load_rules(info.default_preset)
    value = _get(rules, path)
    assert isinstance(value, int) and not isinstance(value, bool), f"{path} is not a number option"
    for candidate in (value * 2, value + 50, value + 1, value - 1, value // 2, value + 7, 3, 2, 5):
        if candidate == value or candidate < 0:
            continue
        try:
            changed = info.load_rules(info.default_preset, _nested(path, candidate))
        except Exception:
            continue
        for lang in LANGUAGES:
            text = str(explanation_json(info, changed, "custom", lang)["sections"])
            assert format_int(candidate, lang) in text, f"{path} = {candidate} not stated ({lang})"
        return
    pytest.fail(f"no other value of {path} is allowed: it cannot be a house rule the text quotes")


GERMAN_WORDS = ("Niete", "hoch", "tief", "es brennt", "Pasch")
"""German table words an English explanation used although the English felt says "Bust", "high", "low", "void
throw (it burns)" and "doubles" (re-audit of issue 24: a newcomer reading "a Niete" in the rules found "Bust!" at the
table)."""


@pytest.mark.parametrize(("info", "preset"), CASES, ids=[f"{g.id}-{p}" for g, p in CASES])
def test_an_english_explanation_uses_the_tables_english_words(info: GameInfo, preset: str) -> None:
    """The words of the English felt, not German ones; a German call a table shouts anyway ("Schwindel!") is
    glossed where it first appears."""
    rules = info.load_rules(preset)
    text = "\n".join(s["text"] for s in explanation_json(info, rules, preset, "en")["sections"])
    for word in GERMAN_WORDS:
        assert not re.search(rf"\b{word}\b", text), f"German {word!r} in the English explanation: {text}"
    if "Schwindel" in text:
        first = text.index("Schwindel")
        assert "German for" in text[first : first + 40], text[first - 80 : first + 80]
