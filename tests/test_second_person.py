"""The reader is addressed in the second person in every game (issue 24 §3; terminal L1/L2, web L5).

The terminal calls the person at the screen "Du" / "You" (the default name), and the web table marks the reader's
own seat: a line about that seat must read "Du gewinnst den Pott", never "Du gewinnt den Pott", and the felt must
not speak about its reader in the third person. Every game is played with random legal moves (seeded, short) with
the reader at a seat; everything the felt shows him (components) and everything an event brought about
(announcements) is rendered in German and English and searched for a third-person verb after "Du" / "You".
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from wuerfel.bots.base import RandomBot
from wuerfel.engine.components import Phrase, SeatRef, You, components_json, resolve
from wuerfel.engine.game import Action, Outcome, State
from wuerfel.engine.registry import all_games, get_game
from wuerfel.engine.testing import strings_in

GAMES = sorted(info.id for info in all_games())
STEPS = 120
THIRD_PERSON = {
    "de": re.compile(
        r"\bDu (ist|hat|gewinnt|würfelt|beginnt|hält|zahlt|nennt|bekommt|setzt|wirft|trägt|hakt|erhöht|"
        r"deckt|kassiert|nimmt|verliert|bietet|erhält|übernimmt|schreibt|legt|behält|scheidet|bleibt|"
        r"geht|gibt|passt|ruft|sagt|spielt|macht|streicht|war|liegt|steht|führt|erreicht|kommt)\b"
    ),
    "en": re.compile(
        r"\bYou (is|has|was|wins|throws|begins|holds|pays|names|gets|stakes|takes|loses|bids|raises|"
        r"covers|enters|ticks|keeps|goes|receives|scores|writes|stops|passes|calls|makes|leads|"
        r"reaches|stays|comes|stands)\b"
    ),
}
READER = {"de": "Du", "en": "You"}


def seats_for(info: Any, rules: Any) -> int:
    counts = info.player_counts(rules)
    return 3 if 3 in counts else 2 if 2 in counts else counts[0]


def apply(state: State, event: Action | Outcome, player: int | None) -> State:
    return state.apply_outcome(event) if isinstance(event, Outcome) else state.apply_action(event, player)


RAW_SEAT = {"de": re.compile(r"\bPlatz \d"), "en": re.compile(r"\bSeat \d")}
"""A seat by its number ("Platz 3 trägt die 6 ein", terminal L2) where the felt should say its name."""


def third_person(texts: list[str], lang: str) -> list[str]:
    return [t for t in texts if THIRD_PERSON[lang].search(t) or RAW_SEAT[lang].search(t)]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_reader_is_addressed_in_the_second_person(game_id: str) -> None:
    info = get_game(game_id)
    rules = info.load_rules()
    n = seats_for(info, rules)
    game = info.new_game(rules, n)
    found: set[str] = set()
    for playout in range(2):
        reader = playout % n  # the reader at the first seat, then at the second
        rng, bot = random.Random(playout), RandomBot(playout)
        names = {lang: [READER[lang] if p == reader else f"Bot {p}" for p in range(n)] for lang in READER}
        state = game.new_initial_state()
        for _step in range(STEPS):
            for lang in READER:
                shown = list(strings_in(components_json(state.components(reader), lang, names[lang])))
                found.update(third_person(shown, lang))
            if state.is_terminal():
                break
            player: int | None = None
            if state.is_chance():
                outcomes = state.chance_outcomes()
                event: Action | Outcome = rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0]
            else:
                player = rng.choice(list(state.actors()))
                event = bot.choose(state, player)
            after = apply(state, event, player)
            for lang in READER:
                lines = [str(resolve(line, lang, names[lang])) for line in state.announcements(event, player, after)]
                if isinstance(event, Outcome):  # a throw or a lot in words ("Du beginnst")
                    lines.append(state.describe_outcome(event, lang, names[lang]))
                found.update(third_person(lines, lang))
            state = after
    assert not found, f"{game_id}: the reader in the third person:\n" + "\n".join(sorted(found))


def test_a_marked_seat_reads_in_the_second_person_whatever_its_name() -> None:
    """The web table names its reader by his own name ("Anna"); marked as the reader, the felt still says "Du bist
    am Zug als Macher", not "Anna ist am Zug als Macher" (web L5)."""
    line = Phrase("{name} takes the pot ({chips})", {"name": SeatRef(0), "chips": 2})
    assert resolve(line, "de", [You("Anna"), "Ben"]) == "Du gewinnst den Pott (2)"
    assert resolve(line, "en", [You("Anna"), "Ben"]) == "You take the pot (2)"
    assert resolve(line, "de", ["Anna", "Ben"]) == "Anna gewinnt den Pott (2)"
    assert resolve(line, "de", ["Du", "Ben"]) == "Du gewinnst den Pott (2)"
