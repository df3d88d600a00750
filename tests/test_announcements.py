"""What an event brought about (``State.announcements``) is told in words that every reader may read.

Over random games of every registered game: every announcement is a translated text in German and English (every
msgid in the German catalogue, no placeholder left), names seats only by reference to a seat of the table (never
"Platz 3"), and tells nobody anything his view does not. The lines are public — every reader told of the event reads
them —, so, as for the offered labels (``tests/test_offer_labels.py``): at a state drawn from what a seat cannot
tell apart (``determinize``), the same event that leaves the seat's view the same must bring the same lines; and
two random games meeting at the same view of a seat, before and after the same event as he was shown it, must
announce the same. An event some seat is not told of at all (a sealed stake) announces nothing.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from wuerfel.bots.base import RandomBot
from wuerfel.engine.components import Phrase, SeatRef, resolve
from wuerfel.engine.errors import IllegalAction
from wuerfel.engine.game import Action, Outcome, State
from wuerfel.engine.registry import all_games, get_game
from wuerfel.i18n import catalog, plural_catalog

GAMES = sorted(info.id for info in all_games())
NAMES = ["Anna", "Bert", "Carla", "Dora", "Emil", "Fritz", "Gerd", "Hanna"]
STEPS = 160
"""Events per random game: enough for rounds, throw-offs, banks and pots to end in most games."""
SILENT = {"wuerfelspiel", "zehntausend"}
"""Games whose random playouts of :data:`STEPS` events may tell nothing beyond the moves (a sheet game far from its
end; Zehntausend far from its target): the others must announce something, or their announcements are not
exercised here."""


def seats_for(info: Any, rules: Any) -> int:
    counts = info.player_counts(rules)
    return 3 if 3 in counts else 2 if 2 in counts else counts[0]


def walk(text: Any) -> Iterator[Any]:
    yield text
    if isinstance(text, Phrase):
        for v in text.params.values():
            yield from walk(v)


def check_lines(lines: tuple[Any, ...], n: int, where: str) -> None:
    de_catalog, de_plurals = catalog("de"), plural_catalog("de")
    for line in lines:
        assert isinstance(line, Phrase), f"{where}: an announcement must be a Phrase, not {line!r}"
        for part in walk(line):
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


def apply(state: State, event: Action | Outcome, player: int | None) -> State:
    return state.apply_outcome(event) if isinstance(event, Outcome) else state.apply_action(event, player)


def key(value: Any) -> str:
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
    n = before.game.num_players
    for seat in [*range(n), None]:
        shown = before.event_view(event, player, seat)
        if shown.show == "none":
            assert not said, f"{where}: an event seat {seat} is not told of announces {said}"
            continue
        told = shown.data if not shown.full else (event.to_json(), player)
        k = (seat, key(before.view(seat)), key(told), key(after.view(seat)))
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
                alt_after = apply(alt, event, player)
            except IllegalAction:
                continue
            if alt.event_view(event, player, seat) != shown or key(alt_after.view(seat)) != key(after.view(seat)):
                continue
            other = texts(alt.announcements(event, player, alt_after), n)
            assert other == said, (
                f"{where}: seat {seat} cannot tell these states apart, yet the announcements differ: {said} / {other}"
            )


@pytest.mark.parametrize("game_id", GAMES)
def test_announcements_are_public_translated_and_name_seats(game_id: str) -> None:
    info = get_game(game_id)
    rules = info.load_rules()
    n = seats_for(info, rules)
    game = info.new_game(rules, n)
    start = game.new_initial_state()
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
            if state.is_chance():
                outcomes = state.chance_outcomes()
                event: Action | Outcome = rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0]
                player = None
            else:
                player = rng.choice(list(state.actors()))
                event = bot.choose(state, player)
            after = apply(state, event, player)
            lines = state.announcements(event, player, after)
            where = f"{game_id} (playout {playout}, step {step}, {event.to_json()})"
            check_lines(lines, n, where)
            said = texts(lines, n)
            told += len(lines)
            if secret:
                check_public(state, event, player, after, said, rng, seen, where)
            state = after
    if game_id not in SILENT:
        assert told, f"{game_id}: random games told nothing beyond the moves"


def test_zehntausend_tells_the_target_reached_and_who_won() -> None:
    """Heuristic bots, seed 1: Bert reaches 10,000 while the round is still to be played to its end (said then),
    and the end names the winner."""
    from wuerfel.bots import make_bot

    info = get_game("zehntausend")
    game = info.new_game(info.load_rules(), 3)
    bots = [make_bot("zehntausend", "heuristic", game, 10 + p) for p in range(3)]
    rng = random.Random(1)
    state, said = game.new_initial_state(), []
    while not state.is_terminal():
        player: int | None = None
        if state.is_chance():
            outcomes = state.chance_outcomes()
            event: Action | Outcome = rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0]
        else:
            player = state.actors()[0]
            event = bots[player].choose(state, player)
        after = apply(state, event, player)
        said += texts(state.announcements(event, player, after), 3)
        state = after
    assert said[0] == "Bert hat 10000 erreicht: die Runde wird zu Ende gespielt"
    assert said[-1] == f"{NAMES[state.winners()[0]]} gewinnt die Partie"


def test_a_wuerfelspiel_ends_with_its_winner_told() -> None:
    info = get_game("wuerfelspiel")
    game = info.new_game(info.load_rules("kniffel"), 2)
    rng, bot = random.Random(1), RandomBot(1)
    state, said = game.new_initial_state(), []
    while not state.is_terminal():
        player: int | None = None
        if state.is_chance():
            outcomes = state.chance_outcomes()
            event: Action | Outcome = rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0]
        else:
            player = state.actors()[0]
            event = bot.choose(state, player)
        after = apply(state, event, player)
        said += texts(state.announcements(event, player, after), 2)
        state = after
    assert said == [f"{NAMES[state.winners()[0]]} gewinnt die Partie"]
