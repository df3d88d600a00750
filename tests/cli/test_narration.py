"""The terminal tells what happened (issue 24 §1; terminal U2, U4): the thrower of every throw, round ends,
throw-offs and Bierdeckel, and the bots' stakes once the betting closes — the lines of the web's move list."""

from __future__ import annotations

from tests.cli.helpers import play


def spoken(out: str) -> list[str]:
    """The output without the drawn screens (tables and panels)."""
    return [line for line in out.splitlines() if line.strip() and line[0] not in "│┃┏┗┡└├╭╰─┌┠┣━ "]


def test_chicago_announces_round_ends_throw_offs_and_beer_mats() -> None:
    """Seed 19: Anna stops at once each turn; round 1 goes to Bot 1 and Anna takes a Bierdeckel; in round 2 she and
    Bot 1 tie for last place and throw off. Before, nothing of this was said: a bot's last throw of one round and
    its first of the next read as one turn (terminal U2)."""
    lines = spoken(play(["chicago", "--players", "Anna,bot,bot", "--dice", "seed:19"], ["1"] * 3000).output)
    first = lines.index("» Bot 1 (optimal) gewinnt Runde 1")
    assert lines[first - 1] == "Bot 1 (optimal) würfelt: 1 4"  # under the throw that ended the round
    assert lines[first + 1 : first + 3] == [
        "» Anna bekommt einen Bierdeckel (1 von 3)",
        "» Runde 2 beginnt; Anna fängt an",
    ]
    tie = lines.index("» Anna und Bot 1 (optimal) stehen gleich auf dem letzten Platz: Stichrunde")
    assert first < tie < lines.index("» Anna bekommt einen Bierdeckel (2 von 3)")
    assert any(line.startswith("» ") and "hat verloren" in line for line in lines)  # the third Bierdeckel ends it
    throws = [line for line in lines if "würfelt: " in line]
    assert throws and not any(line.startswith("Wurf: ") for line in lines)  # every throw names its thrower


def test_the_bots_stakes_are_shown_once_the_betting_closes() -> None:
    """Lustige Sieben, Anna a punter beside a bot (terminal U4): the bot's stakes were never shown, only its "keine
    weiteren Einsätze". Now they follow the move that closes the betting, before the throw that settles them."""
    out = play(["lustige-sieben", "--players", "bot,Anna,bot", "--dice", "seed:2"], ["fertig"] * 40 + ["q", ""]).output
    lines = spoken(out)
    shown = [i for i, line in enumerate(lines) if line.startswith("→ Bot ") and " auf " in line]
    assert shown, "\n".join(lines[:80])
    for i in shown:  # each after the last "no more stakes" of its round and before the bank's throw
        assert any("keine weiteren Einsätze" in line for line in lines[max(0, i - 3) : i]), lines[i - 3 : i + 2]
        nxt = next(line for line in lines[i + 1 :] if not line.startswith("→ "))
        assert "würfelt: " in nxt or nxt.startswith("Am Zug"), lines[i : i + 4]


def test_das_grosse_herz_tells_every_entry_and_where_a_number_goes() -> None:
    """The report's run (seed 11, "Du,bot,bot"; terminal U2 and L2): of the several entries between two of the
    person's turns only the last was shown, by seat number ("Platz 3 trägt die 6 ein"), and a number one player
    could not use and passed on was never mentioned. Every entry is told by name, and so is where a number went —
    to the person in the second person."""
    lines = spoken(play(["das-grosse-herz", "--players", "Du,bot,bot", "--dice", "seed:11"], [""] * 400).output)
    told = [line for line in lines if line.startswith("» ")]
    assert told[:2] == ["» Bot 1 (zufällig) trägt die 4 ein", "» Bot 2 (zufällig) trägt die 6 ein"]
    assert "» Du trägst die 3 ein" in told
    passed = told.index(
        "» Bot 1 (zufällig) kann die 4 nicht brauchen: sie geht an Bot 2 (zufällig) und wird dort eingetragen"
    )
    assert told[passed + 1] == "» Bot 2 (zufällig) kann die 4 nicht brauchen: sie geht an dich, du trägst sie ein"
    assert not any("Platz " in line and "trägt" in line for line in lines)
