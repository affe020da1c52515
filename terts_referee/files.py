"""Reading the files a user names (the game file, rulesets) without hanging or running away.

Only **regular files** are read: a FIFO, a device, a socket or a directory is refused from a
``stat`` before any ``open`` that could block, and the file is opened with ``O_NONBLOCK`` and
checked again with ``fstat`` (it may have been swapped in between). At most
:data:`MAX_FILE_BYTES` are read: a real game file is a few kilobytes (a 200-event game is about
10 KiB), so 4 MiB leaves room for games far longer than any evening while ``/dev/zero`` or a
runaway file cannot eat the memory. TOML parser limits (nesting deep enough to overflow the
stack, integers longer than Python's 4,300-digit conversion limit) come back as
:class:`TomlProblem` like any other syntax error.

Callers turn :class:`NotRegular`, :class:`TooBig`, :class:`TomlProblem` and ``OSError`` into
their own refusals (GameFileError, RulesetError). What this module says is data too: a file's
kind is a code (``file.fifo``), a TOML problem a verdict or the parser's own words.
"""

from __future__ import annotations

import os
import stat
from typing import TYPE_CHECKING

from .domain.verdicts import Verdict

if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_FILE_SHOWN",
    "NotRegular",
    "TomlProblem",
    "TooBig",
    "check_replaceable",
    "kind_of",
    "parse_toml",
    "read_regular",
]

MAX_FILE_BYTES = 4 * 1024 * 1024
"""The most a game file or a ruleset file may hold (4 MiB)."""
MAX_FILE_SHOWN = f"{MAX_FILE_BYTES // (1024 * 1024)} MiB"
"""That limit as the refusals of a too big file name it."""


class NotRegular(Exception):
    """The path names a directory, FIFO, device or socket; ``kind`` is its message key."""

    def __init__(self, kind: str):
        super().__init__(kind)
        self.kind = kind


class TooBig(Exception):
    """The file holds more than :data:`MAX_FILE_BYTES`."""


class TomlProblem(Exception):
    """The bytes are not a TOML document this program can read; ``reason`` says why: a verdict
    (a parser's limit), or the parser's own words (a syntax error: where, and what)."""

    def __init__(self, reason: Verdict | str):
        super().__init__(reason)
        self.reason = reason


def kind_of(mode: int) -> str:
    """The message key of a file type: ``file.directory``, ``file.fifo``, ..."""
    if stat.S_ISDIR(mode):
        return "file.directory"
    if stat.S_ISFIFO(mode):
        return "file.fifo"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "file.device"
    if stat.S_ISSOCK(mode):
        return "file.socket"
    return "file.special"


def read_regular(path: os.PathLike[str] | str, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file at ``path`` (symlinks followed), at most ``limit``.

    Raises NotRegular, TooBig, or OSError (FileNotFoundError, PermissionError, ENAMETOOLONG...).
    Never blocks on a FIFO or a device.
    """
    st = os.stat(path)
    if not stat.S_ISREG(st.st_mode):
        raise NotRegular(kind_of(st.st_mode))
    if st.st_size > limit:
        raise TooBig
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    flags |= getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):  # swapped between stat and open
            raise NotRegular(kind_of(st.st_mode))
        chunks: list[bytes] = []
        size = 0
        while True:
            chunk = os.read(fd, min(65536, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise TooBig
        return b"".join(chunks)
    finally:
        os.close(fd)


def check_replaceable(path: os.PathLike[str] | str) -> bool:
    """Whether a regular file is at ``path`` (False: nothing there).

    Raises NotRegular when something else is there (never replace a FIFO, a device or a
    directory), OSError when the path cannot be examined (e.g. ENAMETOOLONG).
    """
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return False
    if not stat.S_ISREG(st.st_mode):
        raise NotRegular(kind_of(st.st_mode))
    return True


def parse_toml(text: str) -> dict[str, Any]:
    """Parse TOML; raises TomlProblem for bad syntax and the parser's limits alike.

    The parser is ``tomli``, the project the standard library's ``tomllib`` was taken from, in
    its compiled (mypyc) wheel: the same parser and messages at a third of the time (measured:
    import 3.5 -> 2.4 ms, a 12-deal game parsed in 1.9 -> 0.6 ms); ``tomllib`` where no wheel
    was installed. Both refuse nesting deeper than their limit with a RecursionError."""
    try:
        from tomli import loads
    except ImportError:  # pragma: no cover - tomli is a dependency
        from tomllib import loads

    try:
        return loads(text)
    except RecursionError:
        raise TomlProblem(Verdict("file.too_deep")) from None
    except ValueError as exc:  # TOMLDecodeError, and int() past its 4,300-digit limit
        reason = " ".join(str(exc).split())
        if "4300" in reason or "digits" in reason:
            raise TomlProblem(Verdict("file.too_many_digits")) from None
        raise TomlProblem(toml_reason(exc, reason)) from None


#: The parser's reasons (tomli's English, written into its code) by their start, each the code of
#: its words in the catalogue; the text quoted in one (a key, a character) is its ``what``.
_TOML_REASONS = (
    ("Invalid statement", "toml.statement"),
    ("Expected newline or end of document after a statement", "toml.newline"),
    ("Expected '=' after a key in a key/value pair", "toml.equals"),
    ("Expected ']' at the end of a table declaration", "toml.table_end"),
    ("Expected ']]' at the end of an array declaration", "toml.array_table_end"),
    ("Expected ", "toml.expected"),
    ("Found invalid character ", "toml.character"),
    ("Illegal character ", "toml.character"),
    ("Cannot declare ", "toml.twice"),
    ("Duplicate inline table key ", "toml.twice"),
    ("Cannot overwrite a value", "toml.overwrite"),
    ("Cannot mutate immutable namespace ", "toml.overwrite"),
    ("Cannot redefine namespace ", "toml.overwrite"),
    ("Invalid initial character for a key part", "toml.key"),
    ("Unclosed array", "toml.unclosed_array"),
    ("Unclosed inline table", "toml.unclosed_table"),
    ("Unescaped '\\' in a string", "toml.backslash"),
    ("Invalid hex value", "toml.escape"),
    ("Escaped character is not a Unicode scalar value", "toml.escape"),
    ("Unterminated string", "toml.unterminated"),
    ("Invalid date or datetime", "toml.date"),
    ("Invalid value", "toml.value"),
)


def toml_reason(exc: ValueError, text: str) -> Verdict | str:
    """The parser's reason as a verdict, its place kept (line and column, or the end of the
    document); its own English words when the reason is none the table knows (a newer
    parser's)."""
    said = getattr(exc, "msg", None)
    line, column = getattr(exc, "lineno", None), getattr(exc, "colno", None)
    if not isinstance(said, str) or not isinstance(line, int) or not isinstance(column, int):
        return text
    found = next(((start, c) for start, c in _TOML_REASONS if said.startswith(start)), None)
    if found is None:
        return text
    start, code = found
    what = said[len(start) :].removesuffix(" twice").strip()  # «Cannot declare ('a',) twice»
    reason = Verdict(code, {"what": what} if what else {})
    doc, pos = getattr(exc, "doc", ""), getattr(exc, "pos", 0)
    if isinstance(doc, str) and isinstance(pos, int) and pos >= len(doc):
        return Verdict("toml.at_end", {"reason": reason})
    return Verdict("toml.at", {"reason": reason, "line": line, "column": column})
