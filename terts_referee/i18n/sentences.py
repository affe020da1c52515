"""A verdict's sentence: ``say(verdict, lang)`` words it in a language.

The referee, the domain and the game layer return verdicts as data (``domain.verdicts``); the
faces choose the words when they show one, in the language they were asked for: nothing here
reads a language of its own. A verdict's parameters are rendered by their kind: a player's name
and any other text literally, numbers as numbers (with their noun where the template counts
them: the catalogue's plural forms; a float with the language's decimal separator), a card or
a rank as the language writes the declarations' (``Q♥`` / «Д♥», ``10♠``: ``i18n.card``), a suit
by its name in the language (``hearts`` / ``черви``), a declaration by its notation in English
(``terts:Q♥``, what the commands accept) and by the table's name in every other language
(``терц от Дамы ♥``, ``терц від Дами ♥``: ``named``), a nested verdict by its own sentence, a
tuple of cards joined by spaces as the table writes them («Д♥ В♥»), and any other tuple by
commas.

The sentence never holds a command to type: a face that has one adds it after the sentence
(``tail``: the terminal's ``output.remedies``), for the verdict and each nested one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..domain.verdicts import Verdict
from . import card as _card
from . import cards as _cards
from . import messages, t, terms
from . import rank as _rank

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..domain.cards import Suit
    from ..domain.declarations import Declaration

    #: A face's words after a verdict's sentence: ``tail(verdict, lang)``.
    Tail = Callable[[Verdict, str], str]

__all__ = ["named", "notation", "say", "shown", "suit_word"]

_ = (messages, terms)  # imported for the catalogues they register

_CARDS = "terts_referee.domain.cards"
_DECLARATIONS = "terts_referee.domain.declarations"
_SUIT_KEYS = {
    "spades": "name.suit.spades",
    "clubs": "name.suit.clubs",
    "diamonds": "name.suit.diamonds",
    "hearts": "name.suit.hearts",
}
_PLAIN = (str, int, float, bool)


def say(verdict: Verdict, lang: str, tail: Tail | None = None) -> str:
    """The sentence of ``verdict`` in ``lang``, its parameters in words; ``tail`` (a face's)
    adds its words after it and after each nested verdict."""
    params = verdict.params
    if params:
        words = {name: _word(value, lang, tail) for name, value in params.items()}
        if words.get("notation") == "terts":
            # A class's notation in an example («например терц:Д♥»): the data keeps the
            # file's spelling, the sentence the one a player of the language types.
            words["notation"] = t("notation.terts", lang)
        text = t(verdict.code, lang, **words)
    else:
        text = t(verdict.code, lang)
    return text + tail(verdict, lang) if tail is not None else text


def _word(value: object, lang: str, tail: Tail | None) -> object:
    """A parameter as its sentence shows it (see the module's doc); anything else as it is."""
    kind = type(value)
    if kind in _PLAIN or value is None:
        return value
    if kind is Verdict:
        assert isinstance(value, Verdict)
        return say(value, lang, tail)
    if kind is tuple or kind is list:
        assert isinstance(value, (tuple, list))
        if value and all(type(v).__name__ == "Card" for v in value):
            return _cards(value, lang)  # cards as the table writes them: «Д♥ В♥»
        return ", ".join(str(_word(v, lang, tail)) for v in value)
    # A card, a suit or a declaration: the class's module is loaded when one of them exists, so
    # asking for it here imports nothing new (a path or an enum never gets this far).
    module = kind.__module__
    if module == _CARDS:
        from ..domain.cards import Card, Rank, Suit

        if isinstance(value, Suit):
            return suit_word(value, lang)
        if isinstance(value, Card):
            return _card(value, lang)
        if isinstance(value, Rank):
            return _rank(value, lang)
        return str(value)
    if module == _DECLARATIONS:
        from ..domain.declarations import Declaration

        if isinstance(value, Declaration):
            return shown(value, lang)
    return value


def suit_word(suit: Suit, lang: str) -> str:
    """A suit's name in ``lang``: ``hearts`` / ``черви``."""
    return t(_SUIT_KEYS[suit.value], lang)


def notation(declaration: Declaration, lang: str) -> str:
    """A declaration as the commands take it, in ``lang``'s own input words: ``terts:Q♥``,
    ``50:K♣``, ``4J``, ``marriage:♥`` in English, «терц:Д♥», «50:К♣», «4В», «марьяж:♥» in
    Russian; what a player of that language would type, and what reads back the same."""
    if lang == "en":
        return declaration.notation()
    rank = declaration.rank
    card = ""
    if rank is not None:
        card = t(f"notation.rank.{rank.value}", lang) if rank.value in "AKQJ" else rank.value
    suit = declaration.suit.symbol if declaration.suit is not None else ""
    if declaration.kind.value == "marriage":
        word = t("notation.marriage", lang)
        return f"{word}:{suit}" if suit else word
    if declaration.kind.value == "four":
        return f"4{card}"
    head = declaration.notation().split(":", 1)[0]  # 50, 105 … 108: a number in any language
    head = t("notation.terts", lang) if declaration.length == 3 else head
    return f"{head}:{card}{suit}"


def shown(declaration: Declaration, lang: str) -> str:
    """A declaration inside a sentence: its notation in English (``terts:Q♥``, what the
    commands accept), the table's name in every other language (``терц от Дамы ♥``)."""
    return str(declaration) if lang == "en" else named(declaration, lang)


def named(declaration: Declaration, lang: str, ascii_only: bool = False) -> str:
    """A declaration as the table says it: "terts from Queen ♥", «терц от Дамы ♥», «сто дам»
    (``decl.*`` of the catalogue); the suit as its symbol, or its letter for an ASCII-only
    output."""
    suit = declaration.suit
    mark = (suit.letter if ascii_only else suit.symbol) if suit is not None else ""
    kind = declaration.kind.value
    if kind == "four":
        assert declaration.rank is not None  # a four has its rank
        return t(f"decl.four.{declaration.rank.value}", lang)
    if kind == "marriage":
        return t("decl.marriage", lang, suit=mark).strip()
    assert declaration.rank is not None  # a run has its top card
    cls = t(f"decl.seq.{declaration.length}", lang)
    rank = t(f"decl.rank.{declaration.rank.value}", lang)
    return t("decl.run", lang, cls=cls, rank=rank, suit=mark).strip()
