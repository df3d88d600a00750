"""typer's own messages ("Usage:", "No such option", "Missing argument", the help panels …) in the language of the
command line.

typer (0.29) carries its own copy of click whose texts are plain English literals, typer itself marks a few with
:func:`gettext.gettext` (bound at import, read from ``.mo`` files and the ``LANGUAGE``/``LANG`` environment, never
from our catalogues), and pydantic, which checks the values, speaks English. So a German user read English refusals
from the framework beside German ones from us. :func:`use_language` makes all of them follow ``--lang``, read by
:func:`language_of` the way the commands read it (German when absent), through four small hooks installed once:

* **error messages**: typer prints every usage error with ``rich_utils.rich_format_error``; the wrapper translates
  the exception's message by matching it against the English templates of :data:`MESSAGE_TEMPLATES` (msgids with
  placeholders, translated in ``cli.po``) — recursively, so "Invalid value for '--port': Input should be a valid
  integer, …" is translated in both parts;
* **usage line**: the help formatter's default prefix "Usage: " and its placeholders "[OPTIONS]", "COMMAND …";
* **help option**: the text of ``--help`` ("Show this message and exit.");
* **typer's gettext texts**: ``typer.core``'s ``_`` and the texts ``typer.rich_utils`` computed at import (panel
  titles "Arguments"/"Options"/"Commands"/"Error", "[default: …]", "[required]", "Try … for help.").

Our own help texts (a command's ``help=``, an option's ``help=``) are English msgids marked with ``N_``;
:func:`translate_help` puts them into the language of the command line on the command tree before it is parsed, so
``--help`` speaks one language, not the German/English mix of fixed help strings.

Only listed texts are translated: a message no template matches stays as it is (a newer typer's new wording stays
English rather than becoming wrong), and a framework text that happens to equal a msgid of ours elsewhere is left
alone. ``tests/cli/test_framework_messages.py`` runs the real command in both languages, so a typer upgrade that
moves a hook fails there.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from wuerfel.engine.errors import N_
from wuerfel.i18n import DEFAULT_LANGUAGE, catalog, normalize_language

GETTEXT_MSGIDS: frozenset[str] = frozenset(
    {
        # typer.core's gettext texts
        N_("Missing command."),
        N_("No such command {name!r}."),
        N_("Aborted!"),
        N_("Arguments"),
        N_("Options"),
        N_("Commands"),
        N_("(dynamic)"),
        N_("default: {default}"),
        N_("env var: {var}"),
        N_("required"),
        # typer.rich_utils' texts computed at import
        N_("(deprecated) "),
        N_("[default: {}]"),
        N_("[env var: {}]"),
        N_("[required]"),
        N_("Error"),
        N_("Aborted."),
        N_("Try [blue]'{command_path} {help_option}'[/] for help."),
        # typer's click: the usage prefix and the help option
        N_("Usage:"),
        N_("Show this message and exit."),
        N_("[OPTIONS]"),
        N_("COMMAND [ARGS]..."),
    }
)
"""Texts looked up as they are (the framework formats them afterwards)."""

MESSAGE_TEMPLATES: tuple[str, ...] = (
    # typer's click (exceptions, parser, core); a placeholder captures its text as printed (quotes included)
    N_("Invalid value for {param_hint}: {message}"),
    N_("Invalid value: {message}"),
    N_("Missing option {param_hint}. {message}"),
    N_("Missing argument {param_hint}. {message}"),
    N_("Missing parameter {param_hint}. {message}"),
    N_("Missing option {param_hint}."),
    N_("Missing argument {param_hint}."),
    N_("Missing parameter {param_hint}."),
    N_("Missing parameter: {param_name}"),
    N_("No such option: {name} (Possible options: {possibilities})"),
    N_("No such option: {name}"),
    N_("Option {name} requires an argument."),
    N_("Option {name} requires {nargs} arguments."),
    N_("Option {name} does not take a value."),
    N_("Argument {name} takes {nargs} values."),
    N_("Got unexpected extra argument(s) ({args})"),
    N_("Could not open file {filename}: {message}"),
    N_("unknown error"),
    # typer's own checks
    N_("Value must be an iterable."),
    N_("Value {value} is not a valid {type}."),
    # pydantic, which converts the values
    N_("Input should be a valid integer, unable to parse string as an integer"),
    N_("Input should be a valid integer, got a number with a fractional part"),
    N_("Input should be a valid number, unable to parse string as a number"),
    N_("Input should be a valid boolean, unable to interpret input"),
    N_("Input should be greater than or equal to {bound}"),
    N_("Input should be greater than {bound}"),
    N_("Input should be less than or equal to {bound}"),
    N_("Input should be less than {bound}"),
)
"""English messages as the framework prints them, most specific first (the first that matches wins)."""

TYPER_CONSTANTS = (
    "DEPRECATED_STRING",
    "DEFAULT_STRING",
    "ENVVAR_STRING",
    "REQUIRED_LONG_STRING",
    "ARGUMENTS_PANEL_TITLE",
    "OPTIONS_PANEL_TITLE",
    "COMMANDS_PANEL_TITLE",
    "ERRORS_PANEL_TITLE",
    "ABORTED_TEXT",
    "RICH_HELP",
)
"""typer.rich_utils' texts computed at import."""

