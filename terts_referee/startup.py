"""The start-up tricks: every piece of code that is there only to make a command answer sooner,
in one place, each with its note and a switch that turns it off.

A ``terts`` command is a fresh process that a player waits for at the table, measured against a
bare Typer app (``benchmarks/bench_tty.py``: ``status`` within 1.2x of it, ``sheet`` 1.5x, a
write 1.3x, ``--json`` 1.2x in a pipe; ``terts table`` under 5 ms an event). Plain code does
not reach those goals on its own; the tricks below do. Each is an invariant a change can break
without noticing, so each says what it saves (measured), how it can break, and what guards it
(the test that compares it with the plain way). Everything else in the package is plain.

**Switches.** With ``TERTS_NO_TRICKS=1`` every trick is off; ``TERTS_NO_<NAME>=1`` turns one
off (the names are in ``TRICKS``). A trick that is off takes the plain way, which gives the same
output byte for byte, only later: when output looks wrong, turn the tricks off and look again
(``tests/architecture/test_startup.py`` runs commands both ways and compares). Any value but
empty or ``0`` turns a trick off.

The tricks (figures: ``bench_tty.py``, 15-20 runs, 2026-12-01, a 2-CPU machine shared with other
work: the paired ratio to the bare app with every trick on -> with this one off, and in-process
timings; docs/architecture.md has the table):

- ``gc`` (``TERTS_NO_GC_TRICK``): the cyclic garbage collector off for a one-shot command and
  what the imports made frozen (``collector_off``, ``freeze``).
- ``fast_exit`` (``TERTS_NO_FAST_EXIT``): a one-shot command ends with ``os._exit`` once its
  exit handlers ran and its output is flushed (``end_now``).
- ``walk_ahead`` (``TERTS_NO_WALK_AHEAD``): ``terts history`` and ``terts stats`` walk the
  library in a child process while this one imports, and import what comes next while they
  wait for it (``walk_ahead``, ``walked``): over 10,000 games, ``stats --json`` asked again
  89 -> 74 ms (1.53 -> 1.26x ``status --json``), after one game more 133 -> 110 ms (2.28 ->
  1.90x).
- ``quick_lines`` (``TERTS_NO_QUICK_LINES``): a coloured line written without importing rich,
  byte for byte what rich would write (``quick_line``).
- ``fitted_tables`` (``TERTS_NO_FITTED_TABLES``): a table that fits the terminal handed to rich
  with its column widths known and its plain cells drawn as the one line they are
  (``fit_table``).
- ``quick_rows`` (``TERTS_NO_QUICK_ROWS``): a long table of plain cells that fit (``fit_table``'s)
  drawn by rich for its head, its first two rows and its foot, and every other row written as
  those two were (``quick_rows``): ``terts history`` of 10,000 games on a 120-column terminal
  2.12 -> 0.59 s, ``terts stats`` (780 pairs of 40 players) 293 -> 210 ms.
- ``append_event`` (``TERTS_NO_APPEND_EVENT``): in a session, the new event's TOML table spliced
  into the bytes this process last wrote instead of serialising the whole game again
  (``spliced_event``; ``game.storage.append_event`` calls it).
- ``kept_game`` (``TERTS_NO_KEPT_GAME``): a session keeps the game it wrote, with the referee's
  state, while the file holds exactly those bytes (``game.game_file.GameFile(keep=True)``).
- ``parsed_once`` (``TERTS_NO_PARSED_ONCE``): the last file read or written is not parsed
  again while it holds the same bytes (``game.storage.parse_game``).
- ``indexed_catalogue`` (``TERTS_NO_INDEXED_CATALOGUE``): a compiled catalogue (``.mo``) read
  as an index of its messages, each decoded on its first use, instead of gettext's
  ``GNUTranslations`` decoding all 1,500 at once (``IndexedCatalogue``; ``i18n.catalogue``):
  3.5 -> 0.7 ms in process for the Ukrainian one, the part of a ru or uk ``terts sheet`` that
  put it at the edge of its goal (1.53 against 1.5 measured before).
- ``plain_classes`` (no switch): the classes every command defines are written out, not
  dataclasses.

The module imports nothing of the package but ``compat`` (where a trick touches a dependency's
private API) and nothing but ``os`` at import (every command imports it first); what a trick
needs is imported where it runs.
"""

from __future__ import annotations

import os

# Not ``from typing import TYPE_CHECKING``: this module is the first the entry point imports,
# before the collector is off (``collector_off``), and typing (with re, functools and the rest
# it loads) would be imported with the collector on. mypy takes the name for True.
TYPE_CHECKING = False
if TYPE_CHECKING:
    import re
    from collections.abc import Callable, Iterable, Iterator, Mapping
    from typing import Any, TextIO

    from rich.console import Console, ConsoleOptions, RenderableType
    from rich.measure import Measurement
    from rich.segment import Segment
    from rich.table import Table
    from rich.text import Text

