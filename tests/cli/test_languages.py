"""The three languages as a player meets them: a Ukrainian game kept with the table's words from
`new` to the winner, every help page in Russian and Ukrainian, the CSV for a spreadsheet, and
numbers and dates in the language's way."""

from __future__ import annotations

import csv
import io
import re

import pytest

from terts_referee import i18n
from tests.i18n.catalogues import english, po, watch_catalogues_opened

#: English words that would show a message left untranslated.
ENGLISH_WORDS = re.compile(r"\b(?:expected|unknown|cannot|already|deal|trick|points?|wins?)\b")


def _uk(terts, *args):
    r = terts.ok("--lang", "uk", *args)
    assert not ENGLISH_WORDS.search(r.stdout + r.stderr), r.stdout + r.stderr
    return r


def test_a_ukrainian_game_from_new_to_the_winner(terts, monkeypatch):
    """Ukrainian words on input (suits, class words with any apostrophe, a penalty kind) and
    Ukrainian on output, the winner named as a noun."""
    monkeypatch.setenv("TERTS_LANG", "uk")
    out = terts.ok("new", "Аня", "Боря").stdout
    assert out.startswith("нова партія ") and "Аня — Боря" in out
    assert "козир ♥" in terts.ok("deal", "--trump", "чирва").stdout
    assert "терц від Дами ♥" in terts.ok("declare", "Аня", "терц:Дч").stdout
    assert "пʼятдесят від Короля ♠" in terts.ok("declare", "Боря", "п'ятдесят:Квино").stdout
    out = terts.ok("challenge", "Аня", "сотня:Тч").stdout
    assert "«Не годиться!»" in out and "сто пʼять від Туза ♥" in out
    assert "Боря: штраф — хибне оголошення" in terts.ok("penalty", "Боря", "хибне").stdout
    out = terts.ok("score", "90", "--by", "Аня", "--last-trick", "Аня").stdout
    assert "Аня рахує 90; остання взятка — Аня" in out
    assert "козир ♣" in terts.ok("deal", "--trump", "жир").stdout
    assert "марʼяж ♣" in terts.ok("declare", "Боря", "мар’яж").stdout
    assert "двісті валетів" in terts.ok("declare", "Аня", "двісті").stdout
    out = terts.ok("score", "100", "--by", "Аня", "--last-trick", "Аня").stdout
    assert "партію закінчено, переможець — Аня" in out
    sheet = terts.ok("sheet").stdout
    assert "здає" in sheet and "переможець — Аня" in sheet
    assert "Аня: пʼятдесят" not in sheet
    assert "Боря: пʼятдесят від Короля ♠ 0 (хибне оголошення)" in sheet
    status = terts.ok("status").stdout
    assert "переможець партії — Аня" in status
    for text in (out, sheet, status):
        assert not ENGLISH_WORDS.search(text), text
    data = terts.sheet()
    assert data["winner"] == "Аня"
    names = [d["table_name"] for d in data["deals"][0]["declared"]]
    assert names[:2] == ["терц від Дами ♥", "пʼятдесят від Короля ♠"]


def test_the_locale_chooses_ukrainian(terts, monkeypatch):
    monkeypatch.setenv("TERTS_LANG", "")
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LANG", "uk_UA.UTF-8")
    assert terts.ok("new", "Аня", "Боря").stdout.startswith("нова партія ")


@pytest.mark.parametrize(
    ("words", "notation"),
    [
        pytest.param(("--trump", "вино"), "♠", id="вино: spades"),
        pytest.param(("--trump", "вн"), "♠", id="вн: spades"),
        pytest.param(("--trump", "дзвінка"), "♦", id="дзвінка: diamonds"),
        pytest.param(("--trump", "дз"), "♦", id="дз: diamonds"),
        pytest.param(("--trump", "хрести"), "♣", id="хрести: clubs"),
        pytest.param(("--trump", "х"), "♣", id="х: clubs"),
        pytest.param(("--trump", "ж"), "♣", id="ж: clubs"),
        pytest.param(("--trump", "черва"), "♥", id="черва: hearts"),
        pytest.param(("--trump", "Ддзв"), "♦", id="a card of дзвінка"),
        pytest.param(("--trump", "Ввн"), "♠", id="a card of вино"),
    ],
)
def test_ukrainian_suits_on_input(terts, words, notation):
    terts.ok("new", "Аня", "Боря")
    assert f"козир {notation}" in _uk(terts, "deal", *words).stdout


