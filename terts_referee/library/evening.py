"""A club night from one folder: its tables, a new table, the next round, the standings.

**Tables.** Every game file directly in the club folder is a table, named by its file name
without ``.toml``. A table's name is never a path: 1 to 80 letters or digits of any script,
``_`` and ``-``, starting with a letter or a digit (:data:`TABLE_NAME`). So no dot (no ``..``,
no hidden file, no second extension), no slash or backslash, no space, no NUL or other control
character. A file whose name is not one, a link, anything but a regular file, and the tables
past :data:`MAX_TABLES` are passed over, each named with the reason. A new table's file is
named from the time and its players (``2026-11-30_1904_Аня_Боря``, ``_2``… when taken) and is
created only where no file is (``GameFile.create`` without ``force``, under the game's lock).

**The evening.** It starts at a moment the server is given (``terts serve --club DIR --since
WHEN``), by default at six in the morning of the day the server starts (:func:`evening_start`:
a night that runs past midnight stays one evening, and a server started again at 1 a.m. still
counts the whole of it). The evening's games are the games started since then: the club
folder's tables, and the library's (the finished tables moved there, a game imported from
another laptop). A table started before is served and listed, not counted. The same game found
both as a table and in the library counts once (``copies.counted_once``).

**Standings** (:func:`standings`) are over the evening's finished games: for each player of the
evening (of its games, and the players the evening was given), the games played, the wins and
the points (the final totals of those games, added up), ranked by wins, then points, then name.
With the evening's players named, only the games between two of them count: a game of two
others in the afternoon, in the same library since six, is not of this evening.
Ratings are openskill's over every finished game the library and the tables hold, in the order
played (``ratings.rate``): the rating now and the rating just before the evening began, so the
evening's change shows.

**Rounds** (:func:`rounds`): with the evening's players named, the round robin of ``pairings.py``;
a pair has played (or is playing) when an evening's game has exactly those two players. The next
round is the first with a pair that has not; opening it opens a table for each such pair.

**Finished tables go to the library** as ``terts new`` moves a finished game
(``index.archive_game``: crash-safe, never overwriting): :func:`move_finished`, which the server
calls when the next round is opened and when it stops; the hidden lock file of each table
moved goes too (``storage.remove_lock``: locked while it is unlinked). Unfinished tables stay.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..domain.verdicts import Verdict
from ..errors import GameFileError, NotationError
from ..i18n import N_p, register, t

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from ..game.game_file import GameFile
    from ..game.model import Game
    from ..referee import Sheet
    from .pairings import Round
    from .ratings import Ratings
    from .shapes import RoundPair, RoundView, Standing, Standings, TableView

__all__ = [
    "MAX_TABLES",
    "TABLE_NAME",
    "Tables",
    "check_club_folder",
    "evening_games",
    "evening_start",
    "is_table_name",
    "move_finished",
    "new_table_name",
    "open_table",
    "parse_since",
    "rate_games",
    "rounds",
    "standings",
    "table_summary",
    "table_view",
    "tables_in",
]

#: A table's name: letters and digits of any script, ``_`` and ``-``, a letter or digit first.
TABLE_NAME = re.compile(r"[^\W_][\w-]{0,79}")

#: The most tables one club night serves (each has its own worker thread and live stream).
MAX_TABLES = 64

#: The most characters of one player's name in a new table's name.
NAME_PART = 24

SUFFIX = ".toml"

TEXT = register(
    N_p(
        "club.folder.not_dir",
        "the club folder {path} is {kind}, not a folder: name a folder with --club (a "
        "missing one is made)",
    ),
    N_p(
        "club.folder.bad",
        "cannot use the club folder {path}: {reason}; name a folder with --club (a missing "
        "one is made, inside a folder that exists)",
    ),
    N_p(
        "club.folder.in_library",
        "the club folder {path} is inside the library {library}: its tables would count as "
        "library games; name a folder outside the library",
    ),
    N_p(
        "club.file.name",
        "not a table: a table's name is letters, digits, - and _ (a letter or digit first, "
        "at most 80), then .toml",
    ),
    N_p("club.file.link", "a link: a table is a file of the club folder itself"),
    N_p("club.file.too_many", "more than {most} tables: not served"),
    N_p(
        "club.since.bad",
        "--since {text!r} is not a moment: expected YYYY-MM-DD, YYYY-MM-DDTHH:MM or HH:MM (today)",
    ),
    N_p(
        "club.since.future",
        "--since {text!r} is later than now: the evening starts at or before now",
    ),
    N_p(
        "club.round.no_players",
        "the evening's players were not named: its tables are opened one by one",
    ),
    N_p("club.round.unknown", "there is no round {number}: the evening has rounds 1 to {most}"),
)


# --- the club folder and its tables ---------------------------------------------------------


def is_table_name(name: str) -> bool:
    """Whether ``name`` is a table's name (:data:`TABLE_NAME`)."""
    return TABLE_NAME.fullmatch(name) is not None


