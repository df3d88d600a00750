"""``wuerfel sim``: the JSON contract, reproducibility, shared wins, and refusals."""

from __future__ import annotations

import json
import math
import re
import subprocess

from tests.cli.helpers import run
from wuerfel.cli.sim import game_seed, simulate
from wuerfel.engine.registry import get_game


def sim_json(*args: str) -> dict:
    result = run(["sim", *args, "--json"])
    assert result.exit_code == 0, result.output
    assert result.stderr == ""  # no progress bar with --json
    return json.loads(result.stdout)


def test_json_contract_exactly() -> None:
    data = sim_json("pigplus", "--players", "2", "--bot", "holdat", "--games", "50", "--seed", "7")
    assert list(data) == ["game", "rules", "games", "seconds", "games_per_second", "players", "seed"]
    assert data["game"] == "pigplus" and data["rules"] == "standard" and data["games"] == 50 and data["seed"] == 7
    assert isinstance(data["seconds"], float) and isinstance(data["games_per_second"], float)
    assert math.isclose(data["games_per_second"], 50 / data["seconds"])
    assert [list(p) for p in data["players"]] == [["name", "mean", "stderr", "wins", "losses", "mean_place"]] * 2
    assert [p["name"] for p in data["players"]] == ["holdat 1", "holdat 2"]
    for p in data["players"]:
        assert all(isinstance(p[k], float) for k in ("mean", "stderr", "wins"))
    assert sum(p["wins"] for p in data["players"]) == 50


def strip_time(data: dict) -> dict:
    return {k: v for k, v in data.items() if k not in ("seconds", "games_per_second")}


def test_seeded_runs_are_reproducible_and_seeds_matter() -> None:
    a = sim_json("pigplus", "--players", "3", "--bot", "holdat,random,holdat", "--games", "40", "--seed", "1")
    b = sim_json("pigplus", "--players", "3", "--bot", "holdat,random,holdat", "--games", "40", "--seed", "1")
    c = sim_json("pigplus", "--players", "3", "--bot", "holdat,random,holdat", "--games", "40", "--seed", "2")
    assert strip_time(a) == strip_time(b)
    assert strip_time(a) != strip_time(c)
    assert [p["name"] for p in a["players"]] == ["holdat 1", "random 2", "holdat 3"]


def test_mean_and_stderr_are_those_of_the_final_scores() -> None:
    info = get_game("verdeckt")
    res = simulate(info, None, 2, ["low"], 200, seed=3)
    # Recompute from independent plays with the same per-game seeds.
    import random

    from wuerfel.bots import make_bot
    from wuerfel.cli.sim import play_one

    game = info.new_game(None, 2)
    bots = [make_bot("verdeckt", "low", game, 3 * 101 + s) for s in range(2)]
    finals = [play_one(game, bots, random.Random(game_seed(3, g))) for g in range(200)]
    for p in range(2):
        xs = [f.scores()[p] for f in finals]
        mean = sum(xs) / len(xs)
        sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (len(xs) - 1))
        assert math.isclose(res.players[p].mean, mean)
        assert math.isclose(res.players[p].stderr, sd / math.sqrt(len(xs)))
    # A tie (both dice equal) is a shared win: half a win each.
    ties = sum(1 for f in finals if len(f.winners()) == 2)
    assert ties > 0
    assert math.isclose(sum(p.wins for p in res.players), 200)
    for p in range(2):
        expected = sum(1 / len(f.winners()) for f in finals if p in f.winners())
        assert math.isclose(res.players[p].wins, expected)
    if ties % 2:
        assert not res.players[0].wins.is_integer()


