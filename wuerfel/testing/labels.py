"""What a game says in words: every option, choice and rule set named in German and English, and what a seat is
offered depending only on what it may see.

Why public: a plug-in's rules editor, ``wuerfel rules show`` and the move buttons read these names exactly as ours
do; a game without them shows dotted keys to players, and one whose labels read hidden dice hands them out.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
import typing
from typing import Any, Literal, get_args, get_origin

from wuerfel.bots.base import RandomBot
from wuerfel.engine.registry import get_game
from wuerfel.engine.rules import describe_options, option_keys, option_labels

SPEC_CODES = re.compile(r"\((?:A|E|G)-?\d+\)|(?<![\d.,])00\d\b|\bA-\d+\b")
"""References into a specification ("(A-12)", "005"): for the game's authors, never for a player."""

OFFER_PLAYOUTS = 80
"""Random games per game for the offered-labels check: enough for early positions of two games to meet at the same
view (a random announcement among Verdecktes Würfelpoker's 378 hands meets another in about 25 games)."""
OFFER_STEPS = 24
"""Events per random game (the start and the first turns: where different games meet most often)."""


def leaf_types(cls: type[Any], path: str = "") -> dict[str, Any]:
    """Dotted key (list indices left out) → type, for every option including fields of list items."""
    out: dict[str, Any] = {}
    hints = typing.get_type_hints(cls)
    for f in dataclasses.fields(cls):
        tp = hints[f.name]
        key = f"{path}.{f.name}" if path else f.name
        out[key] = tp
        args = get_args(tp)
        if isinstance(tp, type) and dataclasses.is_dataclass(tp):
            out.update(leaf_types(tp, key))
        elif get_origin(tp) is tuple and args and isinstance(args[0], type) and dataclasses.is_dataclass(args[0]):
            out.update(leaf_types(args[0], key))
    return out


def check_option_names(game_id: str) -> None:
    """Every option has a name and a description in both languages (``label_options`` and ``opt(de=, en=)``)."""
    info = get_game(game_id)
    labels = option_labels(info.options_class)
    for key in option_keys(info.options_class):
        de, en = labels.names.get(key, ("", ""))
        assert de.strip() and en.strip(), f"{game_id}: option {key} has no German and English name"
        assert "_" not in de + en, f"{game_id}: the name of {key} reads like a key: {de!r} / {en!r}"
    for o in describe_options(info.load_rules()):
        assert o.name("de") != o.key and o.name("en") != o.key, (game_id, o.key)
        assert o.description("de").strip() and o.description("en").strip(), (game_id, o.key)
        for raw in (c for c in o.choices if isinstance(c, str)):
            # a description names choices in words, never by their TOML value ("(at_least)", "(explicit)")
            assert f"({raw})" not in o.description("de") + o.description("en"), (game_id, o.key, raw)


def check_choice_words(game_id: str) -> None:
    """Every value of a choice (a ``Literal`` option) has words in both languages, not its raw value."""
    info = get_game(game_id)
    labels = option_labels(info.options_class)
    for key, tp in leaf_types(info.options_class).items():
        values = get_args(tp) if get_origin(tp) is Literal else ()
        for v in values:
            de, en = labels.choices.get(key, {}).get(v, ("", ""))
            assert de.strip() and en.strip(), f"{game_id}: choice {v!r} of {key} has no words"
            assert "_" not in de + en, (game_id, key, v)
            if isinstance(v, str):
                assert de != v, f"{game_id}: choice {v!r} of {key} is shown raw in German"
    for o in describe_options(info.load_rules()):
        for v in o.choices:
            assert o.choice_label(v, "de") and "_" not in o.choice_label(v, "en"), (game_id, o.key, v)


def check_rule_set_names(game_id: str) -> None:
    """Every rule set file names itself and says what it is in both languages (a game without rule set files has
    only its default rules, named by the game)."""
    info = get_game(game_id)
    if info.library is None:
        return
    for rules_id in info.rule_sets():
        res = info.resolve(rules_id)
        assert res.name_de and res.name_en and res.note and res.note_en, (game_id, rules_id)
        assert res.name("en") == res.name_en and res.describe("en") == res.note_en and res.describe("de") == res.note
        if rules_id not in info.public_rule_sets():
            continue
        for text in (res.name_de, res.name_en, res.note, res.note_en):
            assert not SPEC_CODES.search(text), f"{rules_id}: a spec reference in a player's text: {text!r}"
            assert "isolate" not in text and "proof off" not in text, rules_id


def _key(view: object) -> str:
    return json.dumps(view, sort_keys=True, default=str)


def check_offer_labels(game_id: str, playouts: int = OFFER_PLAYOUTS, steps: int = OFFER_STEPS) -> None:
    """What a seat is offered depends only on what it may see.

    A legal action's label (``State.describe_offer``: the web's buttons, the terminal's menu, the hints) is computed
    from the full state, hidden dice included; a label that tells a hidden thing hands it to the player (QA found
    Verdecktes Würfelpoker's "Schwindel!" naming the hand under the cup). Over many random games, the same view of
    a seat and the same action must always get the same label (and, in games with hidden information, the same
    hints): two games that differ only in what the seat cannot see meet at the same view."""
    info = get_game(game_id)
    rules = info.load_rules()
    counts = info.player_counts(rules)
    game = info.new_game(rules, 2 if 2 in counts else counts[0])
    seen: dict[tuple[int, str, str], str] = {}
    hints: dict[tuple[int, str], str] = {}
    advisor = info.advisor(game) if info.advisor is not None and not info.perfect_information else None
    for playout in range(playouts):
        rng = random.Random(playout)
        bot = RandomBot(playout)
        state = game.new_initial_state()
        for _ in range(steps):
            if state.is_terminal():
                break
            if state.is_chance():
                outcomes = state.chance_outcomes()
                state = state.apply_outcome(rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0])
                continue
            actors = list(state.actors())
            for seat in actors:
                view = _key(state.view(seat))
                for action in state.legal_actions(seat):
                    key = (seat, view, _key(action.to_json()))
                    label = state.describe_offer(action, "de")
                    assert seen.setdefault(key, label) == label, (
                        f"{game_id}: seat {seat} is offered {label!r} and, at the same view, {seen[key]!r}"
                    )
                if advisor is not None:
                    hint = _key(
                        [
                            (a.action.to_json() if a.action is not None else None, a.value, a.label, a.note)
                            for a in advisor.advise(state, seat)
                        ]
                    )
                    assert hints.setdefault((seat, view), hint) == hint, (
                        f"{game_id}: seat {seat} gets the hints {hint} and, at the same view, {hints[(seat, view)]}"
                    )
            seat = rng.choice(actors)
            state = state.apply_action(bot.choose(state, seat), seat)
