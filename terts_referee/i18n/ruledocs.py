"""Each ruleset key's meaning, as a catalogue: the English lives beside the key (``domain.rules``,
``_key(default, doc, …)``, listed for Babel by ``cli/extract.py``), every other language in the
``.po`` catalogues; this registers it for the faces that say it (``ruledoc.SECTION.KEY``: ``rules
show``, the rule book's ``explain``)."""

from __future__ import annotations

from ..domain.rules import KEY_DOCS
from . import register

__all__ = ["RULE_DOCS"]

RULE_DOCS = register(*KEY_DOCS.items())