HELP_TEXT = "Show this message and exit."
USAGE_PIECES = ("COMMAND [ARGS]...", "[OPTIONS]")

_state: dict[str, Any] = {"lang": DEFAULT_LANGUAGE, "installed": False}
_ENGLISH: dict[str, str] = {}
"""typer's constants as imported (the msgids to translate them from on every change of language)."""

_PLACEHOLDER = re.compile(r"\{(\w+)(?:![rsa])?\}")


def language_of(args: Sequence[str]) -> str:
    """The language the command line asks for: the last ``--lang X`` / ``--lang=X`` before a ``--``; German by
    default, as every command's ``--lang`` option. A language we do not speak gives German here (the command itself
    then refuses it in both languages)."""
    lang = DEFAULT_LANGUAGE
    items = list(args)
    for i, arg in enumerate(items):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(items):
            lang = normalize_language(items[i + 1])
        elif arg.startswith("--lang="):
            lang = normalize_language(arg.split("=", 1)[1])
    return lang


def current_language() -> str:
    return str(_state["lang"])


def gettext_(message: str) -> str:
    """A listed framework text in the current language (anything else unchanged)."""
    if message in GETTEXT_MSGIDS:
        return catalog(current_language()).get(message, message)
    return message


@cache
def _patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    out = []
    for msgid in MESSAGE_TEMPLATES:
        regex = ""
        pos = 0
        for m in _PLACEHOLDER.finditer(msgid):
            regex += re.escape(msgid[pos : m.start()]) + f"(?P<{m.group(1)}>.+?)"
            pos = m.end()
        out.append((msgid, re.compile(regex + re.escape(msgid[pos:]) + r"\Z", re.S)))
    return tuple(out)


def translate_message(text: str, lang: str | None = None) -> str:
    """A message the framework printed, in ``lang`` (default: the current language): the first template that
    matches the whole text is translated, and so is every part it captured; unknown text stays as it is."""
    lang = normalize_language(lang or current_language())
    if lang == "en":
        return text
    for msgid, pattern in _patterns():
        m = pattern.match(text)
        if m:
            params = {k: translate_message(v, lang) for k, v in m.groupdict().items()}
            template = _PLACEHOLDER.sub(lambda p: "{" + p.group(1) + "}", catalog(lang).get(msgid, msgid))
            try:
                return template.format(**params)
            except (KeyError, IndexError, ValueError):
                return text
    return text


def _hook_errors() -> None:
    from typer import rich_utils

    format_error: Callable[[Any], None] = rich_utils.rich_format_error

    def rich_format_error(exc: Any) -> None:
        english = exc.format_message
        exc.format_message = lambda: translate_message(english())
        format_error(exc)

    rich_utils.rich_format_error = rich_format_error  # type: ignore[assignment]


def _hook_usage() -> None:
    from typer._click import formatting

    write_usage = formatting.HelpFormatter.write_usage

    def write_usage_(self: Any, prog: str, args: str = "", prefix: str | None = None) -> None:
        for piece in USAGE_PIECES:  # the placeholders of the usage line, as typer writes them
            args = args.replace(piece, gettext_(piece))
        write_usage(self, prog, args, gettext_("Usage:") + " " if prefix is None else prefix)

    formatting.HelpFormatter.write_usage = write_usage_  # type: ignore[method-assign]


def _hook_help_option() -> None:
    from typer._click import core as click_core

    get_help_option = click_core.Command.get_help_option

    def get_help_option_(self: Any, ctx: Any) -> Any:
        option = get_help_option(self, ctx)
        if option is not None and (option.help == HELP_TEXT or getattr(option, "_wuerfel_help", False)):
            option.help = gettext_(HELP_TEXT)
            setattr(option, "_wuerfel_help", True)  # noqa: B010 (a mark of ours on typer's object)
        if option is not None and getattr(option, "is_flag", False) and option.metavar is None:
            option.metavar = ""  # a flag takes no value: no "<bool>" beside it (see _placeholder)
        return option

    click_core.Command.get_help_option = get_help_option_  # type: ignore[method-assign]


