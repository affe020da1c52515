"""The JSON shapes of the reports, as TypedDicts: ``SheetJSON`` is what ``sheet.sheet_json``
builds (the ``sheet --json`` document of the contract) and what the HTML sheet and the charts read
(``output/export.py``).

For the type checker: the reports build plain dicts and import this module only under
``TYPE_CHECKING``, so no command loads it. A key added to a report's dict is added here too, or
mypy refuses the dict.
"""

from __future__ import annotations

from typing import TypedDict

from ...domain.shapes import DeclarationJSON

__all__ = ["DealJSON", "DealTimes", "DeclaredJSON", "NoticeJSON", "PenaltyJSON", "SheetJSON"]


class DealTimes(TypedDict):
    started: str | None
    ended: str | None  # None until the deal is over


class DeclaredJSON(DeclarationJSON):
    """A declaration of a deal: who made it, at which event, its status and name (the
    table's, in Russian; ``table_name`` in the output language), its notation, its face
    ``value`` and the ``points`` it scored."""

    event: int
    player: str
    status: str
    name: str
    table_name: str
    combo: str
    value: int
    note: str  # why it did not score, or why it stands again
    restored: int | None  # burned, standing again from this event


class PenaltyJSON(TypedDict):
    event: int
    player: str
    kind: str
    points: int
    uphill: int
    to_opponent: int
    opponent: str
    says: str
    note: str
    automatic: bool
    withdrawn: bool  # a renege that rested on a declaration proven false


class DealJSON(DealTimes):
    number: int
    dealer: str
    trump: str | None
    finished: bool
    last_trick: str | None
    card_points: dict[str, int]
    declarations: dict[str, int]
    penalties: dict[str, int]
    points: dict[str, int]
    totals: dict[str, int]
    declared: list[DeclaredJSON]
    penalty_list: list[PenaltyJSON]
    tricks: int
    quick: bool
    timed_from: int | None
    claimed_by: str | None
    notices: list[str]
    notes: list[str]  # the players' notes on the deal, as written


class NoticeJSON(TypedDict):
    event: int
    text: str


class SheetJSON(TypedDict):
    rules: str
    players: list[str]
    started: str | None
    target: int
    uphill: dict[str, int]
    targets: dict[str, int]
    totals: dict[str, int]
    finished: bool
    winner: str | None
    win_reason: str | None
    deals: list[DealJSON]
    notices: list[NoticeJSON]
    set_aside: list[int]
