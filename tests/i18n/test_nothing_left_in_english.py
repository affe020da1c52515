"""Everything shown in Russian and Ukrainian is in that language (README "Languages"): the
classes of English and of Latin card letters a newcomer's evening found, kept from coming back.

- the refusal's own word (``terts: error:`` on a Russian line: ``terts: ошибка:``);
- the help pages' metavars (``--dealer <str>``) and click's own sentences («Option '--dealer'
  requires an argument.», «Got unexpected extra argument»);
- the TOML parser's reasons («Invalid value (at end of document)»), their place kept;
- cards and ranks written with Latin letters («захід K♠», «можна класти A♠», «общие карты
  Q♥», «terts:9♥») where the declarations are written «терц:Д♥»;
- the examples a refusal gives («наприклад 105:Q♥», «например terts:Д♥»);
- a penalty kind by its English name in a sentence («для miscount»), the placeholders of a
  command to type («terts new P1 P2»), a size's unit and separator («13.6 MiB»);
- the table's Tab completion: cards, class words and penalty kinds as the language has them.

Every command's help and a set of refusals are run in both languages and searched for each
pattern, so a new command or message cannot bring one back.
"""

from __future__ import annotations

import re

import pytest

from terts_referee.cli.registry import COMMANDS
from tests.helpers import REFUSAL_PREFIXES, refusal_text

from .catalogues import entries

LANGS = ("ru", "uk")
#: A card or a rank-led notation with a Latin face-card letter: «K♠», «terts:Q♥», «4J».
LATIN_CARD = re.compile(r"(?<![\w:])(?:[AKQJ][♠♣♦♥]|terts:|4[AKQJ]\b)")
#: Typer's metavars for an option without its own: ``<str>``, ``<int>``.
TYPE_METAVAR = re.compile(r"<(?:str|int|float|path|text|integer)>")
#: click's and tomli's own English sentences.
ENGLISH_SENTENCES = re.compile(
    r"requires an argument|Got unexpected|No such (?:option|command)|Missing (?:argument|option)|"
    r"does not take a value|is not a valid|Invalid value|at end of document|at line \d|"
    r"Expected |Unterminated|Unclosed|Cannot overwrite|Show this message|Usage:|Options:|"
    r"\berror:|\[required\]|\[default:"
)


def _every_help() -> list[tuple[str, ...]]:
    """The root's help, every command's and every sub-command's (``check when``), as the whole
    app has them: a new one is searched without a line added here."""
    import typer

    from terts_referee.cli.dispatch import full_app

    groups = typer.main.get_command(full_app()).commands  # type: ignore[attr-defined]
    pages: list[tuple[str, ...]] = [()]
    for name in COMMANDS:
        pages.append((name,))
        pages += [(name, sub) for sub in sorted(getattr(groups.get(name), "commands", {}))]
    return pages


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("command", _every_help(), ids=lambda c: " ".join(c) or "terts")
def test_every_help_page_is_in_the_language(terts, lang, command):
    out = terts("--lang", lang, *command, "--help", game=False)
    assert out.code == 0, out.stderr
    assert not TYPE_METAVAR.search(out.stdout), out.stdout
    assert not ENGLISH_SENTENCES.search(out.stdout), out.stdout
    # a help page lists every notation input accepts (Q♥ among them); its example, the line a
    # player copies, is in the language's own
    example = [line for line in out.stdout.splitlines() if EXAMPLE_LINE.match(line)]
    assert not LATIN_CARD.search("\n".join(example)), example


EXAMPLE_LINE = re.compile(r"\s*(?:Пример|Приклад):")


#: Refusals of every kind: a notation, a rule, a usage error of click's, a file. Each is run in
#: a game with a declaration and a trick or two recorded (``_game``).
REFUSALS = [
    pytest.param(("declare", "Аня", "сто"), id="a class without its top"),
    pytest.param(("declare", "Аня", "сто", "шесть", "от", "дамы"), id="a run without its suit"),
    pytest.param(("declare", "Аня", "Дч,Вч,8ч"), id="cards not in sequence"),
    pytest.param(("declare", "Аня", "терц:8ч"), id="a run that cannot top at 8"),
    pytest.param(("declare", "Боря", "терц:Кт"), id="one deck: shared cards"),
    pytest.param(("challenge", "Боря", "терц", "от", "Туза", "пик"), id="a challenge too low"),
    pytest.param(("challenge", "Боря", "50:Дт"), id="a challenge sharing cards"),
    pytest.param(("trick", "7♥", "8♥"), id="the face-up trump played"),
    pytest.param(("deal", "--dealer"), id="click: an option without its value"),
    pytest.param(("undo", "extra"), id="click: extra words"),
    pytest.param(("deal", "--bogus"), id="click: no such option"),
    pytest.param(("bogus",), id="click: no such command"),
    pytest.param(("score",), id="click: a missing argument"),
    pytest.param(("declare", "Аня", "терц", "от"), id="a terts said without its top"),
    pytest.param(("penalty", "Аня", "пересчёт"), id="a miscount without its points"),
]
#: A penalty kind's English name (``miscount``, ``false-declaration``) standing in a sentence;
#: the settings' keys (``penalties.renege``, ``declarations.lowering``) are code, not words.
ENGLISH_KIND = re.compile(
    r"(?<![\w.\-])(?:false-declaration|miscount|empty-challenge|late-declaration|"
    r"out-of-turn-draw|wrong-hand-size|draw-before-break|renege|trump-seven|lowering)(?![\w\-])"
)


