"""Every user-facing string has a German translation, and placeholders survive translation."""

from __future__ import annotations

import re
from pathlib import Path

from wuerfel.i18n import catalog, normalize_language, translate
from wuerfel.i18n_tools import missing

PLACEHOLDER = re.compile(r"\{(\w+)[^}]*\}")


def test_german_catalogue_is_complete() -> None:
    todo = missing("de")
    assert not todo, "untranslated msgids (run python -m wuerfel.i18n_tools update):\n" + "\n".join(todo)


def test_translations_keep_placeholders() -> None:
    for msgid, text in catalog("de").items():
        assert set(PLACEHOLDER.findall(msgid)) == set(PLACEHOLDER.findall(text)), msgid


def test_language_normalisation_and_fallback() -> None:
    assert normalize_language("de-DE") == "de"
    assert normalize_language("en_US") == "en"
    assert normalize_language("fr") == "de"
    assert normalize_language(None) == "de"
    assert translate("no such msgid {x}", "de", x=1) == "no such msgid 1"
    assert translate("It is not your turn.", "de") == "Du bist nicht am Zug."


def test_no_msgid_is_translated_twice() -> None:
    """Catalogues merge by union on several branches (.gitattributes): an entry added on two branches would come
    back twice, and the later file would silently win. Across wuerfel's and the games' own catalogues too: a msgid
    in both would be wuerfel's, and the game's line dead."""
    from wuerfel.engine.registry import all_games
    from wuerfel.i18n import locale_dirs

    all_games()
    for lang in ("de", "en"):
        seen: dict[tuple[str, str], str] = {}
        for path in sorted(p for d in locale_dirs() for p in (d / lang / "LC_MESSAGES").glob("*.po")):
            ctx = ""
            lines = path.read_text(encoding="utf-8").splitlines()
            for i, line in enumerate(lines):
                if line.startswith("msgctxt "):
                    ctx = line
                elif line.startswith("msgid ") and line != 'msgid ""':
                    key = (ctx, line if not lines[i + 1].startswith('"') else line + lines[i + 1])
                    assert key not in seen, f"{line} twice: {seen[key]} and {path}"
                    seen[key] = str(path)
                    ctx = ""


def test_each_game_owns_the_msgids_only_its_modules_declare() -> None:
    """Issue 26, a game is one package: a msgid that only one game's own modules declare is in that game's
    catalogues (its ``GameInfo.locale_dir``, German and English alike) and in no other; what anything else declares
    too stays in wuerfel's. Fix a failure with ``python -m wuerfel.i18n_tools move`` (for a msgid now shared, move
    its entries back to a catalogue of wuerfel/locale by hand)."""
    from wuerfel.engine.registry import entry_points, get_game
    from wuerfel.i18n import LOCALE_DIR
    from wuerfel.i18n_tools import game_owned
    from wuerfel.testing.catalogues import read_catalogue

    owned = game_owned()
    assert {"wuerfel.games.zehntausend", "wuerfel.games.wuerfelspiel", "wuerfel.games.hasard.escalero"} <= set(
        owned.values()
    )
    by_dir: dict[Path, set[str]] = {}
    for game_id, spec in entry_points().items():
        entry = spec.split(":", 1)[0].strip()
        if not entry.startswith("wuerfel."):
            continue
        info = get_game(game_id)
        mine = {m for m, e in owned.items() if e == entry}
        if not mine:
            continue
        assert info.locale_dir is not None, f"{game_id} declares {len(mine)} msgids of its own but has no locale_dir"
        by_dir.setdefault(info.locale_dir, set()).update(mine)
    central = {lang: {k.split("\x04")[1] for k in read_catalogue(LOCALE_DIR, lang)} for lang in ("de", "en")}
    for directory, mine in by_dir.items():
        for lang in ("de", "en"):
            found = {k.split("\x04")[1] for k in read_catalogue(directory, lang)}
            assert not (lacking := sorted(mine - found)), f"{directory} ({lang}) lacks its own msgids: {lacking[:5]}"
            assert not (foreign := sorted(found - mine)), f"{directory} ({lang}) holds others' msgids: {foreign[:5]}"
            assert not (left := sorted(mine & central[lang])), f"wuerfel/locale/{lang} still holds {left[:5]}"