__all__ = [
    "TRICKS",
    "collector_off",
    "end_now",
    "fit_table",
    "freeze",
    "IndexedCatalogue",
    "left_for_the_end",
    "on",
    "quick_line",
    "quick_rows",
    "spliced_event",
    "walk_ahead",
    "walked",
]

ALL_OFF = "TERTS_NO_TRICKS"
"""The switch that turns every trick off."""

TRICKS: dict[str, str] = {
    "gc": "TERTS_NO_GC_TRICK",
    "fast_exit": "TERTS_NO_FAST_EXIT",
    "walk_ahead": "TERTS_NO_WALK_AHEAD",
    "quick_lines": "TERTS_NO_QUICK_LINES",
    "fitted_tables": "TERTS_NO_FITTED_TABLES",
    "quick_rows": "TERTS_NO_QUICK_ROWS",
    "append_event": "TERTS_NO_APPEND_EVENT",
    "kept_game": "TERTS_NO_KEPT_GAME",
    "parsed_once": "TERTS_NO_PARSED_ONCE",
    "indexed_catalogue": "TERTS_NO_INDEXED_CATALOGUE",
}
"""Each trick's name and the environment variable that turns it off."""


def _set(name: str) -> bool:
    return os.environ.get(name, "") not in ("", "0")


def on(trick: str) -> bool:
    """Whether ``trick`` (a key of ``TRICKS``) is on: neither ``TERTS_NO_TRICKS`` nor its own
    switch is set. Read each time (a test may set a switch)."""
    return not (_set(ALL_OFF) or _set(TRICKS[trick]))


# --- gc: the collector off for a one-shot command -------------------------------------------
#
# Saves: starting up (Typer, click, this package) allocates tens of thousands of objects that
# live until the end, and the collector walks them some 40 times for nothing: about 5 ms of the
# start. Frozen after the imports and again before the end, they are never walked again, neither
# by a long session's collections nor by the interpreter's last collection at shutdown (about 11
# ms more). With both off (TERTS_NO_GC_TRICK), paired ratios to the bare app: status 1.04 ->
# 1.11, sheet 1.45 -> 1.54 (over its goal), a write 1.09 -> 1.17.
# Breaks: reference cycles made by a one-shot command are never freed (memory, for a command
# that lives a second); a command that runs long or reads many files must turn the collector
# back on (``cli.long_running``: table, serve, the library's scans).
# Guarded by: tests/cli/test_dispatch.py (one-shot without it, table with it).


def collector_off() -> None:
    """The cyclic collector off for the imports and the command (``cli.run``)."""
    if on("gc"):
        import gc

        gc.disable()


def freeze() -> None:
    """What exists now moved out of the collector's reach (after the imports; before the end)."""
    if on("gc"):
        import gc

        gc.freeze()


# --- fast_exit: the process ends at once ----------------------------------------------------
#
# Saves: Python's shutdown frees every module, class and function one by one, memory the end
# of the process frees anyway: about 3 ms of the 4.3 ms from the last exit handler to the
# process gone. Off: status 1.04 -> 1.08, sheet 1.45 -> 1.49, a write 1.09 -> 1.13.
# Breaks: whatever Python's shutdown does that someone could see must be done here: the exit
# handlers run, stdout and stderr flushed (a closed pipe dropped quietly), the exit code. It
# returns, for Python's own shutdown, when another thread still runs (it would be waited for),
# a stream cannot be flushed, or the exit handlers cannot be run. Nothing written is at stake:
# the game file is written, synced and replaced before a command returns, and the lock goes
# with the process.
# Guarded by: tests/cli/test_dispatch.py (output, exit handlers, exit code, a running thread).
# Also: what a one-shot command made and no longer needs may be left for the end instead of
# being freed one by one (``left_for_the_end``): a warm library answer's walk, 10,000 ``stat``
# results and their figures, is 2 ms to free when ``answered`` returns. None when the trick is
# off (everything freed as usual); a command that turns out to run long (``long_running``)
# only keeps that memory until its end.


def left_for_the_end() -> list[object] | None:
    """A list whose items live until the process ends (``end_now``), or None when the trick
    is off."""
    return _LEFT if on("fast_exit") else None


_LEFT: list[object] = []


