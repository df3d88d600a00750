"""Zehntausend's exact solvers, kept inside the game because they read its melds, rules and states.

``turn`` (one turn's optimum for a target), ``duel`` (the two-player win chance), ``solo`` (fewest turns to the goal)
and ``play`` (the optimal bot and the hints built on their tables). The game registers them lazily in its
``GameInfo`` (numba is slow to import); the generic solvers stay in :mod:`wuerfel.solvers`.
"""
