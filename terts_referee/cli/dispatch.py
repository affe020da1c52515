"""One command line in, one exit code out: the dispatcher of the ``terts`` entry point. (The
other faces, table mode and the page's server, call the game API, ``game.game_file``, never
this.)

``run_command(argv) -> int`` runs ``terts ARGV…`` in this process with output to the current
``sys.stdout`` / ``sys.stderr``. Every ``RefereeError`` and usage error becomes one line on
stderr and exit code 2, Ctrl-C 130, a closed pipe 0; it never raises for bad input. The Typer
app it runs holds only the command named in ``argv`` (its module alone is imported: start-up
time); help, completion and an unknown name get the whole app, so they list every command.
"""

import importlib
import re
import sys
from typing import TYPE_CHECKING

import typer

from ..errors import RefereeError
from .registry import COMMANDS, command_word, hoist_root_options, module_name, root_words
from .root import new_app

if TYPE_CHECKING:
    from typing import TextIO

    from ..compat import click

__all__ = ["app_for", "command_word", "full_app", "hoist_root_options", "run_command"]


def _add(app: typer.Typer, name: str) -> None:
    """Import the module of command ``name`` and add its command (or group) to ``app``."""
    module = importlib.import_module(module_name(name))
    group = getattr(module, "group", None)
    if group is not None:
        app.add_typer(group, name=name)
    else:
        settings = getattr(module, "CONTEXT_SETTINGS", None)
        app.command(name, context_settings=settings)(module.command)


def full_app() -> typer.Typer:
    """The app with every command, in the registry's order."""
    app = new_app()
    for name in COMMANDS:
        _add(app, name)
    return app


def app_for(args: list[str]) -> typer.Typer:
    """An app holding only the command about to run, so that one command module is imported
    and Typer builds one command, not twenty; the whole app for help, completion and unknown
    names."""
    name = command_word(args)
    if name not in COMMANDS:
        return full_app()
    app = new_app()
    _add(app, name)
    return app


_BUILT: "dict[tuple[str, str], click.Command]" = {}
"""Click commands built by Typer, by command name and language: a process that runs many
command lines (the tests' in-process ``terts``) builds each command once (about 1.5 ms a
line)."""


def _command_for(args: list[str]) -> "click.Command":
    """The click command for ``args``: ``app_for(args)`` built by Typer, kept by name and
    language, its help in the language of the run when the line may show it (``--help``, a
    group); a usage error puts the language's words in when it happens (``_usage_message``),
    so a command that runs reads no help page, nor the module that translates them."""
    from typer.main import get_command

    name = command_word(args)
    lang = language_of(args)
    if name not in COMMANDS:
        return _in_language(get_command(full_app()), lang)
    if (name, lang) not in _BUILT:
        _BUILT[name, lang] = get_command(app_for(args))
    command = _BUILT[name, lang]
    if _shows_help(command, name, args):
        _in_language(command, lang)
    return command


def _shows_help(command: "click.Command", name: str | None, args: list[str]) -> bool:
    """Whether ``args`` may print a help page: a help option, or the command named is a group
    (``rules``, ``check``: its subcommand missing prints one)."""
    if "--help" in args or "-h" in args:
        return True
    named = getattr(command, "commands", {}).get(name)
    return named is None or hasattr(named, "commands")


def language_of(args: list[str]) -> str:
    """The language a command line will speak: its ``--lang`` when that names a language,
    else the environment's (the root's callback sets it only once parsing is done, too late
    for a help page)."""
    from .. import i18n

    chosen = None
    words = iter(args)
    for word in words:
        if word == "--lang":
            chosen = next(words, None)
        elif word.startswith("--lang="):
            chosen = word.partition("=")[2]
        elif not root_words(word):
            break
    if chosen and i18n.known(chosen.strip().lower()):
        return chosen.strip().lower()
    return i18n.lang()


_IN_LANGUAGE: "dict[int, str]" = {}
"""The language each built command's help is in, by its id (English as built): translated
once per command and language."""


