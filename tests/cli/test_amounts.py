"""A move with an amount (Lustige Sieben's stake) is listed once with its bounds; the terminal asks the number."""

from __future__ import annotations

from tests.cli.helpers import load_record, play


def test_a_stake_is_chosen_from_the_list_and_then_its_amount(tmp_path) -> None:
    save = tmp_path / "g.json"
    # Anna (seat 2) punts: move 1 ("1 to 5 chips on 7"), a wrong amount, one too big, then 3; then "done".
    result = play(
        ["lustige-sieben", "--players", "bot,Anna", "--dice", "seed:1", "--lang", "en", "--save", str(save)],
        ["1", "x", "6", "99999999999999999999", "3", "12", "q"],
    )
    out = result.output
    assert "1 to 5 chips on 7" in out
    assert "How many? 1 to 5 (Enter = back):" in out
    assert out.count("Please type a whole number from 1 to 5.") == 3
    assert "Anna: 3 chips on 7" in out
    actions = [e.data for e in load_record(save).events if e.type == "action" and e.player == 1]
    assert actions[:2] == [{"kind": "stake", "number": 7, "amount": 3}, {"kind": "done"}]


def test_enter_goes_back_to_the_moves_and_typed_stakes_still_work(tmp_path) -> None:
    save = tmp_path / "g.json"
    result = play(
        ["lustige-sieben", "--players", "bot,Anna", "--dice", "seed:1", "--save", str(save)],
        ["1", "", "2 auf 9", "fertig", "q"],
    )
    assert "Wie viele? 1 bis 5 (Enter = zurück):" in result.output
    actions = [e.data for e in load_record(save).events if e.type == "action" and e.player == 1]
    assert actions[:2] == [{"kind": "stake", "number": 9, "amount": 2}, {"kind": "done"}]


def test_a_range_of_one_value_is_not_asked(tmp_path) -> None:
    """Re-audit of issue 24: with one chip left to stake the terminal listed "1 bis 1 Chips auf 7" and then asked
    "Wie viele? 1 bis 1" — a question with one answer. The menu says "1 Chip auf 7" and plays it at once."""
    save = tmp_path / "g.json"
    rules = tmp_path / "one.toml"
    rules.write_text('max_stake = 1\n\n[overlay]\nid = "one"\nextends = "lustige-sieben"\n', encoding="utf-8")
    result = play(
        ["lustige-sieben", "--rules", str(rules), "--players", "bot,Anna", "--dice", "seed:1", "--save", str(save)],
        ["1", "12", "q"],
    )
    out = result.output
    assert "1 bis 1" not in out
    assert " 1  1 Chip auf 7" in out
    assert "Anna: 1 Chip auf 7" in out
    actions = [e.data for e in load_record(save).events if e.type == "action" and e.player == 1]
    assert actions[:2] == [{"kind": "stake", "number": 7, "amount": 1}, {"kind": "done"}]
