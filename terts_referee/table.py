"""``terts table``: a guided interactive mode for a real card table.

One line per event, in short forms (``n 7ч``, ``d Аня терц:Дч``, ``t Тп 7п``, ``s 54 Боря Аня``)
or as the full commands (``declare Аня терц:Дч``). Each line is translated to the argv of the
plain command and run through ``cli.main`` with ``--game PATH`` appended, so the game file is
exactly what the plain commands would write, and each event is saved the moment it is entered
(``cli.main`` writes atomically). A refused line prints its one-line error and the session goes
on; Ctrl-D and Ctrl-C leave with exit code 0 and nothing lost.

Line editing, history (``<game>.history`` beside the game file) and Tab completion (commands,
player names, cards, declarations, penalty kinds) come from prompt_toolkit.

``run_table(game, lang, input=..., output=...)``: ``input`` is a prompt_toolkit ``Input`` (say
``create_pipe_input()``; ``output`` then defaults to ``DummyOutput``), or an iterable of lines
for a scripted session (prompt_toolkit is then not used), or None for the terminal (lines are
read from stdin without line editing when stdin is not a terminal).
"""

from __future__ import annotations

import os
import shlex
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from prompt_toolkit.completion import Completer, Completion
from prompt_toolkit.document import Document

from . import vocabulary  # noqa: F401  (the phase words)
from .cards import DECK, Card, Suit
from .errors import NotationError, RefereeError
from .i18n import LANGS, register, t

__all__ = [
    "TABLE",
    "FORMS",
    "TableCompleter",
    "TableError",
    "parse_line",
    "run_table",
    "summary_lines",
]

