"""Assertions shared by the tests: a refusal on the command line, a verdict and its words."""

from __future__ import annotations

import re
import tomllib
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

import pytest

#: The refusal line's own word, in each language (``msg.error_line``).
REFUSAL_PREFIXES = {"en": "terts: error: ", "ru": "terts: ошибка: ", "uk": "terts: помилка: "}


def refusal_prefix(line: str, lang: str | None = None) -> str:
    """The prefix ``line`` starts with (the one of ``lang`` when given); fails if none."""
    wanted = [REFUSAL_PREFIXES[lang]] if lang else list(REFUSAL_PREFIXES.values())
    found = next((p for p in wanted if line.startswith(p)), None)
    assert found is not None, (lang, line)
    return found


def refusal_text(line: str, lang: str | None = None) -> str:
    """The refusal without its prefix (``terts: ошибка: ``)."""
    return line.strip().removeprefix(refusal_prefix(line.strip(), lang))


def lang_of_args(args) -> str | None:
    """The language an argument list names with ``--lang`` (None when it names none)."""
    argv = [str(a) for a in args]
    return next((argv[i + 1] for i, a in enumerate(argv[:-1]) if a == "--lang"), None)


def assert_refused(result, *fragments: str) -> str:
    """Exit 2, exactly one line on stderr naming the problem, nothing on stdout, no traceback.

    ``result`` has ``code``, ``stdout`` and ``stderr``; returns the line.
    """
    assert result.code == 2, (result.code, result.stdout, result.stderr)
    assert result.stdout == ""
    assert result.stderr.endswith("\n")
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    for fragment in fragments:
        assert fragment in lines[0], lines[0]
    return lines[0]


def untimed(path: Path) -> dict:
    """The game document without its times (when each event was typed differs) and its id
    (every new game gets its own)."""
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    doc.pop("started", None)
    doc.pop("id", None)
    for event in doc.get("events", []):
        event.pop("at", None)
    for correction in doc.get("corrections", []):  # the trail's times too
        correction.pop("at", None)
        correction.get("old", {}).pop("at", None)
    return doc


def rewrite_as_format_1(path: Path) -> None:
    """The game file written again as a format 1 file has it: no start, no id, no event's
    time (what a file from before times and ids holds)."""
    from terts_referee.game.storage import read_game, write_game

    doc = read_game(path)
    doc["format"] = 1
    del doc["started"], doc["id"]
    for event in doc["events"]:
        del event["at"]
    write_game(path, doc)


def shape(value):
    """A parsed TOML document with the types and time zones that ``==`` does not compare."""
    if isinstance(value, dict):
        return {k: shape(v) for k, v in value.items()}
    if isinstance(value, list):
        return [shape(v) for v in value]
    if isinstance(value, datetime):
        return (value, value.tzname())
    return (type(value).__name__, value)


def sample_events():
    """Two quick deals between Аня and Боря: declarations, a challenge, a miscount, scores."""
    from terts_referee.domain.cards import Rank, Suit
    from terts_referee.domain.declarations import Declaration
    from terts_referee.domain.events import (
        Challenge,
        DealEvent,
        Declare,
        Penalty,
        PenaltyKind,
        Score,
    )

    a, b, h, s = "Аня", "Боря", Suit.HEARTS, Suit.SPADES
    return [
        DealEvent(None, h, None, quick=True),
        Declare(a, (Declaration.sequence(3, Rank.QUEEN, h),)),
        Score(b, 54, a),
        Penalty(b, PenaltyKind.MISCOUNT, points=10),
        DealEvent(None, s, None, quick=True),
        Declare(b, (Declaration.sequence(4, Rank.KING, s),)),
        Challenge(a, Declaration.sequence(5, Rank.ACE, h)),
        Score(a, 62, b),
    ]


def whole_replay_sheet(game) -> object:
    """The JSON sheet a whole replay of ``game``'s events gives."""
    from terts_referee.output.report.sheet import sheet_json
    from terts_referee.referee import replay

    return sheet_json(game, replay(game.players, game.events, game.rules))


def said(value, lang: str = "en") -> str:
    """The sentence of a verdict, or of an error's verdict, in ``lang``: the words every face
    shows for it (the terminal adds its commands after them)."""
    from terts_referee.i18n.sentences import say

    return say(getattr(value, "verdict", value), lang)


@contextmanager
def raises_verdict(kind, code: str, match: str | None = None):
    """``pytest.raises(kind)`` whose error carries a verdict of ``code``, its sentence (in
    English) matching ``match`` where given; yields the ``ExceptionInfo``."""
    with pytest.raises(kind) as info:
        yield info
    verdict = info.value.verdict
    assert verdict.code == code, verdict
    if match is not None:
        assert re.search(match, said(verdict)), said(verdict)


@contextmanager
def raises_said(kind, match: str):
    """``pytest.raises(kind, match=...)`` matched against the error's sentence (its verdict's
    words in English), where ``match`` once read ``str(exc)``; yields the ``ExceptionInfo``."""
    with pytest.raises(kind) as info:
        yield info
    words = said(info.value)
    assert re.search(match, words), words
