"""What a correction of the past changed, and the trail as ``log --all`` shows it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...i18n import date, t
from .. import console
from .catalogue import iso
from .events import Said, describe, show

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from rich.table import Table

    from ...domain.verdicts import Remedy
    from ...game.corrections import Change, Correction
    from ...game.views import Corrected

HEADLINES = {"replace": "fix.replace", "insert": "fix.insert", "drop": "fix.drop"}
ACTION_WORDS = {
    "replace": "fix.action.replace",
    "insert": "fix.action.insert",
    "drop": "fix.action.drop",
}


def correction_json(c: Correction) -> dict[str, Any]:
    """One trail entry as ``log --json --all`` gives it (the contract): old and new events as in the
    game file, the old one with the time it had been entered."""
    old = None
    if c.old is not None:
        old = {**c.old.to_dict(), "at": iso(c.old_at)}
    return {
        "action": c.action.value,
        "number": c.number,
        "old": old,
        "new": c.new.to_dict() if c.new is not None else None,
        "at": iso(c.at),
    }


def _pairs(
    players: tuple[str, str], before: dict[str, int] | None, after: dict[str, int] | None
) -> str:
    return ", ".join(
        f"{p} {(before or {}).get(p, '—')} → {(after or {}).get(p, '—')}" for p in players
    )


def change_lines(players: tuple[str, str], change: Change) -> list[str]:
    """What changed on the sheet, one line a deal, then the winner when it changed."""
    lines = []
    for d in change.deals:
        if d.points_after is None and d.totals_after is None:
            lines.append(t("fix.deal_gone", n=d.number))
            continue
        bits = []
        if d.points_before != d.points_after:
            bits.append(t("fix.points", what=_pairs(players, d.points_before, d.points_after)))
        if d.totals_before != d.totals_after:
            bits.append(t("fix.totals", what=_pairs(players, d.totals_before, d.totals_after)))
        if d.points_before is None and d.totals_before is None:
            key = "fix.deal_new" if bits else "fix.deal_added"
        else:
            key = "fix.deal"
        lines.append(t(key, n=d.number, what="; ".join(bits)))
    if change.stands_again:
        lines.append(t("fix.stands_again", numbers=", ".join(map(str, change.stands_again))))
    if change.winner_changed:
        nobody = t("fix.nobody")
        lines.append(
            t("fix.winner", old=change.winner_before or nobody, new=change.winner_after or nobody)
        )
    return lines


def report_correction(
    corrected: Corrected, as_json: bool, *, command: Callable[[Remedy], str]
) -> None:
    """What a correction changed; ``command`` writes a command to type in the face's form."""
    c, change, sheet = corrected.correction, corrected.change, corrected.sheet
    if as_json:
        console.print_json(
            {
                "correction": correction_json(c),
                "changes": change.to_json(),
                "totals": sheet.totals,
                "targets": sheet.targets,
                "finished": sheet.finished,
                "winner": sheet.winner,
                "set_aside": sorted(sheet.set_aside),
            }
        )
        return
    show(correction_lines(corrected, command=command))


def correction_lines(
    corrected: Corrected, *, command: Callable[[Remedy], str] | None = None
) -> list[Said]:
    """What a correction says: what it did, then what changed on the sheet, a deal a line;
    ``command`` writes a command to type in the face's form (None: a face without commands)."""
    c, change = corrected.correction, corrected.change
    old = describe(c.old) if c.old is not None else ""
    new = describe(c.new) if c.new is not None else ""
    said: list[Said] = [(t(HEADLINES[c.action.value], n=c.number, old=old, new=new), "bold")]
    lines = change_lines(corrected.game.players, change)
    said += [("  " + line, None) for line in lines or [t("fix.nothing")]]
    from .sheet import set_aside_line

    aside = set_aside_line(corrected.sheet.set_aside, command)
    return [*said, aside] if aside is not None else said


def trail_table(corrections: Sequence[Correction]) -> Table:
    """The trail as a table: when, what, the event taken out, the event put in."""
    tab = console.table(t("h.at"), t("h.action"), t("h.old"), t("h.new"), title=t("h.trail"))
    for c in corrections:
        tab.add_row(
            console.cell(date(c.at, "second") if c.at else "—"),
            console.cell(t(ACTION_WORDS[c.action.value], n=c.number)),
            console.cell(describe(c.old) if c.old is not None else "—"),
            console.cell(describe(c.new) if c.new is not None else "—"),
        )
    return tab
