"""Rock and Roll (Hasard game 31): dice roulette with one poker die — a bank, punters staking on colours and faces.

Text: "Dieses Spiel ist ein Würfelroulett und wird mit einem Pokerwürfel durchgeführt. Zunächst wird ein Bankhalter
bestimmt und das Setzschema auf ein Blatt Papier gezeichnet. [Schwarz Neun As / Rot Zehn König / Blau Bube Dame] Die
Gegenspieler der Bank setzen beliebig viele Chips auf beliebige Felder und merken sich ihre Einsätze. Der Bankhalter
würfelt einmal und rechnet dann ab. Zunächst zieht er alle jene Chips ein, die nicht auf Gewinnfeldern liegen. Dann
zahlt er die Gewinne aus. Und zwar zweifach für Einsätze, die auf dem richtigen Farbfeld liegen (die Gewinner
erhalten also für 1 gesetztes Chip 3 Chips zurück), und fünfmal für Einsätze, die auf dem richtigen Wertfeld liegen
(die Gewinner erhalten also für 1 Chip 6 Chips zurück). Will der Bankhalter das Spiel beenden, muß er dies 5 Würfe
vorher ankündigen."

On the bank kit (:mod:`wuerfel.games.kit.bank`): the board is the book's sheet, three rows of a colour field and its
two faces; the punters stake sealed on any fields (several stakes, any fields); the banker throws the one poker die
once; the stakes not on a winning field are collected first, then a colour pays 2:1 (3 back), a face 5:1 (6 back).
Every field is exactly fair: a colour wins 1/3 · 3 = 1, a face 1/6 · 6 = 1 chip back per chip (:func:`field_ev`).

The end (spec A, bank games; decided here and documented in docs/hasard.md): the banker decides, once per throw
while the punters stake, whether to announce the end (:class:`AnnounceEnd`); the announcement is public and the
table counts down the ``notice_throws`` (5, the text) throws still to come, the one about to be thrown included.
After the last of them the bank closes: with ``end = "bank"`` (default, spec A's rotation) it passes to the left
neighbour, and the game ends when the bank has gone round the table ``bank_rounds`` times — every player holds the
bank; with ``end = "game"`` (the text read literally: one banker, "das Spiel beenden") the first announced end ends
the game. So that a game always ends, a bank lasts at most ``max_bank_throws`` throws: a banker who has not announced
when only ``notice_throws`` throws are left is taken to have announced then (the table shows the same countdown).
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, ClassVar, Literal

from wuerfel.engine import counts
from wuerfel.engine.advice import Advice
from wuerfel.engine.components import Component, Counter, Goal, Message, Phrase, Seats
from wuerfel.engine.edges import BankEdge
from wuerfel.engine.errors import N_, IllegalAction
from wuerfel.engine.game import JSON, PUBLIC, Action, Amount, EventView, Game, Outcome, State
from wuerfel.engine.pokerdice import face_name
from wuerfel.engine.registry import GameInfo, register
from wuerfel.engine.rules import opt, require
from wuerfel.games.kit.bank import BankGame, BankState
from wuerfel.games.kit.bank_board import BoardField, BoardSpec, Done, Stake
from wuerfel.games.kit.bank_options import bank_rounds_option, first_bank_option, label_bank_options
from wuerfel.games.kit.bank_table import DONE_WORDS
from wuerfel.i18n import ntranslate, translate

NEUN, ZEHN, BUBE, DAME, KOENIG, AS = 1, 2, 3, 4, 5, 6
"""The poker faces as the engine encodes them (rank order)."""
SCHWARZ, ROT, BLAU = 7, 8, 9
"""The colour fields' numbers (the faces' fields are the faces' codes 1..6)."""
COLOURS: dict[int, tuple[int, int]] = {SCHWARZ: (NEUN, AS), ROT: (ZEHN, KOENIG), BLAU: (BUBE, DAME)}
"""Each colour and its two faces, as the book's sheet lays them out (rows Schwarz Neun As, Rot Zehn König, Blau Bube
Dame; opposite faces of a die, 9↔A, 10↔K, J↔Q, share a colour)."""
COLOUR_NAMES: dict[int, str] = {SCHWARZ: N_("Black"), ROT: N_("Red"), BLAU: N_("Blue")}
COLOUR_KEYS: dict[int, str] = {SCHWARZ: "schwarz", ROT: "rot", BLAU: "blau"}
FACE_FIELDS = (NEUN, ZEHN, BUBE, DAME, KOENIG, AS)
COLOUR_PAYS = 3
"""A chip on the right colour brings 3 chips back (2:1)."""
FACE_PAYS = 6
"""A chip on the right face brings 6 chips back (5:1)."""
FACE_WORDS: dict[int, tuple[str, str]] = {
    NEUN: (N_("Nine"), "neun"),
    ZEHN: (N_("Ten"), "zehn"),
    BUBE: (N_("Jack"), "bube"),
    DAME: (N_("Queen"), "dame"),
    KOENIG: (N_("King"), "koenig"),
    AS: (N_("Ace"), "as"),
}