def _reason(exc: OSError | ValueError) -> str:
    if isinstance(exc, OSError):
        return exc.strerror or " ".join(str(exc).split()) or type(exc).__name__
    return str(exc)


def check_club_folder(folder: Path, library: Path | None = None) -> bool:
    """The club folder, made when missing (only its last part: a folder inside one that
    exists); returns whether it was made. Raises GameFileError, one line, for a path that is
    something else (a file, a FIFO), one that cannot be looked at or made, and a folder inside
    ``library`` (its tables would be counted twice)."""
    from ..files import kind_of
    from ..i18n.messages import clipped

    shown = clipped(str(folder), 120)
    made = False
    try:
        st = os.stat(folder)
    except FileNotFoundError:
        try:
            os.mkdir(folder)
        except (OSError, ValueError) as exc:
            bad = {"path": shown, "reason": _reason(exc)}
            raise GameFileError(Verdict("club.folder.bad", bad)) from None
        made, st = True, os.stat(folder)
    except (OSError, ValueError) as exc:  # ENAMETOOLONG, ENOTDIR, ELOOP; a NUL in the path
        bad = {"path": shown, "reason": _reason(exc)}
        raise GameFileError(Verdict("club.folder.bad", bad)) from None
    if not stat.S_ISDIR(st.st_mode):
        kind = Verdict("library.regular" if stat.S_ISREG(st.st_mode) else kind_of(st.st_mode))
        raise GameFileError(Verdict("club.folder.not_dir", {"path": shown, "kind": kind}))
    if library is not None:
        real, home = os.path.realpath(folder), os.path.realpath(library)
        if real == home or real.startswith(home.rstrip(os.sep) + os.sep):
            inside = {"path": shown, "library": str(library)}
            raise GameFileError(Verdict("club.folder.in_library", inside))
    return made


@dataclass
class Tables:
    """The tables of a club folder, by name (sorted), and the files passed over with the
    reason, as (file name, reason)."""

    found: dict[str, Path] = field(default_factory=dict)
    skipped: list[tuple[str, str]] = field(default_factory=list)


def tables_in(folder: Path) -> Tables:
    """The tables of ``folder`` (see the module's doc); only ``os.scandir``, nothing opened.
    Hidden files (the game's lock and temp files among them) are not tables and not named."""
    from ..files import kind_of

    tables = Tables()
    try:
        with os.scandir(folder) as listing:
            entries = sorted(listing, key=lambda e: e.name)
    except OSError:
        return tables  # gone or unreadable for now: no tables until it is back
    for entry in entries:
        name = entry.name
        if name.startswith(".") or not name.endswith(SUFFIX):
            continue
        stem = name[: -len(SUFFIX)]
        try:
            st = entry.stat(follow_symlinks=False)
        except OSError as exc:
            tables.skipped.append((name, _reason(exc)))
            continue
        if not is_table_name(stem):
            tables.skipped.append((name, t("club.file.name")))
        elif stat.S_ISLNK(st.st_mode):
            tables.skipped.append((name, t("club.file.link")))
        elif not stat.S_ISREG(st.st_mode):
            tables.skipped.append((name, t(kind_of(st.st_mode))))
        elif len(tables.found) >= MAX_TABLES:
            tables.skipped.append((name, t("club.file.too_many", most=MAX_TABLES)))
        else:
            tables.found[stem] = Path(entry.path)
    return tables


def _part(name: str) -> str:
    """A player's name as part of a table's name: what a table's name may not hold becomes
    ``-``, cut to :data:`NAME_PART` characters."""
    cleaned = re.sub(r"[^\w-]+", "-", name.strip()).replace("_", "-")
    cleaned = re.sub(r"-{2,}", "-", cleaned).strip("-")[:NAME_PART].strip("-")
    return cleaned or "x"


