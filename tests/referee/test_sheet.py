"""The running score sheet in quick mode: events recorded, replayed, never lost.

Each case names the rule and its source as the rule book (docs/rules.md) does.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from terts_referee.game.model import is_game_id
from terts_referee.referee import round_points

QUICK = "--quick"


def start(terts, *players: str, rules: str = "classic", **kw) -> None:
    terts.ok("new", *(players or ("Alice", "Bob")), "--rules", rules, "--tricks")


@pytest.mark.parametrize(
    ("raw", "rounding", "written"),
    [
        pytest.param(25, "half-down", 20, id="25 -> 20: a final 5 goes down [000][001][003]"),
        pytest.param(26, "half-down", 30, id="26 -> 30 [000]"),
        pytest.param(135, "half-down", 130, id="135 -> 130 [003][004]"),
        pytest.param(116, "half-down", 120, id="116 -> 120 [000]"),
        pytest.param(27, "none", 27, id="without rounding 27 stays 27 [000 variant]"),
        pytest.param(25, "half-up", 30, id="half-up 25 -> 30 (house)"),
        pytest.param(29, "down", 20, id="down 29 -> 20 (house)"),
        pytest.param(-15, "half-down", -20, id="negative totals round down too (house)"),
    ],
)
def test_rounding(raw, rounding, written):
    assert round_points(raw, rounding) == written


def test_terts_from_queen_96_54_gives_120_50(terts):
    """A terts (20) with 96/54 card points: 116 -> 120 and 54 -> 50 under tens rounding [000]."""
    start(terts)
    terts.ok("deal", "--trump", "7h")
    terts.ok("declare", "Alice", "terts:Q♥")
    terts.ok("score", "54", "--by", "Bob", "--last-trick", "Alice")
    sheet = terts.sheet()
    deal = sheet["deals"][0]
    assert deal["dealer"] == "Bob" and deal["trump"] == "hearts" and deal["finished"]
    assert deal["card_points"] == {"Alice": 96, "Bob": 54}
    assert deal["declarations"] == {"Alice": 20, "Bob": 0}
    assert deal["points"] == {"Alice": 120, "Bob": 50}
    assert sheet["totals"] == {"Alice": 120, "Bob": 50}
    assert sheet["targets"] == {"Alice": 501, "Bob": 501}
    assert deal["last_trick"] == "Alice"


def test_rounding_through_the_sheet_25_and_26(terts):
    """Each player's deal total is rounded: 5 + 20 = 25 -> 20 and 6 + 20 = 26 -> 30 [000]."""
    start(terts)
    terts.ok("deal", "--trump", "s", QUICK)
    terts.ok("declare", "Alice", "terts:Qh")
    terts.ok("score", "5", "--by", "Alice", "--last-trick", "Bob")
    terts.ok("deal", "--trump", "s", QUICK)
    terts.ok("declare", "Alice", "terts:Qh")
    terts.ok("score", "6", "--by", "Alice", "--last-trick", "Bob")
    deals = terts.sheet()["deals"]
    assert deals[0]["points"] == {"Alice": 20, "Bob": 140}  # 145 -> 140
    assert deals[1]["points"] == {"Alice": 30, "Bob": 140}  # 144 -> 140


def test_exact_a_106_scores_106(terts):
    """Without rounding the hundreds score by length: a 106 scores 106 [000]."""
    start(terts, rules="exact")
    terts.ok("deal", "--trump", "c")
    terts.ok("declare", "Alice", "106:Qh")
    terts.ok("score", "61", "--by", "Bob", "--last-trick", "Alice")
    deal = terts.sheet()["deals"][0]
    assert deal["declarations"]["Alice"] == 106
    assert deal["points"] == {"Alice": 89 + 106, "Bob": 61}


