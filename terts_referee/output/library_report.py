"""Output of ``history`` and ``stats`` for people (rich tables, a text chart) and for scripts
(one JSON document). Player names enter rich as plain cells, never markup.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from ..i18n import N_np, N_p, date, number, register, t
from ..library.summary import DECLARATION_CLASSES
from . import console

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence
    from pathlib import Path

    from ..library.importing import Imported
    from ..library.shapes import Stats

TEXT = register(
    N_p("library.h.history", "Games in {library}"),
    N_p("library.h.date", "date"),
    N_p("library.h.players", "players"),
    N_p("library.h.rules", "rules"),
    N_p("library.h.winner", "winner"),
    N_p("library.h.totals", "totals"),
    N_p("library.h.deals", "deals"),
    N_p("library.h.minutes", "minutes"),
    N_p("library.h.unfinished", "unfinished"),
    N_np("library.h.stats", "Players ({games} game)", "Players ({games} games)", "games"),
    N_p("library.h.player", "player"),
    N_p("library.h.games", "games"),
    N_p("library.h.wins", "wins"),
    N_p("library.h.rate", "win %"),
    N_p("library.h.streak", "streak now / best"),
    N_p("library.h.per_deal", "pts/deal"),
    N_p("library.h.best", "best deal"),
    N_p("library.h.terts", "terts"),
    N_p("library.h.fifty", "50"),
    N_p("library.h.hundred", "100"),
    N_p("library.h.four", "four"),
    N_p("library.h.marriage", "marriage"),
    N_p("library.h.challenges", "challenges won"),
    N_p("library.h.burned", "burned"),
    N_p("library.h.false", "false"),
    N_p("library.h.uphill", "uphill"),
    N_p("library.h.claims", "claims"),
    N_p("library.h.h2h", "Head to head"),
    N_p("library.h.scored", "Declarations that scored"),
    N_p("library.h.contested", "Challenges and penalties"),
    N_p("library.h.pair", "pair"),
    N_p("library.h.points", "points"),
    N_p("library.h.best_games", "Best games"),
    N_p("library.h.record", "record"),
    N_p("library.h.figure", "figure"),
    N_p("library.h.game", "game"),
    N_p("library.h.largest_margin", "largest margin"),
    N_p("library.h.highest_total", "highest total"),
    N_p("library.h.fastest_win", "fastest win, deals"),
    N_p("library.h.own_best", "Each player's best"),
    N_p("library.h.ratings", "Ratings"),
    N_p("library.h.rating", "rating (mu ± sigma)"),
    N_p("library.h.rated", "games rated"),
    N_p("library.rating", "{rating} (mu {mu} ± {sigma})"),
    N_p(
        "library.ratings_meaning",
        "Rating: mu - 3 sigma (openskill), a skill the player very likely has.",
    ),
    N_np(
        "library.ratings_over",
        "Rated over the {games} finished game of the period, whoever played them.",
        "Rated over the {games} finished games of the period, whoever played them.",
        "games",
    ),
    N_p(
        "library.chance",
        "The chance to win the next game, by the ratings: {a} {pa}, {b} {pb}.",
    ),
    N_p(
        "library.averages",
        "{games}, {unfinished} unfinished; on average {deals} and {minutes} a game",
    ),
    N_np("library.averages#games", "{games} finished game", "{games} finished games", "games"),
    N_np("library.averages#deals", "{deals} deal", "{deals} deals", "deals"),
    N_np("library.averages#minutes", "{minutes} minute", "{minutes} minutes", "minutes"),
    N_np(
        "library.copies",
        "{n} copy of the same games counted once (`stats --json` names them)",
        "{n} copies of the same games counted once (`stats --json` names them)",
        "n",
    ),
    N_p(
        "library.conflict",
        "one game continued differently in {files}: neither is counted until one is kept "
        "(`terts keep FILE` keeps FILE and moves the others aside)",
    ),
    N_p("import.written", "imported {source}: {file}"),
    N_p("import.damaged", "not imported {source}, left as it is: {reason}"),
    N_np(
        "import.summary",
        "{imported} game imported into {library}; already there: {skipped}; damaged, left "
        "where they are: {damaged}",
        "{imported} games imported into {library}; already there: {skipped}; damaged, left "
        "where they are: {damaged}",
        "imported",
    ),
    N_p("library.none", "no games in the library yet: `terts new` moves a finished game there"),
    N_np(
        "library.none_match",
        "no game matches the options given ({total} game in the library)",
        "no game matches the options given ({total} games in the library)",
        "total",
    ),
    N_np(
        "library.none_between",
        "{a} and {b}: no finished game between them matches the options given ({total} game "
        "in the library)",
        "{a} and {b}: no finished game between them matches the options given ({total} games "
        "in the library)",
        "total",
    ),
    N_np(
        "library.none_finished",
        "no finished game matches the options given ({total} game in the library)",
        "no finished game matches the options given ({total} games in the library)",
        "total",
    ),
)


def progress_bar(total: int) -> Callable[[], None]:
    """A rich progress bar on stderr for the first build of a big index; returns ``advance``.

    Shown only for more than a few files (a small update is over before the eye sees it).
    """
    from ..library.scan import TOLD_FROM

    if total < TOLD_FROM:
        return lambda: None
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    bar = Progress(
        "{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console.err(),
        transient=True,
    )
    bar.start()
    task = bar.add_task(t("library.building"), total=total)
    done = [0]

    def advance() -> None:
        done[0] += 1
        bar.advance(task)
        if done[0] >= total:
            bar.stop()

    return advance


def say_conflicts(conflicts: Sequence[Mapping[str, Any]]) -> None:
    """One line on stderr for each game continued differently, naming its copies."""
    for conflict in conflicts:
        console.note(t("library.conflict", files=", ".join(conflict["files"])))


def report_import(done: Imported, as_json: bool) -> None:
    """``terts import``: each file written (stdout), each damaged one with its reason
    (stderr, also with ``--json``), then the counts; or the JSON."""
    for source, reason in done.damaged:
        console.note(t("import.damaged", source=source, reason=reason))
    if as_json:
        console.print_json(done.to_dict())
        return
    for source, file in done.written:
        console.say(t("import.written", source=source, file=file))
    console.say(
        t(
            "import.summary",
            imported=len(done.written),
            library=done.library,
            skipped=len(done.already),
            damaged=len(done.damaged),
        )
    )


def _day(iso: str) -> str:
    return date(datetime.fromisoformat(iso))


def report_history_document(document: dict[str, Any], library: Path, in_library: int) -> None:
    """The table of ``history`` from its JSON document; ``in_library``: how many games the
    library holds, filters aside (to tell an empty library from options that match none)."""
    games = document["games"]
    if not games:
        console.say(t("library.none_match", total=in_library) if in_library else t("library.none"))
        return
    tab = console.table(
        t("library.h.date"),
        t("library.h.players"),
        t("library.h.rules"),
        t("library.h.winner"),
        t("library.h.totals"),
        t("library.h.deals"),
        t("library.h.minutes"),
        title=t("library.h.history", library=library),
        numbers=(0, 4, 5, 6),  # the date, the score «220 : 520», the deals and the minutes
    )
    for g in games:
        a, b = g["players"]
        tab.add_row(
            console.cell(_day(g["started"])),
            console.cell(f"{a} — {b}"),
            console.cell(g["rules"]),
            console.cell(g["winner"] or t("library.h.unfinished"), None if g["winner"] else "dim"),
            console.cell(f"{g['totals'][a]} : {g['totals'][b]}"),
            console.cell(g["deals"]),
            console.cell("—" if g["minutes"] is None else round(g["minutes"])),
        )
    console.show(console.natural_widths(tab))


def _or_dash(value: Any) -> Any:
    """A figure as it is (a message or a cell writes a float in the language's way), a whole
    float as an int (4.0 deals read "4 deals"), or a dash."""
    if value is None:
        return "—"
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _percent(chance: float) -> str:
    return f"{chance * 100:.0f}%"


def _show_ratings(figures: Stats) -> None:
    """The players shown, best rating first: the conservative value, then mu ± sigma."""
    rated = [(n, p) for n, p in figures["players"].items() if p.get("rating") is not None]
    if not rated:
        return
    rated.sort(key=lambda item: -(item[1]["rating"] or 0.0))  # stable: ties keep the order
    tab = console.table(
        t("library.h.player"),
        t("library.h.rating"),
        t("library.h.rated"),
        title=t("library.h.ratings"),
        numbers=(1, 2),  # «6.8 (μ 30.2 ± 7.8)» is one figure
    )
    for name, p in rated:
        text = t(
            "library.rating",
            rating=number(p["rating"] or 0.0, None, ".1f"),  # a rated player has all three
            mu=number(p["mu"] or 0.0, None, ".1f"),
            sigma=number(p["sigma"] or 0.0, None, ".1f"),
        )
        tab.add_row(console.cell(name), console.cell(text), console.cell(p["rated_games"]))
    console.show(console.natural_widths(tab))
    console.say(t("library.ratings_meaning"), style="dim")
    console.say(t("library.ratings_over", games=figures["ratings"]["games"]), style="dim")


def _say_chance(figures: Stats) -> None:
    """The model's chance of ``--player`` and ``--vs`` winning their next game, when asked."""
    if figures.get("chance"):
        (a, pa), (b, pb) = figures["chance"].items()
        console.say(t("library.chance", a=a, b=b, pa=_percent(pa), pb=_percent(pb)))


def report_stats(figures: Stats, as_json: bool, chart: bool, in_library: int = 0) -> None:
    """``in_library``: how many games the library holds, filters aside (to tell an empty
    library from options that leave nothing to count)."""
    if as_json:
        console.print_json(figures)
        return
    if not figures["players"]:
        if figures.get("chance"):  # --player and --vs who never met: the ratings still speak
            a, b = figures["chance"]
            console.say(t("library.none_between", a=a, b=b, total=in_library))
            _say_chance(figures)
        elif in_library:
            console.say(t("library.none_finished", total=in_library))
        else:
            console.say(t("library.none"))
        return
    tab = console.table(
        t("library.h.player"),
        t("library.h.games"),
        t("library.h.wins"),
        t("library.h.rate"),
        t("library.h.streak"),
        t("library.h.per_deal"),
        t("library.h.best"),
        title=t("library.h.stats", games=figures["games"]),
        numbers=(1, 2, 3, 4, 5, 6),  # the name wraps, never a figure
    )
    # Two tables of six columns rather than one of eleven: at 80 columns nothing is cut.
    scored = console.table(
        t("library.h.player"),
        *(t(f"library.h.{c}") for c in DECLARATION_CLASSES),
        title=t("library.h.scored"),
        numbers=tuple(range(1, 1 + len(DECLARATION_CLASSES))),
    )
    contested = console.table(
        t("library.h.player"),
        t("library.h.challenges"),
        t("library.h.burned"),
        t("library.h.false"),
        t("library.h.uphill"),
        t("library.h.claims"),
        title=t("library.h.contested"),
        numbers=(1, 2, 3, 4, 5),
    )
    for name, p in figures["players"].items():
        tab.add_row(
            console.cell(name),
            console.cell(p["games"]),
            console.cell(p["wins"]),
            console.cell(f"{p['win_rate'] * 100:.0f}%"),
            console.cell(f"{p['current_streak']}/{p['longest_streak']}"),
            console.cell(_or_dash(p["points_per_deal"])),
            console.cell(_or_dash(p["best_deal"])),
        )
        scored.add_row(
            console.cell(name), *(console.cell(p["declarations"][c]) for c in DECLARATION_CLASSES)
        )
        contested.add_row(
            console.cell(name),
            console.cell(p["challenges_won"]),
            console.cell(p["burned"]),
            console.cell(p["false_declarations"]),
            console.cell(p["uphill"]),
            console.cell(p["claims"]),
        )
    console.show(console.natural_widths(tab))
    console.show(console.natural_widths(scored))
    console.show(console.natural_widths(contested))
    h2h = console.table(
        t("library.h.pair"),
        t("library.h.games"),
        t("library.h.wins"),
        t("library.h.points"),
        title=t("library.h.h2h"),
        numbers=(1, 2, 3),  # «1 : 2» never wraps
    )
    for pair in figures["head_to_head"]:
        a, b = pair["players"]
        h2h.add_row(
            console.cell(f"{a} — {b}"),
            console.cell(pair["games"]),
            console.cell(f"{pair['wins'][a]} : {pair['wins'][b]}"),
            console.cell(f"{pair['points'][a]} : {pair['points'][b]}"),
        )
    console.show(console.natural_widths(h2h))
    _report_best(figures)
    _show_ratings(figures)
    console.say(
        t(
            "library.averages",
            games=figures["games"],
            unfinished=figures["unfinished"],
            deals=_or_dash(figures["average_deals"]),
            minutes=_or_dash(figures["average_minutes"]),
        )
    )
    _say_chance(figures)
    if figures.get("copies"):
        console.say(t("library.copies", n=len(figures["copies"])), style="dim")
    if chart:
        from .season import wins_chart_text

        console.say(wins_chart_text(figures, ascii_only=console.ascii_suits()))


#: The records of ``stats --json``'s ``best_games``: the figure in each, and who holds it.
_RECORDS = (
    ("largest_margin", "margin", "winner"),
    ("highest_total", "total", "player"),
    ("fastest_win", "deals", "winner"),
)


def _report_best(figures: Stats) -> None:
    """The best games (who set each record, its figure, the game), then each player's own."""
    best = figures["best_games"]
    tab = console.table(
        t("library.h.record"),
        t("library.h.player"),
        t("library.h.figure"),
        t("library.h.game"),
        title=t("library.h.best_games"),
    )
    for name, field, holder in _RECORDS:
        entry: Any = best[name]  # type: ignore[literal-required]  # _RECORDS names its keys
        if entry is None:
            continue
        a, b = entry["players"]
        tab.add_row(
            console.cell(t(f"library.h.{name}")),
            console.cell(entry[holder]),
            console.cell(entry[field]),
            console.cell(
                f"{entry['date'][:10]} {a} — {b} {entry['totals'][a]} : {entry['totals'][b]}"
            ),
        )
    if tab.row_count:
        console.show(tab)
    own = console.table(
        t("library.h.player"),
        *(t(f"library.h.{name}") for name, _, _ in _RECORDS),
        title=t("library.h.own_best"),
    )
    for player, mine in best["players"].items():
        own.add_row(
            console.cell(player),
            *(console.cell(_or_dash(mine[name])) for name, _, _ in _RECORDS),  # type: ignore[literal-required]
        )
    console.show(own)
