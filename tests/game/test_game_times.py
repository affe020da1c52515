"""The times a game file keeps (format 2 on): the game's start, and each event's, as the log and
the sheet's deals give them (``log_json``, ``sheet_json``: the JSON of ``terts log --json`` and
``terts sheet --json``); a format 1 file, without times, still reads and is not rewritten by
reading it."""

from __future__ import annotations

from pathlib import Path

from terts_referee.api import DealRequest, GameFile, ScoreRequest
from terts_referee.game.storage import read_game
from terts_referee.output.report.log import log_json
from terts_referee.output.report.sheet import sheet_json
from tests.helpers import rewrite_as_format_1


def _game(path: Path) -> GameFile:
    game = GameFile.create(path, ("Аня", "Боря"), quick=True)
    game.record(DealRequest(trump="ч"))
    return game


def test_a_format_1_file_still_reads_and_is_not_rewritten(tmp_path):
    path = tmp_path / "game.toml"
    game = _game(path)
    rewrite_as_format_1(path)
    old = path.read_text(encoding="utf-8")
    mtime = path.stat().st_mtime_ns
    log, sheet = game.log(), game.sheet()
    game.status()
    assert path.read_text(encoding="utf-8") == old
    assert path.stat().st_mtime_ns == mtime
    assert [e["at"] for e in log_json(log)["events"]] == [None]
    shown = sheet_json(game.game(), sheet)
    assert shown["started"] is None and shown["deals"][0]["started"] is None
    game.record(ScoreRequest(80, by="Аня", last_trick="Аня"))  # recording rewrites it
    doc = read_game(path)
    assert doc["format"] == 2 and "at" not in doc["events"][0] and "at" in doc["events"][1]


def test_times_in_log_and_sheet(tmp_path):
    path = tmp_path / "game.toml"
    game = _game(path)
    game.record(ScoreRequest(80, by="Аня", last_trick="Аня"))
    game.record(DealRequest(trump="п"))
    doc = read_game(path)
    assert doc["started"].utcoffset() is not None and doc["started"].microsecond == 0
    log = log_json(game.log())["events"]
    assert [e["at"] for e in log] == [e["at"].isoformat() for e in doc["events"]]
    deals = sheet_json(game.game(), game.sheet())["deals"]
    assert deals[0]["started"] == log[0]["at"] and deals[0]["ended"] == log[1]["at"]
    assert deals[1]["started"] == log[2]["at"] and deals[1]["ended"] is None
    game.undo()  # a drop of the latest, kept in the trail: the journal is not rewritten
    doc = read_game(path)
    assert len(doc["events"]) == 3 and doc["format"] == 4  # an id and corrections
    assert [c["action"] for c in doc["corrections"]] == ["drop"]
    assert len(game.log().entries) == 2
