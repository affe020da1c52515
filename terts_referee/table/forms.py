"""The table mode's short forms (``FORMS``: ``n``, ``d``, ``s`` …, their Russian words, their
usage in each language) and the words the table knows beside them (help, quit, a deal's mode).
What a line means is the parser's (``parser``); this module only names the forms, so that the
completer and the help can list them (and the hints can use them) without the parser.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..domain.cards import FOLD
from ..game.requests import REQUESTS
from ..i18n import t

# --- the short forms -------------------------------------------------------------------------


@dataclass(frozen=True)
class Form:
    """A short form: its canonical word, the command it runs, other words for it, its usage."""

    short: str
    command: str
    aliases: tuple[str, ...]
    usage: str
    example: str
    #: completion kind of each positional argument; the last one repeats
    args: tuple[str, ...] = field(default=())

    def usage_in(self, lang: str) -> str:
        """The usage line in ``lang`` (``usage`` is the English one)."""
        return t(f"table.use.{self.command}", lang)


FORMS: tuple[Form, ...] = (
    Form(
        "n",
        "deal",
        ("сдача", "сд", "роздача", "рд"),
        "n [TRUMP] [DEALER] [quick]",
        "n 7ч",
        ("deal",),
    ),
    Form(
        "d",
        "declare",
        ("объявить", "об", "оголосити", "ог"),
        "d P COMBO…",
        "d Аня терц:Дч",
        ("player", "combo"),
    ),
    Form(
        "c",
        "challenge",
        ("негодится", "нг", "негодиться"),
        "c P COMBO",
        "c Боря терц:Тп",
        ("player", "combo", "none"),
    ),
    Form(
        "a",
        "ask",
        ("рост", "отчего", "от-чего", "відчого", "ріст", "зріст"),
        "a P",
        "a Боря",
        ("player", "none"),
    ),
    Form("tr", "trump", ("козырь", "козир"), "tr SUIT|CARD", "tr ч", ("card", "none")),
    Form("t", "trick", ("взятка", "в"), "t CARD CARD", "t Тп 7п", ("card", "card", "none")),
    Form(
        "s",
        "score",
        ("счёт", "счет", "рахунок", "рах"),
        "s POINTS BY LAST",
        "s 54 Боря Аня",
        ("none", "player", "player", "none"),
    ),
    Form(
        "p",
        "penalty",
        ("штраф",),
        "p P KIND [N]",
        "p Боря miscount 10",
        ("player", "kind", "none"),
    ),
    Form("x", "exchange", ("обмен", "обмін", "заміна"), "x P", "x Аня", ("player", "none")),
    Form(
        "cl",
        "claim",
        ("хватит", "заявка", "выхожу", "вышел", "вышла", "досить", "виходжу", "заява"),
        "cl P [TRICKS CARDPOINTS]",
        "cl Аня 3 40",
        ("player", "none"),
    ),
    Form(
        "note",
        "note",
        ("заметка", "зам", "примечание", "прим", "примітка", "нотатка"),
        "note TEXT… [--deal N]",
        "note пересдача",
        ("none",),
    ),
    Form("u", "undo", ("отмена", "отменить", "назад", "скасувати"), "u", "u", ("none",)),
    # corrections of the past: a recording line after an event number
    Form(
        "fix",
        "fix",
        ("исправить", "испр", "виправити", "випр"),
        "fix N LINE",
        "fix 3 s 64 Боря Аня",
        ("event", "line"),
    ),
    Form(
        "ins",
        "ins",
        ("вставить", "вст", "вставити"),
        "ins N LINE",
        "ins 5 d Боря марьяж",
        ("event", "line"),
    ),
    Form(
        "drop", "drop", ("удалить", "уд", "видалити", "вид"), "drop N", "drop 2", ("event", "none")
    ),
    Form("st", "status", ("статус", "стан"), "st", "st", ("none",)),
    Form("sh", "sheet", ("лист", "запись", "запис", "аркуш"), "sh", "sh", ("none",)),
    Form("l", "log", ("журнал",), "l", "l", ("none",)),
)
HELP_WORDS = ("?", "h", "help", "помощь", "справка", "довідка", "допомога")
QUIT_WORDS = ("q", "quit", "exit", "выход", "выйти", "вихід")
QUICK_WORDS = ("quick", "быстро", "быстрая", "швидко", "швидка")
TRICKS_WORDS = ("tricks", "повзяточно", "взятки", "повзятково")


def norm(word: str) -> str:
    return word.casefold().translate(FOLD).strip()


BY_WORD: dict[str, Form] = {}
for _form in FORMS:
    for _word in (_form.short, *_form.aliases, _form.command):
        BY_WORD.setdefault(norm(_word), _form)

#: The forms that record an event, those a correction holds: one for each request of the game
#: API (``game.requests.REQUESTS``; a test holds that each has its form here).
RECORDING = frozenset(REQUESTS)
#: The forms that show the game: ``st``, ``sh``, ``l``.
VIEWS = frozenset({"status", "sheet", "log"})

#: The ``terts`` commands that are not lines of the table (they take no game, or another file,
#: or start a session of their own): refused with the advice to type them in a terminal. A
#: test checks that every command of the CLI is either a form here or in this list.
TERMINAL_COMMANDS = frozenset(
    {"new", "export", "table", "serve", "demo", "archive", "history", "stats", "check"}
    | {"rules", "club", "import", "app", "keep"}
)


def help_lines(lang: str) -> list[str]:
    """The short forms, one a line, in ``lang``, then the Russian words for them."""
    rows = [(f.usage_in(lang), t(f"table.help.{f.command}", lang)) for f in FORMS]
    rows.append((" ".join(HELP_WORDS[:3]), t("table.help.help", lang)))
    rows.append((" ".join(QUIT_WORDS[:3]), t("table.help.quit", lang)))
    width = max(len(usage) for usage, _ in rows)
    lines = [t("table.help.header", lang)]
    lines += [f"  {usage.ljust(width)}  {text}" for usage, text in rows]
    words = [f"{'/'.join(f.aliases)} = {f.short}" for f in FORMS if f.aliases]
    # a deal's mode as the table says it (сд 7ч взятки): the words read beside quick and tricks
    modes = {"quick": "/".join(QUICK_WORDS[1:]), "tricks": "/".join(TRICKS_WORDS[1:])}
    words.append(t("table.help.modes", lang, **modes))
    words.append(f"{'/'.join(HELP_WORDS[3:])} = ?")
    words.append(f"{'/'.join(QUIT_WORDS[3:])} = q")
    lines.append("  " + t("table.help.aliases", lang, words=", ".join(words)))
    return lines