TABLE = register(
    {
        "table.prompt": {"en": "terts> ", "ru": "терц> "},
        "table.welcome": {
            "en": "Terts at the table: {path} ({a} v {b}). Every line is saved at once; "
            "Tab completes, ? lists the short forms, q or Ctrl-D leaves.",
            "ru": "Терц за столом: {path} ({a} — {b}). Каждая строка записывается сразу; "
            "Tab дополняет, ? — список коротких команд, q или Ctrl-D — выход.",
        },
        "table.bye": {
            "en": "Bye: everything is saved in {path}.",
            "ru": "До встречи: всё записано в {path}.",
        },
        "table.no_game": {
            "en": "game file {path} not found: start one with `terts new P1 P2 --game {path}`, "
            "then `terts table --game {path}`",
            "ru": "файла игры {path} нет: начните игру командой `terts new P1 P2 --game {path}`, "
            "затем `terts table --game {path}`",
        },
        "table.bad_lang": {
            "en": "unknown language {lang!r}: expected en or ru",
            "ru": "неизвестный язык {lang!r}: ожидается en или ru",
        },
        "table.shlex": {
            "en": "cannot read the line ({reason}): close the quote, like d 'Анна Мария' 4J",
            "ru": "не удалось разобрать строку ({reason}): закройте кавычку, например "
            "d 'Анна Мария' 4J",
        },
        "table.unknown": {
            "en": "unknown command {word!r}: type ? for the short forms (n d c t s p x cl u st "
            "sh l) or use a full command such as declare",
            "ru": "неизвестная команда {word!r}: ? — список коротких команд (n d c t s p x cl u "
            "st sh l), или полная команда, например declare",
        },
        "table.usage": {
            "en": "usage: {usage} (for example: {example})",
            "ru": "формат: {usage} (например: {example})",
        },
        "table.own_game": {
            "en": "this session keeps to {path}: leave out --game (start another session for "
            "another file)",
            "ru": "этот сеанс ведёт {path}: не указывайте --game (для другого файла начните "
            "другой сеанс)",
        },
        "table.nested": {
            "en": "already at the table: type the events, ? lists the short forms",
            "ru": "вы уже за столом: вводите события, ? — список коротких команд",
        },
        # --- the short status -----------------------------------------------------------
        "table.totals": {"en": "{name} {total}/{target}", "ru": "{name} {total}/{target}"},
        "table.no_deal": {
            "en": "no deal yet: n TRUMP (n 7ч), or n quick",
            "ru": "сдачи ещё нет: n КОЗЫРЬ (n 7ч) или n quick",
        },
        "table.deal_over": {
            "en": "deal {deal} is over; next: n TRUMP",
            "ru": "сдача {deal} сыграна; дальше: n КОЗЫРЬ",
        },
        "table.game_over": {
            "en": "game over: {winner} wins",
            "ru": "игра окончена: выиграл(а) {winner}",
        },
        "table.quick": {
            "en": "deal {deal} (quick), {dealer} deals, trump {trump}: declarations d/c, "
            "then s POINTS BY LAST",
            "ru": "сдача {deal} (быстрая), сдаёт {dealer}, козырь {trump}: объявления d/c, "
            "потом s ОЧКИ КТО ПОСЛЕДНЯЯ",
        },
        "table.deal": {
            "en": "deal {deal}, trump {trump}, trick {trick}/16 ({phase}, stock {stock}), "
            "{leader} leads",
            "ru": "сдача {deal}, козырь {trump}, взятка {trick}/16 ({phase}, в колоде {stock}), "
            "ходит {leader}",
        },
        "table.no_trump": {"en": "not recorded", "ru": "не записан"},
        # --- usage of the short forms ---------------------------------------------------
        "table.use.deal": {
            "en": "n [TRUMP] [DEALER] [quick]",
            "ru": "n [КОЗЫРЬ] [СДАЮЩИЙ] [quick]",
        },
        "table.use.declare": {"en": "d P COMBO…", "ru": "d ИГРОК ОБЪЯВЛЕНИЕ…"},
        "table.use.challenge": {"en": "c P COMBO", "ru": "c ИГРОК ОБЪЯВЛЕНИЕ"},
        "table.use.trick": {"en": "t CARD CARD", "ru": "t КАРТА КАРТА"},
        "table.use.score": {"en": "s POINTS BY LAST", "ru": "s ОЧКИ КТО ПОСЛЕДНЯЯ"},
        "table.use.penalty": {"en": "p P KIND [N]", "ru": "p ИГРОК ВИД [N]"},
        "table.use.exchange": {"en": "x P", "ru": "x ИГРОК"},
        "table.use.claim": {"en": "cl P [TRICKS CARDPOINTS]", "ru": "cl ИГРОК [ВЗЯТКИ ОЧКИ]"},
        "table.use.undo": {"en": "u", "ru": "u"},
        "table.use.status": {"en": "st", "ru": "st"},
        "table.use.sheet": {"en": "sh", "ru": "sh"},
        "table.use.log": {"en": "l", "ru": "l"},
        # --- help --------------------------------------------------------------------------
        "table.help.header": {
            "en": "Short forms (full commands such as `declare Аня терц:Дч` work too; quote "
            "names with spaces; Tab completes):",
            "ru": "Короткие команды (полные, например `declare Аня терц:Дч`, тоже работают; "
            "имена с пробелами — в кавычках; Tab дополняет):",
        },
        "table.help.aliases": {
            "en": "Russian words: {words}",
            "ru": "Русские слова: {words}",
        },
        "table.help.deal": {
            "en": "start a deal: n 7ч = deal --trump 7ч; quick = tricks not recorded",
            "ru": "новая сдача: n 7ч = deal --trump 7ч; quick — взятки не записываются",
        },
        "table.help.declare": {
            "en": "declare: d Аня терц:Дч (4J, 50:K♠, marriage …)",
            "ru": "объявить: d Аня терц:Дч (4В, 50:Кп, марьяж …)",
        },
        "table.help.challenge": {
            "en": "beat the latest declaration («Не годится!»): c Боря терц:Тп",
            "ru": "перебить последнее объявление («Не годится!»): c Боря терц:Тп",
        },
        "table.help.trick": {
            "en": "one trick, the leader's card first: t Тп 7п",
            "ru": "взятка, сначала карта ходящего: t Тп 7п",
        },
        "table.help.score": {
            "en": "quick deal count: s 54 Боря Аня = score 54 --by Боря --last-trick Аня",
            "ru": "счёт быстрой сдачи: s 54 Боря Аня = score 54 --by Боря --last-trick Аня",
        },
        "table.help.penalty": {
            "en": "penalty (N = --points): p Боря miscount 10",
            "ru": "штраф (N = --points): p Боря miscount 10",
        },
        "table.help.exchange": {
            "en": "swap the trump 7 for the face-up card",
            "ru": "обменять козырную семёрку на открытую карту",
        },
        "table.help.claim": {
            "en": "claim the win (quick deal: tricks and card points so far)",
            "ru": "заявить выигрыш (в быстрой сдаче: взятки и очки на сейчас)",
        },
        "table.help.undo": {"en": "remove the latest event", "ru": "отменить последнее событие"},
        "table.help.status": {"en": "the deal now", "ru": "состояние сдачи"},
        "table.help.sheet": {"en": "the score sheet", "ru": "запись очков"},
        "table.help.log": {"en": "the events, numbered", "ru": "события по номерам"},
        "table.help.help": {"en": "this list", "ru": "этот список"},
        "table.help.quit": {
            "en": "leave (Ctrl-D, Ctrl-C too); everything is already saved",
            "ru": "выход (также Ctrl-D, Ctrl-C); всё уже записано",
        },
        # --- completion meta ---------------------------------------------------------------
        "table.meta.player": {"en": "player", "ru": "игрок"},
        "table.meta.quick": {"en": "quick deal", "ru": "быстрая сдача"},
        "table.meta.command": {"en": "command", "ru": "команда"},
    }
)


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
    Form("n", "deal", ("сдача", "сд"), "n [TRUMP] [DEALER] [quick]", "n 7ч", ("deal",)),
    Form(
        "d",
        "declare",
        ("объявить", "об"),
        "d P COMBO…",
        "d Аня терц:Дч",
        ("player", "combo"),
    ),
    Form(
        "c",
        "challenge",
        ("негодится", "нг"),
        "c P COMBO",
        "c Боря терц:Тп",
        ("player", "combo", "none"),
    ),
    Form("t", "trick", ("взятка", "в"), "t CARD CARD", "t Тп 7п", ("card", "card", "none")),
    Form(
        "s",
        "score",
        ("счёт", "счет"),
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
    Form("x", "exchange", ("обмен",), "x P", "x Аня", ("player", "none")),
    Form(
        "cl",
        "claim",
        ("хватит", "заявка"),
        "cl P [TRICKS CARDPOINTS]",
        "cl Аня 3 40",
        ("player", "none"),
    ),
    Form("u", "undo", ("отмена", "отменить"), "u", "u", ("none",)),
    Form("st", "status", ("статус",), "st", "st", ("none",)),
    Form("sh", "sheet", ("лист", "запись"), "sh", "sh", ("none",)),
    Form("l", "log", ("журнал",), "l", "l", ("none",)),
)
HELP_WORDS = ("?", "h", "help", "помощь", "справка")
QUIT_WORDS = ("q", "quit", "exit", "выход", "выйти")
QUICK_WORDS = ("quick", "быстро", "быстрая")


