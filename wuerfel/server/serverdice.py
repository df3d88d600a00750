"""The server's dice at a live table, provably fair (:mod:`wuerfel.engine.fairdice`): the seats' seeds fixed at the
start, each throw's secret announced (committed to) before it is needed, and the throw derived from it.

Functions of the table (:class:`~wuerfel.server.live.LiveTable`); the secrets stay in the table's memory and in the
stored log, never in what a client is sent before the throw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wuerfel.engine import fairdice
from wuerfel.engine.game import Outcome
from wuerfel.engine.record import Match, event_statement
from wuerfel.server.core.steps import Dice
from wuerfel.server.rows import Player

if TYPE_CHECKING:
    from wuerfel.server.live import LiveTable


def fix_seeds(t: LiveTable, starter: Player, seed: object) -> None:
    """At the start: every seat's seed (the one its browser sent, the starter's for his seats without one, or a
    server-made one marked so) and the combined seed, fixed before the first commitment; then the first throw is
    announced (:func:`announce`)."""
    if t.row.scorekeeper:
        t.dice = None
        return
    mine = fairdice.valid_seed(seed)
    seeds: list[dict[str, Any]] = []
    for s in sorted(t.row.seats, key=lambda x: x.seat):
        given = t.seeds.get(s.seat) or (mine if s.player_id == starter.id and not s.bot else None)
        seeds.append(
            {"seat": s.seat, "seed": given, "by": "player"}
            if given
            else {"seat": s.seat, "seed": fairdice.new_seed(), "by": "server"}
        )
    t.dice = {"v": fairdice.VERSION, "seeds": seeds, "seed": fairdice.combine_seeds([str(x["seed"]) for x in seeds])}
    t.secrets = {}
    announce(t)


def announce(t: LiveTable) -> None:
    """At the start: make the secret of the first throw and publish its commitment (``next`` in ``meta.dice``);
    every throw of the server announces the one after it in its proof (:func:`dice`). So each throw is fixed as
    early as possible: right after the one before it, before every decision in between (which dice to keep,
    whether to go on) and before the thrower's tap. The last one is never used (nor revealed)."""
    if t.dice is None:
        return
    secret = fairdice.new_secret()
    t.secrets[-1] = secret
    t.dice["next"] = fairdice.commitment(secret)


def pending_secret(t: LiveTable, m: Match) -> str | None:
    """The secret announced for the throw now due: by the last throw with a proof, else at the start."""
    for i in range(len(m.record.events) - 1, -1, -1):
        ev = m.record.events[i]
        if ev.proof is not None and "next" in ev.proof:
            return t.secrets.get(i)
    return t.secrets.get(-1)


def dice_of(t: LiveTable, m: Match, tap: str | None = None) -> tuple[Outcome, dict[str, Any] | None]:
    """The server's throw at the current chance node: derived from the announced secret and the combined seed
    (with its proof), or, for a game without proof, drawn from the OS's CSPRNG as before. ``tap``: a seed the
    person sent with the tap or move that makes this throw, after its commitment was out (see fairdice)."""
    state = m.state
    secret = pending_secret(t, m) if t.dice is not None else None
    if secret is None:
        return t.hub.source.choose(state), None
    outcomes = state.chance_outcomes()
    outcome = fairdice.derive(outcomes, secret, fairdice.throw_seed(str(t.dice["seed"]), tap))  # type: ignore[index]
    hidden = event_statement(state, outcome, None) is not None
    return outcome, fairdice.throw_proof(outcomes, secret, state.thrower(), hidden, tap)


def dice(t: LiveTable) -> Dice:
    """The server's dice of this table for the core (:data:`wuerfel.server.core.steps.Dice`): each throw derived
    from its announced secret, its proof announcing the next throw's commitment (``next``) at once."""

    def throw(m: Match, tap: str | None) -> tuple[Outcome, dict[str, Any] | None]:
        outcome, proof = dice_of(t, m, tap)
        if proof is not None and t.dice is not None and not t.row.scorekeeper:
            # What :func:`announce` does after the throw, folded into its proof: the next throw's secret is
            # kept by the index the throw's event gets (a left-over of an undone batch is never read).
            secret = fairdice.new_secret()
            t.secrets[len(m.record.events)] = secret
            proof = {**proof, "next": fairdice.commitment(secret)}
        return outcome, proof

    return throw