def new_table_name(players: Sequence[str], at: datetime) -> str:
    """``2026-11-30_1904_Аня_Боря``: the time and the players (a table's name, always)."""
    name = "_".join([at.strftime("%Y-%m-%d_%H%M"), *(_part(p) for p in players)])
    assert is_table_name(name), name
    return name


def open_table(
    folder: Path,
    players: Sequence[str],
    *,
    rules: str = "classic",
    dealer: str | None = None,
    quick: bool = True,
    at: datetime | None = None,
) -> tuple[str, GameFile]:
    """A new table in ``folder``: a new game file named by :func:`new_table_name` (``_2``,
    ``_3``… when the name is taken), never over a file; returns its name and the game.
    Raises NotationError, RulesetError, GameFileError as ``GameFile.create`` does."""
    from ..game.game_file import GameFile
    from ..game.model import check_names, now

    names = check_names(list(players))
    stem = new_table_name(names, at or now())
    for n in range(1, 1000):
        name = stem if n == 1 else f"{stem}_{n}"
        path = folder / (name + SUFFIX)
        if os.path.lexists(path):
            continue
        try:
            game = GameFile.create(path, names, rules=rules, dealer=dealer, quick=quick)
        except GameFileError:
            if os.path.lexists(path):  # made meanwhile by another: the next name
                continue
            raise
        return name, game
    taken = {"path": str(folder / (stem + SUFFIX))}
    raise GameFileError(Verdict("store.exists", taken))  # pragma: no cover


# --- one table as the lobby shows it ---------------------------------------------------------


def dealer_now(game: Game, sheet: Sheet) -> str | None:
    """Who deals: the open deal's dealer, else who deals the next one by the rotation (the
    last trick's taker; the first dealer before any deal, as ``referee.deals.on_deal`` has it);
    None once the game is over."""
    if sheet.finished:
        return None
    if sheet.current is not None:
        return sheet.current.dealer
    first = game.first_dealer or game.players[1]
    last = sheet.deals[-1] if sheet.deals else None
    return (last.last_trick if last is not None else None) or first


def table_view(name: str, game: Game, sheet: Sheet) -> TableView:
    """One table as ``GET api/tables`` lists it."""
    return {
        "name": name,
        "players": list(game.players),
        "totals": {p: sheet.totals.get(p, 0) for p in game.players},
        "finished": sheet.finished,
        "winner": sheet.winner,
        "dealer": dealer_now(game, sheet),
        "deals": len(sheet.deals),
        "rules": game.rules.name,
        "started": game.started.isoformat() if game.started else None,
        "id": game.id,
        "error": None,
    }


def table_summary(name: str, path: Path, game: Game, sheet: Sheet) -> dict[str, Any]:
    """A table's game as the library summarizes one (``summary.summarize``, over the sheet
    given), with the fields a scan adds (``file``, ``path``, ``key``, ``date``) and ``table``,
    its name."""
    from .copies import game_key
    from .summary import summarize

    summary = summarize(game, sheet=sheet)
    started = summary["started"]
    if started is None:  # a file from before times: its own date stands in
        when = datetime.fromtimestamp(os.stat(path).st_mtime).astimezone()
        started = when.replace(microsecond=0).isoformat()
    return {
        **summary,
        "file": str(path),
        "path": f"{name}{SUFFIX}",
        "key": game_key(summary),
        "date": started,
        "table": name,
    }


# --- the evening ----------------------------------------------------------------------------


#: When an evening starts unless ``--since`` says: a club night past midnight is one evening.
DAY_STARTS = time(6)


def evening_start(now: datetime) -> datetime:
    """The evening ``now`` belongs to starts at the latest :data:`DAY_STARTS` (local) not after
    ``now``: 6 a.m. today, or yesterday's before 6 a.m."""
    local = now.astimezone()
    start = datetime.combine(local.date(), DAY_STARTS).astimezone()
    if start > local:
        start = datetime.combine(local.date() - timedelta(days=1), DAY_STARTS).astimezone()
    return start


