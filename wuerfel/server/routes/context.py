"""What the route modules share with :func:`wuerfel.server.app.create_app` and with each other.

The helpers (``hub()``, ``player_of``, ``lang_of``, the CSRF checks, the cluster's ``on_table`` forwarding, …) keep
the per-app state they close over (caches, rate limiters, the shared facts), so each app built by ``create_app`` has
a context of its own, kept on ``app.state.ctx``. A handler looks a helper up on the context when it runs, not when it
is registered: an area can then use what an area registered after it provides, as the one ``create_app`` could.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any


class Context(SimpleNamespace):
    """One app's shared helpers, by the names the handlers call them."""

    def share(self, **helpers: Any) -> None:
        """Add helpers; a name given twice must be the same object, so two areas cannot silently disagree."""
        for name, value in helpers.items():
            old = getattr(self, name, value)
            if old is not value:
                raise ValueError(f"context helper {name!r} given twice")
            setattr(self, name, value)