def _install() -> None:
    """The hooks (once per process; they read the current language when they run). A typer whose insides moved
    loses only the hook concerned: those texts stay English, the command itself keeps working."""
    if _state["installed"]:
        return
    _state["installed"] = True
    for hook in (_hook_errors, _hook_usage, _hook_help_option):
        with contextlib.suppress(ImportError, AttributeError):
            hook()


def use_language(lang: str) -> None:
    """Make typer speak ``lang`` from now on (process-wide: the CLI is one command per process; in tests every
    invocation sets its own language first)."""
    _state["lang"] = normalize_language(lang)
    _install()
    try:
        from typer import core, rich_utils
    except ImportError:
        return
    if hasattr(core, "_"):
        core._ = gettext_
    for const in TYPER_CONSTANTS:
        if isinstance(getattr(rich_utils, const, None), str):
            english = _ENGLISH.setdefault(const, getattr(rich_utils, const))
            setattr(rich_utils, const, gettext_(english))


HELP_ATTRS = ("help", "short_help")
_ORIGINAL_HELP = "_wuerfel_help_msgids"

TYPE_PLACEHOLDERS = {"int": N_("<number>"), "float": N_("<number>"), "str": N_("<text>"), "Path": N_("<path>")}
"""The placeholder shown beside an option that takes a value, by its Python type: typer 0.29 prints the bare type
name (``<int>``, ``<str>``), English and a programmer's word in a German help."""


def _placeholder(param: Any, texts: dict[str, str]) -> None:
    """The option's value placeholder in the help's language; none for a flag (typer showed ``<bool>`` beside
    ``--json``, as if it took a value). Options only: an argument's placeholder is its name in the usage line and in
    click's "Missing argument" message, so an argument gets only its type column translated. An option with its own
    ``metavar`` keeps it."""
    kind = type(param).__name__
    if kind == "TyperArgument":  # its type column only (an instance attribute shadows the method)
        try:
            label = TYPE_PLACEHOLDERS.get(param.bare_type())
        except Exception:  # another typer: leave its placeholder
            return
        if label is not None and param.metavar is None and not getattr(param.type_descriptor, "is_choice", False):
            text = texts.get(label, label)
            with contextlib.suppress(AttributeError):
                param.display_type_rich = lambda ctx: text
        return
    if kind != "TyperOption":
        return
    original = getattr(param, "_wuerfel_metavar", ...)
    if original is ...:
        original = param.metavar
        with contextlib.suppress(AttributeError):
            param._wuerfel_metavar = original
    if original is not None:
        return
    if getattr(param, "is_flag", False):
        param.metavar = ""
        return
    try:
        label = TYPE_PLACEHOLDERS.get(param.bare_type())
    except Exception:  # another typer: leave its placeholder
        return
    if label is not None and not getattr(param.type_descriptor, "is_choice", False):
        param.metavar = texts.get(label, label)


def translate_help(command: Any, lang: str) -> None:
    """Every help text of ``command`` and of its subcommands, options and arguments in ``lang``.

    The texts are English msgids (the same mechanism as every other string: the catalogue check finds them, German
    comes from ``cli.po``); the English original is kept on each object, so a later call in another language (tests
    run many commands in one process) starts from the msgid, not from a translation. A text without a translation
    stays as written."""
    lang = normalize_language(lang)
    texts = catalog(lang)
    stack, seen = [command], set()
    while stack:
        cmd = stack.pop()
        if id(cmd) in seen:
            continue
        seen.add(id(cmd))
        for obj in (cmd, *getattr(cmd, "params", ())):
            originals = getattr(obj, _ORIGINAL_HELP, None)
            if originals is None:
                originals = {attr: getattr(obj, attr, None) for attr in HELP_ATTRS}
                with contextlib.suppress(AttributeError):
                    setattr(obj, _ORIGINAL_HELP, originals)
            for attr, text in originals.items():
                if isinstance(text, str) and text:
                    with contextlib.suppress(AttributeError):
                        setattr(obj, attr, texts.get(text, text))
            if obj is not cmd:
                _placeholder(obj, texts)
        stack.extend(getattr(cmd, "commands", {}).values())