@pytest.mark.parametrize(
    ("rules", "uphill", "to_bob"),
    [
        pytest.param("classic", 100, 20, id="classic: 100 uphill, opponent writes 20 [000]"),
        pytest.param("book", 20, 0, id="book: its value uphill, nothing to the opponent [001]"),
        pytest.param("follow", 20, 0, id="follow: its value uphill [004]"),
    ],
)
def test_false_terts(terts, rules, uphill, to_bob):
    """A false declaration scores nothing and goes «в гору» (§6)."""
    start(terts, rules=rules)
    terts.ok("deal", "--trump", "d")
    terts.ok("declare", "Alice", "terts:Qh")
    terts.ok("penalty", "Alice", "false-declaration")
    terts.ok("score", "70", "--by", "Alice", "--last-trick", "Bob")
    sheet = terts.sheet()
    assert sheet["uphill"] == {"Alice": uphill, "Bob": 0}
    assert sheet["targets"]["Alice"] == 501 + uphill
    deal = sheet["deals"][0]
    assert deal["declarations"]["Alice"] == 0
    assert deal["penalties"]["Bob"] == to_bob
    assert deal["points"]["Bob"] == round_points(80 + to_bob, "half-down")


@pytest.mark.parametrize(
    ("last", "winner"),
    [
        pytest.param("Bob", "Bob", id="both over 301, Bob took the last trick [000]"),
        pytest.param("Alice", "Alice", id="both over 301, Alice took the last trick [000]"),
    ],
)
def test_both_over_target_the_last_trick_wins(terts, last, winner):
    start(terts, rules="short")
    terts.ok("deal", "--trump", "h", QUICK)
    terts.ok("declare", "Alice", "4J")
    terts.ok("score", "76", "--by", "Alice", "--last-trick", "Bob")  # Alice 280, Bob 70
    terts.ok("deal", "--trump", "h", QUICK)
    terts.ok("declare", "Bob", "4J")
    points = "30" if last == "Bob" else "40"
    terts.ok("score", points, "--by", "Alice", "--last-trick", last)
    sheet = terts.sheet()
    assert all(sheet["totals"][p] >= 301 for p in ("Alice", "Bob")), sheet["totals"]
    assert sheet["finished"] and sheet["winner"] == winner
    terts.refused("deal")  # no deal after the game is over


def test_one_player_over_target_wins(terts):
    start(terts, rules="short")
    terts.ok("deal", "--trump", "h", QUICK)
    terts.ok("declare", "Alice", "4J")
    terts.ok("score", "110", "--by", "Alice", "--last-trick", "Alice")
    sheet = terts.sheet()
    assert sheet["totals"]["Alice"] == 310 and sheet["winner"] == "Alice"


def test_dealer_rotation_follows_the_last_trick(terts):
    """The player who took the last trick of the previous deal deals [000][001][003]."""
    start(terts)
    terts.ok("deal", "--trump", "h")
    terts.ok("score", "54", "--by", "Bob", "--last-trick", "Alice")
    terts.ok("deal", "--trump", "s")
    assert terts.status()["dealer"] == "Alice"
    assert terts.status()["leader"] == "Bob"


def test_first_dealer_by_lot(terts):
    terts.ok("new", "Alice", "Bob", "--dealer", "Alice")
    terts.ok("deal")
    assert terts.status()["dealer"] == "Alice"


# --- refusals ---------------------------------------------------------------------------------


@pytest.fixture
def dealt(terts):
    start(terts)
    terts.ok("deal", "--trump", "h")
    return terts


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(("declare", "Zed", "terts:Qh"), id="unknown player"),
        pytest.param(("score", "151", "--by", "Alice", "--last-trick", "Bob"), id="points > 150"),
        pytest.param(
            ("score", "--by", "Alice", "--last-trick", "Bob", "--", "-1"), id="points < 0"
        ),
        pytest.param(
            ("score", "5", "--by", "Alice", "--last-trick", "Alice"),
            id="last trick taken but fewer than its 10 points",
        ),
        pytest.param(
            ("score", "145", "--by", "Alice", "--last-trick", "Bob"),
            id="more than 140 without the last trick",
        ),
        pytest.param(
            ("score", "ten", "--by", "Alice", "--last-trick", "Bob"), id="points not a number"
        ),
        pytest.param(("penalty", "Alice", "cheating"), id="unknown penalty kind"),
        pytest.param(("penalty", "Alice", "miscount"), id="miscount without --points"),
        pytest.param(
            ("penalty", "Alice", "trump-seven"),
            id="trump-seven where the exchange is not mandatory [000]",
        ),
        pytest.param(
            ("declare", "Alice", "terts:Qh", "50:Ks"),
            id="two declarations in one turn, multiple = false [000][002]",
        ),
        pytest.param(("declare", "Alice", "terts:8h"), id="impossible declaration"),
        pytest.param(("challenge", "Bob", "terts:Ks"), id="a challenge with nothing to answer"),
        pytest.param(("deal",), id="a deal while one is open"),
        pytest.param(
            ("claim", "Alice", "--tricks", "0", "--card-points", "0"),
            id="claim without a trick [000][002]",
        ),
        pytest.param(
            ("claim", "Alice", "--tricks", "3", "--card-points", "40"),
            id="claim short of the target",
        ),
        pytest.param(("trick", "Ah"), id="a trick of one card"),
        pytest.param(("penalty", "Alice", "false-declaration"), id="no declaration to void"),
    ],
)
def test_refused_leaves_the_file_unchanged(dealt, args):
    dealt.refused(*args)