def parse_since(text: str, now: datetime) -> datetime:
    """``--since``: ``YYYY-MM-DD`` (that day's start), ``YYYY-MM-DDTHH:MM[:SS]`` (with or
    without an offset) or ``HH:MM`` (today), local time unless an offset is given; at most
    ``now``. Raises NotationError."""
    value = text.strip()
    moment: datetime | None = None
    try:
        if re.fullmatch(r"[0-9]{1,2}:[0-9]{2}", value):
            moment = datetime.combine(now.date(), time.fromisoformat(value.zfill(5)))
        elif re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", value):
            moment = datetime.combine(date.fromisoformat(value), time())
        elif re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}[T ][0-9:.+\-Z]+", value):
            moment = datetime.fromisoformat(value)
    except ValueError:
        moment = None
    if moment is None:
        raise NotationError(Verdict("club.since.bad", {"text": text}))
    if moment.tzinfo is None:
        moment = moment.astimezone()
    if moment > now:
        raise NotationError(Verdict("club.since.future", {"text": text}))
    return moment


def _moment(iso: str) -> float:
    """A summary's time as a timestamp (a time without an offset counts as local)."""
    return datetime.fromisoformat(iso).timestamp()


def evening_games(
    tables: list[dict[str, Any]], library: list[dict[str, Any]], since: datetime
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(the evening's games, every game), each counted once: the tables' summaries
    (:func:`table_summary`) and the library's (``scan_library``); the evening's are those
    started since ``since``. A game that is both a table and in the library (a copy put there
    by hand, or by a sync tool) counts as the table, unless the library's copy holds more
    (``copies.choose``'s rule without its tie-break by path)."""
    from .copies import counted_once, order_key, same_game

    everything, _, _ = counted_once(tables)
    at = {same_game(g): n for n, g in enumerate(everything)}
    for game in library:
        n = at.get(same_game(game))
        if n is None:
            everything.append(game)
        elif order_key(game)[:2] < order_key(everything[n])[:2]:
            everything[n] = game
    start = since.timestamp()
    evening = [g for g in everything if _moment(g["date"]) >= start]
    return evening, everything


def _key(name: str) -> str:
    return name.strip().casefold()


def rate_games(games: Iterable[dict[str, Any]]) -> Ratings:
    """openskill's ratings over the finished games among ``games`` (summaries), in the order
    played (``ratings.rate``)."""
    from .ratings import RatedGame, rate

    return rate(
        RatedGame(
            players=(g["players"][0], g["players"][1]),
            winner=g["winner"],
            started=datetime.fromisoformat(g["date"]),
            key=g["key"],
        )
        for g in games
        if g["finished"] and g["winner"]
    )


def standings(
    evening: list[dict[str, Any]],
    ratings: Ratings,
    since: datetime,
    players: Sequence[str] = (),
) -> Standings:
    """The evening's standings (see the module's doc): ``evening`` as :func:`evening_games`
    gives it, ``ratings`` over every finished game (:func:`rate_games`), ``players`` those the
    evening was given (listed before they play)."""
    names: dict[str, str] = {_key(p): p for p in players}
    if players:  # the evening is its players': another pair's game of the day is not of it
        evening = [g for g in evening if all(_key(p) in names for p in g["players"])]
    rows: dict[str, dict[str, Any]] = {
        _key(p): {"games": 0, "wins": 0, "points": 0} for p in players
    }
    playing: dict[str, str] = {}
    for game in sorted(evening, key=lambda g: _moment(g["date"])):
        for p in game["players"]:
            key = _key(p)
            names[key] = p  # the spelling of the latest game
            mine = rows.setdefault(key, {"games": 0, "wins": 0, "points": 0})
            if game["finished"] and game["winner"]:
                mine["games"] += 1
                mine["wins"] += key == _key(game["winner"])
                mine["points"] += game["totals"][p]
            elif game.get("table"):
                playing[key] = game["table"]
    start = since.timestamp()
    table: list[Standing] = []
    for key, mine in rows.items():
        now = ratings.get(key)
        rating = before = None
        if now is not None:
            rating = round(now.rating, 2)
            earlier = [p for p in now.history if p.started.timestamp() < start]
            before = round(earlier[-1].rating, 2) if earlier else None
        table.append(
            {
                "rank": 0,
                "name": names[key],
                "games": mine["games"],
                "wins": mine["wins"],
                "points": mine["points"],
                "rating": rating,
                "rating_before": before,
                # a newcomer's rating starts at 0 (the model's mu - 3 sigma before any game)
                "change": None if rating is None else round(rating - (before or 0.0), 2),
                "playing": playing.get(key),
            }
        )
    table.sort(key=lambda r: (-r["wins"], -r["points"], _key(r["name"])))
    for number, entry in enumerate(table, 1):
        entry["rank"] = number
    finished = [g for g in evening if g["finished"]]
    finished.sort(key=lambda g: _moment(g.get("last_event") or g["date"]), reverse=True)
    return {
        "since": since.isoformat(),
        "games": len(finished),
        "playing": sum(1 for g in evening if g.get("table") and not g["finished"]),
        "players": table,
        "finished": [
            {
                "key": g["key"],
                "table": g.get("table"),
                "players": list(g["players"]),
                "winner": g["winner"],
                "totals": dict(g["totals"]),
                "started": g["date"],
                "ended": g.get("last_event"),
            }
            for g in finished
        ],
        "ratings": {
            "model": "openskill Plackett-Luce",
            "rating": "mu - 3 * sigma",
            "over": "every finished game of the library and the tables, in the order played",
            "games": sum(p.games for p in ratings) // 2,
        },
    }


def rounds(players: Sequence[str], evening: Iterable[dict[str, Any]]) -> list[RoundView]:
    """The evening's round robin (``club.round_robin``) with, for each pair, whether an
    evening's game has those two players (``opened``: true once one of their games is over,
    else the table's name while it plays, false not yet) and which of the two are still
    playing at another table (``waiting``); and which round is next (the first with a pair not
    opened). A pair that plays again after their game (the page's next game) has played."""
    from .pairings import round_robin

    schedule: list[Round] = round_robin(players)
    seen: dict[frozenset[str], str | bool] = {}
    busy: set[str] = set()
    for game in evening:
        pair = frozenset(_key(p) for p in game["players"])
        if game.get("table") and not game["finished"]:
            if seen.get(pair) is not True:
                seen[pair] = game["table"]
            busy |= pair
        else:
            seen[pair] = True
    views: list[RoundView] = []
    next_found = False
    for rnd in schedule:
        pairs: list[RoundPair] = []
        for first, second in rnd.pairs:
            opened = seen.get(frozenset((_key(first), _key(second))), False)
            free = opened is not False
            waiting = [] if free else [p for p in (first, second) if _key(p) in busy]
            pairs.append({"players": [first, second], "opened": opened, "waiting": waiting})
        complete = all(p["opened"] is not False for p in pairs)
        is_next = not complete and not next_found
        next_found = next_found or is_next
        views.append({"number": rnd.number, "pairs": pairs, "bye": rnd.bye, "next": is_next})
    return views


def round_to_open(
    views: list[RoundView], number: int, given: bool
) -> tuple[list[list[str]], list[str]]:
    """(the pairs of round ``number`` that can have their table now: not opened, neither
    player still at another table; the players still playing that the others wait for).
    Raises NotationError for a round the evening does not have (or an evening without
    players)."""
    if not given:
        raise NotationError(Verdict("club.round.no_players"))
    if not 1 <= number <= len(views):
        raise NotationError(Verdict("club.round.unknown", {"number": number, "most": len(views)}))
    pending = [p for p in views[number - 1]["pairs"] if p["opened"] is False]
    ready = [p["players"] for p in pending if not p["waiting"]]
    waiting = [name for p in pending for name in p["waiting"]]
    return ready, waiting


def move_finished(
    tables: dict[str, Path], library: Path
) -> tuple[list[tuple[str, Path]], list[tuple[str, Verdict]]]:
    """Every finished table's game moved to ``library`` (``index.archive_game``, under the
    game's lock); returns (name, where it went) for each moved and (name, the verdict why) for
    each that could not be (the library not writable: it stays, and the next move tries
    again). An unfinished table stays, and so does one the referee cannot read (it is not
    finished)."""
    from ..errors import RefereeError
    from ..game.game_file import GameFile
    from ..game.storage import remove_lock
    from .archive import archive_game

    moved, failed = [], []
    for name, path in tables.items():
        try:
            finished = GameFile(path).sheet().finished
        except RefereeError:
            continue
        if not finished:
            continue
        try:
            moved.append((name, archive_game(path, library)))
        except RefereeError as exc:
            failed.append((name, exc.verdict))
            continue
        remove_lock(path)  # the game is gone from the folder: its hidden lock file goes too
    return moved, failed