def _norm(word: str) -> str:
    return word.replace("\ufe0f", "").strip().casefold().replace("ё", "е")


_BY_WORD: dict[str, Form] = {}
for _form in FORMS:
    for _word in (_form.short, *_form.aliases):
        _BY_WORD[_norm(_word)] = _form

#: Options of the recording commands that take a value (the next word is not a positional).
VALUE_OPTIONS = frozenset(
    {"--trump", "-t", "--dealer", "--points", "--event", "--by", "--last-trick", "--tricks"}
    | {"--card-points", "--rules", "-r", "--as", "--from", "--turns", "--hand", "--lead"}
)


class TableError(RefereeError):
    """A line the session cannot translate; the message is ready to show."""


@dataclass(frozen=True)
class Line:
    """What one input line asks for: ``kind`` is "empty", "help", "quit" or "run" (``argv``)."""

    kind: str
    argv: tuple[str, ...] = ()


def _is_option(word: str) -> bool:
    if len(word) < 2 or not word.startswith("-"):
        return False
    return not word[1:].lstrip("-").isdigit()


def _split_options(words: Sequence[str]) -> tuple[list[str], list[str]]:
    """Positionals and options (an option in VALUE_OPTIONS keeps the word after it)."""
    positionals: list[str] = []
    options: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        if _is_option(word):
            options.append(word)
            if word in VALUE_OPTIONS and i + 1 < len(words):
                i += 1
                options.append(words[i])
        else:
            positionals.append(word)
        i += 1
    return positionals, options


def _usage(form: Form, lang: str) -> TableError:
    return TableError(t("table.usage", lang, usage=form.usage_in(lang), example=form.example))


