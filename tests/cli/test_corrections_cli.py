"""Corrections through the CLI: ``--replace N`` / ``--before N`` on the recording
commands, ``terts drop N``, ``undo`` in the trail, ``log --all``; refusals are one line, exit 2,
the file byte-identical (the ``terts.refused`` fixture checks all three)."""

from __future__ import annotations

from datetime import datetime

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from terts_referee.game.storage import read_game, write_game
from tests.game.test_corrections import games
from tests.helpers import rewrite_as_format_1


@pytest.fixture
def played(terts):
    """Two quick deals: Боря's 50:K♠ beaten by Аня's 105:J♦ at event 6."""
    terts.ok("new", "Аня", "Боря", "--quick")
    terts.ok("deal", "--trump", "ч")  # 1
    terts.ok("declare", "Аня", "терц:Дч")  # 2
    terts.ok("score", "54", "--by", "Боря", "--last-trick", "Аня")  # 3
    terts.ok("deal", "--trump", "п")  # 4
    terts.ok("declare", "Боря", "50:Кп")  # 5
    terts.ok("challenge", "Аня", "105:Вб")  # 6
    terts.ok("score", "71", "--by", "Аня", "--last-trick", "Боря")  # 7
    return terts


def test_replace_fixes_a_count_and_says_what_changed(played):
    out = played.ok("score", "64", "--by", "Боря", "--last-trick", "Аня", "--replace", "3").stdout
    assert out.splitlines() == [
        "event 3 replaced: Боря counts 54; last trick Аня → Боря counts 64; last trick Аня",
        "  deal 1: points Аня 120 → 110, Боря 50 → 60; totals Аня 120 → 110, Боря 50 → 60",
        "  deal 2: totals Аня 290 → 280, Боря 130 → 140",
    ]
    assert played.sheet()["totals"] == {"Аня": 280, "Боря": 140}


def test_replace_json_gives_the_correction_and_the_changes(played):
    data = played.ok(
        "score", "64", "--by", "Боря", "--last-trick", "Аня", "--replace", "3", "--json"
    ).json()
    assert data["correction"]["action"] == "replace" and data["correction"]["number"] == 3
    assert data["correction"]["old"]["points"] == 54 and data["correction"]["new"]["points"] == 64
    assert [d["number"] for d in data["changes"]["deals"]] == [1, 2]
    assert data["changes"]["deals"][0]["points"] == {
        "before": {"Аня": 120, "Боря": 50},
        "after": {"Аня": 110, "Боря": 60},
    }
    assert data["totals"] == {"Аня": 280, "Боря": 140} and data["winner"] is None


def test_before_inserts_a_forgotten_marriage_into_its_deal(played):
    out = played.ok("declare", "Боря", "марьяж", "--before", "7").stdout
    assert out.startswith("inserted as event 7: Боря declares marriage")
    assert out.splitlines()[1:] == [
        "  deal 2: points Аня 170 → 170, Боря 80 → 100; totals Аня 290 → 290, Боря 130 → 150"
    ]
    log = played.ok("log", "--json").json()["events"]
    assert [e["type"] for e in log] == [
        "deal", "declare", "score", "deal", "declare", "challenge", "declare", "score"
    ]  # fmt: skip
    assert played.sheet()["deals"][1]["declarations"]["Боря"] > 0


def test_drop_of_a_declaration_a_challenge_beat_is_refused_naming_the_challenge(played):
    r = played.refused("drop", "5")
    assert r.stderr == (
        "terts: error: event 6, Аня's challenge, no longer holds: a challenge answers the "
        "opponent's declaration made just before it: there is none to beat now; the correction "
        "is refused\n"
    )


def test_drop_of_a_deals_opening_event_is_refused_while_its_events_stand(played):
    r = played.refused("drop", "4")
    assert "event 4 opens a deal whose events 5-7 still stand" in r.stderr


