"""How an explanation's paragraphs are rendered (``engine/explain.render_text``): counted words keep their plural
forms also inside a sentence, and whole numbers are grouped as their readers write them."""

from __future__ import annotations

from wuerfel.engine import counts
from wuerfel.engine.components import Phrase
from wuerfel.engine.explain import render_text


def test_a_counted_word_inside_a_sentence_takes_its_own_plural_form() -> None:
    """A count nested in a sentence ("Everybody starts with {chips}") chooses its form by the number, not by the
    grouped text of the number (which made "1 Chips" in German: the text "1" is no count)."""
    sentence = "Everybody starts with {chips}."
    assert render_text(Phrase(sentence, {"chips": counts.chips(1)}), "de").endswith("1 Chip.")
    assert render_text(Phrase(sentence, {"chips": counts.chips(1)}), "en").endswith("1 chip.")
    assert render_text(Phrase(sentence, {"chips": counts.chips(2)}), "en").endswith("2 chips.")
    assert render_text(Phrase("{a}", {"a": counts.chips(10000)}), "de") == "10.000 Chips"
    assert render_text(Phrase("{a}", {"a": Phrase("{b}", {"b": counts.throws(1)})}), "de") == "1 Wurf"
