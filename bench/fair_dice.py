"""Provably fair dice: what a derived throw and a whole record's verification cost (figures, never asserted).

Prints, for a fresh chance node of five dice (Kniffel), the first derivation (its plan is built: the multinomial
check over 252 outcomes) and the mean of later ones (plan cached), against drawing the same node from the OS's
CSPRNG as before; then ``verify_record`` on whole games of random bots (per game and per throw).
"""

from __future__ import annotations

import time

from tests.engine.test_fairdice import proved_game
from wuerfel.engine import fairdice as fd
from wuerfel.engine.registry import get_game
from wuerfel.engine.sources import SystemSource


def main() -> None:
    info = get_game("wuerfelspiel")
    state = info.new_game(info.rules_from_dict(info.resolve(None).data), 2).new_initial_state()
    outs = state.chance_outcomes()
    t = time.perf_counter()
    fd.derive(outs, fd.new_secret(), "seed")
    first = time.perf_counter() - t
    n = 5000
    secrets = [fd.new_secret() for _ in range(n)]
    t = time.perf_counter()
    for s in secrets:
        fd.derive(outs, s, "seed")
    derived = (time.perf_counter() - t) / n
    src = SystemSource()
    t = time.perf_counter()
    for _ in range(n):
        src.choose(state)
    drawn = (time.perf_counter() - t) / n
    print(
        f"five dice: first derivation {first * 1e3:.2f} ms (plan built), then {derived * 1e6:.1f} µs per throw; "
        f"CSPRNG draw as before {drawn * 1e6:.1f} µs"
    )
    for game in ("wuerfelspiel", "zehntausend", "verdecktes-wuerfelpoker"):
        rec = proved_game(game, n=2, seed=7)
        t = time.perf_counter()
        res = fd.verify_record(rec)
        took = time.perf_counter() - t
        print(
            f"{game}: verify {took * 1e3:.1f} ms for {len(rec.events)} events, {res.throws} throws "
            f"({took / max(1, res.throws) * 1e3:.2f} ms per throw, replay included), ok={res.ok}"
        )


if __name__ == "__main__":
    main()
