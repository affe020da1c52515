"""A verdict's remedy as a command to type: the plain ``terts …`` command on the terminal, the
table's short form at the table, built from the same data; names with a space quoted in both.
"""

from __future__ import annotations

import pytest

from terts_referee.domain.verdicts import Remedy, Verdict


def test_plain_hints_quote_names_with_spaces(terts):
    terts.ok("new", "Анна Мария", "Боря")
    terts.ok("deal", "--trump", "7ч")
    out = terts.ok("declare", "Боря", "терц:Тп").stdout
    assert "terts challenge 'Анна Мария' COMBO" in out, out


@pytest.mark.parametrize(
    ("remedy", "plain", "table"),
    [
        (Remedy("challenge", {"player": "Анна Мария", "combo": None}),
         "terts challenge 'Анна Мария' COMBO", "c 'Анна Мария' COMBO"),
        (Remedy("claim", {"player": "Боря", "tricks": None, "card_points": None}),
         "terts claim Боря --tricks N --card-points N", "cl Боря N N"),
        (Remedy("score", {"points": None, "by": None, "last_trick": None}),
         "terts score POINTS --by P --last-trick P", "s POINTS P P"),
        (Remedy("deal", {"trump": "7♥", "quick": True, "replace": 1}),
         "terts deal --trump 7♥ --quick --replace 1", "n 7♥ quick --replace 1"),
        (Remedy("deal", {"trump": "7♥", "dealer": "Анна Мария"}),
         "terts deal --trump 7♥ --dealer 'Анна Мария'", "n 7♥ 'Анна Мария'"),
        (Remedy("trump", {"trump": None}), "terts trump CARD|SUIT", "tr CARD|SUIT"),
        (Remedy("trump", {"trump": None}), "terts trump CARD|SUIT", "tr CARD|SUIT"),
        (Remedy("score", {"points": None, "by": "O'Neil", "last_trick": "Аня"}),
         "terts score POINTS --by 'O'\\''Neil' --last-trick Аня", "s POINTS 'O'\\''Neil' Аня"),
        (Remedy("penalty", {"player": None, "kind": "false-declaration", "event": None}),
         "terts penalty P false-declaration --event N", "p P false-declaration --event N"),
        (Remedy("penalty", {"player": "Аня", "kind": "miscount", "points": None}),
         "terts penalty Аня miscount --points N", "p Аня miscount N"),
        (Remedy("declare", {"player": "Аня", "combos": (None, "марьяж")}),
         "terts declare Аня COMBO марьяж", "d Аня COMBO марьяж"),
        (Remedy("undo"), "terts undo", "u"),
        (Remedy("new", {"players": (None, None)}), "terts new P1 P2", "terts new P1 P2"),
    ],
)  # fmt: skip
def test_a_remedy_as_a_command_and_at_the_table(remedy, plain, table):
    """One remedy, two forms: the plain command, or the table's short form (the plain command
    where the table has none); names with a space quoted in both."""
    from terts_referee.cli.remedies import command
    from terts_referee.table.remedies import short

    assert command(remedy) == plain
    assert short(remedy) == table


@pytest.mark.parametrize(
    ("lang", "plain", "table"),
    [
        ("ru", "terts score ОЧКИ --by ИГРОК --last-trick ИГРОК", "s ОЧКИ ИГРОК ИГРОК"),
        ("uk", "terts score ОЧКИ --by ГРАВЕЦЬ --last-trick ГРАВЕЦЬ", "s ОЧКИ ГРАВЕЦЬ ГРАВЕЦЬ"),
    ],
)
def test_what_is_left_to_choose_reads_as_the_help_pages_say_it(lang, plain, table):
    """A field the players must fill is written with the metavar of the language's help pages
    (``terts score --help`` says ОЧКИ, ГРАВЕЦЬ); a number stays ``N``."""
    from terts_referee import i18n
    from terts_referee.cli.remedies import command
    from terts_referee.table.remedies import short

    remedy = Remedy("score", {"points": None, "by": None, "last_trick": None})
    with i18n.speaking(lang):
        assert (command(remedy), short(remedy)) == (plain, table)
        claim = Remedy("claim", {"player": None, "tricks": None, "card_points": None})
        assert command(claim).endswith("--tricks N --card-points N")
        assert i18n.t("hole.combo", lang) in command(Remedy("challenge", {"combo": None}))


@pytest.mark.parametrize(
    ("lang", "plain", "table"),
    [
        ("en", "terts penalty Боря false-declaration", "p Боря false-declaration"),
        ("ru", "terts penalty Боря ложное", "p Боря ложное"),
        ("uk", "terts penalty Боря хибне", "p Боря хибне"),
    ],
)
def test_a_penalty_kind_is_written_in_the_languages_word(lang, plain, table):
    """`terts penalty Боря false-declaration` under ru read as English notation: the kind is
    the language's own word, one the command accepts."""
    from terts_referee import i18n
    from terts_referee.cli.remedies import command
    from terts_referee.domain.events import PenaltyKind
    from terts_referee.table.remedies import short

    remedy = Remedy("penalty", {"player": "Боря", "kind": "false-declaration"})
    with i18n.speaking(lang):
        assert (command(remedy), short(remedy)) == (plain, table)
    assert PenaltyKind.parse(plain.split()[-1]) is PenaltyKind.FALSE_DECLARATION


def test_a_penalty_word_with_a_gender_is_read_but_not_offered(terts):
    """«взял-до-ломки» is a past tense with a player as subject: still read, for old habits,
    but the Russian help offers «добор-до-ломки»."""
    from terts_referee.domain.events import PenaltyKind

    assert PenaltyKind.parse("взял-до-ломки") is PenaltyKind.DRAW_BEFORE_BREAK
    help_page = terts.ok("--lang", "ru", "penalty", "--help").stdout
    assert "добор-до-ломки" in help_page and "взял" not in help_page, help_page


def test_the_terminal_adds_the_command_after_the_sentence():
    """The sentence names no command; the terminal's tail adds it, in the form in use."""
    from terts_referee.cli.remedies import say
    from terts_referee.i18n.sentences import say as sentence
    from terts_referee.table.remedies import say as at_the_table

    v = Verdict("err.no_deal", {"what": Verdict("err.no_deal.declare")}, remedy=Remedy("deal"))
    assert sentence(v, "en") == "no deal is open to declare in: start one"
    assert say(v, "en") == "no deal is open to declare in: start one with `terts deal`"
    assert say(v, "ru") == "нет открытой сдачи, чтобы объявлять: начните её командой `terts deal`"
    assert at_the_table(v, "en") == "no deal is open to declare in: start one with `n`"
