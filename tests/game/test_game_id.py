"""The game's id: `terts new` writes a UUID, the file format that holds it (4) and the files from
before ids, which read as they are and never get one."""

from __future__ import annotations

import re

import pytest

from terts_referee.game.model import Game, is_game_id
from terts_referee.game.storage import ID_FORMAT, read_game, write_game
from tests.helpers import assert_refused


def test_new_writes_a_uuid_and_format_4(terts):
    terts.ok("new", "Аня", "Боря")
    text = terts.game.read_text(encoding="utf-8")
    uuid4 = r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"
    assert re.match(rf'format = 4\nid = "{uuid4}"\n', text)
    doc = read_game(terts.game)
    assert doc["format"] == ID_FORMAT and is_game_id(doc["id"])
    assert Game.from_doc(doc).id == doc["id"]
    first = doc["id"]
    terts.ok("new", "Аня", "Боря", "--force")
    assert read_game(terts.game)["id"] != first  # every game its own


def test_the_id_stays_as_events_are_recorded_and_corrected(terts):
    terts.ok("new", "Аня", "Боря")
    game_id = read_game(terts.game)["id"]
    terts.ok("deal", "--trump", "ч")
    terts.ok("score", "80", "--by", "Аня", "--last-trick", "Аня")
    terts.ok("undo")
    doc = read_game(terts.game)
    assert doc["id"] == game_id and doc["format"] == ID_FORMAT


@pytest.mark.parametrize("version", [2, 3])
def test_a_file_from_before_ids_reads_and_never_gets_one(terts, version):
    terts.ok("new", "Аня", "Боря")
    doc = read_game(terts.game)
    del doc["id"]
    doc["format"] = version
    write_game(terts.game, doc)
    terts.ok("status")
    terts.ok("deal", "--trump", "ч")
    doc = read_game(terts.game)
    assert "id" not in doc and doc["format"] == 2
    terts.ok("undo")  # a correction: format 3, still no id
    doc = read_game(terts.game)
    assert "id" not in doc and doc["format"] == 3


@pytest.mark.parametrize(
    "value",
    [
        '"not-a-uuid"',
        "42",
        '"0b6f3c1e5d2a4c3b9e8f7a6b5c4d3e2f"',  # no hyphens
        '"0b6f3c1e-5d2a-4c3b-9e8f-7a6b5c4d3e2g"',  # not hex
        '"0b6f3c1e-5d2a-4c3b-9e8f7-a6b5c4d3e2f"',  # hyphens out of place
    ],
)
def test_a_bad_id_is_a_damaged_file(terts, value):
    terts.ok("new", "Аня", "Боря")
    text = terts.game.read_text(encoding="utf-8")
    terts.game.write_text(re.sub(r"id = .*", f"id = {value}", text, count=1), encoding="utf-8")
    r = terts.refused("status")
    line = assert_refused(r, "is not allowed: expected a game id: a UUID such as")
    assert "id = " in line


def test_an_uppercase_id_reads():
    assert is_game_id("0B6F3C1E-5D2A-4C3B-9E8F-7A6B5C4D3E2F")


def test_a_version_without_ids_would_refuse_it_as_newer_not_as_damage(terts):
    """What the format number is for: a reader refuses any top-level key it does not know, so a
    file with an id says 4, and a reader of formats up to 3 says "newer" (this version's own
    check, one number up, stands for it)."""
    terts.ok("new", "Аня", "Боря")
    text = terts.game.read_text(encoding="utf-8").replace("format = 4", "format = 5")
    terts.game.write_text(text, encoding="utf-8")
    assert_refused(terts.refused("status"), "format 5")
