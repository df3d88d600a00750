"""The rule editor in the browser speaks human: presets by name with notes in the page's language, no test-only
presets, options by name with choices in words, lists and tables edited with form controls (never JSON text),
edits kept visibly when the preset changes, bots named in words."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import Server
from tests.browser.helpers import guest


def _open_editor(page, game: str) -> None:  # type: ignore[no-untyped-def]
    page.locator(f".game-card[data-game='{game}']").click()
    page.wait_for_function("() => document.body.dataset.rules === 'ok'")
    page.locator("#rules-editor summary").click()


def test_presets_and_options_are_named_in_english(server: Server, new_page) -> None:  # type: ignore[no-untyped-def]
    ann = new_page(locale="en-US")
    guest(ann, server.url, "Ann")
    _open_editor(ann, "zehntausend")
    preset = ann.locator("#preset")
    expect(preset.locator("option[value='einfach+bumerang']")).to_have_text("Simple + Bumerang")
    expect(preset.locator("option[value='einfach+verdoppeln+ergaenzen']")).to_have_count(0)
    preset.select_option("einfach+bumerang")
    expect(ann.locator("#preset-note")).to_contain_text("your own turns count down")
    reach = ann.locator("#opts .opt[data-key='game.reach']")
    expect(reach.locator(".name")).to_have_text("Target reached")
    expect(reach.locator("select option:checked")).to_have_text("at the target score or above")
    # No option is a JSON text field: lists and tables have form controls.
    for value in ann.locator("#opts input[type=text]").evaluate_all("els => els.map(e => e.value)"):
        assert not value.startswith(("[", "{")), value
    triple = ann.locator("#opts .opt[data-key='scoring.kind.triple']")
    expect(triple.locator("input[type=number]")).to_have_count(6)
    expect(triple.get_by_label("Three of a kind per face 1–6: 5s")).to_have_value("500")
    expect(triple.locator("button")).to_have_count(0)  # one value per face: nothing to add or remove
    expect(ann.locator("#seat-config select[data-seat='1'] option[value='heuristic']")).to_have_text(
        "Computer (rule of thumb)"
    )


def test_a_straight_is_added_with_form_controls(server: Server, new_page) -> None:  # type: ignore[no-untyped-def]
    anna = new_page()
    guest(anna, server.url, "Anna")
    _open_editor(anna, "zehntausend")
    row = anna.locator("#opts .opt[data-key='scoring.straights']")
    expect(row.locator(".name")).to_have_text("Straßen")
    row.get_by_role("button", name="Zu „Straßen“ hinzufügen").click()
    # A new straight with no faces is refused in German, naming the option by its name.
    anna.wait_for_function("() => document.body.dataset.rules === 'invalid'")
    expect(anna.locator("#rules-error")).to_contain_text("Straßen › Augenzahlen")
    table = row.locator("fieldset.opt-table")
    for _ in range(5):
        table.get_by_role("button", name="Zu „Straßen 1 – Augenzahlen“ hinzufügen").click()
    faces = table.locator(".opt-list input[type=number]")
    expect(faces).to_have_count(5)
    for i in range(5):
        faces.nth(i).fill(str(i + 1))
        faces.nth(i).dispatch_event("change")
    points = table.locator("input[type=number]").last
    points.fill("500")
    points.dispatch_event("change")
    anna.wait_for_function("() => document.body.dataset.rules === 'ok'")
    expect(anna.locator("#rules-error")).to_be_hidden()
    expect(anna.locator("#changed-count")).to_contain_text("1")


def test_changing_the_preset_keeps_edits_visibly(server: Server, new_page) -> None:  # type: ignore[no-untyped-def]
    anna = new_page()
    guest(anna, server.url, "Anna")
    _open_editor(anna, "zehntausend")
    target = anna.locator("#opts [name='game.target']")
    target.fill("5000")
    target.dispatch_event("change")
    anna.wait_for_function("() => document.body.dataset.rules === 'ok'")
    anna.locator("#preset").select_option("einfach+strasse")
    kept = anna.locator("#kept-changes")
    expect(kept).to_be_visible()
    expect(kept).to_contain_text("Zielpunktzahl")
    expect(anna.locator("#opts [name='game.target']")).to_have_value("5000")
    expect(anna.locator("#opts .opt[data-key='game.target']")).to_have_class("opt changed")
    anna.locator("#discard-changes").click()
    expect(kept).to_be_hidden()
    expect(anna.locator("#opts [name='game.target']")).to_have_value("10000")
    expect(anna.locator("#changed-count")).to_have_text("")


def test_the_editor_fits_a_phone(server: Server, new_page) -> None:  # type: ignore[no-untyped-def]
    anna = new_page(width=360)
    guest(anna, server.url, "Anna")
    _open_editor(anna, "zehntausend")
    anna.locator("#preset").select_option("macke-6")
    row = anna.locator("#opts .opt[data-key='scoring.kind.explicit']")
    expect(row.locator(".opt-map-row")).to_have_count(1)
    expect(row.locator(".opt-map-key")).to_have_text("Viererpasch")
    too_wide = anna.evaluate("""() => [...document.querySelectorAll('#opts .opt')]
        .filter(r => r.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .map(r => r.dataset.key)""")
    assert too_wide == []


def test_the_host_adds_bots_chosen_by_words(server: Server, new_page) -> None:  # type: ignore[no-untyped-def]
    from tests.browser.helpers import create_table

    anna = new_page()
    guest(anna, server.url, "Anna")
    create_table(anna, server.url, "zehntausend", seats=2)
    expect(anna.locator(".bot-select option[value='heuristic']")).to_have_text("Faustregel")
    expect(anna.locator(".bot-select option[value='random']")).to_have_text("zufällig")
