"""The standard-library file lock: backend selection, waiting, release, hidden file."""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

import pytest

from terts_referee.game import locking
from terts_referee.game.storage import FORMAT_VERSION, game_lock, lock_path_for, write_game


@pytest.mark.parametrize(
    ("platform", "expected"),
    [("win32", "msvcrt"), ("linux", "fcntl"), ("darwin", "fcntl"), ("freebsd14", "fcntl")],
)
def test_backend_selection(platform: str, expected: str) -> None:
    assert locking.backend(platform) == expected


def test_lock_file_is_hidden_beside_the_game_file(tmp_path: Path) -> None:
    path = tmp_path / "terts-game.toml"
    write_game(path, {"format": FORMAT_VERSION})
    with game_lock(path):
        assert (tmp_path / ".terts-game.toml.lock").exists()
    assert lock_path_for(str(path)) == str(tmp_path / ".terts-game.toml.lock")
    assert not (tmp_path / "terts-game.toml.lock").exists()


def test_waits_its_turn_then_gets_the_lock(tmp_path: Path) -> None:
    lock = str(tmp_path / ".g.lock")
    fd = locking.lock_file(lock)
    released = threading.Event()
    got: list[bool] = []

    def waiter() -> None:
        fd2 = locking.lock_file(lock, timeout=10)
        got.append(released.is_set())  # it had the lock only once the first let it go
        locking.unlock_file(fd2)

    thread = threading.Thread(target=waiter)
    thread.start()
    time.sleep(0.3)  # time for the waiter to try (and wait); no duration is asserted
    assert not got, "the second holder must wait"
    released.set()
    locking.unlock_file(fd)
    thread.join(10)
    assert got == [True]


def test_zero_timeout_tries_once(tmp_path: Path) -> None:
    lock = str(tmp_path / ".g.lock")
    fd = locking.lock_file(lock)
    try:
        with pytest.raises(locking.LockTimeout):
            locking.lock_file(lock, timeout=0)
    finally:
        locking.unlock_file(fd)
    locking.unlock_file(locking.lock_file(lock, timeout=0))


@pytest.mark.skipif(sys.platform != "win32", reason="msvcrt.locking exists on Windows only")
def test_msvcrt_backend_excludes_a_second_holder(tmp_path: Path) -> None:  # pragma: no cover
    lock = str(tmp_path / ".g.lock")
    fd = locking.lock_file(lock, platform="win32")
    try:
        with pytest.raises(locking.LockTimeout):
            locking.lock_file(lock, timeout=0.1, platform="win32")
    finally:
        locking.unlock_file(fd, platform="win32")
