"""The rulesets as ``terts rules`` shows them: the bundled list, and every key of one ruleset
with its value, meaning and source."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...domain.rules import Ruleset, key_docs, toml_value
from ...i18n import lang, t
from ...i18n.ruledocs import described
from .. import console

if TYPE_CHECKING:
    from ..rulebook import Book, Section


def report_rules_list(as_json: bool) -> None:
    from ...domain.rules import bundled_names, load_ruleset

    rows = [load_ruleset(n) for n in bundled_names()]
    if as_json:
        console.print_json(
            {"rulesets": [{"name": r.name, "description": r.description} for r in rows]}
        )
        return
    tab = console.table(t("h.name"), t("h.description"), title=t("h.rulesets"))
    for r in rows:
        tab.add_row(console.cell(r.name, "bold"), console.cell(described(r.name, r.description)))
    console.show(tab)


def report_rules_show(
    rules: Ruleset, as_json: bool, checked: str | None = None, verbose: bool = True
) -> None:
    """The keys of a ruleset in a table; for ``rules check`` (``checked``) one line saying the
    file is valid, the table too with ``verbose``. The key column is never wrapped or cut (the
    meaning wraps instead), whatever the width."""
    if as_json:
        data = rules.to_dict()
        if checked:
            data["valid"] = True
        console.print_json(data)
        return
    if checked:
        console.say(t("out.valid", path=checked, name=rules.name), "green")
        if not verbose:
            return
    from ...i18n.sentences import say

    docs = key_docs()
    chosen = lang()
    tab = console.table(
        t("h.key"),
        t("h.value"),
        t("h.meaning"),
        t("h.source"),
        title=f"{rules.name}: {described(rules.name, rules.description)}",
    )
    key = tab.columns[0]
    key.no_wrap = True
    key.min_width = max(len(dotted) for dotted, *_ in docs)
    tab.columns[1].overflow = "fold"
    tab.columns[1].max_width = 16
    tab.columns[2].ratio = 1  # the meaning takes the room left, wrapping
    tab.columns[2].overflow = "fold"
    tab.columns[3].overflow = "fold"
    tab.columns[3].max_width = 10
    for dotted, _default, doc, choices, source in docs:
        value = rules.get(dotted)
        allowed = f" ({' | '.join(choices)})" if choices and isinstance(value, str) else ""
        tab.add_row(
            console.cell(dotted),
            console.cell(toml_value(value), "bold"),
            console.cell(say(doc, chosen) + allowed),
            console.cell(source),
        )
    console.show(tab)


def report_rules_explain(
    book: Book,
    section: Section,
    asked: str | None,  # the key asked about, None for a section
    rules: Ruleset,
    origin: dict[str, Any],
    as_json: bool,
) -> None:
    """A section of the rule book (``rulebook.Book``), the keys it explains with their values
    under ``rules``, and where that ruleset came from (``origin``: ``from`` "game", "rules" or
    "default", ``path``, ``given``). Printed as plain text, never markup: the book's text holds
    brackets like [000]."""
    import shutil

    from ..rulebook import TEXT_WIDTH, allowed_text, cited_sources, key_facts, plain_text

    order = sorted(section.keys, key=lambda k: k != asked)  # the key asked about first
    keys = [key_facts(k, rules) for k in order]
    subsections = book.subsections(section.number)
    sources = cited_sources(book, section.text)
    if as_json:
        console.print_json(
            {
                "section": section.number,
                "title": section.title,
                "text": section.text,
                "key": asked,
                "keys": keys,
                "lang": book.lang,
                "ruleset": {"name": rules.name, **origin},
                "subsections": [{"section": s.number, "title": s.title} for s in subsections],
                "sources": [{"tag": f"[{tag}]", "name": name} for tag, name in sources],
            }
        )
        return
    console.say(f"§{section.number} {section.title}", "bold")
    console.say("")
    console.say(plain_text(section.text, min(shutil.get_terminal_size().columns, TEXT_WIDTH)))
    if subsections:
        console.say("")
        console.say(t("msg.explain.subsections"))
        for s in subsections:
            console.say(f"  §{s.number} {s.title}")
    if sources:
        console.say("")
        console.say(t("msg.explain.sources"))
        for tag, name in sources:
            console.say(f"  [{tag}] {name}")
    if keys:
        console.say("")
        where = origin["from"]
        console.say(
            t(f"msg.explain.{where}", name=rules.name, path=origin["path"], given=origin["given"]),
            "bold",
        )
        for facts in keys:
            line = f"  {facts['key']} = {toml_value(facts['value'])}"
            console.say(f"{line}  ({allowed_text(facts)})")
