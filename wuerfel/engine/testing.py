"""The generic random-simulation check that every registered game, with every rule set, must pass.

Lives in the package (not in ``tests/``) so that a game's own tests and the registry-wide test call the same code.
It plays random games and checks at every node:

* every legal action applies (each one is tried on the unchanged state) and has a JSON form and an integer id that
  both round-trip; a parameterised action (an :class:`~wuerfel.engine.game.Amount`) has sane bounds, its smallest,
  largest and a random amount are each tried that way, and the amounts just outside its bounds are refused;
* chance probabilities are positive or zero, the outcomes distinct, and the sum exactly 1;
* views are JSON-serialisable, carry ``game``/``to_move``/``scores``, and are identical for every state the player
  cannot tell apart (``determinize``) — "no leak";
* the table components (``State.components``) are known kinds, round-trip through their JSON form, translate, and
  are identical for every state the player cannot tell apart, like the views (a component showing a hidden die
  would be a leak the views never had);
* what an event shows to a seat (``State.event_view``) agrees with that seat's views: alternatives the seat is
  shown alike leave its view alike (a hidden event hides what the view hides; an event it is not told about at all
  leaves its view unchanged), and alternatives it is shown differently leave its view different (the move list
  tells nobody more than his view does) — checked at every node of games with secrets;
* the table components translate: in German and English no ``{placeholder}`` is left unfilled (whether every
  msgid has a German translation is the conformance suite's check: a test game has no catalogue);
* the result (:func:`check_results`): before the end nobody has won, lost or been ranked and nobody has a return;
  at the end the ranking is a partition of all seats into non-empty groups, the winners are its first group and
  share the returns (1/k each, nobody else has any), the losers lie in its last group (and are nobody when
  everybody ties), and the payoffs of a game with chips are whole numbers that sum to zero;
* chips are conserved along a game (:class:`ChipAudit`): every chip ledger a state holds keeps its total, and the
  seats' net payoffs plus the chips lying in the ledgers' pools stay what they were at the start;
* replaying the record rebuilds the same state, and the record survives a JSON round-trip.

:func:`playout` is the loop the public conformance checks (:mod:`wuerfel.testing.playouts`) drive: seeded, with
given bots, bounded, with a hook for checks that live outside the engine (the terminal renderer).
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from typing import Any, Protocol

from wuerfel.engine.chips import ChipLedger
from wuerfel.engine.components import KINDS, Component, components_from_json, components_json, phrases
from wuerfel.engine.errors import IllegalAction
from wuerfel.engine.game import Action, EventView, Outcome, State, amounts, covers, sample_action, with_amount
from wuerfel.engine.record import GameRecord, Match
from wuerfel.engine.sources import SeededSource
from wuerfel.i18n import LANGUAGES


def fingerprint(state: State) -> str:
    """Everything observable about a state: node kind, views of all seats and of a spectator, legal actions."""
    n = state.game.num_players
    parts = {
        "to_move": state.to_move(),
        "actors": list(state.actors()),
        "views": [state.view(p) for p in range(n)] + [state.view(None)],
        "legal": [[a.to_json() for a in state.legal_actions(p)] for p in state.actors()],
        "chance": [[o.to_json(), str(pr)] for o, pr in state.chance_outcomes()],
        "scores": list(state.scores()),
    }
    return json.dumps(parts, sort_keys=True, default=str)


def check_node(
    state: State,
    rng: random.Random,
    try_all: bool = True,
    chips: bool | None = None,
    max_alternatives: int | None = None,
) -> None:
    """All per-node invariants; raises AssertionError with a description on failure (``chips``: see
    :func:`check_results`; ``max_alternatives``: see :func:`check_event_views`)."""
    game = state.game
    n = game.num_players
    for p in [*range(n), None]:
        v = state.view(p)
        json.dumps(v)
        for key in ("game", "to_move", "scores"):
            assert key in v, f"view lacks {key!r}"
    for p in [*range(n), None]:
        check_components(state, p)
    for p in range(n):
        other = state.determinize(p, rng)
        assert json.dumps(other.view(p), sort_keys=True) == json.dumps(state.view(p), sort_keys=True), (
            f"view of player {p} differs between states he cannot tell apart: a leak"
        )
        assert components_text(other, p) == components_text(state, p), (
            f"components of player {p} differ between states he cannot tell apart: a leak"
        )
    if not state.is_terminal() and has_secrets(state):
        check_event_views(state, rng, max_alternatives)
    check_results(state, chips)
    if state.is_terminal():
        assert not state.actors() and not state.chance_outcomes()
        return
    if state.is_chance():
        outcomes = state.chance_outcomes()
        assert outcomes, "chance node without outcomes"
        total = sum((p for _, p in outcomes), Fraction(0))
        assert total == 1, f"chance probabilities sum to {total}"
        assert all(p >= 0 for _, p in outcomes)
        assert len({json.dumps(o.to_json(), sort_keys=True) for o, _ in outcomes}) == len(outcomes)
        for o, _ in outcomes:
            assert game.outcome_from_json(json.loads(json.dumps(o.to_json()))) == o
        return
    actors = state.actors()
    assert actors, "decision node without actors"
    for p in actors:
        actions = list(state.legal_actions(p))
        assert actions, f"player {p} must act but has no legal action"
        assert len(set(actions)) == len(actions), "duplicate legal actions"
        ids = set()
        tried: list[Action] = []
        for listed in actions if try_all else [rng.choice(actions)]:
            tried.extend(concrete_actions(state, listed, p, rng))
        for a in dict.fromkeys(tried):
            assert game.action_from_json(json.loads(json.dumps(a.to_json()))) == a, f"JSON round-trip of {a}"
            i = game.action_id(a)
            assert isinstance(i, int) and i >= 0
            assert game.action_from_id(i) == a, f"id round-trip of {a}"
            ids.add(i)
            before = fingerprint(state) if rng.random() < 0.05 else None
            state.apply_action(a, p)
            if before is not None:
                assert fingerprint(state) == before, "applying an action changed the old state"
        if try_all:
            assert len(ids) == len(dict.fromkeys(tried)), "two legal actions share an id"


def check_results(state: State, chips: bool | None = None) -> None:
    """The result API agrees with itself (what every front end reads: ranking, winners, losers, payoffs).

    ``chips``: the game declares chips (``GameInfo.chips``), so :meth:`State.payoffs` must give them; ``None``:
    whatever the state says. Payoffs are checked to sum to zero at the end: chips only change hands.
    """
    n = state.game.num_players
    assert isinstance(state.lower_is_better(), bool), "lower_is_better must be a bool"
    ranking, winners, losers = state.ranking(), state.winners(), state.losers()
    payoffs = state.payoffs()
    if chips is not None:
        assert (payoffs is not None) == chips, (
            "a game with chips must give payoffs()" if chips else "a game without chips must give payoffs() None"
        )
    if payoffs is not None:
        assert len(payoffs) == n, f"payoffs for {len(payoffs)} seats, not {n}"
        assert all(isinstance(x, int) and not isinstance(x, bool) for x in payoffs), f"payoffs not whole: {payoffs}"
    returns = state.returns()
    assert len(returns) == n, f"returns for {len(returns)} seats, not {n}"
    if not state.is_terminal():
        assert ranking == () and winners == () and losers == (), (
            f"a result before the end: ranking {ranking}, winners {winners}, losers {losers}"
        )
        assert not any(returns), f"returns {returns} before the end"
        return
    if winners:
        # A shared win counts as a fraction: k winners hold 1/k each, nobody else holds anything.
        assert all(abs(r - (1 / len(winners) if p in winners else 0)) < 1e-9 for p, r in enumerate(returns)), (
            f"returns {returns} are not the winners' {winners} shares"
        )
    else:
        assert not any(returns), f"returns {returns} without a winner"
    seats = [p for group in ranking for p in group]
    assert all(group for group in ranking), f"empty group in ranking {ranking}"
    assert sorted(seats) == list(range(n)), f"ranking {ranking} is not a partition of the {n} seats"
    assert all(list(group) == sorted(group) for group in ranking), f"tied seats not in seat order: {ranking}"
    if winners:
        assert set(winners) == set(ranking[0]), f"winners {winners} are not the first group of {ranking}"
    assert len(set(losers)) == len(losers) and set(losers) <= set(ranking[-1]), (
        f"losers {losers} not within the last group of {ranking}"
    )
    if len(ranking) == 1:
        assert not losers, f"everybody ties, yet {losers} lose"
    if payoffs is not None:
        assert sum(payoffs) == 0, f"payoffs {payoffs} do not sum to zero: chips were made or lost"


def components_text(state: State, player: int | None) -> str:
    """The neutral JSON of what ``player`` sees on the table, as a comparable string."""
    return json.dumps(components_json(state.components(player)), sort_keys=True)


def check_components(state: State, player: int | None) -> None:
    """The components are known kinds and round-trip through their neutral JSON; the translated form exists in
    every language without an error (a Phrase whose placeholders its parameters do not fill is caught here)."""
    comps = tuple(state.components(player))
    for c in comps:
        assert isinstance(c, Component) and KINDS.get(c.kind) is type(c), f"unknown component {c!r}"
    data = json.loads(json.dumps(components_json(comps)))
    assert components_from_json(data) == comps, "components JSON round-trip changed them"
    for ph in phrases(comps):
        try:
            ph.msgid.format(**{k: "x" for k in ph.params})
        except (KeyError, IndexError, ValueError) as exc:
            raise AssertionError(f"phrase {ph.msgid!r} lacks a parameter: {exc}") from exc
    names = [f"P{p}" for p in range(state.game.num_players)]
    for lang in LANGUAGES:
        translated = components_json(comps, lang, names)
        json.dumps(translated)
        for text in strings_in(translated):
            assert not PLACEHOLDER.search(text), f"untranslated placeholder in {text!r} ({lang})"


PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")
"""A ``{name}`` a translation left unfilled (``translate`` gives the text unformatted when its parameters do not fit
it, so a screen shows the brace instead of crashing; the checks find it)."""


def strings_in(data: Any) -> Iterator[str]:
    """Every string in a JSON-like value (dict keys left out)."""
    stack = [data]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            yield v
        elif isinstance(v, dict):
            stack.extend(v.values())
        elif isinstance(v, list | tuple):
            stack.extend(v)


def concrete_actions(state: State, listed: Action, player: int, rng: random.Random) -> list[Action]:
    """The concrete actions to try for one listed legal action: itself, or for a parameterised one its bounds and a
    random amount within them, after checking that the bounds are sane and the amounts just outside are refused."""
    free = amounts(listed)
    if not free:
        return [listed]
    json.dumps(listed.to_json())  # the description with its bounds goes to clients as it is
    out = []
    for name, amount in free.items():
        assert isinstance(amount.low, int) and isinstance(amount.high, int) and amount.low <= amount.high, (
            f"bad bounds of {listed}"
        )
        assert amount.high - amount.low < 10**9, f"unbounded amount in {listed}"
        for value in (amount.low, amount.high, rng.randint(amount.low, amount.high)):
            out.append(with_amount(listed, **{name: value}))
        for value in (amount.low - 1, amount.high + 1):
            outside = with_amount(listed, **{name: value})
            if any(covers(a, outside) for a in state.legal_actions(player) if a != listed):
                continue  # another listed action covers it
            assert not state.is_legal(outside, player), f"{outside} is outside {listed} but legal"
            try:
                state.apply_action(outside, player)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"{outside} is outside the bounds of {listed} but was accepted")
    # every other free field at some value inside, so a mixed concrete action exists
    return [with_amount(a, **{k: v.low for k, v in amounts(a).items()}) for a in out]


MAX_ALTERNATIVES = 300
"""Alternatives compared per node by :func:`check_event_views` (a sample beyond that: announcements run to
thousands)."""


def has_secrets(state: State) -> bool:
    """Does the game state anything but "all public" or hide anything from a view? Only then are event views
    checked (a game with neither is perfect information and every event is rightly public)."""
    cls = type(state)
    return cls.event_view is not State.event_view or cls.determinize is not State.determinize


def _shown_as(view: EventView, event: Action | Outcome, player: int | None) -> str:
    """What a seat learns from an event's statement, as a comparable key."""
    if view.show == "none":
        return "none"
    if view.show == "redacted":
        return json.dumps(["redacted", view.data, view.label, player if view.player else None], sort_keys=True)
    return json.dumps(["full", event.to_json(), player], sort_keys=True)


