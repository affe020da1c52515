"""The one place that owns the terminal: results to stdout, notices and errors to stderr.

User text (player names, ruleset descriptions) is never parsed as rich markup: the consoles
are made with ``markup=False`` and ``emoji=False``, and cells are plain strings or ``Text``.
Nor does it reach the terminal raw: every line, cell, title and error goes through ``human``
(``safe_text.visible``), which shows ESC, BEL, other C0/C1 controls and bidi controls as
visible escapes (``\\x1b``, ``\\u202e``). ``print_json`` writes the exact values.
Consoles are created lazily, at first use, so tests and pipes get the width and encoding in
force then. Where the output encoding cannot print ♠♥♦♣ (say cp1252), suits fall back to
letters and other characters that cannot be encoded are replaced instead of crashing.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any

from .safe_text import json_escaped, visible

if TYPE_CHECKING:  # rich is imported at first use (``_rich``)
    import re
    from collections.abc import Iterator
    from types import ModuleType
    from typing import TextIO

    from rich.console import Console, ConsoleOptions, RenderableType
    from rich.measure import Measurement
    from rich.segment import Segment
    from rich.table import Table
    from rich.text import Text

_SUIT_LETTERS = str.maketrans({"♠": "s", "♣": "c", "♦": "d", "♥": "h", "\ufe0f": None})

_state: dict[str, Any] = {"color": None}


def set_color(choice: bool | None) -> None:
    """``--color/--no-color``; None follows NO_COLOR and whether stdout is a terminal."""
    _state["color"] = choice
    _state.pop("out", None)
    _state.pop("err", None)


def _can_encode(stream: TextIO, text: str) -> bool:
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def ascii_suits(stream: TextIO | None = None) -> bool:
    """Whether suits must be printed as letters on this stream."""
    return not _can_encode(stream or sys.stdout, "♠♣♦♥")


def plain(text: str, stream: TextIO | None = None) -> str:
    """``text`` made printable on ``stream``: suit symbols become letters where needed."""
    stream = stream or sys.stdout
    return text.translate(_SUIT_LETTERS) if ascii_suits(stream) else text


def human(text: Any, stream: TextIO | None = None) -> str:
    """``text`` for a person at a terminal: terminal controls shown as visible escapes
    (``safe_text.visible``; newlines and tabs kept), suits as letters where needed. Every
    human output path below goes through here; JSON does not."""
    return plain(visible(text, keep="\n\t"), stream)


def _rich(module: str) -> ModuleType:
    """rich's ``module``, imported once per process as a long-lived import: in a table or web
    session, where the cyclic collector is on, it would otherwise walk rich's new objects some
    11 times while rich.table and rich.console load (about 2 ms) for nothing; what the import
    made is handed straight to the oldest generation (``gc.freeze`` + ``gc.unfreeze``), where a
    full collection still sees it. (A one-shot command runs with the collector off: ``cli.run``.)"""
    loaded = sys.modules.get(module)
    if loaded is None:
        import gc
        import importlib

        enabled = gc.isenabled()
        gc.disable()
        try:
            loaded = importlib.import_module(module)
        finally:
            gc.freeze()
            gc.unfreeze()
            if enabled:
                gc.enable()
    return loaded


def lenient(*streams: TextIO | None) -> None:
    """Streams whose encoding cannot write ♠, Д or « (say cp1252) write ``?`` for what they
    cannot encode instead of failing: text for people (help, lines, tables) degrades, it does
    not end in a traceback. Exact output checks for itself: JSON escapes (``print_json``), CSV
    into a file or pipe refuses (``report.sheet_csv``)."""
    for stream in streams:
        if stream is None or _can_encode(stream, "♠Д«"):
            continue
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="replace")
            except (ValueError, OSError):
                pass


def unencodable(stream: TextIO, text: str) -> str | None:
    """The first character of ``text`` that ``stream``'s encoding cannot write, or None."""
    if _can_encode(stream, text):
        return None
    return next((char for char in text if not _can_encode(stream, char)), None)


def _make(stderr: bool) -> Console:
    console: type[Console] = _rich("rich.console").Console

    stream = sys.stderr if stderr else sys.stdout
    lenient(stream)
    color = _state["color"]
    no_color = color is False or (color is None and "NO_COLOR" in os.environ)
    return console(
        file=stream,
        markup=False,
        emoji=False,
        highlight=False,
        no_color=no_color,
        color_system=None if no_color else "auto",  # --no-color: no bold or italics either
        force_terminal=True if color else None,
        soft_wrap=False,
    )


def out() -> Console:
    """The rich console on stdout."""
    if "out" not in _state:
        _state["out"] = _make(stderr=False)
    console: Console = _state["out"]
    return console


def err() -> Console:
    """The rich console on stderr."""
    if "err" not in _state:
        _state["err"] = _make(stderr=True)
    console: Console = _state["err"]
    return console