def test_dropping_an_empty_deal_says_it_is_gone(played):
    played.ok("deal", "--trump", "б")  # 8: deal 3, nothing in it yet
    out = played.ok("drop", "8").stdout
    assert out.splitlines() == ["event 8 removed: deal, trump ♦, quick", "  deal 3: gone"]
    played.ok("deal", "--trump", "т")  # 8 again
    data = played.ok("drop", "8", "--json").json()
    assert data["correction"]["action"] == "drop" and data["correction"]["new"] is None
    assert data["correction"]["old"]["trump"] == "clubs"
    assert data["changes"]["deals"] == [
        {
            "number": 3,
            "points": {"before": {}, "after": None},
            # an open deal's running totals are the totals so far, not nothing
            "totals": {"before": {"Аня": 290, "Боря": 130}, "after": None},
        }
    ]
    data = played.ok("undo", "--json").json()  # now the count of deal 2
    assert data["removed"]["number"] == 7 and data["removed"]["type"] == "score"


def test_a_correction_whose_own_event_is_refused(played):
    r = played.refused("score", "200", "--by", "Боря", "--last-trick", "Аня", "--replace", "3")
    assert "event 3 cannot be replaced by this: " in r.stderr
    r = played.refused("challenge", "Боря", "50:Кп", "--before", "2")
    assert "this cannot go before event 2: " in r.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("drop", "99"), "there is no event 99 to drop: expected a number from 1 to 7"),
        (("drop", "0"), "there is no event 0 to drop"),
        (("drop", "-1"), "there is no event -1 to drop"),
        (("score", "80", "--by", "А", "--last-trick", "А", "--replace", "8"), "no event 8 to"),
        (("declare", "Аня", "марьяж", "--before", "8"), "record without --before"),
        (
            ("score", "80", "--by", "А", "--last-trick", "А", "--replace", "3", "--before", "3"),
            "--replace and --before cannot be used together",
        ),
    ],
)
def test_numbers_out_of_range_are_refused(played, args, message):
    assert message in played.refused(*args).stderr


def test_a_refusal_in_russian(played):
    r = played.refused("--lang", "ru", "drop", "5")
    assert "событие 6 («не годится», Аня) — больше не проходит: " in r.stderr


def test_log_all_adds_the_trail_with_old_and_new_events_and_times(played):
    played.ok("score", "64", "--by", "Боря", "--last-trick", "Аня", "--replace", "3")
    played.ok("declare", "Боря", "марьяж", "--before", "7")
    played.ok("undo")
    data = played.ok("log", "--json", "--all").json()
    assert all(e["at"] for e in data["events"]) and len(data["events"]) == 7
    trail = data["corrections"]
    assert [(c["action"], c["number"]) for c in trail] == [
        ("replace", 3),
        ("insert", 7),
        ("drop", 8),
    ]
    assert set(trail[0]) == {"action", "number", "old", "new", "at"}
    assert trail[0]["old"]["points"] == 54 and trail[0]["new"]["points"] == 64
    assert trail[0]["old"]["at"] == data["events"][2]["at"]  # the replacement keeps its time
    assert trail[1]["old"] is None and trail[1]["new"]["combos"] == ["marriage:♠"]
    assert trail[2]["new"] is None and trail[2]["old"]["type"] == "score"
    assert all(datetime.fromisoformat(c["at"]).utcoffset() is not None for c in trail)
    assert "corrections" not in played.ok("log", "--json").json()
    corrected = [e["number"] for e in data["events"] if "corrected" in e]
    assert corrected == [3, 7]  # the replaced count and the inserted marriage
    assert data["events"][2]["corrected"] == trail[0]["at"]
    human = played.ok("log", "--all").stdout
    assert "corrections" in human and "replace 3" in human and "drop 8" in human


def test_the_journal_is_never_rewritten(played):
    before = read_game(played.game)["events"]
    played.ok("score", "64", "--by", "Боря", "--last-trick", "Аня", "--replace", "3")
    played.ok("drop", "7")
    played.ok("undo")
    doc = read_game(played.game)
    assert doc["events"] == before and doc["format"] == 4  # an id and corrections
    assert [c["action"] for c in doc["corrections"]] == ["replace", "drop", "drop"]