def test_table_output_without_json() -> None:
    result = run(["sim", "pigplus", "--players", "2", "--games", "20", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "Mittelwert" in result.stdout and "Partien pro Sekunde" in result.stdout


def test_refusals() -> None:
    r = run(["sim", "pigplus", "--players", "2", "--games", "0", "--seed", "1", "--json"])
    assert r.exit_code == 2 and "--games muss mindestens 1 sein." in r.output
    r = run(["sim", "pigplus", "--players", "3", "--bot", "holdat,random", "--games", "5", "--seed", "1", "--json"])
    assert r.exit_code == 2 and "einen je Platz (3)" in r.output
    r = run(["sim", "pigplus", "--players", "2", "--bot", "nope", "--games", "5", "--seed", "1", "--json"])
    assert r.exit_code == 2 and "nope" in r.output
    r = run(["sim", "pigplus", "--players", "9", "--games", "5", "--seed", "1", "--json"])
    assert r.exit_code == 2


def test_losses_places_and_chips_come_from_the_result_api() -> None:
    """Lustige Sieben names a loser (fewest chips) and pays chips: the run counts losses, the mean place and the
    mean net chips per seat, and chips only change hands (the seats' means sum to zero)."""
    data = sim_json("lustige-sieben", "--players", "3", "--games", "30", "--seed", "4")
    seats = data["players"]
    assert all(list(p) == ["name", "mean", "stderr", "wins", "losses", "mean_place", "mean_payoff"] for p in seats)
    assert 0 < sum(p["losses"] for p in seats) <= 30
    assert all(1 <= p["mean_place"] <= 3 for p in seats)
    assert math.isclose(sum(p["mean_payoff"] for p in seats), 0, abs_tol=1e-9)
    assert math.isclose(sum(p["mean_payoff"] for p in seats), 0, abs_tol=1e-9)
    start = get_game("lustige-sieben").load_rules(None).starting_chips
    for p in seats:  # a seat's net chips are its final chips less the chips it started with
        assert math.isclose(p["mean_payoff"], p["mean"] - start)
    text = run(["sim", "lustige-sieben", "--players", "3", "--games", "5", "--seed", "4"]).stdout
    assert "Verloren" in text and "Ø Rang" in text and "Gewinn" in text


def test_jobs_give_exactly_the_figures_of_one_process() -> None:
    """``--jobs 2`` forks workers that play whole games, seeded per game; the parent sums in game order. Run as its
    own process (a fork inside the test worker could inherit its threads' locks)."""
    import subprocess
    import sys

    from tests.paths import REPO

    def sim(jobs: int) -> dict:
        out = subprocess.run(
            [
                sys.executable,
                "-m",
                "wuerfel",
                "sim",
                "zehntausend",
                "--rules",
                "farkle",
                "--players",
                "2",
                "--bot",
                "heuristic,random",
                "--games",
                "240",
                "--seed",
                "5",
                "--jobs",
                str(jobs),
                "--json",
            ],
            cwd=REPO,
            capture_output=True,
            text=True,
            timeout=600,
            check=True,
        )
        return strip_time(json.loads(out.stdout))

    one, two = sim(1), sim(2)
    assert one == two
    assert one["games"] == 240 and sum(p["wins"] for p in one["players"]) == 240


def test_game_k_does_not_depend_on_the_games_before_it() -> None:
    """Bots are re-seeded per game, so the first 30 games of a run of 60 are the run of 30 (what splitting needs)."""
    from wuerfel.bots import make_bot
    from wuerfel.cli.sim import play_row

    info = get_game("pigplus")
    game = info.new_game(info.rules_from_dict(info.resolve(None).data), 2)
    bots = [make_bot("pigplus", "random", game, 1), make_bot("pigplus", "random", game, 2)]
    rows = [play_row(game, bots, 9, g) for g in range(6)]
    assert [play_row(game, bots, 9, g) for g in (5, 3, 0)] == [rows[5], rows[3], rows[0]]
    assert len(set(rows)) > 1


def test_a_bare_run_takes_the_usual_seats_and_prints_its_seed() -> None:
    """``wuerfel sim GAME`` alone is a sensible run: the rule set's usual seats, a number of games, a random seed.
    The seed is printed (text) and reported (JSON), and given back as ``--seed`` it plays the same games."""
    data = sim_json("pigplus", "--games", "30")
    assert len(data["players"]) == 2 and data["games"] == 30
    assert isinstance(data["seed"], int)
    again = sim_json("pigplus", "--games", "30", "--seed", str(data["seed"]))
    assert strip_time(again) == strip_time(data)

    text = run(["sim", "pigplus", "--games", "30"])
    assert text.exit_code == 0, text.output
    m = re.search(r"Startwert (-?\d+): derselbe Befehl mit --seed \1 spielt dieselben Partien\.", text.stdout)
    assert m, text.stdout
    repeat = run(["sim", "pigplus", "--games", "30", "--seed", m.group(1)])
    assert without_timing(repeat.stdout) == without_timing(text.stdout)
    english = run(["sim", "pigplus", "--games", "30", "--seed", m.group(1), "--lang", "en"]).stdout
    assert f"Seed {m.group(1)}: the same command with --seed {m.group(1)} plays the same games." in english


def without_timing(text: str) -> str:
    """A text table without its line of seconds and games per second (the only part a repeat may change)."""
    return "\n".join(line for line in text.splitlines() if "Partien in" not in line and "games in" not in line)


def test_same_seed_gives_the_same_table() -> None:
    a = run(["sim", "pigplus", "--players", "3", "--games", "25", "--seed", "11"])
    b = run(["sim", "pigplus", "--players", "3", "--games", "25", "--seed", "11"])
    assert a.exit_code == b.exit_code == 0
    assert without_timing(a.stdout) == without_timing(b.stdout)
    assert "Startwert 11:" in a.stdout


def test_default_seats_follow_the_rule_set() -> None:
    """Two where the rule set allows two (the usual duel), else its fewest: the solo preset one, Va banque three;
    one bot per seat named without --players gives that many seats."""
    from wuerfel.cli.sim import default_seat_count

    assert default_seat_count(get_game("zehntausend"), None) == 2
    assert default_seat_count(get_game("zehntausend"), "zehntausend-350-solo") == 1
    info = get_game("va-banque")
    assert default_seat_count(info, None) == min(info.player_counts(info.load_rules(None))) > 2
    data = sim_json("pigplus", "--bot", "holdat,random,holdat", "--games", "5", "--seed", "2")
    assert [p["name"] for p in data["players"]] == ["holdat 1", "random 2", "holdat 3"]


def test_table_names_the_bots_in_the_readers_language() -> None:
    from tests.cli.helpers import RUNNER
    from wuerfel.cli.main import app

    args = ["sim", "zehntausend", "--bot", "heuristic,random", "--games", "2", "--seed", "1", "--jobs", "1"]
    wide = {"COLUMNS": "200"}  # a narrow table folds the labels
    de = RUNNER.invoke(app, args, env=wide, catch_exceptions=False)
    assert "Bot 1 (Faustregel)" in de.stdout and "Bot 2 (zufällig)" in de.stdout, de.stdout
    en = RUNNER.invoke(app, [*args, "--lang", "en"], env=wide, catch_exceptions=False)
    assert "Bot 1 (rule of thumb)" in en.stdout and "Platz" not in en.stdout and "Player" in en.stdout, en.stdout


def test_a_redirected_table_is_not_cut_to_80_columns() -> None:
    """Issue 24 U7: in a file or a pipe the seats and headings were cut ("Bot 1 (zufäl…", "Siegqu…")."""
    result = run(
        ["sim", "lustige-sieben", "--players", "3", "--bot", "random", "--games", "3", "--seed", "1", "--jobs", "1"]
    )
    assert result.exit_code == 0, result.output
    assert "…" not in result.stdout, result.stdout
    assert "Bot 3 (zufällig)" in result.stdout and "Ø Gewinn/Verlust" in result.stdout
    head = next(line for line in result.stdout.splitlines() if "Spieler" in line)
    assert "Platz" not in head


# --- issue 24 §2: workers forked safely, and a dead worker fails the run at once -----------------------------------
def run_case(case: str, game: str, timeout: float) -> subprocess.CompletedProcess[str]:
    """``wuerfel sim GAME`` with two workers in a process of its own (tests/cli/sim_workers.py), stopped after
    ``timeout`` seconds: a hang fails the test instead of the test run."""
    import os
    import signal
    import sys

    from tests.paths import REPO

    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tests.cli.sim_workers",
            case,
            "sim",
            game,
            "--players",
            "2",
            "--games",
            "200",
            "--seed",
            "1",
            "--jobs",
            "2",
            "--json",
        ],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)  # the workers too
        proc.communicate()
        raise AssertionError(f"wuerfel sim did not end within {timeout} s") from None
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


