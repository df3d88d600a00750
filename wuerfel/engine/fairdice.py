"""Provably fair dice: commit to a secret before a throw, derive the throw from it, reveal it with the dice.

Why: the oldest complaint of every online dice game is "the dice are rigged". Here every throw the server makes is a
deterministic, unbiased function of

* a **per-throw secret** (32 bytes from the OS's CSPRNG, :func:`new_secret`), whose SHA-256 hash (the
  *commitment*) is published before the throw: the first throw's at the start (``meta["dice"]["next"]``), every
  later one's in the event of the throw before it (``proof["next"]``), so before every decision in between, and
* the table's **combined seed**: the SHA-256 of the seeds the seats contributed when the game started (each
  browser sends a random seed when its player sits down; bots and people whose client sent none get one made by
  the server, marked ``"by": "server"``), fixed before the first commitment.

The throw's event then carries the secret, so anybody can recompute the dice (:func:`derive`) and check the
commitment (:func:`verify_record`, the ``wuerfel verify`` command). Secrets are independent per throw: revealing
one tells nothing about another, so a throw that is never shown (the concealed cup of Verdecktes Würfelpoker) keeps
its secret, and the public record carries only its commitment.

Derivation (version 1), exact and unbiased:

* a chance node whose outcomes are exactly *n* independent fair dice over the same faces (every multiset present
  with its multinomial probability) is thrown die by die: die *i* is ``faces[uniform_below(k, stream_i)]`` where
  ``stream_i`` is the byte stream HMAC-SHA256(secret, ``"wuerfel-dice-v1|{seed}|die|{i}|{counter}"``) for counter
  0, 1, …; the dice sorted name the engine's outcome;
* any other chance node (a lot, a shuffle, loaded odds of a special die) draws one whole number ``u`` below the
  common denominator ``D`` of its :class:`~fractions.Fraction` probabilities from the stream
  ``"wuerfel-dice-v1|{seed}|outcome|{counter}"`` and takes the outcome whose cumulative interval holds ``u``
  (inverse CDF over exact fractions, in the order ``chance_outcomes()`` lists them: that order is part of the
  derivation, so a game must not reorder the outcomes of such a node without a new derivation version).

:func:`uniform_below` reads ``w`` bytes at a time (the fewest that hold ``k - 1``) and rejects values at or above
the largest multiple of ``k`` below ``256**w`` (:func:`acceptance_limit`), so every result has exactly the same
number of byte strings mapping to it: no modulo bias.

A person's tap ("Würfeln") and a move whose throw follows at once may carry a fresh seed of his browser
(``proof["tap"]``, :func:`throw_seed`): it reaches the server after that throw's commitment, so not even a server
that tried many secrets before committing could choose such a throw. The throws of bots and the table's own throws
have no such seed: for them the proof rules out changing a throw after it was announced, and any bias of an honest
secret, but not a server that tried secrets until it liked the next throw (docs/web.md). A scorekeeper table's dice
are typed in from real dice and carry no proof.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import math
import secrets
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from wuerfel.engine.errors import N_
from wuerfel.engine.game import JSON, Outcome
from wuerfel.engine.record import apply_event
from wuerfel.engine.record import public_proof as public_proof

VERSION = 1
LABEL = "wuerfel-dice-v1"
SEED_HEX_MAX = 64


def new_secret() -> str:
    """A fresh per-throw secret from the OS's CSPRNG (hex of 32 bytes)."""
    return secrets.token_hex(32)


def new_seed() -> str:
    """A seed the server contributes for a seat that sent none (a bot, an old client)."""
    return secrets.token_hex(16)


def commitment(secret_hex: str) -> str:
    """The published commitment of a secret: SHA-256 of its bytes, hex."""
    return hashlib.sha256(bytes.fromhex(secret_hex)).hexdigest()


def valid_seed(seed: Any) -> str | None:
    """A client's seed normalised (1 to 64 hex digits, lower case), or None when it is not one."""
    if not isinstance(seed, str) or not 0 < len(seed) <= SEED_HEX_MAX:
        return None
    try:
        int(seed, 16)
    except ValueError:
        return None
    return seed.lower()


def combine_seeds(seeds: Sequence[str]) -> str:
    """The table's combined seed: SHA-256 over the seats' seeds in seat order."""
    return hashlib.sha256("|".join((LABEL, *seeds)).encode()).hexdigest()


def throw_seed(seed: str, tap: str | None) -> str:
    """The seed one throw is derived with: the combined seed, followed by the tap's seed when the person whose tap
    or move made the throw sent one (``proof["tap"]``)."""
    return seed if tap is None else f"{seed}|{tap}"


