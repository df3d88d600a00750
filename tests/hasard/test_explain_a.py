"""The explanations and goals of the Hasard games of explain-a (issue 24 §1): the texts change with the rules that
change play, the worked examples agree with the games' own scoring, and the goal stands first on the felt."""

from __future__ import annotations

from wuerfel.engine import counts
from wuerfel.engine.components import Phrase
from wuerfel.engine.explain import render_text


def test_a_count_inside_a_sentence_takes_its_plural_form() -> None:
    """A counted noun nested in a paragraph ("pays 1 chip") chooses its form by the number, not by its text."""
    for lang, one, two in (("en", "1 chip", "2 chips"), ("de", "1 Chip", "2 Chips")):
        assert render_text(Phrase("{x}", {"x": counts.chips(1)}), lang) == one
        assert render_text(Phrase("{x}", {"x": counts.chips(2)}), lang) == two
    assert render_text(Phrase("{x}", {"x": counts.chips(12000)}), "de") == "12.000 Chips"
