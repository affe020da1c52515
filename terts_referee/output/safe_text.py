"""Text from files and the command line made safe for a terminal.

``visible(text)`` is the one function every human output path calls (through ``console``)
before text leaves for a terminal. It leaves printable text as it is and shows every character
that a terminal would obey rather than print, as a visible escape:

- C0 controls (U+0000-U+001F, ESC and BEL among them), DEL (U+007F) and C1 controls
  (U+0080-U+009F) as ``\\x1b``, ``\\x07``, ``\\x7f``, ``\\x9b`` (two hex digits, lower case),
  except newline, carriage return and tab, shown as ``\\n``, ``\\r``, ``\\t``;
- bidirectional controls (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069) and the line
  and paragraph separators (U+2028, U+2029) as ``\\u202e`` (four hex digits);
- lone surrogates: U+DC80-U+DCFF (an undecodable byte of a file name or argument, kept by
  Python's ``surrogateescape``) as that byte, ``\\xff``; any other as ``\\udXXX``.

``keep`` names the controls left alone (``"\\n\\t"`` for multi-line output; a one-line error
keeps none, so a newline inside it shows as ``\\n`` and one line stays one line). A backslash
is not doubled: the output is for a person to read, not to be parsed back. JSON output never
goes through here (``json.dumps`` escapes controls itself). No dependencies but ``re``.
"""

from __future__ import annotations

import re

__all__ = ["UNSAFE", "json_escaped", "visible"]

#: The unsafe characters above C0 (``json.dumps`` escapes only C0 controls).
_ABOVE_C0 = "\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff"
#: Every character ``visible`` replaces (when not kept), as a regular-expression class body.
UNSAFE = "\x00-\x1f" + _ABOVE_C0

_PATTERNS: dict[str, re.Pattern[str]] = {}


def _pattern(keep: str) -> re.Pattern[str]:
    pattern = _PATTERNS.get(keep)
    if pattern is None:
        kept = "".join(re.escape(c) for c in sorted(set(keep)))
        body = f"(?![{kept}])[{UNSAFE}]" if kept else f"[{UNSAFE}]"
        pattern = _PATTERNS[keep] = re.compile(body)
    return pattern


_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _shown(match: re.Match[str]) -> str:
    char = match.group()
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    if 0xDC80 <= code <= 0xDCFF:
        return f"\\x{code - 0xDC00:02x}"
    return f"\\u{code:04x}"


def visible(text: object, keep: str = "") -> str:
    """``str(text)`` with every terminal control shown as a visible escape (see the module
    docstring); the characters in ``keep`` (a subset of ``"\\n\\t"``, say) are left as they are."""
    text = str(text)
    if text.isprintable():  # no control of any kind (nor \n, \t): nothing to show or keep
        return text  # the usual case, and no regular expression compiled for it
    pattern = _pattern(keep)
    if pattern.search(text) is None:
        return text
    return pattern.sub(_shown, text)


def json_escaped(text: str) -> str:
    """A JSON text (from ``json.dumps``) with DEL, C1 and bidi controls and lone surrogates
    written as ``\\u`` escapes. ``json.dumps`` escapes only C0 controls, so these would reach
    the terminal raw (or fail to encode); every value parses back exactly the same, and since
    JSON's structure is ASCII only characters inside strings are touched."""
    if text.replace("\n", "").isprintable():  # none of them (all unprintable): the usual case,
        return text  # and no regular expression compiled for it
    return re.sub(f"[{_ABOVE_C0}]", lambda m: f"\\u{ord(m.group()):04x}", text)
