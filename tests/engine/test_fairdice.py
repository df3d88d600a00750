"""Provably fair dice (wuerfel.engine.fairdice): the derivation is exact and unbiased, and verify catches tampering.

The records here are played offline the way the server plays them (commit before the throw, derive, reveal); the
live server's own records are verified in tests/server/test_fair_dice.py.
"""

from __future__ import annotations

import dataclasses
import hashlib
import math
from collections import Counter
from fractions import Fraction

import pytest

from wuerfel.bots.base import RandomBot
from wuerfel.engine import fairdice as fd
from wuerfel.engine.game import Roll
from wuerfel.engine.record import Event, GameRecord, Match, event_statement
from wuerfel.engine.registry import all_games, get_game


def secret_of(i: int, salt: str = "t") -> str:
    """Deterministic secrets for reproducible tests (the server's come from the OS's CSPRNG)."""
    return hashlib.sha256(f"{salt}:{i}".encode()).hexdigest()


def proved_game(game_id: str, n: int = 2, seed: int = 1, salt: str = "t") -> GameRecord:
    """A whole game between random bots, every throw committed before it falls and revealed with its dice."""
    seeds = [hashlib.sha256(f"seed{seed}:{s}".encode()).hexdigest()[:32] for s in range(n)]
    combined = fd.combine_seeds(seeds)
    meta = {
        "dice": {
            "v": 1,
            "seeds": [{"seat": s, "seed": x, "by": "player"} for s, x in enumerate(seeds)],
            "seed": combined,
        }
    }
    m = Match.new(game_id, None, [f"p{s}" for s in range(n)], meta=meta)
    bot = RandomBot(seed)
    count = 0
    pending: list[str] = []

    def announce() -> None:
        """As the server does: at the start and with every throw, the next throw's commitment."""
        nonlocal count
        secret = secret_of(count, salt)
        count += 1
        pending[:] = [secret]
        if not m.record.events:
            m.record.meta["dice"]["next"] = fd.commitment(secret)
        else:
            ev = m.record.events[-1]
            m.record.events[-1] = dataclasses.replace(ev, proof={**(ev.proof or {}), "next": fd.commitment(secret)})

    announce()
    for _ in range(5000):
        st = m.state
        if st.is_terminal():
            break
        if st.is_chance():
            outs = st.chance_outcomes()
            o = fd.derive(outs, pending[0], combined)
            hidden = event_statement(st, o, None) is not None
            m.chance(o, fd.throw_proof(outs, pending[0], st.thrower(), hidden))
            announce()
        else:
            seat = st.actors()[0]
            m.act(bot.choose(st, seat), seat)
    assert m.state.is_terminal()
    return m.record