@pytest.mark.parametrize("trump", ["В", "Д", "в", "д"])
def test_a_rank_letter_alone_is_no_trump(terts, trump):
    """вино and дзвінка have no one-letter form: «В» and «Д» are a jack and a queen without a
    suit, refused, never read as spades or diamonds."""
    terts.ok("new", "Аня", "Боря")
    r = terts.refused("--lang", "uk", "deal", "--trump", trump)
    assert "масть" in r.stderr


@pytest.mark.parametrize(
    ("combo", "notation"),
    [
        ("сотня:Вп", "105:J♠"),
        ("сотка:Кч", "105:K♥"),
        ("сто п'ять:Дч", "105:Q♥"),
        ("стошість:Кч", "106:K♥"),
        ("марʼяж", "marriage:♥"),
        ("мар'яж", "marriage:♥"),
        ("мар’яж", "marriage:♥"),
        ("бела", "marriage:♥"),
        ("мариаж", "marriage:♥"),
        ("чотири тузи", "4A"),
        ("четыре туза", "4A"),
        ("двісті валетів", "4J"),
        ("сто кралей", None),
        ("стокраль", "4Q"),
        ("4хлоп", "4J"),
        ("полтинник:Вч", "50:J♥"),
    ],
)
def test_the_table_s_declaration_words(terts, combo, notation):
    terts.ok("new", "Аня", "Боря")
    terts.ok("deal", "--trump", "ч")
    if notation is None:
        terts.refused("declare", "Аня", combo)
    else:
        assert f"({notation})" in terts.ok("declare", "Аня", combo).stdout


@pytest.mark.parametrize(
    ("word", "kind"),
    [
        ("пересчёт", "miscount"),
        ("пересчет", "miscount"),
        ("ложное", "false-declaration"),
        ("поздно", "late-declaration"),
        ("ренонс", "renege"),
        ("не в масть", "renege"),
        ("хибне", "false-declaration"),
        ("пізнє оголошення", "late-declaration"),
        ("козирна-сімка", "trump-seven"),
        ("до-ламання", "draw-before-break"),
    ],
)
def test_penalty_kinds_in_the_table_s_words(word, kind):
    from terts_referee.domain.events import PenaltyKind

    assert PenaltyKind.parse(word).value == kind


def test_every_input_word_means_one_thing():
    """The words of a table (any language) for one thing never stand for another: a penalty
    word, a suit word, a rank word each read one way (the tables refuse a clash at import)."""
    from terts_referee.domain.cards import word_table
    from terts_referee.domain.events import PENALTY_WORDS

    seen: dict[str, str] = {}
    for words in PENALTY_WORDS.values():
        for kind, listed in words.items():
            for word in listed:
                assert seen.setdefault(word, kind.value) == kind.value, word
    with pytest.raises(ValueError, match="двісті"):
        word_table({1: "двісті сто", 2: "двісті"})


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_penalty_help_lists_the_table_s_words_of_the_language(capsys, lang):
    from terts_referee.cli import main
    from terts_referee.domain.events import PENALTY_WORDS

    assert main(["--lang", lang, "penalty", "--help"]) == 0
    page = _unwrapped(capsys.readouterr().out)
    for kind, words in PENALTY_WORDS[lang].items():
        said = i18n.t(f"pen.{kind.value}", lang)
        # the kind by its words; its English name last, one more spelling accepted
        assert _unwrapped(f"{said} ({', '.join(words)}; {kind.value})") in page, kind


def _unwrapped(text: str) -> str:
    """``text`` without its white space: click wraps a help page at spaces and hyphens."""
    return "".join(text.split())


# --- help pages ----------------------------------------------------------------------------------


