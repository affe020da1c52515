"""``terts table``: a guided interactive mode for a real card table.

One line per event, in short forms (``n 7ч``, ``d Аня терц:Дч``, ``t Тп 7п``, ``s 54 Боря Аня``)
or as the full commands (``declare Аня терц:Дч``). Each line is read into a request of the game
API (``parser``) and recorded through it (``session``: ``game.game_file.GameFile``), so the game
file is exactly what the plain commands would write, and each event is saved the moment it is
entered. A refused line prints its one-line error and the session goes
on; Ctrl-D and Ctrl-C leave with exit code 0 and nothing lost.

Line editing, history (``<game>.history`` beside the game file) and Tab completion
(``completion``: commands, player names, cards, declarations, penalty kinds) come from
prompt_toolkit; ``summary`` writes the two status lines, ``catalogue`` holds its words.

``run_table(game, lang, input=..., output=...)``: ``input`` is a prompt_toolkit ``Input`` (say
``create_pipe_input()``; ``output`` then defaults to ``DummyOutput``), or an iterable of lines
for a scripted session (prompt_toolkit is then not used), or None for the terminal (lines are
read from stdin without line editing when stdin is not a terminal).
"""

from __future__ import annotations

from .catalogue import TABLE
from .completion import TableCompleter, card_forms
from .parser import FORMS, Form, Line, TableError, help_lines, parse_line
from .session import _history_for, run_table
from .summary import summary_lines

__all__ = [
    "TABLE",
    "FORMS",
    "Form",
    "Line",
    "TableCompleter",
    "TableError",
    "_history_for",
    "card_forms",
    "help_lines",
    "parse_line",
    "run_table",
    "summary_lines",
]