def end_now(code: int, flushed: Callable[[], bool]) -> None:
    """End the process with ``code`` after the exit handlers and ``flushed()`` (which flushes
    the standard streams and says whether it could); returns when that could differ from
    Python's own shutdown (see above), or when the trick is off."""
    if not on("fast_exit"):
        return
    import sys

    threading = sys.modules.get("threading")
    if threading is not None and threading.active_count() > 1:
        return
    from .compat import run_exit_handlers

    if not run_exit_handlers():  # before the streams are flushed, as in Python's shutdown
        return
    if not flushed():
        return
    os._exit(code)


# --- walk_ahead: the library walked while the program starts --------------------------------
#
# Saves: ``terts history`` and ``terts stats`` begin with a walk of the library and a ``stat``
# of each file (what changed since the answer kept): at 10,000 games 26 ms of system calls and
# 9 ms of hashes and figures, after the 40-odd ms the imports (Typer, click) take. On a system
# with ``fork`` (not macOS), the walk is made in a child process, on another core, while this
# one imports, and comes through a pipe; while it is awaited, this process imports what an answer
# not kept needs next (``walked``'s ``meanwhile``). Paired runs over 10,000 games (status
# --json 58 ms): asked again, ``stats --json`` 89 -> 74 ms (1.53 -> 1.26x), ``history
# --json`` 88 -> 70 ms; after one game more, ``stats --json`` 133 -> 110 ms (2.28 -> 1.90x).
# Breaks: the child must walk the library the command will read, as ``answered`` would: it runs
# ``library.kept.walk_state`` itself (the same code, no second walk), for the ``--library``
# the command line names (``cli.walk_ahead``: the last one given, as click takes it; else
# $TERTS_LIBRARY or the default), and what it sends is taken only for that very library
# (``cli.library.walk_made_ahead``). It is the walk the answer is worked out from, as a walk
# made in this process a moment later would be. The child writes nothing but its pipe and
# ends with ``os._exit`` (nothing of this process's buffers flushed twice); if it fails, its
# pipe is short and the walk is made here. The fork is made before anything else runs: no
# thread yet, nothing written, no lock held, so it copies nothing that could be used twice.
# What is imported meanwhile is only what the answer would import anyway (a test holds it),
# one module at a time while the pipe is empty: at worst one module's import later.
# Lives in: ``cli.run`` (``cli.walk_ahead``), ``cli.library.library_answer``
# (``walk_made_ahead``), ``library.kept`` (``walk_state``, ``AFTER_THE_WALK``); this module
# only forks, reads the pipe and imports (it imports nothing of the package).
# Guarded by: tests/architecture/test_startup.py (the answers with the trick on and off, the
# child's walk against the process's own), tests/library/test_kept_answers.py (an answer
# from a walk made ahead, kept, grown or a scan's, against a cold build).

_AHEAD: dict[str, int] = {}


def walk_ahead(work: Callable[[], Any]) -> None:
    """``work()`` (the library's walk: ``cli.walk_ahead`` gives it) run in a child process,
    whose result, which ``marshal`` must be able to write, ``walked`` reads; nothing where the
    system has no ``fork`` or the trick is off. Only before anything else runs (see above)."""
    import sys

    # Not on macOS, where system libraries may start threads of their own (``library.reading``
    # forks no workers there either, for the same reason).
    if not on("walk_ahead") or not hasattr(os, "fork") or sys.platform == "darwin" or _AHEAD:
        return
    try:
        read_end, write_end = os.pipe()
    except OSError:
        return
    try:
        pid = os.fork()
    except OSError:
        os.close(read_end)
        os.close(write_end)
        return
    if pid == 0:  # the child: never returns
        code = 1
        try:
            os.close(read_end)
            import marshal

            data = memoryview(marshal.dumps(work()))
            while data:
                data = data[os.write(write_end, data) :]
            code = 0
        except BaseException:  # its pipe left short: the walk is done again
            pass
        finally:
            os._exit(code)
    os.close(write_end)
    _AHEAD.update(pid=pid, fd=read_end)


def walked(meanwhile: Iterable[str] = ()) -> object:
    """What the work of ``walk_ahead`` returned in its child, once it ended; None when there
    is no child or its work failed. Waits for the child to end, importing the modules named
    in ``meanwhile`` one after another until its answer comes in (what the command may need
    next, imported in time it would wait anyway); once only."""
    fd, pid = _AHEAD.pop("fd", -1), _AHEAD.pop("pid", 0)
    if fd < 0:
        return None
    import marshal
    import select
    from importlib import import_module

    try:
        for name in meanwhile:
            if select.select([fd], [], [], 0)[0]:
                break  # the walk is in (or the child gone): no longer worth waiting for
            import_module(name)
    except (ImportError, OSError, ValueError):
        pass  # imported when needed, as without the trick, and failing there if it must

    chunks = []
    try:
        while chunk := os.read(fd, 1 << 16):
            chunks.append(chunk)
    except OSError:
        chunks = []
    finally:
        os.close(fd)
    try:
        os.waitpid(pid, 0)
        return marshal.loads(b"".join(chunks))
    except (ChildProcessError, EOFError, ValueError, TypeError):
        return None


