"""`terts serve` and the commands of late deals and mistakes: `ask`, `trump` and the corrections.

Each action from the page leaves the same game file as the same command typed on the CLI (times
aside), answers with the CLI's output (what changed on the sheet) or its one-line refusal (the
file byte-for-byte unchanged), and a malformed correction gets a 400 before any command runs.
"""

from __future__ import annotations

import pytest

from tests.helpers import untimed
from tests.serve_helpers import cli_refusal, request, running, same_as_cli

# (the action and its JSON body, the same command on the CLI): run in order on two files.
# Events: 1 deal ♥, 2 score, 3 deal (no trump), 4 trump, 5 score, 6 deal ♠, 7 declare, 8 ask.
STEPS = [
    ("deal", {"trump": "7ч", "quick": True}, ["deal", "--trump", "7ч", "--quick"]),
    (
        "score",
        {"points": 54, "by": "Аня", "last_trick": "Боря"},
        ["score", "54", "--by", "Аня", "--last-trick", "Боря"],
    ),
    ("deal", {}, ["deal"]),
    ("trump", {"trump": "б"}, ["trump", "б"]),
    ("trump", {"trump": "п"}, ["trump", "п"]),  # refused: the deal has its trump
    (
        "score",
        {"points": 70, "by": "Боря", "last_trick": "Аня"},
        ["score", "70", "--by", "Боря", "--last-trick", "Аня"],
    ),
    ("deal", {"trump": "♠"}, ["deal", "--trump", "♠"]),
    ("ask", {"player": "Боря"}, ["ask", "Боря"]),  # refused: nothing to ask about
    ("declare", {"player": "Аня", "combos": ["терц:Дп"]}, ["declare", "Аня", "терц:Дп"]),
    ("ask", {"player": "Боря"}, ["ask", "Боря"]),
    # the miscount of deal 1, two deals back: 64, not 54
    (
        "score",
        {"points": 64, "by": "Аня", "last_trick": "Боря", "replace": 2},
        ["score", "64", "--by", "Аня", "--last-trick", "Боря", "--replace", "2"],
    ),
    # a forgotten marriage in deal 1, before its count
    (
        "declare",
        {"player": "Боря", "combos": ["марьяж"], "before": 2},
        ["declare", "Боря", "марьяж", "--before", "2"],
    ),
    # refused: event 1 opens a deal whose events stand
    ("drop", {"number": 1}, ["drop", "1"]),
    # refused: no event 40
    (
        "score",
        {"points": 10, "by": "Аня", "last_trick": "Боря", "replace": 40},
        ["score", "10", "--by", "Аня", "--last-trick", "Боря", "--replace", "40"],
    ),
    ("drop", {"number": 2}, ["drop", "2"]),  # the marriage again
    ("trump", {"trump": "ч", "replace": 4}, ["trump", "ч", "--replace", "4"]),
    (
        "ask",
        {"player": "Аня", "replace": 8},
        ["ask", "Аня", "--replace", "8"],
    ),  # refused: Аня declared
    ("drop", {"number": 8}, ["drop", "8"]),  # the question
]


def test_ask_trump_and_corrections_give_the_cli_s_game_file(two_games):
    terts, served = two_games
    outcomes = []
    with running(served) as server:
        for action, body, argv in STEPS:
            code, data = same_as_cli(server, served, terts, action, body, argv)
            assert "\n" not in data.get("error", "")
            outcomes.append((action, code))
    refused = [i for i, (_, code) in enumerate(outcomes) if code]
    assert refused == [4, 7, 12, 13, 16], outcomes
    trail = [c["action"] for c in untimed(served)["corrections"]]
    assert trail == ["replace", "insert", "drop", "replace", "drop"]


def test_a_correction_answers_with_what_changed_on_the_sheet(two_games):
    terts, served = two_games
    terts.ok("deal", "--trump", "7ч")
    terts.ok("score", "54", "--by", "Аня", "--last-trick", "Боря")
    terts.ok("deal", "--trump", "♠")
    served.write_bytes(terts.game.read_bytes())
    with running(served) as server:
        body = {"points": 64, "by": "Аня", "last_trick": "Боря", "replace": 2}
        reply = request(server, "POST", "api/score", body)
        state = request(server, "GET", "api/state").json()
    message = reply.json()["message"]
    assert reply.status == 200 and message.startswith("event 2 replaced")
    assert "deal 1: points" in message
    assert [e["number"] for e in state["log"]["events"] if e.get("corrected")] == [2]
    assert state["sheet"]["deals"][0]["points"]["Аня"] == 60  # 64 counted, was 54


def test_a_refused_correction_in_russian_is_the_cli_s_line(two_games):
    terts, served = two_games
    terts.ok("deal", "--trump", "7ч")
    terts.ok("declare", "Аня", "терц:Дч")
    terts.ok("challenge", "Боря", "50:Кп")
    served.write_bytes(terts.game.read_bytes())
    before = served.read_bytes()
    with running(served, lang="ru") as server:
        reply = request(server, "POST", "api/drop", {"number": 2})
    cli = terts("--lang", "ru", "drop", "2")
    assert cli.code == 2 and reply.status == 422
    assert reply.json()["error"] == cli_refusal(cli.stderr)
    assert "событие 3 («не годится», Боря)" in reply.json()["error"]
    assert served.read_bytes() == before


BAD = [
    ("score", {"replace": 0}, "'replace' of score must be an event number from 1 to"),
    ("score", {"replace": -3}, "'replace' of score must be an event number"),
    ("score", {"replace": "2"}, "'replace' of score must be an event number"),
    ("score", {"replace": 2.0}, "'replace' of score must be an event number"),
    ("score", {"replace": True}, "'replace' of score must be an event number"),
    ("score", {"replace": 10**9}, "'replace' of score must be an event number"),
    ("score", {"before": [2]}, "'before' of score must be an event number"),
    ("score", {"replace": 2, "before": 2}, "score takes 'replace' or 'before', not both"),
    ("drop", {}, "drop needs the field 'number'"),
    ("drop", {"number": 0}, "'number' of drop must be an event number"),
    ("drop", {"number": "1"}, "'number' of drop must be an event number"),
    ("drop", {"number": 1, "replace": 1}, "unknown field 'replace' for drop"),
    ("undo", {"replace": 1}, "unknown field 'replace' for undo"),
    ("new", {"players": ["a", "b"], "before": 1}, "unknown field 'before' for new"),
]


@pytest.mark.parametrize(("action", "extra", "fragment"), BAD)
def test_a_bad_correction_gets_400(two_games, action, extra, fragment):
    terts, served = two_games
    terts.ok("deal", "--trump", "7ч")
    terts.ok("score", "54", "--by", "Аня", "--last-trick", "Боря")
    served.write_bytes(terts.game.read_bytes())
    before = served.read_bytes()
    body = {"points": 64, "by": "Аня", "last_trick": "Боря"} if action == "score" else {}
    body.update(extra)
    with running(served) as server:
        reply = request(server, "POST", f"api/{action}", body)
    assert reply.status == 400, reply.body
    message = reply.json()["error"]
    assert fragment in message and "\n" not in message
    assert served.read_bytes() == before


def test_every_recording_action_takes_a_correction():
    from terts_referee.game.requests import REQUESTS
    from terts_referee.web import fields

    for action in REQUESTS:
        names = [f.name for f in fields.ACTIONS[action]]
        assert names[-2:] == ["replace", "before"], action
    assert "replace" not in [f.name for f in fields.ACTIONS["undo"]]
