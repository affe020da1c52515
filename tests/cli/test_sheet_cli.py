"""The score sheet's command line: where `terts` finds its game file, what it says of a missing
one, the sheet as printed (names literally, in Russian), CSV, chart and HTML, the demo, and
concurrent `terts` processes on one file. The sheet's rules are tested through the API in
tests/referee/test_sheet.py."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path


def start(terts, *players: str, rules: str = "classic") -> None:
    terts.ok("new", *(players or ("Alice", "Bob")), "--rules", rules, "--tricks")


def test_points_not_a_number_refused(terts):
    """The count is read by the command line: a word where a number goes is refused there."""
    start(terts)
    terts.ok("deal", "--trump", "h")
    terts.refused("score", "ten", "--by", "Alice", "--last-trick", "Bob")


def test_game_path_from_environment(terts, monkeypatch, tmp_path, capsys):
    from terts_referee.cli import main

    monkeypatch.setenv("TERTS_GAME", str(tmp_path / "env-game.toml"))
    assert main(["new", "A", "B"]) == 0
    assert (tmp_path / "env-game.toml").exists()
    assert main(["new", "A", "B"]) == 2  # the same file, refused without --force
    capsys.readouterr()


def test_default_game_path_in_cwd(capsys):
    from terts_referee.cli import main

    assert main(["new", "A", "B"]) == 0
    assert Path("terts-game.toml").exists()


def test_missing_file_reported(terts):
    r = terts.refused("sheet")
    assert "not found" in r.stderr and "terts new" in r.stderr


def test_bracketed_names_print_literally(terts):
    terts.ok("new", "[bold]Ann", "[/red]Бо")
    terts.ok("deal", "--trump", "h")
    terts.ok("declare", "[bold]Ann", "terts:Qh")
    out = terts.ok("sheet").stdout
    assert "[bold]Ann" in out and "[/red]Бо" in out
    out = terts.ok("status").stdout
    assert "[bold]Ann" in out or "[/red]Бо" in out


def test_russian_end_to_end(terts):
    terts.ok("new", "Аня", "Боря")
    terts.ok("deal", "--trump", "7ч")
    terts.ok("declare", "аня", "терц:Дч")
    terts.ok("challenge", "Бор", "терц:Кт")
    terts.ok("declare", "Аня", "марьяж")
    terts.ok("score", "54", "--by", "Боря", "--last-trick", "Аня")
    sheet = terts.sheet()
    deal = sheet["deals"][0]
    assert deal["declarations"] == {"Аня": 20, "Боря": 20}
    assert deal["points"] == {"Аня": 120, "Боря": 70}
    names = [d["name"] for d in deal["declared"]]
    assert names == ["терц от Дамы ♥", "терц от Короля ♣", "марьяж ♥"]
    assert "терц от Короля ♣" in terts.ok("--lang", "ru", "sheet").stdout
    assert "terts from King ♣" in terts.ok("sheet").stdout


def test_demo_prints_a_sheet(terts):
    r = terts("demo")
    assert r.code == 0, r.stderr
    assert "Аня" in r.stdout and "Боря" in r.stdout


def test_concurrent_commands_each_recorded_once(terts, tmp_path):
    """24 concurrent `penalty ... miscount --points 1`: every success is recorded exactly once."""
    start(terts)
    terts.ok("deal", "--trump", "h")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    argv = [
        sys.executable,
        "-m",
        "terts_referee",
        "penalty",
        "Alice",
        "miscount",
        "--points",
        "1",
        "--game",
        str(terts.game),
    ]
    procs = [
        subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        for _ in range(24)
    ]
    codes = [p.wait(timeout=120) for p in procs]
    for p in procs:
        assert p.stdout is not None and p.stderr is not None  # both were PIPE
        p.stdout.close()
        p.stderr.close()
    successes = codes.count(0)
    assert successes == 24, codes
    events = tomllib.loads(terts.game.read_text(encoding="utf-8"))["events"]
    assert sum(1 for e in events if e["type"] == "penalty") == successes
    assert terts.sheet()["deals"][0]["penalties"] == {"Alice": -24, "Bob": 24}


def test_sheet_csv_and_chart_and_html_export(terts, tmp_path):
    import csv
    import io

    start(terts)
    terts.ok("deal", "--trump", "h")
    terts.ok("declare", "Alice", "terts:Qh")
    terts.ok("score", "54", "--by", "Bob", "--last-trick", "Alice")
    out = terts.ok("sheet", "--csv").stdout
    assert out.startswith("\ufeff")  # UTF-8 marked, for a spreadsheet
    rows = list(csv.reader(io.StringIO(out.removeprefix("\ufeff"))))
    assert rows[0][:4] == ["deal", "dealer", "trump", "last_trick"]
    assert rows[1][:4] == ["1", "Bob", "hearts", "Alice"] and "120" in rows[1]
    chart = terts.ok("sheet", "--chart").stdout
    assert "Alice" in chart and "501" in chart
    page = tmp_path / "sheet.html"
    terts.ok("--lang", "ru", "export", "--html", str(page))
    html = page.read_text(encoding="utf-8")
    assert html.count("<svg") == 1 and 'data-total="120"' in html and "Итого" in html
