"""Soft hyphens in table headers come from a file after the first time (issue 24, web U15): the first profile page
after every start stood blank for 2.6 s while pyphen read its German patterns."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from wuerfel.server import hyphen


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    hyphen.forget()
    yield tmp_path
    hyphen.forget()


def test_a_header_is_hyphenated_once_and_then_read_from_the_cache(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = hyphen.hyphenate("Gewertete Partien", "de")
    assert first.replace("\u00ad", "") == "Gewertete Partien" and "\u00ad" in first
    assert hyphen.cache_file().is_relative_to(cache)
    # A restarted server: nothing in memory, and no dictionary to load — the file answers.
    hyphen.forget()

    def no_dictionary(lang: str) -> None:
        raise AssertionError("pyphen's dictionary was loaded again")

    monkeypatch.setattr(hyphen, "_dictionary", no_dictionary)
    assert hyphen.hyphenate("Gewertete Partien", "de") == first
    # Short words need no dictionary at all.
    assert hyphen.hyphenate("μ σ Spiel", "de") == "μ σ Spiel"


def test_an_unwritable_cache_still_hyphenates(cache: Path) -> None:
    (cache / "wuerfel").write_text("a file where the folder should be")
    assert hyphen.hyphenate("Wertungszahl", "de").replace("\u00ad", "") == "Wertungszahl"
