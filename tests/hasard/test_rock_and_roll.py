"""Rock and Roll (Hasard 31): every sentence of the text as a test — the sheet, stakes on any fields, one throw of one
poker die, losing stakes collected first, colour 2:1, face 5:1, the end announced five throws ahead — the fact that
every field is exactly fair, the rotation decided for the announced end, chips conserved, bots and hints."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wuerfel.engine.components import Counter, Dice, components_json
from wuerfel.engine.errors import IllegalAction
from wuerfel.engine.game import SIMULTANEOUS, TERMINAL, Roll
from wuerfel.engine.record import Match
from wuerfel.engine.registry import get_game
from wuerfel.engine.testing import ChipAudit, check_results, random_playthrough
from wuerfel.games.hasard.common import Lot
from wuerfel.games.hasard.rock_and_roll import (
    AS,
    BLAU,
    BUBE,
    DAME,
    KOENIG,
    NEUN,
    ROT,
    SCHWARZ,
    ZEHN,
    AnnounceEnd,
    BankerBot,
    GoOn,
    PunterBot,
    RockAndRollAdvisor,
    RockAndRollState,
    bank_edges,
    colour_of,
    field_ev,
)
from wuerfel.games.kit.bank_board import Done, Stake


def components_text(s: RockAndRollState, player: int, lang: str) -> str:
    """What ``player`` reads on the table in ``lang``."""
    return json.dumps(components_json(s.components(player), lang), ensure_ascii=False)


def new_state(n: int = 3, preset: str = "rock-and-roll", **overrides: object) -> RockAndRollState:
    info = get_game("rock-and-roll")
    rules = info.load_rules(preset, overrides or None)
    s = info.new_game(rules, n).new_initial_state()
    if s.is_chance():  # the lot for the first bank: seat 0
        s = s.apply_outcome(Lot(0))
    assert isinstance(s, RockAndRollState)
    return s


def betting(s: RockAndRollState, bets: dict[int, list[tuple[int, int]]], announce: bool = False) -> RockAndRollState:
    """Every punter places his stakes and says "fertig"; the banker goes on or announces the end."""
    for p, stakes in bets.items():
        for number, amount in stakes:
            s = s.apply_action(Stake(number, amount), p)  # type: ignore[assignment]
    for p in s.actors():
        if p == s.banker:
            s = s.apply_action(AnnounceEnd() if announce else GoOn(), p)  # type: ignore[assignment]
        else:
            s = s.apply_action(Done(), p)  # type: ignore[assignment]
    return s


def test_the_sheet_has_three_colours_and_six_faces_in_the_books_rows() -> None:
    # "Schwarz Neun As / Rot Zehn König / Blau Bube Dame"
    s = new_state()
    spec = s.board_spec
    assert spec.numbers == (SCHWARZ, NEUN, AS, ROT, ZEHN, KOENIG, BLAU, BUBE, DAME)
    assert spec.layout == (("schwarz", "neun", "as"), ("rot", "zehn", "koenig"), ("blau", "bube", "dame"))
    assert [colour_of(f) for f in (NEUN, AS, ZEHN, KOENIG, BUBE, DAME)] == [SCHWARZ, SCHWARZ, ROT, ROT, BLAU, BLAU]
    text = components_text(s, 1, "de")
    for word in ("Schwarz", "Neun", "As", "Rot", "Zehn", "König", "Blau", "Bube", "Dame"):
        assert word in text
    assert "Black" in components_text(s, 1, "en")


def test_punters_stake_any_chips_on_any_fields_then_the_bank_throws_one_poker_die() -> None:
    # "Die Gegenspieler der Bank setzen beliebig viele Chips auf beliebige Felder … Der Bankhalter würfelt einmal"
    s = new_state(3)
    assert s.to_move() == SIMULTANEOUS and set(s.actors()) == {0, 1, 2}  # the banker decides on the end alongside
    with pytest.raises(IllegalAction) as exc:
        s.apply_action(Stake(AS, 1), 0)
    assert "Bank" in exc.value.translated("de")
    s = betting(s, {1: [(AS, 2), (SCHWARZ, 3), (DAME, 1)], 2: [(ROT, 5)]})
    assert s.is_chance() and s.thrower() == 0 and s.dice_to_throw() == 1
    rolls = [(o.dice, p) for o, p in s.chance_outcomes() if isinstance(o, Roll)]
    assert rolls == [((face,), Fraction(1, 6)) for face in range(1, 7)]


def test_losing_stakes_collected_then_colour_pays_two_to_one_and_face_five_to_one() -> None:
    # "Zunächst zieht er alle jene Chips ein, die nicht auf Gewinnfeldern liegen. Dann zahlt er die Gewinne aus. …
    # für 1 gesetztes Chip 3 Chips zurück … für 1 Chip 6 Chips zurück"
    s = betting(new_state(3), {1: [(AS, 2), (SCHWARZ, 3), (DAME, 1)], 2: [(ROT, 5)]})
    after = s.apply_outcome(Roll((AS,)))
    # punter 1: As 2 → 12 back (+10), Schwarz 3 → 9 back (+6), Dame 1 lost; punter 2: Rot 5 lost
    assert after.ledger.players == (30 + 1 + 5 - 10 - 6, 30 + 10 + 6 - 1, 30 - 5)
    assert after.last[2] == (-10, 15, -5)
    assert after.board == ()
    assert after.hits(AS) == {AS, SCHWARZ}


@pytest.mark.parametrize("face", [NEUN, ZEHN, BUBE, DAME, KOENIG, AS])
def test_every_face_pays_its_field_and_its_colour(face: int) -> None:
    everything = [(n, 1) for n in (SCHWARZ, NEUN, AS, ROT, ZEHN, KOENIG, BLAU, BUBE, DAME)]
    s = betting(new_state(2), {1: everything})
    after = s.apply_outcome(Roll((face,)))
    # 9 chips staked: the face field 6 back, its colour 3 back — 9 back, so a chip on every field breaks even
    assert after.ledger.players == (30, 30)


def test_every_field_is_exactly_fair() -> None:
    # spec 31, "Fact: every field is exactly fair (EV 0)" — by hand: a colour wins 2 faces of 6 and returns 3,
    # a face wins 1 of 6 and returns 6
    assert Fraction(2, 6) * 3 - 1 == 0 and Fraction(1, 6) * 6 - 1 == 0
    for number in (SCHWARZ, ROT, BLAU, NEUN, ZEHN, BUBE, DAME, KOENIG, AS):
        assert field_ev(number) == 0
        assert new_state().field_edge(number) == 0
    edges = {e.key: e.edge for e in bank_edges(new_state().rules)}
    assert edges == {"colour": Fraction(0), "face": Fraction(0)}


def test_the_banker_announces_the_end_five_throws_ahead_then_the_bank_passes_left() -> None:
    # "Will der Bankhalter das Spiel beenden, muß er dies 5 Würfe vorher ankündigen."
    s = new_state(3)
    s = betting(s, {}).apply_outcome(Roll((NEUN,)))  # type: ignore[assignment]
    assert s.banker == 0 and s.throws_left() is None and 0 in s.actors()
    s = betting(s, {}, announce=True)
    assert s.announced_now() and s.throws_left() == 5
    for left in (5, 4, 3, 2, 1):
        assert s.banker == 0 and s.throws_left() == left
        counter = next(c for c in s.components(1) if isinstance(c, Counter))
        assert counter.value == left  # the countdown is on the table
        if left < 5:
            assert s.actors() == (1, 2)  # once announced the banker has nothing more to decide
            s = betting(s, {})
        s = s.apply_outcome(Roll((DAME,)))  # type: ignore[assignment]
    assert s.banker == 1 and s.throws_done == 0 and not s.announced_now() and s.banks_done == 1
    assert set(s.actors()) == {0, 1, 2}


def test_announcing_is_refused_to_punters_and_twice() -> None:
    s = new_state(3)
    with pytest.raises(IllegalAction) as exc:
        s.apply_action(AnnounceEnd(), 1)
    assert "Bankhalter" in exc.value.translated("de")
    s = betting(s, {}, announce=True).apply_outcome(Roll((AS,)))  # type: ignore[assignment]
    with pytest.raises(IllegalAction):
        s.apply_action(AnnounceEnd(), 0)


def test_the_longest_bank_fixes_the_end_when_only_the_notice_is_left() -> None:
    s = new_state(2, max_bank_throws=7)
    for _ in range(2):
        assert s.throws_left() is None and 0 in s.actors()
        s = betting(s, {}).apply_outcome(Roll((AS,)))  # type: ignore[assignment]
    assert s.throws_left() == 5 and s.actors() == (1,)
    assert "Längste Bank" in components_text(s, 1, "de")
    for _ in range(5):
        s = betting(s, {}).apply_outcome(Roll((AS,)))  # type: ignore[assignment]
    assert s.banker == 1


def test_the_game_ends_when_every_seat_has_held_the_bank() -> None:
    s = new_state(2, max_bank_throws=5)
    for banker in (0, 1):
        for _ in range(5):
            assert s.banker == banker
            s = betting(s, {1 - banker: [(ROT, 1)]}).apply_outcome(Roll((ZEHN,)))  # type: ignore[assignment]
    assert s.to_move() == TERMINAL
    assert s.ledger.players == (30, 30)  # each won 5 × 2 as punter and paid 5 × 2 as banker
    check_results(s, chips=True)


def test_end_game_option_the_first_announced_end_ends_the_game() -> None:
    s = new_state(3, "rock-and-roll-ein-bankhalter")
    s = betting(s, {1: [(AS, 1)]}, announce=True)
    for _ in range(5):
        assert not s.is_terminal()
        s = s.apply_outcome(Roll((AS,)))  # type: ignore[assignment]
        if not s.is_terminal():
            s = betting(s, {})
    assert s.to_move() == TERMINAL
    assert s.ledger.players == (25, 35, 30)
    check_results(s, chips=True)


def test_rules_refuse_a_notice_longer_than_the_longest_bank() -> None:
    from wuerfel.engine.errors import RuleError

    with pytest.raises(RuleError):
        get_game("rock-and-roll").load_rules("rock-and-roll", {"max_bank_throws": 3})


def test_stakes_typed_at_the_terminal() -> None:
    s = new_state(3)
    assert s.parse_action_text("3 auf As", 1) == Stake(AS, 3)
    assert s.parse_action_text("2 auf 10", 1) == Stake(ZEHN, 2)
    assert s.parse_action_text("2 on queen", 1) == Stake(DAME, 2)
    assert s.parse_action_text("1 auf Schwarz", 1) == Stake(SCHWARZ, 1)
    assert s.parse_action_text("4 on blue", 1) == Stake(BLAU, 4)
    assert s.parse_action_text("fertig", 1) == Done()
    assert s.parse_action_text("fertig", 0) == GoOn()
    assert s.parse_action_text("ende", 0) == AnnounceEnd()
    with pytest.raises(IllegalAction) as exc:
        s.parse_action_text("3 auf grün", 1)
    assert "Schwarz" in exc.value.translated("de")
    with pytest.raises(IllegalAction):
        s.apply_action(Stake(12, 1), 1)
    assert s.describe_action(Stake(KOENIG, 2), "de") == "2 Chips auf König"
    assert s.describe_action(Stake(ROT, 1), "en") == "1 chip on Red"


def test_the_table_shows_the_poker_die_and_poker_words() -> None:
    s = betting(new_state(2), {1: [(KOENIG, 1)]}).apply_outcome(Roll((KOENIG,)))
    dice = next(c for c in s.components(1) if isinstance(c, Dice))
    assert dice.face == "poker" and dice.values == (KOENIG,)
    assert "König (Rot)" in components_text(s, 1, "de")
    assert "König" in s.describe_outcome(Roll((KOENIG,)), "de")


def test_action_ids_round_trip() -> None:
    game = new_state().game
    for a in (Done(), AnnounceEnd(), GoOn(), Stake(SCHWARZ, 1), Stake(DAME, 5), Stake(AS, 3)):
        assert game.action_from_id(game.action_id(a)) == a


def test_stakes_are_sealed_but_the_announcement_is_public() -> None:
    s = new_state(3)
    s2 = s.apply_action(Stake(AS, 2), 1)
    assert s.event_view(Stake(AS, 2), 1, 2).show == "none"  # punter 1's stake, as punter 2 sees it
    assert s2.event_view(AnnounceEnd(), 0, 2).show == "full"


def test_punter_bot_stakes_within_its_chips_and_banker_bot_announces_when_ahead() -> None:
    s = new_state(3)
    bot = PunterBot(s.game, 3)
    a = bot.choose(s, 1)
    assert isinstance(a, Stake) and 1 <= a.amount <= 5 and s.is_legal(a, 1)
    assert bot.choose(s, 0) == GoOn()  # the banker: nothing won yet
    poor = new_state(3, starting_chips=2)
    assert PunterBot(poor.game, 1).choose(poor, 1).amount == 1  # type: ignore[union-attr]
    banker = BankerBot(s.game)
    for _ in range(5):  # five throws that win the bank the punters' stakes
        s = betting(s, {1: [(NEUN, 1)]}).apply_outcome(Roll((DAME,)))  # type: ignore[assignment]
    assert s.bank_net == 5 and banker.choose(s, 0) == AnnounceEnd()


def test_hints_rate_every_field_at_zero() -> None:
    s = new_state(3)
    advice = RockAndRollAdvisor(s.game).advise(s, 1)
    assert {type(a.action) for a in advice} == {Done, Stake} and all(a.value == 0 for a in advice)
    assert {type(a.action) for a in RockAndRollAdvisor(s.game).advise(s, 0)} == {GoOn, AnnounceEnd}


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.lists(
                st.tuples(st.sampled_from((SCHWARZ, ROT, BLAU, NEUN, ZEHN, BUBE, DAME, KOENIG, AS)), st.integers(1, 5)),
                max_size=3,
            ),
            st.integers(1, 6),
            st.booleans(),
        ),
        min_size=1,
        max_size=15,
    )
)
def test_chips_are_conserved_and_each_stake_settles_at_its_odds(
    rounds: list[tuple[list[tuple[int, int]], int, bool]],
) -> None:
    s = new_state(3, max_bank_throws=6)
    audit = ChipAudit()
    for stakes, face, announce in rounds:
        if s.is_terminal():
            break
        audit.check(s)
        punter = next(p for p in s.actors() if p != s.banker)
        placed: list[tuple[int, int]] = []
        for number, amount in stakes:
            amount = min(amount, s.stake_cap(punter))
            if amount >= 1:
                s = s.apply_action(Stake(number, amount), punter)  # type: ignore[assignment]
                placed.append((number, amount))
        before = s.ledger.players
        banker = s.banker
        s = betting(s, {}, announce=announce and s.may_announce())
        s = s.apply_outcome(Roll((face,)))  # type: ignore[assignment]
        audit.check(s)
        won = sum(a * (3 if n == colour_of(face) else 6 if n == face else 0) - a for n, a in placed)
        assert s.ledger.players[punter] - before[punter] == won
        assert s.ledger.players[banker] - before[banker] == -won
    assert sum(s.ledger.players) == 90


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 4, 9])
def test_random_games_end_with_chips_conserved(n: int) -> None:
    match = Match.new("rock-and-roll", "rock-and-roll", [f"P{i}" for i in range(n)])
    done = random_playthrough(match, seed=n)
    assert done.state.is_terminal()
    check_results(done.state, chips=True)
    assert sum(done.state.payoffs()) == 0


def test_bots_play_a_whole_game_fast() -> None:
    """The stated bots (punters and banker) finish a game of four: chips conserved, every seat held the bank."""
    import random

    s = new_state(4)
    bots = [PunterBot(s.game, seed) for seed in range(4)]
    rng = random.Random(7)
    audit = ChipAudit()
    bankers = set()
    for _ in range(5000):
        if s.is_terminal():
            break
        audit.check(s)
        bankers.add(s.banker)
        if s.is_chance():
            outcomes = [o for o, _ in s.chance_outcomes() if isinstance(o, Roll)]
            s = s.apply_outcome(rng.choice(outcomes))  # type: ignore[assignment]
        else:
            p = s.actors()[0]
            s = s.apply_action(bots[p].choose(s, p), p)  # type: ignore[assignment]
    assert s.is_terminal() and bankers == {0, 1, 2, 3}
    check_results(s, chips=True)
    assert sum(s.payoffs()) == 0


def test_a_punter_who_staked_nothing_is_not_said_to_have_staked() -> None:
    """Terminal L11: a bot that said "keine weiteren Einsätze" without a stake read "hat gesetzt" in the seat list."""
    from wuerfel.engine.components import Seats, resolve

    s = new_state(3)
    s = s.apply_action(Done(), 2)  # type: ignore[assignment]
    seats = next(c for c in s.components(1) if isinstance(c, Seats))
    notes = {line.seat: resolve(line.note, "de") for line in seats.seats}
    assert notes[2] == "keine weiteren Einsätze" and notes[1] == "setzt noch …"
    assert "hat gesetzt" not in components_text(s, 1, "de")


def test_the_bankers_choice_to_go_on_says_what_it_does() -> None:
    """Web L7: "Computer 2 (Faustregel): weiter (noch kein Ende)" did not say what went on."""
    s = new_state(3)
    assert s.describe_action(GoOn(), "de") == "Bank weiterführen (kein Ende angesagt)"
    assert s.describe_action(GoOn(), "en") == "keep the bank going (no end announced)"
