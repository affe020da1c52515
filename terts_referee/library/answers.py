"""The answers of ``history`` and ``stats``: worked out from a scan, or from the last answer and
the games added since.

A question (``Question``) is a command, its filters as given and the form of its text (the
terminal's ``--json``, the document its tables read, the page's). ``answer(question, scan)``
works its text out over the whole library and returns, beside it, what it was worked out from:
the figures as a fold (``tally.Tally``, the period's ratings), the players' names, the last
game's start, and where its one long list lies in the text (the timeline of ``stats``, the
games of ``history``). ``more(question, kept, text, added, told)`` gives the same text for the
library with ``added`` games more, from that alone, when every added game started after the
last one counted (a game just played, the usual case): the tally takes the added games, the
few figures around the list are written again, and the list's items written before are kept
as they are, the new ones put after them (``stats``' timeline) or before them (``history``,
newest first). Anything else (a game removed, changed or added in the middle, a new spelling
of a name, a filter that now means another player) is worked out from a scan: ``more`` gives
None. The text is the one a scan gives, byte for byte (the property test of the library's
copies holds the two to each other): the list is written as ``json.dumps`` writes it, item by
item, and the figures come from the same fold in the same order.

Pure functions over summaries, like ``stats.py``; the kept answers are stored by
``kept.answered``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ..errors import NotationError

if TYPE_CHECKING:
    from .ratings import RatingMemo
    from .scan import Scan
    from .shapes import Stats

__all__ = ["Question", "Told", "answer", "history_document", "more", "stats_document"]

#: The stand-in for the long list while the rest of a document is written: no summary holds a
#: NaN (``summary.check_summary``), and JSON writes it bare, so ``"timeline": NaN`` can only
#: be the stand-in (a text holding those characters is written with its quotes escaped).
_STAND_IN = float("nan")


def _compact(document: Any) -> str:
    return json.dumps(document, ensure_ascii=True)


@dataclass(frozen=True)
class Question:
    """One command's question: ``command`` (``history`` or ``stats``), its filters as given,
    and its text's form: ``dumps`` writes a document (``indent``: the indent it writes with,
    None for one line), ``wrapped`` puts the document in ``{"history" or "figures": …,
    "in_library": n}`` (what the terminal's tables read: how many games the library holds)."""

    command: str
    player: str | None = None
    vs: str | None = None
    since: str | None = None
    until: str | None = None
    rules: str | None = None
    wrapped: bool = False
    dumps: Callable[[Any], str] = field(default=_compact, compare=False)
    indent: int | None = None


@dataclass
class Told:
    """What a scan tells beside the games: the library, the files skipped, the copies not
    counted, the games continued differently (as the documents list them)."""

    library: str
    skipped: list[str]
    copies: list[dict[str, Any]]
    conflicts: list[dict[str, Any]]

    @classmethod
    def of(cls, scan: Scan) -> Told:
        return cls(
            str(scan.library),
            [name for name, _ in scan.skipped],
            [{"file": copy, "counted": counted} for copy, counted in scan.copies],
            [{"files": c.files, "earlier": c.earlier} for c in scan.conflicts],
        )


def history_document(games: list[dict[str, Any]], told: Told) -> dict[str, Any]:
    """``history --json``: the games, and the files the scan skipped or counted once (the
    page's ``api/history`` answers this very document)."""
    return {
        "games": games,
        "skipped": told.skipped,
        "copies": told.copies,
        "conflicts": told.conflicts,
    }


def stats_document(figures: Stats, told: Told) -> Stats:
    """``stats --json``: the figures, with the library read and the files the scan skipped or
    counted once (the page's ``api/stats`` answers this very document)."""
    figures["library"] = told.library
    figures["skipped"] = told.skipped
    figures["copies"] = told.copies  # type: ignore[typeddict-item]
    figures["conflicts"] = told.conflicts  # type: ignore[typeddict-item]
    return figures


def _list_key(question: Question) -> str:
    return "timeline" if question.command == "stats" else "games"


def _text(
    question: Question,
    document: dict[str, Any],
    in_library: int,
    new: list[str],
    old: bytes = b"",
    before: bool = False,
) -> tuple[bytes, list[int]]:
    """The document's text, as UTF-8, with its long list written from the items' texts
    ``new`` (each as ``question.dumps`` writes it) and ``old`` (the UTF-8 of items this
    function wrote, their indent and separators in: the megabytes of a long list are neither
    decoded nor encoded again), the new ones ``before`` the old or after them; and where the
    items lie in it, [start, end] in bytes."""
    key = _list_key(question)
    document[key] = _STAND_IN
    if question.wrapped:
        name = "figures" if question.command == "stats" else "history"
        document = {name: document, "in_library": in_library}
    text = question.dumps(document)
    mark = f'"{key}": NaN'
    at = text.index(mark) + len(mark) - len("NaN")
    if question.indent is None:
        fresh, between, close = ", ".join(new), ", ", ""
    else:  # each item on lines of its own, one indent in from the key's line
        pad = at - (text.rindex("\n", 0, at) + 1) - len(f'"{key}": ')
        item_pad = "\n" + " " * (pad + question.indent)
        fresh = ",".join(item_pad + item.replace("\n", item_pad) for item in new)
        between, close = ",", "\n" + " " * pad
    added = fresh.encode("utf-8", "surrogatepass")
    parts = [added, old] if before else [old, added]
    body = between.encode().join(part for part in parts if part)
    head = text[:at].encode("utf-8", "surrogatepass")
    tail = text[at + 3 :].encode("utf-8", "surrogatepass")
    listed = b"[" + body + close.encode() + b"]" if body else b"[]"
    return head + listed + tail, [len(head) + 1, len(head) + 1 + len(body)]


def _later(date: str, last: str | None) -> bool:
    """Whether a game started at ``date`` comes after one started at ``last`` in every order
    the library takes games in (by their time, and by the moment it is: a naive time and one
    of another zone compare only as moments)."""
    if last is None:
        return True
    try:
        a, b = datetime.fromisoformat(date), datetime.fromisoformat(last)
        return a > b and a.timestamp() > b.timestamp()
    except (TypeError, ValueError):
        return False


def answer(
    question: Question, scan: Scan, memos: Callable[[str], RatingMemo] | None = None
) -> tuple[bytes, dict[str, Any]]:
    """The question's text (UTF-8) over the scan's games, and what ``more`` adds to. Raises
    NotationError for a ``--player`` or ``--vs`` not in the library."""
    from .stats import Filters, _by_date, display_names, parse_date, resolve_name

    games = scan.games
    names = display_names(games)
    filters = Filters(
        player=resolve_name(question.player, names) if question.player else None,
        vs=resolve_name(question.vs, names) if question.vs else None,
        since=parse_date(question.since),
        until=parse_date(question.until),
        rules=question.rules,
    )
    told = Told.of(scan)
    ordered = _by_date(games)
    kept: dict[str, Any] = {
        "names": names,
        "resolved": [filters.player, filters.vs],
        "last": ordered[-1]["date"] if ordered else None,
        "in_library": len(games),
        "copies": told.copies,
        "conflicts": told.conflicts,
    }
    if question.command == "history":
        from .stats import history_entry

        shown = [history_entry(g) for g in reversed(filters.kept(games))]
        document = history_document([], told)
    else:
        from .stats import stats_tally

        figures, tally, period = stats_tally(games, filters, memos)
        shown = figures["timeline"]  # type: ignore[assignment]
        kept["tally"] = tally.to_state()
        kept["ratings"] = [period.current, period.games]
        document = stats_document(figures, told)  # type: ignore[assignment]
    text, kept["span"] = _text(
        question, document, len(games), [question.dumps(item) for item in shown]
    )
    return text, kept


def more(
    question: Question,
    kept: dict[str, Any],
    text: bytes,
    added: list[dict[str, Any]],
    told: Told,
) -> tuple[bytes, dict[str, Any]] | None:
    """The text ``answer`` gives for the library ``kept`` was worked out over with ``added``
    games more (library games, as a scan lists them) and what the scan now tells (``told``:
    the copies and conflicts are the kept ones, since no added game is a copy), with what to
    keep next; None when it must be worked out from a scan (see the module's doc)."""
    from .stats import Filters, _by_date, _key, parse_date, resolve_name

    try:
        names: dict[str, str] = dict(kept["names"])
        last = kept["last"]
        added = _by_date(added)
        for game in added:
            if not _later(game["date"], last):
                return None
            for p in game["players"]:
                if names.setdefault(_key(p), p) != p:
                    return None  # a new spelling: every name shown may change
            last = game["date"]
        try:
            player = resolve_name(question.player, names) if question.player else None
            vs = resolve_name(question.vs, names) if question.vs else None
        except NotationError:
            return None  # worked out from a scan, which says so
        if [player, vs] != kept["resolved"]:
            return None
        filters = Filters(
            player=player,
            vs=vs,
            since=parse_date(question.since),
            until=parse_date(question.until),
            rules=question.rules,
        )
        start, end = kept["span"]
        old = text[start:end]
        told = Told(told.library, told.skipped, kept["copies"], kept["conflicts"])
        in_library = kept["in_library"] + len(added)
        shown = [g for g in added if filters.keep(g)]
        state = {
            **kept,
            "names": names,
            "last": last,
            "in_library": in_library,
        }
        if question.command == "history":
            from .stats import history_entry

            new = [question.dumps(history_entry(g)) for g in reversed(shown)]
            document = history_document([], told)
            text, state["span"] = _text(question, document, in_library, new, old, before=True)
            return text, state
        from .stats import chance_of, rating_terms
        from .tally import PeriodRatings, Tally, timeline_entry

        tally = Tally.from_state(kept["tally"])
        period = PeriodRatings(*kept["ratings"])
        within = Filters(since=filters.since, until=filters.until, rules=filters.rules)
        entries = []
        for game in added:
            after = None
            if game["finished"] and game["winner"] and within.keep(game):
                after = period.rate(game, _key)
            if filters.keep(game):
                tally.add(game, _key)
                if game["finished"]:
                    entries.append(timeline_entry(game, after, _key, names))
        figures = tally.figures(names, period)
        figures["ratings"] = rating_terms(period.games)
        chance_of(figures, filters, names, period)
        document = stats_document(figures, told)  # type: ignore[assignment]
        new = [question.dumps(item) for item in entries]
        text, state["span"] = _text(question, document, in_library, new, old)
        state["tally"] = tally.to_state()
        state["ratings"] = [period.current, period.games]
        return text, state
    except (KeyError, TypeError, ValueError, IndexError):  # a kept state not this module's
        return None
