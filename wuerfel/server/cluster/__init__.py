"""What several workers of one platform share (issue 25 §2), behind small interfaces with two implementations each:
in-process ones for the embedded default (one process, SQLite, nothing else to run) and ones on PostgreSQL and Redis
for a cluster. The rules of a table never see which is in use: a worker that owns a table runs its :class:`LiveTable`
exactly as the single process does.

- :mod:`.leases` — who owns a running table, with an epoch (fencing token) that every write of its events carries.
- :mod:`.bus` — messages between workers: moves forwarded to a table's owner, its messages relayed to the sockets
  held elsewhere, lobby updates.
- :mod:`.shared` — small shared facts with a lifetime: login and rate-limit counters, revoked sessions, one build per
  rule set in the whole cluster.

docs/architecture.md ("Several workers") draws how they fit together.
"""

from wuerfel.server.cluster.bus import Bus, LocalBus, Subscription
from wuerfel.server.cluster.leases import Lease, Leases, LocalLeases
from wuerfel.server.cluster.shared import LocalShared, Shared

__all__ = ["Bus", "Lease", "Leases", "LocalBus", "LocalLeases", "LocalShared", "Shared", "Subscription"]
