"""Each game states what each event shows to whom (``State.event_view``); only what is secret is hidden, and the
generic check holds the statement to the views."""

from __future__ import annotations

import random

import pytest

from wuerfel.engine.game import PUBLIC, EventView, Roll, State
from wuerfel.engine.record import EventViews, Match, event_statement
from wuerfel.engine.registry import get_game
from wuerfel.engine.testing import check_event_views, random_playthrough
from wuerfel.games.hasard.common import Lot
from wuerfel.games.hasard.lustige_sieben import Done, LustigeSiebenState, Stake
from wuerfel.games.hasard.verdecktes_moves import Announce, Challenge, Concealed
from wuerfel.games.hasard.verdecktes_poker import VerdecktesState


def _ls(n: int = 3) -> LustigeSiebenState:
    s = get_game("lustige-sieben").new_game(None, n).new_initial_state()
    while s.is_chance():  # the lot, if the rules draw one
        s = s.apply_outcome(Lot(0))
    assert isinstance(s, LustigeSiebenState) and s.banker == 0
    return s


def test_lustige_sieben_hides_only_the_sealed_stakes_and_uncovers_them_when_the_betting_closes() -> None:
    """Before, every event of the game — public throws included — was "(verdeckt)", and a hidden stake still
    carried its punter: anybody could count the stakes. Now a punter sees his own stakes, nobody else is told of
    them at all until the last "no more stakes" uncovers them; throws and "no more stakes" are public."""
    s = _ls()
    views = EventViews()
    events = [(Stake(7, 2), 1), (Stake(4, 1), 2), (Stake(7, 1), 2), (Done(), 1), (Done(), 2)]
    for action, p in events:
        views.append(event_statement(s, action, p))
        if isinstance(action, Stake):
            assert s.event_view(action, p, p) == PUBLIC
            for seat in (0, 3 - p, None):
                assert s.event_view(action, p, seat).show == "none"
        if len(views) == 3:  # betting open: seat 1 is told of none of seat 2's stakes, the banker of none at all
            assert [views.view(i, 1).show for i in range(3)] == ["full", "none", "none"]
            assert [views.view(i, 0).show for i in range(3)] == ["none", "none", "none"]
        s = s.apply_action(action, p)
    assert s.betting is None
    assert all(views.view(i, seat).full for i in range(5) for seat in (0, 1, 2, None))
    throw = Roll((3, 4))
    assert all(s.event_view(throw, None, seat) == PUBLIC for seat in (0, 1, 2, None))


def _vwp(n: int = 3) -> VerdecktesState:
    s = get_game("verdecktes-wuerfelpoker").new_game(None, n).new_initial_state().apply_outcome(Lot(0))
    assert isinstance(s, VerdecktesState)
    return s


def test_verdecktes_hides_the_dice_under_the_cup_and_nothing_else() -> None:
    """Before, announcements and challenges around a hidden throw were hidden too. Now the thrower alone sees his
    dice; the others learn that five dice went under the cup; announcements and "Schwindel!" are public, and the
    call uncovers the throw for everybody."""
    s = _vwp()
    throw = Roll((6, 6, 6, 2, 2))
    st = event_statement(s, throw, None)
    assert st is not None
    assert st[0] == PUBLIC
    for v in (st[1], st[2], st[3]):
        assert v.show == "redacted" and v.data == Concealed().to_json() and v.label and v.secret is not None
    views = EventViews([st])
    s = s.apply_outcome(throw)
    announce = Announce(s.legal_actions(0)[0].hand)  # type: ignore[attr-defined]
    assert event_statement(s, announce, 0) is None
    views.append(event_statement(s, announce, 0))
    s = s.apply_action(announce, 0)
    challenge = event_statement(s, Challenge(), 1)
    assert challenge is not None and all(v.full and v.reveals for v in challenge)
    assert not views.view(0, 1).full
    views.append(challenge)
    assert all(views.view(0, seat).full for seat in (0, 1, 2, None))


def test_public_record_keeps_an_unrevealed_throw_under_the_cup_and_still_replays() -> None:
    m = Match.new("verdecktes-wuerfelpoker", None, ["a", "b", "c"])
    random_playthrough(m, 5, check=False)
    full = m.record
    views = full.event_views()
    public = full.seen_by([])
    rolls = [i for i, e in enumerate(full.events) if e.data["kind"] == "roll"]
    hidden = [i for i in rolls if not views.view(i, None).full]
    assert hidden and len(public.events) == len(full.events)
    assert all(public.events[i].data == {"kind": "concealed"} for i in hidden)
    assert all(public.events[i] == full.events[i] for i in range(len(full.events)) if i not in hidden)
    assert public.replay().scores() == full.replay().scores()
    own = full.seen_by([1])
    assert [i for i in hidden if own.events[i] == full.events[i]] == [i for i in hidden if views.view(i, 1).full]


_OWN = VerdecktesState.event_view


def _says_nothing_is_secret(self, event, player, seat):  # type: ignore[no-untyped-def]
    """The old situation: a game that hides dice in its views but states no event visibility."""
    return State.event_view(self, event, player, seat)


def _hides_announcements(self, event, player, seat):  # type: ignore[no-untyped-def]
    """The old move list: announcements around a hidden throw hidden too."""
    if isinstance(event, Announce) and seat != player:
        return EventView("redacted", data={"kind": "announce"})
    return _OWN(self, event, player, seat)


@pytest.mark.parametrize(
    ("statement", "words", "node"), [(_says_nothing_is_secret, "tells more", 0), (_hides_announcements, "alike", 1)]
)
def test_the_generic_check_refuses_a_statement_that_disagrees_with_the_views(
    monkeypatch: pytest.MonkeyPatch, statement: object, words: str, node: int
) -> None:
    """A throw stated public whose dice the views hide, or announcements stated hidden that the views show: both
    are caught at the node where they happen (and the game's own statement passes there)."""
    s: State = _vwp(2)
    if node:
        s = s.apply_outcome(Roll((1, 2, 3, 4, 5)))
    check_event_views(s, random.Random(0))
    monkeypatch.setattr(VerdecktesState, "event_view", statement)
    with pytest.raises(AssertionError, match=words):
        check_event_views(s, random.Random(0))


def test_terminal_shows_public_throws_and_moves_and_keeps_only_the_secrets() -> None:
    """Before, the terminal guessed from ``determinize`` and hid every throw and move of a game with secrets
    ("Bot hat gezogen."): the bank's throws in Lustige Sieben and a bot's announcement were never shown."""
    from tests.cli.helpers import play

    ls = play(
        ["lustige-sieben", "--players", "Anna,bot:heuristic,bot:heuristic", "--dice", "seed:3"], ["fertig"] * 200
    ).output
    assert "Wurf: 1 + 5 = 6" in ls
    assert "hat gezogen" not in ls
    assert "→ Bot 1 (Faustregel): keine weiteren Einsätze" in ls
    vwp = play(["verdecktes-wuerfelpoker", "--players", "Anna,bot:heuristic", "--dice", "seed:3"], ["1"] * 400)
    out = vwp.output
    assert "→ Bot 1 (Faustregel): Ein Paar Damen, König Zehn Neun" in out  # the bot's announcement
    assert "Bot 1 (Faustregel) würfelt: fünf Würfel unter dem Becher" in out  # the bot's throw: under the cup
    assert "Anna würfelt: As As As Bube Neun" in out  # Anna's own throw, on her screen
    assert "hat gezogen" not in out