def test_a_games_web_table_owns_its_strings() -> None:
    """Issue 26: the ``table.html`` in a game's ``GameInfo.web_dir`` is that game's, as its modules are. A string
    only its table says is in its own catalogues (German and English), not in wuerfel's; one that two games' tables
    or a shared template say too stays in wuerfel's. The table shows the same words either way."""
    from wuerfel.engine.registry import all_games
    from wuerfel.i18n import LOCALE_DIR
    from wuerfel.i18n_tools import game_owned, game_web_dirs
    from wuerfel.testing.catalogues import read_catalogue

    all_games()  # the games' own catalogues consulted
    assert set(game_web_dirs().values()) == {
        "wuerfel.games.zehntausend",
        "wuerfel.games.wuerfelspiel",
        "wuerfel.games.hasard.escalero",
        "wuerfel.games.hasard.lustige_sieben",
        "wuerfel.games.hasard.verdecktes_poker",
    }
    owned = game_owned()
    assert owned["Scoring choices"] == "wuerfel.games.zehntausend"  # zehntausend/web/zehntausend/table.html only
    assert owned["Kickers:"] == "wuerfel.games.hasard.verdecktes_poker"
    assert "Seat {n}" not in owned  # the tables of Lustige Sieben and Verdecktes Würfelpoker both say it
    central = {k.split("\x04")[1] for k in read_catalogue(LOCALE_DIR, "de")}
    assert "Scoring choices" not in central and "Seat {n}" in central
    assert translate("Scoring choices", "de") == "Wertungen"
    assert translate("Kickers:", "de") == "Beikarten:"


def test_counted_messages_take_their_plural_forms() -> None:
    from wuerfel.engine import counts
    from wuerfel.engine.components import resolve
    from wuerfel.i18n_tools import missing_plurals

    assert not missing_plurals("de"), missing_plurals("de")
    assert [resolve(counts.throws(n), "de") for n in (0, 1, 2)] == ["0 Würfe", "1 Wurf", "2 Würfe"]
    assert [resolve(counts.throws(n), "en") for n in (0, 1, 2)] == ["0 throws", "1 throw", "2 throws"]
    assert resolve(counts.dice(1), "en") == "1 die"


COUNTED_NOUNS = (
    "throws|points|chips|dice|pips|pairs|rounds|players|games|numbers|decisions|sevens|turns|moves|"
    "seconds|minutes|days|tables|messages|stakes|positions|steps"
)
COUNTED = re.compile(r"(?<!to )(?<!– )\{(\w+)\}\s+(?:more\s+)?(?:" + COUNTED_NOUNS + r")\b")
"""A number placed before a plural noun ("{n} throws"): with a count of 1 it reads "1 throws" / "1 Würfe"."""

NEVER_ONE_PLACEHOLDERS = {"target", "max", "high", "hi", "lo", "low", "min", "decimals", "name"}
"""Placeholders that are never a count of 1: a target, the top of a range, the decimals of "1.50 points", a name
before the verb ("{name} throws")."""

