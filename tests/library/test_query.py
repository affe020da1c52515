"""A filter's first answer as a query of the index (``query.query``): the games it keeps read
whole, the others by their heads, and the answer a fresh build's byte for byte."""

from __future__ import annotations

import os
import shutil
import sqlite3
from datetime import timedelta
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from terts_referee.errors import NotationError
from terts_referee.game.model import new_game_id
from terts_referee.library import query as query_module
from terts_referee.library.answers import Question
from terts_referee.library.index import KeptRatings
from terts_referee.library.kept import answered
from terts_referee.library.location import index_path
from tests.library.games import cache_in, game_of, put
from tests.library.test_synced_library import DAY, library

__all__ = ["library"]  # the fixture

OLD = DAY.timestamp()  # out of the racy window
PLAYERS = ("Аня", "Боря", "Вася", "Гоша")


def season(root: Path, games: int = 12) -> None:
    """``games`` games of every pair of four players in turn, a day apart, in two folders."""
    pairs = [(a, b) for a in PLAYERS for b in PLAYERS if a < b]
    for n in range(games):
        a, b = pairs[n % len(pairs)]
        folder = "2025" if n < games // 2 else "2026"
        put(root / folder / f"g{n:02d}.toml", game_of(a, b, DAY + timedelta(days=n)))
    for path in root.rglob("*.toml"):
        os.utime(path, (OLD, OLD))


def ask(
    root: Path, where: Path, question: Question, current: Path | None = None
) -> tuple[bytes, Any]:
    with cache_in(where):
        scan, text = answered(
            root, repr(question), question, current=current, memos=partial(KeptRatings, root)
        )
    return bytes(text), scan


def cold(root: Path, tmp: Path, question: Question, current: Path | None = None) -> bytes:
    fresh = tmp / "cold"
    shutil.rmtree(fresh, ignore_errors=True)
    return ask(root, fresh, question, current)[0]


def edit_row(library: Path, cache: Path, file: str, old: str, new: str) -> None:
    """The index's row of ``file`` changed by hand: ``old`` replaced by ``new`` in its
    summary (its seal left as it was)."""
    with cache_in(cache):
        path = index_path(library)
    db = sqlite3.connect(path)
    db.execute("UPDATE games SET summary = replace(summary, ?, ?) WHERE file = ?", (old, new, file))
    assert db.total_changes == 1
    db.commit()
    db.close()


class Spy:
    """What the queries gave (None: left to a scan) and how many rows they read whole."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.given: list[bool] = []
        self.whole: list[int] = []
        real_query, real_heads = query_module.query, query_module.heads_then

        def query(*a: Any, **k: Any) -> Any:
            found = real_query(*a, **k)
            self.given.append(found is not None)
            return found

        def heads_then(index: Any, pick: Any) -> Any:
            found = real_heads(index, pick)
            if found is not None:
                self.whole.append(len(found[1]))
            return found

        monkeypatch.setattr(query_module, "query", query)
        monkeypatch.setattr(query_module, "heads_then", heads_then)


FILTERED = [
    Question("stats", player="ан"),
    Question("stats", player="аня", vs="бо"),
    Question("stats", since="2026-03-05"),
    Question("history", player="гош"),
    Question("history", until="2026-03-04", rules="classic"),
]


def label(question: Question) -> str:
    """A question's test id, the same in every worker (no function's address)."""
    fields = ("command", "player", "vs", "since", "until", "rules")
    return "-".join(str(v) for f in fields if (v := getattr(question, f)))


@pytest.mark.parametrize("question", FILTERED, ids=label)
def test_a_new_filter_reads_only_the_games_it_keeps_whole(
    library: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, question: Question
) -> None:
    season(library)
    warm = tmp_path / "warm"
    ask(library, warm, Question("stats"))  # the index built, one answer kept
    spy = Spy(monkeypatch)
    text, _ = ask(library, warm, question)
    assert spy.given == [True]
    shown = {
        Question("stats", player="ан"): 6,  # Аня's games
        Question("stats", player="аня", vs="бо"): 2,  # Аня against Боря
        Question("stats", since="2026-03-05"): 12 - 3,  # from the fourth game on (3-02 first)
        Question("history", player="гош"): 6,
        Question("history", until="2026-03-04", rules="classic"): 3,
    }[question]
    assert spy.whole == [shown]
    assert text == cold(library, tmp_path, question)


def test_a_filter_after_games_were_removed_edited_and_copied_is_a_fresh_builds(
    library: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Removed, edited and copied games: no kept answer to add games to, the query brings the
    index up to the files (a copy counted once) and answers as a fresh build."""
    season(library)
    warm = tmp_path / "warm"
    ask(library, warm, Question("stats"))
    (library / "2025" / "g01.toml").unlink()
    put(library / "2025" / "g02.toml", game_of("Аня", "Гоша", DAY + timedelta(days=2), moves=5))
    shutil.copy2(library / "2026" / "g07.toml", library / "g07 (copy).toml")
    fresh = [cold(library, tmp_path, question) for question in FILTERED]
    spy = Spy(monkeypatch)
    assert [ask(library, warm, question)[0] for question in FILTERED] == fresh
    assert spy.given == [True] * len(FILTERED)


