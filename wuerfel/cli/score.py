"""``wuerfel score``: what one throw is worth under a rule set, for every game that scores throws.

The game is the one whose library knows the rule set (or ``--game``); its ``GameInfo.throw_scorer`` answers, so the
command knows no game: a game that scores *selections* lists every legal set of dice to put aside, best first (with
its own words for a throw without any), a game of *boxes* lists the points in every box of one column
(:mod:`wuerfel.engine.throwscore`). A stable contract for scripts (``--json``: one document per throw, one throw per
stdin line; an empty line is the empty throw, which scores nothing) and a quick answer at the table.
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from wuerfel.cli.main import GAME_HINT_HELP, JSON_HELP, LangOption, app, fail, find_rules
from wuerfel.engine import counts
from wuerfel.engine.dice import Multiset, sort_dice
from wuerfel.engine.errors import N_, RuleError, WuerfelError
from wuerfel.engine.registry import all_games, get_game
from wuerfel.engine.throwscore import ThrowScorer
from wuerfel.i18n import Translator, normalize_language

_SEPARATORS = re.compile(r"[\s,;\-]+")


def parse_throw(text: str | list[str], count: int, least: int = 1) -> Multiset:
    """Dice from ``"3 3 3 1 5"``, ``"3-3-3-1-5"``, ``"33315"`` or a list of such tokens; refuses anything that
    is not ``least`` … ``count`` faces from 1 to 6 (an empty text is the empty throw)."""
    tokens = [t for part in ([text] if isinstance(text, str) else text) for t in _SEPARATORS.split(part) if t]
    faces: list[int] = []
    for token in tokens:
        if not token.isdigit():
            raise WuerfelError(N_("'{token}' is not a die face (1 to 6)."), token=token)
        for ch in token:
            if ch not in "123456":
                raise WuerfelError(N_("'{token}' is not a die face (1 to 6)."), token=ch)
            faces.append(int(ch))
    if not faces:
        return ()
    if not least <= len(faces) <= count:
        if least == count:
            raise WuerfelError(
                N_("A throw has {dice} under these rules, not {got}."), dice=counts.dice(count), got=len(faces)
            )
        raise WuerfelError(N_("A throw has 1 to {n} dice under these rules, not {got}."), n=count, got=len(faces))
    return sort_dice(faces)


def read_throw(scorer: ThrowScorer, text: str | list[str]) -> Multiset:
    """Plain faces first; where they are refused, the game's own notation (poker dice by name)."""
    try:
        return parse_throw(text, scorer.max_dice, scorer.min_dice)
    except WuerfelError:
        if scorer.parse is None:
            raise
        joined = text if isinstance(text, str) else " ".join(text)
        try:
            dice = scorer.parse(joined)
        except ValueError:
            raise WuerfelError(N_("'{token}' is not a die face (1 to 6)."), token=joined.strip()[:40]) from None
        if not scorer.min_dice <= len(dice) <= scorer.max_dice:
            raise WuerfelError(
                N_("A throw has {dice} under these rules, not {got}."), dice=counts.dice(scorer.max_dice), got=len(dice)
            ) from None
        return dice


def score_document(rules_id: str, scorer: ThrowScorer, throw: Multiset, lang: str = "de") -> dict[str, Any]:
    """The JSON contract: ``"rules"`` first, then the game's document — ``{"dice", "niete", "selections": [{"dice",
    "points", "melds"}]}`` for selections (Zehntausend), ``{"dice", "boxes": [{"box", "name", "points"}]}`` for box
    games."""
    return {"rules": rules_id, **scorer.score(throw, lang)}


def _dice_text(dice: Any) -> str:
    return "-".join(map(str, dice)) if dice else "—"


