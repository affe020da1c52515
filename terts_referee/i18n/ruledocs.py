"""Each ruleset key's meaning, as a catalogue: the English lives beside the key (``domain.rules``,
``_key(default, doc, …)``, listed for Babel by ``cli/extract.py``), every other language in the
``.po`` catalogues; this registers it for the faces that say it (``ruledoc.SECTION.KEY``: ``rules
show``, the rule book's ``explain``). The bundled rulesets' descriptions too (``ruleset.NAME``):
their files keep the English, as every ruleset file does, and ``described`` words them."""

from __future__ import annotations

from ..domain.rules import KEY_DOCS
from . import ENGLISH, N_p, register, t

__all__ = ["BUNDLED", "RULE_DOCS", "described"]

RULE_DOCS = register(*KEY_DOCS.items())

#: The bundled rulesets' descriptions, each as its file says it (a test holds them equal).
BUNDLED = register(
    N_p(
        "ruleset.book",
        "The card-games book [001]: own-turn, same-class challenges, fours below hundreds",
    ),
    N_p("ruleset.classic", "Moryak's rules [000]: 501, tens rounding, one declaration per turn"),
    N_p("ruleset.exact", "Classic without rounding, hundreds by length [000]"),
    N_p(
        "ruleset.follow",
        "The rule summaries [003][004]: follow suit while the stock lasts, own-turn",
    ),
    N_p("ruleset.multi", "Classic with several declarations per turn [000]"),
    N_p("ruleset.short", "Short terts [000][002]: classic, to 301"),
    N_p("ruleset.strict", "The English description [002]: nothing declared before the break"),
)


def described(name: str, description: str, lang: str | None = None) -> str:
    """A ruleset's description in ``lang`` (else the current language): a bundled one's words
    while its description is still the bundled English; any other (an own file's, a copy that
    changed it) as it is written."""
    code = f"ruleset.{name}"
    if ENGLISH.get(code) == description:
        return t(code, lang)
    return description
