"""The user's cache directory of wuerfel (solver tables, compiled kernels)."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def user_cache_dir() -> Path:
    """``platformdirs.user_cache_dir("wuerfel")``, computed directly on Linux.

    Why: platformdirs' Unix module imports ``tempfile`` (with ``shutil``, ``bz2``, ``lzma``), about 1 MB of a process
    that only plays a bot from its tables (issue 17's memory target); the XDG rule it applies is two lines. Other
    platforms ask platformdirs (a test checks that both agree here)."""
    if sys.platform.startswith("linux"):
        path = os.environ.get("XDG_CACHE_HOME", "")
        if not path.strip():
            path = os.path.expanduser("~/.cache")
        return Path(path) / "wuerfel"
    import platformdirs

    return Path(platformdirs.user_cache_dir("wuerfel"))