def _in_language(command: "click.Command", lang: str) -> "click.Command":
    """``command`` with its help pages in ``lang`` (English: as built, nothing read)."""
    from .. import i18n

    if lang != i18n.SOURCE and _IN_LANGUAGE.get(id(command)) != lang:
        from .help_pages import translate

        translate(command, lang)
        _IN_LANGUAGE[id(command)] = lang
    return command


#: click's own sentences (English, written into its code) and the catalogue's key for each: a
#: usage error raised while the words are parsed has no context to say it in the language by.
_CLICK_SENTENCES: "tuple[tuple[re.Pattern[str], str], ...]" = tuple(
    (re.compile(pattern), key)
    for pattern, key in (
        (r"^Option (?P<name>'.*') requires (?:an argument|\d+ arguments)\.$", "msg.needs_value"),
        (r"^Option (?P<name>'.*') does not take a value\.$", "msg.takes_no_value"),
        (r"^Got unexpected extra argument(?:s|\(s\))? \((?P<name>.*)\)$", "msg.extra_arguments"),
        (r"^Argument (?P<name>'.*') takes \d+ values\.$", "msg.needs_value"),
        (r"^(?P<name>.*) is not a valid [a-z ]+\.", "msg.not_valid"),
        (r"^(?P<name>.*) is not one of .*\.$", "msg.not_valid"),
        (r"^(?P<name>.*) is not in the range .*\.$", "msg.not_valid"),
        (r"^Missing command\.$", "msg.missing_command"),
    )
)


def _click_sentence(detail: str) -> str:
    """click's own English sentence in the run's language (the sentence itself when unknown)."""
    from ..i18n.messages import t

    for pattern, key in _CLICK_SENTENCES:
        match = pattern.match(detail)
        if match:
            return t(key, name=match.groupdict().get("name", ""))
    return detail


def _usage_message(exc: "click.exceptions.UsageError", args: "list[str] | None" = None) -> str:
    """A usage error on one line, in the run's language (click's own text is English)."""
    from ..compat import click

    click_exc = click.exceptions

    from .. import i18n
    from ..i18n.messages import t

    named = command_word(args or [])
    where = exc.ctx.command_path if exc.ctx else f"terts {named}" if named else "terts"
    detail = exc.format_message()
    chosen = exc.ctx.find_root().params.get("lang") if exc.ctx else None
    if chosen and i18n.known(chosen.strip().lower()):  # parsed, though the callback did not run
        i18n.set_lang(chosen.strip().lower())
    if i18n.lang() != i18n.SOURCE and exc.ctx is not None:  # click's usage errors have context
        _in_language(exc.ctx.find_root().command, i18n.lang())  # the metavars in the language
        if isinstance(exc, click_exc.MissingParameter) and exc.param is not None:
            hint = exc.param_hint or exc.param.get_error_hint(exc.ctx)
            argument = exc.param.param_type_name == "argument"
            detail = t("msg.missing_argument" if argument else "msg.missing_option", name=hint)
        elif isinstance(exc, click_exc.NoSuchOption):
            detail = t("msg.no_such_option", name=exc.option_name)
        elif isinstance(exc, click_exc.BadParameter):
            hint = exc.param_hint or (exc.param.get_error_hint(exc.ctx) if exc.param else "")
            detail = t("msg.bad_value", name=hint, detail=_click_sentence(exc.message))
        elif detail.startswith("No such command"):
            detail = t("msg.no_such_command", name=detail.split(" ", 3)[-1].rstrip("."))
        else:
            detail = _click_sentence(detail)
    elif i18n.lang() != i18n.SOURCE:
        detail = _click_sentence(detail)
    return t("msg.usage", detail=detail, where=where)


