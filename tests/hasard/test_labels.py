"""Labels of the Hasard games' chance outcomes and moves: what they say, and that no label shown to a player ever
carries dice he may not see (the live table shows an event's label to every seat the event is not hidden from; the
terminal announces no throw of a game with secrets and labels only the one-key outcomes of manual entry)."""

from __future__ import annotations

import io
import random

from rich.console import Console

from wuerfel.bots.base import RandomBot
from wuerfel.cli.play import PlaySession
from wuerfel.cli.play_seats import Seat
from wuerfel.engine.game import Action, Outcome, Roll, State
from wuerfel.engine.pokerdice import face_name, format_dice
from wuerfel.engine.record import Match
from wuerfel.engine.registry import get_game
from wuerfel.engine.sources import SeededSource
from wuerfel.games.hasard.common import Lot, Void
from wuerfel.games.hasard.lustige_sieben import Done, Stake
from wuerfel.games.hasard.verdecktes_bot import BluffBot
from wuerfel.games.hasard.verdecktes_moves import Announce, Challenge, Concealed
from wuerfel.games.hasard.verdecktes_poker import VerdecktesState
from wuerfel.server.live import LiveTable


def initial(game: str, n: int = 3) -> State:
    return get_game(game).new_game(None, n).new_initial_state()


def test_poker_dice_are_labelled_by_their_names_highest_first() -> None:
    for game in ("verdecktes-wuerfelpoker", "escalero"):
        s = initial(game)
        assert s.describe_outcome(Roll((1, 4, 4, 5, 6)), "de") == "As König Dame Dame Neun"
        assert s.describe_outcome(Roll((1, 4, 4, 5, 6)), "en") == "Ace King Queen Queen Nine"
        assert s.describe_outcome(Roll((2, 3)), "de") == "Bube Zehn"  # a rethrow of two dice in Escalero


def test_two_plain_dice_and_their_sum() -> None:
    s = initial("lustige-sieben").apply_outcome(Lot(0))  # the first bank is drawn by lot
    assert s.describe_outcome(Roll((3, 6)), "de") == "3 + 6 = 9"
    assert s.describe_outcome(Roll((1, 6)), "en") == "1 + 6 = 7"


def test_void_concealed_and_lot_labels() -> None:
    s = initial("verdecktes-wuerfelpoker")
    assert s.describe_outcome(Void(), "de") == "Wurf ungültig (brennt)"
    assert s.describe_outcome(Void(), "en") == "void throw (it burns)"
    assert s.describe_outcome(Concealed(), "de") == "(verdeckt)"
    assert s.describe_outcome(Concealed(), "en") == "(concealed)"
    assert s.describe_outcome(Lot(1), "de") == "Platz 2 beginnt"
    assert s.describe_outcome(Lot(1), "en") == "seat 2 begins"
    assert s.describe_outcome(Lot(1), "de", names=["Anna", "Ben", "Cäsar"]) == "Ben beginnt"
    assert initial("escalero").describe_outcome(Lot(0), "en", names=["Anna", "Ben"]) == "Anna begins"
    ls = initial("lustige-sieben")
    assert ls.describe_outcome(Lot(2), "de") == "Platz 3 hat die Bank"
    assert ls.describe_outcome(Lot(2), "de", names=["Anna", "Ben", "Cäsar"]) == "Cäsar hat die Bank"
    assert ls.describe_outcome(Void(), "de") == "Wurf ungültig (brennt)"


def test_stake_labels_say_chip_or_chips() -> None:
    s = initial("lustige-sieben")
    assert s.describe_action(Stake(7, 1), "de") == "1 Chip auf 7"
    assert s.describe_action(Stake(11, 3), "de") == "3 Chips auf 11"
    assert s.describe_action(Stake(11, 3), "en") == "3 chips on 11"
    assert s.describe_action(Done(), "de") == "keine weiteren Einsätze"


# --- no concealed dice in a label anybody else sees ---------------------------------------------------------------
def _unseen_dice(state: VerdecktesState, viewer: int | None) -> list[tuple[int, ...]]:
    """Dice of throws lying under the cup that ``viewer`` has not seen."""
    return [t.dice for t in state.turns if t.dice and not t.revealed and t.player != viewer]


def _leaks(label: str, dice: tuple[int, ...]) -> bool:
    """Does ``label`` spell these dice, in any of the forms the games use for dice?"""
    forms = [format_dice(dice, lang) for lang in ("de", "en")]
    forms += [" ".join(face_name(f, lang) for f in sorted(dice, reverse=True)) for lang in ("de", "en")]
    return any(form in label for form in forms)


