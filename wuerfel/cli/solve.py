"""``wuerfel solve GAME``: run a game's exact solver for one objective and print the value and the time.

Games register their own solvers in ``GameInfo.solvers`` (objective → callable); every game can also be solved by
the generic exact solver over the engine (:mod:`wuerfel.solvers.exact`, objectives ``win`` and ``solo``) when its
reachable positions are few enough. A game's own objectives come first, so their output stays what it was; this
command knows no game.
"""

from __future__ import annotations

import json
from fractions import Fraction

import typer
from rich.markup import escape

from wuerfel.cli.main import JSON_HELP, RULES_HELP, LangOption, app, console, fail
from wuerfel.cli.progress import working
from wuerfel.cli.render import decimal
from wuerfel.engine import counts
from wuerfel.engine.errors import N_, RuleError, Words, WuerfelError
from wuerfel.engine.extras import require_solvers
from wuerfel.engine.registry import GameInfo, get_game
from wuerfel.i18n import Translator, normalize_language
from wuerfel.solvers import exact
from wuerfel.solvers.api import SolveResult
from wuerfel.solvers.two_player import TwoPlayerResult

OBJECTIVES = {
    "turn": N_("one turn"),
    "duel": N_("duel of two"),
    "solo": N_("solo game"),
    "score": N_("score"),
    "win": N_("each player's chances"),
}
"""Words for the objectives the games register (the ids stay what ``--objective`` takes)."""


def objective_label(objective: str, lang: str) -> str:
    """The objective in words, with the option that asks for it ("Duell zu zweit (--objective duel)"): the id
    alone in brackets read as an internal name (issue 24 L7), as the option it is the next command can take it."""
    words = OBJECTIVES.get(objective)
    return f"{Translator(lang)(words)} (--objective {objective})" if words else f"--objective {objective}"


def rules_for(info: GameInfo, typed_game: str, rules: str | None) -> str | None:
    """The rule set asked for. Without ``--rules``, a game name that is also a rule set of the game means that rule
    set: ``solve kniffel`` solves the Kniffel preset, not the 3-column Würfelspiel that the alias belongs to."""
    if rules is None and typed_game.strip().lower() != info.id and typed_game.strip().lower() in info.rule_sets():
        return typed_game.strip().lower()
    return rules


@app.command("solve", help=N_("Compute an exact solution"))
def solve_cmd(
    ctx: typer.Context,
    game: str = typer.Argument(..., help=N_("Game ID, e.g. zehntausend, kniffel, escalero")),
    rules: str = typer.Option(None, "--rules", help=RULES_HELP),
    objective: str = typer.Option(None, "--objective", help=N_("Objective, e.g. win, solo, turn, duel, score")),
    players: int = typer.Option(None, "--players", help=N_("Number of players (general exact solver)")),
    max_states: int = typer.Option(
        exact.DEFAULT_MAX_STATES, "--max-states", help=N_("At most this many positions (general exact solver)")
    ),
    fresh: bool = typer.Option(False, "--fresh", help=N_("Ignore cached tables")),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    lang: str = LangOption,
) -> None:
    """Run an exact solver."""
    lang = normalize_language(lang)
    _ = Translator(lang)
    try:
        info = get_game(game)
        obj = objective or (next(iter(info.solvers)) if info.solvers and players is None else None)
        solver = info.solvers.get(obj) if obj else None
        if solver is None:
            if obj is not None and obj not in exact.OBJECTIVES:
                raise RuleError(
                    N_("Unknown objective '{objective}'. Known: {known}"),
                    objective=obj,
                    known=", ".join(dict.fromkeys([*info.solvers, *exact.OBJECTIVES])),
                )  # each name once
            solve_generic(info, game, rules, obj, players, max_states, as_json, lang, fresh)
            return
        if players is not None:
            raise RuleError(
                N_(
                    "The solver of {game} for the objective {objective} takes no number of players; "
                    "leave out --players."
                ),
                game=info.name(lang),
                objective=obj,
            )
        source = ctx.get_parameter_source("max_states")
        if source is not None and source.name in ("COMMANDLINE", "ENVIRONMENT"):
            # Its own solver has no limit of positions: a limit given would be ignored without a word. (By the
            # source's name: typer may bring its own copy of click's enum.)
            raise RuleError(
                N_(
                    "The solver of {game} for the objective {objective} takes no limit of positions; "
                    "leave out --max-states."
                ),
                game=info.name(lang),
                objective=obj,
            )
        require_solvers()  # a game's own solver works over numpy tables or numba kernels
        resolved = info.resolve(rules_for(info, game, rules))
        rule_set = info.rules_from_dict(resolved.data)
        # A solve may take minutes (the duel): say what runs and how long it has run, on standard error.
        with working(
            _(
                "Solving {game} ({rules}), objective: {objective}",
                game=info.name(lang),
                rules=resolved.id,
                objective=objective_label(obj, lang),
            ),
            quiet=as_json,
        ):
            result: SolveResult = solver(rule_set, resolved.id, fresh)
    except WuerfelError as exc:
        fail(exc, lang)
    if as_json:
        print(json.dumps(result.to_json()))
        return
    console.print(
        _(
            "{game} ({rules}), objective: {objective}; value: {value}",
            game=info.name(lang),
            rules=result.rules,
            objective=objective_label(result.objective, lang),
            value=decimal(result.value, lang, 6),
        )
    )
    if result.value_of:
        console.print(_("That is {what}.", what=_(result.value_of)))
    for msgid, params in result.lines:
        console.print(escape(_(msgid, **params)), highlight=False)
    console.print(_("Solved in {seconds} s.", seconds=decimal(result.seconds, lang, 3)))


