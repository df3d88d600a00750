"""Seeded games of every Zehntausend rule set, fingerprinted state by state against digests recorded before the
transitions were rewritten for speed (issue 17): the fast paths (one copy per transition, the heuristic bot valuing
its candidates without building them) must play exactly the games the plain code played, field for field.

Each game seats a random bot first (it tries every kind of legal move) and heuristic bots after it, with 2 and 3
players (solo rule sets: one heuristic player), on a lowered target so that the games stay short. Every state's
public view (which holds every field: scores, turn, history, previous turn, offers, tie-break, skips), its node kind
and its legal actions go into the digest. If a rules change alters these games on purpose, re-record the digests
with ``python tests/zehntausend/test_golden_games.py`` and say why in the commit.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys

import pytest

from wuerfel.bots.base import RandomBot
from wuerfel.cli.sim import draw_outcome
from wuerfel.engine.registry import get_game
from wuerfel.games.zehntausend.bots import HeuristicBot

INFO = get_game("zehntausend")
EXTRA: dict[str, tuple[str, dict[str, object]]] = {
    "simulated-mishaps+knock": (
        "zehntausend-350",
        {
            "mishap": {
                "mode": "simulated",
                "probability": 0.2,
                "knock": True,
                "knock_success": 0.5,
                "penalty_streak": 2,
                "penalty_effect": "bust_turn",
                "skip_next_turn": True,
                "penalty_repeat": "reset",
            }
        },
    ),
    "mishap-deduct": (
        "zehntausend-350",
        {
            "mishap": {
                "mode": "simulated",
                "probability": 0.25,
                "penalty_streak": 2,
                "penalty_effect": "deduct_points",
                "penalty_points": 100,
            }
        },
    ),
    "bumerang-rueckwaerts-mode": ("einfach+bumerang", {"bumerang": {"phase2": "rueckwaerts_mode"}}),
    "tie-extra-round": ("macke-klassisch", {"game": {"tie": "extra_round", "reach": "more_than"}}),
    "tie-first-to-reach": ("zehntausend-einfach", {"game": {"tie": "first_to_reach"}}),
    "immediate": ("zehntausend-einfach", {"game": {"end_rule": "immediate"}}),
    "confirm-accumulated": ("zehntausend-350", {"confirm": {"scope": "accumulated"}}),
    "confirm-full-throw": ("einfach-6+verdoppeln+bestaetigen", {"confirm": {"trigger": "full_throw_all_scored"}}),
    "extension-kind-table": ("einfach+verdoppeln+ergaenzen", {"extension": {"value": "kind_table"}}),
    "literal-all-scoring": ("macke-klassisch+beweisen-literal", {"selection": {"rule": "all_scoring"}}),
    "five-any-time+combines": (
        "einfach+5er-drehen",
        {"dice": {"count": 6}, "selection": {"five_turn_timing": "any_time", "converted_one_combines": True}},
    ),
    "no-hot-dice+max-throws": ("macke-klassisch", {"turn": {"hot_dice": False, "max_throws": 2}}),
    "rueckwaerts-receiver-no-refill": (
        "zehntausend-rueckwaerts",
        {"rueckwaerts": {"next_round_starter": "receiver", "refill_when_empty": False}},
    ),
    "takeover+steigerung+minus-marks": (
        "einfach+uebernehmen",
        {
            "turn": {"beat_predecessor": True},
            "minus_marks": {"count": 2, "penalty": 500},
            "proof": {"same_throw": True},
        },
    ),
    "negate+give-up": ("zehntausend-350", {"turn": {"bust": "negate", "stop_below_threshold": "counts_as_bust"}}),
}
CASES = [(name, n) for name in INFO.rule_sets() for n in (2, 3)] + [(f"extra:{v}", n) for v in EXTRA for n in (2, 3)]


def _rules(name: str):  # type: ignore[no-untyped-def]
    if name.startswith("extra:"):
        base, overrides = EXTRA[name[6:]]
    else:
        base, overrides = name, {}
    game_over = overrides.get("game", {})
    assert isinstance(game_over, dict)
    return INFO.load_rules(base, {**overrides, "game": {**game_over, "target": 2000}})


def game_digest(name: str, n: int, seed: int = 3) -> str:
    """The digest of one seeded game: every state's view, node kind and legal actions, in order."""
    rules = _rules(name)
    if rules.game.mode == "solo":
        n = 1
    game = INFO.new_game(rules, n)
    bots = [RandomBot(seed * 31 + i) if i == 0 and n > 1 else HeuristicBot(seed + i) for i in range(n)]
    rng = random.Random(seed * 1000 + n)
    h = hashlib.sha256()
    state = game.new_initial_state()
    steps = 0
    while True:
        h.update(
            json.dumps(
                [state.to_move(), state.view(None), [a.to_json() for a in state.legal_actions()]],
                sort_keys=True,
                default=str,
            ).encode()
        )
        if state.is_terminal():
            break
        steps += 1
        assert steps < 20_000, "the game does not end"
        if state.is_chance():
            state = state.apply_outcome(draw_outcome(state, rng, {}))
        else:
            p = state.actors()[0]
            state = state.apply_action(bots[p].choose(state, p), p)
    h.update(json.dumps([state.scores(), state.winners(), state.ranking()]).encode())
    return h.hexdigest()[:16]


