"""Every registered game is played to its end in the terminal with real dice (``wuerfel play --dice manual``).

The typed lines are made in advance: the same game is first played in-process by a :class:`PlaySession` whose
``ask`` is answered by a seeded oracle — a throw with an outcome drawn by :class:`SeededSource`, written as text the
game's own ``parse_outcome`` (or the terminal's one-key shortcut for a special outcome) reads back; a decision by
its number in the listed moves (and the amount, where the move has one); a passed screen by Enter. Those lines are
then typed into the real command, whose saved record must replay to the oracle's final state. A game whose outcome
cannot be typed fails in the first pass, naming the outcome.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.cli.helpers import load_record, play
from wuerfel.bots import make_bot
from wuerfel.cli.play import PlaySession, build_session
from wuerfel.cli.play_seats import player_counts
from wuerfel.cli.play_throws import describe_outcome
from wuerfel.engine.game import Action, Outcome, Roll, State, amounts, covers, is_parameterised
from wuerfel.engine.registry import all_games, get_game
from wuerfel.engine.sources import SeededSource
from wuerfel.engine.testing import fingerprint

CASES: list[tuple[str, str | None]] = [(g.id, None) for g in all_games()]
if "eins-bis-sechzehn" in {g for g, _ in CASES}:
    # The one variant of the book's race games with a decision: the thrower ticks off what he formed himself.
    CASES.append(("eins-bis-sechzehn", "eins-bis-sechzehn-selbst-abhaken"))
NAMES = ["Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz", "Gina", "Hans", "Ida"]
RARE = 0.05
"""How often a probability-0 outcome (a void throw) is reported where the node has one."""
MAX_LINES = 5000
"""More typed lines than any of these games needs with these choosers; beyond it the game is taken as endless."""


def people(game_id: str, rules: str | None) -> str:
    """The fewest people the default rules take, each typing his own moves (one person plays the Würfelspiel's
    39 boxes alone: two took 24 s of CPU, mostly drawing the sheet before every throw)."""
    info = get_game(game_id)
    n = player_counts(info, info.rules_from_dict(info.resolve(rules).data))[0]
    return ",".join(NAMES[:n])


def typed(state: State, outcome: Outcome, session: PlaySession) -> str:
    """Text a person types for ``outcome``, checked to read back as that very outcome: the terminal's one-key
    shortcut where it offers one, else the faces or the game's own label of it."""
    for key, o in session.special_outcomes(state):
        if o == outcome:
            return key
    candidates = []
    if isinstance(outcome, Roll):
        faces = [str(d) for d in outcome.dice]
        candidates += [" ".join(faces), " ".join(reversed(faces))]
    label = describe_outcome(state, outcome, session.lang, session.names)
    # Poker dice are typed by their names ("As König Bube Bube Neun"), as the prompt's example shows them.
    candidates.insert(0 if session.info.faces == "poker" else len(candidates), label)
    for text in candidates:
        try:
            if state.parse_outcome(text) == outcome:
                return text
        except Exception:  # a candidate the game refuses is just not the one
            continue
    raise AssertionError(f"{type(state).__name__}: no typed text reads back as {outcome!r} (tried {candidates})")


class Oracle:
    """Answers every prompt of a session with a legal line for its state, and records the lines."""

    def __init__(self, session: PlaySession, seed: int) -> None:
        self.session = session
        self.dice = SeededSource(seed)
        self.rng = random.Random(seed)
        info = session.info
        # A cheap bot chooses where the game has one (random play of Zehntausend would take very many turns); the
        # solver-backed bots would build tables first, so they are not used here.
        name = "heuristic" if "heuristic" in info.bots else "random"
        self.chooser = make_bot(info.id, name, session.match.game, seed)
        self.pending: list[str] = []
        self.lines: list[str] = []
        self.passes = {session._("Pass the screen to {name} and press Enter.", name=n) for n in session.names}

    def ask(self, prompt: str) -> str:
        line = self.answer(prompt)
        self.lines.append(line)
        assert len(self.lines) < MAX_LINES, f"{self.session.info.id} did not end within {MAX_LINES} lines"
        return line

    def answer(self, prompt: str) -> str:
        if self.pending:
            return self.pending.pop(0)
        state = self.session.state
        if prompt in self.passes:
            return ""
        if state.is_chance():
            # Now and then a person reports what dice never "throw" on their own: a probability-0 outcome such as
            # Zehntausend's void throw, entered by its key.
            rare = [o for o, pr in state.chance_outcomes() if pr == 0]
            outcome = self.rng.choice(rare) if rare and self.rng.random() < RARE else self.dice.choose(state)
            return typed(state, outcome, self.session)
        p = self.session.focus
        assert p is not None and p in state.actors(), f"prompt {prompt!r} outside a decision of the focused seat"
        actions = list(state.legal_actions(p))
        chosen = self.chooser.choose(state, p)
        index = choose_index(actions, chosen)
        listed = actions[index]
        if is_parameterised(listed):
            self.pending = [str(getattr(chosen, name)) for name in amounts(listed)]
        return str(index + 1)


def choose_index(actions: list[Action], chosen: Action) -> int:
    """The listed move the chooser's action is (a concrete amount is listed once, as its parameterised move)."""
    for i, a in enumerate(actions):
        if a == chosen:
            return i
    for i, a in enumerate(actions):
        if is_parameterised(a) and covers(a, chosen):
            return i
    raise AssertionError(f"chosen {chosen!r} is not among the listed moves")


def oracle_game(game_id: str, rules: str | None, players: str, seed: int) -> tuple[list[str], State]:
    """Play the game in-process as the terminal does, with the oracle typing; the lines and the final state."""
    session = build_session(game_id, rules, players, "manual", "de", None, None, 0.0)
    oracle = Oracle(session, seed)
    session.ask = oracle.ask  # type: ignore[method-assign]
    assert session.run() == 0
    assert session.state.is_terminal()
    return oracle.lines, session.state


@pytest.mark.parametrize(("game_id", "rules"), CASES, ids=[rules or g for g, rules in CASES])
def test_every_game_ends_with_real_dice_typed_in_the_terminal(game_id: str, rules: str | None, tmp_path: Path) -> None:
    players = people(game_id, rules)
    lines, final = oracle_game(game_id, rules, players, seed=7)
    save = tmp_path / "g.json"
    chosen = ["--rules", rules] if rules else []
    result = play([game_id, *chosen, "--players", players, "--dice", "manual", "--save", str(save)], lines)
    out = result.output
    assert result.exit_code == 0, out[-3000:]
    assert "Ergebnis" in out, out[-3000:]
    assert "Dice that fell" not in out  # German throughout
    replayed = load_record(save).replay()
    assert replayed.is_terminal()
    assert fingerprint(replayed) == fingerprint(final)
    # Nothing typed was refused: every line was read as meant (a refusal prints the game's reason and asks again,
    # which would have run the lines out before the end).
    assert "Die Eingabe ist zu Ende" not in out