def check_event_views(state: State, rng: random.Random, max_alternatives: int | None = None) -> None:
    """The game's statement of each possible next event (:meth:`State.event_view`) against the views (and table
    components) after it.

    The alternatives are every outcome of a chance node or every legal action of every actor (a random sample of
    ``max_alternatives`` beyond that many, :data:`MAX_ALTERNATIVES` by default: short playouts of many cases take
    fewer per node and meet more nodes). For each seat and a spectator, grouped by what the seat is shown of them:

    * one group, one view: alternatives shown alike must leave the seat's view alike — else the view tells what the
      move list hides (or the move list hides what is no secret: "only what is secret is hidden");
    * an event the seat is not told about at all leaves its view as it was;
    * different groups, different views: else the move list tells the seat more than its view does (a leak).
    """
    n = state.game.num_players
    alts: list[tuple[Action | Outcome, int | None]]
    if state.is_chance():
        alts = [(o, None) for o, _ in state.chance_outcomes()]
    else:
        # a move with an amount stands for all its amounts: one drawn within the bounds is its representative
        alts = [(sample_action(a, rng), p) for p in state.actors() for a in state.legal_actions(p)]
    limit = MAX_ALTERNATIVES if max_alternatives is None else max_alternatives
    if len(alts) > limit:
        alts = rng.sample(alts, limit)
    afters = [
        state.apply_outcome(e) if p is None else state.apply_action(e, p)  # type: ignore[arg-type]
        for e, p in alts
    ]
    seats: list[int | None] = [*range(n), None]
    after_views = [[_seen(after, seat) for seat in seats] for after in afters]
    for k, seat in enumerate(seats):
        before = _seen(state, seat)
        groups: dict[str, set[str]] = {}
        everyone: dict[str, set[str]] = {}
        for (e, p), views in zip(alts, after_views, strict=True):
            key = _shown_as(state.event_view(e, p, seat), e, p)
            groups.setdefault(key, set()).add(views[k])
            everyone.setdefault(key, set()).add("\n".join(views))
            if key == "none":
                assert views[k] == before, f"seat {seat} is not told of {e} by {p}, but his view changes"
        for key, views_k in groups.items():
            assert len(views_k) == 1, f"seat {seat} is shown {key} alike for events that leave different views"
        seen: dict[str, str] = {}
        for key, views_k in groups.items():
            (view,) = views_k
            other = seen.setdefault(view, key)
            # Told apart what his view does not tell apart: a leak only if somebody's view does (a secret), not
            # when the views of all forget it alike (who called, once the round is over).
            assert other == key or "none" in (key, other) or everyone[key] == everyone[other], (
                f"seat {seat} is told {key} and {other} apart, but his view is the same: the event tells more"
            )


