"""The score sheet for paper and for the eye: a printable HTML page, an SVG chart, a text chart.

Each function takes the dict of ``report.sheet_json`` and returns a string; nothing here prints
and nothing imports typer or rich. Player names and other user text are HTML-escaped in HTML and
SVG, and kept literal (control characters replaced) in the text chart, which the caller prints as
a rich ``Text`` so that ``[bold]Ann`` stays ``[bold]Ann``.

Raises NotationError for a language other than ``en`` or ``ru``.
"""

from __future__ import annotations

from html import escape
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..domain.cards import Rank, Suit
from ..domain.declarations import Declaration, Kind
from ..domain.verdicts import Verdict
from ..errors import NotationError, RefereeError
from ..i18n import (
    N_np,
    N_p,
    known,
    languages,
    register,
    t,
)
from ..i18n import lang as current_lang
from ..i18n.sentences import named
from .charts import SheetChartWords, running_totals_svg, x_step

if TYPE_CHECKING:
    from .report.shapes import DealJSON, DeclaredJSON, SheetJSON

__all__ = ["LABELS", "STYLE", "chart_svg", "chart_text", "check_lang", "html_head", "sheet_html"]

#: Every word the exports write, in both languages (keys prefixed ``export.``).
LABELS = register(
    N_p("export.title", "Terts score sheet"),
    N_p("export.rules", "rules {name}"),
    N_p("export.to_target", "to {target}"),
    N_p("export.deal", "Deal"),
    N_p("export.dealer", "Dealer"),
    N_p("export.trump", "Trump"),
    N_p("export.declarations", "Declarations"),
    N_p("export.cards", "Cards"),
    N_p("export.cards_hint", "card points taken in tricks, the last trick's 10 included"),
    N_p("export.penalties", "Penalties"),
    N_p("export.points", "Points"),
    N_p("export.total", "Total"),
    N_p("export.target", "Target"),
    N_p("export.target_lower", "target"),
    N_p("export.uphill", "uphill"),
    N_p("export.both_players", "both players at one point"),
    N_p("export.winner", "Winner"),
    N_p("export.in_progress", "game in progress"),
    N_p("export.no_winner", "no winner"),
    N_p("export.last_trick", "last trick"),
    N_p("export.open_deal", "deal in progress"),
    N_p("export.no_deals", "no deals yet"),
    N_p("export.notes", "Notes"),
    N_p("export.deal_notes", "The players' notes"),
    N_p("export.deal_n", "deal {n}"),
    N_np(
        "export.set_aside",
        "Set aside, not counted: {n} stored event ({numbers}) that no longer hold; kept in "
        "the game file (the notes say why)",
        "Set aside, not counted: {n} stored events ({numbers}) that no longer hold; kept in "
        "the game file (the notes say why)",
        "n",
    ),
    N_p("export.withdrawn", "withdrawn"),
    N_p("export.writes", "{p} writes {n}"),
    N_p("export.stands_again", "stands again"),
    N_p("export.chart_title", "Running totals by deal"),
    N_p("export.chart_caption", "Running totals after each deal; dashed lines: the targets"),
    N_p("export.struck", "struck out: a declaration that did not score"),
    N_p("export.generated", "written by terts-referee"),
)


# --- shared ---------------------------------------------------------------------------------


def check_lang(lang: str | None) -> str:
    chosen = lang or current_lang()
    if not known(chosen):
        raise NotationError(Verdict("err.lang", {"lang": chosen, "langs": ", ".join(languages())}))
    return chosen


def _w(key: str, lang: str, **kwargs: Any) -> str:
    """A label, as plain text."""
    return t(f"export.{key}", lang, **kwargs)


def _h(key: str, lang: str, **kwargs: Any) -> str:
    """A label, HTML-escaped."""
    return escape(_w(key, lang, **kwargs))


def _counted(deal: DealJSON, players: list[str]) -> bool:
    """Whether a deal's points are written: it is over, or it was ended by a claim."""
    totals = deal.get("totals") or {}
    return bool(deal.get("finished") or deal.get("claimed_by")) and all(
        p in totals for p in players
    )


