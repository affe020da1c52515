"""The rulesets as ``terts rules`` shows them: the bundled list, and every key of one ruleset
with its value, meaning and source."""

from __future__ import annotations

from ...domain.rules import Ruleset, key_docs, toml_value
from ...i18n import t
from .. import console


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
        tab.add_row(console.cell(r.name, "bold"), console.cell(r.description))
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
    docs = key_docs()
    tab = console.table(
        t("h.key"),
        t("h.value"),
        t("h.meaning"),
        t("h.source"),
        title=f"{rules.name}: {rules.description}",
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
            console.cell(doc + allowed),
            console.cell(source),
        )
    console.show(tab)
