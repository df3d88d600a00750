"""What a player is offered depends only on what the player may see.

A legal action's label (``State.describe_offer``: the web's buttons, the terminal's menu, the hints) is computed
from the full state, hidden dice included; a label that tells a hidden thing hands it to the player. QA found one:
Verdecktes Würfelpoker's "Schwindel!" read "… der Becher zeigt Ein Paar Damen: die Ansage stimmt" before the call.
The check (public, so a plug-in game gets it too: :func:`wuerfel.testing.labels.check_offer_labels`): over many
random games of every game, the same view of a seat and the same action must always get the same label (and, in the
games with hidden information, the same hints).
"""

from __future__ import annotations

import pytest

from wuerfel.engine.registry import all_games
from wuerfel.testing.labels import check_offer_labels

GAMES = sorted(info.id for info in all_games())


@pytest.mark.parametrize("game_id", GAMES)
def test_offered_labels_depend_only_on_the_view(game_id: str) -> None:
    check_offer_labels(game_id)
