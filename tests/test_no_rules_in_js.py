"""No rule in JavaScript (issue 26): the web tables show what the games say in their components and legal moves.

The poker tables used to rebuild hand names from poker keys and Zehntausend's table decided how a turn had ended;
these checks fail as soon as a hand name of the poker games (German or English, from the catalogue) or a scoring
number of Zehntausend creeps back into the static JavaScript."""

from __future__ import annotations

import re
from itertools import combinations_with_replacement
from pathlib import Path

import pytest

from wuerfel.engine.components import resolve
from wuerfel.engine.registry import get_game
from wuerfel.games.hasard.poker import PRINCIPAL_LENGTH, announcements, class_phrase, key_phrase
from wuerfel.games.zehntausend.melds import throw_value

PACKAGE = Path(__file__).resolve().parents[1] / "wuerfel"
WEB = PACKAGE / "web"
JS = WEB / "static" / "js"
GAME_WEB = sorted(PACKAGE.glob("games/*/web/*"))
"""The web tables of wuerfel's own games, each in its package (``GameInfo.web_dir``: ``table.js``, ``table.html``)."""
FILES = sorted(JS.rglob("*.js")) + [p for d in GAME_WEB for p in sorted(d.rglob("*.js"))]
TABLE_TEXTS = sorted((WEB / "templates" / "games").glob("*.html")) + [p for d in GAME_WEB for p in d.glob("*.html")]
"""The texts a game's own table brings to the page (its strings for ``t()``): a hand name here is one the page
would put together itself."""


def _code(path: Path) -> str:
    """The file without its comments: a comment may say what a table shows ("Drilling Damen"), code may not."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"(?m)(^|[^:\"'`\\])//.*$", r"\1", text)


def _hand_names() -> set[str]:
    """Every hand class and every announcement without kickers, as the poker games name them in both languages."""
    keys = {
        k
        for quint in (False, True)
        for joker in (False, True)
        for k in announcements(quint, joker)
        if len(k) == 1 + PRINCIPAL_LENGTH[k[0]]
    }
    phrases = [class_phrase(c) for c in range(len(PRINCIPAL_LENGTH))] + [key_phrase(k) for k in keys]
    return {str(resolve(p, lang)) for p in phrases for lang in ("de", "en")}


def _zehntausend_points() -> set[int]:
    """What any throw scores under every rule set of Zehntausend, and the targets the rule sets play to."""
    info = get_game("zehntausend")
    out: set[int] = set()
    for name in info.rule_sets():
        rules = info.load_rules(name)
        out.add(rules.game.target)
        for n in range(1, rules.dice.count + 1):
            for dice in combinations_with_replacement(range(1, 7), n):
                sel = throw_value(rules, dice)
                if sel is not None and sel.points >= 50:
                    out.add(sel.points)
    return out


def test_the_checks_see_the_tables() -> None:
    names = {p.relative_to(PACKAGE).as_posix() for p in FILES + TABLE_TEXTS}
    assert {
        "web/static/js/games/generic.js",
        "web/static/js/games/menu.js",
        "games/wuerfelspiel/web/wuerfelspiel/table.js",
        "games/wuerfelspiel/web/wuerfelspiel/table.html",
        "games/zehntausend/web/zehntausend/table.js",
        "games/hasard/web/lustige-sieben/table.js",
        "games/hasard/web/verdecktes-wuerfelpoker/table.js",
        "games/hasard/web/escalero/table.js",
    } <= names
    assert {"Drilling Damen", "Three queens", "Full House Asse über Könige", "Zwei Paare"} <= _hand_names()
    assert {50, 100, 1000, 2000, 10000} <= _zehntausend_points()


@pytest.mark.parametrize("path", FILES + TABLE_TEXTS, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_table_names_a_poker_hand(path: Path) -> None:
    code = _code(path) if path.suffix == ".js" else path.read_text(encoding="utf-8")
    found = sorted(n for n in _hand_names() if re.search(rf"(?<![\w]){re.escape(n)}(?![\w])", code))
    assert not found, f"{path.name} names poker hands itself: {found[:8]} — take the names from the components"


def test_zehntausend_table_holds_no_scoring_number() -> None:
    code = _code(PACKAGE / "games" / "zehntausend" / "web" / "zehntausend" / "table.js")
    found = sorted({int(n) for n in re.findall(r"(?<![\w.])\d+(?![\w.])", code)} & _zehntausend_points())
    assert not found, f"Zehntausend's table.js holds scoring numbers {found} — the game states points in its components"


def test_zehntausend_table_decides_nothing_from_the_turn_history() -> None:
    """How the previous turn ended, that all dice scored and why writing down is refused are message components;
    the table reading the view's turn history or blocker keys again would be deciding them itself."""
    code = _code(PACKAGE / "games" / "zehntausend" / "web" / "zehntausend" / "table.js")
    found = [w for w in ("previous_turn", "bank_blockers", "history", "confirm_failed", "turn.aside") if w in code]
    assert not found, f"Zehntausend's table.js reads {found} — say it in the game's components instead"


def test_lustige_sieben_table_decides_not_who_banks() -> None:
    """Who holds the bank and where each seat stands are the game's seats component (the role, the note); the table
    choosing between ``banker`` and ``last_bank`` itself, or reading who is still staking, was deciding them."""
    code = _code(PACKAGE / "games" / "hasard" / "web" / "lustige-sieben" / "table.js")
    found = [w for w in ("v.banker", "last_bank", "deciding", "msg.finished") if w in code]
    assert not found, f"Lustige Sieben's table.js reads {found} — take the bank and the seats from the game"
