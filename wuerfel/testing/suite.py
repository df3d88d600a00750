"""Every check of one game as a list: what the plug-in turns into test items and :func:`check_game` runs in turn."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import partial

from wuerfel.engine.registry import get_game
from wuerfel.testing.announcements import check_announcements
from wuerfel.testing.catalogues import check_catalogues
from wuerfel.testing.exact import check_against_sampling, exact_counts, exact_solve
from wuerfel.testing.labels import check_choice_words, check_offer_labels, check_option_names, check_rule_set_names
from wuerfel.testing.playouts import (
    cases,
    check_bot_to_end,
    check_long_playouts,
    check_registration,
    check_rule_set_to_end,
    check_short_playouts,
    other_bots,
)


@dataclasses.dataclass(frozen=True)
class Check:
    """One check of one game: ``run()`` raises AssertionError saying what is wrong."""

    name: str
    run: Callable[[], None]
    slow: bool = False
    """Far longer than a test run in CI may take (long playouts of every case, sampling): only when asked for."""


def _announced(game_id: str) -> None:
    check_announcements(game_id)


def _solved(game_id: str, n: int) -> None:
    exact_solve(game_id, n)


def _sampled(game_id: str, n: int) -> None:
    result = exact_solve(game_id, n)
    if result is not None and not result.decisions:
        check_against_sampling(game_id, n, result)


def checks(game_id: str) -> list[Check]:
    """Every check of ``game_id``, the quick ones first; the slow ones are marked (:attr:`Check.slow`)."""
    info = get_game(game_id)
    g = info.id
    out = [
        Check("registration", partial(check_registration, g)),
        Check("option-names", partial(check_option_names, g)),
        Check("choice-words", partial(check_choice_words, g)),
        Check("rule-set-names", partial(check_rule_set_names, g)),
        Check("catalogues", partial(check_catalogues, g)),
        Check("offer-labels", partial(check_offer_labels, g)),
        Check("announcements", partial(_announced, g)),
    ]
    all_cases = cases(info)
    out += [Check(f"short[{r}-{n}]", partial(check_short_playouts, g, r, n)) for _, r, n in all_cases]
    out += [Check(f"end[{r}]", partial(check_rule_set_to_end, g, r)) for r in info.rule_sets()]
    out += [Check(f"bot[{b}]", partial(check_bot_to_end, g, b)) for b in other_bots(info)]
    out += [Check(f"exact[{n}]", partial(_solved, g, n)) for n in exact_counts(info)]
    out += [Check(f"exact-sampling[{n}]", partial(_sampled, g, n), slow=True) for n in exact_counts(info)]
    out += [Check(f"long[{r}-{n}]", partial(check_long_playouts, g, r, n), slow=True) for _, r, n in all_cases]
    return out


def check_game(game_id: str, slow: bool = False) -> None:
    """Run every check of ``game_id`` (the slow ones too with ``slow``); the first failure is raised, its message
    naming the check. For a game's own test: ``def test_conformance(): check_game("my-game")``."""
    for check in checks(game_id):
        if check.slow and not slow:
            continue
        try:
            check.run()
        except AssertionError as exc:
            raise AssertionError(f"{game_id} {check.name}: {exc}") from exc
