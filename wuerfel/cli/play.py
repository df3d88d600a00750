"""``wuerfel play GAME``: any registered game in the terminal — hot-seat humans, bots, and real dice.

The front end knows no game. It shows a view (the game's own ``terminal_renderer`` or the generic one), lists the
legal actions numbered with ``describe_action``, and reads a number or free text (``State.parse_action_text``).
Chance nodes are decided by a dice source: the system CSPRNG, a seeded generator (``seed:N``, reproducible), or the
people at the table (``manual``: they type the dice that fell; outcomes that are not a plain roll — a void throw —
get one-letter shortcuts). Every refused input shows the reason and changes nothing, because the engine's states are
immutable and :class:`~wuerfel.engine.record.Match` appends an event only after the engine accepted it.
"""

from __future__ import annotations

import dataclasses
import errno
import random
import re
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import typer
from rich.console import Console, Group
from rich.markup import escape
from rich.table import Table

from wuerfel.bots import bot_label, make_bot
from wuerfel.cli.components import render_components
from wuerfel.cli.explaining import RULES_WORDS, show_rules
from wuerfel.cli.hints import hint_table
from wuerfel.cli.main import RULES_HELP, LangOption, app
from wuerfel.cli.narrate import Narrator, throw_line
from wuerfel.cli.progress import listen_while, working
from wuerfel.cli.records import KEPT, Confirm, may_write
from wuerfel.cli.render import Standings, generic_renderer, result_table, score_label, seats_label
from wuerfel.engine import counts
from wuerfel.engine.advice import Advice
from wuerfel.engine.errors import N_, IllegalAction, RuleError, WuerfelError, file_error
from wuerfel.engine.game import Action, Outcome, Roll, State, amounts, is_parameterised, with_amount
from wuerfel.engine.record import GameRecord, Match
from wuerfel.engine.registry import GameInfo, get_game
from wuerfel.engine.sources import DiceSource, SeededSource, SystemSource
from wuerfel.engine.throws import waits_for
from wuerfel.i18n import Translator, normalize_language, second_person

LIST_LIMIT = 30
"""More legal moves than this are listed in part; the rest are found by typing words of their labels."""
LIST_TAIL = 4
"""How many of the last moves a shortened list still shows."""
LIST_WORDS = {"alle", "all", "liste", "list"}
QUIT_WORDS = {"q", "quit", "exit", "ende", "beenden"}
HELP_WORDS = {"h", "hilfe", "help"}
HINT_WORDS = {"?", "tipp", "hint"}
ALL_HINT_WORDS = {"??"}
SIGNED_NUMBER = re.compile(r"[+-]\s*\d+")
"""A number with a sign: never a move number, refused like one out of range."""
GAME_TEXT_PREFIX = "="
"""Marks typed text as the game's even when it is a bare number ("=5": the die 5, not move 5)."""
HINT_LIMIT = 10
"""``?`` shows the best few options; ``??`` all of them."""
SHORTCUT_LETTERS = "abcdefgijklmnopstuvwxyz"
"""Letters for special outcomes in manual dice entry; h, q and r stay commands (help, quit, the rules)."""
SHORTCUT_SIGNS = "?!*#"
"""Signs a game may read as a special outcome ("?" = dice stay under the cup); they get that outcome's key."""
EXAMPLE_FACES = (3, 3, 1, 5, 6, 2)
"""The faces of the dice example in the manual-entry prompt (repeated for more dice)."""


class QuitGame(Exception):
    """The player asked to stop."""


class BotFailed(Exception):
    """A bot chose a move the engine refused: a bug in the bot, reported instead of a traceback."""

    def __init__(self, name: str, label: str, error: IllegalAction) -> None:
        super().__init__(name, label, error)
        self.name, self.label, self.error = name, label, error


class EndOfInput(Exception):
    """Standard input ended before the game did (a script ran out, or Ctrl-D)."""


@dataclasses.dataclass(frozen=True)
class Seat:
    name: str
    bot: str | None = None
    """Bot name for a computer seat, ``None`` for a person."""
    you: bool = False
    """The person at the screen when the seat is called "Du"/"You" (the default): addressed in the second person
    ("Du bist am Zug", not "Du ist dran")."""

    @property
    def spec(self) -> str:
        return f"bot:{self.bot}" if self.bot else "human"


def parse_players(text: str, info: GameInfo, lang: str) -> list[Seat]:
    """``"Anna,Ben,bot:heuristic"`` → seats; ``bot`` alone means the game's default bot.

    Refuses empty and duplicate names (a hot-seat prompt must say unambiguously whose turn it is).
    """
    _ = Translator(lang)
    seats: list[Seat] = []
    bot_count = 0
    for raw in text.split(","):
        entry = raw.strip()
        if not entry:
            raise RuleError(N_("Player names must not be empty (check the commas in --players)."))
        low = entry.lower()
        if low == "bot" or low.startswith("bot:"):
            bot = entry[4:].strip() if ":" in entry else default_bot(info)
            if not bot:
                raise RuleError(N_("Say which bot: bot:NAME (e.g. bot:random)."))
            bot_count += 1
            # The bot's kind in words ("Faustregel"), not its id ("heuristic"): the id stays in the record's seats.
            seats.append(Seat(_("Bot {n} ({bot})", n=bot_count, bot=bot_label(bot, lang)), bot))
        elif entry.isdigit():
            # "--players 0" or "--players 3" is a count, not a person called "0" (issue 24 U13).
            raise RuleError(
                N_(
                    "'{name}' is a number: --players takes the players' names, separated by commas "
                    '(e.g. "Anna,bot" or "Anna,Ben,bot").'
                ),
                name=entry,
            )
        else:
            seats.append(Seat(entry))
    names = [s.name.casefold() for s in seats]
    for i, name in enumerate(names):
        if name in names[:i]:
            raise RuleError(N_("Two players are called '{name}'; please give distinct names."), name=seats[i].name)
    return mark_you(seats)


YES_WORDS = {"j", "ja", "y", "yes"}
YOU_NAMES = {"du", "you"}
"""Names that address the person at the screen (the default name is one of them)."""


def mark_you(seats: list[Seat]) -> list[Seat]:
    """Mark the person called "Du"/"You" (the default name), so every line speaks to him in the second person."""
    return [dataclasses.replace(s, you=not s.bot and s.name.casefold() in YOU_NAMES) for s in seats]


def default_bot(info: GameInfo) -> str:
    return info.default_bot if info.default_bot in info.bots else "random"


