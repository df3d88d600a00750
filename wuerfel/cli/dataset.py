"""``wuerfel dataset GAME``: sampled positions of a solitaire game with the exact value of every legal action, for
supervised learning (issue 27 §3).

Positions come from seeded games played by the optimal policy with exploration: at each decision a random legal
action with probability ``--explore``, else the best one by the exact labels (:mod:`wuerfel.solvers.labels`). So the
positions are those a decent player meets, widened by mistakes it would not make; every decision met is written
until ``--positions`` are out. One seed gives the same file byte for byte.

Each line (JSON lines) is one position: ``game``, ``rules_id``, ``position`` (its number), ``record`` (the game
record up to the position: replaying it gives the exact state), ``view`` (what the seat sees, as bots and the server
see it), ``actions`` (each legal action's JSON form, its ``id`` in the game's dense action codec where the game has
one, and its exact ``value``), ``optimal_value`` and ``measure`` (what the values are). With ``.parquet`` as the
file's ending the same columns are written with pyarrow (the nested ones as JSON text), where it is installed.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import typer

from wuerfel.cli.main import RULES_HELP, LangOption, app, fail
from wuerfel.cli.progress import working
from wuerfel.cli.solve import rules_for
from wuerfel.engine.errors import N_, RuleError, Words, WuerfelError
from wuerfel.engine.game import Game, State
from wuerfel.engine.record import GameRecord, Match, apply_event
from wuerfel.engine.registry import get_game
from wuerfel.engine.rules import options_to_dict
from wuerfel.i18n import Translator, normalize_language
from wuerfel.solvers.labels import ExactLabels, exact_labels, solitaire_game

NO_DECISIONS = N_("{game} leaves a player alone no decision to label.")
NEEDS_PYARROW = N_("Writing Parquet needs pyarrow (pip install pyarrow); a file ending in .jsonl needs nothing.")


def action_codec(game: Game) -> Any:
    """The game's dense action codec (:mod:`wuerfel.interop.codec`), None where it declares no finite one."""
    from wuerfel.interop.codec import ActionCodec, CodecError

    try:
        return ActionCodec(game)
    except CodecError:
        return None