def run_command(argv: list[str] | None = None) -> int:
    """Run ``terts ARGV…`` (default ``sys.argv[1:]``) and return its exit code; bad input
    becomes one line on stderr and exit code 2, a closed pipe exit code 0."""
    from ..output import console

    streams = sys.stdout, sys.stderr
    try:
        console.reset()
        console.lenient(sys.stdout, sys.stderr)  # help on a cp1252 terminal: ``?``, no traceback
        args = hoist_root_options(sys.argv[1:] if argv is None else argv)
        problem = completion_problem(args)
        if problem is not None:
            console.error_line(problem)
            return 2
        return _run(_command_for(args), args)
    except BrokenPipeError:
        return pipe_closed(streams)
    except SystemExit as exc:
        # click and rich end with exit code 1 on a closed pipe (``sys.exit(1)`` raised while
        # handling EPIPE, with their own replacement for the streams): it is ours to decide
        if is_closed_pipe(exc):
            return pipe_closed(streams)
        raise


def _run(command: "click.Command", args: list[str]) -> int:
    """The command run, its errors turned into one line and an exit code."""
    from ..compat import click

    click_exc = click.exceptions

    from ..output import console

    try:
        result = command.main(args=args, prog_name="terts", standalone_mode=False)
    except RefereeError as exc:
        from .remedies import say

        console.error_line(say(exc.verdict))
        return 2
    except click_exc.UsageError as exc:
        console.error_line(_usage_message(exc, args))
        return 2
    except typer.Abort:
        from ..i18n.messages import t

        console.error_line(t("msg.aborted"))
        return 130
    except click_exc.ClickException as exc:
        console.error_line(exc.format_message())
        return exc.exit_code
    return result if isinstance(result, int) else 0


def is_closed_pipe(exc: BaseException) -> bool:
    """Whether ``exc`` was raised while handling a write into a closed pipe (EPIPE)."""
    import errno

    seen = exc.__context__
    while seen is not None:
        if isinstance(seen, OSError) and seen.errno == errno.EPIPE:
            return True
        seen = seen.__context__
    return False


def pipe_closed(streams: "tuple[TextIO, TextIO] | None" = None) -> int:
    """The reader of stdout went away (``terts sheet | head -1``): nobody wants the rest, which
    is not an error (exit code 0, nothing on stderr, as README says). The streams click may
    have replaced are put back, and stdout (stderr too when it is the same pipe) is pointed
    at the null device, so that what is still buffered is not a second failure when Python
    flushes it at the end."""
    import os

    if streams is not None:
        sys.stdout, sys.stderr = streams
    targets = [sys.stdout]
    try:
        out, err = os.fstat(sys.stdout.fileno()), os.fstat(sys.stderr.fileno())
        if (out.st_dev, out.st_ino) == (err.st_dev, err.st_ino):
            targets.append(sys.stderr)
    except (AttributeError, OSError, ValueError):
        pass
    for stream in targets:
        try:
            fd = stream.fileno()
        except (AttributeError, OSError, ValueError):
            continue  # a captured stream (table mode's, the web page's): nothing to point
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, fd)
        finally:
            os.close(null)
    return 0


# The shells Typer writes a completion script for (``compat.shell_name``).
COMPLETION_SHELLS = ("bash", "zsh", "fish", "powershell", "pwsh")


def completion_problem(args: list[str]) -> str | None:
    """The refusal of ``--show-completion``/``--install-completion`` when the shell cannot be
    told or is not one Typer writes for (Typer itself says "Shell  not supported." and exits
    1); None when all is well or completion was not asked."""
    from .. import i18n

    option, chosen = None, None
    words = iter(args)
    for word in words:
        taken = root_words(word)
        if taken == 2:
            chosen = next(words, None)
        elif word.startswith("--lang="):
            chosen = word.partition("=")[2]
        elif not taken:
            option = word
            break
    if option not in ("--show-completion", "--install-completion"):
        return None
    if chosen and i18n.known(chosen.strip().lower()):  # the root's callback does not run
        i18n.set_lang(chosen.strip().lower())
    from ..compat import shell_name
    from ..i18n.messages import t

    shell = shell_name()  # None: shellingham could not read the processes
    if shell in COMPLETION_SHELLS:
        return None
    known = ", ".join(COMPLETION_SHELLS)
    if not shell:
        return t("msg.completion.unknown_shell", option=option, shells=known)
    return t("msg.completion.other_shell", option=option, shell=shell, shells=known)