def _hidden_from(prev: State, event: Action | Outcome, player: int | None) -> frozenset[int | None]:
    """The seats (``None``: a spectator) the game's statement (``State.event_view``, applied by the live table)
    does not show the event in full."""
    st = LiveTable._hidden(prev, event, player)
    if st is None:
        return frozenset()
    return frozenset(s for s, v in zip([*range(len(st) - 1), None], st, strict=True) if not v.full)


def _label(state: State, event: Action | Outcome, lang: str) -> str:
    if isinstance(event, Outcome):
        return LiveTable._outcome_label(state, event, lang)
    return state.describe_action(event, lang)


def test_no_label_shown_to_a_player_contains_dice_he_may_not_see() -> None:
    """Random games of Verdecktes Würfelpoker (also scorekeeper throws left under the cup): every event label that
    the live table shows to a seat or to a spectator, and every shortcut label the terminal shows at a manual throw,
    is scanned for the dice of every throw that viewer has not seen — before and after the event."""
    rng = random.Random(3)
    shown = 0
    for preset in ("verdecktes-wuerfelpoker", "joker-poker", "verdecktes-live"):
        for seed in range(4):
            n = 2 + seed % 3
            m = Match.new("verdecktes-wuerfelpoker", preset, [f"p{i}" for i in range(n)])
            session = PlaySession(
                get_game("verdecktes-wuerfelpoker"),
                m,
                [Seat(f"p{i}") for i in range(n)],
                dice_mode="manual",
                console=Console(file=io.StringIO()),
                pause=0,
            )
            assert session.viewer() is None  # several people at one screen: it shows what a spectator may see
            source = SeededSource(seed)
            bots = [RandomBot(seed + p) if p % 2 else BluffBot(m.game, seed + p) for p in range(n)]
            while not m.state.is_terminal():
                prev = m.state
                assert isinstance(prev, VerdecktesState)
                event: Action | Outcome
                if prev.is_chance():
                    for _key, outcome in session.special_outcomes(prev):
                        for lang in ("de", "en"):
                            label = prev.describe_outcome(outcome, lang)
                            for viewer in [*range(n), None]:
                                assert not any(_leaks(label, d) for d in _unseen_dice(prev, viewer)), label
                    event = source.choose(prev)
                    if prev.phase == "throw" and rng.random() < 0.15:
                        event = Concealed()
                    m.chance(event)
                else:
                    p = rng.choice(prev.actors())
                    event = bots[p].choose(prev, p)
                    m.act(event, p)
                nxt = m.state
                assert isinstance(nxt, VerdecktesState)
                if prev.phase == "throw" and isinstance(event, Roll):  # the terminal never announces its dice
                    assert session.shown(prev, event, None, "DICE") != "DICE"
                hidden = _hidden_from(prev, event, None if isinstance(event, Outcome) else p)
                for viewer in [*range(n), None]:
                    # An announcement is what its player says aloud: public, and a true one names his dice.
                    if viewer in hidden or isinstance(event, Announce):
                        continue
                    unseen = _unseen_dice(prev, viewer) + _unseen_dice(nxt, viewer)
                    if isinstance(event, Challenge) and prev.turns[-1].dice in unseen:
                        # the call lifts the cup: its explanation rightly names the dice it reveals to everybody
                        unseen.remove(prev.turns[-1].dice)
                    for lang in ("de", "en"):
                        label = _label(prev, event, lang)
                        assert not any(_leaks(label, d) for d in unseen), (viewer, label, prev.phase)
                        shown += 1
    assert shown > 300


def test_the_label_of_a_hidden_throw_reaches_only_the_thrower() -> None:
    """The sharp case of the scan above, spelled out: the throw's own label names the dice, so the live table must
    hide it from everybody else (and the spectator) — it does, because the game states so (``event_view``)."""
    s = get_game("verdecktes-wuerfelpoker").new_game(None, 3).new_initial_state().apply_outcome(Lot(0))
    throw = Roll((1, 4, 4, 5, 6))
    after = s.apply_outcome(throw)
    assert s.describe_outcome(throw, "de") == "As König Dame Dame Neun"
    assert after.view(1) == after.view(2) == after.view(None)
    assert _hidden_from(s, throw, None) == frozenset({1, 2, None})