def test_a_false_declaration_penalty_inserted_names_events_as_the_log_shows(terts):
    terts.ok("new", "Аня", "Боря", "--quick")
    terts.ok("deal", "--trump", "ч")  # 1
    terts.ok("declare", "Боря", "50:Кп")  # 2
    terts.ok("declare", "Аня", "терц:Дч")  # 3
    terts.ok("score", "54", "--by", "Боря", "--last-trick", "Аня")  # 4
    terts.ok("penalty", "Боря", "false-declaration", "--event", "2", "--before", "3")
    log = terts.ok("log", "--json").json()["events"]
    assert log[2]["type"] == "penalty" and log[2]["event"] == 2
    terts.ok("declare", "Аня", "марьяж", "--before", "2")  # the penalty's event moves to 3
    assert terts.ok("log", "--json").json()["events"][3]["event"] == 3
    r = terts.refused("drop", "3")
    assert "event 4, Боря's penalty, no longer holds: it names event 3" in r.stderr


def test_a_refused_correction_leaves_a_format_1_file_as_it_was(played):
    rewrite_as_format_1(played.game)
    played.refused("drop", "5")
    played.ok("drop", "7")  # a correction that holds is recorded: the file becomes format 3
    assert read_game(played.game)["format"] == 3


def test_an_inserted_event_is_read_against_the_deal_at_its_place(played):
    """A marriage with the trump implied takes the trump of the deal it goes into (♥, deal 1),
    not the one open now."""
    played.ok("deal", "--trump", "б")  # 8: deal 3, diamonds
    played.ok("declare", "Аня", "марьяж", "--before", "3")  # her terts from Q♥ holds the queen
    assert played.ok("log", "--json").json()["events"][2]["combos"] == ["marriage:♥"]
    assert played.sheet()["deals"][0]["declarations"]["Аня"] == 40


def test_every_recording_command_takes_replace_and_before(terts):
    for command in ("deal", "declare", "challenge", "trick", "exchange", "score", "penalty"):
        out = terts.ok(command, "--help").stdout
        assert "--replace" in out and "--before" in out, command
    assert "--replace" in terts.ok("claim", "--help").stdout


# --- property: through the command line, a refused correction changes nothing -----------------

ARGVS = st.one_of(
    st.tuples(st.just("drop"), st.integers(-1, 40).map(str)),
    st.tuples(
        st.just("score"),
        st.integers(0, 160).map(str),
        st.just("--by"),
        st.sampled_from(["Аня", "Боря"]),
        st.just("--last-trick"),
        st.sampled_from(["Аня", "Боря"]),
        st.sampled_from(["--replace", "--before"]),
        st.integers(0, 40).map(str),
    ),
    st.tuples(
        st.just("declare"),
        st.sampled_from(["Аня", "Боря"]),
        st.sampled_from(["марьяж", "терц:Дч", "50:Кп", "4К", "105:Вб"]),
        st.sampled_from(["--replace", "--before"]),
        st.integers(0, 40).map(str),
    ),
    st.tuples(
        st.just("challenge"),
        st.sampled_from(["Аня", "Боря"]),
        st.sampled_from(["терц:Тп", "50:Тб", "105:Вб"]),
        st.sampled_from(["--replace", "--before"]),
        st.integers(0, 40).map(str),
    ),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(), ARGVS)
def test_a_refused_correction_on_the_command_line_leaves_the_file_byte_identical(
    tmp_path_factory, game, argv
):
    import contextlib
    import io

    from terts_referee.cli import main

    path = tmp_path_factory.mktemp("cli") / "g.toml"
    write_game(path, game.to_doc())
    before = path.read_bytes()
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([*argv, "--game", str(path)])
    assert code in (0, 2), err.getvalue()
    if code == 2:
        assert path.read_bytes() == before
        assert err.getvalue().count("\n") == 1 and "Traceback" not in err.getvalue()
    else:
        assert read_game(path)["corrections"][-1]["action"] in ("replace", "insert", "drop")