def colour_of(face: int) -> int:
    """The colour field a face belongs to."""
    for colour, faces in COLOURS.items():
        if face in faces:
            return colour
    raise ValueError(f"not a poker face: {face}")


def _board() -> BoardSpec:
    fields: list[BoardField] = []
    rows: list[tuple[str, ...]] = []
    for colour, faces in COLOURS.items():
        row = [COLOUR_KEYS[colour]]
        fields.append(BoardField(colour, COLOUR_KEYS[colour], Phrase(COLOUR_NAMES[colour])))
        for f in faces:
            key = FACE_WORDS[f][1]
            fields.append(BoardField(f, key, Phrase(FACE_WORDS[f][0])))
            row.append(key)
        rows.append(tuple(row))
    return BoardSpec(
        fields=tuple(fields),
        layout=tuple(rows),
        unknown_field=N_("There is no field {number} on the board (a colour or a face)."),
    )


BOARD_SPEC = _board()
"""The book's sheet: three rows, each a colour field and its two faces (every field its own group, so the generic
table draws the rows exactly as the book does)."""

__all__ = [
    "AS",
    "BLAU",
    "BOARD_SPEC",
    "COLOURS",
    "INFO",
    "NEUN",
    "ROT",
    "SCHWARZ",
    "AnnounceEnd",
    "BankerBot",
    "GoOn",
    "PunterBot",
    "RockAndRollAdvisor",
    "RockAndRollGame",
    "RockAndRollRules",
    "RockAndRollState",
    "bank_edges",
    "colour_of",
    "field_ev",
    "verdict",
]


@dataclasses.dataclass(frozen=True)
class RockAndRollRules:
    """Options of Rock and Roll; every default is the text or the spec's resolution."""

    starting_chips: int = opt(
        30, de="Chips für jeden Spieler zu Beginn", en="Chips each player starts with", low=1, high=10000
    )
    max_stake: int = opt(
        5,
        de="Größter Einzeleinsatz (mehrere Einsätze auf beliebigen Feldern erlaubt)",
        en="Largest single stake (several stakes on any fields allowed)",
        low=1,
        high=1000,
    )
    notice_throws: int = opt(
        5,
        de="So viele Würfe vorher muss der Bankhalter das Ende ankündigen",
        en="How many throws ahead the banker must announce the end",
        low=1,
        high=50,
    )
    max_bank_throws: int = opt(
        20,
        de="Längste Bank: nach so vielen Würfen endet sie spätestens (das Ende gilt dann rechtzeitig als angekündigt)",
        en="Longest bank: it ends after this many throws at the latest (the end then counts as announced in time)",
        low=1,
        high=200,
    )
    end: Literal["bank", "game"] = opt(
        "bank",
        de="Das angekündigte Ende beendet die Bank (sie geht an den linken Nachbarn) oder das ganze Spiel",
        en="The announced end ends the bank (it passes to the left neighbour) or the whole game",
    )
    bank_rounds: int = bank_rounds_option()
    first_bank: Literal["first_seat", "lot"] = first_bank_option()

    def validate(self) -> None:
        for key in ("starting_chips", "max_stake", "notice_throws", "max_bank_throws", "bank_rounds"):
            require(getattr(self, key) >= 1, key, "≥ 1", getattr(self, key))
        require(
            self.max_bank_throws >= self.notice_throws,
            "max_bank_throws",
            f"≥ notice_throws ({self.notice_throws})",
            self.max_bank_throws,
        )

    @property
    def bank_throws(self) -> int:
        """The kit's name for the longest a bank lasts (its view and throw counter read it)."""
        return self.max_bank_throws


