"""The rule book, ``docs/rules.md`` and its translations: the sections the messages cite.

The book is markdown. A numbered heading starts a section (``## 4. Declarations``,
``### 4.3 When a declaration may be made``); its text runs to the next heading of any level,
so §4's own text stops where §4.1 begins. A ruleset key set in bold code (**`declarations.when`**)
is explained in that section; every other mention of it is plain code. The sources are the
``- **[000] short name.** …`` items of an unnumbered section ("Sources").

The books live in ``docs/`` of the repository (the one copy that is edited) and are shipped
inside the package as ``terts_referee/docs/`` (pyproject's force-include), as the bundled
rulesets are. A language without a book of its own reads the nearest one (``LANG_CHAIN``).
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from ..domain.rules import Ruleset

from ..domain.verdicts import Verdict
from ..errors import NotationError, RefereeError
from ..i18n import N_p, register, t

__all__ = ["Book", "Section", "book_dir", "load_book", "parse_book", "plain_text", "lookup"]

#: The file of each language's book, under ``book_dir()``.
BOOK_FILES = {"en": "rules.md", "ru": "rules.ru.md", "uk": "rules.uk.md"}
#: The books a language reads, nearest first: a language without a book of its own reads
#: English (``docs/rules.<lang>.md`` is where a translator's book goes).
LANG_CHAIN = {"en": ("en",), "ru": ("ru", "en"), "uk": ("uk", "ru", "en")}

TEXT = register(
    N_p(
        "err.book.unknown",
        "no section or ruleset key {query!r} in the rule book: expected a section "
        "({sections}) or a ruleset key (`{command}` lists them){suggest}",
    ),
    N_p(
        "err.book.ambiguous",
        "{query!r} is the last part of several ruleset keys: {keys}; name one in full",
    ),
    N_p(
        "err.book.missing",
        "the rule book ({name}) is not installed with the program: reinstall terts-referee",
    ),
    N_p(
        "err.book.unexplained",
        "the rule book {path} explains no section for the ruleset key {name}",
    ),
    N_p("err.book.suggest", " (did you mean {word}?)"),
    N_p("msg.explain.game", "Under the game's ruleset {name} ({path}):"),
    N_p("msg.explain.rules", "Under the ruleset {name} (--rules {given}):"),
    N_p(
        "msg.explain.default",
        "Under {name}, the default (no game file at {path}, no --rules):",
    ),
    N_p(
        "err.explain.both",
        "--game and --rules name two rulesets: give one (the values are shown under --rules, "
        "else the game's ruleset, else classic)",
    ),
    N_p("msg.explain.subsections", "Subsections:"),
    N_p("msg.explain.sources", "Sources:"),
    N_p("msg.explain.range", "{minimum} to {maximum}"),
)


class Section(NamedTuple):
    """One numbered section: ``number`` "4.3", its ``title``, the markdown ``text`` under its
    heading (to the next heading), and the ruleset ``keys`` explained there."""

    number: str
    title: str
    text: str
    keys: tuple[str, ...]


class Book(NamedTuple):
    """A parsed book: its sections by number (in book order), the sources' short names by tag
    ("000"), the language it is written in and its file."""

    sections: dict[str, Section]
    sources: dict[str, str]
    lang: str
    path: Path

    def subsections(self, number: str) -> list[Section]:
        """The sections directly under ``number``: 4.1, 4.2, 4.3 under 4."""
        depth = number.count(".") + 1
        return [
            s
            for s in self.sections.values()
            if s.number.startswith(number + ".") and s.number.count(".") == depth
        ]

    def sections_for_key(self, key: str) -> list[Section]:
        return [s for s in self.sections.values() if key in s.keys]


_HEADING = re.compile(r"(#{1,6})\s+(.*?)\s*#*\s*")
_NUMBERED = re.compile(r"(\d+(?:\.\d+)*)\.?\s+(.+)")
_EXPLAINED = re.compile(r"\*\*`([a-z_]+\.[a-z_]+)`\*\*")
_SOURCE = re.compile(r"- \*\*\[(\d{3})\] (.+?)\.\*\*")
_FENCE = re.compile(r"\s*(```|~~~)")


def parse_book(text: str) -> tuple[dict[str, Section], dict[str, str]]:
    """The numbered sections of a markdown book and its sources' short names. Headings inside
    fenced code blocks are code, not headings."""
    sections: dict[str, Section] = {}
    sources: dict[str, str] = {}
    current: tuple[str, str] | None = None
    body: list[str] = []
    fenced = False

    def close() -> None:
        if current is not None:
            text = "\n".join(body).strip("\n")
            keys = tuple(dict.fromkeys(_EXPLAINED.findall(text)))
            sections[current[0]] = Section(current[0], current[1], text, keys)

    for line in text.splitlines():
        if _FENCE.match(line):
            fenced = not fenced
        heading = None if fenced else _HEADING.fullmatch(line)
        if heading is None:
            body.append(line)
            source = None if fenced or current is not None else _SOURCE.match(line)
            if source:
                sources[source.group(1)] = source.group(2)
            continue
        close()
        body = []
        numbered = _NUMBERED.fullmatch(heading.group(2))
        current = (numbered.group(1), numbered.group(2)) if numbered else None
    close()
    return sections, sources


def book_dir() -> Path:
    """Where the books are: ``docs/`` inside the installed package, else the repository's."""
    import terts_referee

    package = Path(terts_referee.__file__).resolve().parent
    for candidate in (package / "docs", package.parent / "docs"):
        if (candidate / BOOK_FILES["en"]).is_file():
            return candidate
    raise RefereeError(Verdict("err.book.missing", {"name": BOOK_FILES["en"]}))