# --- the derivation ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("k", [2, 3, 6, 7, 10, 20, 255, 256, 257, 7776])
def test_acceptance_region_gives_every_value_equally_often(k: int) -> None:
    """Exact: of all ``256**w`` byte strings read, exactly ``limit`` are accepted and each result has the same
    number of preimages; the rejected rest is smaller than k (so at most half is ever rejected)."""
    w = fd.draw_width(k)
    space = 256**w
    limit = fd.acceptance_limit(k)
    assert limit % k == 0 and 0 <= space - limit < k and limit >= space // 2
    if space <= 65536:
        per = Counter(x % k for x in range(limit))
        assert set(per.values()) == {limit // k} and len(per) == k


def test_uniform_below_rejects_the_values_above_the_limit() -> None:
    """A six-sided die reads one byte; 252 … 255 are thrown away and the next byte is read."""

    class Fixed(fd.Stream):
        def __init__(self, data: bytes) -> None:
            self.buf = data

        def take(self, n: int) -> bytes:
            out, self.buf = self.buf[:n], self.buf[n:]
            return out

    assert fd.acceptance_limit(6) == 252
    assert fd.uniform_below(6, Fixed(bytes([251]))) == 251 % 6
    assert fd.uniform_below(6, Fixed(bytes([252, 255, 253, 7]))) == 7 % 6
    assert fd.uniform_below(7776, Fixed((65535).to_bytes(2, "big") + (7777).to_bytes(2, "big"))) == 1


def test_derived_dice_pass_a_chi_square_test() -> None:
    """60 000 derived dice of a fixed seed and fixed secrets (deterministic, never flaky): the counts per face fit a
    fair die, and so do the sums of two dice derived as one throw."""
    info = get_game("wuerfelspiel")
    game = info.new_game(info.rules_from_dict(info.resolve(None).data), 1)
    outs = game.new_initial_state().chance_outcomes()
    assert fd.plan(outs).per_die and fd.plan(outs).count == 5
    faces: Counter[int] = Counter()
    for i in range(12000):
        faces.update(fd.derive(outs, secret_of(i, "chi"), "fixed-seed").dice)  # type: ignore[attr-defined]
    test = fd.face_test(faces, range(1, 7))
    assert test["dice"] == 60000
    assert test["p"] > 0.001, test
    assert test["judged"]


def test_a_few_dice_are_not_judged() -> None:
    """28 dice of a profile were called "unusual" (issue 24, web U11): a test is judged from 10 expected dice per
    face on (60 for a W6); below that the statistic is still given, with ``judged`` false."""
    few = fd.face_test({1: 11, 2: 8, 3: 4, 4: 3, 5: 1, 6: 1}, range(1, 7))
    assert few["dice"] == 28 and few["p"] < 0.01 and not few["judged"] and few["judge_from"] == 60
    assert fd.face_test({f: 10 for f in range(1, 7)}, range(1, 7))["judged"]


def test_inverse_cdf_follows_exact_fractions() -> None:
    """A chance node that is no set of fair dice (uneven odds) is drawn by inverse CDF over its fractions."""

    @dataclasses.dataclass(frozen=True)
    class Lot(fd.Outcome):
        kind = "lot"
        seat: int

    outs = ((Lot(0), Fraction(1, 6)), (Lot(1), Fraction(1, 3)), (Lot(2), Fraction(1, 2)), (Lot(3), Fraction(0)))
    pl = fd.plan(outs)
    assert not pl.per_die and pl.denominator == 6 and pl.weights == (1, 2, 3)
    got = Counter(fd.derive(outs, secret_of(i, "lot"), "s").seat for i in range(6000))  # type: ignore[attr-defined]
    assert 3 not in got
    chi2 = sum((got[s] - 6000 * p) ** 2 / (6000 * p) for s, p in ((0, 1 / 6), (1, 1 / 3), (2, 1 / 2)))
    assert fd.chi2_sf(chi2, 2) > 0.001


def test_dice_of_unequal_odds_are_not_thrown_die_by_die() -> None:
    """Only the exact multinomial distribution of fair dice is thrown per die: loaded odds fall back to the CDF."""
    outs = ((Roll((1,)), Fraction(1, 2)), (Roll((2,)), Fraction(1, 4)), (Roll((3,)), Fraction(1, 4)))
    assert not fd.plan(outs).per_die
    fair = ((Roll((1,)), Fraction(1, 3)), (Roll((2,)), Fraction(1, 3)), (Roll((3,)), Fraction(1, 3)))
    assert fd.plan(fair).per_die and fd.plan(fair).faces == (1, 2, 3)


def test_derivation_depends_on_secret_and_seed() -> None:
    info = get_game("zehntausend")
    outs = info.new_game(info.rules_from_dict(info.resolve(None).data), 2).new_initial_state().chance_outcomes()
    a = [fd.derive(outs, secret_of(i), "seed-a") for i in range(20)]
    assert a == [fd.derive(outs, secret_of(i), "seed-a") for i in range(20)]
    assert a != [fd.derive(outs, secret_of(i), "seed-b") for i in range(20)]


@pytest.mark.parametrize("df", [1, 2, 3, 4, 5, 6, 9, 19])
def test_chi2_survival_function_matches_known_values(df: int) -> None:
    """Against the incomplete gamma series (independent of the closed forms used), and the 5 % critical values."""

    def series(x: float, s: float) -> float:  # P(s, x) lower regularised, by its power series
        term = total = 1 / s
        n = 0
        while term > 1e-17 * total:
            n += 1
            term *= x / (s + n)
            total += term
        return math.exp(-x + s * math.log(x) - math.lgamma(s)) * total

    for x in (0.3, 1.0, 4.0, 11.07, 30.0):
        assert fd.chi2_sf(x, df) == pytest.approx(1 - series(x / 2, df / 2), abs=1e-9)
    critical = {1: 3.841, 2: 5.991, 3: 7.815, 4: 9.488, 5: 11.070, 6: 12.592, 9: 16.919, 19: 30.144}
    assert fd.chi2_sf(critical[df], df) == pytest.approx(0.05, abs=2e-4)


# --- verification -----------------------------------------------------------------------------------------------
def test_a_proved_game_verifies() -> None:
    rec = proved_game("zehntausend")
    res = fd.verify_record(GameRecord.loads(rec.dumps()))
    assert res.ok and res.checked == res.throws > 3 and res.concealed == 0


def test_one_altered_die_fails_naming_the_event() -> None:
    rec = GameRecord.loads(proved_game("wuerfelspiel").dumps())
    i, ev = next((i, ev) for i, ev in enumerate(rec.events) if ev.type == "chance" and len(ev.data["dice"]) >= 2)
    dice = list(ev.data["dice"])
    dice[0] = dice[0] % 6 + 1  # still a legal throw, so the game replays
    rec.events[i] = dataclasses.replace(ev, data={**ev.data, "dice": sorted(dice)})
    res = fd.verify_record(rec)
    assert not res.ok
    # The first failure names the altered throw (a move after it may then no longer apply either).
    assert res.failures[0].index == i
    assert "not the ones its secret gives" in res.failures[0].msgid


def test_altered_secret_or_commitment_fails() -> None:
    rec = GameRecord.loads(proved_game("wuerfelspiel").dumps())
    i, ev = next((i, ev) for i, ev in enumerate(rec.events) if ev.type == "chance")
    bad = dict(ev.proof or {})
    bad["secret"] = secret_of(999, "other")
    rec.events[i] = dataclasses.replace(ev, proof=bad)
    res = fd.verify_record(rec)
    assert [(f.index, "secret does not match" in f.msgid) for f in res.failures] == [(i, True)]
    # A secret and commitment replaced together still disagree with the commitment announced before the throw.
    bad["commit"] = fd.commitment(bad["secret"])
    rec.events[i] = dataclasses.replace(ev, proof=bad)
    res = fd.verify_record(rec)
    assert [(f.index, "not the one announced" in f.msgid) for f in res.failures] == [(i, True)]


def test_a_throw_with_a_tap_seed_verifies_and_a_changed_tap_fails() -> None:
    """A tap's seed joins the combined seed for that throw only: the record verifies with it, not with another."""
    info = get_game("zehntausend")
    game = info.new_game(info.rules_from_dict(info.resolve(None).data), 2)
    rec = proved_game("zehntausend")
    i, ev = next((i, ev) for i, ev in enumerate(rec.events) if ev.type == "chance")
    state = list(rec.states())[i]
    seed = rec.meta["dice"]["seed"]
    outs = state.chance_outcomes()
    secret = ev.proof["secret"]  # type: ignore[index]
    tap = next(
        t
        for t in (f"{n:04x}" for n in range(100))
        if fd.derive(outs, secret, fd.throw_seed(seed, t)) != game.outcome_from_json(ev.data)
    )
    rec.events[i] = dataclasses.replace(
        ev, data=fd.derive(outs, secret, fd.throw_seed(seed, tap)).to_json(), proof={**(ev.proof or {}), "tap": tap}
    )
    rec.events[i + 1 :] = []  # the rest of the game followed the old throw
    assert fd.verify_record(rec).ok
    rec.events[i] = dataclasses.replace(rec.events[i], proof={**(rec.events[i].proof or {}), "tap": tap + "0"})
    res = fd.verify_record(rec)
    assert res.failures[0].index == i
    assert "not the ones its secret gives" in res.failures[0].msgid


def test_altered_seed_fails() -> None:
    rec = GameRecord.loads(proved_game("zehntausend").dumps())
    rec.meta["dice"]["seeds"][1]["seed"] = "00"
    res = fd.verify_record(rec)
    assert not res.ok and res.failures[0].index is None


def test_old_records_carry_no_proof() -> None:
    m = Match.new("zehntausend", None, ["a", "b"])
    from wuerfel.engine.sources import SeededSource

    m.resolve_chance(SeededSource(1))
    res = fd.verify_record(GameRecord.loads(m.record.dumps()))
    assert not res.has_proof and not res.ok and res.throws == 1 and not res.failures


def test_concealed_throws_keep_their_secret_in_the_public_record() -> None:
    """Verdecktes Würfelpoker: a throw under the cup keeps its secret out of every record but its thrower's; the
    public record still verifies every shown throw, and counts the concealed ones."""
    rec = proved_game("verdecktes-wuerfelpoker", n=2, seed=3)
    hidden = [i for i, ev in enumerate(rec.events) if ev.type == "chance" and (ev.proof or {}).get("hidden")]
    assert hidden
    public = rec.seen_by([])
    text = public.dumps()
    views = rec.event_views()
    concealed = [i for i in hidden if not views.view(i, None).full]
    assert concealed, "some throw stays under the cup to the end"
    for i in concealed:
        assert rec.events[i].proof["secret"] not in text  # type: ignore[index]
    res = fd.verify_record(GameRecord.loads(text))
    assert res.ok and res.concealed == len(concealed) and res.checked == res.throws - len(concealed)
    for seat in range(2):
        mine = GameRecord.loads(rec.seen_by([seat]).dumps())
        other = [i for i in concealed if not views.view(i, seat).full]
        for i in other:
            assert rec.events[i].proof["secret"] not in mine.dumps()  # type: ignore[index]
        assert fd.verify_record(mine).ok


def test_event_proof_survives_json() -> None:
    ev = Event("chance", {"kind": "roll", "dice": [1]}, proof={"commit": "ab"})
    assert Event.from_json(ev.to_json()) == ev


def test_dice_statistics_count_only_the_players_shown_throws() -> None:
    rec = proved_game("wuerfelspiel", n=2, seed=5)
    stats = fd.dice_statistics([([0], rec.events)])
    mine = [ev for ev in rec.events if ev.type == "chance" and ev.proof.get("seat") == 0]  # type: ignore[union-attr]
    assert stats["throws"] == len(mine) > 0
    (w6,) = stats["kinds"]
    assert w6["name"] == "W6" and w6["df"] == 5 and w6["dice"] == sum(len(ev.data["dice"]) for ev in mine)
    assert sum(w6["counts"]) == w6["dice"] and 0 <= w6["p"] <= 1


def test_dice_statistics_leave_out_hidden_throws() -> None:
    """A throw under the cup counts for nobody's statistics (they are public: counting it would tell its dice)."""
    rec = proved_game("verdecktes-wuerfelpoker", n=2, seed=3)
    chance = [ev for ev in rec.events if ev.type == "chance" and ev.proof.get("seat") == 0]  # type: ignore[union-attr]
    shown = [ev for ev in chance if not ev.proof.get("hidden")]  # type: ignore[union-attr]
    assert len(shown) < len(chance)
    stats = fd.dice_statistics([([0], rec.events)])
    assert stats["throws"] == len(shown)
    assert sum(k["dice"] for k in stats["kinds"]) == sum(len(ev.data["dice"]) for ev in shown)


@pytest.mark.parametrize("game_id", sorted(g.id for g in all_games()))
def test_every_game_plays_with_derived_dice_and_verifies(game_id: str) -> None:
    """Every registered game's chance nodes (dice, lots, special dice) are derived to one of the engine's own
    outcomes, and a whole random game so thrown verifies."""
    info = get_game(game_id)
    rec = proved_game(game_id, n=max(2, info.min_players), seed=11)
    res = fd.verify_record(GameRecord.loads(rec.dumps()))
    assert res.ok and res.checked + res.concealed == res.throws > 0