def _command_paths() -> list[str]:
    english()
    return sorted(
        {m.context.split(":")[1] for m in po("uk") if m.context and m.context.startswith("cmd:")}
    )


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_every_help_page_is_in_the_language(capsys, lang):
    """``terts --lang LANG [COMMAND…] --help``: the command's text, each option's help and
    click's own words are the catalogue's, and no English help text is left."""
    from terts_referee.cli import main

    catalog = po(lang)
    usage = i18n.t("help.usage", lang)
    for path in _command_paths():
        assert main(["--lang", lang, *path.split(), "--help"]) == 0, path
        page = _unwrapped(capsys.readouterr().out)  # click wraps: compare without spaces
        assert page.startswith(_unwrapped(usage)), (path, page[:80])
        for message in catalog:
            if not message.context or ":" not in message.context:
                continue
            kind, _, rest = message.context.partition(":")
            where = rest.rsplit(":", 1)[0] if kind in ("opt", "metavar") else rest
            if where != path or kind not in ("cmd", "opt"):
                continue
            wanted = _unwrapped(message.string)
            english_text = _unwrapped(message.id)
            assert wanted[:50] in page, (lang, message.context, message.string[:60])
            if english_text != wanted and len(english_text) > 12:
                assert english_text[:40] not in page, (lang, message.context)
        assert "Showthismessageandexit." not in page and "Options:" not in page, path


def test_the_root_help_in_ukrainian(capsys):
    from terts_referee.cli import main

    assert main(["--lang", "uk", "--help"]) == 0
    page = capsys.readouterr().out
    assert page.startswith("Використання: terts [ПАРАМЕТРИ] КОМАНДА [АРГУМЕНТИ]...")
    assert "Облік очок і суддя для терцу" in page
    assert "Команди:" in page and "Параметри:" in page and "Показати цю довідку та вийти." in page
    assert main(["--lang", "uk", "declare", "--help"]) == 0
    page = capsys.readouterr().out
    assert "Використання: terts declare [ПАРАМЕТРИ] {ГРАВЕЦЬ} {ОГОЛОШЕННЯ...}" in page
    assert "[обовʼязково]" in page and "Аргументи:" in page


def test_english_help_is_as_typer_writes_it(capsys):
    from terts_referee.cli import main

    assert main(["declare", "--help"]) == 0
    page = capsys.readouterr().out
    assert page.startswith("Usage: terts declare [OPTIONS] {P} {COMBO...}")
    assert "Show this message and exit." in page


# --- CSV, numbers, dates ----------------------------------------------------------------------


def _a_deal(terts):
    terts.ok("new", "Аня", "Боря")
    terts.ok("deal", "--trump", "ч")
    terts.ok("declare", "Аня", "терц:Дч")
    terts.ok("score", "90", "--by", "Аня", "--last-trick", "Боря")


@pytest.mark.parametrize(
    ("lang", "head", "suit", "delimiter"),
    [
        ("en", ["deal", "dealer", "trump", "last_trick", "Аня card_points"], "hearts", ","),
        (
            "ru",
            ["сдача", "сдаёт", "козырь", "последняя взятка", "Аня: очки в картах"],
            "черви",
            ";",
        ),
        ("uk", ["роздача", "здає", "козир", "остання взятка", "Аня: очки в картах"], "чирви", ";"),
    ],
)
def test_the_csv_header_and_suits_are_in_the_language(terts, lang, head, suit, delimiter):
    """A spreadsheet opens the file right: UTF-8 marked with a BOM, the list separator of the
    language's spreadsheets; the header and the trump in the language."""
    _a_deal(terts)
    out = terts.ok("--lang", lang, "sheet", "--csv").stdout
    assert out.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(out.removeprefix("\ufeff")), delimiter=delimiter))
    assert rows[0][:5] == head
    assert rows[1][:4] == ["1", "Боря", suit, "Боря"]
    assert len(rows[0]) == len(rows[1]) == 17  # six columns a player, and the notes
    assert rows[1][4] == "90"


def test_json_keeps_english_keys_under_any_language(terts):
    _a_deal(terts)
    english_doc = terts.ok("sheet", "--json").json()
    ukrainian = terts.ok("--lang", "uk", "sheet", "--json").json()
    assert set(english_doc) == set(ukrainian)
    assert ukrainian["deals"][0]["trump"] == "hearts"
    assert ukrainian["deals"][0]["declared"][0]["name"] == "терц от Дамы ♥"  # README: Russian
    assert ukrainian["deals"][0]["declared"][0]["table_name"] == "терц від Дами ♥"


