"""The table mode's session: reads lines (a prompt_toolkit prompt with history and completion,
piped stdin, or a script), has ``parser`` read each into a request, records it through the game
API (``game.game_file.GameFile``: the game file is exactly what the plain commands would write,
saved the moment it is entered), shows what it did through the output layer's reports and the
short summary after each change."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..domain.verdicts import Verdict
from ..errors import RefereeError
from ..i18n import t
from .completion import TableCompleter
from .parser import help_lines, parse_line
from .remedies import short
from .summary import summary_lines

if TYPE_CHECKING:
    from types import FrameType

    from prompt_toolkit.history import History
    from prompt_toolkit.input import Input
    from prompt_toolkit.output import Output

    from ..domain.events import Event
    from ..game.game_file import GameFile
    from .parser import Line


def _say(text: str) -> None:
    from ..output import console

    console.say(text)


def _note(text: str) -> None:
    from ..output import console

    console.note(text)


def _error(text: str) -> None:
    from ..output import console

    console.error_line(text)


def refusal(exc: RefereeError) -> str:
    """The one line the table shows for a refusal (the one place it is worded): the sentence
    of its verdict and the terminal's words after it, the command in the table's short form."""
    from .. import i18n
    from .remedies import say

    return say(exc.verdict, i18n.lang())


def _run(file: GameFile, line: Line) -> None:
    """Do what a line asks through the game API and say it through the output layer's
    reports, as the plain command would; raises RefereeError for a refusal."""
    from ..game.views import Recorded
    from ..output.report.corrections import report_correction
    from ..output.report.events import report_event, report_undo

    as_json = line.as_json
    if line.kind in ("record", "correct", "insert"):
        assert line.request is not None  # a recording line holds its request
        replace = line.number if line.kind == "correct" else None
        before = line.number if line.kind == "insert" else None
        done = file.apply(line.request, replace=replace, before=before)
        if isinstance(done, Recorded):
            report_event(done, as_json, command=short)
        else:
            report_correction(done, as_json, command=short)
    elif line.kind == "drop":
        assert line.number is not None
        report_correction(file.drop(line.number), as_json, command=short)
    elif line.kind == "undo":
        report_undo(file.undo(), as_json)
    elif line.view == "status":
        from ..output.report.status import report_status

        report_status(file.status(), as_json, command=short)
    elif line.view == "log":
        from ..output.report.log import report_log

        report_log(file.log(corrections="all" in line.flags), as_json)
    else:
        from ..output.report.sheet import report_sheet

        now = file.snapshot(line.as_rules)
        csv, chart = "csv" in line.flags, "chart" in line.flags
        report_sheet(now.game, now.sheet, as_json=as_json, as_csv=csv, chart=chart, command=short)


class _Descriptions:
    """Each event's one-line description for the completer (``fix N``…), kept from one refresh
    to the next: only the events that are not the very objects described before (in the same
    language) are described again, so that a refresh after one event recorded describes one."""

    def __init__(self) -> None:
        self.lang: str | None = None
        self.events: list[Event] = []
        self.texts: list[str] = []

    def __call__(self, events: Iterable[Event]) -> tuple[str, ...]:
        from .. import i18n
        from ..output.report.events import describe

        lang = i18n.lang()
        if lang != self.lang:
            self.lang, self.events, self.texts = lang, [], []
        same = 0
        for old, new in zip(self.events, events, strict=False):
            if old is not new:
                break
            same += 1
        self.events = list(events)
        del self.texts[same:]
        self.texts.extend(describe(e) for e in self.events[same:])
        return tuple(self.texts)


def _history_for(path: Path) -> History:
    from prompt_toolkit.history import FileHistory, InMemoryHistory

    target = Path(f"{path}.history")
    folder = target.parent if str(target.parent) else Path(".")
    writable = os.access(target, os.W_OK) if target.exists() else os.access(folder, os.W_OK)
    return FileHistory(str(target)) if writable else InMemoryHistory()


def _lines_from(source: Iterable[str]) -> Callable[[], str]:
    """Lines from ``source`` (piped stdin, a script). Input its encoding cannot decode (UTF-8
    into a cp1252 stdin) ends the session with one clear error (exit 2); what was recorded
    before stays. (A text stream decodes a block at a time, so the bad byte may lie some lines
    after the last line read.)"""
    iterator = iter(source)

    def read() -> str:
        try:
            return next(iterator).rstrip("\r\n")
        except StopIteration:
            raise EOFError from None
        except UnicodeDecodeError as exc:
            byte = f"0x{exc.object[exc.start]:02x}"
            enc = getattr(source, "encoding", None) or exc.encoding
            params = {"enc": enc, "byte": byte}
            raise RefereeError(Verdict("msg.input_encoding", params)) from None

    return read


def run_table(
    game: str | None,
    lang: str | None = None,
    *,
    input: Input | Iterable[str] | None = None,
    output: Output | None = None,
) -> int:
    """Run the interactive session on the game file; returns the exit code.

    ``input``: a prompt_toolkit ``Input`` (``output`` defaults to ``DummyOutput`` then), an
    iterable of lines (a scripted session without prompt_toolkit), or None for the terminal.
    Returns 2 with one line on stderr when the game file is missing or unreadable, 0 on leaving
    (``q``, Ctrl-D, Ctrl-C, end of input).
    """
    from .. import i18n
    from ..game.game_file import GameFile
    from ..game.storage import resolve_game_path

    if lang is not None and not i18n.known(lang):
        _error(t("table.bad_lang", "en", lang=lang, langs=", ".join(i18n.languages())))
        return 2
    lang = lang or i18n.lang()
    i18n.set_lang(lang)  # the reports and the referee's words, in the session's language
    path = resolve_game_path(game)
    if not path.exists():
        _error(t("table.no_game", lang, path=path))
        return 2
    # the game kept between lines, with the referee's state: each event judged alone
    file = GameFile(path, keep=True)
    try:
        g = file.game()
    except RefereeError as exc:
        _error(refusal(exc))
        return 2

    completer = TableCompleter(g.players, lang)
    described = _Descriptions()

    def refresh(show: bool) -> None:
        try:
            now = file.snapshot()
            lines = summary_lines(now.sheet, now.status(), lang) if show else []
        except RefereeError as exc:
            _error(refusal(exc))
            return
        completer.players = now.game.players
        completer.events = described(now.game.events)
        current = now.sheet.current
        completer.played = frozenset(current.played()) if current else frozenset()
        for text in lines:
            _say(text)

    read = _reader(path, lang, completer, input, output)
    a, b = g.players
    _say(t("table.welcome", lang, path=path, a=a, b=b))
    refresh(show=True)
    try:
        while True:
            try:
                text = read()
            except (EOFError, KeyboardInterrupt):
                break
            try:
                parsed = parse_line(text, path, lang)
            except RefereeError as exc:  # a line that cannot be read (TableError, a number)
                _error(refusal(exc))
                continue
            if parsed.kind == "quit":
                break
            if parsed.kind == "help":
                for line in help_lines(lang):
                    _say(line)
                continue
            if parsed.kind == "empty":
                continue
            before = _snapshot(path)
            interrupted = False
            with _ctrl_c_deferred() as hits:
                try:
                    _run(file, parsed)  # what to type next, in the short forms
                except RefereeError as exc:
                    _error(refusal(exc))
                except KeyboardInterrupt:  # a second Ctrl-C broke into the line
                    interrupted = True
            sys.stdout.flush()
            changed = _snapshot(path) != before
            if hits or interrupted:
                _note(t("table.ctrl_c_recorded" if changed else "table.ctrl_c_not_recorded", lang))
            if changed:
                refresh(show=True)
            if interrupted or len(hits) > 1:  # a second Ctrl-C: leave, as at the prompt
                break
    except KeyboardInterrupt:
        pass
    _say(t("table.bye", lang, path=path))
    return 0


@contextmanager
def _ctrl_c_deferred() -> Iterator[list[str]]:
    """Ctrl-C while a command runs: the first one is noted and the command
    runs to its end (an event typed is an event recorded, or refused, never half-done); a second
    one interrupts it as usual. Yields the list of Ctrl-Cs seen; the caller says, from the game
    file, whether the line was recorded. Outside the main thread nothing is changed."""
    import signal

    hits: list[str] = []

    def note(signum: int, frame: FrameType | None) -> None:
        hits.append("ctrl-c")
        if len(hits) > 1:
            raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGINT, note)
    except ValueError:  # not the main thread
        yield hits
        return
    echo = _no_ctrl_echo()
    try:
        yield hits
    finally:
        signal.signal(signal.SIGINT, previous)
        if echo is not None:
            _restore_echo(*echo)


def _no_ctrl_echo() -> tuple[int, list[Any]] | None:
    """Stop the terminal echoing Ctrl-C as ``^C`` into the command's output line (ECHOCTL);
    returns what to restore, or None where stdin is no POSIX terminal."""
    try:
        import termios
    except ImportError:  # Windows
        return None
    try:
        fd = sys.stdin.fileno()
        if not os.isatty(fd):
            return None
        old = termios.tcgetattr(fd)
        new = list(old)
        new[3] &= ~termios.ECHOCTL
        termios.tcsetattr(fd, termios.TCSANOW, new)
        return fd, old
    except (termios.error, AttributeError, ValueError, OSError):
        return None


def _restore_echo(fd: int, old: list[Any]) -> None:
    import termios

    try:
        termios.tcsetattr(fd, termios.TCSANOW, old)
    except (termios.error, OSError):
        pass


def _snapshot(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


def _reader(
    path: Path,
    lang: str,
    completer: TableCompleter,
    input: Input | Iterable[str] | None,
    output: Output | None,
) -> Callable[[], str]:
    """A function that returns the next line, raising EOFError at the end of input."""
    from prompt_toolkit.input import Input

    if input is not None and not isinstance(input, Input):
        return _lines_from(input)
    if input is None and not sys.stdin.isatty():
        return _lines_from(sys.stdin)
    from prompt_toolkit import PromptSession
    from prompt_toolkit.auto_suggest import AutoSuggestFromHistory
    from prompt_toolkit.history import InMemoryHistory

    if input is not None:
        from prompt_toolkit.output import DummyOutput

        history: History = InMemoryHistory()
        output = output if output is not None else DummyOutput()
    else:
        history = _history_for(path)
    from .keys import PasteLines, bound_input, key_bindings

    lines = PasteLines()
    session: PromptSession[str] = PromptSession(
        t("table.prompt", lang),
        completer=completer,
        complete_while_typing=False,
        history=history,
        auto_suggest=AutoSuggestFromHistory(),
        key_bindings=key_bindings(lines),
        input=input,
        output=output,
    )
    bound_input(session.input)

    def read() -> str:
        if lines.pending:  # the next line of a paste: shown after the prompt, as if typed
            line = lines.pending.popleft()
            _say(t("table.prompt", lang) + line)
            return line
        return session.prompt(default=lines.take_carry())

    return read
