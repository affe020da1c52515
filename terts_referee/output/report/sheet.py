"""The score sheet in every format: ``sheet_json`` (the contract's JSON shape, also the input of
the HTML export and the chart), the human table with its declaration lines, and the switch
``report_sheet`` that picks JSON, CSV (``sheet_csv``) or the table."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ...i18n import lang, t
from ...i18n.sentences import named
from .. import console
from .catalogue import iso, penalty_name, said, said_all, status_word

if TYPE_CHECKING:
    from collections.abc import Callable, Collection

    from rich.table import Table

    from ...domain.declarations import Declaration
    from ...domain.rules import Ruleset
    from ...domain.verdicts import Remedy
    from ...game.model import Game
    from ...referee import Deal, Sheet
    from ...referee.records import PenaltyRecord
    from .shapes import DealJSON, DealTimes, SheetJSON


#: The JSON's ``name`` of a declaration: the table's Russian name, a fixed value of the script
#: interface (docs/scripting.md), not a translation, so it is written here rather than
#: read from the Russian catalogue: it does not change when a translator rewords ``decl.*``,
#: and an English run reads no catalogue for it.
_RUN_RU = {3: "терц", 4: "пятьдесят", 5: "сто пять", 6: "сто шесть", 7: "сто семь", 8: "сто восемь"}
_TOP_RU = {"A": "Туза", "K": "Короля", "Q": "Дамы", "J": "Валета"}
_FOUR_RU = {"J": "двести валетов", "A": "сто тузов", "K": "сто королей", "Q": "сто дам"}


def russian_name(decl: Declaration) -> str:
    """«терц от Дамы ♥», «сто дам», «марьяж ♥»: the JSON's ``name`` (see above)."""
    suit = decl.suit.symbol if decl.suit else ""
    rank = decl.rank.value if decl.rank else ""
    if decl.kind.value == "four":
        return _FOUR_RU[rank]
    if decl.kind.value == "marriage":
        return f"марьяж {suit}".strip()
    return f"{_RUN_RU[decl.length]} от {_TOP_RU.get(rank, rank)} {suit}"


def _deal_times(game: Game, d: Deal, following: Deal | None) -> DealTimes:
    """When a deal started (its deal event) and ended (its last event, once finished): the
    event before the next deal's, or the game's last one. ``following`` is the next deal."""
    last = (following.event if following else len(game.events) + 1) - 1
    ended = game.time_of(last) if d.finished or d.claimed_by else None
    return {"started": iso(game.time_of(d.event)), "ended": iso(ended)}


def sheet_json(game: Game, sheet: Sheet) -> SheetJSON:
    """The JSON shape of the contract, with the declarations, penalties and notices added."""
    rules = sheet.rules
    deals: list[DealJSON] = []
    by_number = {d.number: d for d in sheet.deals}  # the next deal in O(1): linear overall
    for d in sheet.deals:
        deals.append(
            {
                "number": d.number,
                **_deal_times(game, d, by_number.get(d.number + 1)),
                "dealer": d.dealer,
                "trump": d.trump.value if d.trump else None,
                "finished": d.finished,
                "last_trick": d.last_trick,
                "card_points": {p: (d.card_points or {}).get(p, 0) for p in game.players},
                "declarations": {p: d.declared(p) for p in game.players},
                "penalties": {p: d.penalty_points(p) for p in game.players},
                "points": {p: d.points.get(p, 0) for p in game.players},
                "totals": {p: d.totals.get(p, 0) for p in game.players},
                "declared": [
                    {
                        "event": r.event,
                        "player": r.player,
                        "status": r.status,
                        "name": russian_name(r.decl),  # the table's Russian name (README)
                        "table_name": named(r.decl, lang()),  # the same in the output language
                        "combo": str(r.decl),
                        **r.decl.to_json(rules),
                        "value": r.value,  # its face value under the rules
                        "points": r.points,  # what it scored: 0 burned, minus its value lowering
                        "note": said(r.note),  # why it did not score, or why it stands again
                        "restored": r.restored,  # burned, standing again from this event
                    }
                    for r in d.declarations
                ],
                "penalty_list": [
                    {
                        "event": p.event,
                        "player": p.player,
                        "kind": p.kind.value,
                        "points": p.points,  # added to the offender's deal (a miscount: minus)
                        "uphill": p.uphill,  # added to the offender's target ("в гору")
                        "to_opponent": p.to_opponent,  # written for the opponent ...
                        "opponent": d.other(p.player),  # ... who is this player
                        "says": penalty_says(d, p, rules, i in d.withdrawn),
                        "note": said(p.note),
                        "automatic": p.auto,
                        "withdrawn": i in d.withdrawn,  # a renege whose evidence was false
                    }
                    for i, p in enumerate(d.penalties)
                ],
                "tricks": len(d.tricks),
                "quick": d.quick,
                "timed_from": d.timed_from,  # the event of the trick that ended a quick deal
                "claimed_by": d.claimed_by,
                "notices": said_all(d.notices),
                "notes": [text for _, text in d.notes],  # the players' notes, as written
            }
        )
    return {
        "rules": rules.name,
        "players": list(game.players),
        "started": iso(game.started),
        "target": rules.game.target,
        "uphill": dict(sheet.uphill),
        "targets": sheet.targets,
        "totals": dict(sheet.totals),
        "finished": sheet.finished,
        "winner": sheet.winner,
        "win_reason": said(sheet.win_reason) or None,
        "deals": deals,
        "notices": [
            {"event": n, "text": text}
            for (n, _), text in zip(
                sheet.notices, said_all(v for _, v in sheet.notices), strict=True
            )
        ],
        "set_aside": sorted(sheet.set_aside),  # stored events that no longer hold: not counted
    }