def _series(data: SheetJSON) -> list[tuple[int, dict[str, int]]]:
    """(deal number, running totals) for every deal whose points are written, in order."""
    players = data["players"]
    return [
        (d["number"], {p: int(d["totals"][p]) for p in players})
        for d in data.get("deals", [])
        if _counted(d, players)
    ]


def _targets(data: SheetJSON) -> dict[str, int]:
    base = data.get("target", 0)
    given = data.get("targets") or {}
    uphill = data.get("uphill") or {}
    return {p: int(given.get(p, base + uphill.get(p, 0))) for p in data["players"]}


def _uphill(data: SheetJSON, player: str) -> int:
    uphill = data.get("uphill") or {}
    if player in uphill:
        return int(uphill[player])
    return _targets(data)[player] - int(data.get("target", 0))


def _target_text(data: SheetJSON, player: str, lang: str) -> str:
    """``501`` or ``501 + 100 в гору = 601``."""
    up = _uphill(data, player)
    total = _targets(data)[player]
    if not up:
        return str(total)
    return f"{total - up} + {up} {_w('uphill', lang)} = {total}"


def _suit_symbol(value: str | None) -> str:
    if not value:
        return "—"
    try:
        return Suit(value).symbol
    except ValueError:
        return value


def _declaration_name(entry: DeclaredJSON, lang: str) -> str:
    """The table's name in ``lang`` (the sheet's own name when the entry cannot be read)."""
    name = entry.get("table_name") or entry.get("name") or ""
    try:
        kind = Kind(entry["kind"])
        if kind is Kind.SEQUENCE:
            decl = Declaration.sequence(
                int(entry["length"]), Rank(entry["top"]), Suit(entry["suit"])
            )
        elif kind is Kind.FOUR:
            decl = Declaration.four(Rank(entry["rank"]))
        else:
            decl = Declaration.marriage(Suit(entry["suit"]) if entry.get("suit") else None)
    except (KeyError, ValueError, TypeError, RefereeError):
        return name
    return named(decl, lang)


# --- SVG ------------------------------------------------------------------------------------


def chart_svg(data: SheetJSON, lang: str = "en") -> str:
    """Both players' running totals per deal, from 0 before deal 1, against their targets
    (``charts.running_totals_svg``, which says what its elements carry), in ``lang``."""
    lang = check_lang(lang)
    players = list(data["players"])
    series = _series(data)
    final = series[-1][1] if series else {p: 0 for p in players}
    legend = [f"{p}: {final[p]} / {_target_text(data, p, lang)}" for p in players]
    words = SheetChartWords(
        title=_w("chart_title", lang),
        x_label=_w("deal", lang),
        y_label=_w("points", lang),
        target=_w("target_lower", lang),
        empty=_w("no_deals", lang),
        deal=_w("deal", lang).lower(),
    )
    return running_totals_svg(players, series, _targets(data), legend, words)


# --- HTML -----------------------------------------------------------------------------------

