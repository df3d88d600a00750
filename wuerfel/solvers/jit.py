"""numba kernels at play time: their machine code from numba's disk cache without numba's compiler.

Shared by every solver whose kernels a bot calls while it plays (the fill-game solve, the Zehntausend duel's turn
sweep): a process that only plays finds the kernels in numba's on-disk cache (``__pycache__`` next to the source)
and needs none of numba's lowering machinery, which numba's own first call imports anyway (issue 17).
"""

from __future__ import annotations

from typing import Any


def load_cached_kernel(kernel: Any, *args: Any) -> bool:
    """Install ``kernel``'s machine code for the types of ``args`` from numba's on-disk cache, skipping the
    refresh of numba's compiler context that numba's own first call does; True if it is installed (now or before).

    Why (issue 17): the first call of a cached kernel in a process makes numba refresh its whole compiler context
    before it even looks in its cache: about 75 modules of lowering code imported and the typing registries
    installed, 0.13–0.2 s of CPU on the calling thread, a quarter of a fresh process's first Yahtzee solve. Loading
    machine code from the cache needs none of it, only numba's runtime (NRT) set up. This does what
    ``Dispatcher.compile`` does after that refresh: look the signature up in the kernel's cache index (which
    checks the source file's stamp, so a stale entry is not used) and install the loaded code. The refresh still
    happens, at the first real compile or at the first cache load of any other kernel. No cache entry, or numba
    internals not as expected (another numba version), and nothing happens: the kernel's first call takes numba's
    usual path (refresh, then cache or compile)."""
    try:
        from numba.core.compiler_lock import global_compiler_lock
        from numba.core.runtime import rtsys

        sig = tuple(kernel.typeof_pyval(a) for a in args)
        if sig in kernel.overloads:
            return True
        cache = kernel._cache
        ctx = kernel.targetctx
        with global_compiler_lock:
            if sig in kernel.overloads:
                return True
            rtsys.initialize(ctx)
            cres = cache._load_overload(sig, ctx)
            if cres is None or cres.objectmode:
                return False
            ctx.insert_user_function(cres.entry_point, cres.fndesc, [cres.library])
            kernel.add_overload(cres)
            kernel._cache_hits[sig] += 1
        return True
    except Exception:  # any surprise leaves the kernel to numba's own first call
        return False