def report_sheet(
    game: Game,
    sheet: Sheet,
    as_json: bool,
    as_csv: bool,
    source: Path | None = None,
    chart: bool = False,
    *,
    command: Callable[[Remedy], str],
) -> None:
    """The sheet as JSON, CSV or a table; ``command`` writes a command to type in the face's
    form (where to read why an event is set aside)."""
    if as_json:
        console.print_json(sheet_json(game, sheet))
        return
    if as_csv:
        from .sheet_csv import sheet_csv

        sheet_csv(game, sheet)
        return
    a, b = game.players
    title = t("h.title", rules=sheet.rules.name, target=sheet.rules.game.target)
    tab = console.table(
        t("h.num"),
        t("h.dealer"),
        t("h.trump"),
        t("h.last"),
        a,
        t("h.total"),
        b,
        t("h.total"),
        title=title,
        numbers=(0, 4, 5, 6, 7),  # the deal's number and the players' figures never wrap
    )
    for d in sheet.deals:
        row = [
            console.cell(d.number),
            console.cell(d.dealer),
            console.cell(d.trump.symbol if d.trump else "—"),
            console.cell(d.last_trick or "—"),
        ]
        for p in game.players:
            row.append(console.cell(_deal_cell(d, p)))
            done = d.finished or d.claimed_by
            row.append(console.cell(d.totals.get(p, "") if done else "…", "bold"))
        tab.add_row(*row)
    console.show(_arrows_kept(console.natural_widths(tab)))
    if sheet.deals:
        legend = t("out.cell_legend")
        if not all(d.finished or d.claimed_by for d in sheet.deals):  # the open deal's cells
            legend += t("out.cell_legend.open")
        console.say(legend, "dim")
    lines = []
    for d in sheet.deals:
        items = []
        for r in d.declarations:
            mark = "" if r.status == "scored" else f" ({status_word(r.status)})"
            if r.restored:  # burned by a challenge found false
                mark = f" ({t('out.stands_again', event=r.restored)})"
            items.append(f"{r.player}: {named(r.decl, lang())} {r.points}{mark}")
        for i, pen in enumerate(d.penalties):
            says = penalty_says(d, pen, sheet.rules, i in d.withdrawn)
            items.append(f"{pen.player}: {says}")
        if items:
            lines.append(f"{d.number}. " + "; ".join(items))
    if lines:
        console.say(t("h.declarations") + ":", "bold")
        for line in lines:
            console.say("  " + line)
    notes = [f"{d.number}. {text}" for d in sheet.deals for _, text in d.notes]
    if notes:  # the players' words on a deal, as they wrote them
        console.say(t("h.notes") + ":", "bold")
        for line in notes:
            console.say("  " + line)
    for p in game.players:
        up = sheet.uphill[p]
        console.say(
            t("out.target", p=p, total=sheet.totals[p], target=sheet.targets[p])
            + (t("out.uphill", n=up) if up else "")
        )
    skipped = set(sheet.skipped)  # a list: `in` on it made this quadratic
    for n, notice in sheet.notices:
        if n in skipped:
            console.say(f"! {said(notice)}", "yellow")
    say_set_aside(sheet.set_aside, command)
    if sheet.finished:
        why = said(sheet.win_reason)
        console.say(t("out.game_over_why", p=sheet.winner, why=why), "bold green")
    if chart:
        from ..export import chart_text

        console.say(chart_text(sheet_json(game, sheet), ascii_only=console.ascii_suits()))
    if source is not None:
        console.say(t("out.sample", path=source), "dim")