def test_burned_declaration_may_not_be_declared_again(dealt):
    """The beaten declaration burns: that player may not declare it again [000][001]."""
    dealt.ok("declare", "Alice", "terts:Qh")
    dealt.ok("challenge", "Bob", "terts:Kc")
    r = dealt.refused("declare", "Alice", "terts:Qh")
    assert "burned" in r.stderr
    deal = dealt.sheet()["deals"][0]
    assert deal["declarations"] == {"Alice": 0, "Bob": 20}


def test_challenge_that_does_not_beat_is_refused(dealt):
    dealt.ok("declare", "Alice", "terts:Qh")
    r = dealt.refused("challenge", "Bob", "terts:Jc")
    assert "does not beat" in r.stderr


@pytest.mark.parametrize(
    ("rules", "declared", "challenger", "stands"),
    [
        pytest.param(
            "classic", "50:Qs", "105:Jh", False, id="any-higher: a hundred beats a fifty [000]"
        ),
        pytest.param(
            "book", "50:Qs", "105:Jh", True, id="same-class: a hundred may not beat a fifty [001]"
        ),
        pytest.param("book", "50:Qs", "50:Kh", False, id="same-class: a higher fifty beats [001]"),
        pytest.param(
            "book", "50:10s", "4J", False, id="same-class: four jacks beat anything [001]"
        ),
        pytest.param("classic", "105:Jh", "4A", False, id="classic: four aces beat a 105 [000]"),
        pytest.param("book", "105:Jh", "4A", True, id="book: a 105 beats four aces [001]"),
    ],
)
def test_challenge_scope(terts, rules, declared, challenger, stands):
    start(terts, rules=rules)
    terts.ok("deal", "--trump", "c", QUICK)
    terts.ok("declare", "Alice", declared)
    if stands:
        terts.refused("challenge", "Bob", challenger)
    else:
        terts.ok("challenge", "Bob", challenger)
        deal = terts.sheet()["deals"][0]
        assert deal["declarations"]["Alice"] == 0
        assert deal["declarations"]["Bob"] > 0


def test_new_refuses_to_overwrite(terts):
    start(terts)
    terts.refused("new", "Carl", "Dora")
    terts.ok("new", "Carl", "Dora", "--force")
    assert terts.sheet()["players"] == ["Carl", "Dora"]


def test_game_over_refuses_further_events(dealt):
    dealt.ok("penalty", "Bob", "out-of-turn-draw")
    sheet = dealt.sheet()
    assert sheet["finished"] and sheet["winner"] == "Alice"
    dealt.refused("declare", "Alice", "terts:Qh")
    dealt.refused("deal")


# --- penalties --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kind",
    [
        pytest.param("out-of-turn-draw", id="чужой подъём loses the game [000][001][004]"),
        pytest.param("wrong-hand-size", id="a card too many or too few loses [000][001][004]"),
        pytest.param("draw-before-break", id="drawing before the break loses [000]"),
    ],
)
def test_offences_that_lose_the_game(dealt, kind):
    dealt.ok("penalty", "Alice", kind)
    sheet = dealt.sheet()
    assert sheet["winner"] == "Bob"