def book_file(lang: str) -> tuple[Path, str]:
    """The book a reader of ``lang`` reads, and its language (``LANG_CHAIN``)."""
    folder = book_dir()
    for candidate in LANG_CHAIN.get(lang, (lang, "en")):
        name = BOOK_FILES.get(candidate, f"rules.{candidate}.md")
        if name and (folder / name).is_file():
            return folder / name, candidate
    return folder / BOOK_FILES["en"], "en"


def load_book(lang: str) -> Book:
    """The book in ``lang`` (or the nearest language that has one), parsed."""
    path, used = book_file(lang)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RefereeError(Verdict("err.book.missing", {"name": f"{path.name}: {exc}"})) from None
    sections, sources = parse_book(text)
    return Book(sections, sources, used, path)


def ruleset_keys() -> list[str]:
    """Every ruleset key, dotted, in file order."""
    from ..domain.rules import SECTIONS, fields

    return [f"{section}.{f.name}" for section, cls in SECTIONS.items() for f in fields(cls)]


_SECTION_QUERY = re.compile(r"(?:rules\s*)?§?\s*(\d+(?:\.\d+)*)\.?")


def lookup(book: Book, query: str) -> tuple[Section, str | None]:
    """The section a query names, and the ruleset key it asked about (None for a section).

    A query is a section number (``4.3``, ``§4.3`` as the messages cite it, ``RULES §4.3`` as
    older ones did) or a ruleset key (``declarations.when``, or ``when`` when only one key ends
    so; ``-`` may stand for ``_``). Raises NotationError naming what is accepted.
    """
    wanted = query.strip()
    number = _SECTION_QUERY.fullmatch(wanted.lower())
    if number and number.group(1) in book.sections:
        return book.sections[number.group(1)], None
    keys = ruleset_keys()
    word = wanted.lower().replace("-", "_")
    if not number:
        key = word if word in keys else None
        if key is None:
            matches = [k for k in keys if k.split(".", 1)[1] == word]
            if len(matches) > 1:
                raise NotationError(
                    Verdict("err.book.ambiguous", {"query": query, "keys": ", ".join(matches)})
                )
            key = matches[0] if matches else None
        if key is not None:
            found = book.sections_for_key(key)
            if not found:
                raise RefereeError(
                    Verdict("err.book.unexplained", {"path": book.path.name, "name": key})
                )
            return found[0], key
    close = _close_to(book, keys, word)
    raise NotationError(
        Verdict(
            "err.book.unknown",
            {
                "query": query,
                "sections": ", ".join(book.sections),
                "command": "terts rules show classic",
                "suggest": Verdict("err.book.suggest", {"word": close}) if close else "",
            },
        )
    )


