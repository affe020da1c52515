"""``terts check …`` (the contract): settle a dispute without a game file, and refuse bad input with
exit code 2 and one line on stderr.

In-process runs go through the ``terts`` fixture (conftest.py: ``terts_referee.cli.main`` with
captured output, in a temp directory); a few run the real entry point,
``python -m terts_referee``, in a subprocess.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from terts_referee.domain.rules import bundled_names
from tests.helpers import assert_refused


def ok_json(result) -> dict:
    assert result.code == 0, result.stderr
    return json.loads(result.stdout)


# --- bad input: exit 2, one line naming the problem and what is accepted ----------------------

BAD_INPUT = [
    pytest.param(
        ["check", "hand", "6h", "--trump", "s"],
        ["6h", "'6'", "A K Q J 10"],
        id="hand 6h: no sixes; the ranks accepted",
    ),
    pytest.param(
        ["check", "hand", "Qx", "--trump", "s"],
        ["Qx", "'x'", "spades clubs diamonds hearts"],
        id="hand Qx: unknown suit; the suits accepted",
    ),
    pytest.param(
        ["check", "compare", "terts:8h", "4A", "--trump", "s"],
        ["terts:8h", "9, 10, J, Q, K, A"],
        id="compare terts:8h: no terts tops at 8; the tops accepted",
    ),
    pytest.param(
        ["check", "compare", "106:Jh", "4A", "--trump", "s"],
        ["106:Jh", "Q, K, A"],
        id="compare 106:Jh: a 106 tops at Q K A",
    ),
    pytest.param(
        ["check", "compare", "Qh,Jh,9h", "4A", "--trump", "s"],
        ["not in sequence", "missing 10", "A K Q J 10 9 8 7"],
        id="compare Qh,Jh,9h: not in sequence",
    ),
    pytest.param(
        ["check", "compare", "quint:Qh", "4A", "--trump", "s"],
        ["quint", "terts:Q♥"],
        id="compare: unknown class; the COMBO forms accepted",
    ),
    pytest.param(
        ["check", "compare", "marriage:♠", "4A", "--trump", "h"],
        ["marriage", "declarations.marriage"],
        id="compare: a plain marriage under marriage = trump",
    ),
    pytest.param(
        ["check", "hand", "Qh", "--trump", "x"],
        ["'x'", "a suit"],
        id="--trump x: neither a card nor a suit",
    ),
    pytest.param(
        ["check", "hand", "Qh", "Qh", "--trump", "s"],
        ["Q♥", "twice"],
        id="hand: a card listed twice",
    ),
    pytest.param(
        ["check", "hand", "A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ A♥ K♥", "--trump", "s"],
        ["9 cards", "10"],
        id="hand: at most 9 cards",
    ),
    pytest.param(
        ["check", "hand", "Qh", "--trump", "s", "--rules", "clasic"],
        ["clasic", "classic"],
        id="--rules: unknown ruleset; the bundled names",
    ),
    pytest.param(
        ["check", "trick", "Ah", "--trump", "s"],
        ["two cards"],
        id="trick: two cards",
    ),
    pytest.param(
        ["check", "trick", "Ah", "6s", "--trump", "s"],
        ["6s", "'6'"],
        id="trick: a bad card",
    ),
    pytest.param(
        ["check", "legal", "--hand", "Ah 7s", "--lead", "Ah", "--trump", "s"],
        ["A♥", "led"],
        id="legal: the led card in the follower's hand",
    ),
    pytest.param(
        ["check", "legal", "--hand", "", "--lead", "Ah", "--trump", "s"],
        ["empty"],
        id="legal: an empty hand",
    ),
    pytest.param(
        ["check", "hand", "Qh"],
        ["--trump"],
        id="usage: --trump is required",
    ),
    pytest.param(
        ["check", "hand", "Qh", "--trump", "s", "--turns", "many"],
        ["--turns", "many"],
        id="usage: --turns is a number",
    ),
]


@pytest.mark.parametrize(("argv", "named"), BAD_INPUT)
def test_bad_input_exits_2_with_one_line(terts, argv, named):
    line = assert_refused(terts(*argv), *named)
    assert line.startswith("terts: error: ")


def test_bad_ruleset_file_exits_2_with_one_line(terts, tmp_path):
    """A ruleset file with the typo ``rouding``: the file, the key and the allowed keys."""
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "bad"\n[scoring]\nrouding = "none"\n', encoding="utf-8")
    assert_refused(
        terts("rules", "check", str(bad)), "bad.toml", "scoring.rouding", "scoring.rounding"
    )
    assert_refused(
        terts("check", "hand", "Qh", "--trump", "s", "--rules", str(bad)),
        "bad.toml",
        "scoring.rouding",
    )


def run_terts(*argv: str, cwd) -> subprocess.CompletedProcess:
    env = {**os.environ, "NO_COLOR": "1", "TERTS_LANG": "en", "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [sys.executable, "-m", "terts_referee", *argv],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=cwd,
        env=env,
        timeout=60,
    )


class Completed:
    def __init__(self, proc: subprocess.CompletedProcess):
        self.code, self.stdout, self.stderr = proc.returncode, proc.stdout, proc.stderr


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        pytest.param(["check", "hand", "6h", "--trump", "s"], ["'6'"], id="terts check hand 6h"),
        pytest.param(
            ["check", "compare", "terts:8h", "4A", "--trump", "s"],
            ["terts:8h"],
            id="terts check compare terts:8h 4A",
        ),
        pytest.param(["rules", "check", "bad.toml"], ["scoring.rouding"], id="rules check bad"),
    ],
)
def test_bad_input_through_the_real_entry_point(tmp_path, argv, named):
    (tmp_path / "bad.toml").write_text('[scoring]\nrouding = "none"\n', encoding="utf-8")
    assert_refused(Completed(run_terts(*argv, cwd=tmp_path)), *named)


def test_json_through_the_real_entry_point(tmp_path):
    proc = run_terts("check", "compare", "105:Jd", "4A", "--trump", "h", "--json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["winner"] == "second"
    assert proc.stderr == ""


# --- check hand -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("extra", "points"),
    [
        pytest.param(["--turns", "10"], 530, id="Q J 10 9 8 7 ♥ over 10 turns: 530 [000] §4.3"),
        pytest.param([], 490, id="over the default 8 turns: 490"),
        pytest.param(["--turns", "10", "--rules", "exact"], 546, id="exact: 106 scores 106"),
    ],
)
def test_check_hand_rules_example(terts, extra, points):
    data = ok_json(
        terts("check", "hand", "Qh", "Jh", "10h", "9h", "8h", "7h", "-t", "s", *extra, "--json")
    )
    assert {"declarations", "best_order", "best_points"} <= set(data)
    assert data["best_points"] == points
    assert len(data["declarations"]) == 10
    assert sum(d["points"] for d in data["best_order"]) == points


def test_check_hand_human_output(terts):
    r = terts("check", "hand", "Дч", "Вч", "10ч", "9ч", "8ч", "7ч", "--trump", "п", "--turns", "10")
    assert r.code == 0, r.stderr
    assert "530" in r.stdout
    assert r.stderr == ""


def test_check_hand_json_shape(terts):
    data = ok_json(terts("check", "hand", "Kh Qh Jh Js Jd Jc", "--trump", "h", "--json"))
    kinds = {d["kind"] for d in data["declarations"]}
    assert kinds == {"sequence", "four", "marriage"}
    for d in data["declarations"]:
        if d["kind"] == "sequence":
            assert set(d) >= {"kind", "length", "top", "suit", "points"}
            assert d["suit"] in ("spades", "clubs", "diamonds", "hearts")
        elif d["kind"] == "four":
            assert d == {**d, "kind": "four", "rank": "J", "points": 200}
        else:
            assert d == {**d, "kind": "marriage", "suit": "hearts", "points": 20}
    assert data["best_points"] == 20 + 200 + 20


def test_check_hand_nothing(terts):
    data = ok_json(terts("check", "hand", "7h 9s Jd", "--trump", "h", "--json"))
    assert data["declarations"] == [] and data["best_points"] == 0
    assert terts("check", "hand", "7h 9s Jd", "--trump", "h").code == 0


# --- check compare ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", bundled_names())
@pytest.mark.parametrize(
    ("first", "second", "trump", "winners"),
    [
        pytest.param(
            "105:J♦", "4A", "h", {"book": "first", "*": "second"}, id="105 vs 4A: fours_rank"
        ),
        pytest.param(
            "50:K♥", "105:J♦", "s", {"book": "first", "*": "second"}, id="fifty vs 105: challenge"
        ),
        pytest.param("terts:A♠", "terts:A♥", "s", {"*": "first"}, id="a trump ace terts stands"),
        pytest.param("terts:Q♥", "terts:Q♣", "s", {"*": "first"}, id="equal plain: the declarer"),
        pytest.param("терц:Дч", "терц:Дп", "п", {"*": "second"}, id="same top: the trump one"),
        pytest.param("marriage", "4J", "h", {"*": "neither"}, id="marriage: neither"),
        pytest.param("4A", "4J", "h", {"*": "second"}, id="four jacks beat four aces"),
    ],
)
def test_check_compare_json(terts, name, first, second, trump, winners):
    argv = ["check", "compare", first, second, "--trump", trump, "--rules", name, "--json"]
    data = ok_json(terts(*argv))
    assert {"winner", "reason"} <= set(data)
    assert data["winner"] == winners.get(name, winners["*"])
    assert isinstance(data["reason"], str) and data["reason"]


def test_check_compare_human_output(terts):
    r = terts("check", "compare", "105:J♦", "4A", "--trump", "h", "--rules", "book")
    assert r.code == 0, r.stderr
    assert "105" in r.stdout and "book" in r.stdout
    assert r.stderr == ""


# --- check trick and check legal --------------------------------------------------------------


@pytest.mark.parametrize(
    ("lead", "follow", "trump", "winner", "card"),
    [
        pytest.param("Ah", "7s", "s", "second", "7♠", id="a trump takes it [000]"),
        pytest.param("Ah", "10h", "s", "first", "A♥", id="plain: A over 10"),
        pytest.param("9s", "Js", "s", "second", "J♠", id="trump: J over 9"),
        pytest.param("7h", "Ac", "s", "first", "7♥", id="another plain suit never wins"),
        pytest.param("Тч", "9ч", "ч", "second", "9♥", id="Russian notation: trump 9 over A"),
    ],
)
def test_check_trick_json(terts, lead, follow, trump, winner, card):
    data = ok_json(terts("check", "trick", lead, follow, "--trump", trump, "--json"))
    assert data["winner"] == winner and data["card"] == card
    assert terts("check", "trick", lead, follow, "--trump", trump).code == 0


@pytest.mark.parametrize(
    ("argv", "legal"),
    [
        pytest.param(
            ["--hand", "As 9s 7h Qd", "--lead", "Ks", "--trump", "h", "--final"],
            {"A♠"},
            id="final: follow and beat [000]",
        ),
        pytest.param(
            ["--hand", "Jh 7s As", "--lead", "Kh", "--trump", "h", "--final"],
            {"J♥", "7♠", "A♠"},
            id="final: the lone trump jack withheld [000][002]",
        ),
        pytest.param(
            ["--hand", "As 9s 7h Qd", "--lead", "Ks", "--trump", "h"],
            {"A♠", "9♠", "7♥", "Q♦"},
            id="while the stock lasts, classic: any card",
        ),
        pytest.param(
            ["--hand", "As 7s 9h Qd", "--lead", "Ks", "--trump", "h", "--rules", "follow"],
            {"A♠", "7♠"},
            id="while the stock lasts, follow: follow suit [003][004]",
        ),
    ],
)
def test_check_legal_json(terts, argv, legal):
    data = ok_json(terts("check", "legal", *argv, "--json"))
    assert set(data["legal"]) == legal
    assert len(data["legal"]) == len(legal)
    assert terts("check", "legal", *argv).code == 0


FINAL_DUTY = (
    "§3, the final phase: follow suit and beat the card led when able, else a trump, "
    "else any card [000][001][002][003][004]"
)


@pytest.mark.parametrize(
    ("argv", "rules_said"),
    [
        pytest.param(
            ["--hand", "Дб 10п Дп", "--lead", "8п", "--trump", "ч", "--final"],
            [FINAL_DUTY],
            id="§3 final phase [000][001][002][003][004]: the duty decided, no jack held",
        ),
        pytest.param(
            ["--hand", "Jh 9h Qd", "--lead", "8h", "--trump", "h", "--final"],
            [FINAL_DUTY],
            id="§3: the jack held but obliged like any trump, so the jack key said nothing",
        ),
        pytest.param(
            ["--hand", "Jh 7s As", "--lead", "Kh", "--trump", "h", "--final"],
            [FINAL_DUTY, 'play.trump_jack = "may-withhold" (§3) [000][002]'],
            id="§3 play.trump_jack [000][002]: the lone trump jack withheld",
        ),
        pytest.param(
            ["--hand", "Jh 7s 10s", "--lead", "8s", "--trump", "h", "--final", "-r", "book"],
            [FINAL_DUTY, 'play.trump_jack = "free" (§3) [001][003][004]'],
            id="§3 play.trump_jack = free [001][003][004]: the jack instead of the suit",
        ),
        pytest.param(
            ["--hand", "Дб 10п Дп", "--lead", "8п", "--trump", "ч"],
            ['play.while_stock = "free" (§3) [000][001][002]'],
            id="§3 play.while_stock [000][001][002]: any card while the stock lasts",
        ),
        pytest.param(
            ["--hand", "Jh 7s 10s", "--lead", "8s", "--trump", "h", "-r", "follow"],
            [
                'play.while_stock = "follow" (§3) [003][004]',
                'play.trump_jack = "free" (§3) [001][003][004]',
            ],
            id="§3 play.while_stock = follow [003][004], and the jack that mattered",
        ),
    ],
)
def test_check_legal_names_the_rule_that_decided(terts, argv, rules_said):
    """``check legal`` prints, under the cards, the rules that decided them with their section:
    the final phase's duty or ``play.while_stock``, and ``play.trump_jack`` only when the trump
    jack in the hand changed the answer."""
    out = terts.ok("check", "legal", *argv).stdout.splitlines()
    assert [line.strip() for line in out[1:]] == rules_said


def test_check_legal_names_the_final_duty_in_russian(terts):
    out = terts.ok(
        "--lang", "ru", "check", "legal", "--hand", "Дб 10п Дп", "--lead", "8п", "--trump", "ч",
        "--final",
    ).stdout  # fmt: skip
    assert out.splitlines()[1].strip() == (
        "§3, разбор фрица: в масть и старше, если есть; нет масти — козырь; "
        "нет козыря — любая карта [000][001][002][003][004]"
    )
    assert "trump_jack" not in out


def test_compare_of_declarations_sharing_cards_ranks_them_and_warns(terts):
    """The order still holds ("four jacks beat a trump 108" [000][001]); the shared cards are
    named, since two players cannot hold them both."""
    r = terts("check", "compare", "108:A♥", "4J", "--trump", "h", "--json")
    assert r.code == 0, r.stderr
    data = r.json()
    assert data["winner"] == "second" and data["shared"] == ["J♥"]
    r = terts("check", "compare", "terts:Qh", "50:Kh", "--trump", "s")
    assert r.code == 0 and "Q♥ J♥ 10♥" in r.stdout
