"""The game API: one game file, opened on its path (``GameFile``).

Every face calls it: the terminal commands, table mode and the page's server. It records an
event (or a request, ``requests``: the words a face was given, read against the game), corrects
the past (replace, insert before, drop; ``apply``: a recording action with the faces'
``--replace N`` / ``--before N``, the one call every face makes), undoes the latest event,
and gives the sheet, the status and the log as typed values (``views``); the faces word them
(``output.report``).

Behind it:

- **The lock.** Every change is read, judged and written under the game file's lock
  (``storage.game_lock``: an OS lock on a hidden file beside the game), so that two writers,
  in two processes or two threads, take turns and never lose each other's event.
- **Atomic writes.** The file is replaced whole (``storage.write_game``: a temporary file
  beside it, fsync, rename) or the new event's table appended to the bytes this process last
  wrote (``storage.append_event``, byte for byte what the whole would be); temporary files a
  killed save left beside the game are removed under the lock first.
- **One replay per write.** Reading the event against the game (a declaration against the open
  deal's trump) walks the log once; the event is then judged on that walk alone
  (``Game.record``).
- **The kept game** (``keep=True``, for a session recording event after event: table mode, the
  page). The game and the referee's state are kept with the very bytes of the file they stand
  for; while the file still holds exactly those bytes (compared whole, under the lock: anyone
  may have written it since), the next event is judged on that state alone and appended, the
  file neither parsed nor replayed. Other bytes are read afresh. What a kept game returns (its
  sheet, its game) is the live state: read it before the next write through the same object.

Refusals raise ``RefereeError``: ``NotationError`` for words that cannot be read,
``EventRefused`` for an event the rules refuse now, ``CorrectionRefused``, ``GameFileError``
for the file itself; the file is then left byte for byte as it was.
"""

from __future__ import annotations

import os
from contextlib import nullcontext
from pathlib import Path
from typing import TYPE_CHECKING

from .requests import Request

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from contextlib import AbstractContextManager
    from typing import Any, TypeVar

    T = TypeVar("T")

    from ..domain.events import Event
    from ..domain.rules import Ruleset
    from ..referee import Sheet
    from .corrections import Action
    from .model import Game
    from .views import Corrected, LogView, Recorded, Removed, Snapshot, StatusView

__all__ = ["GameFile"]


def _kept_in(copy: object, path: Path) -> bool:
    """Whether ``copy`` (what ``set_aside`` returned) names a file holding exactly the bytes
    of the file at ``path``: only then may the game there be written over (it is kept)."""
    if not isinstance(copy, (str, os.PathLike)):
        return False
    try:
        if os.stat(copy).st_size != os.stat(path).st_size:
            return False
        with open(copy, "rb") as kept, open(path, "rb") as game:
            return kept.read() == game.read()
    except OSError:
        return False


def _event_of(what: Event | Request, game: Game) -> Event:
    """The event ``what`` stands for in ``game``: a request read against it, an event as is."""
    return what.to_event(game) if isinstance(what, Request) else what


