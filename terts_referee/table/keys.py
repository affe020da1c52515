"""Table mode loses no line to terminal junk.

prompt_toolkit reads the terminal through a VT100 parser. Three kinds of input used to cost a
line:

- **Escape junk that looks like a mouse report.** ``ESC [31m`` matches the urxvt mouse pattern
  and ``ESC [M`` the X10 one (which takes the next three characters as its coordinates);
  prompt_toolkit's mouse handler then raised, printed "Unhandled exception" and "Press ENTER to
  continue", and that Enter was the next line. Table mode never turns mouse reporting on, so a
  mouse report can only be junk: ``ignore_mouse_junk`` drops the sequence itself and gives the
  three characters an X10 report took back to the line being typed.
- **An unterminated bracketed paste.** After ``ESC [200~`` the parser kept everything until
  ``ESC [201~``, so every later line vanished until Ctrl-C. ``BoundedPasteParser`` hands the
  paste on at every line end (a pasted line, or an Enter typed into a paste that never ended),
  when it grows past ``PASTE_LIMIT`` characters, and at a Ctrl-C or Ctrl-D typed into it (which
  then act as they do at the prompt).
- **A paste of several lines.** ``PasteLines`` splits it: the first line is entered at once,
  the complete lines after it are queued and entered one by one (each echoed after the prompt),
  and a last line without its line end is left at the next prompt to be finished.

Nothing here imports the rest of terts; prompt_toolkit is imported by the session only when a
terminal (or a test's pipe input) is in use.
"""

from __future__ import annotations

import re
from collections import deque
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from prompt_toolkit.input.vt100_parser import Vt100Parser
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.key_binding.key_processor import KeyPress
from prompt_toolkit.keys import Keys

if TYPE_CHECKING:
    from prompt_toolkit.input import Input
    from prompt_toolkit.key_binding import KeyPressEvent

__all__ = ["PASTE_LIMIT", "BoundedPasteParser", "PasteLines", "bound_input", "key_bindings"]

#: The most characters a bracketed paste may hold before it is handed on without its end mark.
PASTE_LIMIT = 4096

_END_MARK = "\x1b[201~"
_LINE_ENDS = ("\r", "\n")
_STOP_KEYS = ("\x03", "\x04")  # Ctrl-C, Ctrl-D typed into a paste that never ended


class BoundedPasteParser(Vt100Parser):
    """A ``Vt100Parser`` whose bracketed paste is handed on at each line end, past
    ``PASTE_LIMIT`` characters, and ends at a typed Ctrl-C or Ctrl-D (see the module)."""

    def feed(self, data: str) -> None:
        super().feed(data)
        if not self._in_bracketed_paste:
            return
        buffer: str = self._paste_buffer
        stop = min((i for i in (buffer.find(k) for k in _STOP_KEYS) if i >= 0), default=-1)
        if stop >= 0:
            self._in_bracketed_paste = False
            self._paste_buffer = ""
            if stop:
                self.feed_key_callback(KeyPress(Keys.BracketedPaste, buffer[:stop]))
            self.feed(buffer[stop:])
            return
        cut = max(buffer.rfind(end) for end in _LINE_ENDS)
        if cut < 0 and len(buffer) >= PASTE_LIMIT:
            cut = len(buffer) - len(_END_MARK)  # keep what could be the start of the end mark
        if cut >= 0:
            self._paste_buffer = buffer[cut + 1 :]
            self.feed_key_callback(KeyPress(Keys.BracketedPaste, buffer[: cut + 1]))


@runtime_checkable
class _ParsedInput(Protocol):
    """An input that parses VT100 sequences (prompt_toolkit's terminal and pipe inputs, on
    POSIX and on Windows alike): no base class of theirs declares the parser."""

    vt100_parser: Vt100Parser


def bound_input(inp: Input) -> None:
    """Give a prompt_toolkit VT100 input (a terminal or a pipe) the bounded paste parser."""
    if not isinstance(inp, _ParsedInput):  # no vt100_parser attribute
        return
    parser = inp.vt100_parser
    if isinstance(parser, Vt100Parser) and not isinstance(parser, BoundedPasteParser):
        inp.vt100_parser = BoundedPasteParser(parser.feed_key_callback)


class PasteLines:
    """The lines of a paste still to be entered, and the unfinished last one."""

    def __init__(self) -> None:
        self.pending: deque[str] = deque()
        self.carry = ""

    def take_carry(self) -> str:
        text, self.carry = self.carry, ""
        return text


#: Escape sequences inside a paste (a terminal's cursor-position answer to a paste that never
#: ended, colour codes copied along with the text): dropped whole.
_SEQUENCE = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)?|.)", re.S)


def _clean(text: str) -> str:
    """Pasted text with line ends as ``\\n``, escape sequences and other controls dropped."""
    text = _SEQUENCE.sub("", text)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return "".join(c for c in text if c == "\n" or c == "\t" or (" " <= c and c != "\x7f"))


def key_bindings(lines: PasteLines) -> KeyBindings:
    """The table's bindings: mouse junk ignored, pastes split into lines."""
    kb = KeyBindings()

    @kb.add(Keys.Vt100MouseEvent)
    def ignore_mouse_junk(event: KeyPressEvent) -> None:
        data = event.data
        if data.startswith("\x1b[M") and len(data) > 3:  # X10 form: 3 more characters taken
            presses: list[KeyPress] = []
            parser = Vt100Parser(presses.append)
            parser.feed_and_flush(data[3:])
            event.app.key_processor.feed_multiple(presses, first=True)

    @kb.add(Keys.BracketedPaste)
    def paste(event: KeyPressEvent) -> None:
        text = _clean(event.data)
        first, *rest = text.split("\n")
        buffer = event.current_buffer
        buffer.insert_text(first)
        if rest:
            lines.pending.extend(rest[:-1])
            lines.carry = rest[-1]
            buffer.validate_and_handle()

    return kb