def _seen(state: State, seat: int | None) -> str:
    """Everything a seat sees of a state: its view and its table components."""
    return json.dumps(state.view(seat), sort_keys=True) + "\n" + components_text(state, seat)


class Chooser(Protocol):
    """Whatever picks a seat's move: a bot of :mod:`wuerfel.bots` fits without this module importing it (the
    engine is the bottom layer; bots build on it)."""

    def choose(self, state: State, player: int) -> Action: ...


class _UniformChooser:
    """Uniform over the legal actions, an amount drawn within its bounds: the default fuzzer. It draws exactly as
    ``wuerfel.bots.RandomBot`` with the same seed does (a test holds the two together), so a seed's playthrough is
    the same whether a test passes random bots or none."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, player: int) -> Action:
        actions = list(state.legal_actions(player))
        assert actions, f"seat {player} is to move but has no legal action"
        return sample_action(self.rng.choice(actions), self.rng)


def chip_ledgers(state: State) -> dict[str, ChipLedger]:
    """The chip ledgers (:mod:`wuerfel.engine.chips`) a dataclass state holds in its fields, by field name."""
    if not dataclasses.is_dataclass(state):
        return {}
    return {f.name: v for f in dataclasses.fields(state) if isinstance(v := getattr(state, f.name), ChipLedger)}


class ChipAudit:
    """Chips are conserved along one game: call :meth:`check` on every state of it in order.

    Two statements are held, both generic: every chip ledger the state holds keeps the total it had when first seen
    (a ledger only moves chips; one that appears late, such as a settlement at the end, from then on), and the
    seats' net payoffs plus the chips lying in the ledgers' pools (pot, board, bank) stay what they were at the
    first state — a chip a seat lost lies in a pool or with another seat. :func:`check_results` adds that the
    payoffs sum to zero at the end.
    """

    def __init__(self) -> None:
        self.totals: dict[str, int] = {}
        self.balance: int | None = None

    def check(self, state: State) -> None:
        ledgers = chip_ledgers(state)
        for name, ledger in ledgers.items():
            total = ledger.total()
            first = self.totals.setdefault(name, total)
            assert total == first, f"the chips of ledger {name!r} went from {first} to {total}"
        payoffs = state.payoffs()
        if payoffs is None:
            return
        balance = sum(payoffs) + sum(amount for ledger in ledgers.values() for _, amount in ledger.pools)
        if self.balance is None:
            self.balance = balance
        assert balance == self.balance, (
            f"net payoffs {payoffs} and the pools make {balance}, not {self.balance} as at the start: chips were "
            "made or lost"
        )


def playout(
    match: Match,
    seed: int,
    bots: Sequence[Chooser],
    max_steps: int,
    until_end: bool = True,
    check: bool = True,
    chips: bool | None = None,
    max_alternatives: int | None = None,
    full_checks: int = 400,
    per_node: Callable[[State, int], None] | None = None,
) -> Match:
    """Play ``match`` on with ``bots`` (one per seat) and a seeded source, checking every node it reaches.

    ``max_steps`` bounds the events played; ``until_end``: the game must end within them (else it may stop there,
    every node it met checked — a short playout of the conformance suite). ``full_checks``: nodes at which every
    legal action is tried (later ones try a random one, and every tenth all). ``per_node(state, step)`` runs further
    checks at every node (the suite draws it in the terminal). Chips are audited (:class:`ChipAudit`) and the record
    replays exactly, also when the playout stops before the end.
    """
    rng = random.Random(seed)
    source = SeededSource(seed)
    audit = ChipAudit()
    steps = 0
    while True:
        state = match.state
        if check:
            check_node(
                state,
                rng,
                try_all=steps < full_checks or rng.random() < 0.1,
                chips=chips,
                max_alternatives=max_alternatives,
            )
            audit.check(state)
            if per_node is not None:
                per_node(state, steps)
        if state.is_terminal():
            break
        if steps >= max_steps:
            assert not until_end, f"game did not end within {max_steps} steps"
            break
        if state.is_chance():
            match.chance(source.choose(state))
        else:
            actors = state.actors()
            p = actors[0] if len(actors) == 1 else rng.choice(actors)
            match.act(bots[p].choose(state, p), p)
        steps += 1
    if check:
        check_replay(match)
    return match


def random_playthrough(
    match: Match,
    seed: int,
    max_steps: int = 20_000,
    bots: Sequence[Chooser] | None = None,
    check: bool = True,
    chips: bool | None = None,
    max_alternatives: int | None = None,
    full_checks: int = 400,
) -> Match:
    """Play one game to its end with random (or given) bots and a seeded source, checking every node (``chips``:
    the game's ``GameInfo.chips``, see :func:`check_results`; ``max_alternatives``, ``full_checks``: see
    :func:`playout`)."""
    n = match.game.num_players
    players: Sequence[Chooser] = bots if bots is not None else [_UniformChooser(seed * 101 + p) for p in range(n)]
    return playout(
        match,
        seed,
        players,
        max_steps,
        check=check,
        chips=chips,
        max_alternatives=max_alternatives,
        full_checks=full_checks,
    )


def check_replay(match: Match) -> None:
    """The record replays to the same state, and survives a JSON round-trip unchanged."""
    text = match.record.dumps()
    again = GameRecord.loads(text)
    assert again.dumps() == text, "record JSON round-trip changed the record"
    assert fingerprint(again.replay()) == fingerprint(match.state), "replay does not rebuild the same state"