def test_a_worker_that_dies_fails_the_run_at_once_with_a_message() -> None:
    result = run_case("dying", "pigdies", timeout=120)
    assert result.returncode == 1, (result.returncode, result.stderr)
    assert "Ein Rechenprozess der Simulation ist unerwartet beendet worden" in result.stderr, result.stderr
    assert "--jobs 1" in result.stderr and result.stdout == ""


def test_workers_are_forked_safely_after_parallel_kernels_ran() -> None:
    """The Würfelspiel's best bot runs parallel kernels while it is built; numba's default threading layer (GNU
    OpenMP) made every forked worker abort and the pool wait for ever. The run now finishes with the figures of one
    process."""
    result = run_case("openmp", "pigomp", timeout=300)
    assert result.returncode == 0, result.stderr
    assert "fork() called from a process already using GNU OpenMP" not in result.stderr
    data = json.loads(result.stdout)
    assert data["games"] == 200 and sum(p["wins"] for p in data["players"]) == 200


def test_a_worker_that_dies_while_chunks_are_handed_out_gives_the_same_message(monkeypatch) -> None:
    """CI saw a worker die before the last chunk was submitted: ``submit`` raised ``BrokenProcessPool`` outside the
    handler and the run ended in a traceback instead of the message. Forced here without a real death, by a pool whose
    second ``submit`` finds it broken."""
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    import pytest

    from wuerfel.cli import simloop
    from wuerfel.engine.registry import get_game

    if not simloop.fork_is_safe():
        pytest.skip("this machine does not fork workers")
    calls = {"n": 0}
    real_submit = ProcessPoolExecutor.submit

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        if calls["n"] == 2:
            raise BrokenProcessPool("a child process terminated abruptly")
        return real_submit(self, fn, *args, **kwargs)

    monkeypatch.setattr(ProcessPoolExecutor, "submit", submit)
    with pytest.raises(simloop.WorkerDied):
        simloop.simulate(get_game("pig"), None, 2, ["random"], 400, 1, jobs=2)
    assert calls["n"] == 2