def _game(terts) -> None:
    terts.ok("new", "Аня", "Боря", "--tricks")
    terts.ok("deal", "--trump", "7ч")
    terts.ok("declare", "Аня", "50:Дт")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("command", REFUSALS)
def test_every_refusal_is_in_the_language(terts, lang, command):
    _game(terts)
    line = terts.refused("--lang", lang, *command).stderr.strip()
    assert line.startswith(REFUSAL_PREFIXES[lang]), line
    text = refusal_text(line, lang)
    assert not ENGLISH_SENTENCES.search(text), line
    assert not LATIN_CARD.search(text), line
    assert not ENGLISH_KIND.search(text), line


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    ("toml", "reason"),
    [
        pytest.param(
            "a = ",
            {
                "ru": "неверное значение (в конце файла)",
                "uk": "неправильне значення (наприкінці файлу)",
            },
            id="no value",
        ),
        pytest.param(
            "a = 1 2",
            {"ru": "(строка 1, столбец 7)", "uk": "(рядок 1, стовпець 7)"},
            id="two values: the place kept",
        ),
        pytest.param(
            'a = "x',
            {"ru": "строка не закрыта кавычкой", "uk": "рядок не закрито лапками"},
            id="an open string",
        ),
        pytest.param("[t", {"ru": "не закрыт «]»", "uk": "не закрито «]»"}, id="an open table"),
    ],
)
def test_the_toml_parsers_reasons_are_in_the_language(terts, tmp_path, lang, toml, reason):
    bad = tmp_path / "bad.toml"
    bad.write_text(toml, encoding="utf-8")
    line = terts.refused("--lang", lang, "rules", "check", str(bad)).stderr.strip()
    assert reason[lang] in line, line
    assert not ENGLISH_SENTENCES.search(refusal_text(line, lang)), line
    before = bad.read_bytes()
    assert terts("--lang", lang, "sheet", "--game", str(bad), game=False).code == 2
    assert bad.read_bytes() == before  # a corrupt file is reported, never rewritten


@pytest.mark.parametrize("lang", LANGS)
def test_check_reports_write_cards_as_the_declarations_are(terts, lang):
    """«захід К♠, відповідь Т♠», «можна класти Т♠ 10♠», the hand's «терц:9♥» column."""
    hand = "9♥ 8♥ 7♥ A♠ K♠ Q♠ Q♦ Q♣ Q♥"
    outputs = [
        terts.ok("--lang", lang, "check", "trick", "K♠", "A♠", "--trump", "h").stdout,
        terts.ok(
            "--lang", lang, "check", "legal", "--hand", "A♠ 10♠ 7♥", "--lead", "K♠", "--trump", "h"
        ).stdout,
        terts.ok("--lang", lang, "check", "hand", hand, "--trump", "h").stdout,
        terts.ok("--lang", lang, "check", "compare", "50:K♠", "terts:A♠", "--trump", "h").stdout,
    ]
    for out in outputs:
        assert not LATIN_CARD.search(out), out
    assert "К♠" in outputs[0] and "Т♠ 10♠ 7♥" in outputs[1]
    assert "терц:9♥" in outputs[2] and "Д♠ Д♣ Д♦ Д♥" in outputs[2]


@pytest.mark.parametrize("lang", LANGS)
def test_trick_events_write_cards_as_the_declarations_are(terts, lang):
    terts.ok("new", "Аня", "Боря", "--tricks")
    terts.ok("deal", "--trump", "7ч")
    shown = terts.ok("--lang", lang, "trick", "K♠", "A♠").stdout
    log = terts.ok("--lang", lang, "log").stdout
    assert "К♠ Т♠" in shown and "К♠ Т♠" in log, (shown, log)
    assert not LATIN_CARD.search(shown + log)


#: The refusals whose example is the game file's own notation (``terts:Q♥``, as the file keeps
#: it in every language), not what a player types.
FILE_NOTATION = ("store.",)
EXAMPLE = re.compile(r"(?:например|наприклад)\s+[«\[\"']*([^\s,;»)]+)")


@pytest.mark.parametrize("lang", LANGS)
def test_a_messages_first_example_is_written_in_its_language(lang):
    """«назвіть і старшу карту, наприклад 105:Д♥»: an example a player copies is the one a
    player of that language types (the other notations may follow it)."""
    latin = []
    for key, forms in entries(lang).items():
        if key.startswith(FILE_NOTATION):
            continue
        for example in (e for text in forms for e in EXAMPLE.findall(text)):
            if LATIN_CARD.search(example) or re.search(r"[AKQJ][♠♣♦♥]", example):
                latin.append(f"{key}: {example}")
    assert latin == []