def _is_trump(word: str) -> bool:
    from .cards import parse_card_or_suit

    try:
        parse_card_or_suit(word)
    except NotationError:
        return False
    return True


def _translate(form: Form, rest: list[str], lang: str) -> list[str]:
    """The argv of the plain command for a short form (without ``--game``)."""
    pos, opts = _split_options(rest)
    wants_help = "--help" in opts or "-h" in opts
    argv = [form.command]
    if form.command == "deal":
        trump = dealer = None
        quick = False
        for word in pos:
            if word == "-":
                continue
            if _norm(word) in QUICK_WORDS and not quick:
                quick = True
            elif trump is None and _is_trump(word):
                trump = word
            elif dealer is None:
                dealer = word
            else:
                raise _usage(form, lang)
        if trump is not None:
            argv += ["--trump", trump]
        if dealer is not None:
            argv += ["--dealer", dealer]
        if quick:
            argv.append("--quick")
        return argv + opts
    if form.command == "score":
        if len(pos) > 3:
            raise _usage(form, lang)
        argv += pos[:1]
        if len(pos) > 1:
            argv += ["--by", pos[1]]
        if len(pos) > 2:
            argv += ["--last-trick", pos[2]]
        argv += opts
        given = {a.split("=", 1)[0] for a in argv}
        if not wants_help and not ({"--by", "--last-trick"} <= given and len(pos) >= 1):
            raise _usage(form, lang)
        return argv
    if form.command == "penalty":
        if len(pos) > 3:
            raise _usage(form, lang)
        argv += pos[:2]
        if len(pos) > 2:
            argv += ["--points", pos[2]]
        return argv + opts
    if form.command == "claim":
        if len(pos) > 3:
            raise _usage(form, lang)
        argv += pos[:1]
        if len(pos) > 1:
            argv += ["--tricks", pos[1]]
        if len(pos) > 2:
            argv += ["--card-points", pos[2]]
        return argv + opts
    return argv + list(rest)


def _click_group():
    from typer.main import get_command

    from .cli.dispatch import full_app

    return get_command(full_app())


_COMMANDS: dict[str, bool] = {}


def full_commands() -> dict[str, bool]:
    """The ``terts`` commands by name, each with whether it takes ``--game``."""
    if not _COMMANDS:
        group = _click_group()
        for name, command in getattr(group, "commands", {}).items():
            if name == "table":
                continue
            _COMMANDS[name] = any(p.name == "game" for p in getattr(command, "params", ()))
    return _COMMANDS


def parse_line(line: str, game_path: str | os.PathLike[str], lang: str = "en") -> Line:
    """Translate one input line; raises TableError with a one-line message."""
    try:
        words = shlex.split(line, comments=False)
    except ValueError as exc:
        raise TableError(t("table.shlex", lang, reason=str(exc).lower())) from None
    if words and words[0] == "terts":  # a hint copied from the program's output
        words = words[1:]
    if not words:
        return Line("empty")
    head, rest = words[0], words[1:]
    key = _norm(head)
    if key in HELP_WORDS:
        return Line("help")
    if key in QUIT_WORDS and not rest:
        return Line("quit")
    commands = full_commands()
    if head in commands:
        argv = [head, *rest]
        needs_game = commands[head]
    elif key in _BY_WORD:
        argv = _translate(_BY_WORD[key], rest, lang)
        needs_game = True
    elif key == "table":
        raise TableError(t("table.nested", lang))
    else:
        raise TableError(t("table.unknown", lang, word=head))
    if any(w in ("--game", "-g") or w.startswith("--game=") for w in argv):
        raise TableError(t("table.own_game", lang, path=game_path))
    if needs_game:
        argv += ["--game", str(game_path)]
    return Line("run", tuple(argv))


def help_lines(lang: str) -> list[str]:
    """The short forms, one a line, in ``lang``, then the Russian words for them."""
    rows = [(f.usage_in(lang), t(f"table.help.{f.command}", lang)) for f in FORMS]
    rows.append((" ".join(HELP_WORDS[:3]), t("table.help.help", lang)))
    rows.append((" ".join(QUIT_WORDS[:3]), t("table.help.quit", lang)))
    width = max(len(usage) for usage, _ in rows)
    lines = [t("table.help.header", lang)]
    lines += [f"  {usage.ljust(width)}  {text}" for usage, text in rows]
    words = [f"{'/'.join(f.aliases)} = {f.short}" for f in FORMS if f.aliases]
    words.append(f"{'/'.join(HELP_WORDS[3:])} = ?")
    words.append(f"{'/'.join(QUIT_WORDS[3:])} = q")
    lines.append("  " + t("table.help.aliases", lang, words=", ".join(words)))
    return lines