class Stream:
    """The byte stream HMAC-SHA256(secret, ``label|counter``) for counter 0, 1, …, read a few bytes at a time."""

    def __init__(self, secret_hex: str, label: str) -> None:
        self.key = bytes.fromhex(secret_hex)
        self.label = label
        self.counter = 0
        self.buf = b""

    def take(self, n: int) -> bytes:
        while len(self.buf) < n:
            self.buf += hmac.digest(self.key, f"{self.label}|{self.counter}".encode(), "sha256")
            self.counter += 1
        out, self.buf = self.buf[:n], self.buf[n:]
        return out


def draw_width(k: int) -> int:
    """Bytes read per attempt when drawing below ``k``: the fewest that hold ``k - 1`` (at least one)."""
    return max(1, ((k - 1).bit_length() + 7) // 8)


def acceptance_limit(k: int) -> int:
    """Values read below this are accepted (``value % k``), the rest are rejected and read again: the largest
    multiple of ``k`` not above ``256**w``."""
    space = 256 ** draw_width(k)
    return space - space % k


def uniform_below(k: int, stream: Stream) -> int:
    """An unbiased whole number in ``[0, k)`` by rejection sampling from ``stream``."""
    if k < 1:
        raise ValueError("k must be positive")
    w, limit = draw_width(k), acceptance_limit(k)
    while True:
        x = int.from_bytes(stream.take(w), "big")
        if x < limit:
            return x % k


@dataclasses.dataclass(frozen=True)
class Plan:
    """How a chance node's outcome is derived: die by die (``faces`` set) or by inverse CDF (``weights``)."""

    outcomes: tuple[Outcome, ...]
    faces: tuple[int, ...] = ()
    count: int = 0
    by_dice: dict[tuple[int, ...], Outcome] = dataclasses.field(default_factory=dict)
    weights: tuple[int, ...] = ()
    denominator: int = 1

    @property
    def per_die(self) -> bool:
        return bool(self.faces)


def _multinomial(n: int, counts: Sequence[int]) -> int:
    out = math.factorial(n)
    for c in counts:
        out //= math.factorial(c)
    return out


def _dice_plan(live: Sequence[tuple[Outcome, Fraction]]) -> Plan | None:
    """The per-die plan when ``live`` is exactly the distribution of n independent fair dice over one face set."""
    by: dict[tuple[int, ...], Outcome] = {}
    n = None
    for o, _ in live:
        dice = getattr(o, "dice", None)
        if not isinstance(dice, tuple) or not all(isinstance(d, int) and not isinstance(d, bool) for d in dice):
            return None
        if n is None:
            n = len(dice)
        key = tuple(sorted(dice))
        if len(dice) != n or key in by:
            return None
        by[key] = o
    if not n:
        return None
    faces = tuple(sorted({d for key in by for d in key}))
    k = len(faces)
    if len(by) != math.comb(n + k - 1, n):
        return None
    for o, p in live:
        key = tuple(sorted(o.dice))  # type: ignore[attr-defined]
        if p != Fraction(_multinomial(n, list(Counter(key).values())), k**n):
            return None
    return Plan(outcomes=tuple(o for o, _ in live), faces=faces, count=n, by_dice=by)


_plans: dict[int, tuple[Sequence[tuple[Outcome, Fraction]], Plan]] = {}


def plan(outcomes: Sequence[tuple[Outcome, Fraction]]) -> Plan:
    """The derivation plan of a chance node (cached per outcome list: games hand out the same tuple again)."""
    hit = _plans.get(id(outcomes))
    if hit is not None and hit[0] is outcomes:
        return hit[1]
    live = [(o, p) for o, p in outcomes if p > 0]
    made = _dice_plan(live)
    if made is None:
        den = math.lcm(*(p.denominator for _, p in live))
        made = Plan(outcomes=tuple(o for o, _ in live), weights=tuple(int(p * den) for _, p in live), denominator=den)
    if len(_plans) > 512:
        _plans.clear()
    _plans[id(outcomes)] = (outcomes, made)
    return made


def derive(outcomes: Sequence[tuple[Outcome, Fraction]], secret_hex: str, seed: str) -> Outcome:
    """The outcome of a chance node given the throw's secret and the table's combined seed (see the module)."""
    pl = plan(outcomes)
    if not pl.outcomes:
        raise ValueError("no chance node: nothing to throw")
    if pl.per_die:
        k = len(pl.faces)
        dice = [pl.faces[uniform_below(k, Stream(secret_hex, f"{LABEL}|{seed}|die|{i}"))] for i in range(pl.count)]
        return pl.by_dice[tuple(sorted(dice))]
    u = uniform_below(pl.denominator, Stream(secret_hex, f"{LABEL}|{seed}|outcome"))
    acc = 0
    for o, w in zip(pl.outcomes, pl.weights, strict=True):
        acc += w
        if u < acc:
            return o
    raise AssertionError("weights sum to the denominator")  # pragma: no cover - exact fractions sum to 1


def throw_proof(
    outcomes: Sequence[tuple[Outcome, Fraction]],
    secret_hex: str,
    seat: int | None,
    hidden: bool,
    tap: str | None = None,
) -> JSON:
    """The proof a throw's event carries: commitment and secret, plus what the dice statistics read without a
    replay (whose throw, the faces of its dice, whether the throw was hidden from anybody when it fell)."""
    proof: JSON = {"commit": commitment(secret_hex), "secret": secret_hex}
    pl = plan(outcomes)
    if pl.per_die:
        proof["faces"] = list(pl.faces)
    if seat is not None:
        proof["seat"] = seat
    if hidden:
        proof["hidden"] = True
    if tap is not None:
        proof["tap"] = tap
    return proof


# --- verification -------------------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Failure:
    """One failed check: the event's index (None: the record's seeds) and a msgid with its parameters."""

    index: int | None
    msgid: str
    params: dict[str, Any] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass
class Verification:
    """The outcome of :func:`verify_record`."""

    has_proof: bool
    throws: int = 0
    checked: int = 0
    concealed: int = 0
    failures: list[Failure] = dataclasses.field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.has_proof and not self.failures

    def to_json(self) -> JSON:
        return {
            "proof": self.has_proof,
            "ok": self.ok,
            "throws": self.throws,
            "checked": self.checked,
            "concealed": self.concealed,
            "failures": [{"index": f.index, "msgid": f.msgid, "params": f.params} for f in self.failures],
        }


def _hex(value: Any, length: int) -> bool:
    if not isinstance(value, str) or len(value) != length:
        return False
    try:
        bytes.fromhex(value)
    except ValueError:
        return False
    return True


def verify_record(record: Any) -> Verification:
    """Recompute every shown throw of a :class:`~wuerfel.engine.record.GameRecord` and check every commitment.

    A record without ``meta["dice"]`` and without any proof (older records, scorekeeper tables) carries no proof;
    that is reported (``has_proof`` false), not a failure. Throws whose secret the record does not hold (concealed
    from the record's reader) are counted as concealed and only their commitment is seen.
    """
    from wuerfel.engine.errors import WuerfelError

    meta = record.meta.get("dice") if isinstance(record.meta, dict) else None
    if not isinstance(meta, dict) and not any(ev.proof for ev in record.events):
        return Verification(has_proof=False, throws=sum(ev.type == "chance" for ev in record.events))
    out = Verification(has_proof=True)
    if not isinstance(meta, dict):
        out.failures.append(Failure(None, N_("The record has proofs but no seeds.")))
        return out
    seeds = meta.get("seeds")
    seed = meta.get("seed")
    try:
        given = [str(s["seed"]) for s in seeds]  # type: ignore[union-attr]
    except (TypeError, KeyError):
        given = None
    if given is None or len(given) != len(record.players) or combine_seeds(given) != seed:
        out.failures.append(Failure(None, N_("The combined seed does not match the seats' seeds.")))
        return out
    filtered = "seen_by" in record.meta
    game = record.make_game()
    state = game.new_initial_state()
    announced = meta.get("next")
    for i, ev in enumerate(record.events):
        proof = ev.proof if isinstance(ev.proof, dict) else None
        if ev.type == "chance" and not state.is_chance():
            out.failures.append(Failure(i, N_("Event {index} does not apply to the game."), {"index": i}))
            return out
        if ev.type == "chance":
            out.throws += 1
            commit = proof.get("commit") if proof else None
            if not _hex(commit, 64):
                out.failures.append(Failure(i, N_("Event {index}: the throw carries no commitment."), {"index": i}))
            elif announced is None and not filtered:
                out.failures.append(
                    Failure(i, N_("Event {index}: the throw's commitment was not announced before it."), {"index": i})
                )
            elif announced is not None and announced != commit:
                out.failures.append(
                    Failure(
                        i, N_("Event {index}: the throw's commitment is not the one announced before it."), {"index": i}
                    )
                )
            elif proof is not None and "secret" in proof:
                secret = proof["secret"]
                if not _hex(secret, 64) or commitment(secret) != commit:
                    out.failures.append(
                        Failure(
                            i, N_("Event {index}: the revealed secret does not match the commitment."), {"index": i}
                        )
                    )
                elif "tap" in proof and valid_seed(proof["tap"]) != proof["tap"]:
                    out.failures.append(Failure(i, N_("Event {index}: the throw's seed is malformed."), {"index": i}))
                else:
                    want = derive(state.chance_outcomes(), secret, throw_seed(str(seed), proof.get("tap")))
                    try:
                        got = game.outcome_from_json(ev.data)
                    except WuerfelError:
                        got = None
                    if got != want:
                        out.failures.append(
                            Failure(
                                i,
                                N_("Event {index}: the dice shown are not the ones its secret gives ({dice})."),
                                {"index": i, "dice": _dice_text(want)},
                            )
                        )
                    else:
                        out.checked += 1
            else:
                out.concealed += 1
        if ev.type == "chance":
            announced = None  # a commitment is good for one throw
        if proof is not None and "next" in proof:
            announced = proof["next"]
        try:
            state = apply_event(game, state, ev, i)
        except WuerfelError:
            out.failures.append(Failure(i, N_("Event {index} does not apply to the game."), {"index": i}))
            return out
    return out


def _dice_text(outcome: Outcome) -> str:
    dice = getattr(outcome, "dice", None)
    if isinstance(dice, tuple):
        return " ".join(str(d) for d in dice)
    return str(outcome.to_json())


# --- dice statistics ----------------------------------------------------------------------------------------------
def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-square variable with ``df`` degrees of freedom (exact closed forms: the regularised
    upper incomplete gamma function Q(df/2, x/2) for whole and half-whole shape; no SciPy needed)."""
    if df < 1:
        raise ValueError("df must be at least 1")
    if x <= 0:
        return 1.0
    h = x / 2
    if df % 2 == 0:
        term, total = 1.0, 1.0
        for j in range(1, df // 2):
            term *= h / j
            total += term
        return min(1.0, math.exp(-h) * total)
    total = math.erfc(math.sqrt(h))
    term = math.sqrt(h) / math.gamma(1.5)  # h^(j+1/2) / Gamma(j+3/2) for j = 0
    for j in range(df // 2):
        if j:
            term *= h / (j + 0.5)
        total += math.exp(-h) * term
    return min(1.0, total)


JUDGE_EXPECTED = 10
"""Dice per face fair dice lead one to expect before a test is judged (60 for a W6). Below it the chi-square
approximation is rough and a rare count says little: after 28 dice a profile called its dice "unusual" on a site
whose every throw can be checked (issue 24, web U11)."""


def face_test(counts: dict[int, int], faces: Sequence[int]) -> JSON:
    """Counts per face against fair dice: the chi-square statistic, its degrees of freedom and p-value, and whether
    there are dice enough to judge (``judged``; ``judge_from``: how many)."""
    n = sum(counts.get(f, 0) for f in faces)
    k = len(faces)
    out: JSON = {
        "faces": list(faces),
        "counts": [counts.get(f, 0) for f in faces],
        "dice": n,
        "df": k - 1,
        "judge_from": JUDGE_EXPECTED * k,
        "judged": n >= JUDGE_EXPECTED * k,
    }
    if n == 0 or k < 2:
        out.update(chi2=None, p=None)
        return out
    e = n / k
    chi2 = sum((counts.get(f, 0) - e) ** 2 / e for f in faces)
    out.update(chi2=chi2, p=chi2_sf(chi2, k - 1))
    return out


def dice_statistics(games: Sequence[tuple[Sequence[int], Sequence[Any]]]) -> JSON:
    """A player's dice statistics over ``games``: (his seats, the game's events) each. Counted are the dice of
    throws made for his seats that carry a proof and were shown to everybody when they fell; grouped by die kind
    (the set of faces), each with its chi-square goodness-of-fit test against fair dice."""
    kinds: dict[tuple[int, ...], Counter[int]] = {}
    throws = 0
    for seats, events in games:
        mine = set(seats)
        for ev in events:
            proof = ev.proof if isinstance(ev.proof, dict) else None
            if ev.type != "chance" or proof is None or proof.get("hidden") or proof.get("seat") not in mine:
                continue
            faces = proof.get("faces")
            dice = ev.data.get("dice") if isinstance(ev.data, dict) else None
            if not isinstance(faces, list) or not isinstance(dice, list) or not faces:
                continue
            throws += 1
            c = kinds.setdefault(tuple(faces), Counter())
            c.update(d for d in dice if d in faces)
    return {"throws": throws, "kinds": [{"name": f"W{len(f)}", **face_test(c, f)} for f, c in sorted(kinds.items())]}
