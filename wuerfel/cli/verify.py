"""``wuerfel verify RECORD.json``: the proof a sceptic runs on a downloaded record (provably fair dice).

It recomputes every shown throw from its revealed secret and the table's combined seed, checks each secret against
its commitment and each commitment against the one announced before the throw (:func:`wuerfel.engine.fairdice.
verify_record`). Exit status: 0 every throw checked, 1 a check failed (each failure names its event), 2 the file is
no record, 3 the record carries no proof (older records, dice typed in at a scorekeeper table): nothing to check,
which is said plainly rather than called a failure.
"""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.console import Console
from rich.markup import escape

from wuerfel.cli.main import JSON_HELP, LangOption, app, fail
from wuerfel.engine import counts
from wuerfel.engine.errors import N_, WuerfelError, file_error
from wuerfel.engine.fairdice import verify_record
from wuerfel.engine.record import GameRecord
from wuerfel.i18n import Translator, translate

EXIT_FAILED = 1
EXIT_NO_PROOF = 3


def no_proof_reason(record: GameRecord, throws: int, lang: str) -> str:
    """Why a record has no proof, as far as the record tells: ``wuerfel play`` writes its dice mode as a word
    (``meta.dice`` "system", "seed:N", "manual"), a table its public dice data as a table. A terminal game was
    told it "was played before provably fair dice", which was not true (issue 24 U11)."""
    _ = Translator(lang)
    mode = record.meta.get("dice")
    if isinstance(mode, str) and mode.strip().lower() == "manual":
        return _(
            "This record carries no proof of its dice ({throws}): it is a game of the terminal's "
            "scorekeeper (wuerfel play --dice manual), whose dice were typed in from real dice.",
            throws=counts.throws(throws),
        )
    if isinstance(mode, str):
        return _(
            "This record carries no proof of its dice ({throws}): it is a game played in the terminal "
            "(wuerfel play), whose dice come from this computer and are not committed to in advance.",
            throws=counts.throws(throws),
        )
    return _(
        "This record carries no proof of its dice ({throws}): it was played before provably fair dice, or "
        "its dice were typed in from real dice.",
        throws=counts.throws(throws),
    )


@app.command(
    "verify",
    help=N_("Check a game's throws: every secret against its commitment, every shown throw against its secret"),
)
def verify_cmd(
    record_path: Path = typer.Argument(..., help=N_("Game record (JSON), e.g. downloaded from the table's page")),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    lang: str = LangOption,
) -> None:
    """Check every throw of a record against the server's commitments (provably fair dice)."""
    _ = Translator(lang)
    console = Console()
    try:
        try:
            text = record_path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise file_error(exc, record_path) from exc
        record = GameRecord.loads(text)
        result = verify_record(record)
    except WuerfelError as exc:
        fail(exc, lang)
        return
    if as_json:
        out = result.to_json()
        for f in out["failures"]:
            f["message"] = translate(f["msgid"], lang, **f["params"])
        console.print_json(json.dumps(out, ensure_ascii=False))
    elif not result.has_proof:
        console.print(escape(no_proof_reason(record, result.throws, lang)))
    else:
        for f in result.failures:
            console.print(f"[red]{escape(translate(f.msgid, lang, **f.params))}[/red]", soft_wrap=True)
        summary = _.n(
            "{checked} of {throws} throw checked, {concealed} concealed (never shown, their secret stays unrevealed).",
            "{checked} of {throws} throws checked, {concealed} concealed (never shown, their secret stays unrevealed).",
            result.throws,
            checked=result.checked,
            throws=result.throws,
            concealed=result.concealed,
        )
        console.print(escape(summary))
        console.print(
            f"[green]{escape(_('All throws verified.'))}[/green]"
            if result.ok
            else f"[red]{escape(_('Verification FAILED: {n} problems.', n=len(result.failures)))}[/red]"
        )
    if not result.has_proof:
        raise typer.Exit(EXIT_NO_PROOF)
    if result.failures:
        raise typer.Exit(EXIT_FAILED)
