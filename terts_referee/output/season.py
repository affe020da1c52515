"""The season: ``stats`` as a printable HTML page with SVG charts, and as a text chart.

Each function takes the dict of ``stats.stats`` (what ``stats --json`` prints) and returns a
string; nothing here prints, nothing imports typer or rich. The look and the chart helpers are
those of the game sheet's export (``export.py``). Every figure in the page's tables carries
``data-player`` and ``data-field`` (``wins``, ``declarations.terts``…) so that a test can check
it against the JSON.
"""

from __future__ import annotations

import json
import math
from datetime import datetime
from html import escape
from typing import TYPE_CHECKING, Any, Final

from .. import __version__
from ..i18n import N_np, N_p, number, register, t
from ..library.summary import COUNTS, DECLARATION_CLASSES
from .charts import LineWords, line_chart_svg, rate_bars_svg, y_range
from .export import STYLE, check_lang, html_head
from .safe_text import visible

if TYPE_CHECKING:
    from ..library.shapes import PlayerStats, Stats, TimelineEntry

__all__ = ["season_html", "wins_chart_text"]

WORDS = register(
    N_p("season.title", "Terts: the season"),
    N_np(
        "season.summary",
        "{games} finished game, {unfinished} unfinished",
        "{games} finished games, {unfinished} unfinished",
        "games",
    ),
    N_p("season.averages", "A game lasts {deals} and {minutes} on average."),
    N_np("season.averages#deals", "{deals} deal", "{deals} deals", "deals"),
    N_np("season.averages#minutes", "{minutes} minute", "{minutes} minutes", "minutes"),
    N_p("season.players", "Players"),
    N_p("season.h2h", "Head to head"),
    N_p("season.player", "Player"),
    N_p("season.games", "Games"),
    N_p("season.wins", "Wins"),
    N_p("season.win_rate", "Win rate"),
    N_p("season.current_streak", "Streak now"),
    N_p("season.longest_streak", "Longest streak"),
    N_p("season.points_per_deal", "Points a deal"),
    N_p("season.best_deal", "Best deal"),
    N_p("season.terts", "Terts"),
    N_p("season.fifty", "Fifty"),
    N_p("season.hundred", "Hundred"),
    N_p("season.four", "Four"),
    N_p("season.marriage", "Marriage"),
    N_p("season.challenges_won", "Challenges won"),
    N_p("season.burned", "Burned"),
    N_p("season.false_declarations", "False"),
    N_p("season.uphill", "Uphill"),
    N_p("season.claims", "Claims"),
    N_p("season.declared", "Declarations that scored, challenges and penalties"),
    N_p("season.pair", "Pair"),
    N_p("season.cumulative", "Wins, game by game"),
    N_p(
        "season.cumulative_caption",
        "Each player's wins so far after each finished game of the season",
    ),
    N_p("season.game", "Game"),
    N_p("season.monthly", "Wins by month"),
    N_p("season.rating", "Rating"),
    N_p("season.mu", "mu ± sigma"),
    N_p("season.ratings", "Ratings, game by game"),
    N_p(
        "season.ratings_caption",
        "Each player's rating (openskill: mu − 3 sigma, a skill the player very likely has) "
        "after each of the player's games of the season, rated over every finished game of "
        "the period",
    ),
    N_p("season.no_games", "no finished games"),
    N_p("season.points", "Points"),
    N_p("season.best", "Best games"),
    N_p("season.record", "Record"),
    N_p("season.figure", "Figure"),
    N_p("season.date", "Date"),
    N_p("season.score", "Score"),
    N_p("season.largest_margin", "Largest margin"),
    N_p("season.highest_total", "Highest total"),
    N_p("season.fastest_win", "Fastest win (deals)"),
    N_p("season.no_record", "no game won yet"),
    N_p("season.generated", "written by terts-referee"),
)


#: The players' table: results, then (a second table) what happened in their deals.
_RESULTS: Final = (  # Final: each is a literal, a key of the players' figures
    "games",
    "wins",
    "win_rate",
    "current_streak",
    "longest_streak",
    "points_per_deal",
    "best_deal",
    "rating",
    "mu",
)
_EVENTS: Final = COUNTS  # the counted figures, in the order the summary keeps them

