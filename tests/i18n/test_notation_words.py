"""A declaration's notation in brackets is written in the output language's own input words
(«терц от Дамы ♥ (терц:Д♥)», «(50:К♣)», «(4В)», «(марьяж:♥)»; English ``terts:Q♥``), and
each reads back as the same declaration: what the players see is what they may type."""

from __future__ import annotations

import pytest

from terts_referee.domain.cards import Rank, Suit
from terts_referee.domain.declarations import FOUR_RANKS, Declaration, Kind
from terts_referee.i18n.sentences import notation

RUN_TOPS = {3: "Q", 4: "K", 5: "A", 6: "A", 7: "A", 8: "A"}
DECLARATIONS = [
    *(Declaration(Kind.SEQUENCE, Rank(RUN_TOPS[n]), Suit.HEARTS, n) for n in RUN_TOPS),
    Declaration(Kind.SEQUENCE, Rank("10"), Suit.CLUBS, 3),
    *(Declaration(Kind.FOUR, rank, None, 4) for rank in FOUR_RANKS),
    Declaration.marriage(Suit.HEARTS),
]


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
@pytest.mark.parametrize("decl", DECLARATIONS, ids=str)
def test_the_notation_reads_back_in_every_language(lang, decl):
    written = notation(decl, lang)
    assert Declaration.parse(written) == decl, written


@pytest.mark.parametrize(
    ("lang", "decl", "expected"),
    [
        ("ru", Declaration(Kind.SEQUENCE, Rank("Q"), Suit.HEARTS, 3), "терц:Д♥"),
        ("ru", Declaration(Kind.SEQUENCE, Rank("K"), Suit.CLUBS, 4), "50:К♣"),
        ("ru", Declaration(Kind.FOUR, Rank("J"), None, 4), "4В"),
        ("ru", Declaration.marriage(Suit.HEARTS), "марьяж:♥"),
        ("uk", Declaration(Kind.SEQUENCE, Rank("A"), Suit.SPADES, 5), "105:Т♠"),
        ("uk", Declaration.marriage(Suit.HEARTS), "марʼяж:♥"),
        ("en", Declaration(Kind.SEQUENCE, Rank("Q"), Suit.HEARTS, 3), "terts:Q♥"),
    ],
)
def test_the_notation_is_in_the_languages_words(lang, decl, expected):
    assert notation(decl, lang) == expected


def test_a_russian_declaration_line_shows_the_russian_notation(terts):
    terts.ok("new", "Аня", "Боря")
    terts.ok("deal", "--trump", "7ч")
    out = terts.ok("--lang", "ru", "declare", "Аня", "терц:Дч").stdout
    assert "терц от Дамы ♥ (терц:Д♥)" in out, out
    assert "terts:" not in out, out


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_a_declaration_has_one_name_across_the_faces(lang):
    """The picker, the stats and the sentences name a declaration alike: «пятьдесят» in the
    picker was «полтинник» in the stats, «четыре валета» was «двести валетов» elsewhere."""
    from terts_referee import i18n

    def say(code: str) -> str:
        return i18n.t(code, lang)

    assert say("ui.cls.50") == say("decl.seq.4") == say("name.class.fifty")
    assert say("ui.st.cls.fifty") == say("name.class.fifty")
    assert say("season.fifty").lower() == say("name.class.fifty").lower()
    if lang != "en":  # English's picker says "hundred", its sentences "hundred (105)"
        assert say("ui.cls.100") == say("decl.seq.5")
    for rank in "JQKA":
        assert say(f"ui.cls.4{rank}") == say(f"decl.four.{rank}"), rank
    if lang != "en":  # English's class is "jacks", the declaration "four jacks"
        assert say("name.class.jacks") == say("decl.four.J")
