"""What every test run shares: the ``slow`` marker runs only when asked for.

``./dev.sh test`` (CI) selects no marker, and CI must stay well under 30 minutes as the games multiply; the long
playouts, solves and samplings behind ``@pytest.mark.slow`` run with ``-m slow`` (or any marker expression naming it)
or with ``WUERFEL_SLOW=1``, and are otherwise skipped with that sentence (``-rs`` prints it)."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

# Property tests check rules, not speed: Hypothesis's default deadline (200 ms per example) fails them at random on a
# loaded CI machine (seen: test_sub_multisets_are_contained under load). Speed is measured in bench/, never asserted.
settings.register_profile("wuerfel", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("wuerfel")

SLOW_SKIP = "slow: run with -m slow or WUERFEL_SLOW=1"

# Every test server sees all its clients at 127.0.0.1 and the suite makes hundreds of tables a minute: the limit of
# new tables per address (``WUERFEL_TABLES_PER_ADDRESS``, 30 in ten minutes) is lifted for them (every server, in
# process or not, reads this environment), and the test of that limit sets its own.
os.environ.setdefault("WUERFEL_TABLES_PER_ADDRESS", "1000000")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if "slow" in (config.getoption("markexpr") or "") or os.environ.get("WUERFEL_SLOW") == "1":
        return
    skip = pytest.mark.skip(reason=SLOW_SKIP)
    for item in items:
        if item.get_closest_marker("slow") is not None:
            item.add_marker(skip)