def test_miscount_goes_to_the_opponent(dealt):
    """The amount miswritten is taken from the offender and given to the opponent [000][001]."""
    dealt.ok("score", "70", "--by", "Alice", "--last-trick", "Bob")
    dealt.ok("penalty", "Alice", "miscount", "--points", "10")
    deal = dealt.sheet()["deals"][0]
    assert deal["penalties"] == {"Alice": -10, "Bob": 10}
    assert deal["points"] == {"Alice": 60, "Bob": 90}


def test_empty_challenge_goes_uphill(dealt):
    """Asking «Рост?» with nothing to show: house 20 uphill [000] rule 6."""
    dealt.ok("declare", "Alice", "terts:Qs")
    dealt.ok("ask", "Bob")
    dealt.ok("penalty", "Bob", "empty-challenge")
    assert dealt.sheet()["uphill"]["Bob"] == 20


def test_renege_in_quick_mode_gives_the_deal(dealt):
    """House rule: a renege gives the opponent all 150 card points (penalties.renege)."""
    dealt.ok("penalty", "Bob", "renege")
    dealt.ok("score", "70", "--by", "Alice", "--last-trick", "Bob")
    assert dealt.sheet()["deals"][0]["card_points"] == {"Alice": 150, "Bob": 0}


@pytest.mark.parametrize(
    ("rules", "first", "second", "lowering"),
    [
        pytest.param(
            "classic",
            "50:Qh",
            "terts:Jh",
            True,
            id="suit: any lower run in that suit costs its value [000]",
        ),
        pytest.param(
            "classic", "50:Qh", "terts:Kc", False, id="suit: another suit is no lowering [000]"
        ),
        pytest.param(
            "book",
            "50:Qh",
            "terts:Jh",
            "refused",
            id="subset: a run inside a scored one is lowering, refused under book [001]",
        ),
        pytest.param(
            "book",
            "50:Kh",
            "terts:Jh",
            False,
            id="subset: a newly drawn card opens new runs (J 10 9 after K Q J 10) [001]",
        ),
    ],
)
def test_lowering(terts, rules, first, second, lowering):
    start(terts, rules=rules)
    terts.ok("deal", "--trump", "s", QUICK)
    terts.ok("declare", "Alice", first)
    if lowering == "refused":  # declarations.lowering_penalty = "refuse": «нельзя» [001]
        r = terts.refused("declare", "Alice", second)
        assert "lowers 50:Q♥, already written (event 2)" in r.stderr, r.stderr
        assert [d["status"] for d in terts.sheet()["deals"][0]["declared"]] == ["scored"]
        return
    r = terts.ok("declare", "Alice", second)
    deal = terts.sheet()["deals"][0]
    statuses = [d["status"] for d in deal["declared"]]
    if lowering:
        assert statuses == ["scored", "lowering"]
        assert "lowering" in r.stdout
        assert deal["declarations"]["Alice"] == deal["declared"][0]["points"] - 20
    else:
        assert statuses == ["scored", "scored"]


def test_multiple_declarations_per_turn(terts):
    """multi: several per turn; runs may not share a card, a four may [000][004]."""
    start(terts, rules="multi")
    terts.ok("deal", "--trump", "c")
    terts.refused("declare", "Alice", "terts:Kc", "terts:Jc")
    terts.ok("declare", "Alice", "terts:Kc", "terts:10c")
    assert terts.sheet()["deals"][0]["declarations"]["Alice"] == 40


def test_marriage_goes_alongside(dealt):
    dealt.ok("declare", "Alice", "terts:10h", "marriage")
    assert dealt.sheet()["deals"][0]["declarations"]["Alice"] == 40


def test_marriage_of_a_plain_suit_refused_under_trump(dealt):
    dealt.refused("declare", "Alice", "marriage:♠")


# --- claims -----------------------------------------------------------------------------------


def test_claim_in_quick_mode(terts):
    start(terts, rules="short")
    terts.ok("deal", "--trump", "h", QUICK)
    terts.ok("declare", "Alice", "4J")
    terts.ok("score", "70", "--by", "Alice", "--last-trick", "Bob")  # Alice 270
    terts.ok("deal", "--trump", "s", QUICK)
    terts.refused("claim", "Alice", "--tricks", "0", "--card-points", "40")
    terts.refused("claim", "Alice", "--tricks", "2", "--card-points", "20")  # 290 < 301
    terts.ok("claim", "Alice", "--tricks", "2", "--card-points", "36")  # 270 + 40
    sheet = terts.sheet()
    assert sheet["winner"] == "Alice" and sheet["finished"]