NEVER_ONE = {
    # Zehntausend's points come in steps of 50 (a die scores 50 or 100), its thresholds and Nieten likewise
    "All dice were set aside: confirm them first with at least {n} more points.",
    "Confirmation pending: {need} more points",
    "Minus-Macke: a Niete on the very first throw of a turn costs {points} points besides.",
    "Niete on the first throw: {points} points, turn over",
    "Niete: receives the pool ({points} penalty points)",
    "Niete: turn lost ({points} points)",
    "Nix: a Niete on the very first throw of a turn brings {points} points instead, and the turn is over.",
    "To confirm, this throw must bring at least {n} points; {dice} scores only {points}.",
    "Turning fives: two single 5s of the same throw may be turned into a 1. They keep their {points} points, but "
    "only one die stays aside; the other goes back into the cup.",
    "You may stop only with at least {points} points in the turn.",
    "You need at least {threshold} points to write down.",
    "at least {n} more points needed",
    "confirmation failed: the throw brought less than {points} points",
    "scores, but less than the {need} points needed to confirm: turn lost ({points} points)",
    "the next throw must bring at least {points} points, or the turn is lost.",
    "turn lost ({points} points)",
    "you must score at least {points} more points first.",
    "{name} threw a Niete and loses the {points} points of this turn.",
    "{name} threw a Niete and receives the pool: {points} penalty points.",
    "{name} threw a Niete on the first throw: {points} points, the turn is over.",
    "{name}'s throw scored, but less than the {need} points needed to confirm: the turn is lost ({points} points).",
    "• bonus: {bonus} points as soon as these boxes add up to {threshold} or more",
    "• bonus: {bonus} points as soon as these boxes of a column add up to {threshold} or more",
    "Good throws belong in high rows. The book's example: a 6 brings {row6} points in row 6, but only {row2} in row "
    "2. Six sixes would make {best}.",
    # the explanations' worked examples and rules: numbers fixed by the example or by a rule that needs several dice
    "Example: 4-4-4-4-2-5 is {a} pairs with {a_pips} pips; 3-3-5-5-6-6 is {b} pairs, three times Pasch.",
    "Example: Anna wins with three seven strokes on her sheet; Ben has {ben_n} numbers not struck, Clara "
    "{clara_n}. Settled against each other, {ben} and {clara}: Anna ends at {anna}.",
    "Example: Ben throws 5 (struck), 7 (struck), 7 again (a second seven stroke), then 5 once more: the 5 is struck "
    "already, so his turn ends with {numbers} numbers struck and {sevens} seven strokes.",
    "Example: “{tens}” against “{aces}”, both one pair. All five dice count: {a} points against {b}, so "
    "“{winner}” wins.",
    "Example: “{tens}” against “{aces}”, both one pair. The pair's own dice count: {a} points against {b}, so "
    "“{winner}” wins.",
    "The book's example: he throws 1-2-3, leaves the 1 standing and throws the other two again: 2-3. If he stops "
    "now, he has {points} points in 2 throws. A 2-3-6 would be only {low}.",
    "Be the first to form all the numbers from 1 up to 16 and back down to 1 from throws of three dice: {count} "
    "numbers in all.",
    "Form 1 to 16 and back to 1 from throws of three dice ({count} numbers)",
    "A throw with {n} dice showing {face} wins the game at once.",
    "Once all {n} dice lie aside (Anschluss), you may throw all {n} again; the points of the turn stay with you.",
    "When every die of a throw of all {n} dice scores, the turn must be confirmed before you may stop:",
    "When the last die is out, the next player gets all {n} dice again and the pool keeps growing.",
    "When the last die is out, the pool is cleared and the next player starts again with all {n} dice.",
    "When you set aside all {n} dice of one throw, the turn must be confirmed before you may stop:",
    "You start your turn with all {n} dice in the cup and throw them.",
    "You throw all {n} dice.",
    "When everybody has had {n} turns, every row is filled and the totals decide: the highest total wins, the "
    "lowest loses.",
    "Now and then the computer lets the dice stack up (Türmchen), about once in {n} throws: such a throw is void and "
    "thrown again.",
    "You may also set aside only the {die} ({points}) and throw {rest} dice again: fewer points now, more dice for "
    "the next throw.",
    # the code chooses a singular msgid itself when the count is 1
    "Last game: {name} named {number} and won {stake} chips.",
    "Last game: {name} named {number}, the point was {point}: {stake} chips lost.",
    "covers {n} chips",
    "names {number} for {stake} chips",
    "{amount} chips on {number}",
    "Throw again ({cup} dice)",
    "Take over {offer} with {offer_cup} dice",
    # fixed limits and sizes of the program, never 1; several of anything by construction
    "A simulated game did not end after {n} steps.",
    "At a live table there are {whole}.{decimals} seconds to call.",
    "Not so fast: at most {n} messages in {s} seconds.",
    "You already have {n} tables waiting to start. Start one of them, or wait until one has been idle for {minutes} "
    "minutes.",
    "{n} days",
    "{n} minutes",
    "{n} seconds",
    "{n} moves match; type a number:",
    "The final scores are drawn here from {n} games with different results on.",
    "There is no exact analysis for {game} with these rules and {players} players: its hints are estimates, not "
    "exact values.",
    "{n} positions of this game can return to each other, too many to solve exactly. Try fewer players or a smaller "
    "rule set.",
    "{states} positions, the largest cycle has {cycle}; solved in {seconds} s.",
    "Too few dice to judge yet: the test says something from {n} dice on.",
    "{value} points",  # a decimal with two places ("1,00 Punkte" is plural)
    "{n} throws made for this player, dice with a proof and shown to everybody.",  # profile_dice.js: own text for 1
    "{kind} · {n} dice",  # likewise
    "{hand}, {points} points",  # Al Capone: the sum of at least the combination's poker dice, never 1
}
"""Counted messages that may keep one form, each because its count is never 1 (grouped by the reason)."""

