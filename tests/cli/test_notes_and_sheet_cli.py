"""The terminal's sheet, log, status and CSV of a Russian and a Ukrainian evening: a note on a
deal, who deals next, who took each trick, each player's target and a demo that leaves nothing
behind."""

from __future__ import annotations

import csv
import io
import os
import subprocess
import sys
from pathlib import Path

from tests.helpers import assert_refused

A, B = "Аня", "Боря"
REPO = Path(__file__).resolve().parents[2]


def test_a_note_in_russian_on_the_sheet_and_in_the_log(terts):
    terts.ok("new", A, B)
    terts.ok("deal", "--trump", "7ч")
    said = terts.ok("--lang", "ru", "note", "пересдача:", "у", "Бори", "8", "карт").stdout
    assert "заметка к сдаче 1: пересдача: у Бори 8 карт" in said
    sheet = terts.ok("--lang", "ru", "sheet").stdout
    assert "заметки:" in sheet and "1. пересдача: у Бори 8 карт" in sheet
    log = terts.ok("--lang", "ru", "log").stdout
    assert "заметка к сдаче 1: пересдача: у Бори 8 карт" in log
    assert terts.sheet()["deals"][0]["notes"] == ["пересдача: у Бори 8 карт"]
    events = terts.ok("log", "--json").json()["events"]
    assert events[-1] | {"at": None} == {
        "number": 2,
        "type": "note",
        "text": "пересдача: у Бори 8 карт",
        "line": "note on deal 1: пересдача: у Бори 8 карт",  # the log's line, in English here
        "deal": 1,
        "notices": [],
        "verdicts": [],
        "at": None,
        "set_aside": False,
    }


def test_a_note_refused_in_ukrainian_leaves_the_file_as_it_was(terts):
    terts.ok("new", A, B)
    line = assert_refused(terts.refused("--lang", "uk", "note", "тасував", "Боря"))
    assert "нотатка належить до роздачі" in line
    terts.ok("deal", "--trump", "7ч")
    line = assert_refused(terts.refused("--lang", "uk", "note", "x", "--deal", "3"))
    assert "роздачі 3 немає" in line


def test_status_between_deals_says_who_deals_next_in_russian(terts):
    terts.ok("new", A, B)
    assert "следующую сдачу сдаёт Боря" in terts.ok("--lang", "ru", "status").stdout
    assert terts.status()["next_dealer"] == B
    terts.ok("deal", "--trump", "7ч")
    assert terts.status()["next_dealer"] is None
    assert "следующую" not in terts.ok("--lang", "ru", "status").stdout
    terts.ok("score", "54", "--by", B, "--last-trick", A)
    assert "наступну роздачу роздає Аня" in terts.ok("--lang", "uk", "status").stdout
    assert terts.status()["next_dealer"] == A


def test_the_log_says_who_took_each_trick_in_russian(terts):
    terts.ok("new", A, B, "--tricks")
    terts.ok("deal", "--trump", "7ч")
    terts.ok("trick", "Тп", "7п")  # Аня leads (Боря deals), the ace takes it
    terts.ok("trick", "8п", "Кч")  # Аня leads again, Боря trumps it
    log = terts.ok("--lang", "ru", "log").stdout
    assert "взятка — Аня" in log and "взятка — Боря" in log
    events = terts.ok("log", "--json").json()["events"]
    assert [e.get("taken_by") for e in events] == [None, A, B]


def test_the_csv_has_each_players_target_and_the_deals_notes_in_ukrainian(terts):
    terts.ok("new", A, B)
    terts.ok("deal", "--trump", "7ч")
    terts.ok("declare", A, "терц:Дч")
    terts.ok("note", "спір", "про", "терц")
    terts.ok("score", "54", "--by", B, "--last-trick", A)
    terts.ok("deal", "--trump", "п")
    text = terts.ok("--lang", "uk", "sheet", "--csv").stdout.lstrip("\ufeff")
    rows = list(csv.reader(io.StringIO(text), delimiter=";"))  # a Ukrainian spreadsheet's ;
    head = rows[0]
    assert f"{A}: мета" in head and f"{B}: мета" in head and head[-1] == "нотатки"
    first, second = rows[1], rows[2]
    targets = terts.sheet()["targets"]
    assert first[head.index(f"{A}: мета")] == "501"
    assert second[head.index(f"{B}: мета")] == str(targets[B])
    assert first[-1] == "спір про терц" and second[-1] == ""


def test_a_target_raised_uphill_is_in_the_csv(terts):
    """§6: a false declaration sends its declarer uphill: 601 is the target after it."""
    terts.ok("new", A, B)
    terts.ok("deal", "--trump", "7ч")
    terts.ok("declare", B, "терц:Дп")
    terts.ok("penalty", B, "false-declaration")
    terts.ok("score", "54", "--by", B, "--last-trick", A)
    rows = list(csv.reader(io.StringIO(terts.ok("sheet", "--csv").stdout.lstrip("\ufeff"))))
    head = rows[0]
    target = terts.sheet()["targets"][B]
    assert target > 501
    assert rows[1][head.index(f"{B} target")] == str(target)
    assert rows[1][head.index(f"{A} target")] == "501"


def test_demo_leaves_no_temporary_folder_behind(tmp_path):
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    env = {**os.environ, "TMPDIR": str(scratch), "TERTS_LANG": "ru", "NO_COLOR": "1"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    for _ in range(2):
        r = subprocess.run(
            [sys.executable, "-m", "terts_referee", "demo"],
            env=env,
            capture_output=True,
            text=True,
            check=False,
            cwd=tmp_path,
        )
        assert r.returncode == 0, r.stderr
        assert "Аня" in r.stdout and "временный файл, теперь удалённый" in r.stdout
    assert list(scratch.iterdir()) == []
