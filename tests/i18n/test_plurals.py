"""Plurals in one place: gettext's forms chosen by each catalogue's CLDR rule, fractions in the
form CLDR gives them, numbers written with the language's decimal separator, and a message that
counts two things at once.
"""

from __future__ import annotations

import pytest

from terts_referee import i18n

from .catalogues import TRANSLATED, english, entries, fields, po

english()  # every module's catalogue registered


@pytest.mark.parametrize(
    ("n", "ru", "uk", "en"),
    [
        (0, "0 очков", "0 очок", "0 points"),
        (1, "1 очко", "1 очко", "1 point"),
        (2, "2 очка", "2 очки", "2 points"),
        (4, "4 очка", "4 очки", "4 points"),
        (5, "5 очков", "5 очок", "5 points"),
        (11, "11 очков", "11 очок", "11 points"),
        (12, "12 очков", "12 очок", "12 points"),
        (14, "14 очков", "14 очок", "14 points"),
        (21, "21 очко", "21 очко", "21 points"),
        (22, "22 очка", "22 очки", "22 points"),
        (101, "101 очко", "101 очко", "101 points"),
        (111, "111 очков", "111 очок", "111 points"),
    ],
)
def test_plural_rules_cldr(n, ru, uk, en):
    """Russian and Ukrainian one/few/many with the 11-14 exceptions; English one/other (CLDR,
    through each catalogue's Plural-Forms)."""
    assert i18n.t("ev.points", "ru", n=n) == ru
    assert i18n.t("ev.points", "uk", n=n) == uk
    assert i18n.t("ev.points", "en", n=n) == en


@pytest.mark.parametrize(
    ("value", "ru", "uk", "en"),
    [
        (4.2, "4,2 сдачи", "4,2 роздачі", "4.2 deals"),
        (2.4, "2,4 сдачи", "2,4 роздачі", "2.4 deals"),
        (1.5, "1,5 сдачи", "1,5 роздачі", "1.5 deals"),
        (21.0, "21,0 сдачи", "21,0 роздачі", "21.0 deals"),
        (5, "5 сдач", "5 роздач", "5 deals"),
        (1, "1 сдача", "1 роздача", "1 deal"),
    ],
)
def test_a_fraction_takes_the_form_cldr_gives_fractions(value, ru, uk, en):
    """CLDR gives every written fraction the "other" form: in Russian and Ukrainian the
    genitive singular («4,2 сдачи», the form of 2), in English the plural; the number is
    written with the language's decimal separator."""
    key = "library.averages#deals"
    assert i18n.t(key, "ru", deals=value) == ru
    assert i18n.t(key, "uk", deals=value) == uk
    assert i18n.t(key, "en", deals=value) == en


def test_the_fraction_form_is_the_one_cldr_says():
    """Each catalogue's ``plural.fraction`` picks a whole number of the form CLDR gives a
    fraction: Babel's CLDR data says "other" for 4.2, and the gettext form of that number is
    the one whose word the fraction takes (2: сдачи, хвилини)."""
    from babel import Locale

    for lang in TRANSLATED:
        assert Locale.parse(lang).plural_form(4.2) == "other"
        assert Locale.parse(lang).plural_form(i18n.fraction_count(lang)) == "few"
    assert Locale.parse("en").plural_form(i18n.fraction_count("en")) == "other"


def test_averages_read_with_decimal_commas():
    text = i18n.t("library.averages", "ru", games=5, unfinished=1, deals=4.2, minutes=2.4)
    assert text == "5 оконченных партий, не окончено: 1; в среднем 4,2 сдачи и 2,4 минуты за партию"
    text = i18n.t("library.averages", "uk", games=1, unfinished=0, deals=4.2, minutes=2.4)
    assert text.startswith("1 закінчена партія, не закінчено: 0; у середньому 4,2 роздачі і 2,4")
    text = i18n.t("library.averages", "en", games=1, unfinished=0, deals=4.2, minutes=21)
    assert text == "1 finished game, 0 unfinished; on average 4.2 deals and 21 minutes a game"


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_numbers_in_the_language_s_way(lang):
    comma = lang != "en"
    assert i18n.number(114.7, lang) == ("114,7" if comma else "114.7")
    assert i18n.number(3.14159, lang, ".1f") == ("3,1" if comma else "3.1")
    assert i18n.number(501, lang) == "501"


def test_a_message_counting_two_things_counts_each():
    """Two numbers in one message: each is a sub-entry of its own (``code#field``), with the
    forms its own number needs."""
    assert i18n.t("out.best", "ru", n=1, p=22) == (
        "лучшее за 1 ход, по одной за ход, от младшей к старшей [000]: 22 очка"
    )
    assert i18n.t("out.best", "uk", n=3, p=5) == (
        "найкраще за 3 ходи, по одній за хід, від молодшої до старшої [000]: 5 очок"
    )
    assert i18n.t("out.best", "en", n=21, p=1).startswith("best over 21 turns")


def test_messages_use_the_plural(terts):
    out = terts.ok("--lang", "ru", "check", "hand", "Тч,Кч,Дч", "--trump", "ч", "--turns", "1")
    assert "за 1 ход," in out.stdout and "40 очков" in out.stdout, out.stdout
    out = terts.ok("--lang", "uk", "check", "hand", "Тч,Кч,Дч", "--trump", "ч", "--turns", "2")
    assert "за 2 ходи," in out.stdout and "40 очок" in out.stdout, out.stdout
    out = terts.ok("check", "hand", "A♥,K♥,Q♥", "--trump", "h", "--turns", "21")
    assert "over 21 turns" in out.stdout, out.stdout


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_counted_message_has_the_language_s_forms(lang):
    """Each counted message has as many forms as the catalogue's Plural-Forms, and each form
    renders with the numbers that choose it."""
    counted = [code for code, entry in english().items() if isinstance(entry, i18n.Plural)]
    assert len(counted) > 30
    forms = entries(lang)
    assert all(len(forms[code]) == po(lang).num_plurals for code in counted)
    for code in counted:
        entry = english()[code]
        assert isinstance(entry, i18n.Plural)
        names = {name for form in forms[code] for name, _, _ in fields(form)}
        for n in (1, 2, 5, 21, 4.2):
            text = i18n.t(code, lang, **{**dict.fromkeys(names, "x"), entry.field: n})
            assert "{" not in text, (code, text)
