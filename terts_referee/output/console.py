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

from ..startup import fit_columns, fit_table, quick_line, quick_rows
from .safe_text import json_escaped, visible

if TYPE_CHECKING:  # rich is imported at first use
    from typing import TextIO

    from rich.console import Console, RenderableType
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
    from rich.console import Console

    stream = sys.stderr if stderr else sys.stdout
    lenient(stream)
    color = _state["color"]
    no_color = color is False or (color is None and "NO_COLOR" in os.environ)
    return Console(
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


def say(text: str, style: str | None = None) -> None:
    """One line of plain text (never markup) to stdout; rich only when it brings colour."""
    if not _styled(sys.stdout):
        _write_line(sys.stdout, text)
        return
    if quick_line(sys.stdout, plain(text, sys.stdout), style):
        return
    from rich.text import Text

    out().print(Text(human(text), style=style or ""))


def note(text: str, style: str = "yellow") -> None:
    """A notice to stderr (rule notices, warnings)."""
    if not _styled(sys.stderr):
        _write_line(sys.stderr, text)
        return
    if quick_line(sys.stderr, plain(text, sys.stderr), style):
        return
    from rich.text import Text

    err().print(Text(human(text, sys.stderr), style=style))


def error_line(text: str) -> None:
    """The one-line error message for bad input, to stderr, without rich. Every control in
    it, a newline too, is shown as a visible escape: one line stays one line."""
    from ..i18n.messages import t

    line = " ".join(visible(text).split())
    # The refusal's own word in the run's language too, as git and click say theirs.
    line = plain(t("msg.error_line", line=line), sys.stderr)
    encoding = getattr(sys.stderr, "encoding", None) or "utf-8"
    line = line.encode(encoding, errors="replace").decode(encoding, errors="replace")
    sys.stderr.write(line + "\n")
    sys.stderr.flush()


def print_json(data: Any) -> None:
    """One JSON document on stdout and nothing else there."""
    write_json_text(json_text(data))


def json_text(data: Any) -> str:
    """The text :func:`print_json` writes for ``data`` (without the final newline): what the
    library keeps as an answer, to write again as it is."""
    import json

    ensure_ascii = not _can_encode(sys.stdout, "♠Д«")
    return json_escaped(json.dumps(data, ensure_ascii=ensure_ascii, indent=2))


def write_json_text(text: str | bytes | memoryview) -> None:
    """A JSON text made by :func:`json_text`, on stdout and nothing else there. The line's end
    written apart: ``text + "\n"`` would copy a kept answer whole first (9 MB of memory at
    10,000 games, each page of it new to the process).

    The text may come as the UTF-8 bytes a kept answer holds: they go to stdout's bytes as
    they are when stdout writes UTF-8 and ends a line with ``\n``, the bytes its text layer
    would write (the text was made by :func:`json_text` for this very stdout: the answer's
    question holds how it writes what ASCII does not); otherwise they are decoded and written
    as text (a kept answer of 6 MB decoded and encoded again is about 10 ms at 10,000 games)."""
    if not isinstance(text, str):
        buffer = getattr(sys.stdout, "buffer", None)
        if buffer is not None and os.linesep == "\n" and _writes_utf8(sys.stdout):
            sys.stdout.flush()  # what the text layer holds goes first
            buffer.write(text)
            buffer.write(b"\n")
            buffer.flush()
            return
        text = bytes(text).decode("utf-8")
    sys.stdout.write(text)
    sys.stdout.write("\n")
    sys.stdout.flush()


def _writes_utf8(stream: TextIO) -> bool:
    import codecs

    try:
        return codecs.lookup(getattr(stream, "encoding", None) or "").name == "utf-8"
    except LookupError:
        return False


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
    from rich.table import Table

    t = Table(title=human(title) if title else None, **kwargs)
    for i, c in enumerate(columns):
        t.add_column(human(c), no_wrap=i in numbers, ratio=(ratios or {}).get(i))
    return t


def natural_widths(table: Table) -> Table:
    """``table`` laid out for the console: a table wider than the console whose columns say
    what they hold (``table(numbers=..., ratios=...)``) gets its widths from ``_narrowed``
    (rich would narrow the widest columns first, wrapping figures while a short column keeps
    room to spare); one that fits is rich's to lay out, given the widths rich would measure for
    it (``startup.fit_table``: a start-up trick). Left to rich whole: a cell that is not one
    line of plain text, a column with its own width bounds (``ratio`` aside, which rich reads
    only to expand), a table with other padding, edges, header, footer or expand."""
    from rich.cells import cell_len
    from rich.text import Text

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
    if sum(widths) <= room:  # it fits: rich would find these widths (unless the trick is off)
        fit_table(table, widths, [True] * len(widths))
        return table
    hinted = any(c.no_wrap or c.ratio is not None for c in table.columns)
    narrowed = _narrowed(table.columns, texts, widths, room) if hinted else None
    if narrowed is None:  # too narrow even so: rich's own rules, every column wrapping
        for column in table.columns:
            column.no_wrap = False
        return table
    # a column whose every cell fits its width has nothing to wrap (else rich wraps at words)
    nowrap = [all(cell_len(p) <= w for p in ps) for w, ps in zip(narrowed, texts, strict=True)]
    fit_columns(table, narrowed, nowrap)
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


def cell(value: Any, style: str | None = None) -> Text:
    """A table cell: ``value`` for a person (a float with the language's decimal separator,
    114,7 in Russian and Ukrainian)."""
    from rich.text import Text

    if type(value) is float:
        from ..i18n import number

        value = number(value)
    return Text(human("" if value is None else value), style=style or "")


def show(renderable: RenderableType) -> None:
    console = out()
    if "rich.table" in sys.modules:  # a table made: not imported here for one that cannot be
        from rich.table import Table

        if type(renderable) is Table and quick_rows(console, renderable):
            return  # a long table of plain rows, written as rich drew its first two (a trick)
    console.print(renderable)