# --- quick_lines: coloured lines without rich -----------------------------------------------
#
# Saves: rich's import (about 18 ms with what it loads) for a command whose output is a few
# coloured lines: ``status`` and every recording command on a terminal import no rich. Without
# it: status 1.04 -> 1.24 (over its goal of 1.2), a write 1.09 -> 1.26.
# Breaks: the bytes must be rich's, for every style, width and character. The styles the
# reports give lines are written as the SGR codes rich writes for them (attributes first, in
# rich's order, then the colour); any other style, a Windows console, a TERM without colour, a
# control character, a character rich measures with its own tables (double-width, combining,
# zero-width) goes to rich; a line wider than the terminal is wrapped as rich's ``Text.wrap``
# wraps it. ``_NARROW`` lists the program's own characters past U+1100 (none double-width) so
# that a line needs no ``unicodedata``.
# Guarded by: tests/output/test_console_quick.py (rich's bytes compared, property-tested at
# every width).

_SGR_ATTRS = {"bold": 1, "dim": 2, "italic": 3, "underline": 4}
_COLOUR_NAMES = ("black", "red", "green", "yellow", "blue", "magenta", "cyan", "white")
_SGR_COLOURS = {name: 30 + i for i, name in enumerate(_COLOUR_NAMES)}
# Characters from U+1100 on that the program's own words print, none of them wide (East Asian
# width A or N, one cell for rich; test_console_quick.py checks)
_NARROW = frozenset("♠♣♥♦—–…→№“”⌫")
# The control characters rich's Text drops (bell, backspace, vertical tab, form feed, CR).
_RICH_STRIP = dict.fromkeys((7, 8, 11, 12, 13))


def _sgr(style: str) -> str | None:
    """``style``'s SGR parameters as rich writes them ("" for none); None when not simple."""
    attrs: set[int] = set()
    colour = None
    for word in style.split():
        if word in _SGR_ATTRS:
            attrs.add(_SGR_ATTRS[word])
        elif word in _SGR_COLOURS and colour is None:
            colour = _SGR_COLOURS[word]
        else:
            return None
    codes = sorted(attrs) + ([colour] if colour is not None else [])
    return ";".join(map(str, codes))


def _width(stream: TextIO) -> int:
    """The console width rich would use: $COLUMNS, else the terminal's, else 80."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isascii() and columns.isdigit() and int(columns) > 0:  # not "١٢٠"
        return int(columns)
    try:
        return os.get_terminal_size(stream.fileno()).columns or 80
    except (AttributeError, ValueError, OSError):
        return 80


def _one_cell(line: str) -> bool:
    """Whether every character of ``line`` is certainly one cell wide for rich: Latin and
    Cyrillic letters, ASCII and general punctuation, the program's own symbols (``_NARROW``; no
    combining marks, no double-width or zero-width characters, which rich measures with its own
    tables)."""
    return all(
        c < "\u0300" or "\u0400" <= c <= "\u04ff" or "\u2010" <= c <= "\u2027" or c in _NARROW
        for c in line
    )


# rich's word: spaces before, non-spaces, spaces after (compiled on first use)
_WORD: list[re.Pattern[str]] = []


def _wrapped(line: str, width: int) -> list[str]:
    """``line`` cut into lines as rich's ``Text.wrap`` cuts it at ``width`` cells, for text
    of one-cell characters (``_one_cell``): at word starts (``rich._wrap.divide_line``), a word
    longer than a line folded, each line's trailing spaces kept up to the width."""
    if not _WORD:
        import re

        _WORD.append(re.compile(r"\s*\S+\s*"))
    words = _WORD[0]
    breaks: list[int] = []
    offset = 0
    match = words.match(line)
    while match is not None:
        start, end = match.span()
        word = match.group(0)
        length = len(word.rstrip())
        if width - offset >= length:
            offset += len(word)
        elif length > width:  # folded across lines of ``width`` cells
            pieces = [word[i : i + width] for i in range(0, len(word), width)]
            for piece in pieces[:-1]:
                if start:
                    breaks.append(start)
                start += len(piece)
            if start:
                breaks.append(start)
            offset = len(pieces[-1])
        elif offset and start:
            breaks.append(start)
            offset = len(word)
        match = words.match(line, end)
    lines = [line[a:b] for a, b in zip([0, *breaks], [*breaks, len(line)], strict=True)]
    return [_rstrip_end(part, width) for part in lines]


