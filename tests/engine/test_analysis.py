"""The exact post-game analysis (issue 16.3): the optimal bots lose nothing, a deliberate blunder loses exactly what
the advisor says, ties lose nothing, the JSON contract of ``wuerfel analyse`` holds, and a game without an exact
advisor is refused in the user's language."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from wuerfel.bots import make_bot
from wuerfel.engine.advice import Advice
from wuerfel.engine.analysis import SCALES, TIE, AnalysisError, analyse_record
from wuerfel.engine.game import Action, Game, State
from wuerfel.engine.record import GameRecord, Match
from wuerfel.engine.registry import get_game
from wuerfel.engine.rules import deep_merge
from wuerfel.engine.sources import SeededSource


def rules_of(game_id: str, preset: str | None, override: dict[str, Any] | None = None) -> Any:
    info = get_game(game_id)
    return info.rules_from_dict(deep_merge(info.resolve(preset).data, override or {}))


def play(
    game_id: str,
    preset: str | None,
    n: int,
    bot: str,
    seed: int = 1,
    override: dict[str, Any] | None = None,
    blunder: tuple[int, int] | None = None,
) -> GameRecord:
    """A game of ``n`` bots to its end, recorded. ``blunder`` = (seat, k): that seat's k-th real decision (two or
    more choices rated apart by the advisor) takes the advisor's worst choice instead of the bot's."""
    info = get_game(game_id)
    rules = rules_of(game_id, preset, override)
    m = Match.new(game_id, preset or info.default_preset, [f"P{i}" for i in range(n)], rules=rules)
    bots = [make_bot(game_id, bot, m.game, seed + i) for i in range(n)]
    advisor = info.advisor(m.game) if blunder and info.advisor else None
    seen = 0
    src = SeededSource(seed)
    while not m.state.is_terminal():
        if m.state.is_chance():
            m.resolve_chance(src)
            continue
        p = m.state.actors()[0]
        action = bots[p].choose(m.state, p)
        if advisor is not None and blunder is not None and p == blunder[0]:
            advice = [a for a in advisor.advise(m.state, p) if a.action is not None]
            if len({round(a.value, 9) for a in advice}) >= 2:
                if seen == blunder[1]:
                    action = min(advice, key=lambda a: a.value).action
                seen += 1
        m.act(action, p)
    return m.record


def duel_record(blunder: tuple[int, int] | None = None) -> GameRecord:
    """A short Zehntausend duel (Farkle to 1,000: its duel table takes about a second) of two optimal bots."""
    return play("zehntausend", "farkle", 2, "optimal", seed=10, override={"game": {"target": 1000}}, blunder=blunder)


CASES = [
    pytest.param(lambda: duel_record(), "win_probability", id="zehntausend-duel"),
    pytest.param(
        lambda: play("die-boese-sieben", None, 2, "optimal", seed=5), "win_probability", id="boese-sieben-duel"
    ),
    # Farkle to 10,000: each turn's expected points (no duel table at hand), the game-end rule decides near the end
    # (those decisions are left unrated, not counted as losses)
    pytest.param(lambda: play("zehntausend", "farkle", 2, "optimal", seed=11), "points", id="zehntausend-turns"),
    pytest.param(lambda: play("ohio", None, 2, "optimal", seed=2), "points", id="ohio"),
    pytest.param(lambda: play("escalero", None, 2, "optimal", seed=2), "points", id="escalero"),
    pytest.param(lambda: play("chicago", None, 2, "optimal", seed=2), "probability", id="chicago"),
    pytest.param(lambda: play("va-banque", None, 3, "optimal", seed=4), "points", id="va-banque"),
    # Craps: the maker's exact chance to win the game with the number he names
    pytest.param(lambda: play("craps", None, 3, "optimal", seed=3), "probability", id="craps"),
]


@pytest.mark.parametrize(("make", "unit"), CASES)
def test_the_optimal_bot_loses_nothing(make: Any, unit: str) -> None:
    doc = analyse_record(make())
    # a Zehntausend duel table cached on this machine (wuerfel solve) rates farkle to 10,000 in winning chances
    assert doc["unit"] == unit or (unit == "points" and doc["game"] == "zehntausend")
    assert doc["decisions"], "no decision was analysed"
    assert all(d["loss"] == 0.0 for d in doc["decisions"])
    assert all(s["accuracy"] == 100.0 and s["loss"] == 0.0 for s in doc["seats"] if s["decisions"])
    assert doc["mistakes"] == []


@pytest.mark.slow
def test_the_best_kniffel_player_loses_nothing() -> None:
    """One-column Kniffel: the ``best`` player is exact there, so it loses nothing (slow: the planner's tables)."""
    doc = analyse_record(play("wuerfelspiel", "kniffel", 1, "best", seed=1))
    assert doc["unit"] == "points" and doc["decisions"]
    assert all(d["loss"] == 0.0 for d in doc["decisions"])


@pytest.mark.parametrize("blunder", [(1, 2), (0, 0)])
def test_a_deliberate_blunder_loses_what_the_advisor_says(blunder: tuple[int, int]) -> None:
    record = duel_record(blunder)
    doc = analyse_record(record)
    lossy = [d for d in doc["decisions"] if d["loss"] > 0]
    assert len(lossy) == 1
    d = lossy[0]
    assert d["seat"] == blunder[0]
    assert d["loss"] == pytest.approx(d["best_value"] - d["chosen_value"]) and d["loss"] > TIE
    assert doc["mistakes"] == [d["index"]] and d["decisive"]
    seat = doc["seats"][blunder[0]]
    assert seat["loss"] == pytest.approx(d["loss"]) and seat["accuracy"] < 100.0
    # the state at that index, rated again: the blunder was the worst choice there
    game = record.make_game()
    state = list(record.states())[d["index"]]
    advice = get_game("zehntausend").advisor(game).advise(state, d["seat"])  # type: ignore[misc]
    assert min(a.value for a in advice) == pytest.approx(d["chosen_value"])


def test_luck_and_win_chance_of_a_duel_add_up() -> None:
    """In a duel the dice one seat gains the other loses; with no mistakes, the start chance plus the luck is the
    result (the win chance moves by the dice alone)."""
    record = duel_record()
    doc = analyse_record(record)
    luck = [s["luck"] for s in doc["seats"]]
    assert luck[0] == pytest.approx(-luck[1])
    wc = doc["win_chance"]
    assert wc is not None and len(wc["steps"]) == len(wc["seats"][0]) == len(wc["seats"][1])
    # The graph's x is the replay's step: a rated position where its decision is due (step k shows the state after
    # k events), the result at the game's last step — never past it (issue 24, B7: step 14 of a 13-step game).
    assert wc["steps"][-1] == len(record.events)
    assert set(wc["steps"][:-1]) <= {d["index"] for d in doc["decisions"]}
    assert wc["steps"] == sorted(wc["steps"])
    assert wc["seats"][0][-1] in (0.0, 1.0)
    assert all(0.0 <= c <= 1.0 for c in wc["seats"][0])
    assert wc["seats"][0][0] + luck[0] == pytest.approx(wc["seats"][0][-1])


class _Flat:
    """The real advisor with every value set to the best one: every choice ties."""

    def __init__(self, game: Game) -> None:
        self.inner = get_game("zehntausend").advisor(game)  # type: ignore[misc]

    def advise(self, state: State, player: int) -> list[Advice]:
        advice = self.inner.advise(state, player)
        if not advice:
            return advice
        top = max(a.value for a in advice)
        return [
            Advice(action=a.action, value=top - (TIE / 10 if i % 2 else 0.0), measure=a.measure)
            for i, a in enumerate(advice)
        ]


def test_ties_lose_nothing() -> None:
    """A choice as good as the best (within float noise) is one of the best: loss exactly 0, and best choices."""
    doc = analyse_record(duel_record(blunder=(1, 2)), advisor_factory=_Flat)
    assert doc["decisions"] and all(d["loss"] == 0.0 for d in doc["decisions"])
    assert all(s["accuracy"] == 100.0 for s in doc["seats"] if s["decisions"])


def test_a_game_without_an_exact_advisor_is_refused() -> None:
    with pytest.raises(AnalysisError) as no_advisor:
        analyse_record(play("jule", None, 2, "random"))
    assert "Jule" in no_advisor.value.translated("de") and "keine exakte Analyse" in no_advisor.value.translated("de")
    with pytest.raises(AnalysisError) as estimates:  # the bluffing bot's mixed strategy is no game value
        analyse_record(play("verdecktes-wuerfelpoker", None, 3, "heuristic"))
    assert "Schätzungen" in estimates.value.translated("de")


def test_choices_are_actions() -> None:
    doc = analyse_record(play("ohio", None, 2, "heuristic", seed=7))
    game = get_game("ohio").new_game(rules_of("ohio", None), 2)
    for d in doc["decisions"]:
        assert isinstance(game.action_from_json(d["chosen"]), Action)


def test_the_three_column_wuerfelspiel_is_refused_before_its_tables_are_built() -> None:
    """Its planner estimates (only one column is solved exactly), and building it would take minutes."""
    record = Match.new("wuerfelspiel", "brettspielnetz", ["A", "B"]).record
    with pytest.raises(AnalysisError) as exc:
        analyse_record(record)
    assert "Schätzungen" in exc.value.translated("de") and "estimates" in exc.value.translated("en")


def test_craps_naming_seven_with_any_stake_loses_the_exact_chance() -> None:
    """The heuristic maker names 7 with a tenth of his chips — a stake the advisor does not list (it lists each
    number with its best stake): still rated, in the maker's exact chance, 111/140 − 6557/13860 per naming."""
    from fractions import Fraction

    from wuerfel.games.hasard.craps_chances import maker_win

    doc = analyse_record(play("craps", None, 3, "heuristic", seed=3))
    names = [d for d in doc["decisions"] if d["chosen"]["kind"] == "name"]
    assert doc["unit"] == "probability" and len(names) == 3  # one naming per maker, one round
    assert doc["measure_name"] == "Gewinnchance des Machers"  # the page's status line names the measure
    assert Fraction(111, 140) == maker_win(2) and Fraction(6557, 13860) == maker_win(7)
    for d in names:
        assert d["chosen"]["number"] == 7 and d["best"]["number"] in (2, 12)
        assert d["loss"] == pytest.approx(float(maker_win(2) - maker_win(7)))
    assert all(s["unrated"] == 0 for s in doc["seats"])
    # each maker's luck: every game he made, won (1) or lost (0), less his exact chance with the number he named
    record = play("craps", None, 3, "heuristic", seed=3)
    states = list(record.states())
    luck = [0.0, 0.0, 0.0]
    for a, b in itertools.pairwise(states):
        if a.phase in ("first", "repeat") and b.phase not in ("first", "repeat"):  # type: ignore[attr-defined]
            maker, number, _stake, _point, won, _shares = b.last_game  # type: ignore[attr-defined]
            luck[maker] += (1.0 if won else 0.0) - float(maker_win(number))
    assert [s["luck"] for s in doc["seats"]] == pytest.approx(luck)


def test_page_numbers_follow_the_language() -> None:
    """Ratings on the German pages take a decimal comma and a true minus sign; English keeps the point."""
    from wuerfel.server.app import format_number

    assert format_number(-0.34, "de") == "−0,3"
    assert format_number(3.14159, "de", 2) == "3,14" and format_number(3.14159, "en", 2) == "3.14"
    assert format_number(0.5, "en", 2, sign=True) == "+0.50" and format_number(-1.0, "en", 1) == "−1.0"


def test_a_game_without_a_choice_is_analysed_not_refused() -> None:
    """Die böse Sieben can end before anybody had a choice (seed 138: both turns end on their throws). That game is
    analysed with no decisions, in the game's measure — not refused as if its advisor were no exact one (the
    server's analysis of such a table answered 422)."""
    record = play("die-boese-sieben", None, 2, "optimal", seed=138)
    doc = analyse_record(record, "de")
    assert doc["unit"] == "win_probability" and doc["decisions"] == [] and doc["mistakes"] == []
    assert [s["decisions"] for s in doc["seats"]] == [0, 0]
    assert [s["accuracy"] for s in doc["seats"]] == [None, None] and [s["luck"] for s in doc["seats"]] == [None, None]
    final = doc["win_chance"]["seats"]
    assert sorted([final[0][-1], final[1][-1]]) == [0.0, 1.0]  # only the result


def _cut_after_turns(record: GameRecord, turns: int) -> tuple[GameRecord, State]:
    """The record up to the moment ``turns`` turns are over (an unfinished game), and the state there."""
    import dataclasses

    for i, state in enumerate(record.states()):
        if sum(state.turns) == turns:  # type: ignore[attr-defined]
            return dataclasses.replace(record, events=record.events[:i]), state
    raise AssertionError(f"the game ended before {turns} turns")


def test_turn_luck_is_what_the_turns_scored_less_what_they_were_expected_to() -> None:
    """Zehntausend rated turn by turn (three players: no duel table): a seat's luck telescopes, turn by turn, to the
    points its turns changed its score by less the expected points of each turn from its start — computed here
    independently of the analysis's bookkeeping, from the turn solver's value of a fresh turn and the scores.
    Early in the game (no game-end rule) the optimal bots choose the best everywhere, so no loss is in between."""
    from wuerfel.games.zehntausend.solvers.turn import solve_turn

    record, state = _cut_after_turns(play("zehntausend", "farkle", 3, "optimal", seed=4), 12)
    doc = analyse_record(record)
    assert doc["measure"] == "expected points of this turn" and doc["decisions"]
    assert all(d["loss"] == 0.0 for d in doc["decisions"]) and all(s["unrated"] == 0 for s in doc["seats"])
    game = record.make_game()
    expected = solve_turn(game.rules, threshold_points=game.rules.turn.min_bank).value
    for s, seat in enumerate(doc["seats"]):
        assert state.turns[s] == 4  # type: ignore[attr-defined]
        assert seat["luck"] == pytest.approx(state.scores_[s] - 4 * expected)  # type: ignore[attr-defined]
    assert len({round(s["luck"], 6) for s in doc["seats"]}) > 1  # the dice were not the same for everybody


def test_a_blunder_is_no_bad_luck() -> None:
    """The same turns with one deliberately worst choice: the seat's luck is its turns' points less their
    expectations plus the blunder's loss — the part of the shortfall its own choice cost is a mistake, not the dice's
    doing."""
    from wuerfel.games.zehntausend.solvers.turn import solve_turn

    record, state = _cut_after_turns(play("zehntausend", "farkle", 3, "optimal", seed=4, blunder=(1, 1)), 12)
    doc = analyse_record(record)
    lossy = [d for d in doc["decisions"] if d["loss"] > 0]
    assert [d["seat"] for d in lossy] == [1]
    game = record.make_game()
    expected = solve_turn(game.rules, threshold_points=game.rules.turn.min_bank).value
    for s, seat in enumerate(doc["seats"]):
        lost = sum(d["loss"] for d in lossy if d["seat"] == s)
        own = state.scores_[s] - state.turns[s] * expected  # type: ignore[attr-defined]
        assert seat["luck"] == pytest.approx(own + lost)


@pytest.mark.parametrize(("make", "unit"), CASES)
def test_luck_is_measured_except_where_documented(make: Any, unit: str) -> None:
    """Every seat of an analysed game gets a finite luck figure, Zehntausend rated turn by turn and the games rated
    round by round included — except a seat with no turn in the game's measure (documented): here a Craps player
    whom the session never made the maker (rated in the maker's chance, it has nothing to be lucky in)."""
    import math

    doc = analyse_record(make())
    luck = [s["luck"] for s in doc["seats"]]
    measured = [True] * len(luck)
    if doc["game"] == "craps":
        makers = {d["seat"] for d in doc["decisions"] if d["chosen"]["kind"] == "name"}
        measured = [s in makers for s in range(len(luck))]
        assert any(measured) and not all(measured)  # the case is there
    for x, m in zip(luck, measured, strict=True):
        assert (x is not None and math.isfinite(x)) if m else x is None, luck


def test_round_luck_of_chicago_is_the_round_less_its_chance() -> None:
    """Chicago, two optimal players, the first round: the beginner's luck is whether he avoided the Bierdeckel less
    his chance to (the duel's first-player value, computed by the solver's own duel function), the second's the
    same against his chance to beat the first hand as it lay (ties half: the throw-off) — both independent of the
    analysis's bookkeeping."""
    import dataclasses

    from wuerfel.games.hasard.chicago import HOCH
    from wuerfel.games.hasard.chicago_solver import beat_chance, duel_first_wins

    record = play("chicago", None, 2, "optimal", seed=2)
    states = list(record.states())
    cut = next(i for i, s in enumerate(states) if s.round_no == 1)  # type: ignore[attr-defined]
    doc = analyse_record(dataclasses.replace(record, events=record.events[:cut]))
    first = states[cut - 1].start  # type: ignore[attr-defined]
    second = 1 - first
    at_second = next(s for s in states if s.phase == "play" and s.seat == second)  # type: ignore[attr-defined]
    hand, throws = at_second.shown[first]  # type: ignore[attr-defined]
    rules = record.make_game().rules
    avoided = [1.0 if m == 0 else 0.0 for m in states[cut].marks]  # type: ignore[attr-defined]
    assert sorted(avoided) == [0.0, 1.0]
    assert all(d["loss"] == 0.0 for d in doc["decisions"])
    luck = {s["seat"]: s["luck"] for s in doc["seats"]}
    assert luck[first] == pytest.approx(avoided[first] - duel_first_wins(rules, hoch_tief=False))
    assert luck[second] == pytest.approx(avoided[second] - beat_chance(rules, HOCH, None, hand, throws))


@pytest.mark.parametrize("seed", [1, 2, 3, 21])  # 3: a void round played again; 21: a throw-off too
def test_round_luck_of_sequenzen_is_the_result_less_the_first_players_chance(seed: int) -> None:
    """Sequenzen, two optimal players: the game is one round (with its throw-offs and void replays), so the
    beginner's luck is his result (1 won, 0 lost) less the duel's exact first-player chance — the fixed point of the
    solver's duel tables, not the analysis's sum of steps."""
    from wuerfel.games.hasard.sequenzen_solver import duel_tables

    record = play("sequenzen", None, 2, "optimal", seed=seed)
    doc = analyse_record(record)
    states = list(record.states())
    final = states[-1]
    first = next(s for s in states if s.phase == "play").start  # type: ignore[attr-defined]
    assert doc["measure"] == "chance to win the round" and all(d["loss"] == 0.0 for d in doc["decisions"])
    won = 1.0 if first in final.winners() else 0.0
    p_first, _ = duel_tables(record.make_game().rules)
    assert doc["seats"][first]["luck"] == pytest.approx(won - p_first)
    assert doc["seats"][1 - first]["luck"] is not None


def _first_throw_expectation(advisor: Any, state: State, player: int) -> float:
    """Σ over the throw at ``state`` of its chance × what follows for ``player``: the best value the advisor gives
    the position it leads to, or the turn's result where the throw ends the turn."""
    total = 0.0
    for outcome, p in state.chance_outcomes():
        if not p:
            continue  # a throw that does not count (dice off the table: entered by hand only)
        after = state.apply_outcome(outcome)
        result = advisor.turn_result(state, after, player)
        if result is not None:
            total += float(p) * result
            continue
        values = [a.value for a in advisor.advise(after, player) if a.action is not None]
        assert values, f"nothing rated after {outcome}"
        total += float(p) * max(values)
    return total


@pytest.mark.parametrize(
    ("game_id", "preset", "n"), [("zehntausend", "farkle", 3), ("chicago", None, 2), ("sequenzen", None, 2)]
)
def test_a_turns_start_value_is_the_expectation_of_its_first_throw(game_id: str, preset: str | None, n: int) -> None:
    """What makes luck luck: the value the advisor gives a turn before its first throw is exactly the average, over
    that throw, of the values it gives what follows (or of the turn's result, where the throw ends it) — so the
    luck of a turn's first throw averages to nothing."""
    info = get_game(game_id)
    game = info.new_game(rules_of(game_id, preset), n)
    advisor = info.advisor(game)  # type: ignore[misc]
    state = game.new_initial_state()
    while True:  # through the lot for who begins, to the first turn's start
        started = [(s, v) for s in range(n) if (v := advisor.turn_start(state, s)) is not None]
        if started:
            break
        assert state.is_chance(), "no turn starts before the first decision"
        state = state.apply_outcome(next(o for o, p in state.chance_outcomes() if p))
    [(player, (value, measure))] = started
    assert value == pytest.approx(_first_throw_expectation(advisor, state, player), abs=1e-9)
    assert measure in SCALES  # a measure the analysis knows