def test_a_name_not_in_the_library_is_refused_as_a_scan_refuses_it(
    library: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    season(library)
    warm = tmp_path / "warm"
    ask(library, warm, Question("stats"))
    with pytest.raises(NotationError) as cold_refusal:
        cold(library, tmp_path, Question("stats", player="Зоя"))
    spy = Spy(monkeypatch)
    with pytest.raises(NotationError) as warm_refusal:
        ask(library, warm, Question("stats", player="Зоя"))
    assert warm_refusal.value.verdict == cold_refusal.value.verdict
    assert spy.given == [True] and spy.whole == [0]


def test_a_row_changed_by_hand_is_left_to_a_scan_which_reads_its_file_again(
    library: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A row the filter keeps whose summary was changed in the index (its seal no longer
    matches): the query gives way to a scan, which reads that file again and says so."""
    season(library)
    warm = tmp_path / "warm"
    ask(library, warm, Question("stats"))
    edit_row(library, warm, "2025/g00.toml", '"deals": 2', '"deals": 9')
    question = Question("history", player="аня")
    fresh = cold(library, tmp_path, question)
    spy = Spy(monkeypatch)
    text, scan = ask(library, warm, question)
    assert spy.given == [False]
    assert any("1" in note for note in scan.notes)  # one damaged entry, read again
    assert text == fresh


def test_without_a_filter_every_game_is_read_by_a_scan(
    library: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    season(library)
    spy = Spy(monkeypatch)
    ask(library, tmp_path / "warm", Question("history"))
    assert spy.given == []


@pytest.mark.parametrize("command", ["stats", "history"])
@pytest.mark.parametrize(
    "playing", [("Анатолий", "Вася"), ("Ан", "Вася")], ids=["a-second-prefix", "an-exact-name"]
)
def test_a_name_the_game_being_played_makes_ambiguous_or_exact_is_a_fresh_builds(
    library: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    command: str,
    playing: tuple[str, str],
) -> None:
    """The game being played, won, counts on top of the library's answer, whose ``--player``
    is resolved among the library's names alone; the same prefix among every game's names is
    ambiguous (Аня, Анатолий) or another player (Ан): the games of both are read whole."""
    season(library)
    current = put(tmp_path / "terts-game.toml", game_of(*playing, DAY + timedelta(days=30)))
    os.utime(current, (OLD, OLD))
    warm = tmp_path / "warm"
    ask(library, warm, Question(command), current)
    question = Question(command, player="Ан")

    def either(where: Path) -> Any:
        try:
            return ask(library, where, question, current)[0]
        except NotationError as exc:
            return exc.verdict

    fresh = either(tmp_path / "cold")
    spy = Spy(monkeypatch)
    assert either(warm) == fresh
    assert spy.given == [True]


def test_a_row_the_filter_does_not_keep_changed_by_hand_is_left_to_a_scan(
    library: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another game's winner changed in the index: its head would move the period's ratings
    of everyone, so every row is checked by its seal and the scan reads the file again."""
    season(library)
    warm = tmp_path / "warm"
    ask(library, warm, Question("stats"))
    # g01 is Аня against Вася; the filter keeps Гоша's games
    edit_row(library, warm, "2025/g01.toml", '"winner": "Аня"', '"winner": "Вася"')
    question = Question("stats", player="гош")
    fresh = cold(library, tmp_path, question)
    spy = Spy(monkeypatch)
    text, scan = ask(library, warm, question)
    assert spy.given == [False] and scan.notes
    assert text == fresh


def test_a_copy_compared_after_the_index_was_brought_up_is_kept_by_the_query(
    library: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An earlier copy of a game put in the library: the query writes its row, then the two
    copies' comparison, in two writes of one run (the second one not taken for another
    program's), and answers as a fresh build."""
    season(library)
    warm = tmp_path / "warm"
    ask(library, warm, Question("stats"))
    one = new_game_id()
    later = DAY + timedelta(days=20)
    put(library / "2026" / "g20.toml", game_of("Аня", "Гоша", later, one))
    put(library / "g20 (copy).toml", game_of("Аня", "Гоша", later, one, moves=3))
    question = Question("history", player="аня")
    fresh = cold(library, tmp_path, question)
    spy = Spy(monkeypatch)
    assert ask(library, warm, question)[0] == fresh
    assert spy.given == [True]
