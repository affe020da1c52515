"""Each ruleset key's meaning in English and Russian, as a catalogue: the documentation lives
beside the key (``domain.rules``, ``_key(doc=…, ru=…)``); this registers it for the faces that
say it (``ruledoc.SECTION.KEY``: ``rules show``, the rule book's ``explain``)."""

from __future__ import annotations

from ..domain.rules import KEY_DOCS
from . import register

__all__ = ["RULE_DOCS"]

RULE_DOCS = register(KEY_DOCS)
