"""What the duel and solo solvers, the optimal bot and the hints share without numba: which rule sets the duel
solver solves, the on-disk cache's key and place, the finish-round cap and the goal in units.

Kept apart from :mod:`~wuerfel.games.zehntausend.solvers.duel` (which imports numba for its kernels) so that the
optimal bot can ask whether a duel table is at hand without loading numba (issue 17: a bot that plays from the
single-turn table needs about 46 MB, not 160). ``duel`` re-exports every name.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from wuerfel.engine.errors import N_
from wuerfel.engine.rules import options_to_dict
from wuerfel.games.zehntausend.options import ZehntausendRules
from wuerfel.games.zehntausend.solvers.turn import FORMAT_VERSION, turn_refusal
from wuerfel.solvers.ckernel import sha256_hex

LAST_TURN_CAP = 30_000
"""Largest margin (points) the last player of a finish-round game is solved for; beyond it the margin counts as this."""

DUEL_FORMAT = 1


def duel_support(rules: ZehntausendRules) -> tuple[bool, str]:
    """(exact, reason): whether :func:`solve_duel` solves this rule set exactly, and if not, why (an English msgid)."""
    r = rules
    if r.game.mode != "standard":
        return False, N_("The two-player solver needs the standard game mode.")
    if r.turn.bust != "forfeit":
        return False, N_("Not solvable exactly for two players: with bust = negate a bust lowers the score.")
    if r.minus_marks.count > 0 and r.minus_marks.penalty != 0:
        return False, N_(
            "Not solvable exactly for two players: minus marks lower the score and their streak "
            "would be part of the state."
        )
    if r.turn.first_throw_niete == "minus":
        return False, N_("Not solvable exactly for two players: the first-throw Minus lowers the score.")
    if r.turn.beat_predecessor:
        return False, N_(
            "Not solvable exactly for two players: the number to beat (beat the predecessor) "
            "would be part of the state."
        )
    if r.takeover.enabled:
        return False, N_("Not solvable exactly for two players: a takeover offer would be part of the state.")
    if r.mishap.mode == "simulated" and r.mishap.probability > 0:
        return False, N_("Not solvable exactly for two players: simulated mishaps.")
    if r.game.end_rule == "finish_round" and r.game.tie == "extra_round":
        return False, N_("Not solvable exactly for two players: extra rounds after a tie.")
    refusal = turn_refusal(r)
    if refusal:
        return False, refusal
    if r.selection.model != "standard":
        return False, N_(
            "Not solvable exactly for two players: the solver simplifies the turn itself under the literal Macke model."
        )
    return True, ""


def rules_key(rules: ZehntausendRules) -> str:
    """A stable hash of the complete rule set plus the code format versions (the on-disk cache key)."""
    doc = json.dumps(options_to_dict(rules), sort_keys=True, default=str)
    return sha256_hex(f"{doc}|turn{FORMAT_VERSION}|duel{DUEL_FORMAT}".encode())[:24]


def cache_dir() -> Path:
    """Where the duel and solo tables live: ``zehntausend/`` in the platform's user cache directory, or in
    ``WUERFEL_CACHE_DIR`` when it is set (as for the Würfelspiel tables), so that tests and benchmarks that solve
    ``fresh`` write into a directory of their own instead of replacing the user's cached tables."""
    env = os.environ.get("WUERFEL_CACHE_DIR")
    if env:
        return Path(env) / "zehntausend"
    from wuerfel.cachedir import user_cache_dir

    return user_cache_dir() / "zehntausend"


def is_preset(rules: ZehntausendRules) -> bool:
    """Whether ``rules`` are one of the game's named rule sets: their tables are kept on disk for ever, a made-up
    rule set's only within the budget of :mod:`wuerfel.solvers.diskcache` (issue 24 §4 H1, M3)."""
    from wuerfel.solvers import diskcache  # not at the top: it brings threading onto the bots' play path

    return rules in diskcache.preset_rules("zehntausend")


def _goal_units(rules: ZehntausendRules, unit: int) -> int:
    target = rules.game.target + (1 if rules.game.reach == "more_than" else 0)
    return -(-target // unit)