STYLE = """
@page { size: A4 landscape; margin: 12mm; }
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 11pt; color: #000;
       background: #fff; margin: 1.5em auto; max-width: 1100px; padding: 0 1em; }
h1 { font-size: 1.5em; margin: 0 0 0.2em; }
p.game { margin: 0 0 1em; color: #333; }
table.sheet { border-collapse: collapse; width: 100%; }
table.sheet th, table.sheet td { border: 1px solid #555; padding: 3px 5px; vertical-align: top; }
table.sheet thead th { background: #f0f0f0; font-weight: 600; font-size: 0.9em; }
table.sheet th.player { font-size: 1.1em; text-align: center; }
td.num, td.total { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.total, tfoot .totals td { font-weight: bold; }
td.deal, td.dealer, td.trump { text-align: center; }
td.pens { text-align: right; }
td.trump { font-size: 1.2em; }
td.trump.red { color: #b22222; }
td.decl { font-size: 0.9em; }
.decl .pts { font-weight: 600; }
.void { color: #666; }
.sum { border-top: 1px dotted #999; }
.pen { font-size: 0.85em; color: #444; }
.last { color: #555; }
tr.open td { color: #666; font-style: italic; }
tfoot th { text-align: left; }
tfoot td { text-align: center; }
tr.winner td { text-align: left; }
p.key, p.meta { font-size: 0.85em; color: #444; }
figure.chart { margin: 1.5em 0 0; break-inside: avoid; page-break-inside: avoid; }
figure.chart svg { max-width: 100%; height: auto; }
figcaption { font-size: 0.9em; color: #333; }
ul.notes { font-size: 0.85em; }
p.set-aside { color: #8a4b00; }
/* The sheet is laid out for the width it has, never scrolled sideways: the wide table (five
   columns a player, as on paper) down to a laptop's half screen, its words breaking where they
   must; below 700 px the compact one (a column a player: the deal's points, Σ the total, what
   was declared in small print), read at a glance. The chart takes the width. */
table.compact { display: none; }
table.compact td.num { white-space: normal; }
table.compact .sum { display: block; border-top: 0; color: #444; font-size: 0.85em; }
table.compact .what { display: block; color: #444; font-size: 0.8em; text-align: left; }
table.compact th.player { text-align: right; }
table.sheet.compact thead th { overflow-wrap: normal; hyphens: manual; white-space: nowrap; }
table.sheet.compact thead th.player { white-space: normal; overflow-wrap: anywhere; }
figure.chart svg { width: 100%; height: auto; }
@media (max-width: 1050px) {
  body { font-size: 10pt; }
  table.sheet th, table.sheet td { padding: 2px 3px; }
  table.sheet thead th { overflow-wrap: anywhere; hyphens: auto; }
}
@media (max-width: 700px) {
  body { margin: 0.75em auto; padding: 0 0.6em; font-size: 11pt; }
  div.wide { display: none; }
  table.compact { display: table; }
  figure.chart { margin-left: 0; margin-right: 0; }
  /* the chart drawn at the phone's width: its words larger, to be read at 10 px or more */
  svg.terts-chart text { font-size: 21px; }
}
@media print {
  div.wide { display: block; }
  table.compact { display: none; }
  body { margin: 0; max-width: none; padding: 0; font-size: 10pt; }
  thead { display: table-header-group; }
  tfoot { display: table-footer-group; }
  tr { break-inside: avoid; page-break-inside: avoid; }
  table.sheet thead th { background: none; }
  p.meta { display: none; }
}
""".strip()


def html_head(lang: str, title: str, style: str) -> list[str]:
    """The lines of an HTML document up to ``</head>``: charset, viewport, generator, the
    escaped ``title`` and ``style`` (CSS, written as given). The sheet and the season page both
    open with it."""
    return [
        "<!DOCTYPE html>",
        f'<html lang="{lang}">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f'<meta name="generator" content="terts-referee {escape(__version__)}">',
        f"<title>{escape(title)}</title>",
        f"<style>\n{style}\n</style>",
        "</head>",
    ]


def _declaration_cell(deal: DealJSON, player: str, lang: str) -> str:
    items = [r for r in deal.get("declared", []) if r.get("player") == player]
    if not items:
        return ""
    parts = []
    for r in items:
        name = escape(_declaration_name(r, lang))
        title = f' title="{escape(r["name"])}"' if lang != "ru" and r.get("name") else ""
        pts = escape(str(r.get("points", "")))
        status = r.get("status", "scored")
        if status == "scored" and r.get("restored"):  # burned by a challenge found false
            again = _h("stands_again", lang)
            parts.append(
                f'<span class="decl"{title}>{name} <span class="pts">{pts}</span> ({again})</span>'
            )
        elif status == "scored":
            parts.append(f'<span class="decl"{title}>{name} <span class="pts">{pts}</span></span>')
        else:
            try:
                word = escape(t(f"status.{status}", lang))
            except KeyError:
                word = escape(status)
            parts.append(f'<span class="decl void"{title}><s>{name} {pts}</s> ({word})</span>')
    total = (deal.get("declarations") or {}).get(player)
    if total is not None and (len(items) > 1 or any(r.get("status") != "scored" for r in items)):
        parts.append(f'<span class="sum">= {escape(str(total))}</span>')
    return "<br>".join(parts)