# --- the short status --------------------------------------------------------------------


def summary_lines(game, sheet, lang: str) -> list[str]:
    """Two short lines: the totals against the targets, and where the deal stands."""
    from .report.status import status_json

    totals = " · ".join(
        t("table.totals", lang, name=p, total=sheet.totals[p], target=sheet.targets[p])
        for p in game.players
    )
    data = status_json(game, sheet)
    if sheet.finished:
        where = t("table.game_over", lang, winner=sheet.winner)
    elif not data["deal"]:
        where = t("table.no_deal", lang)
    elif data["phase"] == "over":
        where = t("table.deal_over", lang, deal=data["deal"])
    else:
        deal = sheet.deals[-1]
        trump = deal.trump.symbol if deal.trump else t("table.no_trump", lang)
        if deal.quick:
            where = t("table.quick", lang, deal=deal.number, dealer=deal.dealer, trump=trump)
        else:
            where = t(
                "table.deal",
                lang,
                deal=deal.number,
                trump=trump,
                trick=data["trick"],
                phase=t(f"phase.{data['phase']}", lang),
                stock=data["stock"],
                leader=data["leader"],
            )
    return [totals, where]


# --- completion --------------------------------------------------------------------------

_RU_SUIT = {Suit.SPADES: "п", Suit.CLUBS: "т", Suit.DIAMONDS: "б", Suit.HEARTS: "ч"}
#: Declaration words offered for COMBO arguments; a class ending in ":" then takes a top card.
DECLARATION_WORDS = (
    "terts:",
    "50:",
    "100:",
    "105:",
    "106:",
    "107:",
    "108:",
    "4J",
    "4A",
    "4K",
    "4Q",
    "200",
    "marriage",
    "терц:",
    "полтинник:",
    "сто:",
    "4В",
    "4Т",
    "4К",
    "4Д",
    "марьяж",
)
#: Run length by class word (for the top cards a class allows).
_CLASS_LENGTH = {
    "terts": 3,
    "терц": 3,
    "20": 3,
    "50": 4,
    "fifty": 4,
    "полтинник": 4,
    "пятьдесят": 4,
    "100": 5,
    "105": 5,
    "hundred": 5,
    "сто": 5,
    "106": 6,
    "107": 7,
    "108": 8,
}


def card_forms(card: Card) -> tuple[str, str, str]:
    """``Q♥``, ``Qh`` and ``Дч``."""
    return str(card), card.letters, f"{card.rank.russian}{_RU_SUIT[card.suit]}"


def _quote(text: str) -> str:
    return shlex.quote(text) if any(c.isspace() or c in "'\"\\#;&|<>()$`*?" for c in text) else text


def _split_for_completion(text: str) -> tuple[list[str], str, str]:
    """The words before the cursor's word, the cursor's word as typed, and without quotes."""
    start, quote = 0, None
    for i, ch in enumerate(text):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch.isspace():
            start = i + 1
    before = text[:start]
    try:
        words = shlex.split(before)
    except ValueError:
        words = before.split()
    raw = text[start:]
    return words, raw, raw.replace('"', "").replace("'", "")