_SEASON_STYLE = """
table.stats { border-collapse: collapse; margin: 0.5em 0 1.2em; }
table.stats th, table.stats td { border: 1px solid #555; padding: 3px 7px; }
table.stats thead th { background: #f0f0f0; font-weight: 600; font-size: 0.9em; }
table.stats td.num { text-align: right; font-variant-numeric: tabular-nums; }
table.stats th[scope=row] { text-align: left; }
table.h2h td.wins { text-align: center; font-variant-numeric: tabular-nums; }
h2 { font-size: 1.15em; margin: 1.2em 0 0.3em; }
.charts { display: flex; flex-wrap: wrap; gap: 1em; }
/* A phone: the season's charts keep a width at which their 12-unit words read at 10 px or
   more, in a box of their own (the sheet's chart is drawn for the phone's width instead) */
@media (max-width: 700px) {
  figure.chart { overflow-x: auto; }
  svg.season-chart { min-width: 600px; }
}
@media print { svg.season-chart { min-width: 0; } figure.chart { overflow: visible; } }
""".strip()


def _w(key: str, lang: str, **kwargs: Any) -> str:
    return t(f"season.{key}", lang, **kwargs)


def _h(key: str, lang: str, **kwargs: Any) -> str:
    return escape(_w(key, lang, **kwargs))


def _shown(value: Any, lang: str) -> str:
    if value is None:
        return "—"
    if isinstance(value, float):
        return number(value, lang, "g")
    return str(value)


def _average(value: Any) -> Any:
    """An average for a sentence: the float itself (the sentence writes it, and counts by it,
    in the language's way), a whole float as an int (4.0 deals read "4 deals"), or a dash."""
    if value is None:
        return "—"
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _month(iso: str) -> str:
    return datetime.fromisoformat(iso).strftime("%Y-%m")


def _timeline(figures: Stats) -> list[tuple[TimelineEntry, str | None]]:
    """Each finished game of the season with its winner named as the players' table names him
    (the spelling of his latest game; None for a game without a winner)."""
    keys = {n.casefold(): n for n in figures["players"]}
    return [
        (game, keys.get((game["winner"] or "").casefold())) for game in figures.get("timeline", [])
    ]


def _monthly(figures: Stats) -> tuple[list[str], dict[str, dict[str, int]]]:
    """The months of the season in order and each player's wins in each."""
    names = list(figures["players"])
    months: list[str] = []
    wins: dict[str, dict[str, int]] = {n: {} for n in names}
    for game, winner in _timeline(figures):
        month = _month(game["date"])
        if month not in months:
            months.append(month)
        if winner:
            wins[winner][month] = wins[winner].get(month, 0) + 1
    return months, wins


def wins_chart_text(figures: Stats, ascii_only: bool = False, lang: str | None = None) -> str:
    """Wins by month as bars, one line per player and month; plain text for a rich ``Text``."""
    lang = check_lang(lang)
    block = "#" if ascii_only else "█"
    months, wins = _monthly(figures)
    names = {n: visible(n) for n in wins}
    width = max((len(n) for n in names.values()), default=0)
    most = max((v for per in wins.values() for v in per.values()), default=0)
    scale = 40 / most if most > 40 else 1
    lines = [_w("monthly", lang)]
    for month in months:
        for i, name in enumerate(wins):
            count = wins[name].get(month, 0)
            label = month if i == 0 else ""
            bar = block * round(count * scale)
            lines.append(f"{label:7}  {names[name]:<{width}}  {bar} {count}".rstrip())
    if not months:
        lines.append(_w("no_games", lang))
    return "\n".join(lines)


def _line_chart(
    kind: str,
    titles: tuple[str, str],
    count: int,
    span: tuple[int, int, int],
    lines: list[tuple[str, str, list[tuple[int, float]], str]],
    lang: str,
) -> str:
    """A season line chart (``charts.line_chart_svg``) with its words in ``lang``: ``titles``
    the catalogue keys of its title and its y axis."""
    words = LineWords(
        _w(titles[0], lang), _w(titles[1], lang), _w("game", lang), _w("no_games", lang)
    )
    return line_chart_svg(kind, words, count, span, lines)


def _cumulative_svg(figures: Stats, lang: str) -> str:
    """Each player's running count of wins over the season's finished games (x: the game)."""
    names = list(figures["players"])
    timeline = _timeline(figures)
    running = dict.fromkeys(names, 0)
    tracks: dict[str, list[tuple[int, float]]] = {n: [(0, 0)] for n in names}
    for i, (_, winner) in enumerate(timeline, start=1):
        if winner:
            running[winner] += 1
        for n in names:
            tracks[n].append((i, running[n]))
    _, high, step = y_range(list(running.values()) or [0], ticks=6)
    lines = [(n, f'data-wins="{running[n]}"', tracks[n], f"{n}: {running[n]}") for n in names]
    titles = ("cumulative", "wins")
    return _line_chart("cumulative", titles, len(timeline), (0, high, step), lines, lang)


