"""The verdicts' codes: every code the package makes has its words, every rule section named
for a code is a code, and ``docs/verdicts.md`` lists every code of the domain's catalogue with
its rule section, sources, ruleset key and parameters, as the catalogue and
``domain.verdicts.RULES`` give them.

The list is generated: ``python -m tests.i18n.test_verdict_codes`` writes it again.
"""

from __future__ import annotations

import re
import string
import sys
from pathlib import Path

import terts_referee
from terts_referee import i18n
from terts_referee.domain.verdicts import RULES
from terts_referee.i18n import OWN
from terts_referee.i18n.messages import MESSAGES

PACKAGE = Path(terts_referee.__file__).parent
DOC = PACKAGE.parent / "docs" / "verdicts.md"
#: ``Verdict("code"`` with a literal code, and a code kept in a table (``"err.x.y"``).
VERDICT_CALL = re.compile(r"""\bVerdict\(\s*(["'])([^"'{}\s]+)\1""")

HEAD = """# Verdicts: the codes

What the referee, the domain and the game layer say is data: a *verdict*, a stable code and its
parameters, the section of the rule book it rests on, the sources that say so, the ruleset key
that decided, and the remedy (what the players can do, as an action of the API and its fields).
Each face words it in its own terms: `i18n.sentences.say(verdict, lang)` gives the sentence, the
terminal adds the command to type (`output/remedies.py`), the table its short form
(`table/remedies.py`); the sheet, the log and the pages show the sentence only. A refusal carries
its verdict as `exc.verdict`; a notice or a note is one (`Sheet.notices`, `Deal.notices`,
`DeclRecord.note`, `PenaltyRecord.note`, `Sheet.set_aside`, `Deal.withdrawn`).

The codes are the keys of the domain's catalogue (`terts_referee/i18n/messages.py`) and of
`i18n/__init__.py`'s own (the verdicts of punctuation only): stable, so that scripts and other
faces may rely on them (`log --json` gives each notice's `verdicts` beside its words). The rule,
sources and key below are a code's own (`domain.verdicts.RULES`); a verdict may name others (a
comparison's sources depend on the two declarations). Parameters are rendered by kind: players
and other text literally, numbers with their noun where the words count them, cards by symbol,
suits and declarations in the language's words, nested verdicts by their own sentence.

This list is generated from the catalogue and checked by `tests/i18n/test_verdict_codes.py`
(`python -m tests.i18n.test_verdict_codes` writes it again).

| code | rule | sources | key | parameters |
|---|---|---|---|---|
"""


def _params(entry: str | i18n.Plural) -> list[str]:
    """The fields of a template (of both forms of a counted one), in order, each once."""
    names: list[str] = []
    for text in (entry,) if isinstance(entry, str) else (entry.one, entry.other):
        for _, field, _, _ in string.Formatter().parse(text):
            if field and field not in names:
                names.append(field)
    return names


def expected_doc() -> str:
    codes = {**MESSAGES, **{k: v for k, v in OWN.items() if k not in MESSAGES}}
    rows = []
    for code, entry in codes.items():
        if "#" in code:  # a counted part of another code's sentence, not a code of its own
            continue
        rule, sources, key = RULES.get(code, (None, (), None))
        params = ", ".join(f"`{p}`" for p in _params(entry)) or "—"
        rows.append(
            f"| `{code}` | {'§' + rule if rule else '—'} | "
            f"{' '.join(f'[{s}]' for s in sources) or '—'} | "
            f"{f'`{key}`' if key else '—'} | {params} |"
        )
    return HEAD + "\n".join(rows) + "\n"


def test_the_list_of_codes_is_complete_and_as_the_catalogue_says():
    assert DOC.read_text(encoding="utf-8") == expected_doc(), (
        "docs/verdicts.md is out of date: python -m tests.i18n.test_verdict_codes"
    )


def test_every_rule_entry_names_a_code_and_a_section_of_the_book():
    from terts_referee.domain.rules import SECTIONS

    known = set(MESSAGES) | set(OWN)
    assert sorted(set(RULES) - known) == []
    sections = {"1", "2", "3", "4", "4.1", "4.2", "4.3", "5", "6", "7"}
    keys = {f"{s}.{f.name}" for s, cls in SECTIONS.items() for f in _fields(cls)}
    for code, (rule, sources, key) in RULES.items():
        assert rule is None or rule in sections, code
        assert all(re.fullmatch(r"\d{3}", s) for s in sources), code
        assert key is None or key in keys, (code, key)


def _fields(cls):
    from terts_referee.domain.rules import fields

    return fields(cls)


def test_every_verdict_made_in_the_package_has_its_words():
    """A literal ``Verdict("code")`` anywhere in the package names a key of a catalogue."""
    for module in (
        "i18n.messages",
        "i18n.terms",
        "i18n.ruledocs",
        "output.remedies",
        "table.catalogue",
        "web.catalogue",
        "output.report.catalogue",
        "output.rulebook",
        "output.writing",
        "output.export",
        "library.location",
        "library.index",
        "library.scan",
        "library.archive",
        "library.keeping",
        "library.stats",
        "library.pairings",
        "library.importing",
        "library.folders",
    ):
        __import__(f"terts_referee.{module}")
    known = {key for catalogue in i18n.CATALOGUES for key in catalogue}
    made = {
        (path.relative_to(PACKAGE).as_posix(), m.group(2))
        for path in PACKAGE.rglob("*.py")
        for m in VERDICT_CALL.finditer(path.read_text(encoding="utf-8"))
    }
    assert len(made) > 250
    assert sorted(f"{name}: {code}" for name, code in made if code not in known) == []


def test_a_verdict_of_the_referee_names_its_rule():
    """The referee's refusals say which rule they rest on, for the pages and the scripts."""
    from terts_referee.domain.verdicts import Verdict

    v = Verdict("err.declare.not_leader", {"player": "Боря", "trick": 1, "leader": "Аня"})
    assert (v.rule, v.sources, v.key) == ("4.3", ("000", "002"), "declarations.when")
    given = Verdict("err.challenge.no_beat", {}, rule="4.2", sources=("001",))
    assert (given.rule, given.sources, given.key) == ("4.2", ("001",), None)


if __name__ == "__main__":  # write the list again
    DOC.write_text(expected_doc(), encoding="utf-8")
    sys.stdout.write(f"wrote {DOC}\n")
