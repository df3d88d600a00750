"""Every registered game and rule set is playable in the terminal: bots against bots to the end, through the same
command a person uses (``wuerfel play``), plus scripted humans in games with secrets and many choices."""

from __future__ import annotations

import pytest

from tests.cli.helpers import load_record, play
from wuerfel.cli.play_seats import player_counts
from wuerfel.engine.registry import all_games

CASES = [(g.id, rules) for g in all_games() for rules in g.rule_sets()]


def seats(game_id: str, rules: str) -> str:
    """The default bot against random bots, two seats where the rule set allows (else the fewest it allows)."""
    info = next(g for g in all_games() if g.id == game_id)
    counts = player_counts(info, info.rules_from_dict(info.resolve(rules).data))
    n = 2 if 2 in counts else counts[0]
    default = info.default_bot if info.default_bot in info.bots else "random"
    return ",".join([f"bot:{default}", *["bot:random"] * (n - 1)])


@pytest.mark.parametrize(("game_id", "rules"), CASES)
def test_bots_finish_a_game_of_every_rule_set_in_the_terminal(game_id: str, rules: str, tmp_path) -> None:
    save = tmp_path / "g.json"
    result = play(
        [game_id, "--rules", rules, "--players", seats(game_id, rules), "--dice", "seed:1", "--save", str(save)]
    )
    assert result.exit_code == 0, result.output[-3000:]
    final = load_record(save).replay()
    assert final.is_terminal()
    assert "Ergebnis" in result.output


@pytest.mark.skipif("verdecktes-wuerfelpoker" not in {g.id for g in all_games()}, reason="game not registered")
def test_concealed_poker_hot_seat_hides_screens_and_finds_announcements_by_words(tmp_path) -> None:
    save = tmp_path / "g.json"
    # Anna announces by typing words ("drilling asse" is one label exactly; "zwei paare" matches many, so she is
    # asked for a number), Ben and Anna answer every call window with the first choice.
    lines = ["", "zwei paare", "drilling asse", *["", "1"] * 40]
    result = play(["verdecktes-wuerfelpoker", "--players", "Anna,Ben", "--dice", "seed:3", "--save", str(save)], lines)
    out = result.output
    assert "Bildschirm an Anna weitergeben" in out and "Bildschirm an Ben weitergeben" in out
    assert "Züge passen; bitte eine Nummer eingeben:" in out
    assert "→ Anna: Drilling Asse" in out
    assert "… und " in out and "„alle“ für die ganze Liste" in out
    # The concealed throws are announced only as the game states them (no faces): the game states what each event
    # shows (State.event_view), so the lot is public and a throw under the cup is just "five dice under the cup".
    throws = {line.strip() for line in out.splitlines() if line.strip().startswith(("Wurf:", "Los:"))}
    assert throws and throws <= {"Los: Anna beginnt", "Los: Ben beginnt", "Wurf: fünf Würfel unter dem Becher"}
    record = load_record(save)
    assert record.events