def sample_positions(
    game: Game, labels: ExactLabels, rules_id: str, count: int, seed: int, explore: float, codec: Any = None
) -> Iterator[dict[str, Any]]:
    """``count`` labelled positions of seeded games (module text): one random generator draws the dice and the
    exploration, so a seed fixes everything."""
    rng = random.Random(seed)
    info = get_game(game.id)
    written = 0
    while written < count:
        started = written
        record = GameRecord(game=info.id, rules_id=rules_id, rules=options_to_dict(game.rules), players=["agent"])
        match = Match(game, record, game.new_initial_state())
        while written < count and not match.state.is_terminal():
            state = match.state
            if state.is_chance():
                outcomes = [(o, float(p)) for o, p in state.chance_outcomes() if p]
                match.chance(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
                continue
            player = state.to_move()
            values = labels.action_values(state)
            best = labels.optimal_value(state)
            yield {
                "game": info.id,
                "rules_id": rules_id,
                "position": written,
                "record": match.record.to_json(),
                "view": state.view(player),
                "actions": [
                    {"action": a.to_json(), "id": None if codec is None else codec.encode(a), "value": v}
                    for a, v in values.items()
                ],
                "optimal_value": best,
                "measure": labels.measure,
            }
            written += 1
            if rng.random() < explore:
                choice = rng.choice(list(values))
            else:  # the first of the best, in the legal list's order: ties are broken the same way every time
                choice = next(a for a, v in values.items() if v == best)
            match.act(choice, player)
        if written == started:  # a whole game without a decision (Jule): another would have none either
            raise RuleError(NO_DECISIONS, game=Words(info.name_en, info.name_de))


def position_state(record: dict[str, Any]) -> State:
    """The exact state of a line's ``record``: its events replayed on the one-seat game of its rules (the
    registry's ``GameRecord.make_game`` refuses a table of one for the hand games, whose solo objective it is)."""
    rec = GameRecord.from_json(record)
    info = get_game(rec.game)
    game = solitaire_game(info, info.rules_from_dict(rec.rules))
    state = game.new_initial_state()
    for i, event in enumerate(rec.events):
        state = apply_event(game, state, event, i)
    return state


def write_parquet(rows: list[dict[str, Any]], out: Path) -> None:
    """The rows as a Parquet table: flat columns as they are, nested ones (record, view, actions) as JSON text,
    the codec ids and values also as lists for a reader that wants no JSON."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    columns: dict[str, list[Any]] = {
        "game": [r["game"] for r in rows],
        "rules_id": [r["rules_id"] for r in rows],
        "position": [r["position"] for r in rows],
        "record": [json.dumps(r["record"], ensure_ascii=False) for r in rows],
        "view": [json.dumps(r["view"], ensure_ascii=False) for r in rows],
        "actions": [json.dumps([a["action"] for a in r["actions"]], ensure_ascii=False) for r in rows],
        "action_ids": [[a["id"] for a in r["actions"]] for r in rows],
        "values": [[a["value"] for a in r["actions"]] for r in rows],
        "optimal_value": [r["optimal_value"] for r in rows],
        "measure": [r["measure"] for r in rows],
    }
    pq.write_table(pa.table(columns), out)


@app.command("dataset", help=N_("Write sampled positions with the exact value of every move (JSON lines or Parquet)"))
def dataset_cmd(
    game: str = typer.Argument(..., help=N_("Game ID of a solitaire game, e.g. kniffel, yahtzee, ohio, escalero")),
    rules: str = typer.Option(None, "--rules", help=RULES_HELP),
    positions: int = typer.Option(1000, "--positions", help=N_("Number of positions to write")),
    seed: int = typer.Option(
        1, "--seed", help=N_("Seed of the dice and of the exploration (the same seed gives the same file)")
    ),
    out: Path = typer.Option(..., "--out", help=N_("Output file: .jsonl (JSON lines) or .parquet (needs pyarrow)")),
    explore: float = typer.Option(
        0.1, "--explore", help=N_("Share of moves chosen at random instead of the best one (0 to 1)")
    ),
    lang: str = LangOption,
) -> None:
    """Sample labelled positions of a solitaire game."""
    lang = normalize_language(lang)
    _ = Translator(lang)
    try:
        if positions < 1:
            raise RuleError(N_("--positions must be at least 1."))
        if not 0.0 <= explore <= 1.0:
            raise RuleError(N_("--explore must be between 0 and 1."))
        parquet = out.suffix.lower() == ".parquet"
        if parquet:
            try:
                import pyarrow  # noqa: F401
            except ImportError:
                raise RuleError(NEEDS_PYARROW) from None
        info = get_game(game)
        resolved = info.resolve(rules_for(info, game, rules))
        the_game = solitaire_game(info, info.rules_from_dict(resolved.data))
        with working(
            _("Loading the exact tables of {game} ({rules})", game=info.name(lang), rules=resolved.id), lang=lang
        ):
            labels = exact_labels(the_game, info.id)
        codec = action_codec(the_game)
        rows: list[dict[str, Any]] = []
        with (
            working(
                _("Sampling positions of {game} ({rules}): {n}", n=positions, game=info.name(lang), rules=resolved.id),
                total=positions,
                lang=lang,
            ) as advance,
            open(out, "w", encoding="utf-8") if not parquet else _NoFile() as fh,
        ):
            for row in sample_positions(the_game, labels, resolved.id, positions, seed, explore, codec):
                if parquet:
                    rows.append(row)
                else:
                    fh.write(json.dumps(row, ensure_ascii=False, separators=(",", ":")) + "\n")
                advance(row["position"] + 1)
        if parquet:
            write_parquet(rows, out)
    except WuerfelError as exc:
        fail(exc, lang)
    except OSError as exc:
        fail(RuleError(N_("Cannot write {path}: {reason}"), path=str(out), reason=exc.strerror or str(exc)), lang)
    typer.echo(_("Positions written: {n} ({path}).", n=positions, path=str(out)), err=True)


class _NoFile:
    """The stand-in for the output file while Parquet rows are gathered in memory."""

    def __enter__(self) -> _NoFile:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def write(self, text: str) -> None:  # pragma: no cover - never called: Parquet rows are gathered, not written
        raise AssertionError(text)