def _rate_svg(figures: Stats, lang: str) -> str:
    """Each player's win rate as a horizontal bar, with wins/games written beside it."""
    rows = [
        (n, visible(n), p["win_rate"], f"{p['wins']}/{p['games']}")
        for n, p in figures["players"].items()
    ]
    return rate_bars_svg(_w("win_rate", lang), rows)


def _cell(name: str, field: str, value: Any, text: str | None = None, lang: str = "en") -> str:
    """A figure: shown as ``text`` (default the value, in ``lang``'s way), the value itself in
    ``data-value``."""
    raw = escape(json.dumps(value), quote=True)
    return (
        f'<td class="num" data-player="{escape(name)}" data-field="{field}" data-value="{raw}">'
        f"{escape(_shown(value, lang) if text is None else text)}</td>"
    )


def _figure(name: str, field: str, value: Any, lang: str) -> str:
    """A figure inside a cell (``_cell``'s data, in a ``span``)."""
    raw = escape(json.dumps(value), quote=True)
    return (
        f'<span data-player="{escape(name)}" data-field="{field}" data-value="{raw}">'
        f"{escape(_shown(value, lang))}</span>"
    )


def _percent(rate: float) -> str:
    return f"{rate * 100:.0f}%"


#: The records of ``stats --json``'s ``best_games``: each one's figure in its entry, and who
#: holds it.
_RECORDS: Final = (
    ("largest_margin", "margin", "winner"),
    ("highest_total", "total", "player"),
    ("fastest_win", "deals", "winner"),
)


def _best_html(figures: Stats, lang: str) -> list[str]:
    """The best games: each record with who set it, its figure and its game; then each
    player's own (``data-record`` rows, cells with ``data-field`` as elsewhere)."""
    best = figures["best_games"]
    head = "".join(
        f'<th scope="col">{_h(f, lang)}</th>' for f in ("record", "player", "figure", "date")
    )
    rows = []
    for name, field, holder in _RECORDS:
        entry: Any = best[name]  # type: ignore[literal-required]  # _RECORDS names its keys
        if entry is None:
            continue
        who = entry[holder]
        a, b = entry["players"]
        score = f"{a} {entry['totals'][a]} : {entry['totals'][b]} {b}"
        rows.append(
            f'<tr data-record="{name}"><th scope="row">{_h(name, lang)}</th>'
            f"<td>{escape(who)}</td>{_cell(who, field, entry[field], lang=lang)}"
            f"<td>{escape(entry['date'][:10])}, {escape(score)}</td></tr>"
        )
    if not rows:
        rows.append(f'<tr><td colspan="4">{_h("no_record", lang)}</td></tr>')
    own_head = "".join(
        f'<th scope="col">{_h(f, lang)}</th>' for f in ("player", *(r[0] for r in _RECORDS))
    )
    own = []
    for name, mine in best["players"].items():
        cells = "".join(_cell(name, r[0], mine[r[0]], lang=lang) for r in _RECORDS)
        own.append(f'<tr data-record="players"><th scope="row">{escape(name)}</th>{cells}</tr>')
    return [
        f"<h2>{_h('best', lang)}</h2>",
        '<table class="stats best">',
        f"<thead><tr>{head}</tr></thead>",
        "<tbody>",
        *rows,
        "</tbody>",
        "</table>",
        '<table class="stats best players">',
        f"<thead><tr>{own_head}</tr></thead>",
        "<tbody>",
        *own,
        "</tbody>",
        "</table>",
    ]


def _text_of(field: str, p: PlayerStats, lang: str) -> str | None:
    """How the page writes a player's figure when not as it is (None): a rate as a percentage,
    a rating with one decimal, mu with its sigma."""
    if field == "win_rate":
        return _percent(p["win_rate"])
    if field == "rating" and p["rating"] is not None:
        return number(p["rating"], lang, ".1f")
    if field == "mu" and p["mu"] is not None and p["sigma"] is not None:
        return f"{number(p['mu'], lang, '.1f')} ± {number(p['sigma'], lang, '.1f')}"
    return None


def _ratings_svg(figures: Stats, lang: str) -> str:
    """Each player's rating after each of the player's games of the season (x: the game, as in
    the wins chart; y: the rating), one line a player."""
    players = figures["players"]
    timeline = figures["timeline"]
    tracks: dict[str, list[tuple[int, float]]] = {n: [] for n in players}
    for i, game in enumerate(timeline, start=1):
        for name, value in game["ratings"].items():
            if name in tracks and value is not None:
                tracks[name].append((i, value))
    values = [v for track in tracks.values() for _, v in track]
    # whole numbers around every rating, 0 (where a newcomer starts) among them
    span = [math.floor(min(values)), math.ceil(max(values))] if values else [0, 10]
    lines = []
    for name, p in players.items():
        final = p["rating"]
        shown = "—" if final is None else number(final, lang, ".1f")
        attributes = f'data-rating="{escape(json.dumps(final))}"'
        lines.append((name, attributes, tracks[name], f"{name}: {shown}"))
    titles = ("ratings", "rating")
    return _line_chart("ratings", titles, len(timeline), y_range(span, ticks=6), lines, lang)