class TableCompleter(Completer):
    """Tab completion for ``terts table``: commands first, then what each command takes.

    ``players`` are the game's names; ``played`` the cards already played in the open deal
    (left out of ``t`` completions). The session updates both after every event.
    """

    def __init__(
        self,
        players: Sequence[str] = (),
        lang: str = "en",
        played: Iterable[Card] = (),
    ):
        self.players = tuple(players)
        self.lang = lang
        self.played = frozenset(played)

    # -- candidates --

    def _commands(self, prefix: str) -> Iterator[Completion]:
        seen = set()
        p = _norm(prefix)
        words: list[tuple[str, str]] = []
        for f in FORMS:
            meta = f"{f.usage_in(self.lang)}: {t(f'table.help.{f.command}', self.lang)}"
            words.append((f.short, meta))
        for f in FORMS:
            words.append((f.command, f.usage_in(self.lang)))
        for name in sorted(full_commands()):
            words.append((name, t("table.meta.command", self.lang)))
        for f in FORMS:
            for a in f.aliases:
                words.append((a, f.command))
        words += [(w, t("table.help.help", self.lang)) for w in HELP_WORDS]
        words += [(w, t("table.help.quit", self.lang)) for w in QUIT_WORDS]
        for word, meta in words:
            if word not in seen and _norm(word).startswith(p):
                seen.add(word)
                yield Completion(word, -len(prefix), display_meta=meta)

    def _players(self, raw: str, prefix: str) -> Iterator[Completion]:
        p = _norm(prefix)
        for name in self.players:
            if _norm(name).startswith(p):
                yield Completion(
                    _quote(name),
                    -len(raw),
                    display=name,
                    display_meta=t("table.meta.player", self.lang),
                )

    def _cards(
        self, raw: str, prefix: str, head: str = "", exclude=frozenset(), min_index: int = 0
    ) -> Iterator[Completion]:
        """Each card once, in the form being typed: ``Qh`` after Latin letters, ``Дч`` after
        Cyrillic ones, ``Q♥`` otherwise (nothing typed yet, or a digit)."""
        p = _norm(prefix)
        if any("а" <= ch <= "я" for ch in p):
            chosen = 2
        elif any(ch.isalpha() for ch in p):
            chosen = 1
        else:
            chosen = 0
        seen = set()
        for card in DECK:
            if card in exclude or card.rank.sequence_index < min_index:
                continue
            for form in (card_forms(card)[chosen],):
                if form in seen or not _norm(form).startswith(p):
                    continue
                seen.add(form)
                yield Completion(
                    head + form, -len(raw), display=head + form, display_meta=str(card)
                )

    def _combos(self, raw: str, prefix: str) -> Iterator[Completion]:
        if ":" in prefix:
            cls, _, top = prefix.partition(":")
            length = _CLASS_LENGTH.get(_norm(cls).replace(" ", ""))
            if length is None:
                return
            yield from self._cards(raw, top, head=cls + ":", min_index=length - 1)
            return
        if "," in prefix:
            head, _, last = prefix.rpartition(",")
            yield from self._cards(raw, last, head=head + ",")
            return
        p = _norm(prefix)
        for word in DECLARATION_WORDS:
            if _norm(word).startswith(p):
                yield Completion(word, -len(raw))
        if p:
            yield from self._cards(raw, prefix)

    def _kinds(self, raw: str, prefix: str) -> Iterator[Completion]:
        from .events import _PENALTY_WORDS, PenaltyKind

        p = _norm(prefix)
        words = [k.value for k in PenaltyKind]
        words += [w for w in _PENALTY_WORDS if w not in words]
        for word in words:
            if _norm(word).startswith(p):
                yield Completion(word, -len(raw), display_meta=_PENALTY_WORDS[word].value)

    def _deal(self, raw: str, prefix: str) -> Iterator[Completion]:
        yield from self._players(raw, prefix)
        p = _norm(prefix)
        for word in QUICK_WORDS:
            if word.startswith(p):
                yield Completion(word, -len(raw), display_meta=t("table.meta.quick", self.lang))
        yield from self._cards(raw, prefix)

    # -- dispatch --

    def get_completions(self, document: Document, complete_event) -> Iterator[Completion]:
        words, raw, prefix = _split_for_completion(document.text_before_cursor)
        if words and words[0] == "terts":
            words = words[1:]
        if not words:
            yield from self._commands(raw)
            return
        head = _norm(words[0])
        args = words[1:]
        previous = args[-1] if args else ""
        if previous in ("--by", "--last-trick", "--dealer"):
            yield from self._players(raw, prefix)
            return
        if previous in ("--trump", "-t"):
            yield from self._cards(raw, prefix)
            return
        if prefix.startswith("-"):
            return
        if head == "check":
            if not args:
                for sub in ("hand", "compare", "trick", "legal"):
                    if sub.startswith(_norm(prefix)):
                        yield Completion(sub, -len(raw))
            return
        if head == "rules":
            if not args:
                for sub in ("list", "show", "new", "check"):
                    if sub.startswith(_norm(prefix)):
                        yield Completion(sub, -len(raw))
            return
        form = _BY_WORD.get(head)
        if form is None:
            form = next((f for f in FORMS if f.command == head), None)
        if form is None:
            return
        positionals, _ = _split_options(args)
        kinds = form.args or ("none",)
        # The full ``score`` takes its players by option: only its short form has three words.
        if head == "score":
            kinds = ("none",)
        kind = kinds[min(len(positionals), len(kinds) - 1)]
        if kind == "player":
            yield from self._players(raw, prefix)
        elif kind == "card":
            typed = set()
            for w in positionals:
                try:
                    typed.add(Card.parse(w))
                except NotationError:
                    pass
            yield from self._cards(raw, prefix, exclude=self.played | typed)
        elif kind == "combo":
            yield from self._combos(raw, prefix)
        elif kind == "kind":
            yield from self._kinds(raw, prefix)
        elif kind == "deal":
            yield from self._deal(raw, prefix)