def reset() -> None:
    """Forget the consoles (a new invocation, a new stdout)."""
    _state.pop("out", None)
    _state.pop("err", None)


def _styled(stream: TextIO) -> bool:
    """Whether lines on ``stream`` get colour: --color, else not NO_COLOR and a terminal."""
    color: bool | None = _state["color"]
    if color is not None:
        return color
    if "NO_COLOR" in os.environ:
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def _write_line(stream: TextIO, text: str) -> None:
    encoding = getattr(stream, "encoding", None) or "utf-8"
    line = human(text, stream)
    if not _can_encode(stream, line):
        line = line.encode(encoding, errors="replace").decode(encoding, errors="replace")
    stream.write(line + "\n")


# The styles the reports give lines, as the SGR codes rich writes for them on any colour system
# (attributes first, in rich's order, then the colour): ``_quick_line`` colours a line without
# importing rich (about 18 ms), byte for byte as rich would. A style with any other word goes to
# rich.
_SGR_ATTRS = {"bold": 1, "dim": 2, "italic": 3, "underline": 4}
_COLOUR_NAMES = ("black", "red", "green", "yellow", "blue", "magenta", "cyan", "white")
_SGR_COLOURS = {name: 30 + i for i, name in enumerate(_COLOUR_NAMES)}
# Characters from U+1100 on that the program's own words print, none of them wide (East Asian
# width A or N, one cell for rich; test_console_quick.py checks): a line with only these
# beyond U+1100 needs no unicodedata (about 0.2 ms to import) to know it has no double-width
# cell, and a long one is wrapped without rich (``_one_cell``).
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
_WORD: re.Pattern[str] | None = None


def _wrapped(line: str, width: int) -> list[str]:
    """``line`` cut into lines as rich's ``Text.wrap`` cuts it at ``width`` cells, for text
    of one-cell characters (``_one_cell``): at word starts (``rich._wrap.divide_line``), a word
    longer than a line folded, each line's trailing spaces kept up to the width."""
    global _WORD
    if _WORD is None:
        import re

        _WORD = re.compile(r"\s*\S+\s*")
    breaks: list[int] = []
    offset = 0
    match = _WORD.match(line)
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
        match = _WORD.match(line, end)
    lines = [line[a:b] for a, b in zip([0, *breaks], [*breaks, len(line)], strict=True)]
    return [_rstrip_end(part, width) for part in lines]


def _rstrip_end(part: str, width: int) -> str:
    """rich's ``Text.rstrip_end``: trailing whitespace past ``width`` removed."""
    excess = len(part) - width
    if excess <= 0:
        return part
    kept = part.rstrip()
    return part[: len(part) - min(len(part) - len(kept), excess)]


def _quick_line(stream: TextIO, text: str, style: str | None) -> bool:
    """Write one coloured line as rich would, without rich, when that is certainly the same:
    a simple style, printable text narrower than the console (no double-width cells) or of
    one-cell characters (``_one_cell``: then wrapped as rich wraps it), an encodable line, no
    Windows console, a TERM with colour. False: nothing written."""
    if sys.platform == "win32" or os.environ.get("TERM") in ("dumb", "unknown"):
        return False
    sgr = _sgr(style or "")
    if sgr is None:
        return False
    line = plain(text, stream).translate(_RICH_STRIP)
    if not line.isprintable() or not _can_encode(stream, line):
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


def say(text: str, style: str | None = None) -> None:
    """One line of plain text (never markup) to stdout; rich only when it brings colour."""
    if not _styled(sys.stdout):
        _write_line(sys.stdout, text)
        return
    if _quick_line(sys.stdout, text, style):
        return
    Text = _rich("rich.text").Text
    out().print(Text(human(text), style=style or ""))


def note(text: str, style: str = "yellow") -> None:
    """A notice to stderr (rule notices, warnings)."""
    if not _styled(sys.stderr):
        _write_line(sys.stderr, text)
        return
    if _quick_line(sys.stderr, text, style):
        return
    Text = _rich("rich.text").Text
    err().print(Text(human(text, sys.stderr), style=style))


def error_line(text: str) -> None:
    """The one-line error message for bad input, to stderr, without rich. Every control in
    it, a newline too, is shown as a visible escape: one line stays one line."""
    line = " ".join(visible(text).split())
    line = plain(f"terts: error: {line}", sys.stderr)
    encoding = getattr(sys.stderr, "encoding", None) or "utf-8"
    line = line.encode(encoding, errors="replace").decode(encoding, errors="replace")
    sys.stderr.write(line + "\n")
    sys.stderr.flush()


