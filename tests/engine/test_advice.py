"""An advisor's answer is read once, in the engine (:func:`wuerfel.engine.advice.as_advice`), for every front end."""

from __future__ import annotations

from tests.engine.toy_game import Hold
from wuerfel.engine import advice
from wuerfel.engine.advice import Advice, as_advice


def test_the_terminal_and_the_server_read_an_advisors_answer_alike() -> None:
    """Duplicates D9: ``wuerfel play``'s hint table and the server's hint message each had a copy of this reading,
    and they had drifted apart: the server dropped a quick advisor's ``label(lang)``, the terminal its ``unit``."""
    from wuerfel.cli import play_input
    from wuerfel.server import hints

    assert play_input.as_advice is hints.as_advice is advice.as_advice

    class Quick:
        action = Hold()
        value = 0.25
        unit = "chance"

        def label(self, lang: str = "de") -> str:
            return "Hold" if lang == "en" else "Halten"

    assert as_advice(Quick(), "en") == Advice(Hold(), 0.25, label="Hold", unit="chance")
    assert as_advice(Quick(), "de").label == "Halten"
    assert as_advice({"action": Hold(), "value": "n/a", "params": {"n": 2}}).params == {"n": 2}
    assert as_advice({"action": Hold(), "value": "n/a"}).value != as_advice({"action": Hold(), "value": "n/a"}).value
