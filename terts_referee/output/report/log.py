"""``terts log``: the effective events, numbered, with their times; ``--all`` the trail of
corrections too (issue 11)."""

from __future__ import annotations

from typing import Any

from ...i18n import t
from .. import console
from .corrections import correction_json, trail_table
from .events import describe, event_json
from .words import iso, said, said_all

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
                item["refusal"] = said(aside[i])
            data["events"].append(item)
        if trail:
            data["corrections"] = [correction_json(c) for c in game.corrections]
        console.print_json(data)
        return
    tab = console.table(t("h.num"), t("h.at"), t("h.event"), t("h.notices"), title=t("h.log"))
    mark = t("log.set_aside_mark")
    for i, e in enumerate(game.events, start=1):
        at = game.time_of(i)
        what = describe(e)
        if i in sheet.set_aside:  # stored, no longer holds: shown, kept, not counted
            what = f"{mark} {what}"
        tab.add_row(
            console.cell(f"{i}*" if i in corrected else i),
            console.cell(at.strftime("%Y-%m-%d %H:%M:%S") if at else "—"),
            console.cell(what, "dim" if i in sheet.set_aside else None),
            console.cell("; ".join(said_all(sheet.notices_for(i))), "yellow"),
        )
    console.show(tab)
    if corrected:
        console.say(t("log.corrected"), "dim")
    if sheet.set_aside:
        console.say(t("log.set_aside"), "dim")
    if trail and game.corrections:
        console.show(trail_table(game))
