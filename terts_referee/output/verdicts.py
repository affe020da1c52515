"""A verdict for scripts and pages: its JSON, beside the words a face gives it.

``verdict_json(v)`` is ``{"code", "rule", "sources", "key", "remedy"}`` and ``remedy_json(r)``
``{"action", "fields"}`` (or None): what ``log --json`` gives for each notice (``verdicts``,
beside its words in ``notices``) and what a page's error answer carries beside the sentence of
``i18n.sentences.say(verdict, lang)``. A field of a remedy the players must choose is null.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import TypedDict

    from ..domain.verdicts import Remedy, Verdict

    class RemedyJSON(TypedDict):
        action: str
        fields: dict[str, object]

    class VerdictJSON(TypedDict):
        code: str
        rule: str | None
        sources: list[str]
        key: str | None
        remedy: RemedyJSON | None


__all__ = ["remedy_json", "verdict_json"]


def remedy_json(remedy: Remedy | None) -> RemedyJSON | None:
    """What to do about a verdict, for a script or a page's button: the action and its fields
    (a tuple of words as a list); None when there is nothing to do."""
    if remedy is None:
        return None
    fields = {
        name: list(value) if isinstance(value, tuple) else value
        for name, value in remedy.fields.items()
    }
    return {"action": remedy.action, "fields": fields}


def verdict_json(verdict: Verdict) -> VerdictJSON:
    """A verdict for scripts: its code, the rule book's section, the sources, the ruleset key
    and the remedy (the words are the face's: ``i18n.sentences.say``)."""
    return {
        "code": verdict.code,
        "rule": verdict.rule,
        "sources": list(verdict.sources),
        "key": verdict.key,
        "remedy": remedy_json(verdict.remedy),
    }