def _penalty_cell(deal: DealJSON, player: str, lang: str) -> str:
    total = int((deal.get("penalties") or {}).get(player, 0) or 0)
    parts = [f"{total:+d}"] if total else []
    for pen in deal.get("penalty_list", []):
        if pen.get("player") != player:
            continue
        kind = str(pen.get("kind", ""))
        try:
            words = [t(f"pen.{kind}", lang)]
        except KeyError:
            words = [kind]
        if pen.get("withdrawn"):  # a renege whose evidence was found false
            text = escape(", ".join(words))
            parts.append(f'<span class="pen void"><s>{text}</s> ({_h("withdrawn", lang)})</span>')
            continue
        if pen.get("uphill"):
            words.append(f"{pen['uphill']} {_w('uphill', lang)}")
        if pen.get("to_opponent") and pen.get("opponent"):
            words.append(_w("writes", lang, p=pen["opponent"], n=pen["to_opponent"]))
        parts.append(f'<span class="pen">{escape(", ".join(words))}</span>')
    return "<br>".join(parts)


def _deal_row(deal: DealJSON, players: list[str], lang: str) -> str:
    counted = _counted(deal, players)
    trump = deal.get("trump")
    red = " red" if trump in ("hearts", "diamonds") else ""
    trump_title = f' title="{escape(trump)}"' if trump else ""
    cls = "" if counted else ' class="open"'
    cells = [
        f'<td class="deal">{escape(str(deal.get("number", "")))}</td>',
        f'<td class="dealer">{escape(str(deal.get("dealer") or ""))}</td>',
        f'<td class="trump{red}"{trump_title}>{escape(_suit_symbol(trump))}</td>',
    ]
    for p in players:
        cells.append(f'<td class="decl">{_declaration_cell(deal, p, lang)}</td>')
        if counted:
            cards = escape(str((deal.get("card_points") or {}).get(p, "")))
            if deal.get("last_trick") == p:
                cards += f' <span class="last" title="{_h("last_trick", lang)}">•</span>'
            points = escape(str((deal.get("points") or {}).get(p, "")))
            total = escape(str(deal["totals"][p]))
        else:
            cards = points = total = "…"
        cells.append(f'<td class="num">{cards}</td>')
        cells.append(f'<td class="pens">{_penalty_cell(deal, p, lang)}</td>')
        cells.append(f'<td class="num">{points}</td>')
        cells.append(f'<td class="total">{total}</td>')
    return f"<tr{cls}>" + "".join(cells) + "</tr>"


def _compact_row(deal: DealJSON, players: list[str], lang: str) -> str:
    """A deal as a phone shows it (``table.compact``): its number and trump, then for each
    player the deal's points (… while it is open), its running total marked Σ, and what was
    declared and charged, in a line of small print: the paper sheet's two columns a player."""
    counted = _counted(deal, players)
    trump = deal.get("trump")
    red = " red" if trump in ("hearts", "diamonds") else ""
    cells = [
        f'<td class="deal">{escape(str(deal.get("number", "")))}</td>',
        f'<td class="trump{red}">{escape(_suit_symbol(trump))}</td>',
    ]
    for p in players:
        points = escape(str((deal.get("points") or {}).get(p, ""))) if counted else "…"
        total = escape(str(deal["totals"][p])) if counted else "…"
        said = [
            f"{_declaration_name(r, lang)} {r.get('points', '')}"
            for r in deal.get("declared", [])
            if r.get("player") == p
        ]
        pens = int((deal.get("penalties") or {}).get(p, 0) or 0)
        if pens:
            said.append(f"{_w('penalties', lang)} {pens:+d}")
        small = f'<span class="what">{escape("; ".join(said))}</span>' if said else ""
        cells.append(
            f'<td class="num"><b>{points}</b> <span class="sum">Σ {total}</span>{small}</td>'
        )
    cls = "" if counted else ' class="open"'
    return f"<tr{cls}>" + "".join(cells) + "</tr>"


