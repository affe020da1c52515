"""The sheet between and inside deals, through the API: an open deal's running totals, who
deals next (rule book §2, the rotation) and the players' notes on a deal (an event that counts
no point: correctable, droppable, kept in the file as written)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from terts_referee.api import (
    DealRequest,
    DeclareRequest,
    EventRefused,
    GameFile,
    GameFileError,
    NotationError,
    NoteRequest,
    ScoreRequest,
)
from terts_referee.domain.events import NOTE_MOST, Note, event_from_dict
from terts_referee.output.report.sheet import sheet_json
from terts_referee.output.report.status import status_json
from tests.helpers import said

A, B = "Аня", "Боря"


def _new(tmp_path, **kw) -> GameFile:
    return GameFile.create(tmp_path / "g.toml", [A, B], **kw)


def _deal(file: GameFile, points: int = 54, by: str = B, last: str = A) -> None:
    file.record(DealRequest("7ч"))
    file.record(DeclareRequest(A, ["терц:Дч"]))
    file.record(ScoreRequest(points, by=by, last_trick=last))


def _json(file: GameFile) -> dict[str, Any]:
    now = file.snapshot()
    return dict(sheet_json(now.game, now.sheet))


# --- an open deal's running totals (§5: the totals so far, its own points when it closes) ------


def test_an_open_deal_carries_the_running_totals_so_far_not_0_0(tmp_path):
    """§5: a deal's points are written when it closes; until then its running totals are the
    totals so far, before anything is written in it, after a declaration and after an undo."""
    file = _new(tmp_path)
    _deal(file)  # 120 : 50
    file.record(DealRequest("п"))
    assert _json(file)["deals"][1]["totals"] == {A: 120, B: 50}
    file.record(DeclareRequest(B, ["терц:Кп"]))
    assert _json(file)["deals"][1]["totals"] == {A: 120, B: 50}
    file.undo()
    assert _json(file)["deals"][1]["totals"] == {A: 120, B: 50}
    first = GameFile.create(tmp_path / "first.toml", [A, B])
    first.record(DealRequest("7ч"))
    assert _json(first)["deals"][0]["totals"] == {A: 0, B: 0}  # nothing written yet: 0 : 0


# --- who deals next (§2: the lot, then the last trick's taker deals) ---------------------------


@pytest.mark.parametrize(
    ("dealer", "expected"),
    [
        pytest.param(None, B, id="no lot recorded: the second player named deals first (§2)"),
        pytest.param(A, A, id="the lot's winner deals first [001][003][004]"),
    ],
)
def test_before_the_first_deal_status_names_the_first_dealer(tmp_path, dealer, expected):
    file = _new(tmp_path, dealer=dealer)
    assert file.status().next_dealer == expected
    assert status_json(file.status())["next_dealer"] == expected
    file.record(DealRequest("7ч"))
    assert file.sheet().deals[0].dealer == expected  # as the deal then records it


def test_between_deals_the_last_tricks_taker_deals_next_and_nobody_while_one_is_open(tmp_path):
    """§2 [000][002]: whoever took the last trick deals the next deal."""
    file = _new(tmp_path)
    file.record(DealRequest("7ч"))
    assert file.status().next_dealer is None  # a deal is open: it has its dealer
    assert status_json(file.status())["next_dealer"] is None
    file.record(ScoreRequest(54, by=B, last_trick=A))
    assert file.status().next_dealer == A
    file.record(DealRequest("п"))
    assert file.sheet().deals[1].dealer == A
    file.record(ScoreRequest(54, by=A, last_trick=B))
    assert file.status().next_dealer == B


def test_nobody_deals_next_once_the_game_is_over(tmp_path):
    file = _new(tmp_path)
    while not file.sheet().finished:
        file.record(DealRequest("7ч"))
        file.record(DeclareRequest(A, ["4В"]))
        file.record(ScoreRequest(100, by=A, last_trick=A))
    assert file.status().next_dealer is None


# --- the players' notes on a deal -------------------------------------------------------------


def test_a_note_goes_on_the_last_deal_or_the_one_named_and_counts_no_point(tmp_path):
    file = _new(tmp_path)
    _deal(file)
    totals = file.sheet().totals
    recorded = file.record(NoteRequest("  пересдача: у Бори 8 карт  "))
    assert recorded.event == Note("пересдача: у Бори 8 карт", 1)  # its ends trimmed
    file.record(DealRequest("п"))
    file.record(NoteRequest("спор о терце", deal=1))
    file.record(NoteRequest("тасовал Боря"))
    sheet = file.sheet()
    assert [[t for _, t in d.notes] for d in sheet.deals] == [
        ["пересдача: у Бори 8 карт", "спор о терце"],
        ["тасовал Боря"],
    ]
    assert sheet.totals == totals
    deals = _json(file)["deals"]
    assert [d["notes"] for d in deals] == [
        ["пересдача: у Бори 8 карт", "спор о терце"],
        ["тасовал Боря"],
    ]


def test_a_note_is_kept_in_the_file_and_read_back(tmp_path):
    file = _new(tmp_path)
    _deal(file)
    file.record(NoteRequest("«Не годится!» — спор", deal=1))
    again = GameFile(tmp_path / "g.toml")
    assert again.game().events[-1] == Note("«Не годится!» — спор", 1)
    assert again.game().events[-1].to_dict() == {
        "type": "note",
        "text": "«Не годится!» — спор",
        "deal": 1,
    }


@pytest.mark.parametrize(
    ("request_", "words"),
    [
        pytest.param(NoteRequest("x", deal=2), "сдачи 2 нет", id="a deal that is not"),
        pytest.param(NoteRequest("   "), "одна строка", id="an empty note"),
        pytest.param(NoteRequest("a\nb"), "одна строка", id="two lines"),
        pytest.param(NoteRequest("a\x1b[31m"), "управляющих", id="a terminal escape"),
        pytest.param(NoteRequest("x" * (NOTE_MOST + 1)), str(NOTE_MOST), id="too long"),
    ],
)
def test_a_note_that_is_not_one_is_refused_in_the_players_words(tmp_path, request_, words):
    file = _new(tmp_path)
    _deal(file)
    before = (tmp_path / "g.toml").read_bytes()
    with pytest.raises((EventRefused, NotationError)) as info:
        file.record(request_)
    assert words in said(info.value, "ru"), said(info.value, "ru")
    assert (tmp_path / "g.toml").read_bytes() == before


def test_a_note_before_any_deal_is_refused(tmp_path):
    file = _new(tmp_path)
    with pytest.raises(EventRefused) as info:
        file.record(NoteRequest("тасував Боря"))
    assert "нотатка належить до роздачі" in said(info.value, "uk")


def test_a_note_is_corrected_and_dropped_as_any_event(tmp_path):
    file = _new(tmp_path)
    _deal(file)
    file.record(NoteRequest("пересдача"))
    file.correct(4, NoteRequest("пересдача: у Бори 8 карт"))
    assert [t for _, t in file.sheet().deals[0].notes] == ["пересдача: у Бори 8 карт"]
    file.drop(4)
    assert file.sheet().deals[0].notes == []
    assert len(file.game().events) == 3


def test_a_note_after_the_game_is_accepted(tmp_path):
    """A dispute is often written after the game: a note is not a move, the game over or not."""
    file = _new(tmp_path)
    while not file.sheet().finished:
        _deal(file, points=150, by=A, last=A)
    file.record(NoteRequest("спор о последней сдаче"))
    assert file.sheet().deals[-1].notes[-1][1] == "спор о последней сдаче"


@pytest.mark.parametrize(
    "stored",
    [
        pytest.param({"type": "note", "text": ""}, id="empty"),
        pytest.param({"type": "note", "text": "a\nb"}, id="two lines"),
        pytest.param({"type": "note", "text": " x"}, id="not trimmed"),
        pytest.param({"type": "note", "text": 3}, id="not a text"),
        pytest.param({"type": "note", "text": "x", "deal": 0}, id="deal 0"),
        pytest.param({"type": "note", "text": "x", "who": "Аня"}, id="an unknown field"),
    ],
)
def test_a_damaged_stored_note_is_reported(stored):
    with pytest.raises(GameFileError):
        event_from_dict(stored, number=5)


_LINE = (
    st.text(
        st.characters(blacklist_categories=("Cc", "Cs"), blacklist_characters="\x7f"),
        min_size=1,
        max_size=NOTE_MOST,
    )
    .map(str.strip)
    .filter(lambda s: 0 < len(s) and not any(0x80 <= ord(c) < 0xA0 for c in s))
)


@given(text=_LINE, deal=st.none() | st.integers(1, 9))
def test_any_note_goes_to_the_file_and_back_unchanged(text, deal):
    note = Note(text, deal)
    assert event_from_dict(note.to_dict(), number=10) == note