label_bank_options(
    RockAndRollRules,
    {
        "notice_throws": ("Ankündigung des Endes (Würfe vorher)", "Notice of the end (throws ahead)"),
        "max_bank_throws": ("Längste Bank (Würfe)", "Longest bank (throws)"),
        "end": ("Was das angekündigte Ende beendet", "What the announced end ends"),
    },
    {
        "end": {
            "bank": ("die Bank (sie geht weiter)", "the bank (it passes on)"),
            "game": ("das ganze Spiel", "the whole game"),
        },
    },
)


def verdict(number: int, face: int) -> int:
    """What a stake on field ``number`` gets when ``face`` falls: the right colour 3 chips back per chip, the right
    face 6, anything else is collected by the bank (nothing ever stands)."""
    if number in COLOURS:
        return COLOUR_PAYS if face in COLOURS[number] else 0
    return FACE_PAYS if face == number else 0


def field_ev(number: int) -> Fraction:
    """A punter's exact expected net gain per chip on a field, over the six equally likely faces (0 for every
    field: the game is fair)."""
    return sum((Fraction(1, 6) * (verdict(number, face) - 1) for face in FACE_FIELDS), Fraction(0))


def bank_edges(rules: RockAndRollRules) -> tuple[BankEdge, ...]:
    """``GameInfo.bank_edges``: the bank's edge on a colour and on a face, from the game's own settlement (0 each)."""
    state = RockAndRollGame(rules, 2).new_initial_state()
    assert isinstance(state, RockAndRollState)
    return (
        BankEdge("colour", Phrase(N_("a colour (pays 2:1)")), state.field_edge(SCHWARZ)),
        BankEdge("face", Phrase(N_("a face (pays 5:1)")), state.field_edge(NEUN)),
    )


# --- the banker's action --------------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class AnnounceEnd(Action):
    """The banker announces the end: the bank closes after ``notice_throws`` more throws, this one included. He may
    announce while the punters stake for any throw, once per bank; announcing ends his say for this throw."""

    kind: ClassVar[str] = "announce_end"


@dataclasses.dataclass(frozen=True)
class GoOn(Action):
    """The banker does not announce the end before this throw (his "no more stakes")."""

    kind: ClassVar[str] = "go_on"


ANNOUNCE_WORDS = frozenset(
    {"ende", "ankündigen", "ende ankündigen", "end", "announce", "announce end", "announce the end"}
)
GO_ON_WORDS = frozenset({"weiter", "go on", "continue", *DONE_WORDS})


