"""A club night of five as it went: the moved tables leave no lock file in the club folder (and
a lock file is removed only while held), the evening counts the players it was given, and each
table is named by its players."""

from __future__ import annotations

import os
import threading
from datetime import datetime, timedelta

import pytest

from terts_referee.game import locking
from terts_referee.game.game_file import GameFile
from tests.club_helpers import club_server, table
from tests.library.games import game_of, put
from tests.serve_helpers import request
from tests.web.test_club import _finish, _wait

PLAYERS = ["Аня", "Боря", "Вика", "Гена", "Даша"]


def _where(tmp_path):
    return tmp_path / "club", tmp_path / "library"


def test_the_tables_moved_to_the_library_leave_no_lock_file(tmp_path):
    folder, library = _where(tmp_path)
    with club_server(folder, library, lang="ru", players=PLAYERS) as server:
        tables = request(server, "POST", "api/round", {"round": 1}).json()["tables"]
        for name in tables:
            players = GameFile(folder / f"{name}.toml").game().players
            _finish(server, name, players[0])
        assert {f".{n}.toml.lock" for n in tables} <= set(os.listdir(folder))
        second = request(server, "POST", "api/round", {"round": 2})
        assert sorted(second.json()["moved"]) == sorted(tables)
        _wait(lambda: all(t not in server.app.club.tables for t in tables))
        request(server, "GET", "api/tables")
        request(server, "GET", table(tables[0], "api/state"))  # a page left open on one
        left = set(os.listdir(folder))
    assert not {f".{n}.toml.lock" for n in tables} & left, left
    assert not {f"{n}.toml" for n in tables} & left
    assert len(list(library.glob("*.toml"))) == len(tables)


def test_a_lock_file_is_removed_only_while_held_and_a_waiter_locks_the_new_one(tmp_path):
    path = str(tmp_path / ".g.toml.lock")
    fd = locking.lock_file(path)
    assert locking.remove_lock_file(path) is False  # held: left as it is
    got = []
    waiter = threading.Thread(target=lambda: got.append(locking.lock_file(path, 10)))
    waiter.start()  # opens the file that is about to go, and waits for it
    locking.unlock_file(fd)
    waiter.join(10)
    assert got
    assert locking.remove_lock_file(path) is False  # the waiter holds it now
    locking.unlock_file(got.pop())
    assert locking.remove_lock_file(path) is True and not os.path.exists(path)
    # one that opened the file before it went: once locked, it sees the path names another
    old = os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
    assert locking.remove_lock_file(path) is True
    new = locking.lock_file(path, 0)
    assert not locking._still_named(old, path) and locking._still_named(new, path)
    os.close(old)
    locking.unlock_file(new)


def test_the_evening_counts_the_players_it_was_given(tmp_path):
    """An afternoon game of two others, in the library since six, is not of this evening."""
    folder, library = _where(tmp_path)
    six = datetime.now().astimezone().replace(hour=6, minute=0, second=0, microsecond=0)
    put(library / "afternoon.toml", game_of("Женя", "Зоя", six + timedelta(hours=8)))
    put(library / "ours.toml", game_of("Аня", "Боря", six + timedelta(hours=9)))
    with club_server(folder, library, lang="ru", players=PLAYERS, since=six) as server:
        standings = request(server, "GET", "api/standings").json()
    names = [p["name"] for p in standings["players"]]
    assert sorted(names) == sorted(PLAYERS)
    assert standings["games"] == 1
    assert [g["players"] for g in standings["finished"]] == [["Аня", "Боря"]]
    with club_server(folder, library, lang="ru", since=six) as server:  # no players given
        assert request(server, "GET", "api/standings").json()["games"] == 2


def test_a_table_is_titled_by_its_players(tmp_path):
    folder, library = _where(tmp_path)
    with club_server(folder, library, lang="uk") as server:
        name = request(server, "POST", "api/tables", {"players": ["Боря", "Даша"]}).json()["name"]
        ui = request(server, "GET", table(name, "api/ui")).json()
    assert name != "Боря — Даша" and ui["club"]["title"] == "Боря — Даша"
    assert ui["words"]["club.ui.table_name"].format(name=ui["club"]["title"]) == "Стіл Боря — Даша"


@pytest.mark.slow
def test_the_standings_headers_do_not_run_together_at_390_px(tmp_path, page):
    """«Партий» and «Побед» each in their own column, whole, at a phone's width."""
    folder, library = _where(tmp_path)
    with club_server(folder, library, lang="ru", players=PLAYERS) as server:
        page.goto(server.url)
        page.wait_for_selector("table.standings th")
        heads = page.evaluate(
            """() => [...document.querySelectorAll("table.standings thead th")].map((th) => {
                const range = document.createRange();
                range.selectNodeContents(th);
                const r = range.getBoundingClientRect(), c = th.getBoundingClientRect();
                return [th.textContent, r.left, r.right, c.left, c.right]; })"""
        )
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    words = [h[0] for h in heads]
    assert "Партий" in words and "Побед" in words
    for text, left, right, cell_left, cell_right in heads:
        assert cell_left - 0.5 <= left and right <= cell_right + 0.5, (text, heads)
