"""The rule book (docs/rules.md, docs/rules.ru.md): its reader, and that it explains everything
the program cites — every § of every message and of the code, every ruleset key with each of its
values, and the bundled rulesets' choices as rulesets/*.toml make them."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

import terts_referee
from terts_referee.domain.rules import SECTIONS, bundled_names, fields, load_ruleset
from terts_referee.errors import NotationError
from terts_referee.output import rulebook
from tests.helpers import raises_verdict, said
from tests.i18n.catalogues import english

REPO = Path(__file__).resolve().parents[2]
PACKAGE = Path(terts_referee.__file__).resolve().parent
DOCS = REPO / "docs"
LANGS = {"en": "rules.md", "ru": "rules.ru.md", "uk": "rules.uk.md"}
#: The line that follows each key's explanation and lists the bundled rulesets' values.
BUNDLED_LINE = {"en": "Bundled:", "ru": "Наборы правил:", "uk": "Набори правил:"}
CITED = re.compile(r"§\s*(\d+(?:\.\d+)*)")
KEYS = [f"{s}.{f.name}" for s, cls in SECTIONS.items() for f in fields(cls)]


def _book(lang: str) -> rulebook.Book:
    path = DOCS / LANGS[lang]
    sections, sources = rulebook.parse_book(path.read_text(encoding="utf-8"))
    return rulebook.Book(sections, sources, lang, path)


# --- the reader -------------------------------------------------------------------------------

SAMPLE = """# Title

Intro, not a section.

## Sources

- **[000] the blog.** A long post.
- **[001] the book.** A printed book.

## 1. Cards

Cards text.

- **[001] a reading.** In a numbered section: not the source's name.

## 4. Declarations

Four's own text.

**`scoring.hundreds`**: the hundreds.

### 4.1 Which is higher

Order text, `scoring.hundreds` mentioned only.

```toml
# 9. not a heading inside code
rounding = "none"
```

### 4.2 The challenge

**`declarations.challenge`**: what beats.

## Appendix