@dataclasses.dataclass(frozen=True)
class RockAndRollState(BankState):
    """A bank game on the kit: one poker die, the book's sheet, and the banker's announced end."""

    board_spec: ClassVar[BoardSpec] = BOARD_SPEC
    poker: ClassVar[bool] = True
    announced: tuple[int, int] | None = None
    """(banks passed, throws of that bank) when the end was announced; an announcement of an earlier bank no longer
    counts (the pair names its bank, so nothing needs resetting when the bank passes)."""

    @property
    def rules(self) -> RockAndRollRules:
        return self.game.rules  # type: ignore[no-any-return]

    def dice_count(self) -> int:
        return 1

    def throw_value(self, dice: tuple[int, ...]) -> int:
        return dice[0]

    def verdict(self, number: int, value: int) -> int:
        return verdict(number, value)

    def hits(self, value: int) -> frozenset[int]:
        return frozenset({value, colour_of(value)})

    def throw_message(self, value: int, dice: tuple[int, ...]) -> Phrase:
        return Phrase(
            N_("Last throw: {face} ({colour})"),
            {"face": Phrase(FACE_WORDS[value][0]), "colour": Phrase(COLOUR_NAMES[colour_of(value)])},
        )

    # --- the end of the bank ------------------------------------------------------------------------------------
    def announced_now(self) -> bool:
        """The current banker has announced the end."""
        return self.announced is not None and self.announced[0] == self.banks_done

    def closing_after(self) -> int:
        """The bank's throw after which it closes: the announcement plus the notice, or the longest bank."""
        cap = self.rules.max_bank_throws
        if self.announced_now():
            assert self.announced is not None
            return min(self.announced[1] + self.rules.notice_throws, cap)
        return cap

    def throws_left(self) -> int | None:
        """Throws still to come in this bank, the next one included, once the end is fixed (announced, or the
        longest bank within notice); None while the banker may still announce."""
        left = self.closing_after() - self.throws_done
        if self.announced_now() or left <= self.rules.notice_throws:
            return left
        return None

    def may_announce(self) -> bool:
        """The banker may announce while the end is not fixed yet (and the bank is running)."""
        return self.started and not self.is_terminal() and self.throws_left() is None

    def bank_closes(self) -> bool:
        return self.throws_done >= self.closing_after()

    def goal(self) -> Goal:
        """Issue 24 (web U1: "nothing says when the game ends"): the odds on the felt, and where the game stands —
        which bank, and how this bank ends (announced ``notice_throws`` ahead, at most ``max_bank_throws``) or how
        many throws it has left once its end is fixed."""
        text = Phrase(N_("Win chips from the bank: a colour pays 2 to 1, a face 5 to 1"))
        if not self.started or self.is_terminal():
            return Goal(text)
        left = self.throws_left()
        if left is None:
            how: Phrase = Phrase(
                N_("the banker may announce the end {notice} ahead, at most {max}"),
                {"notice": counts.throws(self.rules.notice_throws), "max": counts.throws(self.rules.max_bank_throws)},
            )
        else:
            how = Phrase("{n} throw to go", {"n": left}, plural="{n} throws to go")
        if self.rules.end == "game":
            return Goal(text, how)
        return Goal(text, Phrase(N_("{bank} · {how}"), {"bank": self.bank_progress(), "how": how}))

    def open_betting(self) -> BankState:
        """The punters stake; the banker decides alongside them whether to announce the end, while he still may."""
        from wuerfel.engine.simultaneous import SealedRound

        players = set(self.punters())
        if self.throws_left() is None:
            players.add(self.banker)
        return dataclasses.replace(self, betting=SealedRound.open(players))

    def _apply_outcome(self, outcome: Outcome) -> State:
        before = self.banks_done
        state = super()._apply_outcome(outcome)
        if (
            isinstance(state, RockAndRollState)
            and self.rules.end == "game"
            and state.banks_done > before
            and not state.is_terminal()
        ):
            # The announced end ends the whole game (end = "game"): the bank has gone round as far as it will.
            return dataclasses.replace(state, banks_done=self.rules.bank_rounds * self.n, betting=None)
        return state

    # --- actions ------------------------------------------------------------------------------------------------
    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        seat = self.asked_seat(player)
        if seat is not None and seat == self.banker:
            return (AnnounceEnd(), GoOn())
        return super().legal_actions(player)

    def explain_illegal(self, action: Action, player: int) -> None:
        if player == self.banker and isinstance(action, Stake):
            raise IllegalAction(N_("The bank does not stake; it throws and settles."))
        if isinstance(action, AnnounceEnd):
            if player != self.banker:
                raise IllegalAction(N_("Only the banker can announce the end of the bank."))
            left = Phrase("{n} throw to go", {"n": self.throws_left() or 0}, plural="{n} throws to go")
            raise IllegalAction(N_("The end is already fixed: {left}."), left=left)
        super().explain_illegal(action, player)

    def _apply_action(self, action: Action, player: int) -> State:
        if isinstance(action, AnnounceEnd):
            state = dataclasses.replace(self, announced=(self.banks_done, self.throws_done))
            return BankState._apply_action(state, Done(), player)
        if isinstance(action, GoOn):
            return BankState._apply_action(self, Done(), player)
        return super()._apply_action(action, player)

    def event_view(self, event: Action | Outcome, player: int | None, seat: int | None) -> EventView:
        """The kit's secrecy for stakes; the announcement is public, and when it is the last word of the betting it
        uncovers the stakes as the last "no more stakes" does."""
        if isinstance(event, AnnounceEnd | GoOn):
            if self.betting is not None and self.betting.deciding == {player}:
                return EventView(reveals=(("stakes", self.banks_done, self.throws_done),))
            return PUBLIC
        return super().event_view(event, player, seat)

    # --- information ----------------------------------------------------------------------------------------
    def view(self, player: int | None) -> JSON:
        v = super().view(player)
        v["notice_throws"] = self.rules.notice_throws
        v["end_announced"] = self.announced_now()
        v["throws_left"] = self.throws_left()
        return v

    def components(self, player: int | None) -> tuple[Component, ...]:
        """The kit's table with the banker's line saying what he decides, and the countdown to the end of the bank
        once it is fixed (instead of the kit's throw counter)."""
        out: list[Component] = []
        left = self.throws_left() if self.started and not self.is_terminal() else None
        for c in super().components(player):
            if isinstance(c, Counter):
                if left is not None:
                    label = (
                        N_("Announced end: throws to go")
                        if self.announced_now()
                        else N_("Longest bank reached soon: throws to go")
                    )
                    out.append(Counter(left, target=self.rules.notice_throws, label=Phrase(label)))
                else:
                    out.append(Counter(self.throws_done, target=None, label=Phrase(N_("Throws of this bank"))))
                continue
            if isinstance(c, Seats):
                lines = tuple(
                    dataclasses.replace(s, note=Phrase(N_("decides whether to announce the end …")))
                    if s.seat == self.banker and s.active
                    else s
                    for s in c.seats
                )
                c = dataclasses.replace(c, seats=lines)
            out.append(c)
        if self.started and not self.is_terminal() and self.announced_now():
            out.append(
                Message(
                    Phrase(
                        N_("The banker has announced the end: {n} more throw."),
                        {"n": left or 0},
                        plural="The banker has announced the end: {n} more throws.",
                    ),
                    key="end",
                )
            )
        return tuple(out)

    # --- words ----------------------------------------------------------------------------------------------
    def parse_action_text(self, text: str, player: int) -> Action:
        """ "3 auf As" / "3 on black" / "2 auf 10" is a stake (a face by its name or short form, a colour by its name);
        "fertig" ends the stakes; the banker types "ende" to announce the end."""
        from wuerfel.engine.pokerdice import parse_poker_dice

        t = text.casefold().strip()
        if player == self.banker and t in GO_ON_WORDS:
            return GoOn()
        if t in DONE_WORDS:
            return Done()
        if t in ANNOUNCE_WORDS:
            return AnnounceEnd()
        m = re.fullmatch(r"(\d+)\s*(?:chips?)?\s*(?:auf|on|@)\s*(?:die\s+|das\s+|den\s+)?(\S+)", t)
        if m:
            amount, target = int(m.group(1)), m.group(2)
            colours = {"schwarz": SCHWARZ, "black": SCHWARZ, "rot": ROT, "red": ROT, "blau": BLAU, "blue": BLAU}
            if target in colours:
                return Stake(colours[target], amount)
            try:
                return Stake(parse_poker_dice(target, 1)[0], amount)
            except ValueError:
                pass
        raise IllegalAction(
            N_('Type a stake as "3 auf As" or "3 auf Schwarz" (chips on a face or a colour), or "fertig".')
        )

    def describe_action(self, action: Action, lang: str = "de") -> str:
        if isinstance(action, AnnounceEnd):
            return ntranslate(
                "announce the end ({n} throw ahead)",
                "announce the end ({n} throws ahead)",
                self.rules.notice_throws,
                lang,
            )
        if isinstance(action, GoOn):
            return translate("keep the bank going (no end announced)", lang)
        if isinstance(action, Stake) and action.number in BOARD_SPEC.numbers:
            field = (
                translate(COLOUR_NAMES[action.number], lang)
                if action.number in COLOURS
                else face_name(action.number, lang)
            )
            if isinstance(action.amount, Amount) and action.amount.low == action.amount.high:
                return self.describe_action(Stake(action.number, action.amount.low), lang)  # not "1 to 1 chips"
            if isinstance(action.amount, int) and action.amount == 1:
                return translate("1 chip on {number}", lang, number=field)
            if isinstance(action.amount, int):
                return translate("{amount} chips on {number}", lang, amount=action.amount, number=field)
            return translate("1 to {max} chips on {number}", lang, max=action.amount.high, number=field)
        return super().describe_action(action, lang)