def _rstrip_end(part: str, width: int) -> str:
    """rich's ``Text.rstrip_end``: trailing whitespace past ``width`` removed."""
    excess = len(part) - width
    if excess <= 0:
        return part
    kept = part.rstrip()
    return part[: len(part) - min(len(part) - len(kept), excess)]


def quick_line(stream: TextIO, text: str, style: str | None) -> bool:
    """Write ``text`` (suits already made printable on ``stream``) as one coloured line as
    rich would, without rich, when that is certainly the same: a simple style, printable text
    narrower than the console (no double-width cells) or of one-cell characters (then wrapped
    as rich wraps it), an encodable line, no Windows console, a TERM with colour. False:
    nothing written (rich writes it), and always when the trick is off."""
    import sys

    if not on("quick_lines"):
        return False
    if sys.platform == "win32" or os.environ.get("TERM") in ("dumb", "unknown"):
        return False
    sgr = _sgr(style or "")
    if sgr is None:
        return False
    line = text.translate(_RICH_STRIP)
    if not line.isprintable():
        return False
    try:
        line.encode(getattr(stream, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    width = _width(stream)
    if len(line) >= width:
        if not _one_cell(line):
            return False
        lines = _wrapped(line, width)
    else:
        if any(c >= "\u1100" and c not in _NARROW for c in line):
            import unicodedata

            if any(unicodedata.east_asian_width(c) in "WF" for c in line):
                return False  # double-width cells: rich measures them
        lines = [line]
    for part in lines:
        stream.write(f"\x1b[{sgr}m{part}\x1b[0m\n" if sgr and part else part + "\n")
    stream.flush()
    return True


# --- fitted_tables: a table laid out once ---------------------------------------------------
#
# Saves: rich measures every cell of a table to find its column widths, then measures them
# again and looks for where to wrap each cell, and draws each ``Text`` by splitting, wrapping,
# justifying and joining it (about 25 µs a cell). Given the widths rich would find (each
# column's widest cell, when the whole table fits) and each plain one-line cell as a
# ``_Fitted`` that draws its line padded to the width, the 12-deal sheet's layout goes from 8.5
# to 6.1 ms; the whole 12-deal sheet report in process, rich loaded, 5.2 -> 3.2 ms (about
# 0.04 of the ratio, which the bench's noise hides in a single run).
# Breaks: the bytes must be rich's. Only a table rich would lay out the same way is fitted (a box,
# a header, edges, padding 1, no footer, no expand, no width bounds of its own; every cell one
# line of plain text); a cell is fitted only if rich would draw its ``Text`` as one line of its
# text and style. It writes rich's private ``Column._cells`` where that list exists
# (``compat.set_cells``: a rich release that renames it leaves the cells to rich).
# Guarded by: tests/output/test_console_widths.py (random tables drawn both ways, bytes
# compared).


def fit_table(table: Table, widths: list[int], nowrap: list[bool]) -> bool:
    """Give ``table``'s columns their ``widths`` (those rich would measure: the table fits)
    and ``nowrap``, and its plain one-line cells as ``_Fitted``; False, ``table`` left as it
    is (for rich to measure), when the trick is off."""
    if not on("fitted_tables"):
        return False
    fit_columns(table, widths, nowrap)
    return True


def fit_columns(table: Table, widths: list[int], nowrap: list[bool]) -> None:
    """``widths`` and ``nowrap`` given to ``table``'s columns, its left-justified columns' plain
    one-line cells drawn as ``_Fitted`` when the trick is on (else as rich's ``Text``)."""
    from rich.text import Text

    from .compat import set_cells

    fitted = on("fitted_tables")
    for column, width, no_wrap in zip(table.columns, widths, nowrap, strict=True):
        column.width = width
        column.no_wrap = no_wrap
        if fitted and column.justify == "left":  # rich's own list of cells, where it has one
            set_cells(column, [_fitted(item, Text) for item in column.cells])


def _fitted(item: RenderableType, Text: type[Text]) -> RenderableType:
    """``item`` as a ``_Fitted`` cell when it is a plain ``Text`` rich would draw as one line
    of its text and style (no spans, no justify, overflow, wrap, tab or end of its own); else
    ``item`` itself."""
    if (
        type(item) is Text
        and not item.spans
        and item.justify is None
        and item.overflow is None
        and item.no_wrap is None
        and item.end == "\n"
        and item.tab_size is None
        and isinstance(item.style, str)
    ):
        return _Fitted(item.plain, item.style)
    return item


class _Fitted:
    """A table cell of one line of plain text known to fit its column, drawn as rich draws
    that ``Text`` in a left-justified column: the text padded with spaces to the column's
    width, all in its style, then the line's end. The table around it (padding, borders, the
    row's and column's styles, cropping) is rich's own. A text wider than its column (never,
    when the widths are given) is handed to ``Text``."""

    __slots__ = ("style", "text")

    def __init__(self, text: str, style: str) -> None:
        self.text = text
        self.style = style

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Segment]:
        from rich.cells import cell_len
        from rich.segment import Segment

        width = options.max_width
        spaces = width - cell_len(self.text)
        if spaces < 0:
            from rich.text import Text

            yield from Text(self.text, style=self.style).__rich_console__(console, options)
            return
        line = self.text + " " * spaces
        yield Segment(line, console.get_style(self.style)) if self.style else Segment(line)
        yield Segment("\n")

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        from rich.text import Text

        return Text(self.text, style=self.style).__rich_measure__(console, options)


# --- quick_rows: the rows of a long plain table written as rich wrote two of them -------------
#
# Saves: rich draws a table cell by cell (a padding, a line of segments, a crop each): a
# history of 10,000 games is 70,000 cells, 2.2 s on a 120-column terminal.
# Breaks: every row must be the line rich would draw for it. That holds when each cell is one
# line of plain text known to fit its column (``_Fitted``, no style: ``natural_widths`` gave
# the widths) and no row has a style or a line of its own: then a row is its cells padded to
# their widths between the same border characters. Checked each time: rich draws the head, the
# first two rows and the foot, and the rows are written only when both of rich's rows are the
# lines this trick makes of them; else rich draws the whole table.
# Guards: tests/architecture/test_startup.py compares `history` with the tricks on and off (in a
# pipe and on terminals of 120 and 44 columns), and test_quick_rows_switch.

#: From how many rows a table is written this way (fewer: rich draws it, as quickly).
QUICK_ROWS_FROM = 24


def quick_rows(console: Console, table: Table) -> bool:
    """Print ``table`` on ``console``, its rows past the first two written as rich drew those
    (see above); False, nothing printed (rich is to print it), when the table is not one of
    plain fitted cells, when rich's two rows are not what this would write, and always when
    the trick is off."""
    if not on("quick_rows"):
        return False
    import copy

    from rich.cells import cell_len

    from .compat import captured, cells, set_cells

    if (
        captured(console)  # its output held for a capture: rich's to print there
        or console.record
        or console.legacy_windows
        or table.show_lines
        or table.row_styles
        or table.style not in (None, "", "none")  # rich's default: no style
        or table.show_footer
        or not table.columns
        or tuple(table.padding) != (0, 1, 0, 1)  # the borders' places below: padding 1, edges
        or not table.show_edge
        or not table.pad_edge
    ):
        return False
    columns = [cells(column) for column in table.columns]
    widths = [column.width for column in table.columns]
    if any(c is None for c in columns) or any(w is None for w in widths):
        return False
    rows = len(table.rows)
    if rows < QUICK_ROWS_FROM or any(len(c) != rows for c in columns):  # type: ignore[arg-type]
        return False
    if any(row.style is not None or row.end_section for row in table.rows):
        return False
    lines = []
    for n in range(rows):
        line = []
        for listed, width in zip(columns, widths, strict=True):
            cell = listed[n]  # type: ignore[index]
            if type(cell) is not _Fitted or cell.style:
                return False
            spaces = width - cell_len(cell.text)  # type: ignore[operator]
            if spaces < 0:
                return False
            line.append(cell.text + " " * spaces)
        lines.append(line)
    small = copy.copy(table)
    small.columns = [copy.copy(column) for column in table.columns]
    for column, listed in zip(small.columns, columns, strict=True):
        set_cells(column, listed[:2])  # type: ignore[index]
    small.rows = table.rows[:2]
    with console.capture() as drawn_small:
        console.print(small)
    drawn = drawn_small.get().split("\n")
    # A row as rich draws it with padding 1 and edges: "│ " cell " │ " cell … " │", each border
    # one character. Taken at those places, not searched for (a cell of spaces could be found
    # inside a border), and used only when both of rich's rows are exactly that.
    for at in range(len(drawn) - 1):
        first = drawn[at]
        left, right = first[:2], first[-2:]
        between = first[2 + len(lines[0][0]) : 5 + len(lines[0][0])] if len(lines[0]) > 1 else ""
        if left + between.join(lines[0]) + right != first:
            continue
        if left + between.join(lines[1]) + right != drawn[at + 1]:
            continue
        body = [left + between.join(line) + right for line in lines]
        text = "\n".join([*drawn[:at], *body, *drawn[at + 2 :]])
        console.file.write(text)
        console.file.flush()
        return True
    return False


# --- append_event: one event appended to the TOML text --------------------------------------
#
# Saves: in a session (table mode, the page) a recording serialises the whole game with tomli_w
# again, a cost that grows with the game: at ~200 events 3.1 ms an event off, 1.3 ms on (the
# last 20 of bench_tty's table mode, wall).
# Breaks: the bytes must be what tomli_w writes for the whole new document. That holds when the
# previous bytes are tomli_w's text of a known document (the bytes this process last wrote,
# their document the last one read or written) whose events are an array of tables with
# nothing after them but the corrections; then tomli_w's text of the new document is the old
# one with the new ``[[events]]`` table (and a blank line) inserted after the last event's.
# Anything else is written whole.
# Guarded by: tests/game/test_append_event.py (the spliced bytes against tomli_w's whole text,
# for random games).

# A table never written inline (its value holds a line break): after an event in an array of
# tables, so that tomli_w writes the event as a ``[[KEY]]`` table whatever its length.
_NEVER_INLINE = {"_": ["_"]}


def spliced_event(
    previous: bytes, doc: Mapping[str, Any], event: Mapping[str, Any]
) -> bytes | None:
    """tomli_w's text of ``doc`` (the document the bytes ``previous`` are tomli_w's text of)
    with ``event`` appended to its ``events``, made by splicing the event's table into
    ``previous``; None when that is not certainly the same (or the trick is off)."""
    if not on("append_event"):
        return None
    if not _events_last(doc) or b"\n[[events]]\n" not in previous:  # else written inline
        return None
    table = _array_table("events", event)
    if table is None:  # pragma: no cover - tomli_w writes arrays of tables table by table
        return None
    text = table.encode("utf-8")
    # the corrections' first table, if they are an array of tables (a line of its own: no
    # string holds a line break), else the end
    cut = previous.find(b"\n[[corrections]]\n") + 1
    if cut:
        return previous[:cut] + text + b"\n" + previous[cut:]
    return previous + b"\n" + text


def _events_last(doc: Mapping[str, Any]) -> bool:
    """Whether ``doc`` has a non-empty ``events`` list and after it no key but
    ``corrections`` (tomli_w writes the tables in the order of their keys)."""
    if not doc.get("events"):
        return False
    keys = list(doc)
    return keys[keys.index("events") + 1 :] in ([], ["corrections"])


def _array_table(key: str, table: Mapping[str, Any]) -> str | None:
    """tomli_w's text for ``table`` as one ``[[key]]`` table of an array of tables at the top
    of a document (what it writes for it among others, the blank line before it aside); None
    if tomli_w does not write an array of tables table by table."""
    import tomli_w

    both = tomli_w.dumps({key: [table, _NEVER_INLINE]})
    last = "\n" + tomli_w.dumps({key: [_NEVER_INLINE]})
    if not (both.endswith(last) and both.startswith(f"[[{key}]]\n")):  # pragma: no cover
        return None
    return both[: -len(last)]


# --- kept_game: a session keeps the game it wrote --------------------------------------------
#
# Saves: a session (table mode, the page) that records event after event would read, parse
# and replay the whole file for each: with the game and the referee's state kept beside the
# very bytes written, the next event is judged on that state alone and appended. Off: 10-12
# ms an event at ~200 events (33 ms in a run under load: over the 15 ms goal), on: 1.3 ms.
# Breaks: the kept game must stand for the file exactly: the bytes are compared whole, under the
# lock, before each use (anyone may have written the file since), and the last event and its
# time are read back as the file gives them (``Game.read_back_last``), else the game is not
# kept. What a kept game returns is the live state: read it before the next write.
# Lives in: ``game.game_file.GameFile`` (``keep``), ``game.model.Game.record(keep=True)``; the
# switch is read where a ``GameFile`` is opened.
# Guarded by: tests/game/test_kept_game.py (a session's files and answers against plain
# commands', another writer seen).


# --- parsed_once: the last file read is parsed once per version ---------------------------
#
# Saves: a session reads the game file before every answer (another process may have written
# it); while the bytes are those it read or wrote last, the document they parse to is taken
# from memory (a copy) instead of parsing the TOML again, about 0.6 ms for the 12-deal game and
# growing with it. A command that reads the file twice (under the lock, after a look) parses
# it once. While the kept game is on, a session parses nothing anyway (no change measured);
# with it off, the last 20 of 200 events take 9.4-10.4 ms of CPU each, 12.4-12.7 without this.
# Breaks: the document kept must be the one those very bytes parse to: it is kept beside the
# bytes (``game.storage._last_read``), compared whole, and handed out as a copy (a caller may
# change what it gets). ``append_event`` keeps it up to date after a splice.
# Lives in: ``game.storage.parse_game`` (``_parsed_before``); the switch is read there.
# Guarded by: tests/game/test_storage.py, tests/architecture/test_startup.py (a session).


# --- plain_classes: classes on every command's path written out (no switch) -----------------
#
# Saves: a dataclass makes its methods with ``exec`` when its module is imported, about 0.4 ms
# a class, and ``dataclasses`` itself costs 0.4 ms more; the classes every command defines
# (``domain.verdicts.Verdict`` and ``Remedy``, ``referee.records``, ``referee.state``,
# ``game.model.Game``, ``game.views``, ``game.requests``) are written out instead, ``__init__``
# and ``__eq__`` as a dataclass would make them, or are NamedTuples (``domain.cards``,
# ``domain.events``, the ruleset's sections, ``game.corrections``), cheaper to make. The
# verdict classes alone as dataclasses cost about 2.5 ms of every command; the sheet, within
# 1.5x of the bare app by a few percent, has no room for them.
# A warm library answer (``history``, ``stats`` asked again) makes ``library.scan.Scan`` and
# ``library.answers.Question`` and ``Told`` written out the same way (about 1.5 ms of it).
# Breaks: a field added to such a class must be added to its ``__init__``, its ``__eq__``
# (``_fields``) and its ``__repr__`` by hand. Classes off the commands' path (the rest of the
# library, the table's parser, the web face) are dataclasses.
# No switch: it is the shape of the code, not a path taken at run time.


# --- indexed_catalogue -------------------------------------------------------------------------

_MO_LITTLE, _MO_BIG = 0x950412DE, 0xDE120495  # the .mo magic number, in either byte order


class IndexedCatalogue:
    """A compiled gettext catalogue answering ``pgettext``, ``npgettext`` and ``plural`` as
    ``gettext.GNUTranslations`` does, from an index of the file's original strings to where
    their translations lie: a message is decoded when it is first asked for.

    Only what the program's catalogues use: UTF-8 (the charset Babel writes), message contexts,
    and the plural rule of the header's ``Plural-Forms``. A file it cannot read as a catalogue
    raises ``OSError``, as opening a missing one does, so the caller falls back to English."""

    def __init__(self, data: bytes) -> None:
        import struct

        if len(data) < 20:
            raise OSError("not a compiled catalogue")
        (magic,) = struct.unpack_from("<I", data, 0)
        order = {_MO_LITTLE: "<", _MO_BIG: ">"}.get(magic)
        if order is None:
            raise OSError("not a compiled catalogue")
        try:
            _, _, count, originals, translations = struct.unpack_from(order + "5I", data, 0)
            keys = struct.unpack_from(f"{order}{2 * count}I", data, originals)
            values = struct.unpack_from(f"{order}{2 * count}I", data, translations)
        except struct.error as exc:
            raise OSError(f"a damaged compiled catalogue: {exc}") from None
        self._data = data
        index: dict[bytes, tuple[int, int]] = {}
        for i in range(0, 2 * count, 2):
            key = data[keys[i + 1] : keys[i + 1] + keys[i]]
            # a plural entry's key is "ctx\x04one\x00other": it is looked up by its singular
            index[key.split(b"\0", 1)[0] if b"\0" in key else key] = (values[i + 1], values[i])
        self._index = index
        self._decoded: dict[bytes, str] = {}
        self.plural: Callable[[int], int] = self._plural_rule()

    def _text(self, key: bytes) -> str | None:
        try:
            return self._decoded[key]
        except KeyError:
            pass
        where = self._index.get(key)
        if where is None:
            return None
        offset, length = where
        text = self._data[offset : offset + length].decode("utf-8")
        self._decoded[key] = text
        return text

    def _plural_rule(self) -> Callable[[int], int]:
        header = self._text(b"") or ""
        for line in header.splitlines():
            name, _, value = line.partition(":")
            if name.strip().lower() == "plural-forms":
                from .compat import plural_rule

                return plural_rule(value.split("plural=", 1)[1].strip().rstrip(";"))
        return lambda n: int(n != 1)

    def pgettext(self, context: str, message: str) -> str:
        found = self._text(f"{context}\x04{message}".encode())
        return message if found is None else found

    def npgettext(self, context: str, one: str, other: str, n: int) -> str:
        found = self._text(f"{context}\x04{one}".encode())
        if found is not None:
            forms = found.split("\0")
            index = self.plural(n)
            if index < len(forms):
                return forms[index]
        return one if n == 1 else other
