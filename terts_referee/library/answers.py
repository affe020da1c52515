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
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, NoReturn

from ..errors import NotationError

if TYPE_CHECKING:
    from .ratings import RatingMemo
    from .scan import Scan
    from .shapes import Stats
    from .stats import Filters
    from .tally import Tally

__all__ = [
    "Question",
    "Told",
    "answer",
    "conflicts_of",
    "filters_of",
    "history_document",
    "more",
    "stats_document",
]

#: The stand-in for the long list while the rest of a document is written: no summary holds a
#: NaN (``summary.check_summary``), and JSON writes it bare, so ``"timeline": NaN`` can only
#: be the stand-in (a text holding those characters is written with its quotes escaped).
_STAND_IN = float("nan")


def _compact(document: Any) -> str:
    return json.dumps(document, ensure_ascii=True)


class Question:
    """One command's question: ``command`` (``history`` or ``stats``), its filters as given,
    and its text's form: ``dumps`` writes a document (``indent``: the indent it writes with,
    None for one line), ``wrapped`` puts the document in ``{"history" or "figures": …,
    "in_library": n}`` (what the terminal's tables read: how many games the library holds).

    Written out as a frozen dataclass would be (``startup``'s ``plain_classes``: a warm answer
    imports neither ``dataclasses`` nor makes its methods); ``dumps`` is not compared."""

    __slots__ = ("command", "dumps", "indent", "player", "rules", "since", "until", "vs", "wrapped")
    #: The fields in the constructor's order.
    _FIELDS = ("command", "player", "vs", "since", "until", "rules", "wrapped", "dumps", "indent")
    command: str
    player: str | None
    vs: str | None
    since: str | None
    until: str | None
    rules: str | None
    wrapped: bool
    dumps: Callable[[Any], str]
    indent: int | None

    def __init__(
        self,
        command: str,
        player: str | None = None,
        vs: str | None = None,
        since: str | None = None,
        until: str | None = None,
        rules: str | None = None,
        wrapped: bool = False,
        dumps: Callable[[Any], str] = _compact,
        indent: int | None = None,
    ) -> None:
        set_ = object.__setattr__
        for name, value in zip(
            self._FIELDS,
            (command, player, vs, since, until, rules, wrapped, dumps, indent),
            strict=True,
        ):
            set_(self, name, value)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"cannot assign to field {name!r}: a Question is frozen")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"cannot delete field {name!r}: a Question is frozen")

    def _fields(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self._FIELDS)

    def _compared(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self._FIELDS if name != "dumps")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Question:
            return NotImplemented
        assert isinstance(other, Question)
        return self._compared() == other._compared()

    def __hash__(self) -> int:
        return hash(self._compared())

    def __repr__(self) -> str:
        shown = ", ".join(f"{n}={v!r}" for n, v in zip(self._FIELDS, self._fields(), strict=True))
        return f"Question({shown})"

    def replace(self, **changes: Any) -> Question:
        """A copy with some fields changed (``dataclasses.replace`` for this class)."""
        fields: dict[str, Any] = dict(zip(self._FIELDS, self._fields(), strict=True))
        fields.update(changes)
        return Question(**fields)


class Told:
    """What a scan tells beside the games: the library, the files skipped, the copies not
    counted, the games continued differently (as the documents list them)."""

    __slots__ = ("conflicts", "copies", "library", "skipped")

    def __init__(
        self,
        library: str,
        skipped: list[str],
        copies: list[dict[str, Any]],
        conflicts: list[dict[str, Any]],
    ) -> None:
        self.library = library
        self.skipped = skipped
        self.copies = copies
        self.conflicts = conflicts

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Told:
            return NotImplemented
        assert isinstance(other, Told)
        return (self.library, self.skipped, self.copies, self.conflicts) == (
            other.library,
            other.skipped,
            other.copies,
            other.conflicts,
        )

    __hash__ = None  # type: ignore[assignment]  # mutable, as a dataclass's

    def __repr__(self) -> str:
        return (
            f"Told(library={self.library!r}, skipped={self.skipped!r}, "
            f"copies={self.copies!r}, conflicts={self.conflicts!r})"
        )

    @classmethod
    def of(cls, scan: Scan) -> Told:
        return cls(
            str(scan.library),
            [name for name, _ in scan.skipped],
            [{"file": copy, "counted": counted} for copy, counted in scan.copies],
            conflicts_of(scan),
        )


