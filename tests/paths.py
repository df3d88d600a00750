"""Where the project's shared documents are: ``shared/`` lies beside the checkout (also in CI's fresh clone)."""

from __future__ import annotations

import os
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def shared_dir() -> Path | None:
    """The seeds/specs folder: $WUERFEL_SHARED, else ``../shared`` beside the repository, else None."""
    candidates = [os.environ.get("WUERFEL_SHARED", ""), str(REPO.parent / "shared"), "/work/shared"]
    for c in candidates:
        if c and (Path(c) / "specs").is_dir():
            return Path(c)
    return None
