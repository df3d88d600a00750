"""``wuerfel play GAME``: any registered game in the terminal — hot-seat humans, bots, and real dice.

The front end knows no game. It shows a view (the game's own ``terminal_renderer`` or the generic one), lists the
legal actions numbered with ``describe_action``, and reads a number or free text (``State.parse_action_text``).
Chance nodes are decided by a dice source: the system CSPRNG, a seeded generator (``seed:N``, reproducible), or the
people at the table (``manual``: they type the dice that fell; outcomes that are not a plain roll — a void throw —
get one-letter shortcuts). Every refused input shows the reason and changes nothing, because the engine's states are
immutable and :class:`~wuerfel.engine.record.Match` appends an event only after the engine accepted it.

This module is the game loop (:class:`PlaySession`: whose turn, the screen, a bot's move) and the command. Beside
it, each under 600 lines: :mod:`~wuerfel.cli.play_input` (what a person types: the prompt for a move, the list of
moves, hints, help), :mod:`~wuerfel.cli.play_throws` (the throws, and the scorekeeper's entry of real dice),
:mod:`~wuerfel.cli.play_saving` (``--save`` and ``--load``) and :mod:`~wuerfel.cli.play_seats` (``--players``,
``--dice``). The session's methods of those names call their functions, so a test or a caller still asks the
session.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import typer
from rich.console import Console, Group
from rich.markup import escape

from wuerfel.bots import make_bot
from wuerfel.cli import play_input, play_saving, play_throws
from wuerfel.cli.components import render_components
from wuerfel.cli.explaining import show_rules
from wuerfel.cli.main import RULES_HELP, LangOption, app
from wuerfel.cli.narrate import Narrator
from wuerfel.cli.play_input import HINT_LIMIT, LIST_LIMIT, QUIT_WORDS, YES_WORDS, BotFailed, EndOfInput, QuitGame
from wuerfel.cli.play_saving import load_game, save_record
from wuerfel.cli.play_seats import Seat, default_players, parse_dice_mode, parse_players
from wuerfel.cli.progress import listen_while, working
from wuerfel.cli.records import KEPT, Confirm, may_write
from wuerfel.cli.render import Standings, generic_renderer, result_table, score_label, seats_label
from wuerfel.engine.errors import N_, IllegalAction, RuleError, WuerfelError, file_error
from wuerfel.engine.game import Action, Outcome, State
from wuerfel.engine.record import Match
from wuerfel.engine.registry import GameInfo, get_game
from wuerfel.engine.sources import DiceSource, SeededSource, SystemSource
from wuerfel.engine.throws import waits_for
from wuerfel.i18n import Translator, normalize_language, second_person


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
        play_saving.say_saved(self, saved)

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
        play_input.human_move(self, p)

    def confirm(self, question: str) -> bool:
        return play_input.confirm(self, question)

    def show_rules(self) -> None:
        """``r``: how to play, written from the rules of this table for its number of players."""
        show_rules(
            self.console, self.info, self.match.game.rules, self.match.record.rules_id, self.lang, len(self.seats)
        )

    def confirmed(self, action: Action) -> bool:
        return play_input.confirmed(self, action)

    def ask_amount(self, action: Action) -> Action | None:
        return play_input.ask_amount(self, action)

    def print_actions(
        self,
        labels: Sequence[str],
        limit: int | None = LIST_LIMIT,
        only: Sequence[int] | None = None,
        kinds: Sequence[str] | None = None,
    ) -> None:
        play_input.print_actions(self, labels, limit, only, kinds)

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
        play_throws.throw(self)

    def ask_throw(self, p: int) -> None:
        play_throws.ask_throw(self, p)

    def turn_ended_by_throw(self, seat: int | None) -> None:
        play_throws.turn_ended_by_throw(self, seat)

    def special_outcomes(self, state: State) -> list[tuple[str, Outcome]]:
        return play_throws.special_outcomes(self, state)

    def manual_throw(self) -> None:
        play_throws.manual_throw(self)

    def manual_help(self, example: str) -> None:
        play_throws.manual_help(self, example)

    def dice_example(self, state: State, n: int) -> str:
        return play_throws.dice_example(self, state, n)

    def hint(self, p: int, actions: Sequence[Action], labels: Sequence[str], limit: int | None = HINT_LIMIT) -> None:
        play_input.hint(self, p, actions, labels, limit)

    def help(self) -> None:
        play_input.help(self)

    # --- records ---------------------------------------------------------------------------------------------
    def autosave(self) -> bool:
        return play_saving.autosave(self)

    def offer_save(self) -> None:
        play_saving.offer_save(self)


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
        match, seats = load_game(info, load, rules, players, lang)
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
