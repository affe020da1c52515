"""The last game file read is parsed once per version: the same bytes give an equal,
fresh document; any change to the bytes is parsed again."""

from terts_referee.game import storage
from tests.helpers import shape

DOC = {
    "format": 2,
    "players": ["Аня", "Боря"],
    "rules": {"name": "classic", "game": {"target": 501}},
    "events": [{"type": "deal", "trump": "hearts", "quick": True}],
}


def test_same_bytes_give_an_equal_fresh_document(tmp_path):
    path = tmp_path / "g.toml"
    storage.write_game(path, DOC)
    first = storage.read_game(path)
    first["events"].append({"type": "undo"})  # a caller changes its document
    first["rules"]["game"]["target"] = 1
    second = storage.read_game(path)
    assert second == storage.read_game(path) == DOC
    assert second is not first and second["events"] is not first["events"]


def test_changed_bytes_are_parsed_again(tmp_path):
    path = tmp_path / "g.toml"
    storage.write_game(path, DOC)
    assert storage.read_game(path)["players"] == ["Аня", "Боря"]
    data = path.read_bytes().replace("Боря".encode(), "Вася".encode())  # same size
    path.write_bytes(data)
    assert storage.read_game(path)["players"] == ["Аня", "Вася"]


def test_a_written_document_reads_back_as_tomllib_parses_it(tmp_path):
    import tomllib
    from datetime import datetime, timedelta, timezone

    when = datetime(2026, 11, 30, 20, 15, tzinfo=timezone(timedelta(hours=3), "MSK"))
    doc = {**DOC, "started": when, "players": ("Аня", "Боря")}
    doc["events"] = [{"type": "deal", "trump": "hearts", "quick": True, "at": when}]
    path = tmp_path / "g.toml"
    storage.write_game(path, doc)
    cached = storage.read_game(path)
    parsed = tomllib.loads(path.read_text(encoding="utf-8"))

    assert shape(cached) == shape(parsed)