class RockAndRollGame(BankGame):
    """Ids: 0 "no more stakes", 1 the announced end, 2 go on, then field × amount as the kit counts them, shifted by
    two."""

    id = "rock-and-roll"
    state_class = RockAndRollState
    action_classes: ClassVar[tuple[type[Action], ...]] = (Stake, Done, AnnounceEnd, GoOn)

    def action_universe(self) -> tuple[Action, ...]:
        """The bank kit's stakes and done, and the two announcements of the game's end."""
        return (AnnounceEnd(), GoOn(), *super().action_universe())

    def action_id(self, action: Action) -> int:
        if isinstance(action, AnnounceEnd):
            return 1
        if isinstance(action, GoOn):
            return 2
        i = super().action_id(action)
        return i if i == 0 else i + 2

    def action_from_id(self, action_id: int) -> Action:
        if action_id == 1:
            return AnnounceEnd()
        if action_id == 2:
            return GoOn()
        return super().action_from_id(action_id if action_id == 0 else action_id - 2)


# --- bots and hints -------------------------------------------------------------------------------------------------
class PunterBot:
    """Stakes by a stated rule (spec D: field and amount). Every field is exactly fair (EV 0), so no field is better
    than another in expectation; what a sensible punter controls is the risk. Rule: one stake a throw, on a colour
    (the smaller swing: it wins a third of the time) with probability 2/3, otherwise on a face; the amount a
    twentieth of the balance, at least 1, at most the largest stake — so a run of losses never empties the purse.
    The banker half of the same bot is :class:`BankerBot`."""

    name = "heuristic"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.banker = BankerBot(game, seed)

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, RockAndRollState)
        if player == state.banker:
            return self.banker.choose(state, player)
        if state.betting is None or state.betting.items(player) or state.stake_cap(player) < 1:
            return Done()
        amount = max(1, min(state.stake_cap(player), state.ledger.balance(player) // 20))
        if self.rng.random() < 2 / 3:
            number = self.rng.choice(tuple(COLOURS))
        else:
            number = self.rng.choice(FACE_FIELDS)
        action = Stake(number, amount)
        return action if state.is_legal(action, player) else Done()


class BankerBot:
    """When the banker announces the end (spec D), by a stated rule: the game is fair, so the bank's expected gain
    is 0 whatever he does; he locks in a lead. He announces as soon as his bank is ahead (it has won more than it
    paid) after at least ``notice_throws`` throws, so that every bank gives the punters a fair number of throws;
    otherwise he lets the longest bank run out."""

    name = "heuristic"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.notice = game.rules.notice_throws

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, RockAndRollState)
        if state.may_announce() and state.bank_net > 0 and state.throws_done >= self.notice:
            return AnnounceEnd()
        return GoOn()


class RockAndRollAdvisor:
    """The exact expectation of one chip on a colour and on a face (0: every field is fair), against staking
    nothing; for the banker, what announcing means (his expected gain is 0 either way)."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def advise(self, state: State, player: int) -> list[Advice]:
        assert isinstance(state, RockAndRollState)
        if player not in state.actors():
            return []
        measure = N_("expected net chips per chip staked")
        if player == state.banker:
            note = N_("every field is fair: the bank expects 0 whether it goes on or ends")
            return [
                Advice(action=GoOn(), value=0.0, measure=N_("the bank's expected gain per throw"), note=note),
                Advice(action=AnnounceEnd(), value=0.0, measure=N_("the bank's expected gain per throw"), note=note),
            ]
        out = [Advice(action=Done(), value=0.0, measure=measure)]
        for number, note in (
            (SCHWARZ, N_("a colour wins one throw in three and pays 2:1")),
            (AS, N_("a face wins one throw in six and pays 5:1")),
        ):
            stake = Stake(number, 1)
            if state.is_legal(stake, player):
                out.append(Advice(action=stake, value=float(field_ev(number)), measure=measure, note=note))
        return out


# --- registration -------------------------------------------------------------------------------------------------


def _odds(rules: RockAndRollRules) -> Any:
    """``wuerfel odds``: the six faces of the one poker die (each 1/6) in the order of the sheet, named with their
    colour, and the bank's edge
    per chip on a colour and on a face (0)."""
    from wuerfel.engine.edges import edge_notes
    from wuerfel.engine.odds import ThrowClass, ThrowOdds

    classes = tuple(
        ThrowClass(
            FACE_WORDS[f][1],
            Phrase(
                N_("{face} ({colour})"),
                {"face": Phrase(FACE_WORDS[f][0]), "colour": Phrase(COLOUR_NAMES[colour_of(f)])},
            ),
        )
        for colour in COLOURS
        for f in COLOURS[colour]
    )
    return ThrowOdds(
        1, classes, lambda dice: FACE_WORDS[dice[0]][1], faces="poker", notes=edge_notes(bank_edges(rules))
    )


def _bot(game: Game, seed: int) -> Any:
    return PunterBot(game, seed)


def _explain(rules: RockAndRollRules, players: int) -> Any:
    from wuerfel.games.hasard.explain.rock_and_roll import explain

    return explain(rules, players)


INFO = register(
    GameInfo(
        id="rock-and-roll",
        name_de="Rock and Roll",
        name_en="Rock and Roll",
        family="poker-dice",
        options_class=RockAndRollRules,
        make=RockAndRollGame,
        min_players=2,
        max_players=9,
        default_preset="rock-and-roll",
        presets_dir=Path(__file__).parent / "presets" / "rock-and-roll",
        locale_dir=Path(__file__).parent / "locale" / "rock-and-roll",
        description_de=(
            "Würfelroulette mit einem Pokerwürfel: Setz auf eine Farbe (2:1) oder ein Bild (5:1), dann "
            "würfelt die Bank."
        ),
        description_en=(
            "Dice roulette with one poker die: stake on a colour (2:1) or a face (5:1), then the bank throws."
        ),
        aliases=("rock_and_roll", "rocknroll", "wuerfelroulett"),
        bots={"heuristic": _bot},
        default_bot="heuristic",
        advisor=RockAndRollAdvisor,
        perfect_information=False,
        chips=True,
        faces="poker",
        odds=_odds,
        bank_edges=bank_edges,
        explain=_explain,
        explain_quotes=("starting_chips", "max_stake", "notice_throws", "max_bank_throws", "bank_rounds"),
    )
)
