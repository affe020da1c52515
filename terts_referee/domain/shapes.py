"""The JSON shapes of the domain's objects, as TypedDicts: ``DeclarationJSON`` is what
``Declaration.to_json`` builds (the contract's shape of a declaration), which the sheet's JSON
(``output/report/shapes.py``) extends.

For the type checker: the domain builds plain dicts and imports this module only under
``TYPE_CHECKING``, so no command loads it.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

__all__ = ["DeclarationJSON"]


class DeclarationJSON(TypedDict):
    """A declaration: a run has its length, top and suit, a four its rank, a marriage its suit
    (None while the trump is unknown)."""

    kind: str
    length: NotRequired[int]
    top: NotRequired[str]
    rank: NotRequired[str]
    suit: NotRequired[str | None]
    points: int