def say_set_aside(set_aside: Collection[int], command: Callable[[Remedy], str]) -> None:
    """Once, the stored events the referee set aside (``Sheet.set_aside``), by number."""
    line = set_aside_line(set_aside, command)
    if line is not None:
        console.say(*line)


def set_aside_line(
    set_aside: Collection[int], command: Callable[[Remedy], str] | None = None
) -> tuple[str, str] | None:
    """The line (and its style) naming the stored events set aside, and where to read why:
    ``command`` writes the log's command in the face's form (None: a face without commands,
    the page, says "the log"); None when there are none."""
    if not set_aside:
        return None
    numbers = ", ".join(map(str, sorted(set_aside)))
    n = len(set_aside)
    if command is None:
        line = t("out.set_aside_plain", n=n, numbers=numbers)
    else:
        from ...domain.verdicts import Remedy

        line = t("out.set_aside", n=n, numbers=numbers, log=command(Remedy("log")))
    return f"! {line}", "yellow"


def penalty_says(d: Deal, pen: PenaltyRecord, rules: Ruleset, withdrawn: bool = False) -> str:
    """What a penalty's numbers are, in words: its kind, the points taken from the offender (a
    miscount's amount), his uphill, the points written for the opponent (named)."""
    bits = [penalty_name(pen.kind.value)]
    if withdrawn:
        return ", ".join([*bits, t("out.pen.withdrawn")])
    if pen.kind.loses_game:
        bits.append(t("out.pen.loses", p=pen.player))
    if pen.kind.value == "renege":
        moved = rules.penalties.renege == "deal-to-opponent" and pen is _first_renege(d)
        bits.append(t("out.pen.renege_deal", p=d.other(pen.player)) if moved else t("out.pen.flag"))
    if pen.points:
        bits.append(t("out.pen.points", n=pen.points))
    if pen.uphill:
        bits.append(t("out.uphill_short", n=pen.uphill))
    if pen.to_opponent:
        bits.append(t("out.pen.to_opponent", p=d.other(pen.player), n=pen.to_opponent))
    return ", ".join(bits)


def _first_renege(d: Deal) -> PenaltyRecord | None:
    """The deal's first standing renege: the one that moves its card points under
    ``penalties.renege = "deal-to-opponent"`` (later ones are flagged)."""
    standing = d.standing_reneges()
    return standing[0][1] if standing else None


def _arrows_kept(tab: Table) -> Table:
    """A player's cell wider than its column (a console too narrow for the sheet's figures)
    breaks before its arrow, "71 +100" over "→ 170", rather than after it."""
    from ...compat import cells as cells_of
    from ...compat import set_cells

    for column in tab.columns[4::2]:
        width = column.width
        own = cells_of(column)  # rich's list of the column's cells (None: rich keeps its own)
        if width is None or column.no_wrap or own is None:
            continue
        cells = []
        for item in own:
            text = str(getattr(item, "text", None) or getattr(item, "plain", ""))  # _Fitted, Text
            head, arrow, tail = text.rpartition(" → ")
            if len(text) > width and arrow and len(tail) + 2 <= width:
                lines = [""]
                for word in head.split():  # the figures before the arrow, as they fit
                    joined = f"{lines[-1]} {word}".strip()
                    lines[-1:] = [joined] if len(joined) <= width else [lines[-1], word]
                item = console.cell("\n".join([*filter(None, lines), f"→ {tail}"]))
            cells.append(item)
        set_cells(column, cells)
    return tab


def _deal_cell(d: Deal, p: str) -> str:
    cards = (d.card_points or {}).get(p)
    parts = [str(cards) if cards is not None else "?"]
    decl = d.declared(p)
    if decl:
        parts.append(f"{decl:+d}")
    pen = d.penalty_points(p)
    if pen:
        parts.append(f"{pen:+d}")
    if d.finished or d.claimed_by:
        return " ".join(parts) + f" → {d.points.get(p, 0)}"
    return " ".join(parts)
