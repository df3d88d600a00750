"""Conformance as a product: every check wuerfel's own games pass, for any registered game (issue 26).

A plug-in author runs ``pytest --wuerfel-game ID`` (the plugin :mod:`wuerfel.testing.plugin`, registered through the
``pytest11`` entry point) or calls :func:`check_game` from a test of his own. The checks:

* random seeded playouts over every rule set and player count, every node checked (legal actions apply and
  round-trip, chance sums to exactly one, results agree with themselves, chips are conserved, the record replays
  identically from its JSON): :mod:`wuerfel.testing.playouts` over :mod:`wuerfel.engine.testing`;
* visibility: no view, table component, offered label or announcement reveals what a seat may not see
  (:mod:`wuerfel.testing.labels`, :mod:`wuerfel.testing.announcements`);
* translations: every text on the table in German, every option, choice and rule set named in both languages, the
  game's own catalogues complete in both (:mod:`wuerfel.testing.labels`, :mod:`wuerfel.testing.catalogues`);
* the terminal's generic table (and the game's own renderer) and the web's translated components draw every state;
* the generic exact solver solves or refuses in words, and where it solves a game of pure chance, sampling agrees
  (:mod:`wuerfel.testing.exact`).

wuerfel's own ``tests/test_conformance.py`` and friends call these same functions: one implementation.
"""

from __future__ import annotations

from wuerfel.testing.suite import Check, check_game, checks

__all__ = ["Check", "check_game", "checks"]