DIGESTS: dict[str, str] = {
    "farkle/2": "bb1c04b3d887bcb0",
    "farkle/3": "67769070baee553b",
    "macke-6/2": "b9515d7638d4a79b",
    "macke-6/3": "caa5c7f2c4921a01",
    "macke-klassisch/2": "8d37e3e8e4f2c86b",
    "macke-klassisch/3": "e8d1fcea41b96539",
    "zehntausend-350/2": "906380e198cef270",
    "zehntausend-350/3": "2eb5c1fd4649ce20",
    "zehntausend-einfach/2": "10a012cba7b1f037",
    "zehntausend-einfach/3": "bb41202483e28ea7",
    "zehntausend-rueckwaerts/2": "4f5f2313ef0bcfd3",
    "zehntausend-rueckwaerts/3": "85b526706a0d2fcf",
    "einfach+3x2/2": "21627d885ec406e2",
    "einfach+3x2/3": "00ab9af86a1fe184",
    "einfach+5er-drehen/2": "97232ab448c1a72d",
    "einfach+5er-drehen/3": "6c0b09baa78c9e0b",
    "einfach+bumerang/2": "cd0681b51d92a870",
    "einfach+bumerang/3": "1594f7eb21537754",
    "einfach+ergaenzen/2": "03de9b320dc83948",
    "einfach+ergaenzen/3": "8f562c1d51debaf6",
    "einfach+hausbau/2": "10a012cba7b1f037",
    "einfach+hausbau/3": "bb41202483e28ea7",
    "einfach+klopfen/2": "10a012cba7b1f037",
    "einfach+klopfen/3": "bb41202483e28ea7",
    "einfach+minus/2": "10a012cba7b1f037",
    "einfach+minus/3": "1d5953807052b824",
    "einfach+nix/2": "10a012cba7b1f037",
    "einfach+nix/3": "2890531a805f3fea",
    "einfach+pyramide/2": "1aaa32b60e7f47ed",
    "einfach+pyramide/3": "1114327ef1dc5c8c",
    "einfach+sechserpasch/2": "1aaa32b60e7f47ed",
    "einfach+sechserpasch/3": "1114327ef1dc5c8c",
    "einfach+steigerung/2": "b0c6b40e90e42a3a",
    "einfach+steigerung/3": "5164dc66c4c0b22d",
    "einfach+strasse/2": "1aaa32b60e7f47ed",
    "einfach+strasse/3": "1114327ef1dc5c8c",
    "einfach+uebernehmen/2": "b87364cdded50dad",
    "einfach+uebernehmen/3": "7199e8b9466af6d6",
    "einfach+verdoppeln+ergaenzen/2": "237842cd3ef6123e",
    "einfach+verdoppeln+ergaenzen/3": "e69d3b17e3ebcbbe",
    "einfach+verdoppeln/2": "878287f4d6649bad",
    "einfach+verdoppeln/3": "ae31ff1a787efe02",
    "einfach+verschaerft+uebernehmen/2": "31ea91deba1daab2",
    "einfach+verschaerft+uebernehmen/3": "2cbe71ce5c2b9f6b",
    "einfach+verschaerft/2": "b4f72a241a867547",
    "einfach+verschaerft/3": "f7a2252cf2dabc8c",
    "einfach-6+verdoppeln+bestaetigen/2": "9ea1714912b8eef0",
    "einfach-6+verdoppeln+bestaetigen/3": "7981e0dd5bbc5618",
    "macke-6+errata-6666/2": "b9515d7638d4a79b",
    "macke-6+errata-6666/3": "caa5c7f2c4921a01",
    "macke-klassisch+350/2": "d153f9cf6582d5a2",
    "macke-klassisch+350/3": "c4f2faeedc685d5f",
    "macke-klassisch+beweisen-literal/2": "cea0e6f51d6826c1",
    "macke-klassisch+beweisen-literal/3": "ca8785c648f30484",
    "macke-klassisch+beweisen/2": "0cb1764846906d19",
    "macke-klassisch+beweisen/3": "76dcd668218efe5e",
    "macke-klassisch+fuenf-einsen/2": "8d37e3e8e4f2c86b",
    "macke-klassisch+fuenf-einsen/3": "e8d1fcea41b96539",
    "macke-klassisch+gluecks-macke/2": "9f0e2705814fdf37",
    "macke-klassisch+gluecks-macke/3": "9c38014eb85f9f23",
    "macke-klassisch+max3/2": "a13bd3d1c4120fe3",
    "macke-klassisch+max3/3": "15e53ff66a5ba86f",
    "macke-klassisch+minus-macke/2": "90f2d0a9b254357c",
    "macke-klassisch+minus-macke/3": "27253ca0d8bba527",
    "macke-klassisch+paesche-verdoppeln/2": "c378ada24d37f2cc",
    "macke-klassisch+paesche-verdoppeln/3": "e8d1fcea41b96539",
    "macke-klassisch+ziel-5000/2": "8d37e3e8e4f2c86b",
    "macke-klassisch+ziel-5000/3": "e8d1fcea41b96539",
    "rueckwaerts-6/2": "00d93bab35843efa",
    "rueckwaerts-6/3": "5b0b00c688b11c58",
    "zehntausend-350-solo/2": "f7e4d81079c24d4d",
    "zehntausend-350-solo/3": "f7e4d81079c24d4d",
    "extra:simulated-mishaps+knock/2": "097b9aa6dadf4634",
    "extra:simulated-mishaps+knock/3": "0959854ace90ead7",
    "extra:mishap-deduct/2": "8eb0ff915b970d70",
    "extra:mishap-deduct/3": "f7f7e8bc29336041",
    "extra:bumerang-rueckwaerts-mode/2": "70f35e071c1ee360",
    "extra:bumerang-rueckwaerts-mode/3": "d13712f6abbe3033",
    "extra:tie-extra-round/2": "8d37e3e8e4f2c86b",
    "extra:tie-extra-round/3": "e8d1fcea41b96539",
    "extra:tie-first-to-reach/2": "10a012cba7b1f037",
    "extra:tie-first-to-reach/3": "bb41202483e28ea7",
    "extra:immediate/2": "7aca73306fc00408",
    "extra:immediate/3": "1d944682f7ec7b49",
    "extra:confirm-accumulated/2": "598e4fe8d3c16d1a",
    "extra:confirm-accumulated/3": "28df0ad80bab5f98",
    "extra:confirm-full-throw/2": "aa9c66b4dfdcd0d5",
    "extra:confirm-full-throw/3": "7981e0dd5bbc5618",
    "extra:extension-kind-table/2": "237842cd3ef6123e",
    "extra:extension-kind-table/3": "e69d3b17e3ebcbbe",
    "extra:literal-all-scoring/2": "da0d4556ee496b5f",
    "extra:literal-all-scoring/3": "ee1a4648c9ee7aa5",
    "extra:five-any-time+combines/2": "f3e0ff311afb7b78",
    "extra:five-any-time+combines/3": "f0c21e885d1f0f99",
    "extra:no-hot-dice+max-throws/2": "240dcd344fcaf0b4",
    "extra:no-hot-dice+max-throws/3": "bc9171bef83b2155",
    "extra:rueckwaerts-receiver-no-refill/2": "df630cf2d9058675",
    "extra:rueckwaerts-receiver-no-refill/3": "9c459a815f07d0aa",
    "extra:takeover+steigerung+minus-marks/2": "c0c0898f3ff0bba8",
    "extra:takeover+steigerung+minus-marks/3": "937ccf04b6e61fc7",
    "extra:negate+give-up/2": "8bc56da043d7d668",
    "extra:negate+give-up/3": "8594653baf2d9bde",
}


@pytest.mark.parametrize(("name", "n"), CASES)
def test_seeded_game_is_unchanged(name: str, n: int) -> None:
    assert game_digest(name, n) == DIGESTS[f"{name}/{n}"]


if __name__ == "__main__":  # re-record the digests
    sys.stdout.write("DIGESTS: dict[str, str] = {\n")
    for name, n in CASES:
        sys.stdout.write(f'    "{name}/{n}": "{game_digest(name, n)}",\n')
    sys.stdout.write("}\n")