def conflicts_of(scan: Scan) -> list[dict[str, Any]]:
    """The games continued differently, as the JSON lists them (none of their copies
    counted)."""
    return [{"files": c.files, "earlier": c.earlier} for c in scan.conflicts]


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


#: A list written from its items' texts: (key, the new items' texts, the old items as
#: written, whether the new ones go before the old).
Listed = tuple[str, list[str], bytes | memoryview, bool]


def _text(
    question: Question, document: dict[str, Any], in_library: int, lists: Sequence[Listed]
) -> tuple[bytes, dict[str, list[int]]]:
    """The document's text, as UTF-8, with each of ``lists`` written from its items: the new
    ones' texts (each as ``question.dumps`` writes it) and the UTF-8 of old items this
    function wrote, their indent and separators in (the megabytes of a long list are neither
    decoded nor encoded again), the new ones before the old or after them; and where each
    list's items lie in it, [start, end] in bytes, by key."""
    for key, *_ in lists:
        document[key] = _STAND_IN
    if question.wrapped:
        name = "figures" if question.command == "stats" else "history"
        document = {name: document, "in_library": in_library}
    text = question.dumps(document)
    marks = sorted((text.index(f'"{key}": NaN') + len(f'"{key}": '), key) for key, *_ in lists)
    given = {key: (new, old, before) for key, new, old, before in lists}
    out: list[bytes | memoryview] = []
    size, done = 0, 0
    spans: dict[str, list[int]] = {}
    for at, key in marks:
        new, old, before = given[key]
        if question.indent is None:
            fresh, between, close = ", ".join(new), ", ", ""
        else:  # each item on lines of its own, one indent in from the key's line
            pad = at - (text.rindex("\n", 0, at) + 1) - len(f'"{key}": ')
            item_pad = "\n" + " " * (pad + question.indent)
            fresh = ",".join(item_pad + item.replace("\n", item_pad) for item in new)
            between, close = ",", "\n" + " " * pad
        added = fresh.encode("utf-8", "surrogatepass")
        parts = [part for part in ([added, old] if before else [old, added]) if part]
        if len(parts) == 2:
            parts.insert(1, between.encode())
        head = text[done:at].encode("utf-8", "surrogatepass")
        # the pieces as they are, joined once at the end: the old items (12 MB at 20,000
        # games) are copied once, into the answer
        body = sum(len(part) for part in parts)
        pieces = [head, b"[", *parts, close.encode() if body else b"", b"]"]
        spans[key] = [size + len(head) + 1, size + len(head) + 1 + body]
        out += pieces
        size += sum(len(piece) for piece in pieces)
        done = at + len("NaN")
    out.append(text[done:].encode("utf-8", "surrogatepass"))
    return b"".join(out), spans


def _pairs(
    question: Question, tally: Tally, figures: Stats, known: dict[str, str], touched: set[str]
) -> tuple[list[str], dict[str, str]]:
    """The head-to-head items' texts, in the order shown, and each pair's text by its key:
    a pair no added game was of keeps the text written before (``known``); 780 pairs of 40
    players are most of what is written around the timeline."""
    texts, by_pair = [], {}
    for pair, entry in zip(tally.pair_order(), figures["head_to_head"], strict=True):
        mark = "\0".join(pair)
        text = known[mark] if mark in known and mark not in touched else question.dumps(entry)
        texts.append(text)
        by_pair[mark] = text
    return texts, by_pair


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


def filters_of(question: Question, names: dict[str, str]) -> Filters:
    """The question's filters, its ``--player`` and ``--vs`` resolved among the players'
    ``names`` (``stats.display_names``). Raises NotationError for a name not in the library
    or one that could be several, or for a date that is not one."""
    from .stats import Filters, parse_date, resolve_name

    return Filters(
        player=resolve_name(question.player, names) if question.player else None,
        vs=resolve_name(question.vs, names) if question.vs else None,
        since=parse_date(question.since),
        until=parse_date(question.until),
        rules=question.rules,
    )


