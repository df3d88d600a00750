"""The games of Gilbert Obermair's *Hasard* (32 Würfelspiele); each module is one game and registers itself at its
end (declared as an entry point in ``pyproject.toml``).

Game names stay German in both languages (ARCHITECTURE principle 9); the English description carries the gloss.

So far: Lustige Sieben (9), Verdecktes Würfelpoker (28) with Joker Poker (29) as an option, Escalero (32).
"""

from __future__ import annotations

from pathlib import Path

PRESETS = Path(__file__).parent / "presets"