def test_dates_in_the_language_s_way(terts):
    _a_deal(terts)
    assert re.search(r"\b\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\b", terts.ok("log").stdout)
    for lang in ("ru", "uk"):
        assert re.search(
            r"\b\d\d\.\d\d\.\d{4} \d\d:\d\d:\d\d\b", terts.ok("--lang", lang, "log").stdout
        )


def _won(terts, a, b, deals):
    """A quick game ``a`` wins in ``deals`` deals (2 or 3)."""
    terts.ok("new", a, b, "--quick", "--force")
    for n in range(deals):
        terts.ok("deal", "--trump", "hsd"[n])
        if n >= deals - 2:
            terts.ok("declare", a, "4J")
        terts.ok("score", "150", "--by", a, "--last-trick", a)


def test_averages_with_a_decimal_comma_in_the_terminal_and_the_season_page(terts, tmp_path):
    """2, 2 and 3 deals: 2.3 on average, «2,3 сдачи» / «2,3 роздачі» (the fraction's form)."""
    for deals in (2, 2, 3):
        _won(terts, "Аня", "Боря", deals)
    terts.ok("archive")
    for lang, words in (
        ("en", "on average 2.3 deals"),
        ("ru", "в среднем 2,3 сдачи"),
        ("uk", "у середньому 2,3 роздачі"),
    ):
        r = terts("--lang", lang, "stats", game=False)
        assert r.code == 0 and words in r.stdout, r.stdout + r.stderr
    page = tmp_path / "season.html"
    assert terts("--lang", "uk", "stats", "--html", str(page), game=False).code == 0
    html = page.read_text(encoding="utf-8")
    assert "2,3 роздачі" in html and 'lang="uk"' in html


def test_an_english_run_reads_no_catalogue(terts, monkeypatch):
    """English is the code's own: the sheet (its JSON's Russian ``name`` too), the status and
    a help page open no ``.mo``."""
    _a_deal(terts)
    i18n.forget()
    opened = watch_catalogues_opened(monkeypatch)
    data = terts.sheet()
    assert data["deals"][0]["declared"][0]["name"] == "терц от Дамы ♥"
    terts.ok("sheet")
    terts.ok("status")
    terts.ok("declare", "--help")
    assert opened == []
    terts.ok("--lang", "uk", "status")
    assert len(opened) == 1


def test_the_bundled_rulesets_are_described_in_the_language(terts):
    """``rules list`` and ``rules show``: a bundled ruleset's description in the language (its
    file keeps the English, which the catalogue holds as it is); ``--json`` stays English."""
    from terts_referee.domain.rules import bundled_names, load_ruleset
    from terts_referee.i18n.ruledocs import BUNDLED

    names = bundled_names()
    assert {f"ruleset.{n}" for n in names} == set(BUNDLED)
    for name in names:
        assert load_ruleset(name).description == BUNDLED[f"ruleset.{name}"], name
    listed = _uk(terts, "rules", "list").stdout
    assert "Правила Моряка [000]" in listed and "Moryak" not in listed
    assert (
        "exact: classic без округления" in terts.ok("--lang", "ru", "rules", "show", "exact").stdout
    )
    data = terts.ok("--lang", "uk", "rules", "list", "--json").json()
    assert data["rulesets"][1]["description"].startswith("Moryak's rules")


def test_a_command_that_runs_translates_no_help_page(terts, tmp_path):
    """Under --lang uk the help pages' words are put in only when the line may show them
    (``--help``) or a usage error needs them: ``sheet`` imports no help-page module."""
    import subprocess
    import sys

    _a_deal(terts)
    probe = (
        "import sys\n"
        "from terts_referee.cli.dispatch import run_command\n"
        "code = run_command(sys.argv[1:])\n"
        "sys.stderr.write(str('terts_referee.cli.help_pages' in sys.modules))\n"
    )

    def loaded(*args: str) -> str:
        run = [sys.executable, "-c", probe, "--lang", "uk", *args, "--game", str(terts.game)]
        done = subprocess.run(run, capture_output=True, text=True, check=False)
        return done.stderr.strip().splitlines()[-1][-5:].strip()

    assert loaded("sheet") == "False"
    assert loaded("sheet", "--help") == "True"
    assert loaded("declare") == "True"  # a usage error: the argument's metavar in Ukrainian
