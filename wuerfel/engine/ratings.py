"""Ratings per game: Weng-Lin (openskill's Plackett-Luce model) for free-for-all games of any size, with ties.

A rated game is one match of ``n`` teams, one per seat, ranked by the game's own :meth:`State.ranking` (tied seats
share a rank; a resignation or forfeit ranks as it is stored: the seat that gave up last, all others tied first).

**Who is rated.** Every registered player (``player:<id>``) and every bot *kind* per game (``bot:<kind>``: all
"optimal" bots of a game share one rating, so a player sees how strong "optimal" is). A person's seat that a stand-in
bot finished is still his.

**The seat order's advantage.** Each seat's team has a second, virtual member: ``seat:<n>:<k>``, "whoever sits in
seat k of an n-seat table of this game". Its rating starts at ``mu = 0`` with a smaller ``sigma`` than a player's
(:data:`SEAT_SIGMA`: we expect an advantage of a few points at most, not a player's spread) and is learned like any
rating: if seat 0 wins more often than the players' ratings explain, its virtual member's ``mu`` grows and the
players sitting there are credited less for a win. Plackett-Luce sums a team's members, so the seat's advantage is
simply added to the player's strength; openskill's per-member update splits the surprise between the two by their
variances, which makes the seat learn slowly and the player quickly, as wanted.

**One identity twice at a table** (two "optimal" bots; a person cannot be seated twice at a rated table): every
seat is updated as its own team, then the identity takes the sum of its seats' ``mu`` changes and the product of
their ``sigma`` shrink factors — what applying the seats' updates one after the other would give to first order.

The rating shown on leaderboards is openskill's ``ordinal`` (``mu - 3 sigma``): a conservative estimate that rises
as the uncertainty shrinks, so a newcomer's lucky first win does not top the board.

Pure (no database, no server): the server's leaderboards (``wuerfel.server.ratings`` re-exports it) and
``wuerfel ladder`` (bots against bots, issue 27 §4) rate with this one code. openskill is imported on first use.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping, Sequence
from typing import Any

SEAT_SIGMA = 25.0 / 6
"""The initial uncertainty of a seat's advantage (half a new player's 25/3): a prior that seat order matters by a
few points at most, learned per game and table size from the rated games."""


@functools.cache
def model() -> Any:
    """The Plackett-Luce model with openskill's defaults (``mu`` 25, ``sigma`` 25/3; imported on first use: the
    package belongs to the server's optional dependencies)."""
    from openskill.models import PlackettLuce

    return PlackettLuce()


@dataclasses.dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The displayed rating: ``mu - 3 sigma`` (openskill's ordinal)."""
        return self.mu - 3.0 * self.sigma


def initial(who: str) -> Rating:
    """The rating an identity starts with: a seat's virtual member at 0 (no advantage known yet), others openskill's
    default."""
    m = model()
    if who.startswith("seat:"):
        return Rating(0.0, SEAT_SIGMA)
    return Rating(float(m.mu), float(m.sigma))


def seat_identity(num_seats: int, seat: int) -> str:
    return f"seat:{num_seats}:{seat}"


def player_identity(player_id: int) -> str:
    return f"player:{player_id}"


def bot_identity(kind: str) -> str:
    return f"bot:{kind}"


def places_of(ranking: Sequence[Sequence[int]]) -> dict[int, int]:
    """Seat → place (1 = best; tied seats share a place, the next place skips: ``((0, 2), (1,))`` gives 1, 1, 3)."""
    out: dict[int, int] = {}
    place = 1
    for group in ranking:
        for s in group:
            out[s] = place
        place += len(group)
    return out


def update(
    seats: Sequence[str], places: Mapping[int, int], current: Mapping[str, Rating]
) -> tuple[dict[str, Rating], dict[int, tuple[Rating, Rating]]]:
    """One rated game: ``seats[k]`` is the identity in seat k, ``places`` every seat's place, ``current`` the ratings
    known so far (missing identities start at :func:`initial`).

    Returns the new rating of every identity involved (players, bots and the seats' virtual members) and, per seat,
    the (before, after) of the identity sitting there. Needs at least two seats (a solo game rates nobody)."""
    n = len(seats)
    if n < 2:
        raise ValueError("a rated game needs at least two seats")
    m = model()

    def get(who: str) -> Rating:
        return current.get(who) or initial(who)

    teams = []
    for k, who in enumerate(seats):
        p, s = get(who), get(seat_identity(n, k))
        teams.append([m.rating(mu=p.mu, sigma=p.sigma), m.rating(mu=s.mu, sigma=s.sigma)])
    new_teams = m.rate(teams, ranks=[float(places[k]) for k in range(n)])
    mu_delta: dict[str, float] = {}
    shrink: dict[str, float] = {}
    for k, who in enumerate(seats):
        for member, (old, new) in zip(
            (who, seat_identity(n, k)), zip(teams[k], new_teams[k], strict=True), strict=True
        ):
            mu_delta[member] = mu_delta.get(member, 0.0) + (new.mu - old.mu)
            shrink[member] = shrink.get(member, 1.0) * (new.sigma / old.sigma)
    after = {who: Rating(get(who).mu + mu_delta[who], get(who).sigma * shrink[who]) for who in mu_delta}
    per_seat = {k: (get(who), after[who]) for k, who in enumerate(seats)}
    return after, per_seat
