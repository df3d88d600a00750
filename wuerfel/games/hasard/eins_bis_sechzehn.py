"""Eins bis sechzehn (Hasard game 21): form 1, 2, …, 16 and back again from throws of three dice.

"Diese Zahlen können direkt gewürfelt werden, oder durch Addition und Subtraktion von Augenzahlen gebildet werden …
Gewonnen hat, wer als erster alle Zahlen von 1 bis 16 und wieder zurück kombinieren konnte. Bei einer Variante dürfen
auch Multiplikation und Division einbezogen werden."

A number is formed from one throw if it is a die, or a sum or difference of two or three of its dice, each die used
at most once, the result positive (variant: also × and ÷, division without remainder, any bracketing). Resolution:
one throw per turn; from his next target the player ticks off as many consecutive targets as that throw can form
(each formed on its own from the same three dice); the first that cannot be formed ends the turn. The text's example
"1-2-3 wurden gewürfelt" uses a 6 and forms 1 to 10: the throw was 1-3-6 (spec), and 1-3-6 forms exactly 1 to 10 —
one throw advances from 1 to 10.

In the claim mode (``claim = "manual"``) the thrower says himself what he forms — as at a real table, where the book
expects the players to find the combinations: after the throw he claims how many targets he ticks off (or types
the expressions, "1, 3-1, 3, 3+1"); the engine refuses a target that the dice cannot form. Overlooking one costs
the rest of the run: the bot claims the longest run, and the hint shows it with an expression for each target.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Hashable, Sequence
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, Literal

from wuerfel.engine.advice import Advice
from wuerfel.engine.components import Component, Goal, Phrase, SeatRef, Track
from wuerfel.engine.errors import N_, IllegalAction
from wuerfel.engine.game import JSON, TERMINAL, Action, Game, Roll, State
from wuerfel.engine.registry import GameInfo, register
from wuerfel.engine.rules import label_options, opt
from wuerfel.games.hasard.explain import eins_bis_sechzehn as explained
from wuerfel.games.kit import START_NAME, START_WORDS, SimpleGame, SimpleState, left_of, start_option
from wuerfel.games.kit.throwoff import ranking_groups
from wuerfel.i18n import ntranslate, translate

CLAIM_ASKED = N_("Tick off the numbers you can form from {dice}")
TICKED = N_("{name} ticks off {numbers}")
TICKED_NOTHING = N_("{name} can tick off nothing")


@dataclasses.dataclass(frozen=True)
class EinsBisSechzehnRules:
    """Options of Eins bis sechzehn; every default is the text or the spec's resolution."""

    operations: Literal["add_sub", "all"] = opt(
        "add_sub",
        de="Rechenarten: Addition und Subtraktion (Text) oder dazu Multiplikation und Division "
        "(Variante; Division nur ohne Rest)",
        en="Operations: addition and subtraction (text), or also multiplication and division (variant; division "
        "only without remainder)",
    )
    per_throw: Literal["run", "one"] = opt(
        "run",
        de="Je Wurf so viele Zahlen in Folge, wie der Wurf bilden kann, oder nur eine",
        en="Per throw as many numbers in a row as the throw can form, or only one",
    )
    way_back: Literal["from_15", "from_16"] = opt(
        "from_15",
        de="Der Rückweg: 15 bis 1 (die 16 einmal) oder 16 bis 1 (die 16 zweimal)",
        en="The way back: 15 to 1 (16 once) or 16 to 1 (16 twice)",
    )
    claim: Literal["auto", "manual"] = opt(
        "auto",
        de="Wer die gebildeten Zahlen abhakt: das Programm (alle, die gehen) oder der Werfer selbst",
        en="Who ticks off the numbers formed: the program (all it can) or the thrower himself",
    )
    start: Literal["lot", "first_seat"] = start_option()