WRONG_FORM = {  # (language, count) → a noun in the form the other count needs
    ("de", 1): re.compile(r"\b1 (Würfe|Würfen|Punkte|Punkten|Chips|Augen|Paare|Runden|Zahlen|Partien|Probleme)\b"),
    ("en", 1): re.compile(r"\b1 (throws|points|chips|dice|pips|pairs|rounds|players|numbers|games|sevens|problems)\b"),
    ("de", 2): re.compile(r"\b2 (Wurf|Punkt|Chip|Auge|Paar|Runde|Zahl|Partie|Problem)\b"),
    ("en", 2): re.compile(r"\b2 (throw|point|chip|die|pip|pair|round|player|number|game|seven|problem)\b"),
}


def count_key(one: str, many: str) -> str:
    """Which placeholder a counted message counts: ``{n}`` (``ntranslate``'s default), else the placeholder before
    the word that differs between its two English forms."""
    if "{n}" in one:
        return "n"
    for a, b in zip(one.split(), many.split(), strict=False):
        if a != b:
            before = one.split()[one.split().index(a) - 1]
            return before.strip("({}") if before.startswith(("{", "({")) else ""
    return ""


def test_every_count_message_takes_its_plural_forms() -> None:
    """Issue 24 §3 (web L2, terminal L3): no "1 Würfen", "1 Punkte", "in 1 throws". A message that puts a number
    before a plural noun must be a counted message (catalogue plural forms); every counted message is rendered with
    1 and 2 in both languages and must say the singular for 1 and the plural for 2."""
    from wuerfel.i18n import plural_forms, plural_index
    from wuerfel.i18n_tools import all_msgids, all_plurals

    flat = sorted(
        m
        for m in all_msgids()
        if (hit := COUNTED.search(m)) and hit.group(1) not in NEVER_ONE_PLACEHOLDERS and m not in NEVER_ONE
    )
    assert not flat, "count messages without plural forms (use Phrase(..., plural=) / ntranslate):\n" + "\n".join(flat)

    class Count(dict[str, str]):
        """The count in its placeholder, 7 in the others ("{name} throws", "{rate} games per second")."""

        def __init__(self, n: int, key: str) -> None:
            super().__init__()
            self.n, self.key = n, key

        def __missing__(self, key: str) -> str:
            return str(self.n) if key == self.key else "7"

    pairs = all_plurals()
    assert len(pairs) > 40
    wrong = []
    for one, many in sorted(pairs):
        for lang in ("de", "en"):
            forms = plural_forms(one, many, lang)
            assert len(forms) == 2, (one, lang)
            for n in (1, 2):
                text = forms[plural_index(n, lang)].format_map(Count(n, count_key(one, many)))
                if WRONG_FORM[lang, n].search(text):
                    wrong.append(text)
    assert not wrong, "\n".join(wrong)


def test_counted_parameters_reach_every_refusal() -> None:
    """A refusal (or any translated text) whose parameter is a counted Phrase says "1 die" / "2 dice" in the reader's
    language: the terminal and the server translate errors through their own types, which used to drop the form."""
    from wuerfel.engine import counts
    from wuerfel.engine.errors import IllegalAction

    err = IllegalAction("Please enter exactly {dice}, not {got}.", dice=counts.dice(1), got=2)
    assert err.translated("de") == "Bitte genau 1 Würfel eingeben, nicht 2."
    assert err.translated("en") == str(err) == "Please enter exactly 1 die, not 2."
    assert (
        translate("The saved game has {players}, not {got}.", "en", players=counts.players(1), got=2)
        == "The saved game has 1 player, not 2."
    )


