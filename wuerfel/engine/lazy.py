"""Lazy re-exports for a package's ``__init__``: a name is imported from its defining module when first asked for.

``wuerfel.engine`` and ``wuerfel.games.kit`` re-export many names, but a process that plays one game needs few of
their modules (issue 17: a bot's peak memory). This module imports nothing but ``importlib`` and ``sys``, so using it
costs the package nothing it meant to save.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Mapping
from typing import Any


class LazyExports:
    """The module ``__getattr__`` and ``__dir__`` (PEP 562) of the package ``package``: ``exports`` maps a
    re-exported name to the module that defines it; ``submodules`` are submodules the package once imported
    eagerly, still reachable as its attributes. A name found is kept in the package, so it is looked up once."""

    def __init__(self, package: str, exports: Mapping[str, str], submodules: frozenset[str]) -> None:
        self.package = package
        self.exports = exports
        self.submodules = submodules

    def get(self, name: str) -> Any:
        """The package's attribute ``name``, imported now; AttributeError for a name it does not have."""
        if name in self.exports:
            value = getattr(importlib.import_module(self.exports[name]), name)
        elif name in self.submodules:
            value = importlib.import_module(f"{self.package}.{name}")
        else:
            raise AttributeError(f"module {self.package!r} has no attribute {name!r}")
        setattr(sys.modules[self.package], name, value)
        return value

    def names(self) -> list[str]:
        """What ``dir(package)`` lists: what it holds already and what it can import."""
        return sorted({*vars(sys.modules[self.package]), *self.exports, *self.submodules})