label_options(
    EinsBisSechzehnRules,
    {
        "operations": ("Rechenarten", "Operations"),
        "per_throw": ("Zahlen je Wurf", "Numbers per throw"),
        "way_back": ("Rückweg", "Way back"),
        "claim": ("Abhaken", "Ticking off"),
        "start": START_NAME,
    },
    {
        "operations": {
            "add_sub": ("plus und minus", "plus and minus"),
            "all": ("plus, minus, mal, geteilt", "plus, minus, times, divided by"),
        },
        "per_throw": {"run": ("so viele in Folge, wie gehen", "as many in a row as possible"), "one": ("eine", "one")},
        "way_back": {"from_15": ("15 bis 1", "15 to 1"), "from_16": ("16 bis 1", "16 to 1")},
        "claim": {"auto": ("das Programm", "the program"), "manual": ("der Werfer selbst", "the thrower himself")},
        "start": START_WORDS,
    },
)


def target_list(way_back: str = "from_15") -> tuple[int, ...]:
    """1..16 and back: 31 targets (``from_15``) or 32 (``from_16``, the 16 twice)."""
    back = range(15, 0, -1) if way_back == "from_15" else range(16, 0, -1)
    return (*range(1, 17), *back)


# --- forming numbers ------------------------------------------------------------------------------------------
def _splits(dice: tuple[int, ...]) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every way to split a multiset into two non-empty parts (ordered: both orders are listed)."""
    n = len(dice)
    seen = set()
    out = []
    for mask in range(1, (1 << n) - 1):
        a = tuple(sorted(dice[i] for i in range(n) if mask >> i & 1))
        b = tuple(sorted(dice[i] for i in range(n) if not mask >> i & 1))
        if (a, b) not in seen:
            seen.add((a, b))
            out.append((a, b))
    return out


@cache
def _all_dice(dice: tuple[int, ...], all_ops: bool) -> dict[int, str]:
    """Value → an expression for every value of an expression using each of ``dice`` exactly once."""
    if len(dice) == 1:
        return {dice[0]: str(dice[0])}
    out: dict[int, str] = {}

    def put(v: int, e: str) -> None:
        if v not in out or len(e) < len(out[v]):
            out[v] = e

    for a, b in _splits(dice):
        for va, ea in _all_dice(a, all_ops).items():
            for vb, eb in _all_dice(b, all_ops).items():
                pb = eb if len(b) == 1 else f"({eb})"
                put(va + vb, f"{ea}+{eb}")
                put(va - vb, f"{ea}-{pb}")
                if all_ops:
                    pa = ea if len(a) == 1 else f"({ea})"
                    put(va * vb, f"{pa}*{pb}")
                    if vb != 0 and va % vb == 0:
                        put(va // vb, f"{pa}/{pb}")
    return out


@cache
def formable(dice: tuple[int, ...], operations: str = "add_sub") -> dict[int, str]:
    """Every positive number a throw forms, with one expression for it (each die at most once)."""
    dice = tuple(sorted(dice))
    out: dict[int, str] = {}
    n = len(dice)
    for mask in range(1, 1 << n):
        sub = tuple(dice[i] for i in range(n) if mask >> i & 1)
        for v, e in _all_dice(sub, operations == "all").items():
            if v > 0 and (v not in out or len(e) < len(out[v])):
                out[v] = e
    return out


def run_length(
    dice: tuple[int, ...], targets: Sequence[int], position: int, operations: str = "add_sub", per_throw: str = "run"
) -> int:
    """How many consecutive targets from ``position`` the throw forms (at most 1 when ``per_throw == "one"``)."""
    can = formable(tuple(sorted(dice)), operations)
    k = 0
    limit = 1 if per_throw == "one" else len(targets)
    while position + k < len(targets) and k < limit and targets[position + k] in can:
        k += 1
    return k


_TOKEN = re.compile(r"\s*(?:(\d)|([-+*/×x:÷()]))")


def evaluate(expression: str, dice: tuple[int, ...], operations: str = "add_sub") -> int:
    """The value of a typed expression over the dice ("6+3-1"), checking that it uses each die at most once, only
    allowed operations and no division with a remainder. Raises :class:`IllegalAction` saying what is wrong."""
    tokens: list[str] = []
    pos = 0
    text = expression.strip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:
            raise IllegalAction(N_("I did not understand '{text}'."), text=expression[:40])
        tokens.append(m.group(1) or {"×": "*", "x": "*", ":": "/", "÷": "/"}.get(m.group(2), m.group(2)))
        pos = m.end()
    if not tokens:
        raise IllegalAction(N_("I did not understand '{text}'."), text=expression[:40])
    used = Counter(int(t) for t in tokens if t.isdigit())
    have = Counter(dice)
    if any(have[f] < k for f, k in used.items()):
        raise IllegalAction(N_("'{text}' uses dice that were not thrown (each die counts once)."), text=expression[:40])
    if operations != "all" and any(t in "*/" for t in tokens):
        raise IllegalAction(N_("Only plus and minus are allowed in these rules."))
    i = 0

    def expr() -> Fraction:
        nonlocal i
        v = term()
        while i < len(tokens) and tokens[i] in "+-":
            op = tokens[i]
            i += 1
            w = term()
            v = v + w if op == "+" else v - w
        return v

    def term() -> Fraction:
        nonlocal i
        v = atom()
        while i < len(tokens) and tokens[i] in "*/":
            op = tokens[i]
            i += 1
            w = atom()
            if op == "*":
                v = v * w
            else:
                if w == 0 or (v / w).denominator != 1:
                    raise IllegalAction(N_("Division only without remainder."))
                v = v / w
        return v

    def atom() -> Fraction:
        nonlocal i
        if i >= len(tokens):
            raise IllegalAction(N_("I did not understand '{text}'."), text=expression[:40])
        t = tokens[i]
        i += 1
        if t.isdigit():
            return Fraction(int(t))
        if t == "(":
            v = expr()
            if i >= len(tokens) or tokens[i] != ")":
                raise IllegalAction(N_("I did not understand '{text}'."), text=expression[:40])
            i += 1
            return v
        raise IllegalAction(N_("I did not understand '{text}'."), text=expression[:40])

    value = expr()
    if i != len(tokens):
        raise IllegalAction(N_("I did not understand '{text}'."), text=expression[:40])
    return int(value)


# --- the game -------------------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Claim(Action):
    """Tick off the next ``count`` targets (claim mode)."""

    kind: ClassVar[str] = "claim"
    count: int


@dataclasses.dataclass(frozen=True)
class EinsBisSechzehnState(SimpleState):
    id: ClassVar[str] = "eins-bis-sechzehn"
    score_label: ClassVar[str | None] = N_("Ticked off")
    show_sum: ClassVar[bool] = False
    progress: tuple[int, ...] = ()
    """Per seat: targets ticked off."""

    def initial(self) -> EinsBisSechzehnState:
        return dataclasses.replace(self, progress=(0,) * self.n)

    @property
    def targets(self) -> tuple[int, ...]:
        return target_list(self.rules.way_back)

    def dice_count(self) -> int:
        return 3

    def can_run(self) -> int:
        """The longest run the last throw forms for the thrower (what the engine ticks in auto mode)."""
        return run_length(
            self.last, self.targets, self.progress[self.seat], self.rules.operations, self.rules.per_throw
        )

    def after_throw(self, dice: tuple[int, ...]) -> EinsBisSechzehnState:
        if self.rules.claim == "manual":
            return dataclasses.replace(self, phase="decide")
        return self._tick(self.can_run())

    def _tick(self, k: int) -> EinsBisSechzehnState:
        p = self.progress[self.seat] + k
        s = dataclasses.replace(self, progress=(*self.progress[: self.seat], p, *self.progress[self.seat + 1 :]))
        if p >= len(self.targets):
            return dataclasses.replace(s, phase="over")
        return dataclasses.replace(s, phase="throw", seat=left_of(self.seat, self.n))

    # --- the claim ------------------------------------------------------------------------------------------
    def to_move(self) -> int:
        if self.phase == "decide":
            return self.seat
        return super().to_move() if self.phase != "over" else TERMINAL

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        if self.phase != "decide" or player not in (None, self.seat):
            return ()
        return tuple(Claim(k) for k in range(self.can_run() + 1))

    def explain_illegal(self, action: Action, player: int) -> None:
        if isinstance(action, Claim) and self.phase == "decide" and action.count > self.can_run():
            pos = self.progress[self.seat] + self.can_run()
            if pos >= len(self.targets) or action.count < 0:
                raise IllegalAction(N_("There are not that many numbers left to tick off."))
            raise IllegalAction(
                N_("{target} cannot be formed from {dice}."),
                target=self.targets[pos],
                dice=" ".join(map(str, self.last)),
            )

    def _apply_action(self, action: Action, player: int) -> State:
        assert isinstance(action, Claim)
        return self._tick(action.count)

    def parse_action_text(self, text: str, player: int) -> Action:
        """ "alle"/"all", "nichts"/"none", or the expressions for the next targets in order ("1, 3-1, 3")."""
        if self.phase != "decide":
            raise IllegalAction(N_("I did not understand that."))
        t = text.strip().lower()
        if t in ("alle", "all", "a"):
            return Claim(self.can_run())
        if t in ("nichts", "none", "keine", "-", "0"):
            return Claim(0)
        parts = [p for p in re.split(r"[,;]", text) if p.strip()]
        pos = self.progress[self.seat]
        for k, part in enumerate(parts):
            if pos + k >= len(self.targets):
                raise IllegalAction(N_("There are not that many numbers left to tick off."))
            want = self.targets[pos + k]
            got = evaluate(part, self.last, self.rules.operations)
            if got != want:
                raise IllegalAction(
                    N_("'{text}' makes {got}, but the next number is {want}."), text=part.strip(), got=got, want=want
                )
        if self.rules.per_throw == "one" and len(parts) > 1:
            raise IllegalAction(N_("Only one number per throw in these rules."))
        return Claim(len(parts))

    def describe_action(self, action: Action, lang: str = "de") -> str:
        if isinstance(action, Claim):
            if action.count == 0:
                return translate("ticks off nothing", lang)
            pos = self.progress[self.seat] if self.phase == "decide" else 0
            done = self.targets[pos : pos + action.count] if self.phase == "decide" else ()
            if done:
                return translate("ticks off {numbers}", lang, numbers=", ".join(map(str, done)))
            return ntranslate("ticks off {n} number", "ticks off {n} numbers", action.count, lang)
        return super().describe_action(action, lang)

    def news(self, event: Any, after: SimpleState) -> tuple[Phrase, ...]:
        """Where the engine ticks off (the book's way), which numbers the throw ticked off for the thrower."""
        if not isinstance(event, Roll) or not isinstance(after, EinsBisSechzehnState) or after.phase == "decide":
            return ()
        done = self.targets[self.progress[self.seat] : after.progress[self.seat]]
        if not done:
            return (Phrase(TICKED_NOTHING, {"name": SeatRef(self.seat)}),)
        return (Phrase(TICKED, {"name": SeatRef(self.seat), "numbers": ", ".join(map(str, done))}),)

    def solver_key(self) -> Hashable:
        """Whose turn, every seat's progress, and in the claim mode's decision the longest run the throw allows:
        the claims are 0 up to that run and lead to the same positions whatever the dice were. The dice
        themselves, who began and the last thrower are only shown. At the end: the winner and the loser."""
        if self.phase == "over":
            return ("over", self.winners(), self.losers())
        if self.phase == "decide":
            return (self.phase, self.seat, self.progress, self.can_run())
        return (self.phase, self.seat, self.progress)

    # --- results --------------------------------------------------------------------------------------------
    def scores(self) -> tuple[float, ...]:
        return tuple(float(p) for p in self.progress)

    def ranking(self) -> tuple[tuple[int, ...], ...]:
        if self.phase != "over":
            return ()
        rest = [p for p in range(self.n) if p != self.seat]
        return ((self.seat,), *ranking_groups([(p,) for p in self.progress], seats=rest))

    def losers(self) -> tuple[int, ...]:
        r = self.ranking()
        return r[-1] if len(r) > 1 else ()

    # --- information ----------------------------------------------------------------------------------------
    def view_extra(self, player: int | None) -> JSON:
        t = self.targets
        return {"progress": list(self.progress), "next_number": [t[p] if p < len(t) else None for p in self.progress]}

    def goal(self) -> Goal:
        return explained.goal(self)

    def message(self) -> Phrase | None:
        if self.phase == "decide":
            return Phrase(CLAIM_ASKED, {"dice": " ".join(map(str, self.last))})
        return super().message()

    def table(self, player: int | None) -> tuple[Component, ...]:
        t = self.targets
        return tuple(
            Track(
                seat=s,
                numbers=t,
                marks=tuple(1 if i < p else 0 for i in range(len(t))),
                position=p if p < len(t) else None,
            )
            for s, p in enumerate(self.progress)
        )


class EinsBisSechzehnGame(SimpleGame):
    """The book's game: the engine ticks off, so there are no moves at all (pure chance)."""

    id = "eins-bis-sechzehn"
    state_class = EinsBisSechzehnState


class EinsBisSechzehnClaimGame(EinsBisSechzehnGame):
    """The claim mode: the thrower's claim is his one kind of move."""

    action_classes = (Claim,)

    def action_universe(self) -> tuple[Action, ...]:
        """Every concrete action: a claim of 0 up to every target of the way."""
        return tuple(Claim(k) for k in range(len(target_list(self.rules.way_back)) + 1))

    def action_id(self, action: Action) -> int:
        if not isinstance(action, Claim) or action.count < 0:
            raise IllegalAction(N_("That move is not allowed now."))
        return action.count

    def action_from_id(self, action_id: int) -> Action:
        return Claim(action_id)


def make(rules: Any, n: int) -> Game:
    return EinsBisSechzehnClaimGame(rules, n) if rules.claim == "manual" else EinsBisSechzehnGame(rules, n)


class ClaimBot:
    """Claims the longest run the throw forms: with every target formed independently from the same dice, ticking
    off fewer can only delay the player (the next throw starts where this one stops)."""

    name = "best"

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game

    def choose(self, state: State, player: int) -> Action:
        actions = [a for a in state.legal_actions(player) if isinstance(a, Claim)]
        return max(actions, key=lambda a: a.count)


class EinsBisSechzehnAdvisor:
    """The longest run, with an expression for every target in it."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def advise(self, state: State, player: int) -> list[Advice]:
        if not isinstance(state, EinsBisSechzehnState) or state.phase != "decide" or player != state.seat:
            return []
        k = state.can_run()
        pos = state.progress[player]
        can = formable(tuple(sorted(state.last)), state.rules.operations)
        shown = ", ".join(f"{t} = {can[t]}" for t in state.targets[pos : pos + k])
        note = N_("Formed: {expressions}") if k else N_("The next number cannot be formed from these dice.")
        best = Advice(
            action=Claim(k),
            value=float(k),
            measure=N_("numbers ticked off"),
            note=note,
            params={"expressions": shown} if k else {},
        )
        return [
            best,
            *(Advice(action=Claim(j), value=float(j), measure=N_("numbers ticked off")) for j in range(k - 1, -1, -1)),
        ]


INFO = register(
    GameInfo(
        id="eins-bis-sechzehn",
        name_de="Eins bis sechzehn",
        name_en="One to Sixteen (Eins bis sechzehn)",
        family="three-dice",
        options_class=EinsBisSechzehnRules,
        make=make,
        min_players=2,
        max_players=6,
        default_preset="eins-bis-sechzehn",
        presets_dir=Path(__file__).parent / "presets" / "eins-bis-sechzehn",
        locale_dir=Path(__file__).parent / "locale" / "eins-bis-sechzehn",
        description_de="Drei Würfel: Bilde aus den Augen mit Plus und Minus die Zahlen 1 bis 16 und wieder zurück.",
        description_en="Three dice: make the numbers 1 to 16 and back again from the pips, adding and subtracting.",
        aliases=("eins_bis_sechzehn", "1-bis-16"),
        bots={"best": lambda game, seed: ClaimBot(game, seed)},
        default_bot="best",
        advisor=EinsBisSechzehnAdvisor,
        explain=explained.explain,
    )
)