def season_html(figures: Stats, lang: str = "en") -> str:
    """The season as a printable HTML5 page: the players' figures, head to head, two charts."""
    lang = check_lang(lang)
    title = _w("title", lang)
    results_head = "".join(f'<th scope="col">{_h(f, lang)}</th>' for f in ("player", *_RESULTS))
    events_head = "".join(
        f'<th scope="col">{_h(f, lang)}</th>' for f in ("player", *DECLARATION_CLASSES, *_EVENTS)
    )
    results, events = [], []
    for name, p in figures["players"].items():
        row = f'<th scope="row">{escape(name)}</th>'
        cells = [_cell(name, f, p[f], _text_of(f, p, lang), lang) for f in _RESULTS]
        results.append(f"<tr>{row}{''.join(cells)}</tr>")
        cells = [
            _cell(name, f"declarations.{c}", p["declarations"][c]) for c in DECLARATION_CLASSES
        ]
        cells += [_cell(name, f, p[f]) for f in _EVENTS]
        events.append(f"<tr>{row}{''.join(cells)}</tr>")
    if not results:
        results.append(f'<tr><td colspan="{1 + len(_RESULTS)}">{_h("no_games", lang)}</td></tr>')
    pairs = []
    for pair in figures["head_to_head"]:
        a, b = pair["players"]
        key = escape(f"{a} — {b}")
        pairs.append(
            f'<tr data-pair="{key}"><th scope="row">{key}</th>'
            f'<td class="num" data-field="games" data-value="{pair["games"]}">{pair["games"]}</td>'
            # one cell «1 : 2», each player's figure in its own span (its value as data)
            + '<td class="wins">'
            + _figure(a, "wins", pair["wins"][a], lang)
            + " : "
            + _figure(b, "wins", pair["wins"][b], lang)
            + '</td><td class="points">'
            + _figure(a, "points", pair["points"][a], lang)
            + " : "
            + _figure(b, "points", pair["points"][b], lang)
            + "</td></tr>"
        )
    summary = _w("summary", lang, games=figures["games"], unfinished=figures["unfinished"])
    averages = _w(
        "averages",
        lang,
        deals=_average(figures.get("average_deals")),
        minutes=_average(figures.get("average_minutes")),
    )
    parts = [
        *html_head(lang, title, f"{STYLE}\n{_SEASON_STYLE}"),
        "<body>",
        f"<h1>{escape(title)}</h1>",
        f'<p class="game" data-games="{figures["games"]}" data-unfinished="{figures["unfinished"]}"'
        f">{escape(summary)}. {escape(averages)}</p>",
        f"<h2>{_h('players', lang)}</h2>",
        '<table class="stats players results">',
        f"<thead><tr>{results_head}</tr></thead>",
        "<tbody>",
        *results,
        "</tbody>",
        "</table>",
        f"<h2>{_h('declared', lang)}</h2>",
        '<table class="stats players events">',
        f"<thead><tr>{events_head}</tr></thead>",
        "<tbody>",
        *events,
        "</tbody>",
        "</table>",
        f"<h2>{_h('h2h', lang)}</h2>",
        '<table class="stats h2h">',
        f'<thead><tr><th scope="col">{_h("pair", lang)}</th><th scope="col">'
        f'{_h("games", lang)}</th><th scope="col">{_h("wins", lang)}</th>'
        f'<th scope="col">{_h("points", lang)}</th></tr></thead>',
        "<tbody>",
        *pairs,
        "</tbody>",
        "</table>",
        *_best_html(figures, lang),
        '<figure class="chart">',
        _cumulative_svg(figures, lang),
        f"<figcaption>{_h('cumulative_caption', lang)}</figcaption>",
        "</figure>",
        '<figure class="chart">',
        _rate_svg(figures, lang),
        "</figure>",
        '<figure class="chart">',
        _ratings_svg(figures, lang),
        f"<figcaption>{_h('ratings_caption', lang)}</figcaption>",
        "</figure>",
        f'<p class="meta">{_h("generated", lang)} {escape(__version__)}</p>',
        "</body>",
        "</html>",
    ]
    return "\n".join(parts) + "\n"
