"""The terminal's words for a verdict: its sentence (``i18n.sentences.say``), then what a terminal
adds, the command to type for its remedy (``terts deal --quick --replace 3``) and the options
that only the command line has (``--game``). The two faces on a terminal share them: the
command line writes the command as ``terts …`` (``command``, ``cli.remedies``), the table in
its short forms (``table.remedies``).

``say(verdict, lang, form)`` is the one line a refusal prints. Each verdict, and each one nested
in it, may have a *tail* here, ``cli.<code>`` (or one it shares, ``SHARED_TAILS``): the words
that follow its sentence on the terminal, with the remedy's command where it says
``{command}``. A tail that names the command is said only when the verdict has a remedy; a
verdict with a remedy and no tail of its own gets ": `COMMAND`". So the sentence, which every
face shares, names no command, and the terminal reads as it always has: "no deal is open to
declare in: start one" + " with `terts deal`".

The command is written in the face's *form*: the plain ``terts …`` command (``command``), or
the table's short forms (``table.remedies.short``). Names holding a space are quoted in every
form (the table reads its lines as shell words).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..i18n import N_p, register, t

if TYPE_CHECKING:
    from ..domain.verdicts import Remedy, Verdict

    #: A face's way of writing a remedy as a command to type.
    Form = Callable[[Remedy], str]
    #: A command as its parts: the command word, its words, its options (True: a flag).
    Parts = tuple[str, list[str], dict[str, str | bool]]

__all__ = ["TAILS", "command", "parts", "quoted", "say"]

#: The terminal's words after a verdict's sentence, by its code (``cli.`` + the code).
TAILS = register(
    # a sentence ending on what to do, the command telling how ("start one" + " with `…`")
    N_p("cli.with", " with `{command}`"),
    N_p(
        "cli.quick",
        "; if this deal's tricks are not being recorded, make it quick (declarations not "
        "timed): `{command}`",
    ),
    N_p(
        "cli.err.game_over",
        "; `{command}` reopens it, `terts new P1 P2` starts the next"
        " (this one moves to the library)",
    ),
    N_p("cli.err.one_deck", ", then `{command}`"),
    N_p("cli.err.challenge.shared", " (`{command}`)"),
    N_p("cli.err.penalty.no_event", ": see `terts log`"),
    N_p("cli.log", " (see `terts log`)"),
    N_p(
        "cli.err.fix.range.insert",
        " (see `terts log`; to add after the last, record without --before)",
    ),
    # the game file: the option that names another
    N_p("cli.game", " with --game"),
    # the library: what the command line offers (its options, its commands)
    N_p(
        "cli.library.unfinished",
        ": `terts new --force` or `terts archive --force` moves it to the library marked "
        "unfinished",
    ),
    N_p(
        "cli.library.not_directory",
        ": name a directory with --library (or $TERTS_LIBRARY); it is made when the first "
        "game moves there",
    ),
    N_p("cli.library.bad_path", "; name a directory with --library (or $TERTS_LIBRARY)"),
    N_p("cli.store.not_found", " with `{command}` or name one with --game"),
    N_p(
        "cli.store.exists",
        ": --force moves it there first, nothing is deleted; or --game names another file",
    ),
)
#: Verdicts that share a tail: the tail's key by the verdict's code.
SHARED_TAILS = {
    "err.no_deal": "cli.with",
    "err.penalty.no_deal": "cli.with",
    "err.deal_open": "cli.with",
    "err.marriage.no_trump": "cli.with",
    "err.trick.no_trump": "cli.with",
    "err.tie_needs_trump": "cli.with",
    # refused for its timing, in a deal followed trick by trick before its first trick
    "err.declare.not_leader": "cli.quick",
    "err.declare.none_before_break": "cli.quick",
    "err.declare.no_fours": "cli.quick",
    "err.declare.already": "cli.quick",
    "err.fix.range.replace": "cli.log",
    "err.fix.range.drop": "cli.log",
    "store.directory": "cli.game",
    "store.special": "cli.game",
    "store.too_big": "cli.game",
    "store.not_replaceable": "cli.game",
    "store.read_only": "cli.game",
    "store.corrupt": "cli.game",
}


# --- a remedy as a command --------------------------------------------------------------------

#: Each action's fields, as the command takes them: positional fields in order, then options
#: (field, option) in the order they are written. A field absent from the remedy is left out.
_SHAPES: dict[str, tuple[tuple[str, ...], tuple[tuple[str, str], ...]]] = {
    "deal": (
        (),
        (
            ("trump", "--trump"),
            ("dealer", "--dealer"),
            ("quick", "--quick"),
            ("tricks", "--tricks"),
            ("replace", "--replace"),
        ),
    ),
    "score": (("points",), (("by", "--by"), ("last_trick", "--last-trick"))),
    "trump": (("trump",), ()),
    "penalty": (
        ("player", "kind"),
        (("points", "--points"), ("event", "--event"), ("combo", "--combo")),
    ),
    "claim": (("player",), (("tricks", "--tricks"), ("card_points", "--card-points"))),
    "declare": (("player", "combos"), ()),
    "challenge": (("player", "combo"), ()),
    "new": (("players",), ()),
    "drop": (("number",), ()),
}
#: What a field the players must choose (None) is written as: ``terts score POINTS --by P``,
#: in the words of the help pages' metavars (``ГРАВЕЦЬ``, ``ОГОЛОШЕННЯ``); a number is ``N``.
HOLES = register(
    N_p("hole.player", "P"),
    N_p("hole.combo", "COMBO"),
    N_p("hole.points", "POINTS"),
    N_p("hole.suit", "SUIT"),
    N_p("hole.card_or_suit", "CARD|SUIT"),
)
_PLACEHOLDERS = {
    "player": "hole.player",
    "by": "hole.player",
    "last_trick": "hole.player",
    "players": "hole.player",
    "combo": "hole.combo",
    "combos": "hole.combo",
    "trump": "hole.card_or_suit",
    "suit": "hole.suit",
}
_NUMBERS = ("event", "number", "tricks", "card_points")
_POINTS = {"score": "hole.points"}
_FLAGS = {
    ("deal", "quick"),
    ("deal", "tricks"),
}  # options that take no value  # the points of a count; a penalty's are N


def _placeholder(action: str, field: str) -> str:
    if field == "points":
        code = _POINTS.get(action)
        return "N" if code is None else t(code)
    if field in _NUMBERS:
        return "N"
    code = _PLACEHOLDERS.get(field)
    return field.upper() if code is None else t(code)


def _kind_word(kind: str) -> str:
    """A penalty kind as the run's language types it (``ложное``, ``хибне``): its first table
    word; English keeps the kind's name (``false-declaration``)."""
    from .. import i18n
    from ..domain.events import PENALTY_WORDS, PenaltyKind

    chosen = i18n.lang()
    words = () if chosen == "en" else PENALTY_WORDS.get(chosen, {}).get(PenaltyKind(kind), ())
    return words[0] if words else kind