def print_json(data: Any) -> None:
    """One JSON document on stdout and nothing else there."""
    import json

    ensure_ascii = not _can_encode(sys.stdout, "♠Д«")
    text = json.dumps(data, ensure_ascii=ensure_ascii, indent=2)
    sys.stdout.write(json_escaped(text) + "\n")
    sys.stdout.flush()


def table(
    *columns: str,
    title: str | None = None,
    numbers: tuple[int, ...] = (),
    ratios: dict[int, int] | None = None,
    **kwargs: Any,
) -> Table:
    """A rich Table whose headers are plain text. ``numbers``: the indexes of the columns of
    figures (``no_wrap``: never wrapped while the table can fit them, ``natural_widths``);
    ``ratios``: each text column's share of the width left over (rich's ``ratio``; 1 when not
    given, 0 for one that takes its share only after the others have theirs)."""
    new: type[Table] = _rich("rich.table").Table
    t = new(title=human(title) if title else None, **kwargs)
    for i, c in enumerate(columns):
        t.add_column(human(c), no_wrap=i in numbers, ratio=(ratios or {}).get(i))
    return t


def natural_widths(table: Table) -> Table:
    """``table`` with each column's width set to what rich would measure for it (its widest
    cell or header) when the whole table fits the console at those widths: rich then lays it
    out exactly as before without measuring every cell once more, nor looking for where to
    wrap cells that fit (about 2.5 ms of the 12-deal sheet's 12), and each plain ``Text`` cell
    is drawn as the one line it is (``_Fitted``: 2.4 ms more). Left to rich whole: a cell that
    is not one line of plain text, a column with its own width bounds (``ratio`` aside, which
    rich reads only to expand), a table with other padding, edges, header, footer or expand.

    A table wider than the console is left to rich too, unless its columns say what they hold
    (``table(numbers=..., ratios=...)``): then ``_narrowed`` gives the widths, since rich would
    narrow the widest columns first, wrapping figures while a short column keeps room to
    spare."""
    from rich.cells import cell_len

    Text = _rich("rich.text").Text
    simple = (
        table.box is not None
        and table.show_header
        and table.show_edge
        and table.pad_edge
        and not table.collapse_padding
        and tuple(table.padding) == (0, 1, 0, 1)
        and not table.show_footer
        and not table.expand
        and table.width is None
        and table.min_width is None
    )
    if not simple:
        return table
    widths = []
    texts = []
    for column in table.columns:
        if (column.width, column.min_width, column.max_width) != (None,) * 3:
            return table
        widest = 0
        plains = []
        for item in (column.header, *column.cells):
            plain = item.plain if isinstance(item, Text) else item
            if not isinstance(plain, str) or "\n" in plain or "\t" in plain or "\r" in plain:
                return table
            widest = max(widest, cell_len(plain))
            plains.append(plain)
        widths.append(widest)
        texts.append(plains)
    # rich's own sum: each column plus its padding (1 each side), the two edges and the
    # dividers between columns
    room = out().width - 3 * len(widths) - 1
    fits = sum(widths) <= room
    if not fits:
        hinted = any(c.no_wrap or c.ratio is not None for c in table.columns)
        narrowed = _narrowed(table.columns, texts, widths, room) if hinted else None
        if narrowed is None:  # too narrow even so: rich's own rules, every column wrapping
            for column in table.columns:
                column.no_wrap = False
            return table
        widths = narrowed
    for column, width, plains in zip(table.columns, widths, texts, strict=True):
        column.width = width
        # every cell fits its column: nothing to wrap, so no search (else rich wraps at words)
        column.no_wrap = fits or all(cell_len(p) <= width for p in plains)
        if column.justify == "left" and hasattr(column, "_cells"):  # rich's list of its cells
            column._cells = [_fitted(item, Text) for item in column.cells]
    return table


def _longest_word(text: str) -> int:
    from rich.cells import cell_len

    return max((cell_len(word) for word in text.split()), default=0)