# --- what-if, log, undo -----------------------------------------------------------------------


def test_sheet_as_other_rules_leaves_the_file(dealt):
    dealt.ok("declare", "Alice", "106:Qh")
    dealt.ok("score", "45", "--by", "Alice", "--last-trick", "Bob")
    before = dealt.game.read_bytes()
    classic = dealt.sheet()
    exact = dealt.ok("sheet", "--json", "--as", "exact").json()
    assert classic["deals"][0]["points"]["Alice"] == 140  # 45 + 100 = 145 -> 140
    assert exact["deals"][0]["points"]["Alice"] == 45 + 106
    assert exact["rules"] == "exact"
    assert dealt.game.read_bytes() == before


def test_log_and_undo(dealt):
    dealt.ok("declare", "Alice", "terts:Qh")
    log = dealt.ok("log", "--json").json()["events"]
    assert [e["type"] for e in log] == ["deal", "declare"]
    assert log[1]["declarations"] == [
        {"kind": "sequence", "length": 3, "top": "Q", "suit": "hearts", "points": 20}
    ]
    r = dealt.ok("undo")
    assert "event 2" in r.stdout
    assert len(dealt.ok("log", "--json").json()["events"]) == 1


def test_undo_with_nothing_refused(terts):
    start(terts)
    terts.refused("undo")


# --- the game file ----------------------------------------------------------------------------


def test_game_file_is_toml_with_format_rules_and_events(dealt):
    doc = tomllib.loads(dealt.game.read_text(encoding="utf-8"))
    assert doc["format"] == 4  # a game with an id (storage.ID_FORMAT)
    assert is_game_id(doc["id"])
    assert doc["rules"]["name"] == "classic"
    assert doc["rules"]["scoring"]["rounding"] == "half-down"
    at = doc["events"][0].pop("at")  # the time each event was entered
    assert doc["events"] == [{"type": "deal", "trump": "hearts"}]
    assert at.tzinfo is not None and doc["started"] <= at


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


@pytest.mark.parametrize(
    ("content", "words"),
    [
        pytest.param(b"format = 1\nplayers = [", "corrupt", id="not TOML"),
        pytest.param(b"players = ['a', 'b']\n", "corrupt", id="no format"),
        pytest.param(b"format = 99\n", "newer", id="a newer format"),
    ],
)
def test_corrupt_file_reported_and_never_overwritten(terts, content, words):
    terts.game.write_bytes(content)
    for args in (("sheet",), ("declare", "A", "terts:Qh"), ("deal",), ("undo",)):
        r = terts.refused(*args)
        assert words in r.stderr
    assert terts.game.read_bytes() == content


def test_missing_file_reported(terts):
    r = terts.refused("sheet")
    assert "not found" in r.stderr and "terts new" in r.stderr


# --- names and Russian ------------------------------------------------------------------------


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


# --- concurrency ------------------------------------------------------------------------------


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


def test_challenge_sharing_a_card_is_refused(dealt):
    """Two players cannot hold one card: a challenge sharing one with the declaration is refused."""
    dealt.ok("declare", "Alice", "terts:Qh")
    r = dealt.refused("challenge", "Bob", "50:Kh")
    assert "Q♥" in r.stderr and "false" in r.stderr


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


def test_quick_game_makes_every_deal_quick(terts):
    """`terts new --quick`: deals are quick unless `deal --tricks`; each deal records its mode."""
    terts.ok("new", "Alice", "Bob", "--quick")
    terts.ok("deal", "--trump", "h")
    terts.ok("declare", "Bob", "4J")  # the dealer, before any trick: not timed in quick mode
    terts.ok("score", "54", "--by", "Bob", "--last-trick", "Alice")
    terts.ok("deal", "--tricks", "--trump", "s")
    assert terts.status()["quick"] is False
    assert terts.status()["dealer"] == "Alice"  # she took the last trick of deal 1
    terts.refused("declare", "Alice", "terts:Qh")  # the dealer, before trick 1: timed again