def parts(remedy: Remedy) -> Parts:
    """The remedy as the parts of a command: its word, its positional words (names as they are,
    quoted later), its options by name. A field given as None is its placeholder."""
    positional, options = _SHAPES.get(remedy.action, ((), ()))
    fields = remedy.fields
    words: list[str] = []
    for name in positional:
        if name not in fields:
            continue
        value = fields[name]
        if isinstance(value, (tuple, list)):  # several words: P1 P2 for players to name
            for i, v in enumerate(value, start=1):
                hole = _placeholder(remedy.action, name) + (str(i) if name == "players" else "")
                words.append(hole if v is None else str(v))
        elif value is None:
            words.append(_placeholder(remedy.action, name))
        elif remedy.action == "penalty" and name == "kind":
            words.append(_kind_word(str(value)))
        else:
            words.append(str(value))
    written: dict[str, str | bool] = {}
    for name, option in options:
        if name not in fields:
            continue
        value = fields[name]
        if value is True:
            written[option] = True
        elif value is None and (remedy.action, name) in _FLAGS:
            continue
        elif value is not False:
            written[option] = _placeholder(remedy.action, name) if value is None else str(value)
    return remedy.action, words, written


def quoted(word: str) -> str:
    """``word`` as one shell word: quoted when it holds a space or a shell character."""
    if word and not any(c.isspace() or c in "'\"\\$`;&|<>()*?#~" for c in word):
        return word
    return "'" + word.replace("'", "'\\''") + "'"


def quoted_name(word: str) -> str:
    """A command's positional word: a name quoted when it holds a space or a quote (a
    placeholder such as ``CARD|SUIT`` stays as it is)."""
    return quoted(word) if any(c.isspace() or c in "'\"$`" for c in word) else word


def options_words(options: dict[str, str | bool]) -> list[str]:
    """Options as words: ``--quick``, ``--by 'Анна Мария'``."""
    return [
        name if value is True else f"{name} {quoted(str(value))}" for name, value in options.items()
    ]


def command(remedy: Remedy) -> str:
    """The command to type at the terminal: ``terts penalty P false-declaration --event N``."""
    name, words, options = parts(remedy)
    return " ".join(["terts", name, *(quoted_name(w) for w in words), *options_words(options)])


# --- the verdict in words -----------------------------------------------------------------------


def tail(verdict: Verdict, lang: str, form: Form) -> str:
    """The terminal's words after ``verdict``'s sentence (see the module's doc), its command
    written in ``form``."""
    key = SHARED_TAILS.get(verdict.code) or f"cli.{verdict.code}"
    remedy = verdict.remedy
    write = form
    if key not in TAILS:
        return f": `{write(remedy)}`" if remedy is not None else ""
    text = t(key, lang)
    if "{command}" not in text:
        return text
    return t(key, lang, command=write(remedy)) if remedy is not None else ""


def say(verdict: Verdict, lang: str, form: Form) -> str:
    """The line a terminal shows for ``verdict``: its sentence in ``lang`` with the terminal's
    tails, the commands written in ``form`` (``command``: the plain one; the table's short
    forms)."""
    from ..i18n.sentences import say as sentence

    def after(v: Verdict, chosen: str) -> str:
        return tail(v, chosen, form)

    return sentence(verdict, lang, after)