def player_counts(info: GameInfo, rules: Any) -> list[int]:
    """Player counts this rule set allows (a rule set may narrow the game's range: Solo is one player)."""
    return info.player_counts(rules)


def default_players(info: GameInfo, rules: Any, lang: str) -> str:
    """One person against the game's default bot: two seats where the rule set allows, else the fewest it allows."""
    _ = Translator(lang)
    counts = player_counts(info, rules) or [info.min_players]
    n = 2 if 2 in counts else counts[0]
    return ",".join([_("You"), *(["bot"] * (n - 1))])


def parse_dice_mode(mode: str) -> tuple[str, int | None]:
    """``system`` | ``manual`` | ``seed:N``."""
    m = mode.strip().lower()
    if m in ("system", "manual"):
        return m, None
    if m.startswith("seed:"):
        try:
            return "seed", int(m[5:])
        except ValueError:
            pass
    raise RuleError(N_("Unknown dice mode '{mode}'. Use system, manual or seed:N."), mode=mode)


class PlaySession:
    """One game in the terminal. I/O is injected (``read_line``, ``console``, ``sleep``) so tests drive it."""

    def __init__(
        self,
        info: GameInfo,
        match: Match,
        seats: Sequence[Seat],
        *,
        dice_mode: str = "system",
        seed: int | None = None,
        lang: str = "de",
        save_path: Path | None = None,
        pause: float = 0.6,
        console: Console | None = None,
        read_line: Callable[[], str | None] | None = None,
        sleep: Callable[[float], None] | None = None,
    ) -> None:
        self.info = info
        self.match = match
        self.seats = list(seats)
        self.dice_mode = dice_mode
        self.lang = lang
        self._ = Translator(lang)
        self.save_path = save_path
        self.pause = pause
        self.console = console or Console(highlight=False, soft_wrap=True)
        self._read_line = read_line or _stdin_line
        self.sleep = sleep or (lambda seconds: time.sleep(seconds))
        self.source: DiceSource | None = None
        if dice_mode == "seed":
            self.source = SeededSource(seed)
        elif dice_mode == "system":
            self.source = SystemSource()
        bot_rng = random.Random(seed) if dice_mode == "seed" else random.SystemRandom()
        self.bots: dict[int, Any] = {}
        seeds = {p: bot_rng.randrange(2**31) for p, seat in enumerate(self.seats) if seat.bot}
        slow = [p for p in seeds if self.seats[p].bot != "random"]
        if slow:
            # A strong bot builds its tables first (15 s and more on a fresh machine): say so, never a blank screen.
            # The bar moves with the tables as they are solved, not only once per bot: one bot's first build
            # stood at 0 % for 40 s (issue 24 U8).
            with working(self._("Preparing the bots"), total=len(slow), lang=lang) as advance:
                for done, p in enumerate(slow):
                    with listen_while(advance, done):
                        self.bots[p] = make_bot(info.id, self.seats[p].bot or "", match.game, seeds[p])
                    advance(done + 1)
        for p in seeds:
            if p not in self.bots:
                self.bots[p] = make_bot(info.id, self.seats[p].bot or "", match.game, seeds[p])
        self.humans = [p for p, s in enumerate(self.seats) if not s.bot]
        self.you = next((p for p, s in enumerate(self.seats) if s.you), None)
        """The seat of the person addressed as "Du"/"You", if any."""
        self.shown_to: int | None = None
        """The human who last saw the screen (hidden-information games hide it before another one sees it)."""
        self.focus: int | None = None
        self._advisor: Any = None
        self._last_actors: tuple[int, ...] = ()
        self.save_failed = False
        """The last save to ``--save`` failed (said once, not after every event)."""
        self.narrator = Narrator(match, self.lang, lambda: self.names, self.say)
        """Tells what each event brought about (rounds, throw-offs, payments) and the stakes a reveal uncovers."""
        self.listed: set[int] | None = None
        """The moves the last list of moves showed (a long list is shortened): hints mark the others."""
        self.load_path: Path | None = None
        """The file this game was continued from (``--load``): saving the game there again asks nothing."""

    # --- I/O helpers -----------------------------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.match.state

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def secret(self) -> bool:
        """Does the game hide anything from some player? The GameInfo flag says so, and so does a state class that
        overrides ``determinize`` (the engine's contract: games with secrets override it, others return self)."""
        return not self.info.perfect_information or type(self.state).determinize is not State.determinize

    @property
    def announce_throws(self) -> bool:
        """Announce each throw? Not when the game draws its own screen without labelling its outcomes itself (its
        renderer shows the throw better than numbers: poker dice would read "2 4 5 5 6"). Whether the people at
        the screen may see a throw at all is the game's statement (:meth:`shown`)."""
        labels_own = type(self.state).describe_outcome is not State.describe_outcome
        return self.info.terminal_renderer is None or labels_own

    def shown(self, before: State, event: Action | Outcome, player: int | None, label: str) -> str | None:
        """What the people at the screen may read of an event, as the game states it (``State.event_view``): its
        label, the game's words for a hidden event, or ``None`` when they are not to learn of it."""
        v = before.event_view(event, player, self.viewer())
        if v.full:
            return label
        if v.show == "redacted" and v.label:
            return self._(v.label)
        return None

    def second_person(self, line: str) -> str:
        """``line`` about the person at the screen ("Du ist der erste Macher", a game's plain-string lot) in the
        second person ("Du bist der erste Macher"): :func:`wuerfel.i18n.second_person` with the person's name."""
        assert self.you is not None
        return second_person(line, self.names[self.you], self.lang)

    def say(self, text: str, style: str | None = None) -> None:
        """Print an already translated line (markup in it is escaped: names and labels are user data)."""
        text = escape(text)
        self.console.print(f"[{style}]{text}[/{style}]" if style else text)

    def refuse(self, exc: WuerfelError) -> None:
        self.console.print(f"[red]{escape(exc.translated(self.lang))}[/red]")

    def ask(self, prompt: str) -> str:
        """Print a prompt, read one line; end of input is :class:`EndOfInput`."""
        self.console.print(f"[bold]{escape(prompt)}[/bold] ", end="")
        line = self._read_line()
        if line is None:
            self.console.print()
            raise EndOfInput
        return line.strip()

    # --- running ---------------------------------------------------------------------------------------------
    def run(self) -> int:
        """Play until the game ends or a player quits; the exit status (0 finished/quit, 1 input ended)."""
        _ = self._
        self.say(
            _("{game} — rules: {rules}", game=self.info.name(self.lang), rules=self.match.record.rules_id), style="bold"
        )
        self.say(self._("Players: {players}", players=", ".join(self.names)))
        if self.humans:
            self.say(self._("Type h for help, r for the rules."), style="dim")
        try:
            if self.match.record.events and not self.state.is_terminal() and not self.person_sees_board_next():
                # A resumed game: where it stands before a bot moves or throws (issue 24 U1); a person's decision or
                # throw draws the board anyway.
                self.show(self.viewer())
            while not self.state.is_terminal():
                if self.state.is_chance():
                    self.throw()
                    continue
                actors = self.state.actors()
                self.announce(actors)
                bot_seats = [p for p in actors if p in self.bots]
                if bot_seats:
                    self.bot_move(bot_seats[0])
                    continue
                p = self.focus if self.focus in actors else actors[0]
                self.focus = p
                self.human_move(p)
        except QuitGame:
            self.offer_save()
            self.say(self._("Game ended."), style="bold")
            return 0
        except EndOfInput:
            saved = self.autosave()
            self.say(self._("Input ended before the game did; the game is stopped."), style="red")
            self.say_saved(saved)
            return 1
        except BotFailed as exc:
            self.autosave()
            self.say(
                self._(
                    "{name} chose a move that is not allowed ({move}): {reason} The game is stopped.",
                    name=exc.name,
                    move=exc.label,
                    reason=exc.error.translated(self.lang),
                ),
                style="red",
            )
            return 3
        except KeyboardInterrupt:
            self.console.print()
            saved = self.autosave()
            self.say(self._("Game ended."), style="bold")
            self.say_saved(saved)
            return 130
        self.finish()
        return 0

    def person_sees_board_next(self) -> bool:
        """Is the next step a person's decision or a throw he is asked for (both draw the board first)?"""
        if not self.state.is_chance():
            return any(p in self.humans for p in self.state.actors())
        if self.source is None:
            return True  # the scorekeeper's screen before every throw
        return waits_for(self.state, self.match.record.events) in self.humans

    def say_saved(self, saved: bool) -> None:
        """After Ctrl-D or Ctrl-C: whether the game is in a file, so nobody has to guess (issue 24 U12)."""
        if saved:
            self.say(self._("The record is saved in {path}.", path=self.save_path))
        elif self.save_path is None:
            self.say(self._("The game was not saved (--save FILE keeps a game in a file)."), style="yellow")
        else:
            self.say(self._("The game could not be saved in {path}.", path=self.save_path), style="red")

    def announce(self, actors: Sequence[int]) -> None:
        """Say who is to move whenever that changes, so a lost turn after a throw is never a surprise."""
        if tuple(actors) == self._last_actors:
            return
        self._last_actors = tuple(actors)
        if len(self.seats) > 1:
            if self.you is not None and tuple(actors) == (self.you,):
                self.say(self._("Your turn."), style="yellow")
            else:
                self.say(self._("To move: {names}", names=", ".join(self.names[p] for p in actors)), style="yellow")

    def finish(self) -> None:
        view = self.state.view(None)
        self.console.print(self.render(view, None))
        winners = self.state.winners()
        self.console.print(
            result_table(
                self.names,
                Standings.of(self.state),
                self.lang,
                score_label(view, self.lang) or seats_label(self.state, self.lang, self.names),
            )
        )
        if len(winners) == 1:
            if winners[0] == self.you:
                self.say(self._("You win!"), style="bold green")
            else:
                self.say(self._("{name} wins!", name=self.names[winners[0]]), style="bold green")
        elif winners:
            self.say(self._("Shared win: {names}", names=", ".join(self.names[p] for p in winners)), style="bold green")
        if self.save_path is not None:
            self.offer_save()  # saved as asked, or, when that file fails, another one is asked for

    # --- rendering -------------------------------------------------------------------------------------------
    def render(self, view: dict[str, Any], viewer: int | None) -> Any:
        """The game's renderer (or the generic one) on a copy of the view that also carries the player names."""
        v = dict(view)
        v.setdefault("player_names", self.names)
        v.setdefault("viewer", viewer)
        # At a throw nobody decides: the thrower is the one to mark (▶), so a scorekeeper sees whose dice to type.
        v.setdefault("actors", list(self.state.actors()) or ([t] if (t := self.thrower()) is not None else []))
        v.setdefault("you", self.you)
        if self.info.terminal_renderer is not None:
            # The game's goal line first, as every table draws it (issue 24), then the game's own drawing.
            goals = [c for c in self.state.components(viewer) if c.kind == "goal"]
            own = self.info.terminal_renderer(v, self.lang)
            return Group(render_components(goals, self.lang, self.names, viewer), own) if goals else own
        if type(self.state).components is not State.components:
            # A game without its own renderer is drawn from its table components (never more than the view shows).
            return render_components(self.state.components(viewer), self.lang, self.names, viewer)
        # A game that states no components yet (only the seats by default) still shows its whole view.
        return generic_renderer(v, self.lang)

    def show(self, viewer: int | None) -> None:
        self.console.rule(escape(self.info.name(self.lang)))
        self.console.print(self.render(self.state.view(viewer), viewer))

    def pass_screen(self, p: int) -> bool:
        """Hot-seat with secrets: hide what the last person saw before the next one looks. True when the screen was
        passed (``p`` pressed Enter to take it)."""
        if not self.secret or len(self.humans) < 2 or self.shown_to == p:
            return False
        if self.console.is_terminal:
            self.console.clear()
        else:
            self.console.print("\n" + "─" * 40)
        if self.ask(self._("Pass the screen to {name} and press Enter.", name=self.names[p])).casefold() in QUIT_WORDS:
            raise QuitGame
        self.shown_to = p
        return True

    def throw_viewer(self, seat: int | None) -> int | None:
        """Whose view the scorekeeper's screen shows before a throw is typed: the thrower's when a person throws; the
        one person's against bots; with several people and a bot's (or nobody's) throw the spectator view — never the
        seat of whoever moved last, which read "Ann (du)" while Ben was to throw (issue 24 U3)."""
        if self.secret and len(self.humans) > 1:
            return None
        if seat is not None and seat in self.humans:
            return seat
        return self.humans[0] if len(self.humans) == 1 else None

    def viewer(self) -> int | None:
        """Whose eyes are on the screen when no decision is pending (a throw): the last human who acted, or the
        only one; with secrets and several people at the screen nobody's (the spectator view)."""
        if self.secret and len(self.humans) > 1:
            return None
        if self.shown_to is not None:
            return self.shown_to
        return self.humans[0] if self.humans else None

    # --- moves -----------------------------------------------------------------------------------------------
    def labels(self, actions: Sequence[Action], offer: bool = False) -> list[str]:
        """The actions' labels in the current state: as offered (a menu, a hint: ``describe_offer``) or as taken
        (the "→ Anna: …" line: ``describe_action``, which may say what the move uncovered)."""
        describe = self.state.describe_offer if offer else self.state.describe_action
        out = []
        for a in actions:
            try:
                out.append(describe(a, self.lang))
            except Exception:  # a label must never stop a game; the JSON form is still unambiguous
                out.append(str(a.to_json()))
        return out

    def human_move(self, p: int) -> None:
        """Show the position to ``p``, read until one move is accepted (or a command quits)."""
        _ = self._
        self.pass_screen(p)
        self.shown_to = p
        self.show(p)
        actions = list(self.state.legal_actions(p))
        labels = self.labels(actions, offer=True)
        kinds = [str(getattr(a, "kind", type(a).__name__)) for a in actions]
        self.print_actions(labels, kinds=kinds)
        while True:
            # One move: "Enter = 1", not a range "1–1" (issue 24 U13).
            if p == self.you:
                prompt = (
                    _("Your move (1–{n}, ? hint, h help, q quit):", n=len(actions))
                    if len(actions) > 1
                    else _("Your move (Enter = 1, ? hint, h help, q quit):")
                )
            elif len(actions) == 1:
                prompt = _("{name}, your move (Enter = 1, ? hint, h help, q quit):", name=self.names[p])
            else:
                prompt = _("{name}, your move (1–{n}, ? hint, h help, q quit):", name=self.names[p], n=len(actions))
            text = self.ask(prompt)
            low = text.casefold()
            if low in QUIT_WORDS:
                raise QuitGame
            if low in HELP_WORDS:
                self.help()
                self.print_actions(labels, kinds=kinds)
                continue
            if low in RULES_WORDS:
                self.show_rules()
                continue
            if low in LIST_WORDS:
                self.print_actions(labels, limit=None)
                continue
            if low in HINT_WORDS or low in ALL_HINT_WORDS:
                self.hint(p, actions, labels, limit=None if low in ALL_HINT_WORDS else HINT_LIMIT)
                continue
            if not text:
                if len(actions) == 1:
                    action: Action = actions[0]
                else:
                    continue
            elif text.isdigit() or SIGNED_NUMBER.fullmatch(text):
                # "-1" is no move number either: the word search below would drop the sign and take move 1 (B1).
                k = int(text) if text.isdigit() else 0
                if not 1 <= k <= len(actions):
                    self.say(self._("Please choose a number from 1 to {n}.", n=len(actions)), style="red")
                    self.say(
                        self._(
                            "A number alone is a move number. To type dice, give two or more separated "
                            "by spaces (1 5), or start with = (=5 for a single die)."
                        ),
                        style="dim",
                    )
                    continue
                action = actions[k - 1]
            else:
                if text.startswith(GAME_TEXT_PREFIX):
                    # "=5": the game's text, never a move number (a single die would otherwise read as one).
                    text = text[len(GAME_TEXT_PREFIX) :].strip()
                    low = text.casefold()
                by_label = [a for a, lab in zip(actions, labels, strict=True) if lab.casefold() == low]
                if len(by_label) == 1:
                    action = by_label[0]
                else:
                    try:
                        action = self.state.parse_action_text(text, p)
                    except IllegalAction as exc:
                        found = search(labels, text)
                        if len(found) == 1:
                            action = actions[found[0]]
                        elif found:
                            self.say(_("{n} moves match; type a number:", n=len(found)), style="yellow")
                            self.print_actions(labels, only=found)
                            continue
                        else:
                            self.refuse(exc)
                            self.say(
                                _(
                                    "Type the number of a move, two or more dice (1 5), =5 for a single "
                                    "die, or h for help."
                                ),
                                style="dim",
                            )
                            continue
                if not self.confirmed(action):
                    continue
            if is_parameterised(action):
                chosen = self.ask_amount(action)
                if chosen is None:
                    self.print_actions(labels)
                    continue
                action = chosen
            label = self.labels([action])[0]
            before = self.state
            try:
                self.match.act(action, p)
            except IllegalAction as exc:
                self.refuse(exc)
                continue
            self.autosave()
            self.console.print(f"→ {escape(self.names[p])}: {escape(label)}")
            self.narrator.event(before, action, p, self.state, self.viewer())
            return

    def confirm(self, question: str) -> bool:
        """A yes/no question; only a yes (j, ja, y, yes) is a yes, the end of input a no."""
        try:
            answer = self.ask(self._("{question} (y = yes, Enter = no)", question=question))
        except EndOfInput:
            return False
        return answer.casefold() in YES_WORDS

    def show_rules(self) -> None:
        """``r``: how to play, written from the rules of this table for its number of players."""
        show_rules(
            self.console, self.info, self.match.game.rules, self.match.record.rules_id, self.lang, len(self.seats)
        )

    def confirmed(self, action: Action) -> bool:
        """A move typed in words that the game thinks may be a slip ("3 fh" writing a 0 into the ×3 column) is
        asked about first: ``State.confirm_action(action, lang)`` (part TypedInput; default None) returns the
        question. Moves chosen by number are not asked about: their label, points included, was on the screen."""
        try:
            question = self.state.confirm_action(action, self.lang)
        except Exception:  # a question must never stop a game
            return True
        if not question:
            return True
        answer = self.ask(self._("{question} (y = yes, Enter = no)", question=question)).casefold()
        return answer in YES_WORDS

    def ask_amount(self, action: Action) -> Action | None:
        """A move with an amount (chips on a field) is listed once with its bounds: ask the number. Enter goes back
        to the list of moves; anything but a whole number within the bounds is refused and asked again."""
        values: dict[str, int] = {}
        for name, amount in amounts(action).items():
            if amount.low == amount.high:  # one possible number (the last chip under a limit): nothing to ask
                values[name] = amount.low
                continue
            while True:
                text = self.ask(self._("How many? {low} to {high} (Enter = back):", low=amount.low, high=amount.high))
                if not text:
                    return None
                if text.casefold() in QUIT_WORDS:
                    raise QuitGame
                if text.casefold() in RULES_WORDS:
                    self.show_rules()
                    continue
                if text.isdigit() and len(text) <= 12 and int(text) in amount:
                    values[name] = int(text)
                    break
                self.say(
                    self._("Please type a whole number from {low} to {high}.", low=amount.low, high=amount.high),
                    style="red",
                )
        return with_amount(action, **values)

    def print_actions(
        self,
        labels: Sequence[str],
        limit: int | None = LIST_LIMIT,
        only: Sequence[int] | None = None,
        kinds: Sequence[str] | None = None,
    ) -> None:
        """The numbered moves, in two columns when there are many; beyond ``limit`` only the first ones and how
        to find the rest (an announcement in poker dice has hundreds of choices).

        Games list their decisive moves last ("done", "pass", "bank", the boxes of a sheet). So when ``kinds`` (the
        actions' kinds) are given and the last kind's moves are not too many (up to twice the limit), all of them
        are shown and only the moves before them are cut: the Würfelspiel shows every box it may write, and keeps
        (typed as "k 66" anyway) give way."""
        shown = list(only) if only is not None else list(range(len(labels)))
        hidden = 0
        listed_all = only is None
        example = ""
        if limit is not None and len(shown) > limit:
            tail = [i for i in shown if kinds is not None and kinds[i] == kinds[shown[-1]]]
            if kinds is not None and LIST_TAIL < len(tail) <= 2 * limit:
                head = [i for i in shown if i not in set(tail)]
                keep = head[: max(LIST_TAIL, limit - len(tail))]
                hidden = len(shown) - len(keep) - len(tail)
                example = labels[head[len(keep)]] if hidden else ""
                shown = sorted(keep + tail)
            else:
                # The first moves and the last few: games tend to list "done" / "pass" / "bank" last.
                hidden = len(shown) - limit
                example = labels[shown[limit - LIST_TAIL - 1] + 1]
                shown = shown[: limit - LIST_TAIL] + shown[-LIST_TAIL:]
        if listed_all:
            self.listed = set(shown)  # the hints mark a move this list left out (U13)
        table = Table.grid(padding=(0, 2))
        table.add_column(justify="right", style="bold cyan")
        table.add_column()
        if len(shown) > 14:
            table.add_column(justify="right", style="bold cyan")
            table.add_column()
            half = (len(shown) + 1) // 2
            for i in range(half):
                a = shown[i]
                right = (
                    [str(shown[i + half] + 1), escape(labels[shown[i + half]])] if i + half < len(shown) else ["", ""]
                )
                table.add_row(str(a + 1), escape(labels[a]), *right)
        else:
            for a in shown:
                table.add_row(str(a + 1), escape(labels[a]))
        self.console.print(table)
        if hidden and limit is not None:
            self.say(
                self._(
                    '… and {n} more. Type words of a move to find it (e.g. "{example}"), or "alle" for the full list.',
                    n=hidden,
                    example=example,
                ),
                style="dim",
            )

    def bot_move(self, p: int) -> None:
        before = self.state
        action = self.bots[p].choose(before, p)
        label = self.labels([action])[0]
        try:
            self.match.act(action, p)
        except IllegalAction as exc:
            raise BotFailed(self.names[p], label, exc) from exc
        self.autosave()
        line = self.shown(before, action, p, label)
        if line is not None:
            self.console.print(f"→ {escape(self.names[p])}: {escape(line)}")
        self.narrator.event(before, action, p, self.state, self.viewer())
        if self.pause > 0:
            self.sleep(self.pause)

    def thrower(self) -> int | None:
        """The seat whose throw the pending chance node is (``State.thrower``; None: nobody's, such as a lot)."""
        seat = self.state.thrower()
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(self.seats):
            return seat
        return None

    def throw(self) -> None:
        # Say whose turn the throw starts before the throw itself, so it never reads as the last player's throw.
        seat = self.thrower()
        if seat is not None:
            self.announce((seat,))
        if self.source is not None:
            waiting = waits_for(self.state, self.match.record.events)
            if waiting is not None and waiting not in self.bots:
                self.ask_throw(waiting)
            state = self.state
            outcome = self.source.choose(state)
            self.match.chance(outcome)
            self.autosave()
            # A bot's throw is announced even where the game's renderer would show it better: no screen is drawn
            # for a bot's decision, so the throw would never be seen (the Würfelspiel's bots threw unseen). What
            # the people at the screen may read of it is the game's statement (``shown``).
            line = (
                self.shown(state, outcome, None, describe_outcome(state, outcome, self.lang, self.names))
                if self.announce_throws or seat in self.bots
                else None
            )
            lot = getattr(outcome, "kind", None) == "lot"
            if lot and len(self.seats) == 1:
                line = None  # a lot among one: nothing to tell a player alone (issue 24 U13)
            if line is not None:
                # a lot is drawn, not thrown: "Los: Anna beginnt", not "Wurf: Anna beginnt"
                if lot and getattr(outcome, "seat", None) == self.you and self.you is not None:
                    line = self.second_person(line)
                self.say(
                    self._("Lot: {text}", text=line) if lot else throw_line(self._, seat, self.you, self.names, line),
                    style="bold magenta",
                )
            self.narrator.event(state, outcome, None, self.state, self.viewer())
            if waiting is not None and waiting in self.bots and self.pause > 0:
                self.sleep(self.pause)  # a bot's throw that starts its turn is paced like its moves
        else:
            self.manual_throw()
        self.turn_ended_by_throw(seat)

    def ask_throw(self, p: int) -> None:
        """The thrower asks for his throw: Enter throws (so does any other line but a command: the dice are the
        same whatever is typed), ``q`` quits, ``h`` explains. A throw that follows his own move ("throw again")
        never asks (:func:`wuerfel.engine.throws.waits_for`)."""
        _ = self._
        if self.pass_screen(p):
            return  # the Enter that took the screen is his request to throw: one key, not two
        # The table before every throw that starts something of a person (a turn, a bank's throws, every throw of a
        # game without decisions): he sees where he stands before he throws — Eins bis sechzehn's sheet, the Lustige
        # Sieben banker's board (issue 24 U1). A throw after his own move asks nothing and needs no second screen.
        # His own view: with secrets the screen is his here (pass_screen handed it over, or he holds it).
        self.show(p)
        while True:
            if p == self.you:
                prompt = _("Your throw: press Enter to throw (h help, q quit):")
            else:
                prompt = _("{name}, your throw: press Enter to throw (h help, q quit):", name=self.names[p])
            text = self.ask(prompt).casefold()
            if text in QUIT_WORDS:
                raise QuitGame
            if text in RULES_WORDS:
                self.show_rules()
                continue
            if text in HINT_WORDS or text in ALL_HINT_WORDS or text in LIST_WORDS:
                # Nothing to decide at a throw: a hint or the list of moves must not throw the dice (U5).
                self.say(_("There is nothing to decide before this throw: Enter throws the dice."), style="yellow")
                continue
            if text in HELP_WORDS:
                # the person addressed as such (terminal L5: "Dieser Spieler ist mit Würfeln dran" to "Du")
                self.say(
                    _("It is your throw: Enter throws the dice. q quits (you may save the game record).")
                    if p == self.you
                    else _(
                        "It is {name}'s throw: Enter throws the dice. q quits (you may save the game record).",
                        name=self.names[p],
                    )
                )
                continue
            return

    def turn_ended_by_throw(self, seat: int | None) -> None:
        """Say so when a throw ends a person's turn before he decides anything (a Niete, a failed confirmation):
        otherwise the next player's moves follow at once and the lost turn is never mentioned."""
        if seat is None or seat in self.bots or self.state.is_terminal() or not self.info.decisions:
            return  # in a game without decisions every turn is ended by a throw: nothing to point out
        if self.state.is_chance():
            nxt = self.thrower()  # the next throw is somebody else's: the turn has passed
            if nxt is None or nxt == seat:
                return
        elif seat in self.state.actors():
            return
        if seat == self.you:
            self.say(self._("That throw ends your turn."), style="bold red")
        else:
            self.say(self._("That throw ends the turn of {name}.", name=self.names[seat]), style="bold red")

    def special_outcomes(self, state: State) -> list[tuple[str, Outcome]]:
        """Outcomes a person reports with one key: every non-roll and every probability-0 outcome; when the node
        throws no plain dice, every outcome (numbered if there are more than letters)."""
        outcomes = state.chance_outcomes()
        if state.dice_to_throw() > 0:
            chosen = [o for o, p in outcomes if not isinstance(o, Roll) or p == 0]
        else:
            chosen = [o for o, _ in outcomes]
        if len(chosen) > len(SHORTCUT_LETTERS):
            return [(str(i + 1), o) for i, o in enumerate(chosen)]
        # Prefer the letter the game itself reads as that outcome ("b" = brennt), so the keys shown agree with
        # the game's own manual entry; the others get the first free letters.
        keys: list[str | None] = []
        used: set[str] = set()
        # Where no dice are typed, digits are free too (a lot: the game reads "1" as the first seat). Signs the
        # game reads ("?" = under the cup) win over the terminal's hint command at a throw.
        candidates = SHORTCUT_LETTERS + SHORTCUT_SIGNS
        if state.dice_to_throw() <= 0:
            candidates = "123456789" + candidates
        for o in chosen:
            key = None
            for ch in candidates:
                if ch in used:
                    continue
                try:
                    if state.parse_outcome(ch) == o:
                        key = ch
                        break
                except WuerfelError:
                    continue
            keys.append(key)
            if key:
                used.add(key)
        free = iter(ch for ch in SHORTCUT_LETTERS if ch not in used)
        return [(k if k is not None else next(free), o) for k, o in zip(keys, chosen, strict=True)]

    def manual_throw(self) -> None:
        """Scorekeeper mode: ask for the dice that fell until the entry is valid.

        Order of reading: quit and help words, the shortcut keys, then the game's own ``parse_outcome``; only text
        the game does not read as an outcome may be the hint command (which only explains the entry here), so a
        game's "?" (dice under the cup) is never taken by the terminal.
        """
        _ = self._
        state = self.state
        seat = self.thrower()
        outcomes = state.chance_outcomes()
        if state.dice_to_throw() <= 0 and len(outcomes) == 1:
            # Nothing to report: one seat's lot (a solo game), one possible result (issue 24 U13).
            self.match.chance(outcomes[0][0])
            self.autosave()
            return
        self.show(self.throw_viewer(seat))
        shortcuts = self.special_outcomes(state)
        n = state.dice_to_throw()
        if shortcuts:
            self.console.print(
                "  ".join(
                    f"[bold cyan]{escape(k)}[/bold cyan] = {escape(describe_outcome(state, o, self.lang, self.names))}"
                    for k, o in shortcuts
                )
            )
        example = self.dice_example(state, n) if n > 0 else ""
        if n > 0:
            if example:
                prompt = _("Dice that fell ({n}, e.g. {example}):", n=n, example=example)
            else:
                prompt = _("Dice that fell ({n}):", n=n)
        else:
            prompt = _("Enter what happened:")
        keys = {k: o for k, o in shortcuts}
        if seat is not None and len(self.seats) > 1:
            # Whose dice to type: the people at the table throw for everybody, bots included (U3).
            self.say(
                _("Your throw.") if seat == self.you else _("{name} throws.", name=self.names[seat]), style="yellow"
            )
        while True:
            text = self.ask(prompt)
            low = text.casefold()
            if low in QUIT_WORDS:
                raise QuitGame
            if low in HELP_WORDS:
                self.manual_help(example)
                continue
            if low in RULES_WORDS and low not in keys:
                self.show_rules()
                continue
            if not text:
                continue
            try:
                outcome = keys[low] if low in keys else state.parse_outcome(text)
            except IllegalAction as exc:
                if low in HINT_WORDS or low in ALL_HINT_WORDS:
                    self.manual_help(example)
                else:
                    self.refuse(exc)
                continue
            try:
                self.match.chance(outcome)
            except IllegalAction as exc:
                self.refuse(exc)
                continue
            self.autosave()
            self.narrator.event(state, outcome, None, self.state, self.throw_viewer(seat))
            return

    def manual_help(self, example: str) -> None:
        """How to enter a throw, with the example of the prompt (plain faces may also be typed together)."""
        if example and example.replace(" ", "").isdigit():
            self.say(
                self._(
                    "Type the faces of the dice that fell, separated by spaces (3 3 1 5 6) or together "
                    "(33156). A letter reports a special throw from the list above. q quits."
                )
            )
        elif example:
            self.say(
                self._(
                    "Type the dice that fell, separated by spaces (e.g. {example}). A key from the list "
                    "above reports a special throw. q quits.",
                    example=example,
                )
            )
        else:
            self.say(self._("Type what happened, or a key from the list above. q quits."))

    def dice_example(self, state: State, n: int) -> str:
        """An example entry of ``n`` dice in the game's own notation, or "" when none can be given.

        In order: ``State.outcome_example(lang)`` (part ManualDice; default none); the game's own label of a sample
        throw when the game labels outcomes itself in other than plain faces and reads that label back as the same
        throw (poker dice: "As König Bube Bube Neun", not the face codes "3 3 1 5 6"); the plain faces, if the game
        reads them. Every candidate is checked with ``parse_outcome``, so the prompt never shows an example that
        would be refused.
        """

        def reads(text: str) -> Outcome | None:
            try:
                return state.parse_outcome(text)
            except Exception:  # an example must never stop a game
                return None

        try:
            text = str(state.outcome_example(self.lang))
        except Exception:  # an example must never stop a game
            text = ""
        if text and reads(text) is not None:
            return text
        digits = " ".join(str(d) for d in (EXAMPLE_FACES * (n // len(EXAMPLE_FACES) + 1))[:n])
        sample = reads(digits)
        if sample is None:
            sample = next((o for o, p in state.chance_outcomes() if isinstance(o, Roll) and p > 0), None)
        if sample is not None and type(state).describe_outcome is not State.describe_outcome:
            label = describe_outcome(state, sample, self.lang, self.names)
            # A label in plain faces is the same notation: the unsorted example then shows that order is free.
            if label and not label.replace(" ", "").isdigit() and reads(label) == sample:
                return label
        return digits if reads(digits) is not None else ""

    def hint(self, p: int, actions: Sequence[Action], labels: Sequence[str], limit: int | None = HINT_LIMIT) -> None:
        _ = self._
        if self.info.advisor is None:
            self.say(self._("No hints are available for this game."), style="yellow")
            return
        if self._advisor is None:
            self._advisor = self.info.advisor(self.match.game)
        try:
            advice = list(self._advisor.advise(self.state, p))
        except WuerfelError as exc:
            self.refuse(exc)
            return
        if not advice:
            self.say(self._("No hints for this position."), style="yellow")
            return
        items = [as_advice(item, self.lang) for item in advice]
        more = len(items) - limit if limit is not None and len(items) > limit else 0
        if more:
            items = items[:limit]

        def label(a: Advice) -> str:
            if a.label:
                return a.label
            if a.action in actions:
                return labels[actions.index(a.action)]
            return self.labels([a.action], offer=True)[0] if a.action is not None else ""

        table, hidden = hint_table(items, actions, label, self.lang, self.listed)
        self.console.print(table)
        if hidden:
            self.say(_("* not in the list of moves above: its number works all the same."), style="dim")
        if more:
            self.say(_("… and {n} more (?? shows all).", n=more), style="dim")

    def help(self) -> None:
        self.say(self._("Commands:"), style="bold")
        self.say(self._("  a number   take the move with that number (Enter alone takes the only move)"))
        self.say(self._("  text       a move in words, if the game understands it (e.g. the dice to keep)"))
        self.say(self._("  =text      the same, also for a single die (=5): a number alone is a move number"))
        self.say(self._("  alle       list every move (when there are too many to show)"))
        self.say(
            self._("  ?          hints: the best moves and how good they are (?? all; if the game has an advisor)")
        )
        self.say(self._("  r          the rules: how this game is played at this table"))
        self.say(self._("  h          this help"))
        self.say(self._("  q          quit (you may save the game record)"))

    # --- records ---------------------------------------------------------------------------------------------
    def autosave(self) -> bool:
        """Save after an event when ``--save`` is given. A failure (disk full, the folder removed) is said once
        and the game goes on: the record is still whole in memory, and quitting asks for another file."""
        if self.save_path is None:
            return False
        try:
            save_record(self.match.record, self.save_path)
        except OSError as exc:
            if not self.save_failed:
                self.refuse(file_error(exc, self.save_path, writing=True))
            self.save_failed = True
            return False
        self.save_failed = False
        return True

    def offer_save(self) -> None:
        """At ``q``: save to ``--save`` or ask for a file name; a save that fails asks again, so the game is never
        lost to a mistyped path (Enter gives up on saving)."""
        if self.save_path is not None and self.autosave():
            self.say(self._("The record is saved in {path}.", path=self.save_path))
            return
        while True:
            try:
                name = self.ask(self._("Save the record? File name (Enter: do not save):"))
            except EndOfInput:
                return
            if not name:
                return
            if not may_write(Path(name), (self.save_path, self.load_path), self.confirm, self.lang):
                continue  # another file's game is not given up without a yes (B2): ask for a name again
            try:
                save_record(self.match.record, Path(name))
            except OSError as exc:
                self.refuse(file_error(exc, name, writing=True))
                continue
            self.say(self._("The record is saved in {path}.", path=name))
            return


def as_advice(item: Any, lang: str = "de") -> Advice:
    """Accept what advisors return: :class:`Advice`, a mapping with its fields, an ``(action, value)`` pair, or any
    object with ``action`` and ``value`` (its ``label`` may be a string or a ``label(lang)`` method).

    Every built-in advisor returns :class:`Advice`; the looser shapes are for quick advisors of plug-in games. A label
    per language (``label_de``/``label_en``) is not read: the action's label comes from ``state.describe_action`` in
    the session's language, so an advisor need not know the languages."""
    if isinstance(item, Advice):
        return item
    if isinstance(item, tuple) and len(item) == 2:
        return Advice(action=item[0], value=item[1])

    def get(key: str, default: Any = "") -> Any:
        return item.get(key, default) if isinstance(item, Mapping) else getattr(item, key, default)

    label = get("label")
    if callable(label):
        label = label(lang)
    value = get("value", float("nan"))
    return Advice(
        action=get("action", None),
        value=value if isinstance(value, int | float) else float("nan"),
        measure=str(get("measure") or ""),
        note=str(get("note") or ""),
        params=dict(get("params") or {}),
        label=str(label or ""),
    )


_WORD = re.compile(r"\w+")


def search(labels: Sequence[str], text: str) -> list[int]:
    """Indices of the labels that have a word for every typed word (case-insensitive); an exact label wins alone.

    A typed word matches the start of one label word, a number only the same number, and each label word serves
    one typed word: so "1 1 1 1 1 1 1" never finds "1 herauslegen" (the label names one die, not seven), and
    "1" never finds "100". Only input that names a move is ever taken for it."""
    words = _WORD.findall(text.casefold())
    if not words:
        return []
    exact = [i for i, lab in enumerate(labels) if lab.casefold() == text.casefold().strip()]
    if exact:
        return exact
    return [i for i, lab in enumerate(labels) if _covers(_WORD.findall(lab.casefold()), words)]


def _covers(label_words: list[str], words: list[str]) -> bool:
    """Does every typed word match its own label word? Greedy is enough: numbers match only themselves, and
    longer typed words are placed first, so a short prefix never takes the word a longer one needs."""
    free = list(label_words)
    for w in sorted(words, key=len, reverse=True):
        hit = next((k for k, lw in enumerate(free) if (lw == w if w.isdigit() else lw.startswith(w))), None)
        if hit is None:
            return False
        free.pop(hit)
    return True


def describe_outcome(state: State, outcome: Outcome, lang: str, names: Sequence[str] = ()) -> str:
    """The game's label for an outcome, with the player names ("Anna beginnt", not "Platz 1 beginnt"): every
    game's ``describe_outcome`` takes them (:meth:`State.describe_outcome`)."""
    try:
        return state.describe_outcome(outcome, lang, names=list(names))
    except Exception:  # a label must never stop a game
        return str(outcome.to_json())


def save_record(record: GameRecord, path: Path) -> None:
    """Write atomically, so an interrupted save never destroys the previous record.

    A folder is refused before anything is written (``replace`` would otherwise leave a stray temporary file or,
    for an empty folder, replace it)."""
    if path.is_dir():
        raise IsADirectoryError(errno.EISDIR, "Is a directory", str(path))
    tmp = path.with_name(path.name + ".tmp")
    try:
        tmp.write_text(record.dumps() + "\n", encoding="utf-8")
        tmp.replace(path)
    except OSError:
        tmp.unlink(missing_ok=True)
        raise


def _stdin_line() -> str | None:
    line = sys.stdin.readline()
    return line if line else None


def build_session(
    game: str,
    rules: str | None,
    players: str | None,
    dice: str,
    lang: str,
    save: Path | None,
    load: Path | None,
    pause: float,
    console: Console | None = None,
    confirm: Confirm | None = None,
) -> PlaySession:
    """Everything the command line decides before the first move; raises WuerfelError for bad arguments.

    An existing ``--save`` file that is not the ``--load`` file is overwritten only after ``confirm`` said yes
    (without ``confirm``: never)."""
    info = get_game(game)
    mode, seed = parse_dice_mode(dice)
    if load is not None:
        try:
            record = GameRecord.loads(load.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as exc:
            raise file_error(exc, load) from exc
        if get_game(record.game).id != info.id:
            raise RuleError(
                N_("{path} is a record of {other}, not of {game}."), path=str(load), other=record.game, game=info.id
            )
        match = Match.from_record(record)
        if rules is not None:
            # A saved game keeps its rules; other ones given with --load were ignored without a word (U10).
            from wuerfel.engine.rules import options_to_dict

            resolved = info.resolve(rules)
            if resolved.id != record.rules_id and options_to_dict(
                info.rules_from_dict(resolved.data)
            ) != options_to_dict(match.game.rules):
                raise RuleError(
                    N_(
                        "{path} is a game with the rules {saved}; it goes on with them, not with "
                        "{given}. Leave out --rules to continue it."
                    ),
                    path=str(load),
                    saved=record.rules_id,
                    given=resolved.id,
                )
        if players:
            seats = parse_players(players, info, lang)
            if len(seats) != len(record.players):
                raise RuleError(
                    N_("The saved game has {players}, not {got}."),
                    players=counts.players(len(record.players)),
                    got=len(seats),
                )
        else:
            specs = record.meta.get("seats") or ["human"] * len(record.players)
            if len(specs) != len(record.players):
                raise RuleError(N_("Not a game record (or an unknown record format)."))
            seats = mark_you(
                [
                    Seat(name, spec[4:] if isinstance(spec, str) and spec.startswith("bot:") else None)
                    for name, spec in zip(record.players, specs, strict=True)
                ]
            )
        record.players = [s.name for s in seats]
        record.meta["seats"] = [s.spec for s in seats]
    else:
        resolved = info.resolve(rules)
        rules_obj = info.rules_from_dict(resolved.data)
        seats = parse_players(players or default_players(info, rules_obj, lang), info, lang)
        match = Match.new(
            info.id,
            resolved.id,
            [s.name for s in seats],
            rules=rules_obj,
            meta={"seats": [s.spec for s in seats], "dice": dice},
        )
    if save is not None and not may_write(save, (load,), confirm, lang):
        raise RuleError(KEPT, path=str(save))
    if save is not None:
        # Written once before the first move, so a path that cannot be written is refused at the start, not
        # after the first throw (and never as a traceback).
        try:
            save_record(match.record, save)
        except OSError as exc:
            raise file_error(exc, save, writing=True) from exc
    session = PlaySession(
        info, match, seats, dice_mode=mode, seed=seed, lang=lang, save_path=save, pause=pause, console=console
    )
    session.load_path = load
    return session


@app.command("play", help=N_("Play in the terminal: at one screen, against bots, or with real dice"))
def play_cmd(
    game: str = typer.Argument(..., help=N_("Game ID, e.g. zehntausend (see: wuerfel games)")),
    rules: str = typer.Option(None, "--rules", help=RULES_HELP),
    players: str = typer.Option(
        None,
        "--players",
        help=N_(
            'Players, separated by commas; bots as bot:NAME, e.g. "Anna,Ben,bot:heuristic" (default: you against a bot)'
        ),
    ),
    dice: str = typer.Option(
        "system",
        "--dice",
        help=N_("system (random dice), manual (type in the real dice that fell) or seed:N (repeatable)"),
    ),
    lang: str = LangOption,
    save: Path = typer.Option(None, "--save", help=N_("Keep the game saved in this file")),
    load: Path = typer.Option(None, "--load", help=N_("Continue a saved game")),
    pause: float = typer.Option(0.6, "--pause", min=0.0, help=N_("Pause after every bot move, in seconds")),
) -> None:
    """Play in the terminal (hot-seat, bots, real dice)."""
    lang = normalize_language(lang)

    def confirm(question: str) -> bool:
        Console(highlight=False, soft_wrap=True).print(
            f"[bold]{escape(Translator(lang)('{question} (y = yes, Enter = no)', question=question))}[/bold] ", end=""
        )
        answer = _stdin_line()
        return answer is not None and answer.strip().casefold() in YES_WORDS

    try:
        session = build_session(game, rules, players, dice, lang, save, load, pause, confirm=confirm)
    except WuerfelError as exc:
        Console(stderr=True, soft_wrap=True).print(f"[red]{escape(exc.translated(lang))}[/red]")
        raise typer.Exit(2) from None
    raise typer.Exit(session.run())
