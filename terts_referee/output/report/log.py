"""``terts log``: the effective events, numbered, with their times; ``--all`` the trail of
corrections too (issue 11)."""

from __future__ import annotations

from typing import Any

from ...i18n import t
from .. import console
from .corrections import correction_json, trail_table
from .events import describe, event_json
from .words import iso

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ...game.model import Game


def report_log(game: Game, as_json: bool, trail: bool = False) -> None:
    """The effective events, numbered, with their times; ``trail``: the corrections too."""
    sheet = game.sheet()
    corrected = game.corrected() if game.corrections else {}
    if as_json:
        data: dict[str, Any] = {"events": []}
        aside = sheet.set_aside
        for i, e in enumerate(game.events, start=1):
            item = {**event_json(i, e, sheet, game.rules), "at": iso(game.time_of(i))}
            if i in corrected:  # put in by a correction: when
                item["corrected"] = iso(corrected[i].at)
            item["set_aside"] = i in aside  # stored, no longer holds: not counted
            if i in aside:
                item["refusal"] = aside[i]
            data["events"].append(item)
        if trail:
            data["corrections"] = [correction_json(c) for c in game.corrections]
        console.print_json(data)
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
    for i, e in enumerate(game.events, start=1):
        at = game.time_of(i)
        when = "—"
        if at is not None:  # the date when it changes (an evening is one date), else the time
            when = at.strftime("%H:%M:%S" if at.date() == day else "%Y-%m-%d %H:%M:%S")
            day = at.date()
        what = describe(e)
        if i in sheet.set_aside:  # stored, no longer holds: shown, kept, not counted
            what = f"{mark} {what}"
        tab.add_row(
            console.cell(f"{i}*" if i in corrected else i),
            console.cell(when),
            console.cell(what, "dim" if i in sheet.set_aside else None),
            console.cell("; ".join(sheet.notices_for(i)), "yellow"),
        )
    console.show(console.natural_widths(tab))
    if corrected:
        console.say(t("log.corrected"), "dim")
    if sheet.set_aside:
        console.say(t("log.set_aside"), "dim")
    if trail and game.corrections:
        console.show(trail_table(game))