Not numbered: ends 4.2.
"""


def test_numbered_headings_are_sections_and_their_text_stops_at_the_next_heading():
    sections, _ = rulebook.parse_book(SAMPLE)
    assert list(sections) == ["1", "4", "4.1", "4.2"]
    assert sections["4"].title == "Declarations"
    assert sections["4"].text == "Four's own text.\n\n**`scoring.hundreds`**: the hundreds."
    assert "# 9. not a heading" in sections["4.1"].text  # a fenced block is code
    assert "Appendix" not in sections["4.2"].text and "Not numbered" not in sections["4.2"].text


def test_a_key_in_bold_code_is_explained_there_a_plain_mention_is_not():
    sections, _ = rulebook.parse_book(SAMPLE)
    assert sections["4"].keys == ("scoring.hundreds",)
    assert sections["4.1"].keys == ()
    assert sections["4.2"].keys == ("declarations.challenge",)


def test_sources_are_read_by_tag_with_their_short_names_outside_the_numbered_sections():
    _, sources = rulebook.parse_book(SAMPLE)
    assert sources == {"000": "the blog", "001": "the book"}


def test_subsections_are_the_sections_one_level_under():
    sections, sources = rulebook.parse_book(SAMPLE)
    book = rulebook.Book(sections, sources, "en", Path("x.md"))
    assert [s.number for s in book.subsections("4")] == ["4.1", "4.2"]
    assert book.subsections("1") == []


def test_plain_text_drops_bold_and_code_marks_and_keeps_brackets():
    text = '**`play.trump_jack`**: `"free"` [003][004]\n\n```toml\nx = 1\n```'
    assert rulebook.plain_text(text) == 'play.trump_jack: "free" [003][004]\n\n    x = 1'


@pytest.mark.parametrize(
    ("query", "section", "key"),
    [
        ("4.3", "4.3", None),
        ("§4.3", "4.3", None),
        ("§4.3", "4.3", None),
        ("4.", "4", None),
        ("declarations.when", "4.3", "declarations.when"),
        ("when", "4.3", "declarations.when"),
        ("before-break", "4.3", "declarations.before_break"),
        ("Penalties.False_Uphill", "6", "penalties.false_uphill"),
    ],
)
def test_lookup_by_section_or_key(query, section, key):
    found, asked = rulebook.lookup(_book("en"), query)
    assert (found.number, asked) == (section, key)


@pytest.mark.parametrize("query", ["9", "4.9", "§", "whenn", "declarations.whenever", ""])
def test_lookup_refuses_what_the_book_does_not_have_naming_what_it_accepts(query):
    with raises_verdict(NotationError, "err.book.unknown") as refused:
        rulebook.lookup(_book("en"), query)
    message = said(refused.value)
    assert f"no section or ruleset key {query!r}" in message
    assert "(1, 2, 3, 4, 4.1, 4.2, 4.3, 5, 6, 7, 8)" in message
    assert "or a ruleset key (`terts rules show classic` lists them)" in message
    assert "declarations.when," not in message  # the keys are not all listed: a short line


@pytest.mark.parametrize(
    ("query", "meant"),
    [
        ("whenn", "when"),
        ("trump-jak", "trump_jack"),
        ("declarations.whenever", "declarations.when"),
        ("4,3", "4.3"),
        ("43", "4.3"),
        ("4.9", None),  # no section 4.9: 4.3 is no nearer than 4.1
        ("9", None),
        ("zzz", None),
    ],
)
def test_lookup_suggests_only_a_close_match(query, meant):
    with raises_verdict(NotationError, "err.book.unknown") as refused:
        rulebook.lookup(_book("en"), query)
    message = said(refused.value)
    if meant is None:
        assert "did you mean" not in message, message
    else:
        assert message.endswith(f" (did you mean {meant}?)"), message


@pytest.mark.parametrize(
    ("lang", "reads"), [("en", "en"), ("ru", "ru"), ("uk", "uk"), ("de", "en"), ("", "en")]
)
def test_a_language_without_a_book_reads_the_nearest(lang, reads):
    path, used = rulebook.book_file(lang)
    assert used == reads and path.name == LANGS[reads]


def test_the_books_are_found_in_the_repository_for_an_editable_install():
    assert rulebook.book_dir() == DOCS


# --- the books explain everything the program cites --------------------------------------------


def _cited_in_messages() -> dict[str, set[str]]:
    """Every section a message cites, in any language (the help pages too)."""
    from tests.i18n.catalogues import entries, po

    english()
    cited: dict[str, set[str]] = {}
    texts = [(f"{key} [en]", text) for key, forms in entries("en").items() for text in forms]
    for lang in ("ru", "uk"):
        texts += [
            (f"{key} [{lang}]", text) for key, forms in entries(lang).items() for text in forms
        ]
        texts += [(f"{m.context} [en]", m.id) for m in po(lang) if isinstance(m.id, str) and m.id]
    for where, text in texts:
        for number in CITED.findall(text):
            cited.setdefault(number, set()).add(where)
    return cited


def _cited_in_files() -> dict[str, set[str]]:
    files = [
        *PACKAGE.rglob("*.py"),
        *(REPO / "tests").rglob("*.py"),
        REPO / "README.md",
        *DOCS.glob("*.md"),
    ]
    cited: dict[str, set[str]] = {}
    for path in files:
        for number in CITED.findall(path.read_text(encoding="utf-8")):
            cited.setdefault(number, set()).add(str(path.relative_to(REPO)))
    return cited


def test_the_messages_cite_sections():
    assert {"2", "4.2", "4.3"} <= set(_cited_in_messages())  # the walk finds what is there


@pytest.mark.parametrize("lang", LANGS)
def test_every_section_a_message_cites_is_in_the_book(lang):
    sections = _book(lang).sections
    missing = {n: sorted(w) for n, w in _cited_in_messages().items() if n not in sections}
    assert missing == {}


@pytest.mark.parametrize("lang", LANGS)
def test_every_section_the_code_readme_and_books_cite_is_in_the_book(lang):
    sections = _book(lang).sections
    missing = {n: sorted(w) for n, w in _cited_in_files().items() if n not in sections}
    assert missing == {}


def test_both_books_have_the_same_sections():
    assert list(_book("ru").sections) == list(_book("en").sections)
    assert list(_book("en").sections) == [
        "1",
        "2",
        "3",
        "4",
        "4.1",
        "4.2",
        "4.3",
        "5",
        "6",
        "7",
        "8",
    ]


def test_both_books_describe_the_five_sources():
    for lang in LANGS:
        assert sorted(_book(lang).sources) == ["000", "001", "002", "003", "004"], lang


@pytest.mark.parametrize("lang", LANGS)
def test_every_ruleset_key_is_explained_in_exactly_one_section(lang):
    book = _book(lang)
    where = {key: [s.number for s in book.sections_for_key(key)] for key in KEYS}
    assert {key: found for key, found in where.items() if len(found) != 1} == {}
    explained = {key for s in book.sections.values() for key in s.keys}
    assert explained - set(KEYS) == set(), "the book explains keys the program does not have"


def test_each_key_is_explained_in_the_same_section_in_both_books():
    en, ru = _book("en"), _book("ru")
    assert {k: en.sections_for_key(k)[0].number for k in KEYS} == {
        k: ru.sections_for_key(k)[0].number for k in KEYS
    }


def _explanation(book: rulebook.Book, lang: str, key: str) -> tuple[str, str]:
    """A key's explanation (from its bold name to the line of the bundled rulesets) and that
    line, unwrapped (it ends with the first line that ends with a full stop)."""
    text = book.sections_for_key(key)[0].text
    start = text.index(f"**`{key}`**")
    found = re.compile(rf"^[ \t]*{re.escape(BUNDLED_LINE[lang])}", re.M).search(text, start)
    assert found, f"no {BUNDLED_LINE[lang]!r} line after {key}"
    lines = []
    for raw in text[found.start() :].splitlines():
        lines.append(raw.strip())
        if raw.rstrip().endswith("."):
            break
    return text[start : found.start()], " ".join(lines)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", KEYS)
def test_every_value_of_a_key_is_explained(lang, key):
    block, _ = _explanation(_book(lang), lang, key)
    section, name = key.split(".")
    info = next(f for f in fields(SECTIONS[section]) if f.name == name)
    if isinstance(info.default, bool):
        assert "`true`" in block and "`false`" in block
    for choice in info.metadata["choices"]:
        assert f'`"{choice}"`' in block, choice
    if info.metadata["minimum"] is not None:  # a number: its bounds are said
        assert str(info.metadata["minimum"]) in block and str(info.metadata["maximum"]) in block


def _said_bundled(line: str, lang: str) -> dict[str, object]:
    """{ruleset name: value} as the line of bundled rulesets says: ``Bundled: `"lead"` in
    classic, exact; `"own-turn"` in book``."""
    names = set(bundled_names())
    said: dict[str, object] = {}
    for part in line.removeprefix(BUNDLED_LINE[lang]).rstrip(".").split(";"):
        literal = re.search(r"`([^`]+)`", part)
        assert literal, part
        value = tomllib.loads(f"v = {literal.group(1)}")["v"]
        for name in re.findall(r"[a-z]+", part[literal.end() :].removeprefix(" in ")):
            assert name in names, f"{name!r} is no bundled ruleset ({line})"
            assert name not in said, f"{name} named twice ({line})"
            said[name] = value
    return said


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", KEYS)
def test_the_bundled_rulesets_choices_are_as_their_files_make_them(lang, key):
    _, line = _explanation(_book(lang), lang, key)
    actual = {name: load_ruleset(name).get(key) for name in bundled_names()}
    assert _said_bundled(line, lang) == actual


@pytest.mark.parametrize("lang", LANGS)
def test_the_card_values_and_the_530_hand_are_in_the_book(lang):
    text = (DOCS / LANGS[lang]).read_text(encoding="utf-8")
    for row in ("| 11 | 11 |", "| 10 | 10 |", "| 3 | 3 |", "| 2 | 2 |", "| 1 | **20** |"):
        assert row in text, row
    assert "| 0 | **13** |" in text and "**150**" in text
    assert "**530**" in text and "490" in text and "546" in text


def test_a_bare_key_several_keys_end_with_is_refused_naming_them(monkeypatch):
    keys = [*KEYS, "scoring.when"]  # no two keys end alike today: a made-up one
    monkeypatch.setattr(rulebook, "ruleset_keys", lambda: keys)
    with raises_verdict(NotationError, "err.book.ambiguous") as refused:
        rulebook.lookup(_book("en"), "when")
    assert "'when' is the last part of several ruleset keys: declarations.when, scoring.when" in (
        said(refused.value)
    )


def test_plain_text_wraps_paragraphs_and_list_items_to_the_width_and_keeps_tables():
    text = (
        "A paragraph of words\nwrapped in the file.\n\n"
        "- an item that is long enough\n  to wrap twice here\n"
        "1. a numbered one\n\n| a | b |\n|---|---|"
    )
    assert rulebook.plain_text(text, width=20).splitlines() == [
        "A paragraph of words",
        "wrapped in the file.",
        "",
        "- an item that is",
        "  long enough to",
        "  wrap twice here",
        "1. a numbered one",
        "",
        "| a | b |",
        "|---|---|",
    ]