def _close_to(book: Book, keys: list[str], word: str) -> str | None:
    """What a query not found may have meant, only when it is close: the section of the same
    digits written otherwise (``4,3``, ``43`` for 4.3), or a key (or a key's last part) a typo
    away (``whenn``). None for a section that is not there (``4.9``: 4.3 is no closer than
    any other)."""
    digits = re.sub(r"\D", "", word)
    if digits and not re.sub(r"[\d\s.,§-]", "", word):  # a number: the same digits only
        return next((n for n in book.sections if n.replace(".", "") == digits), None)
    options = [*keys, *(k.split(".", 1)[1] for k in keys)]
    close = difflib.get_close_matches(word, options, n=1, cutoff=0.75)
    return close[0] if close else None


_CODE_SPAN = re.compile(r"`([^`]*)`")
_ITEM = re.compile(r"(\s*)(- |\d+\. )?")
#: The widest a section is printed, whatever the terminal: the book's own line length.
TEXT_WIDTH = 100


def plain_text(markdown: str, width: int = TEXT_WIDTH) -> str:
    """A section's markdown as plain text for a terminal ``width`` cells wide: bold and code
    marks dropped, each paragraph and list item wrapped again to the width (its list marker
    hanging), a code block's lines indented instead of fenced; tables, and the sources' tags
    in brackets, as written."""
    import textwrap

    out: list[str] = []
    block: list[str] = []  # the lines of the paragraph or list item being gathered

    def flush() -> None:
        if not block:
            return
        lead = _ITEM.match(block[0])
        assert lead is not None  # _ITEM matches any line: both its groups are optional
        indent, marker = lead.group(1), lead.group(2) or ""
        words = " ".join(line.strip() for line in block)[len(marker) :]
        out.extend(
            textwrap.wrap(
                words,
                max(width, 20),
                initial_indent=indent + marker,
                subsequent_indent=" " * len(indent + marker),
                break_long_words=False,
                break_on_hyphens=False,
            )
        )
        block.clear()

    fenced = False
    for line in markdown.splitlines():
        if _FENCE.match(line):
            flush()
            fenced = not fenced
            continue
        if fenced:
            out.append("    " + line)
            continue
        line = _CODE_SPAN.sub(r"\1", line.replace("**", ""))
        stripped = line.strip()
        if not stripped or stripped.startswith("|"):
            flush()
            out.append(line)
            continue
        item = _ITEM.match(line)
        assert item is not None  # as above
        if item.group(2):
            flush()
        block.append(line)
    flush()
    return "\n".join(out)


def cited_sources(book: Book, text: str) -> list[tuple[str, str]]:
    """The sources a text cites, in tag order, with their short names: [("000", "…"), …]."""
    cited = set(re.findall(r"\[(\d{3})\]", text))
    return [(tag, name) for tag, name in sorted(book.sources.items()) if tag in cited]


def key_facts(key: str, rules: Ruleset) -> dict[str, Any]:
    """What ``rules`` (a Ruleset) says for ``key``, and what the key allows: the JSON entry of
    ``rules explain`` (``values`` lists the allowed words or booleans, None for a number; a
    number's bounds are ``minimum`` and ``maximum``)."""
    from ..domain.rules import SECTIONS, fields

    section, name = key.split(".", 1)
    info = next(f for f in fields(SECTIONS[section]) if f.name == name)
    meta = info.metadata
    default = info.default
    if isinstance(default, bool):
        values: list[Any] | None = [True, False]
    elif meta["choices"]:
        values = list(meta["choices"])
    else:
        values = None
    facts: dict[str, Any] = {
        "key": key,
        "value": rules.get(key),
        "default": default,
        "values": values,
        "meaning": t(f"ruledoc.{key}"),
        "source": meta["source"],
    }
    if isinstance(default, int) and not isinstance(default, bool):
        facts["minimum"] = meta["minimum"]
        facts["maximum"] = meta.get("maximum")
    return facts


def allowed_text(facts: dict[str, Any]) -> str:
    """The values a key allows, as one short phrase: ``lead | own-turn``, ``"value" | 0 to
    1000``, ``true | false``."""
    from ..domain.rules import toml_value

    words = [toml_value(v) if not isinstance(v, str) else v for v in facts["values"] or ()]
    if "minimum" in facts:
        bounds = t("msg.explain.range", minimum=facts["minimum"], maximum=facts["maximum"])
        words = [f'"{w}"' for w in words] + [bounds]
    return " | ".join(words)
