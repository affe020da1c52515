"""A synced library through the commands: what reading it through `terts history` and `terts
stats` keeps (the index and the kept answers in the cache, nothing in the library), the answers
kept and given again, `terts keep` settling a conflict, and `terts new` moving the game just won.
The scan itself (copies, conflicts, folders, links, the index's troubles) is tested through the
library in tests/library/test_synced_library.py."""

from __future__ import annotations

import os
import re

import pytest

from terts_referee.game.model import new_game_id
from terts_referee.library.location import index_path
from tests.library.games import game_of, put, scans_counted
from tests.library.test_synced_library import DAY, library, snapshot

__all__ = ["library"]  # the fixture, shared with the library's tests


def stats(terts, *args):
    r = terts("stats", "--json", *args, game=False)
    assert r.code == 0, r.stderr
    return r.json(), r.stderr.splitlines()


def history(terts, *args):
    r = terts("history", "--json", *args, game=False)
    assert r.code == 0, r.stderr
    return r.json()


def test_the_index_is_kept_in_the_cache_and_reading_writes_nothing_in_the_library(
    terts, library, tmp_path
):
    put(library / "a.toml", game_of("Аня", "Боря", DAY))
    put(library / "2026" / "b.toml", game_of("Вика", "Гена", DAY))
    before = snapshot(library)
    for command in (("history",), ("history", "--json"), ("stats",), ("stats", "--json")):
        assert terts(*command, game=False).code == 0
    assert snapshot(library) == before
    index = index_path(library)
    assert index.parent == tmp_path / "cache" and index.exists()
    assert re.fullmatch(r"index-[0-9a-f]{16}\.sqlite", index.name)


def test_terts_keep_settles_a_conflict_and_deletes_nothing(terts, library):
    """`terts keep FILE` keeps the copy named; the copy continued otherwise moves to the
    hidden `.set-aside` folder (never read, nothing deleted); the earlier version of the kept
    copy stays as its copy, and the game counts again."""
    game_id = new_game_id()
    common = put(library / "b.toml", game_of("Аня", "Боря", DAY, game_id, moves=5))
    later = game_of("Аня", "Боря", DAY, game_id, moves=5)
    later.correct("drop", 5)
    corrected = put(library / "phone" / "c.toml", later)
    played = put(library / "a.toml", game_of("Аня", "Боря", DAY, game_id, moves=6))
    bytes_of = {p: p.read_bytes() for p in (common, corrected, played)}
    r = terts("keep", str(played), "--json", game=False)
    assert r.code == 0, r.stderr
    aside = library / ".set-aside" / "phone" / "c.toml"
    assert r.json() == {
        "kept": str(played),
        "set_aside": [{"file": str(corrected), "to": str(aside)}],
    }
    assert not corrected.exists() and aside.read_bytes() == bytes_of[corrected]
    assert common.read_bytes() == bytes_of[common] and played.read_bytes() == bytes_of[played]
    data, said = stats(terts)
    assert said == [] and data["games"] == 1 and data["conflicts"] == []
    assert data["copies"] == [{"file": str(common), "counted": str(played)}]


def test_terts_keep_refuses_a_file_that_is_no_conflict(terts, library):
    lone = put(library / "a.toml", game_of("Аня", "Боря", DAY, new_game_id()))
    before = snapshot(library)
    r = terts("keep", str(lone), game=False)
    assert r.code == 2 and r.stdout == ""
    assert r.stderr.splitlines() == [
        f"terts: error: {lone} is not a copy of a game continued differently in the library "
        f"{library}: name one of the files `terts history` names as a conflict"
    ]
    assert snapshot(library) == before


def test_the_game_won_then_moved_by_new_is_one_game(terts, library):
    """`terts new` after a win: the same game, now in the library, still counts once."""
    terts.ok("new", "Аня", "Боря", "--quick")
    for trump in ("h", "s"):
        terts.ok("deal", "--trump", trump)
        terts.ok("declare", "Аня", "4J")
        terts.ok("score", "140", "--by", "Аня", "--last-trick", "Боря")
    won = history(terts, "--game", str(terts.game))["games"]
    assert [g["file"] for g in won] == [str(terts.game)] and won[0]["winner"] == "Аня"
    terts.ok("new", "Вика", "Гена")
    moved = history(terts, "--game", str(terts.game))["games"]
    assert len(moved) == 1 and moved[0]["file"].startswith(str(library))
    assert {k: v for k, v in moved[0].items() if k != "file"} == {
        k: v for k, v in won[0].items() if k != "file"
    }


@pytest.mark.parametrize("kind", ["a folder", "a FIFO"])
@pytest.mark.parametrize("what", ["the database", "the folder", "an answer"])
def test_kept_answers_in_the_way_of_nothing(terts, library, kind, what):
    """The database of kept ratings, the folder of kept answers and each answer's file are a
    cache too: a folder or a FIFO in their place is passed over (never opened: a FIFO would
    hang), and the answers are those of the files."""
    import shutil

    from terts_referee.library.location import answers_folder, answers_path

    game = put(library / "a.toml", game_of("Аня", "Боря", DAY))
    os.utime(game, (DAY.timestamp(), DAY.timestamp()))  # out of the racy window: kept
    expected, _ = stats(terts)
    kept = answers_path(library)
    if what == "the folder":
        kept = answers_folder(library)
    elif what == "an answer":
        [kept] = answers_folder(library).glob("*.answer")
    assert stats(terts) == (expected, [])  # from the answer kept
    if kept.is_dir():
        shutil.rmtree(kept)
    else:
        kept.unlink()
    if kind == "a folder":
        kept.mkdir()
    else:
        os.mkfifo(kept)
    for _ in range(2):
        assert stats(terts) == (expected, [])


def test_an_answer_asked_again_is_given_without_reading_the_games(terts, library, monkeypatch):
    """Nothing changed: the answer kept is given again, the index's games not read; a filter
    asked for the first time is a query of the index, no scan (``library.query``); a file
    changed (its time), and the games are read again."""

    game = put(library / "a.toml", game_of("Аня", "Боря", DAY))
    os.utime(game, (DAY.timestamp(), DAY.timestamp()))
    first = stats(terts)
    listed = history(terts)
    read = scans_counted(monkeypatch)
    assert stats(terts) == first and history(terts) == listed and read == []
    assert stats(terts, "--player", "ан")[0]["games"] == 1 and read == []
    later = DAY.timestamp() + 60
    os.utime(game, (later, later))
    assert stats(terts) == first and read == [1]


def test_a_kept_answer_tells_what_a_fresh_one_tells(terts, library, monkeypatch):
    """The answer kept beside the index holds, before its text, what is said beside it: a
    file skipped whose name holds a line break (and a quote, a backslash) is named again the
    same, and the JSON is the same bytes, whether the answer is worked out or kept."""

    game = put(library / "a.toml", game_of("Аня", "Боря", DAY))
    odd = library / 'bad\nname "x" \\.toml'
    odd.write_bytes(b"not = [toml")
    for path in (game, odd):
        os.utime(path, (DAY.timestamp(), DAY.timestamp()))  # out of the racy window: kept
    fresh = [terts(c, "--json", game=False) for c in ("stats", "history")]
    read = scans_counted(monkeypatch)
    kept = [terts(c, "--json", game=False) for c in ("stats", "history")]
    assert read == []  # both from the answers kept
    for a, b in zip(fresh, kept, strict=True):
        assert (a.code, a.stdout, a.stderr) == (b.code, b.stdout, b.stderr)
    assert kept[0].json()["skipped"] == fresh[0].json()["skipped"] != []