# --- the session ---------------------------------------------------------------------------


def _say(text: str) -> None:
    from . import console

    console.say(text)


def _error(text: str) -> None:
    from . import console

    console.error_line(text)


def _load(path: Path):
    from .game import Game
    from .storage import read_game

    game = Game.from_doc(read_game(path), str(path))
    return game, game.sheet()


def _history_for(path: Path):
    from prompt_toolkit.history import FileHistory, InMemoryHistory

    target = Path(f"{path}.history")
    folder = target.parent if str(target.parent) else Path(".")
    writable = os.access(target, os.W_OK) if target.exists() else os.access(folder, os.W_OK)
    return FileHistory(str(target)) if writable else InMemoryHistory()


def _lines_from(source: Iterable[str]) -> Callable[[], str]:
    iterator = iter(source)

    def read() -> str:
        try:
            return next(iterator).rstrip("\r\n")
        except StopIteration:
            raise EOFError from None

    return read


def run_table(
    game: str | None,
    lang: str | None = None,
    *,
    input=None,
    output=None,
) -> int:
    """Run the interactive session on the game file; returns the exit code.

    ``input``: a prompt_toolkit ``Input`` (``output`` defaults to ``DummyOutput`` then), an
    iterable of lines (a scripted session without prompt_toolkit), or None for the terminal.
    Returns 2 with one line on stderr when the game file is missing or unreadable, 0 on leaving
    (``q``, Ctrl-D, Ctrl-C, end of input).
    """
    from . import i18n
    from .cli import dispatch
    from .storage import resolve_game_path

    if lang is not None and lang not in LANGS:
        _error(t("table.bad_lang", "en", lang=lang))
        return 2
    lang = lang or i18n.lang()
    path = resolve_game_path(game)
    if not path.exists():
        _error(t("table.no_game", lang, path=path))
        return 2
    try:
        g, _ = _load(path)
    except RefereeError as exc:
        _error(str(exc))
        return 2

    completer = TableCompleter(g.players, lang)

    def refresh(show: bool) -> None:
        try:
            g2, sheet2 = _load(path)
        except RefereeError as exc:
            _error(str(exc))
            return
        completer.players = g2.players
        current = sheet2.current
        completer.played = frozenset(current.played()) if current else frozenset()
        if show:
            for line in summary_lines(g2, sheet2, lang):
                _say(line)

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
            except TableError as exc:
                _error(str(exc))
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
            try:
                code = dispatch.run_command(["--lang", lang, *parsed.argv])
            except SystemExit as exc:  # pragma: no cover - cli.main returns its codes
                code = exc.code if isinstance(exc.code, int) else 1
            sys.stdout.flush()
            if code == 0 and _snapshot(path) != before:
                refresh(show=True)
    except KeyboardInterrupt:
        pass
    _say(t("table.bye", lang, path=path))
    return 0


def _snapshot(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


def _reader(path: Path, lang: str, completer: TableCompleter, input, output) -> Callable[[], str]:
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

        history = InMemoryHistory()
        output = output if output is not None else DummyOutput()
    else:
        history = _history_for(path)
    session = PromptSession(
        t("table.prompt", lang),
        completer=completer,
        complete_while_typing=False,
        history=history,
        auto_suggest=AutoSuggestFromHistory(),
        input=input,
        output=output,
    )
    return session.prompt