def answer(
    question: Question, scan: Scan, memos: Callable[[str], RatingMemo] | None = None
) -> tuple[bytes, dict[str, Any]]:
    """The question's text (UTF-8) over the scan's games, and what ``more`` adds to. Raises
    NotationError for a ``--player`` or ``--vs`` not in the library."""
    import gc

    # The cyclic collector paused meanwhile: the fold makes tens of thousands of dicts and
    # lists that live until the answer is written, none of them in a cycle, and with the
    # summaries of 10,000 games about, each collection of the oldest generation walks them all
    # for nothing (60-70 ms of a first ``stats``). Garbage in a cycle, if any, is collected
    # once it runs again. Another thread's pause may end within this one: that only lets
    # the collector run.
    paused = gc.isenabled()
    gc.disable()
    try:
        return _answer(question, scan, memos)
    finally:
        if paused:
            gc.enable()


def _answer(
    question: Question, scan: Scan, memos: Callable[[str], RatingMemo] | None
) -> tuple[bytes, dict[str, Any]]:
    from .stats import _by_date, names_in_order

    # In the order they started, once: each step below takes them in that order, none sorts
    # them again (five sorts of 10,000 games were a tenth of a second).
    games = _by_date(scan.games)
    names = names_in_order(games)
    filters = filters_of(question, names)
    told = Told.of(scan)
    kept: dict[str, Any] = {
        "names": names,
        "resolved": [filters.player, filters.vs],
        "last": games[-1]["date"] if games else None,
        "in_library": len(games),
        "copies": told.copies,
        "conflicts": told.conflicts,
    }
    if question.command == "history":
        from .stats import history_entry

        kept_games = [g for g in games if filters.keep(g)]
        shown = _items(question, [history_entry(g) for g in reversed(kept_games)])
        document = history_document([], told)
        text, spans = _text(question, document, len(games), [("games", shown, b"", False)])
    else:
        from .stats import tally_in_order

        figures, tally, period = tally_in_order(games, filters, memos)
        shown = _items(question, figures["timeline"])
        pairs, kept["pairs"] = _pairs(question, tally, figures, {}, set())
        kept["tally"] = tally.to_state()
        kept["ratings"] = [period.current, period.games]
        document = stats_document(figures, told)  # type: ignore[assignment]
        lists = [("timeline", shown, b"", False), ("head_to_head", pairs, b"", False)]
        text, spans = _text(question, document, len(games), lists)
    kept["span"] = spans[_list_key(question)]
    return text, kept


def _items(question: Question, items: list[Any]) -> list[str]:
    """The texts of a long list's items as ``_text`` takes them: each as ``question.dumps``
    writes it; in the one-line form, the items' texts joined as ``_text`` joins them (", ") in
    one text, which is json's own text of the list without its brackets, made in one call of
    its encoder instead of 10,000 (a tenth of a first ``stats``' answer)."""
    if question.dumps is _compact and question.indent is None and items:
        return [_compact(items)[1:-1]]
    return [question.dumps(item) for item in items]


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
        old = memoryview(text)[start:end]  # not copied: put in the answer as it is
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
            text, spans = _text(question, document, in_library, [("games", new, old, True)])
            state["span"] = spans["games"]
            return text, state
        from .stats import chance_of, rating_terms
        from .tally import PeriodRatings, Tally, timeline_entry

        tally = Tally.from_state(kept["tally"])
        period = PeriodRatings(*kept["ratings"])
        within = Filters(since=filters.since, until=filters.until, rules=filters.rules)
        entries = []
        touched = set()
        for game in added:
            after = None
            if game["finished"] and game["winner"] and within.keep(game):
                after = period.rate(game, _key)
            if filters.keep(game):
                tally.add(game, _key)
                if game["finished"]:
                    entries.append(timeline_entry(game, after, _key, names))
                    touched.add("\0".join(sorted(_key(p) for p in game["players"])))
        figures = tally.figures(names, period)
        figures["ratings"] = rating_terms(period.games)
        chance_of(figures, filters, names, period)
        pairs, state["pairs"] = _pairs(question, tally, figures, kept["pairs"], touched)
        document = stats_document(figures, told)  # type: ignore[assignment]
        new = [question.dumps(item) for item in entries]
        lists: list[Listed] = [("timeline", new, old, False), ("head_to_head", pairs, b"", False)]
        text, spans = _text(question, document, in_library, lists)
        state["span"] = spans["timeline"]
        state["tally"] = tally.to_state()
        state["ratings"] = [period.current, period.games]
        return text, state
    except (KeyError, TypeError, ValueError, IndexError):  # a kept state not this module's
        return None