def _compact_table(data: SheetJSON, players: list[str], lang: str) -> str:
    """The sheet for a narrow screen: four columns, read at a glance (the wide table is for
    paper and wide screens; one of the two is shown, by the screen's width)."""
    deals = data.get("deals", [])
    rows = [_compact_row(d, players, lang) for d in deals] or [
        f'<tr class="empty"><td colspan="4">{_h("no_deals", lang)}</td></tr>'
    ]
    totals = data.get("totals") or {}
    foot = "".join(
        f'<td class="num"><b>{escape(str(totals.get(p, 0)))}</b> '
        f'<span class="sum">{escape(_target_text(data, p, lang))}</span></td>'
        for p in players
    )
    head = "".join(f'<th scope="col" class="player">{escape(p)}</th>' for p in players)
    return "\n".join(
        [
            '<table class="sheet compact">',
            f'<thead><tr><th scope="col">{_h("deal", lang)}</th>'
            f'<th scope="col">{_h("trump", lang)}</th>{head}</tr></thead>',
            "<tbody>",
            *rows,
            "</tbody>",
            f'<tfoot><tr class="totals"><th colspan="2" scope="row">{_h("total", lang)}</th>'
            f"{foot}</tr></tfoot>",
            "</table>",
        ]
    )


def sheet_html(data: SheetJSON, lang: str = "en") -> str:
    """The sheet as a printable HTML5 page, laid out like the paper one, with the SVG chart."""
    lang = check_lang(lang)
    players = list(data["players"])
    a, b = players
    targets = _targets(data)
    title = _w("title", lang)
    game_line = " · ".join(
        [
            f"{a} — {b}",
            _w("rules", lang, name=data.get("rules", "")),
            _w("to_target", lang, target=data.get("target", "")),
        ]
    )
    columns = ("declarations", "cards", "penalties", "points", "total")
    head_player = "".join(
        f'<th colspan="{len(columns)}" scope="colgroup" class="player">{escape(p)}</th>'
        for p in players
    )
    head_columns = "".join(
        f'<th scope="col" title="{_h("cards_hint", lang)}">{_h(c, lang)}</th>'
        if c == "cards"
        else f'<th scope="col">{_h(c, lang)}</th>'
        for _ in players
        for c in columns
    )
    span = 3 + len(columns) * len(players)
    deals = data.get("deals", [])
    rows = [_deal_row(d, players, lang) for d in deals] or [
        f'<tr class="empty"><td colspan="{span}">{_h("no_deals", lang)}</td></tr>'
    ]

    totals = data.get("totals") or {}
    foot_totals = "".join(
        f'<td colspan="{len(columns)}" class="num">{escape(str(totals.get(p, 0)))}</td>'
        for p in players
    )
    foot_targets = "".join(
        f'<td colspan="{len(columns)}" data-target="{targets[p]}">'
        f"{escape(_target_text(data, p, lang))}</td>"
        for p in players
    )
    if data.get("finished"):
        winner = data.get("winner")
        result = escape(winner) if winner else _h("no_winner", lang)
        if winner is not None and winner in totals:
            result += escape(f" — {totals[winner]} / {targets[winner]}")
        if data.get("win_reason"):
            result += f" <small>({escape(str(data['win_reason']))})</small>"
    else:
        result = _h("in_progress", lang)

    notes = [n.get("text", "") for n in data.get("notices") or [] if isinstance(n, dict)]
    notes_html = ""
    if notes:
        items = "".join(f"<li>{escape(str(n))}</li>" for n in notes)
        notes_html = f'<h2 class="notes">{_h("notes", lang)}</h2>\n<ul class="notes">{items}</ul>'

    written = [(d.get("number"), n) for d in deals for n in d.get("notes") or []]
    if written:  # the players' notes on their deals, as they wrote them
        items = "".join(
            f"<li>{_h('deal_n', lang, n=n)}: {escape(str(text))}</li>" for n, text in written
        )
        notes_html = (
            f'<h2 class="notes">{_h("deal_notes", lang)}</h2>\n<ul class="notes">{items}</ul>\n'
            + notes_html
        )

    keys = []
    if any(d.get("last_trick") for d in deals):
        keys.append(f"• {_h('last_trick', lang)}")
    if any(r.get("status") != "scored" for d in deals for r in d.get("declared", [])):
        keys.append(_h("struck", lang))
    if any(not _counted(d, players) for d in deals):
        keys.append(f"… {_h('open_deal', lang)}")
    key = f'<p class="key">{"; ".join(keys)}</p>' if keys else ""
    aside = [n for n in data.get("set_aside") or [] if isinstance(n, int)]
    aside_html = ""
    if aside:  # stored events the referee no longer takes: said once, under the sheet
        numbers = ", ".join(map(str, aside))
        text = _h("set_aside", lang, n=len(aside), numbers=numbers)
        aside_html = f'<p class="set-aside">{text}</p>'
    parts = [
        *html_head(lang, f"{title}: {a} — {b}", STYLE),
        "<body>",
        f"<h1>{escape(title)}</h1>",
        f'<p class="game">{escape(game_line)}</p>',
        '<div class="wide">',
        '<table class="sheet">',
        "<thead>",
        f'<tr><th rowspan="2" scope="col">{_h("deal", lang)}</th>'
        f'<th rowspan="2" scope="col">{_h("dealer", lang)}</th>'
        f'<th rowspan="2" scope="col">{_h("trump", lang)}</th>{head_player}</tr>',
        f"<tr>{head_columns}</tr>",
        "</thead>",
        "<tbody>",
        *rows,
        "</tbody>",
        "<tfoot>",
        f'<tr class="totals"><th colspan="3" scope="row">{_h("total", lang)}</th>'
        f"{foot_totals}</tr>",
        f'<tr class="targets"><th colspan="3" scope="row">{_h("target", lang)}</th>'
        f"{foot_targets}</tr>",
        f'<tr class="winner"><th colspan="3" scope="row">{_h("winner", lang)}</th>'
        f'<td colspan="{span - 3}">{result}</td></tr>',
        "</tfoot>",
        "</table>",
        "</div>",
        _compact_table(data, players, lang),
        aside_html,
        key,
        '<figure class="chart">',
        chart_svg(data, lang),
        f"<figcaption>{_h('chart_caption', lang)}</figcaption>",
        "</figure>",
        notes_html,
        f'<p class="meta">{_h("generated", lang)} {escape(__version__)}</p>',
        "</body>",
        "</html>",
    ]
    return "\n".join(p for p in parts if p) + "\n"