def solve_generic(
    info: GameInfo,
    typed_game: str,
    rules: str | None,
    objective: str | None,
    players: int | None,
    max_states: int,
    as_json: bool,
    lang: str,
    fresh: bool = False,
) -> None:
    """Solve with the generic exact solver: ``win`` for several players, ``solo`` for one (the default follows the
    number of players; without ``--players`` the smallest table of two or more, or one for a one-player game).
    Two players of a game with its own two-player tables (``GameInfo.two_player_solver``) are solved by those,
    where the generic solver's positions would be too many."""
    _ = Translator(lang)
    if max_states < 1:
        fail(RuleError(N_("--max-states must be at least 1.")), lang)
    try:
        if players is None:
            players = 1 if objective == "solo" or info.max_players < 2 else max(2, info.min_players)
        obj = objective or ("solo" if players == 1 else "win")
        resolved = info.resolve(rules_for(info, typed_game, rules))
        if players == 2 and obj == "win" and info.two_player_solver is not None:
            require_solvers()  # the game's own two-player tables are numpy arrays
            rule_set = info.rules_from_dict(resolved.data)
            with working(
                _(
                    "Solving {game} ({rules}), objective: {objective}",
                    game=info.name(lang),
                    rules=resolved.id,
                    objective=objective_label(obj, lang),
                ),
                quiet=as_json,
            ):
                own = info.two_player_solver(rule_set, resolved.id, fresh)
            if own is not None:
                show_two_player(info, own, as_json, lang)
                return
        game = info.new_game(info.rules_from_dict(resolved.data), players)
        with working(
            _(
                "Solving {game} ({rules}), objective: {objective}",
                game=info.name(lang),
                rules=resolved.id,
                objective=objective_label(obj, lang),
            ),
            quiet=as_json,
        ):
            result = exact.solve_game(
                game,
                obj,
                game_id=info.id,
                rules_id=resolved.id,
                max_states=max_states,
                hidden_information=info.hidden_information,
                name=Words(info.name_en, info.name_de),
            )
    except WuerfelError as exc:
        fail(exc, lang)
    if as_json:
        print(json.dumps(result.to_json()))
        return

    def say(text: str) -> None:
        console.print(escape(text), soft_wrap=True, highlight=False)

    say(
        _(
            "{game} ({rules}), {players}, objective: {objective}; value: {value}",
            game=info.name(lang),
            rules=result.rules,
            players=counts.players(result.players),
            objective=objective_label(result.objective, lang),
            value=decimal(float(result.value), lang, 6),
        )
    )
    say(
        _("That is the expected final score.")
        if result.objective == "solo"
        else _("That is the first seat's chance to win.")
    )

    def chance(x: Fraction) -> str:
        """A percentage, and the exact fraction beside it while that is short enough to read (6/11)."""
        text = decimal(float(x), lang, 4, percent=True)
        exact_text = f"{x.numerator}/{x.denominator}"
        return f"{text} ({exact_text})" if x.denominator > 1 and len(exact_text) <= 15 else text

    for p, seat in enumerate(result.seats):
        lose = "—" if seat.lose is None else chance(seat.lose)
        say("  " + _("Seat {seat}: wins {win}, loses {lose}", seat=p + 1, win=chance(seat.win), lose=lose))
    if all(s.lose is None for s in result.seats):
        say(_("This game names no loser."))
    say(
        _(
            "{states} positions, the largest cycle has {cycle}; solved in {seconds} s.",
            states=result.states,
            cycle=result.largest_cycle,
            seconds=decimal(result.seconds, lang, 3),
        )
    )


def show_two_player(info: GameInfo, result: TwoPlayerResult, as_json: bool, lang: str) -> None:
    """Print a game's own two-player solution as the generic solver's is printed (JSON: the same keys)."""
    _ = Translator(lang)
    if as_json:
        print(json.dumps(result.to_json()))
        return

    def say(text: str) -> None:
        console.print(escape(text), soft_wrap=True, highlight=False)

    say(
        _(
            "{game} ({rules}), {players}, objective: {objective}; value: {value}",
            game=info.name(lang),
            rules=result.rules,
            players=counts.players(2),
            objective=objective_label("win", lang),
            value=decimal(result.value, lang, 6),
        )
    )
    say(_("That is the first seat's chance to win."))
    for p, w in enumerate(result.seat_wins):
        say(
            "  "
            + _(
                "Seat {seat}: wins {win}, loses {lose}",
                seat=p + 1,
                win=decimal(w, lang, 4, percent=True),
                lose=decimal(1.0 - w, lang, 4, percent=True),
            )
        )
    say(_("Whoever begins wins {chance}.", chance=decimal(result.first_player_wins, lang, 4, percent=True)))
    say(
        _(
            "The game's own tables ({states} entries): {method}; solved in {seconds} s.",
            states=result.states,
            method=_(result.method),
            seconds=decimal(result.seconds, lang, 3),
        )
    )
