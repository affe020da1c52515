"""Never write a file the reader refuses: every field is bounded where it is typed (player
names in characters and bytes, a ruleset's name, description and ``extends``), and as the last
guard a save whose bytes the reader would refuse (past the 4 MiB it reads) is refused in one
line with the file left byte for byte as it was."""

from __future__ import annotations

import os

import pytest

from terts_referee import files
from terts_referee.game.names import MAX_NAME_BYTES, MAX_NAME_CHARS
from tests.helpers import assert_refused, raises_verdict


@pytest.mark.parametrize(
    ("name", "chars", "size"),
    [
        ("я" * 41, 41, 82),  # too many characters
        ("😀" * 31, 31, 124),  # few characters, too many bytes
        ("x" * 120_000, 120_000, 120_000),  # what the probe wrote
        ("e" + "\u0301" * 60, 61, 121),  # one letter and its combining accents
    ],
)
def test_a_long_name_is_refused_at_new(terts, name, chars, size):
    line = terts.refused("new", name, "Боря").stderr
    assert f"a player's name is at most {MAX_NAME_CHARS} characters and {MAX_NAME_BYTES}" in line
    assert f"has {chars} characters, {size} bytes" in line
    assert len(line) < 300  # the name is clipped in the message
    assert not terts.game.exists()


@pytest.mark.parametrize("name", ["я" * MAX_NAME_CHARS, "😀" * 30, "我" * MAX_NAME_CHARS])
def test_names_at_the_limit_are_kept_and_read_back(terts, name):
    terts.ok("new", name, "Боря")
    assert list(terts.sheet()["totals"]) == [name, "Боря"]


def test_a_game_file_with_a_long_name_is_refused_at_load(terts):
    terts.ok("new", "Аня", "Боря")
    terts.game.write_text(terts.game.read_text("utf-8").replace("Аня", "А" * 200), "utf-8")
    line = terts.refused("status").stderr
    assert "at most 40 characters" in line and "has 200 characters" in line


@pytest.mark.parametrize(("key", "limit"), [("name", 64), ("description", 2000), ("extends", 1024)])
def test_a_ruleset_key_too_long_is_refused(terts, tmp_path, key, limit):
    values = {"name": "house", "description": "", "extends": "classic"}
    values[key] = "x" * (limit + 1)
    path = tmp_path / "house.toml"
    path.write_text("".join(f'{k} = "{v}"\n' for k, v in values.items()), encoding="utf-8")
    for argv in (("rules", "check", str(path)), ("new", "Аня", "Боря", "--rules", str(path))):
        line = assert_refused(terts(*argv))
        assert f"{key} is {limit + 1} characters long: expected at most {limit}" in line
    assert not terts.game.exists()


def test_rules_new_never_writes_a_ruleset_rules_check_refuses(terts, tmp_path):
    path = tmp_path / ("r" * 70 + ".toml")  # the name would be the file's stem
    line = assert_refused(terts("rules", "new", str(path), game=False))
    assert "name is 70 characters long: expected at most 64" in line
    assert not path.exists()


def test_a_save_past_the_read_limit_is_refused(terts, monkeypatch):
    """The last guard: the cap is lowered to just above the file, the next event is refused
    and the file keeps its bytes, its time and its inode."""
    terts.ok("new", "Аня", "Боря")
    terts.ok("deal", "--trump", "h")
    st = terts.game.stat()
    before = terts.game.read_bytes(), st.st_mtime_ns, st.st_ino
    monkeypatch.setattr(files, "MAX_FILE_BYTES", st.st_size + 10)
    for argv in (("declare", "Аня", "terts:Qh"), ("undo",), ("drop", "1")):
        line = terts.refused(*argv).stderr
        assert "would grow to" in line and "more than the 4 MiB a game file may hold" in line
        assert "nothing is written" in line
    st = terts.game.stat()
    assert (terts.game.read_bytes(), st.st_mtime_ns, st.st_ino) == before
    leftovers = [p for p in terts.game.parent.iterdir() if p.name.endswith(".tmp")]
    assert leftovers == []


def test_a_game_file_past_the_cap_is_never_written_by_new(terts, monkeypatch):
    from terts_referee.errors import GameFileError
    from terts_referee.game.storage import write_game

    doc = {"format": 2, "players": ["a", "b"], "events": [], "pad": "x" * (5 << 20)}
    with raises_verdict(GameFileError, "store.write_too_big", r"would grow to 5\.0 MiB"):
        write_game(terts.game, doc)
    assert not os.path.exists(terts.game)