def test_english_move_labels_begin_in_one_case() -> None:
    """Terminal L10: "Stop with 126 points" and "Throw all dice again" beside "keep 2 6, rethrow 1", "no more
    stakes": a move label begins in lower case (names of boxes and hands keep their capitals)."""
    from wuerfel.engine.registry import all_games
    from wuerfel.games.kit.keeps import describe_keep
    from wuerfel.i18n import ntranslate

    all_games()  # the labels live in the games' own catalogues, found once a game is loaded (run alone: none was)
    assert describe_keep((), 6, "en") == "throw all dice again"
    assert (
        ntranslate("Stop with {points} point", "Stop with {points} points", 126, "en", points=126)
        == "stop with 126 points"
    )
    assert translate("Throw all three dice again", "en") == "throw all three dice again"
    assert translate("Stop with {hand}", "en", hand="Schock out") == "stop with Schock out"
    assert (
        ntranslate("Stop with {points} point", "Stop with {points} points", 126, "de", points=126)
        == "Aufhören mit 126 Punkten"
    )


def test_german_wordings_of_the_terminal_report() -> None:
    """Terminal L9: "Nicht alle der Würfel 6 6 zählen", a Zehntausend row "Dieser Zug  würfelt …" (a turn does not
    throw), "z.B." beside "z. B."."""
    assert translate(
        "Not all of the dice {dice} score: every die set aside must be part of a scoring combination.", "de", dice="6 6"
    ).startswith("Nicht alle Würfel 6 6 zählen")
    assert translate("The turn so far", "de") == "Verlauf des Zuges"
    assert not [m for m, t in catalog("de").items() if "z.B." in t]


def test_short_labels_in_english_mode_are_english() -> None:
    """Terminal L8: "Bierdeckel (fewer is better)", "hoch: highest points win", the odds' class "Niete" in English;
    the typed words "high"/"low" are understood (Chicago hoch-tief)."""
    from wuerfel.engine.registry import get_game
    from wuerfel.games.hasard.chicago import Declare

    assert translate("Bierdeckel", "en") == "Beer mats" and translate("Bierdeckel", "de") == "Bierdeckel"
    assert translate("hoch: highest points win (1 = 100, 2 = 60)", "en").startswith("high:")
    assert translate("tief: lowest pips win", "en") == "low: lowest pips win"
    assert translate("Niete", "en") == "Bust" and translate("Niete", "de") == "Niete"
    info = get_game("chicago-hoch-tief")
    state = info.new_game(info.load_rules(), 2).new_initial_state()
    assert isinstance(state.parse_action_text("low", 0), Declare)


def test_preset_names_are_in_one_language() -> None:
    """Issue 24 §3, web L1: English preset names kept German ("Offenes Würfelpoker with Quint", "Das große Herz")
    beside the English game names ("Open Dice Poker (Offenes Würfelpoker)")."""
    from wuerfel.engine.registry import all_games

    german = re.compile(r"[äöüßÄÖÜ]|\b(einfach|klassisch|mit|ohne|und|Regeln|zwei|eine|Runde|Sechser|Spiel)\b")
    mixed = [
        (g.id, name, g.resolve(name).name("en"))
        for g in all_games()
        for name in g.public_rule_sets()
        if german.search(g.resolve(name).name("en"))
    ]
    assert not mixed, mixed
    # Re-audit: a book's own rule set kept the game's German name in English ("Tens (Zehnerspiel) · Zehnerspiel",
    # "Doppeltes Lottchen" in the rules panel): where the game has an English name, so has its rule set.
    german_named = [
        (g.id, name)
        for g in all_games()
        for name in g.public_rule_sets()
        if f"({g.resolve(name).name('en')})" in g.name_en or "Augen" in g.resolve(name).name("en")
    ]
    assert not german_named, german_named
    # ... and never repeats the German game name beside the English one ("Ten Thousand · Zehntausend, simple").
    beside = [
        (g.id, name)
        for g in all_games()
        for name in g.public_rule_sets()
        if not g.name_en.startswith(g.name_de) and g.name_de in g.resolve(name).name("en")
    ]
    assert not beside, beside
