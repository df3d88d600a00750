"""The rules editor API speaks human: preset names and notes in the page's language, internal presets not offered,
option names, sections, choice words and form schemas, refusals that name the option by its name, bots in words."""

from __future__ import annotations

from collections.abc import Callable

from tests.server.conftest import Client

Make = Callable[..., Client]


def test_lobby_offers_presets_by_name_in_the_pages_language_without_internal_ones(clients: Make) -> None:
    for lang, note_word, bot in (("de", "zählen", "Faustregel"), ("en", "count down", "rule of thumb")):
        games = {g["id"]: g for g in clients(lang).http.get("/api/games").json()["games"]}
        z = games["zehntausend"]
        presets = {p["id"]: p for p in z["presets"]}
        assert "einfach+verdoppeln+ergaenzen" not in presets and "macke-klassisch+beweisen-literal" not in presets
        assert note_word in presets["einfach+bumerang"]["note"]
        assert presets["einfach+bumerang"]["name"] == ("Einfach + Bumerang" if lang == "de" else "Simple + Bumerang")
        assert z["bot_labels"]["heuristic"] == bot


def test_options_carry_names_sections_choice_words_and_form_schemas(clients: Make) -> None:
    en = {o["key"]: o for o in clients("en").http.get("/api/games/zehntausend/options").json()["options"]}
    reach = en["game.reach"]
    assert reach["name"] == "Target reached" and reach["section"] == "Game"
    assert {"value": "at_least", "label": "at the target score or above"} in reach["schema"]["choices"]
    assert en["scoring.straights"]["schema"]["kind"] == "list"
    assert en["scoring.kind.explicit"]["schema"]["kind"] == "map"
    de = {o["key"]: o for o in clients("de").http.get("/api/games/lustige-sieben/options").json()["options"]}
    assert de["first_bank"]["name"] == "Wer zuerst die Bank hält"
    assert {c["label"] for c in de["first_bank"]["schema"]["choices"]} == {"Platz 1", "das Los (höchster Wurf)"}


def test_refusals_name_the_option_by_its_name_in_the_pages_language(clients: Make) -> None:
    c = clients("de").guest("Regel")
    r = c.post("/api/games/zehntausend/validate", {"overrides": {"scoring.kind.triple": "viel"}})
    assert r.status_code == 422
    assert r.json()["error"]["message"] == (
        "Die Option „Dreierpasch je Augenzahl 1–6“ muss eine Liste ganzer Zahlen sein, nicht 'viel'."
    )
    en = clients("en").guest("Rule")
    r = en.post("/api/games/zehntausend/validate", {"overrides": {"game.target": 0}})
    assert r.json()["error"]["message"] == "Option 'Target score' must be between 1 and 1000000, not 0."


def test_a_removed_table_row_stays_removed(clients: Make) -> None:
    """The editor replaced the row of four of a kind by one for five: the preset's row must not come back."""
    c = clients("en").guest("Tab")
    five = [8000, 1600, 2400, 3200, 4000, 4800]
    r = c.post(
        "/api/games/zehntausend/validate", {"preset": "macke-6", "overrides": {"scoring.kind.explicit": {"5": five}}}
    )
    assert r.status_code == 200 and r.json()["rules"]["scoring"]["kind"]["explicit"] == {"5": five}


def test_tables_show_their_rules_by_name(clients: Make) -> None:
    host = clients().guest("Namen")
    t = host.create("zehntausend", preset="einfach+bumerang", seats=2, bots={"1": "heuristic"})
    custom = host.create(
        "zehntausend", preset="einfach+strasse", overrides={"game.target": 5000}, seats=2, bots={"1": "heuristic"}
    )
    lobby = host.http.get("/").text
    assert "Einfach + Bumerang" in lobby and "Einfach + Straße, angepasst" in lobby
    assert ">einfach+bumerang<" not in lobby
    page = clients("en").guest("Guest").http.get(f"/table/{t['id']}").text
    assert "Simple + Bumerang" in page
    assert (
        "einfach+strasse+custom"
        not in host.http.get(f"/table/{custom['id']}").text.split("<main")[-1].split("<script")[0]
    )


def test_a_game_played_by_its_books_rules_is_named_once_in_the_header(clients: Make) -> None:
    """Hasard's games have one rule set named like the game: the header said "Sechzerspiel · Sechzerspiel"."""
    import re

    host = clients("de").guest("Buch")
    t = host.create("sechzerspiel", seats=2, bots={"1": "heuristic"})
    page = host.http.get(f"/table/{t['id']}").text
    sub = re.search(r'<div class="sub">(.*?)</div>', page, re.S)
    assert sub is not None and sub.group(1).count("Sechzerspiel") == 1, sub
    edited = host.create("zehntausend", preset="einfach+bumerang", seats=2, bots={"1": "heuristic"})
    sub = re.search(r'<div class="sub">(.*?)</div>', host.http.get(f"/table/{edited['id']}").text, re.S)
    assert sub is not None and "Zehntausend · Einfach + Bumerang" in sub.group(1)


def test_an_english_table_names_its_books_rules_in_english_once(clients: Make) -> None:
    """Re-audit of issue 24 (§3 "preset names are in one language", web L1): an English table's header read "Tens
    (Zehnerspiel) · Zehnerspiel" and its rules panel "Zehnerspiel"."""
    import re

    host = clients("en").guest("Book")
    t = host.create("zehnerspiel", seats=2, bots={"1": "heuristic"})
    page = host.http.get(f"/table/{t['id']}").text
    sub = re.search(r'<div class="sub">(.*?)</div>', page, re.S)
    assert sub is not None and sub.group(1).startswith("Tens (Zehnerspiel)") and "· Zehnerspiel" not in sub.group(1)
    assert sub.group(1).count("Tens") == 1, sub.group(1)
    assert '<p class="small">Tens</p>' in page  # the rules panel