def _narrowed(
    columns: list[Any], texts: list[list[str]], natural: list[int], room: int
) -> list[int] | None:
    """The widths of a table too wide at its natural widths (``natural``), in ``room`` cells.

    Each column starts at the narrowest width allowed, the first of these that fits: the
    columns of figures (``no_wrap``) at their widest cell and the text columns at their
    longest word (nothing wraps but text, between words); else the text columns' words cut
    to a length, as long as fits and at least 4 (a word cut ends in «…»); else the figures
    wrapped between their words too and the text cut to 4 or as far as needed (the figures
    are given their width before the text its words back). None when not even
    that fits (rich then narrows the table by its own rules). The width left is then given in
    this order: the figures their widest cell, the smallest gap first, so that as few as
    possible wrap; the headers each of their longest word, the smallest gap first, so that as
    few headers as possible are cut; the text columns toward their natural widths, shared by
    ``ratio``; the rest of the headers, the shortest gap first. (A header is first given 4
    cells, so that none is cut to a lone «…» while another is whole.)"""
    from rich.cells import cell_len

    n = range(len(columns))
    figures = [bool(c.no_wrap) for c in columns]
    words = [max((_longest_word(p) for p in plains[1:]), default=1) or 1 for plains in texts]
    body = [max((cell_len(p) for p in plains[1:]), default=1) or 1 for plains in texts]
    head = [max(_longest_word(plains[0]), 1) for plains in texts]

    def floors(whole: bool, cap: int) -> list[int]:
        return [(body[i] if whole else words[i]) if figures[i] else min(words[i], cap) for i in n]

    longest = max(words)
    tiers = [(True, cap) for cap in range(longest, 3, -1)]
    tiers += [(False, cap) for cap in range(min(longest, 4), 0, -1)]  # then figures first
    widths = next((w for w in (floors(*tier) for tier in tiers) if sum(w) <= room), None)
    if widths is None:
        return None
    left = room - sum(widths)
    left = _closest_first(widths, [body[i] if figures[i] else 0 for i in n], left)
    left = _closest_first(widths, [min(h, 4) for h in head], left)  # a header never just «…»
    left = _closest_first(widths, head, left)
    ratios = [0 if figures[i] else (1 if columns[i].ratio is None else columns[i].ratio) for i in n]
    left = _level(widths, natural, ratios, left)
    _closest_first(widths, natural, left)
    return widths


def _closest_first(widths: list[int], targets: list[int], left: int) -> int:
    """``left`` cells given to bring columns up to their ``targets``, the smallest gap first,
    so that as many as can get there do; what is left over."""
    for i in sorted(range(len(widths)), key=lambda i: targets[i] - widths[i]):
        add = min(max(targets[i] - widths[i], 0), left)
        widths[i] += add
        left -= add
    return left


def _level(widths: list[int], targets: list[int], weights: list[int], left: int) -> int:
    """``left`` cells given to the columns of weight above 0 as rich's ``ratio`` shares a
    width, but each kept between its width now and its target: the columns' widths become
    ``level * weight`` for the highest level the cells allow, so that a column whose target is
    below its share gets its target and the others share the rest; what is left over."""
    flexible = [i for i, w in enumerate(weights) if w > 0 and widths[i] < targets[i]]
    if not flexible or left <= 0:
        return left
    floors = {i: widths[i] for i in flexible}
    total = left + sum(floors.values())

    def at(level: float) -> dict[int, int]:
        return {i: min(targets[i], max(floors[i], int(level * weights[i]))) for i in flexible}

    low, high = 0.0, float(max(targets[i] for i in flexible))
    for _ in range(40):  # bisection: the highest level whose widths fit
        middle = (low + high) / 2
        if sum(at(middle).values()) <= total:
            low = middle
        else:
            high = middle
    for i, width in at(low).items():
        left -= width - widths[i]
        widths[i] = width
    return _share(widths, targets, weights, left)


def _share(widths: list[int], targets: list[int], weights: list[int], left: int) -> int:
    """``left`` cells given to the columns below their ``targets``, in proportion to their
    ``weights`` (a column of weight 0 gets none), each up to its target; what is left over."""
    while left > 0:
        wanting = [i for i, w in enumerate(widths) if w < targets[i] and weights[i] > 0]
        if not wanting:
            break
        total = sum(weights[i] for i in wanting)
        given = 0
        for i in wanting:
            add = min(targets[i] - widths[i], left * weights[i] // total)
            widths[i] += add
            given += add
        if not given:  # fewer cells than columns wanting them: one each, the heaviest first
            for i in sorted(wanting, key=lambda i: -weights[i])[:left]:
                widths[i] += 1
                given += 1
        left -= given
    return left


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
    """A table cell of one line of plain text known to fit its column (``natural_widths``),
    drawn as rich draws that ``Text`` in a left-justified column: the text padded with spaces
    to the column's width, all in its style, then the line's end. rich's ``Text`` would find
    the same by splitting, wrapping, justifying and joining it (about 25 µs a cell); the table
    around it (padding, borders, the row's and column's styles, cropping) is rich's own. A
    text wider than its column (never, by ``natural_widths``) is handed to ``Text``."""

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
            Text = _rich("rich.text").Text
            yield from Text(self.text, style=self.style).__rich_console__(console, options)
            return
        line = self.text + " " * spaces
        yield Segment(line, console.get_style(self.style)) if self.style else Segment(line)
        yield Segment("\n")

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        text: type[Text] = _rich("rich.text").Text
        return text(self.text, style=self.style).__rich_measure__(console, options)


def cell(value: Any, style: str | None = None) -> Text:
    text: type[Text] = _rich("rich.text").Text

    return text(human("" if value is None else value), style=style or "")


def show(renderable: RenderableType) -> None:
    out().print(renderable)
