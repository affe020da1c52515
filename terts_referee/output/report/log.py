"""``terts log``: the effective events, numbered, with their times; ``--all`` the trail of
corrections too."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...i18n import date, t
from .. import console
from .catalogue import iso, said, said_all
from .corrections import correction_json, trail_table
from .events import describe, event_json

if TYPE_CHECKING:
    from ...game.views import LogView


def log_json(view: LogView) -> dict[str, Any]:
    """``terts log --json`` (the contract): the events, each with its time (and, when a correction
    put it in, when); the trail when the view holds it (``log --all``)."""
    data: dict[str, Any] = {"events": []}
    for entry in view.entries:
        item = event_json(entry.number, entry.event, entry.notices, view.rules)
        item["line"] = describe(entry.event)  # the log's own line, for a page to show as it is
        item["at"] = iso(entry.at)
        if entry.corrected is not None:  # put in by a correction: when
            item["corrected"] = iso(entry.corrected)
        if entry.taken_by is not None:  # a trick: who took it
            item["taken_by"] = entry.taken_by
        item["set_aside"] = entry.set_aside is not None  # stored, no longer holds: not counted
        if entry.set_aside is not None:
            item["refusal"] = said(entry.set_aside)
        data["events"].append(item)
    if view.corrections is not None:
        data["corrections"] = [correction_json(c) for c in view.corrections]
    return data


def report_log(view: LogView, as_json: bool) -> None:
    """The effective events, numbered, with their times; the corrections too when the view
    holds them."""
    if as_json:
        console.print_json(log_json(view))
        return
    tab = console.table(
        t("h.num"),
        t("h.at"),
        t("h.event"),
        t("h.notices"),
        title=t("h.log"),
        numbers=(0,),  # the number never wraps
        # the time (its date, when it changes, may go on a line of its own) gives way to the
        # event and its notes, which share the width
        ratios={1: 0},
    )
    mark = t("log.set_aside_mark")
    day = None
    for entry in view.entries:
        at = entry.at
        when = "—"
        if at is not None:  # the date when it changes (an evening is one date), else the time
            when = at.strftime("%H:%M:%S") if at.date() == day else date(at, "second")
            day = at.date()
        what = describe(entry.event)
        if entry.taken_by is not None:  # a trick: who took it
            what = t("log.taken", what=what, p=entry.taken_by)
        aside = entry.set_aside is not None
        if aside:  # stored, no longer holds: shown, kept, not counted
            what = f"{mark} {what}"
        tab.add_row(
            console.cell(f"{entry.number}*" if entry.corrected is not None else entry.number),
            console.cell(when),
            console.cell(what, "dim" if aside else None),
            console.cell("; ".join(said_all(entry.notices)), "yellow"),
        )
    console.show(console.natural_widths(tab))
    if view.any_corrected:
        console.say(t("log.corrected"), "dim")
    if view.any_set_aside:
        console.say(t("log.set_aside"), "dim")
    if view.corrections:
        console.show(trail_table(view.corrections))
