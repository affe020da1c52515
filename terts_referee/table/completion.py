"""Tab completion for the table mode (prompt_toolkit): commands and short forms first, then
what each takes (players, cards not yet played, declarations, penalty kinds, deal words)."""

from __future__ import annotations

import shlex
from collections.abc import Iterable, Iterator, Sequence

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from ..domain.cards import DECK, Card
from ..errors import NotationError
from ..i18n import card as card_in
from ..i18n import t
from .parser import (
    BY_WORD,
    FORMS,
    HELP_WORDS,
    QUICK_WORDS,
    QUIT_WORDS,
    RECORDING,
    TRICKS_WORDS,
    norm,
    split_options,
)

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
#: The class words of each language, offered first in a session of it: «сто:» before
#: ``100:`` (every word of ``DECLARATION_WORDS`` is still offered, and read as typed).
_LANGUAGE_WORDS = {
    "ru": ("терц:", "полтинник:", "сто:", "4В", "4Т", "4К", "4Д", "марьяж"),
    "uk": ("терц:", "сто:", "4В", "4Т", "4К", "4Д", "марʼяж"),
}
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
    return str(card), card.letters, f"{card.rank.russian}{card.suit.russian[0]}"


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
        self.events: tuple[str, ...] = ()  # each event's description, for fix/ins/drop N

    # -- candidates --

    def _commands(self, prefix: str) -> Iterator[Completion]:
        seen = set()
        p = norm(prefix)
        words: list[tuple[str, str]] = []
        for f in FORMS:
            meta = f"{f.usage_in(self.lang)}: {t(f'table.help.{f.command}', self.lang)}"
            words.append((f.short, meta))
        for f in FORMS:
            words.append((f.command, f.usage_in(self.lang)))
        for f in FORMS:
            for a in f.aliases:
                words.append((a, f.command))
        words += [(w, t("table.help.help", self.lang)) for w in HELP_WORDS]
        words += [(w, t("table.help.quit", self.lang)) for w in QUIT_WORDS]
        for word, meta in words:
            if word not in seen and norm(word).startswith(p):
                seen.add(word)
                yield Completion(word, -len(prefix), display_meta=meta)

    def _players(self, raw: str, prefix: str) -> Iterator[Completion]:
        p = norm(prefix)
        for name in self.players:
            if norm(name).startswith(p):
                yield Completion(
                    _quote(name),
                    -len(raw),
                    display=name,
                    display_meta=t("table.meta.player", self.lang),
                )

    def _cards(
        self,
        raw: str,
        prefix: str,
        head: str = "",
        exclude: frozenset[Card] | set[Card] = frozenset(),
        min_index: int = 0,
    ) -> Iterator[Completion]:
        """Each card once, in the form being typed: ``Qh`` after Latin letters, ``Дч`` after
        Cyrillic ones, ``Q♥`` otherwise (nothing typed yet, or a digit)."""
        p = norm(prefix)
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
            # the symbol form as the session's language writes cards (``Q♥`` / «Д♥»), the
            # letters as typed
            shown = card_in(card, self.lang)
            form = shown if chosen == 0 else card_forms(card)[chosen]
            if form in seen or not norm(form).startswith(p):
                continue
            seen.add(form)
            # The symbol beside a form written in letters (``Qh``  ``Q♥``, «Дч»  «Д♥»); beside
            # the symbol itself nothing, or the menu would show every card twice (``8♠  8♠``).
            meta = shown if form != shown else None
            yield Completion(head + form, -len(raw), display=head + form, display_meta=meta)

    def _combos(self, raw: str, prefix: str) -> Iterator[Completion]:
        if ":" in prefix:
            cls, _, top = prefix.partition(":")
            length = _CLASS_LENGTH.get(norm(cls).replace(" ", ""))
            if length is None:
                return
            yield from self._cards(raw, top, head=cls + ":", min_index=length - 1)
            return
        if "," in prefix:
            head, _, last = prefix.rpartition(",")
            yield from self._cards(raw, last, head=head + ",")
            return
        p = norm(prefix)
        own = _LANGUAGE_WORDS.get(self.lang, ())
        # In a Russian or Ukrainian session the Latin words (``terts:``, ``4J``) only once a
        # Latin letter is typed: they are read, but the menu shows the language's own.
        latin = not own or any("a" <= ch <= "z" for ch in p)
        for word in dict.fromkeys((*own, *DECLARATION_WORDS)):
            if not latin and any("a" <= ch.lower() <= "z" for ch in word):
                continue
            if norm(word).startswith(p):
                yield Completion(word, -len(raw))
        if p:
            yield from self._cards(raw, prefix)

    def _kinds(self, raw: str, prefix: str) -> Iterator[Completion]:
        from ..domain.events import (
            ALL_PENALTY_WORDS,
            FORMER_PENALTY_WORDS,
            PENALTY_WORDS,
            PenaltyKind,
        )

        p = norm(prefix)
        # the session's language's words first («ложное»), then the kinds' names, then the
        # other languages' words: all are read, whatever the session's language
        own = [w for listed in PENALTY_WORDS.get(self.lang, {}).values() for w in listed]
        words = [*own, *(k.value for k in PenaltyKind)]
        words += [w for w in ALL_PENALTY_WORDS if w not in FORMER_PENALTY_WORDS]
        for word in dict.fromkeys(words):
            if norm(word).startswith(p):
                meta = t(f"pen.{ALL_PENALTY_WORDS[word].value}", self.lang)
                yield Completion(word, -len(raw), display_meta=meta)

    def _deal(self, raw: str, prefix: str) -> Iterator[Completion]:
        yield from self._players(raw, prefix)
        p = norm(prefix)
        for word in QUICK_WORDS:
            if word.startswith(p):
                yield Completion(word, -len(raw), display_meta=t("table.meta.quick", self.lang))
        for word in TRICKS_WORDS:
            if word.startswith(p):
                yield Completion(word, -len(raw), display_meta=t("table.meta.tricks", self.lang))
        yield from self._cards(raw, prefix)

    def _events(self, raw: str, prefix: str) -> Iterator[Completion]:
        """Event numbers, newest first, each with what it records."""
        for number in range(len(self.events), 0, -1):
            if str(number).startswith(prefix):
                meta = t("table.meta.event", self.lang, n=number) + ": " + self.events[number - 1]
                yield Completion(str(number), -len(raw), display_meta=meta)

    def _recording(self, raw: str, prefix: str) -> Iterator[Completion]:
        """The recording commands a correction line can hold, short forms first."""
        for c in self._commands(raw):
            form = BY_WORD.get(norm(c.text))
            name = form.command if form else c.text
            if name in RECORDING:
                yield c

    # -- dispatch --

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterator[Completion]:
        words, raw, prefix = _split_for_completion(document.text_before_cursor)
        if words and words[0] == "terts":
            words = words[1:]
        yield from self._complete(words, raw, prefix)

    def _complete(self, words: list[str], raw: str, prefix: str) -> Iterator[Completion]:
        if not words:
            yield from self._commands(raw)
            return
        head = norm(words[0])
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
        form = BY_WORD.get(head)
        if form is None:
            return
        positionals, _ = split_options(args)
        kinds = form.args or ("none",)
        # The full ``score`` takes its players by option: only its short form has three words.
        if head == "score":
            kinds = ("none",)
        kind = kinds[min(len(positionals), len(kinds) - 1)]
        if kind == "line":  # fix/ins N LINE: the rest completes as a line of its own
            yield from (
                self._complete(args[1:], raw, prefix)
                if len(args) > 1
                else self._recording(raw, prefix)
            )
        elif kind == "event":
            yield from self._events(raw, prefix)
        elif kind == "player":
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
