"""The events set aside on every face: `log` marks them (`--json`: ``set_aside``, ``refusal``),
`sheet` and `status` say once which (``set_aside`` in their JSON), the HTML sheet says so, the
page's state carries them, table mode opens the game; reading never changes the file; `drop`
and `undo` take them out, a correction says which stand again; a new event is refused."""

from __future__ import annotations

import pytest

from terts_referee.game.storage import write_game
from terts_referee.table import run_table
from terts_referee.web.backend import GameBackend
from tests.game.test_set_aside import won_earlier

LINE = (
    "set aside, not counted: 3 stored events (27, 28, 29), kept in the file; `terts log` says why"
)


@pytest.fixture
def old(terts):
    """The game an earlier version wrote, now won after deal 5: events 27-29 set aside."""
    write_game(terts.game, won_earlier().to_doc())
    return terts


READING = [
    ["status"],
    ["status", "--json"],
    ["sheet"],
    ["sheet", "--json"],
    ["sheet", "--csv"],
    ["sheet", "--chart"],
    ["sheet", "--as", "exact"],
    ["log"],
    ["log", "--json"],
    ["log", "--all"],
    ["--lang", "ru", "sheet"],
]


@pytest.mark.parametrize("argv", READING, ids=" ".join)
def test_reading_a_game_with_events_set_aside_never_changes_it(old, argv):
    before = old.game.read_bytes()
    r = old(*argv)
    assert r.code == 0, r.stderr
    assert r.stderr == ""
    assert old.game.read_bytes() == before


def test_log_marks_each_event_set_aside_with_its_reason(old):
    events = old("log", "--json").json()["events"]
    assert [e["number"] for e in events if e["set_aside"]] == [27, 28, 29]
    assert "refusal" not in events[25]
    last = events[28]
    assert last["refusal"].startswith("the game is over: Аня won (510 reaches the target 501")
    assert last["notices"][0].startswith("event 29 no longer holds: the game is over")
    text = old("log").stdout
    assert text.count("[set aside]") == 4  # three events and the legend
    assert "[set aside]: a stored event that no longer holds" in text


def test_sheet_and_status_say_once_which_events_are_set_aside(old):
    sheet = old("sheet").stdout
    assert sheet.count(LINE) == 1
    assert "game over: Аня wins — 510 reaches the target 501 after deal 5" in sheet
    assert old("status").stdout.count(LINE) == 1
    data = old.sheet()
    assert data["set_aside"] == [27, 28, 29]
    assert (data["winner"], data["totals"]) == ("Аня", {"Аня": 510, "Боря": 260})
    assert len(data["deals"]) == 5
    assert old.status()["set_aside"] == [27, 28, 29]
    ru = old("--lang", "ru", "sheet").stdout
    assert "отложено и не засчитано: 3 записанных события (27, 28, 29)" in ru


def test_a_game_without_events_set_aside_says_nothing_of_them(terts):
    terts.ok("new", "Аня", "Боря")
    terts.ok("deal", "--trump", "h", "--quick")
    assert "set aside" not in terts("sheet").stdout + terts("status").stdout + terts("log").stdout
    assert terts.sheet()["set_aside"] == [] and terts.status()["set_aside"] == []
    assert {e["set_aside"] for e in terts("log", "--json").json()["events"]} == {False}


def test_the_html_sheet_says_which_events_are_set_aside(old, tmp_path):
    out = tmp_path / "sheet.html"
    old.ok("export", "--html", str(out))
    page = out.read_text(encoding="utf-8")
    assert '<p class="set-aside">Set aside, not counted: 3 stored events (27, 28, 29)' in page
    assert "event 28 no longer holds" in page  # the notes give each one's reason


def test_the_pages_state_and_table_mode_open_the_game(old, capsys):
    data = GameBackend(str(old.game), "en").state()
    assert "error" not in data
    assert data["sheet"]["set_aside"] == [27, 28, 29]
    assert [e["number"] for e in data["log"]["events"] if e["set_aside"]] == [27, 28, 29]
    before = old.game.read_bytes()
    capsys.readouterr()
    assert run_table(str(old.game), "en", input=iter(["st"])) == 0
    shown = capsys.readouterr().out  # the table's own words for its commands
    assert "set aside, not counted: 3 stored events (27, 28, 29), kept in the file; `l`" in shown
    assert old.game.read_bytes() == before


def test_a_new_event_after_the_win_is_refused(old):
    line = old.refused("deal", "--trump", "h", "--quick").stderr
    assert "the game is over: Аня won (510 reaches the target 501 after deal 5)" in line


def test_drop_and_undo_take_out_events_set_aside(old):
    r = old.ok("drop", "28")
    assert "event 28 removed: Аня declares fifty from King ♥" in r.stdout
    assert "set aside, not counted: 2 stored events (27, 28)" in r.stdout
    old.ok("undo")
    old.ok("undo")
    assert old.sheet()["set_aside"] == []
    assert "set aside" not in old("sheet").stdout


def test_a_correction_says_which_events_stand_again(old):
    r = old.ok("drop", "18")  # Боря's late terts: Аня wins after deal 6 instead
    assert "set aside before, counted now: 26, 27, 28" in r.stdout
    assert old.sheet()["set_aside"] == []
    old.ok("undo")  # deal 6's score: the game is open again
    data = old("score", "60", "--by", "Аня", "--last-trick", "Аня", "--json").json()
    assert data["winner"] == "Аня"
    write_game(old.game, won_earlier().to_doc())
    changes = old("drop", "18", "--json").json()
    assert changes["changes"]["stands_again"] == [26, 27, 28] and changes["set_aside"] == []
