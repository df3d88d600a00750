"""What an event brought about (``State.announcements``) is told in words that every reader may read.

Over random games: every announcement is a translated text in German and English (every msgid in the German
catalogue, no placeholder left), names seats only by reference to a seat of the table (never "Platz 3"), and tells
nobody anything his view does not. The lines are public — every reader told of the event reads them —, so, as for
the offered labels (:func:`wuerfel.testing.labels.check_offer_labels`): at a state drawn from what a seat cannot
tell apart (``determinize``), the same event that leaves the seat's view the same must bring the same lines; and two
random games meeting at the same view of a seat, before and after the same event as he was shown it, must announce
the same. An event some seat is not told of at all (a sealed stake) announces nothing.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

from wuerfel.bots.base import RandomBot
from wuerfel.engine.components import Phrase, SeatRef, resolve
from wuerfel.engine.errors import IllegalAction
from wuerfel.engine.game import Action, Outcome, State
from wuerfel.engine.registry import GameInfo, get_game
from wuerfel.i18n import catalog, plural_catalog

NAMES = ["Anna", "Bert", "Carla", "Dora", "Emil", "Fritz", "Gerd", "Hanna"]
STEPS = 160
"""Events per random game: enough for rounds, throw-offs, banks and pots to end in most games."""


def seats_for(info: GameInfo, rules: Any) -> int:
    counts = info.player_counts(rules)
    return 3 if 3 in counts else 2 if 2 in counts else counts[0]


def _walk(text: Any) -> Iterator[Any]:
    yield text
    if isinstance(text, Phrase):
        for v in text.params.values():
            yield from _walk(v)


def check_lines(lines: tuple[Any, ...], n: int, where: str) -> None:
    """Phrases only, German for each, seats by reference within the table, nothing left unfilled."""
    de_catalog, de_plurals = catalog("de"), plural_catalog("de")
    for line in lines:
        assert isinstance(line, Phrase), f"{where}: an announcement must be a Phrase, not {line!r}"
        for part in _walk(line):
            if isinstance(part, Phrase):
                assert part.msgid in (de_plurals if part.plural else de_catalog), (
                    f"{where}: no German for {part.msgid!r}"
                )
            if isinstance(part, SeatRef):
                assert 0 <= part.seat < n, f"{where}: {line!r} names seat {part.seat} of {n}"
        for lang, raw in (("de", r"\bPlatz \d"), ("en", r"\bSeat \d")):
            text = str(resolve(line, lang, NAMES[:n]))
            assert "{" not in text and "}" not in text, f"{where}: placeholder left in {text!r}"
            assert not re.search(raw, text), f"{where}: a seat by number instead of its name: {text!r}"


def texts(lines: tuple[Any, ...], n: int) -> list[str]:
    return [str(resolve(line, "de", NAMES[:n])) for line in lines]


def _apply(state: State, event: Action | Outcome, player: int | None) -> State:
    return state.apply_outcome(event) if isinstance(event, Outcome) else state.apply_action(event, player)


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)


def check_public(
    before: State,
    event: Action | Outcome,
    player: int | None,
    after: State,
    said: list[str],
    rng: random.Random,
    seen: dict[tuple[Any, ...], list[str]],
    where: str,
) -> None:
    """The lines ``said`` of one event are the same for every state a seat cannot tell from this one."""
    n = before.game.num_players
    for seat in [*range(n), None]:
        shown = before.event_view(event, player, seat)
        if shown.show == "none":
            assert not said, f"{where}: an event seat {seat} is not told of announces {said}"
            continue
        told = shown.data if not shown.full else (event.to_json(), player)
        k = (seat, _key(before.view(seat)), _key(told), _key(after.view(seat)))
        assert seen.setdefault(k, said) == said, (
            f"{where}: seat {seat} reads {said} and, at the same view and event, {seen[k]}"
        )
        if seat is None:
            continue
        for _ in range(3):
            alt = before.determinize(seat, rng)
            if alt is before or alt == before:
                continue
            try:
                alt_after = _apply(alt, event, player)
            except IllegalAction:
                continue
            if alt.event_view(event, player, seat) != shown or _key(alt_after.view(seat)) != _key(after.view(seat)):
                continue
            other = texts(alt.announcements(event, player, alt_after), n)
            assert other == said, (
                f"{where}: seat {seat} cannot tell these states apart, yet the announcements differ: {said} / {other}"
            )


def check_announcements(game_id: str) -> int:
    """Random games of the default rules, every announcement checked; returns how many lines were told (a game's
    own test may require some: a game that tells nothing beyond the moves exercises none of this)."""
    info = get_game(game_id)
    rules = info.load_rules()
    n = seats_for(info, rules)
    start = info.new_game(rules, n).new_initial_state()
    secret = not info.perfect_information or type(start).determinize is not State.determinize
    seen: dict[tuple[Any, ...], list[str]] = {}
    told = 0
    for playout in range(40 if secret else 10):
        rng = random.Random(playout)
        bot = RandomBot(playout)
        state = start
        for step in range(STEPS):
            if state.is_terminal():
                break
            player: int | None
            event: Action | Outcome
            if state.is_chance():
                outcomes = state.chance_outcomes()
                event = rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0]
                player = None
            else:
                player = rng.choice(list(state.actors()))
                event = bot.choose(state, player)
            after = _apply(state, event, player)
            lines = state.announcements(event, player, after)
            where = f"{game_id} (playout {playout}, step {step}, {event.to_json()})"
            check_lines(lines, n, where)
            said = texts(lines, n)
            told += len(lines)
            if secret:
                check_public(state, event, player, after, said, rng, seen, where)
            state = after
    return told