@pytest.mark.parametrize("lang", LANGS)
def test_no_sentence_names_a_penalty_kind_in_english(lang):
    """«для miscount (неправильный подсчёт) нужно указать очки»: a sentence names the kind by
    the language's words (the settings' keys, ``penalties.renege``, are code and stay)."""
    found = [
        f"{key}: {text}"
        for key, forms in entries(lang).items()
        for text in forms
        if ENGLISH_KIND.search(text)
    ]
    assert found == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_penalty_help_names_each_kind_in_the_language(terts, lang):
    """Each kind listed by its words, its English name only as one more spelling accepted."""
    out = " ".join(terts("--lang", lang, "penalty", "--help", game=False).stdout.split())
    out = out.replace("- ", "-")  # the help wraps a hyphenated name at its hyphen
    assert not re.search(ENGLISH_KIND.pattern + r" \(", out), out
    said = {"ru": "неправильный подсчёт (подсчет", "uk": "неправильний підрахунок (підрахунок"}
    assert said[lang] in out, out
    points = next(line for line in out.split("--") if line.startswith("points"))
    assert not ENGLISH_KIND.search(points), points


@pytest.mark.parametrize("lang", LANGS)
def test_a_command_to_type_names_its_placeholders_in_the_language(terts, tmp_path, lang):
    """«почніть партію командою terts new ГРАВЕЦЬ1 ГРАВЕЦЬ2», as the help's metavar says."""
    latin = [
        f"{key}: {text}"
        for key, forms in entries(lang).items()
        for text in forms
        if re.search(r"\bP[12]\b", text)
    ]
    assert latin == []
    missing = tmp_path / "x.toml"
    line = terts.refused("--lang", lang, "table", "--game", str(missing)).stderr
    player = {"ru": "ИГРОК1 ИГРОК2", "uk": "ГРАВЕЦЬ1 ГРАВЕЦЬ2"}[lang]
    assert f"terts new {player} --game" in line, line
    assert not missing.exists()


@pytest.mark.parametrize(("lang", "size"), [("ru", "13,6 МиБ"), ("uk", "13,6 МіБ")])
def test_a_size_is_written_with_the_languages_separator_and_unit(lang, size):
    from pathlib import Path

    from terts_referee.web.site import Built, said

    line = said(Built(Path("site"), 40, int(13.6 * 1024 * 1024), int(0.7 * 1024 * 1024)), lang)
    assert size in line and "0,7" in line, line
    assert "MiB" not in line and "13.6" not in line, line


def _completed(lang: str, line: str) -> list[tuple[str, str, str]]:
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from terts_referee.table.completion import TableCompleter

    completer = TableCompleter(("Оля", "Боря"), lang)
    return [
        (c.text, c.display_text, c.display_meta_text)
        for c in completer.get_completions(Document(line), CompleteEvent(completion_requested=True))
    ]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    "line", ["ог Оля ", "ог Оля сто:", "ог Оля т", "ог Оля Д", "в ", "в Д", "в 1", "p Боря "]
)
def test_tab_completion_writes_cards_and_words_in_the_language(lang, line):
    """``сто:Т♠ сто:К♠``, «Тп  Т♠», «ложное  ложное объявление»: what the table's Tab shows
    (the completion, its menu form and its description) has no Latin card and no English
    penalty name as a description."""
    shown = _completed(lang, line)
    assert shown, line
    for text, display, meta in shown:
        assert not LATIN_CARD.search(f"{text} {display} {meta}"), (text, display, meta)
        assert not ENGLISH_KIND.search(meta), (text, meta)
        assert not re.search(r"[A-Za-z]", meta), (text, meta)


@pytest.mark.parametrize("lang", LANGS)
def test_tab_completion_offers_the_languages_words_first(lang):
    tops = [text for text, _, _ in _completed(lang, "ог Оля сто:")]
    assert tops[:4] == ["сто:Т♠", "сто:К♠", "сто:Д♠", "сто:В♠"], tops
    classes = [text for text, _, _ in _completed(lang, "ог Оля ")]
    assert classes[0] == "терц:" and classes.index("сто:") < classes.index("100:"), classes
    kinds = _completed(lang, "p Боря ")
    own = {"ru": ("ложное", "ложное объявление"), "uk": ("хибне", "хибне оголошення")}[lang]
    assert kinds[0][0] == own[0] and kinds[0][2] == own[1], kinds[:3]
    first_english = next(i for i, (text, _, _) in enumerate(kinds) if text.isascii())
    assert all(not text.isascii() for text, _, _ in kinds[:first_english])
    assert first_english >= 10, kinds  # every kind has a word of the language before
    assert ("miscount", "miscount", t_kind(lang, "miscount")) in kinds  # still offered


def t_kind(lang: str, kind: str) -> str:
    from terts_referee.i18n import t

    return t(f"pen.{kind}", lang)
