"""Small C kernels, compiled at first use with the machine's C compiler and called through ctypes.

Why (issue 17, the optimal Farkle bot's memory): a process that only *plays* from a solved table needs a few tight
loops, not a numerical stack. numba costs such a process about 55 MB (llvmlite's LLVM library alone ~41 MB) and
numpy another ~20 MB, four times the peer player's whole process. The same loops written in C and compiled once
into a shared library in ``__pycache__`` cost the process a few hundred kilobytes, and take their arrays as the
standard library's ``array.array`` buffers.

The arithmetic is the kernels' Python/numba arithmetic to the bit: IEEE doubles in the written order, no fused
multiply-add (``-ffp-contract=off``) and no fast-math; the callers' tests compare the tables bit for bit. Where
there is no compiler (or ``WUERFEL_CKERNELS=0``), :func:`load_library` says None and the caller takes its numba or
plain-Python path: the same numbers, more memory or more time.
"""

from __future__ import annotations

import ctypes
import os
import sys
from pathlib import Path

FLAGS = ("-O2", "-fPIC", "-shared", "-ffp-contract=off", "-fno-fast-math")
"""Compiler flags: optimised, position independent, and no change of the arithmetic (see the module docstring)."""

_LOADED: dict[str, ctypes.CDLL | None] = {}


def sha256_hex(data: bytes) -> str:
    """SHA-256 of ``data`` in hex, from CPython's built-in implementation where there is one: ``hashlib`` loads
    OpenSSL's library, about 3.6 MB of a playing process's memory (issue 17), for a cache key of a few bytes."""
    try:
        from _sha256 import sha256  # CPython ≤ 3.11
    except ImportError:
        try:
            from _sha2 import sha256  # CPython ≥ 3.12
        except ImportError:
            from hashlib import sha256
    return sha256(data).hexdigest()  # type: ignore[no-any-return]


def enabled() -> bool:
    """False when ``WUERFEL_CKERNELS`` is ``0`` (tests of the fallback paths set it)."""
    return os.environ.get("WUERFEL_CKERNELS", "1") != "0"


def _folders() -> list[Path]:
    """Where a compiled library may live: this package's ``__pycache__`` (beside numba's kernel cache), else the
    user's cache directory (an installation the user cannot write to)."""
    out = [Path(__file__).parent / "__pycache__"]
    env = os.environ.get("WUERFEL_CACHE_DIR")
    if env:
        out.append(Path(env) / "ckernels")
    else:
        from wuerfel.cachedir import user_cache_dir

        out.append(user_cache_dir() / "ckernels")
    return out


def library_name(name: str, source: str) -> str:
    """The file name of ``source`` compiled: the name, and a digest of the source, the flags and the platform, so a
    changed kernel is compiled afresh and never loaded stale."""
    key = "\n".join((source, " ".join(FLAGS), sys.platform, os.uname().machine))
    return f"{name}-{sha256_hex(key.encode())[:20]}.so"


def _compile(source: str, target: Path) -> bool:
    """Compile ``source`` into ``target`` (written under a temporary name and moved in place, so that processes
    compiling at the same moment never load a half-written file); False when the compiler is missing or fails."""
    import subprocess  # only when compiling: a process that loads the compiled library needs neither
    import tempfile

    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=target.parent) as tmp:
            src = Path(tmp) / "kernel.c"
            src.write_text(source)
            out = Path(tmp) / target.name
            cc = os.environ.get("CC", "cc")
            proc = subprocess.run([cc, *FLAGS, "-o", str(out), str(src), "-lm"], capture_output=True, timeout=120)
            if proc.returncode != 0 or not out.exists():
                return False
            out.replace(target)
        return True
    except (OSError, subprocess.SubprocessError):
        return False


def load_library(name: str, source: str) -> ctypes.CDLL | None:
    """The shared library of the C ``source`` (compiled on first use, then loaded from the cache), or None when it
    cannot be had here; one load per process."""
    if not enabled():
        return None
    file = library_name(name, source)
    if file in _LOADED:
        return _LOADED[file]
    lib = None
    for folder in _folders():
        path = folder / file
        if not path.exists() and not _compile(source, path):
            continue
        try:
            lib = ctypes.CDLL(str(path))
            break
        except OSError:
            continue
    _LOADED[file] = lib
    return lib