class GameFile:
    """A game file on disk, opened on its path (read when asked, never held open).

    ``GameFile.create(path, players, ...)`` starts one; ``GameFile(path)`` opens an existing
    one. ``keep`` keeps the game between calls (see the module's doc): for a process that
    records event after event into one file.
    """

    def __init__(self, path: str | os.PathLike[str], *, keep: bool = False) -> None:
        from ..startup import on

        self.path = Path(path)
        self.keep = keep and on("kept_game")  # a start-up trick (``startup``: kept_game)
        # the game this object last read or wrote, with the bytes of the file it stands for
        self._kept: tuple[bytes, Game] | None = None
        self._mutex: AbstractContextManager[Any] | None = None
        if keep:  # the page's server may call from more than one thread
            import threading

            self._mutex = threading.RLock()

    def __repr__(self) -> str:
        return f"GameFile({str(self.path)!r}, keep={self.keep})"

    # --- starting a game ----------------------------------------------------------------

    @classmethod
    def create(
        cls,
        path: str | os.PathLike[str],
        players: Iterable[str],
        *,
        rules: str | Ruleset = "classic",
        dealer: str | None = None,
        quick: bool = True,
        force: bool = False,
        keep: bool = False,
        set_aside: Callable[[Path], object] | None = None,
    ) -> GameFile:
        """Start a game file for two players under ``rules`` (a bundled name, a ``.toml``
        path, or a ``Ruleset``); ``dealer`` deals first (else the second player named), deals
        are ``quick`` unless told otherwise. An existing file is refused unless ``force``.

        ``set_aside(path)`` is called once every argument has been checked, under the file's
        lock, before the file is written: where a face puts the game the file holds in the
        library first (nothing is ever deleted). When it returns the path of a file holding
        the game file's very bytes (the copy it made), the new game is written over the file,
        which is replaced atomically, never missing for a moment (a watcher of its folder,
        the club's lobby, would take a table whose file is missing for gone); a file still
        there otherwise is refused unless ``force``, as without ``set_aside``.
        Raises NotationError, RulesetError, GameFileError."""
        from ..domain.rules import load_ruleset
        from .model import Game, check_names, new_game_id, now
        from .storage import create_game, game_lock

        names = check_names(list(players))
        ruleset = load_ruleset(rules) if isinstance(rules, str) else rules
        game = Game(names, ruleset, quick=quick, started=now(), id=new_game_id())
        if dealer is not None:
            game.first_dealer = game.player(dealer)
        target = Path(path)
        # one hold of the lock from the copy to the new game: no event lands in between
        with game_lock(target):
            replace = force
            if set_aside is not None:
                replace = _kept_in(set_aside(target), target) or replace
            create_game(target, game.to_doc(), force=replace)
        return cls(target, keep=keep)

    # --- reading ------------------------------------------------------------------------

    def game(self) -> Game:
        """The game as the file holds it now (players, rules, events, corrections)."""
        with self._held():
            return self._current()

    def snapshot(self, as_rules: str | Ruleset | None = None) -> Snapshot:
        """The game and its sheet from one reading of the file (``status()`` and ``log()`` of
        the same moment): what a face shows several views of. ``as_rules`` (a ruleset or its
        name): the sheet of the same events replayed under another ruleset, a what-if (an
        event it refuses is skipped with a notice), the file unchanged."""
        from .views import Snapshot

        with self._held():
            game = self._current()
            if as_rules is None:
                return Snapshot(game, game.sheet(keep=self.keep))
        from ..domain.rules import load_ruleset

        other = load_ruleset(as_rules) if isinstance(as_rules, str) else as_rules
        return Snapshot(game, game.sheet(other))

    def sheet(self, as_rules: str | Ruleset | None = None) -> Sheet:
        """The running score sheet (``as_rules``: a what-if, as ``snapshot``)."""
        return self.snapshot(as_rules).sheet

    def status(self) -> StatusView:
        """Where the current deal stands and what may be done now."""
        return self.snapshot().status()

    def log(self, *, corrections: bool = False) -> LogView:
        """The effective events, numbered, with their times and notices; with
        ``corrections``, the trail of corrections too."""
        return self.snapshot().log(corrections=corrections)

    def _current(self) -> Game:
        """The game the file holds now: the kept one while the file holds its bytes, else
        read (and, with ``keep``, kept with the referee's state of its first sheet)."""
        from .storage import read_game_bytes

        data = read_game_bytes(self.path)
        kept = self._kept
        if kept is not None and kept[0] == data:
            return kept[1]
        game = self._parse(data)
        if self.keep:
            self._kept = (data, game)
        return game

    def _parse(self, data: bytes) -> Game:
        from .model import Game
        from .storage import parse_game

        return Game.from_doc(parse_game(self.path, data), str(self.path))

    # --- recording ----------------------------------------------------------------------

    def record(self, what: Event | Request) -> Recorded:
        """Record an event (or the event a request stands for, read against the game now) if
        the rules allow it now; raises EventRefused (a RuleError), NotationError for a request
        that cannot be read, GameFileError; the file is then unchanged."""
        from .storage import (
            append_event,
            game_lock,
            read_game_bytes,
            remove_stale_temp_files,
            write_game,
        )
        from .views import Recorded

        with self._held(), game_lock(self.path):  # read, judge, write: all under the lock
            data = read_game_bytes(self.path)
            kept, self._kept = self._kept, None  # taken out while in use
            wrote_these = kept is not None and kept[0] == data
            game = kept[1] if kept is not None and wrote_these else self._parse(data)
            try:
                event = _event_of(what, game)
                sheet = game.record(event, keep=True)
            except Exception:
                # refused: the game still stands for the file as it is (``record`` appends
                # only what the rules allow; a refusal on its kept state drops that state)
                self._hold(data, game)
                raise
            remove_stale_temp_files(self.path)
            if wrote_these:  # the file's document is the kept game's: this event appended
                written = append_event(self.path, data, game.last_event_doc(), game.to_doc)
            else:
                written = write_game(self.path, game.to_doc())
            if game.read_back_last(str(self.path)):
                self._hold(written, game)
        number = len(game.events)
        return Recorded(number, event, game, sheet, tuple(sheet.notices_for(number)))

    def apply(
        self, what: Event | Request, *, replace: int | None = None, before: int | None = None
    ) -> Recorded | Corrected:
        """What every recording action of a face does: record the event (``record``), or, with
        ``replace`` or ``before``, correct the past with it (``correct``: in place of event
        ``replace``; ``insert_before``: before event ``before``). Both at once is a
        NotationError (``err.fix.both``); otherwise raises as those do."""
        if replace is not None and before is not None:
            from ..domain.verdicts import Verdict
            from ..errors import NotationError

            raise NotationError(Verdict("err.fix.both"))
        if replace is not None:
            return self.correct(replace, what)
        if before is not None:
            return self.insert_before(before, what)
        return self.record(what)

    def correct(self, number: int, what: Event | Request) -> Corrected:
        """Event ``number`` replaced by this one (a request is read against the game as it
        stood before event ``number``), if it and every later event still hold; raises
        NotationError for a number with no event, CorrectionRefused naming the first event
        that no longer holds."""
        from .corrections import Action

        return self._correct(Action.REPLACE, number, what)

    def insert_before(self, number: int, what: Event | Request) -> Corrected:
        """This event inserted before event ``number`` (later numbers shift by one), if it
        and every later event hold; raises as ``correct`` does."""
        from .corrections import Action

        return self._correct(Action.INSERT, number, what)

    def drop(self, number: int) -> Corrected:
        """Event ``number`` removed (kept in the trail), if every later event still holds;
        raises as ``correct`` does."""
        from .corrections import Action

        return self._correct(Action.DROP, number, None)

    def undo(self) -> Removed:
        """The latest event removed (a drop of the latest, kept in the trail); raises
        NotationError when there is none."""
        from .views import Removed

        def change(game: Game) -> Removed:
            number, event = game.undo()
            return Removed(number, event, game)

        return self._update(change)

    def _correct(self, action: Action, number: int, what: Event | Request | None) -> Corrected:
        from .views import Corrected

        def change(game: Game) -> Corrected:
            # the event is read against the game as it stood at its place (the deal open there)
            event = _event_of(what, game.as_of(number - 1)) if what is not None else None
            correction, changed, sheet = game.correct(action, number, event)
            return Corrected(correction, changed, game, sheet)

        return self._update(change)

    def _update(self, change: Callable[[Game], T]) -> T:
        """``change(game)`` on the game read under the lock; the file written whole after."""
        from .model import Game
        from .storage import update_game

        def on_doc(doc: dict[str, Any]) -> T:
            game = Game.from_doc(doc, str(self.path))
            result = change(game)
            doc.clear()
            doc.update(game.to_doc())
            return result

        with self._held():
            self._kept = None  # the file is about to hold other bytes
            return update_game(self.path, on_doc)

    # --- the kept game ------------------------------------------------------------------

    def _hold(self, data: bytes, game: Game) -> None:
        if self.keep:
            self._kept = (data, game)

    def _held(self) -> AbstractContextManager[Any]:
        """The object's own lock (kept games only: the page's threads); the file's lock is
        taken where the file is written."""
        return self._mutex if self._mutex is not None else nullcontext()