# --- text -----------------------------------------------------------------------------------


def _plain(text: str) -> str:
    """User text for a chart line: controls (newlines, escapes, bidi) shown as ``\\x1b``."""
    from .safe_text import visible

    return visible(text)


def chart_text(
    data: SheetJSON,
    width: int = 60,
    height: int = 12,
    ascii_only: bool = False,
    lang: str | None = None,
) -> str:
    """The running totals per deal as a character chart, with the targets and a legend.

    ``width`` is the whole line, axis labels included; ``height`` the plot's rows. With
    ``ascii_only`` every character the chart draws is ASCII; player names are written as given
    (with ``lang="en"`` and ASCII names the whole text is ASCII). ``lang`` defaults to the
    current language (``i18n.lang()``). Plain text: print it as a rich ``Text``.
    """
    lang = check_lang(lang)
    width, height = max(int(width), 24), max(int(height), 4)
    if ascii_only:
        marks, both, dot, target_ch = ("o", "x"), "*", ".", "-"
        axis, tick, corner, floor = "|", "+", "+", "-"
    else:
        marks, both, dot, target_ch = ("●", "▲"), "◆", "·", "┄"
        axis, tick, corner, floor = "│", "┤", "└", "─"
    players = list(data["players"])
    names = {p: _plain(p) for p in players}
    series = _series(data)
    targets = _targets(data)
    count = len(series)
    values = [0] + [v for _, totals in series for v in totals.values()] + list(targets.values())
    low, high = min(values), max(values)
    if high == low:
        high = low + 100

    # y labels: targets first, then 0, the top and the bottom; one label a row
    def row_of(value: float) -> int:
        return round((high - value) / (high - low) * (height - 1))

    labels: dict[int, str] = {}
    for value in [*sorted(set(targets.values()), reverse=True), 0, high, low]:
        labels.setdefault(row_of(value), str(value))
    label_w = max(len(s) for s in labels.values())
    plot_w = max(width - label_w - 2, 8)

    def col_of(i: float) -> int:
        return round(i / max(count, 1) * (plot_w - 1))

    grid = [[" "] * plot_w for _ in range(height)]
    for value in set(targets.values()):
        grid[row_of(value)] = [target_ch] * plot_w
    tracks = []
    for p in players:
        track = [(0, 0)] + [(k, totals[p]) for k, (_, totals) in enumerate(series, start=1)]
        tracks.append(track)
        for (i0, v0), (i1, v1) in pairwise(track):
            c0, c1 = col_of(i0), col_of(i1)
            for c in range(c0 + 1, c1):
                v = v0 + (v1 - v0) * (c - c0) / (c1 - c0)
                r = row_of(v)
                if grid[r][c] in (" ", target_ch):
                    grid[r][c] = dot
    placed: dict[tuple[int, int], int] = {}
    met = False  # a point of both players: its mark gets a line of the legend
    for idx, track in enumerate(tracks):
        for i, v in track[1:]:
            cell = (row_of(v), col_of(i))
            mark = both if placed.get(cell, idx) != idx else marks[idx]
            met = met or mark == both
            placed[cell] = idx
            grid[cell[0]][cell[1]] = mark

    dash = "-" if ascii_only else "–"
    lines = [f"{_w('chart_title', lang)} (0{dash}{count})"]
    for r in range(height):
        label = labels.get(r, "")
        edge = tick if label else axis
        lines.append(f"{label:>{label_w}} {edge}{''.join(grid[r])}".rstrip())
    lines.append(f"{'':>{label_w}} {corner}{floor * plot_w}")

    # x labels: deal numbers that fit, the last always
    x_line = [" "] * (plot_w + 4)
    step = x_step(max(count, 1), max(plot_w // (len(str(count)) + 2), 1))
    wanted = [i for i in range(count + 1) if i % step == 0]
    if wanted[-1] != count:
        wanted.append(count)
    for i in reversed(wanted):  # the last one wins a clash
        text = str(i)
        start = col_of(i)
        if i == count and start + len(text) > plot_w:
            start = plot_w - len(text)
        span = range(max(start - 1, 0), min(start + len(text) + 1, len(x_line)))
        if i != count and any(x_line[c] != " " for c in span):
            continue
        for k, ch in enumerate(text):
            x_line[start + k] = ch
    numbers = f"{'':>{label_w}}  {''.join(x_line)}".rstrip()
    word = _w("deal", lang).lower()
    if len(numbers) + 2 + len(word) <= width:
        numbers += f"  {word}"
    lines.append(numbers)

    final = series[-1][1] if series else {p: 0 for p in players}
    for idx, p in enumerate(players):
        target = _target_text(data, p, lang)
        lines.append(f"{marks[idx]} {names[p]}: {final[p]} / {_w('target_lower', lang)} {target}")
    if met:
        lines.append(f"{both} {_w('both_players', lang)}")
    lines.append(f"{target_ch * 3} {_w('target_lower', lang)}")
    if data.get("finished"):
        winner = data.get("winner")
        who = _plain(winner) if winner else _w("no_winner", lang)
        lines.append(f"{_w('winner', lang)}: {who}")
    return "\n".join(lines)
