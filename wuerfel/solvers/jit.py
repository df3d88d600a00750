"""numba kernels at play time: their machine code from numba's disk cache without numba's compiler.

Shared by every solver whose kernels a bot calls while it plays (the fill-game solve, the Zehntausend duel's turn
sweep): a process that only plays finds the kernels in numba's on-disk cache (``__pycache__`` next to the source)
and needs none of numba's lowering machinery, which numba's own first call imports anyway (issue 17).
"""

from __future__ import annotations

import hashlib
import os
import pickle
from pathlib import Path
from typing import Any

NRT_CACHE_FORMAT = 1
"""Part of the key of the runtime's object-code cache (:func:`_init_runtime`); bump when its content changes."""


def load_cached_kernel(kernel: Any, *args: Any) -> bool:
    """Install ``kernel``'s machine code for the types of ``args`` from numba's on-disk cache, skipping the
    refresh of numba's compiler context that numba's own first call does; True if it is installed (now or before).

    Why (issue 17): the first call of a cached kernel in a process makes numba refresh its whole compiler context
    before it even looks in its cache: about 75 modules of lowering code imported and the typing registries
    installed, 0.13–0.2 s of CPU on the calling thread, a quarter of a fresh process's first Yahtzee solve. Loading
    machine code from the cache needs none of it, only numba's runtime (NRT) set up (:func:`_init_runtime`). This
    does what ``Dispatcher.compile`` does after that refresh: look the signature up in the kernel's cache index
    (which checks the source file's stamp, so a stale entry is not used) and install the loaded code. The refresh still
    happens, at the first real compile or at the first cache load of any other kernel. No cache entry, or numba
    internals not as expected (another numba version), and nothing happens: the kernel's first call takes numba's
    usual path (refresh, then cache or compile)."""
    try:
        from numba.core.compiler_lock import global_compiler_lock

        sig = tuple(kernel.typeof_pyval(a) for a in args)
        if sig in kernel.overloads:
            return True
        cache = kernel._cache
        ctx = kernel.targetctx
        with global_compiler_lock:
            if sig in kernel.overloads:
                return True
            _init_runtime(ctx)
            cres = cache._load_overload(sig, ctx)
            if cres is None or cres.objectmode:
                # Not in the cache: numba compiles it at its first call, for many seconds on a fresh machine; a
                # progress display says so instead of standing still (issue 24 U8).
                from wuerfel.engine import progress

                progress.report(stage=progress.COMPILING)
                return False
            ctx.insert_user_function(cres.entry_point, cres.fndesc, [cres.library])
            kernel.add_overload(cres)
            kernel._cache_hits[sig] += 1
        return True
    except Exception:  # any surprise leaves the kernel to numba's own first call
        return False


def _init_runtime(ctx: Any) -> None:
    """``rtsys.initialize(ctx)`` (numba's runtime, NRT, which every kernel that handles arrays links against), with
    the machine code of NRT's few LLVM functions from an object-code cache of ours; call with numba's compiler lock.

    Why (issue 17): numba compiles those functions from LLVM IR in every process, and that first use of LLVM's
    optimiser and code generator raises a playing process's peak memory by about 20 MB (the optimal Farkle bot:
    138 → 118 MB), more than the kernels it then loads from numba's cache. Loading the same functions as object
    code is what numba does for the cached kernels themselves. The key holds numba's and llvmlite's versions, the
    CPU (``magic_tuple``, as numba's own cache) and the IR's text, so any change compiles afresh. A missing or
    unreadable entry and anything unexpected fall back to numba's own ``initialize``; the file lives next to
    numba's kernel cache (``__pycache__`` of this package, or ``NUMBA_CACHE_DIR``) and is written when missing."""
    from numba.core.runtime import rtsys

    if rtsys._init:
        return
    try:
        import llvmlite
        import llvmlite.binding as ll
        import numba
        from numba.core import config
        from numba.core.runtime import _nrt_python, nrtdynmod

        ir_mod, library = nrtdynmod.create_nrt_module(ctx)
        codegen = ctx.codegen()
        key = repr((NRT_CACHE_FORMAT, numba.__version__, llvmlite.__version__, codegen.magic_tuple(), str(ir_mod)))
        folder = Path(config.CACHE_DIR) if config.CACHE_DIR else Path(__file__).parent / "__pycache__"
        path = folder / f"nrt-{hashlib.sha256(key.encode()).hexdigest()[:24]}.pkl"
        if config.NRT_STATS:
            _nrt_python.memsys_enable_stats()
        for py_name, address in _nrt_python.c_helpers.items():  # as initialize() registers them
            ll.add_symbol(py_name if py_name.startswith("_") else "NRT_" + py_name, address)
        try:
            data = path.read_bytes()
        except OSError:
            data = None
        if data is not None:
            rtsys._library = codegen.unserialize_library(pickle.loads(data))
        else:
            library.enable_object_caching()
            library.add_ir_module(ir_mod)
            library.finalize()
            rtsys._library = library
            try:
                folder.mkdir(parents=True, exist_ok=True)
                tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
                tmp.write_bytes(pickle.dumps(library.serialize_using_object_code()))
                tmp.replace(path)
            except OSError:
                pass
        rtsys._init = True
    except Exception:  # any surprise: numba's own initialisation
        rtsys.initialize(ctx)
