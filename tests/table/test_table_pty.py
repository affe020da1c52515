"""``terts table`` on a real pseudo-terminal loses no line.

A child runs ``terts table`` with a pty as its controlling terminal (so prompt_toolkit draws
its prompt and Ctrl-C typed there is a SIGINT); the test types escape junk, mouse-report junk,
a bracketed paste that never ends and Ctrl-C while a command runs, then checks the game file.
The child's reads and writes of the game file are slowed (a wrapper script) so that a Ctrl-C
lands mid-command.
"""

from __future__ import annotations

import os
import re
import select
import signal
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX pseudo-terminals")

WRAPPER = """
import sys, time
import terts_referee.game.storage as storage
slow = float(sys.argv.pop(1))
real_write, real_read = storage._write_bytes, storage.read_game_bytes
def write_bytes(path, data):  # every write of the game file, whole or an event appended
    time.sleep(slow)
    real_write(path, data)
def read_game_bytes(path):  # every read of the game file, parsed or not (a kept game)
    time.sleep(slow / 3)
    return real_read(path)
storage._write_bytes, storage.read_game_bytes = write_bytes, read_game_bytes
from terts_referee.cli import main
sys.exit(main(sys.argv[1:]))
"""

_CSI = re.compile(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[()][0-9A-B]|\x1b[=>]|\r")


class Pty:
    """``terts table --game G`` on a pseudo-terminal; ``send`` types, ``expect`` waits."""

    def __init__(self, tmp_path: Path, game: Path, slow: float = 0.0) -> None:
        import fcntl
        import termios

        script = tmp_path / "slow_terts.py"
        script.write_text(WRAPPER, encoding="utf-8")
        self.master, slave = os.openpty()
        env = dict(os.environ, TERM="xterm", COLUMNS="100", LINES="40", NO_COLOR="1")
        env.pop("TERTS_GAME", None)

        def controlling_tty() -> None:
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)

        self.proc = subprocess.Popen(
            [sys.executable, str(script), str(slow), "table", "--game", str(game)],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            cwd=tmp_path,
            start_new_session=True,
            preexec_fn=controlling_tty,
            close_fds=True,
        )
        os.close(slave)
        self.raw = b""
        self.seen = 0

    @property
    def text(self) -> str:
        return _CSI.sub("", self.raw.decode("utf-8", errors="replace"))

    def pump(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if not ready:
                continue
            try:
                data = os.read(self.master, 65536)
            except OSError:
                return
            if not data:
                return
            self.raw += data
            if b"\x1b[6n" in data:  # answer prompt_toolkit's cursor-position request
                os.write(self.master, b"\x1b[1;1R")

    def expect(self, fragment: str, timeout: float = 20.0) -> None:
        """Wait for ``fragment`` after the last one expected (a new prompt, not an old one)."""
        end = time.monotonic() + timeout
        while (found := self.text.find(fragment, self.seen)) < 0:
            assert time.monotonic() < end, f"no {fragment!r} in:\n{self.text[-2000:]}"
            self.pump(0.1)
        self.seen = found + len(fragment)

    def count(self, fragment: str) -> int:
        return self.text.count(fragment)

    def send(self, data: bytes, settle: float = 0.3) -> None:
        os.write(self.master, data)
        self.pump(settle)

    def close(self) -> int:
        try:
            return self.proc.wait(timeout=20)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
            os.close(self.master)


def _events(path: Path) -> list[dict]:
    return tomllib.loads(path.read_text(encoding="utf-8")).get("events", [])


@pytest.fixture
def game(terts) -> Path:
    terts.ok("new", "Ann", "Bob", "--quick")
    return terts.game


@pytest.mark.slow
def test_escape_junk_mouse_junk_and_an_endless_paste_lose_no_line(tmp_path, game):
    pty = Pty(tmp_path, game)
    try:
        pty.expect("terts>")
        # colour codes and an SGR mouse report typed at the prompt, then a line erased
        pty.send(b"\x1b[31m\x1b[<0;1;2Mq\x7f\r")
        # an X10 mouse report: it takes the next three characters ("n h") as coordinates
        pty.send(b"\x1b[Mn h\r")
        pty.expect("event 1: deal")
        # a bracketed paste that never ends: each line end still enters a line
        pty.send(b"\x1b[200~d Ann terts:Qh\rs 80 Ann")
        pty.expect("event 2: Ann declares")
        pty.send(b" Bob\r")  # typed into the endless paste: the line end enters it
        pty.expect("event 3: Ann counts 80")
        # the next prompt first: a key typed while the last one finishes and waits for the
        # terminal's cursor report is prompt_toolkit's to lose, not the paste's
        pty.expect("terts>")
        pty.send(b"\x04")  # Ctrl-D typed into the paste still leaves
        pty.expect("Bye")
        assert pty.close() == 0
    finally:
        if pty.proc.poll() is None:
            pty.proc.kill()
    text = pty.text
    assert "Unhandled exception" not in text and "Press ENTER" not in text
    assert [e["type"] for e in _events(game)] == ["deal", "declare", "score"]


@pytest.mark.slow
def test_a_pasted_block_of_lines_enters_each_line(tmp_path, game):
    pty = Pty(tmp_path, game)
    try:
        pty.expect("terts>")
        pty.send(b"\x1b[200~n h\nd Ann terts:Qh\ns 80 Ann Bob\nn s\x1b[201~")
        pty.expect("event 3: Ann counts 80")
        pty.expect("terts>")
        pty.send(b" \r")  # the unfinished last line was left at the prompt: Enter enters it
        pty.expect("event 4: deal")
        pty.send(b"q\r")
        pty.expect("Bye")
        assert pty.close() == 0
    finally:
        if pty.proc.poll() is None:
            pty.proc.kill()
    assert [e["type"] for e in _events(game)] == ["deal", "declare", "score", "deal"]


@pytest.mark.slow
def test_ctrl_c_while_a_command_runs_finishes_it_and_says_so(tmp_path, game):
    pty = Pty(tmp_path, game, slow=1.5)
    try:
        pty.expect("terts>")
        pty.send(b"n h\r", settle=0.5)
        pty.send(b"\x03", settle=0.1)  # while the write sleeps
        pty.expect("it was finished first, and the game file holds the change")
        pty.expect("terts>")
        # a refused line, Ctrl-C meanwhile: nothing recorded, said plainly
        pty.send(b"s 200 Ann Bob\r", settle=0.1)
        pty.send(b"\x03", settle=0.1)
        pty.expect("nothing was recorded")
        # Ctrl-C twice: the command is interrupted, nothing recorded, the session ends
        pty.send(b"d Ann terts:Qh\r", settle=0.5)
        pty.send(b"\x03", settle=0.1)
        pty.send(b"\x03", settle=0.1)
        pty.expect("Bye")
        assert pty.close() == 0
    finally:
        if pty.proc.poll() is None:
            pty.proc.send_signal(signal.SIGKILL)
    assert pty.count("nothing was recorded") == 2, pty.text[-2000:]
    assert "^C" not in pty.text  # not echoed into the command's output
    assert [e["type"] for e in _events(game)] == ["deal"]
