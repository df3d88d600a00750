"""The terminal's move list beyond the moves themselves: whose throw it was ("Anna würfelt: 2 5 5"), what an event
brought about (the game's :meth:`~wuerfel.engine.game.State.announcements`: a round won, a throw-off, a Bierdeckel,
a payment, the next bank) and the moves a reveal makes public (the bots' stakes once the betting closes).

The same lines as the web's live move list and replay (:mod:`wuerfel.engine.narration`); kept out of
:mod:`wuerfel.cli.play` so that the session calls one method after each event.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from wuerfel.engine.game import Action, Outcome, State
from wuerfel.engine.narration import announce, texts
from wuerfel.engine.record import EventViews, Match, apply_event, event_object, event_statement
from wuerfel.i18n import Translator


def throw_line(_: Translator, thrower: int | None, you: int | None, names: Sequence[str], dice: str) -> str:
    """A throw in words, its thrower named: "Anna würfelt: 2 5 5", "Du würfelst: …"; "Wurf: …" for nobody's."""
    if thrower is None or not 0 <= thrower < len(names):
        return _("Throw: {dice}", dice=dice)
    if thrower == you:
        return _("You throw: {dice}", dice=dice)
    return _("{name} throws: {dice}", name=names[thrower], dice=dice)


class Narrator:
    """Keeps what each event showed to whom (the record's statements, as the server does) and tells the people at
    the screen what an event brought about."""

    def __init__(
        self, match: Match, lang: str, names: Callable[[], Sequence[str]], say: Callable[[str, str | None], None]
    ) -> None:
        self.lang = lang
        self.names = names
        self.say = say
        self.views = EventViews()
        self.told: list[tuple[State, Action | Outcome, int | None]] = []
        """Per event of the record: the state it was applied to, the move or outcome, the actor."""
        game = match.game
        state = game.new_initial_state()
        for i, ev in enumerate(match.record.events):  # a loaded game: what was shown so far
            obj = event_object(game, ev)
            self.views.append(event_statement(state, obj, ev.player))
            self.told.append((state, obj, ev.player))
            state = apply_event(game, state, ev, i)

    def event(
        self, before: State, event: Action | Outcome, player: int | None, after: State, viewer: int | None
    ) -> None:
        """Event applied: print the moves it uncovered for ``viewer`` and its announcements (when he was told of
        it at all)."""
        i = len(self.views)
        self.views.append(event_statement(before, event, player))
        self.told.append((before, event, player))
        names = list(self.names())
        for j in self.views.uncovered(i, viewer):
            state, obj, who = self.told[j]
            label = self.label(state, obj)
            self.say(f"→ {names[who]}: {label}" if who is not None and 0 <= who < len(names) else f"→ {label}", None)
        if self.views.view(i, viewer).show == "none":
            return
        for line in texts(announce(before, event, player, after), self.lang, names):
            self.say(f"» {line}", "bold")

    def label(self, state: State, obj: Any) -> str:
        try:
            if isinstance(obj, Action):
                return state.describe_action(obj, self.lang)
            return state.describe_outcome(obj, self.lang, list(self.names()))
        except Exception:  # a label must never stop a game
            return str(obj.to_json())