def _table(doc: dict[str, Any], scorer: ThrowScorer, lang: str) -> Table:
    _ = Translator(lang)
    shown = scorer.show(tuple(doc["dice"]), lang) if scorer.show and doc["dice"] else _dice_text(doc["dice"])
    title = _("Throw {dice} — rules {rules}", dice=shown, rules=doc["rules"])
    extra = scorer.extra(tuple(doc["dice"]), lang) if scorer.extra else []
    if extra:
        title += " — " + " ".join(extra)
    if scorer.kind == "boxes":
        served = any("served" in b for b in doc["boxes"])
        table = Table(_("Box"), _("Points"), *([_("served")] if served else []), title=title)
        for b in doc["boxes"]:
            table.add_row(escape(b["name"]), str(b["points"]), *([str(b.get("served", ""))] if served else []))
        return table
    table = Table(_("Dice"), _("Points"), _("Melds"), title=title)
    words = scorer.labels(tuple(doc["dice"]), lang) if scorer.labels else []
    for i, s in enumerate(doc["selections"]):
        table.add_row("-".join(map(str, s["dice"])), str(s["points"]), escape(words[i]) if i < len(words) else "")
    if not doc["selections"]:
        table.add_row("—", "0", escape(scorer.nothing(lang)) if scorer.nothing else "")
    return table


def which_rules(rules: str | None, game: str | None, lang: str) -> tuple[str, str | None]:
    """The game and the rule set asked for; ``None`` for the game's default rules. ``--game`` alone means its
    default rules, and so does a game's ID given as ``--rules`` (``score --rules zehntausend 1 5``): it was refused
    with the list of its rule sets, and a first question had to name one (issue 24 M2)."""
    if rules is None:
        if game is None:
            scoring = ", ".join(g.id for g in all_games() if g.throw_scorer is not None)
            raise RuleError(
                N_(
                    "Say which game: --game ID (with its default rules) or --rules RULES. Games that "
                    "score a throw: {games}"
                ),
                games=scoring,
            )
        return get_game(game).id, None
    try:
        return find_rules(rules, game)
    except WuerfelError:
        named = [g for g in all_games() if g.id == rules.strip().lower()] if game is None else []
        if not named:
            raise
        return named[0].id, None


@app.command("score", help=N_("What a throw scores, best choice first"))
def score_cmd(
    dice: list[str] = typer.Argument(
        None, help=N_("The dice, e.g. 3 3 3 1 5; without: one throw per line from standard input")
    ),
    rules: str = typer.Option(
        None,
        "--rules",
        help=N_("Preset, variant or TOML file (default: the rules of --game; a game's ID: its default rules)"),
    ),
    game: str = typer.Option(None, "--game", help=GAME_HINT_HELP),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    lang: str = LangOption,
) -> None:
    """What a throw scores, best first."""
    lang = normalize_language(lang)
    _ = Translator(lang)
    try:
        game_id, name = which_rules(rules, game, lang)
        info = get_game(game_id)
        resolved = info.resolve(name)
        rule_set = info.rules_from_dict(resolved.data)
        if info.throw_scorer is None:
            raise RuleError(N_("{game} does not score a single throw."), game=info.name(lang))
        scorer: ThrowScorer = info.throw_scorer(rule_set)
    except WuerfelError as exc:
        fail(exc, lang)
    console = Console()

    def answer(throw: Multiset) -> None:
        doc = score_document(resolved.id, scorer, throw, lang)
        if as_json:
            sys.stdout.write(json.dumps(doc, ensure_ascii=False) + "\n")
        else:
            console.print(_table(doc, scorer, lang))

    if dice:
        try:
            throw = read_throw(scorer, dice)
        except WuerfelError as exc:
            fail(exc, lang)
        answer(throw)
        return
    # Typed at a terminal (no dice given): say what is expected instead of waiting silently, and let a slip be
    # typed again; piped input keeps its contract (a bad line stops with status 2).
    interactive = sys.stdin.isatty()
    if interactive:
        Console(stderr=True).print(_("Type one throw per line (e.g. 3 3 3 1 5); Ctrl+D ends."), highlight=False)
    for number, line in enumerate(sys.stdin, start=1):
        try:
            throw = read_throw(scorer, line)
        except WuerfelError as exc:
            sys.stdout.flush()
            message = _("Line {line}: {error}", line=number, error=exc.translated(lang))
            Console(stderr=True).print(f"[red]{escape(message)}[/red]")
            if interactive:
                continue
            raise typer.Exit(2) from None
        answer(throw)
    sys.stdout.flush()
