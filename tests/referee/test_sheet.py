"""The running score sheet in quick mode: events recorded, replayed, never lost.

Each case names the rule and its source as the rule book (docs/rules.md) does.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from terts_referee.api import (
    AskRequest,
    ChallengeRequest,
    ClaimRequest,
    DealRequest,
    DeclareRequest,
    GameFile,
    GameFileError,
    NotationError,
    PenaltyRequest,
    RefereeError,
    Request,
    ScoreRequest,
    TrickRequest,
)
from terts_referee.game.model import is_game_id
from terts_referee.output.report.log import log_json
from terts_referee.output.report.sheet import sheet_json
from terts_referee.output.report.status import status_json
from terts_referee.referee import round_points
from tests.helpers import said


def start(tmp_path: Path, *players: str, rules: str = "classic", **kw: Any) -> GameFile:
    """A game of dealt-out deals (``terts new --tricks``)."""
    names = players or ("Alice", "Bob")
    return GameFile.create(tmp_path / "game.toml", names, rules=rules, quick=False, **kw)


def refused(file: GameFile, request: Request, kind: type[RefereeError] = RefereeError) -> str:
    """The request refused (an error of ``kind``), the file byte for byte as it was; returns the
    refusal's sentence."""
    before = file.path.read_bytes() if file.path.exists() else None
    with pytest.raises(kind) as info:
        file.record(request)
    after = file.path.read_bytes() if file.path.exists() else None
    assert after == before, "the game file changed on a refusal"
    return said(info.value)


def sheet_of(file: GameFile, as_rules: str | None = None) -> dict[str, Any]:
    now = file.snapshot(as_rules)
    return dict(sheet_json(now.game, now.sheet))


def status_of(file: GameFile) -> dict[str, Any]:
    return status_json(file.status())


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


def test_terts_from_queen_96_54_gives_120_50(tmp_path):
    """A terts (20) with 96/54 card points: 116 -> 120 and 54 -> 50 under tens rounding [000]."""
    file = start(tmp_path)
    file.record(DealRequest("7h"))
    file.record(DeclareRequest("Alice", ["terts:Q♥"]))
    file.record(ScoreRequest(54, by="Bob", last_trick="Alice"))
    sheet = sheet_of(file)
    deal = sheet["deals"][0]
    assert deal["dealer"] == "Bob" and deal["trump"] == "hearts" and deal["finished"]
    assert deal["card_points"] == {"Alice": 96, "Bob": 54}
    assert deal["declarations"] == {"Alice": 20, "Bob": 0}
    assert deal["points"] == {"Alice": 120, "Bob": 50}
    assert sheet["totals"] == {"Alice": 120, "Bob": 50}
    assert sheet["targets"] == {"Alice": 501, "Bob": 501}
    assert deal["last_trick"] == "Alice"


def test_rounding_through_the_sheet_25_and_26(tmp_path):
    """Each player's deal total is rounded: 5 + 20 = 25 -> 20 and 6 + 20 = 26 -> 30 [000]."""
    file = start(tmp_path)
    file.record(DealRequest("s", quick=True))
    file.record(DeclareRequest("Alice", ["terts:Qh"]))
    file.record(ScoreRequest(5, by="Alice", last_trick="Bob"))
    file.record(DealRequest("s", quick=True))
    file.record(DeclareRequest("Alice", ["terts:Qh"]))
    file.record(ScoreRequest(6, by="Alice", last_trick="Bob"))
    deals = sheet_of(file)["deals"]
    assert deals[0]["points"] == {"Alice": 20, "Bob": 140}  # 145 -> 140
    assert deals[1]["points"] == {"Alice": 30, "Bob": 140}  # 144 -> 140


def test_exact_a_106_scores_106(tmp_path):
    """Without rounding the hundreds score by length: a 106 scores 106 [000]."""
    file = start(tmp_path, rules="exact")
    file.record(DealRequest("c"))
    file.record(DeclareRequest("Alice", ["106:Qh"]))
    file.record(ScoreRequest(61, by="Bob", last_trick="Alice"))
    deal = sheet_of(file)["deals"][0]
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
def test_false_terts(tmp_path, rules, uphill, to_bob):
    """A false declaration scores nothing and goes «в гору» (§6)."""
    file = start(tmp_path, rules=rules)
    file.record(DealRequest("d"))
    file.record(DeclareRequest("Alice", ["terts:Qh"]))
    file.record(PenaltyRequest("Alice", "false-declaration"))
    file.record(ScoreRequest(70, by="Alice", last_trick="Bob"))
    sheet = sheet_of(file)
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
def test_both_over_target_the_last_trick_wins(tmp_path, last, winner):
    file = start(tmp_path, rules="short")
    file.record(DealRequest("h", quick=True))
    file.record(DeclareRequest("Alice", ["4J"]))
    file.record(ScoreRequest(76, by="Alice", last_trick="Bob"))  # Alice 280, Bob 70
    file.record(DealRequest("h", quick=True))
    file.record(DeclareRequest("Bob", ["4J"]))
    points = 30 if last == "Bob" else 40
    file.record(ScoreRequest(points, by="Alice", last_trick=last))
    sheet = sheet_of(file)
    assert all(sheet["totals"][p] >= 301 for p in ("Alice", "Bob")), sheet["totals"]
    assert sheet["finished"] and sheet["winner"] == winner
    refused(file, DealRequest())  # no deal after the game is over


def test_one_player_over_target_wins(tmp_path):
    file = start(tmp_path, rules="short")
    file.record(DealRequest("h", quick=True))
    file.record(DeclareRequest("Alice", ["4J"]))
    file.record(ScoreRequest(110, by="Alice", last_trick="Alice"))
    sheet = sheet_of(file)
    assert sheet["totals"]["Alice"] == 310 and sheet["winner"] == "Alice"


def test_dealer_rotation_follows_the_last_trick(tmp_path):
    """The player who took the last trick of the previous deal deals [000][001][003]."""
    file = start(tmp_path)
    file.record(DealRequest("h"))
    file.record(ScoreRequest(54, by="Bob", last_trick="Alice"))
    file.record(DealRequest("s"))
    assert status_of(file)["dealer"] == "Alice"
    assert status_of(file)["leader"] == "Bob"


def test_first_dealer_by_lot(tmp_path):
    file = GameFile.create(tmp_path / "game.toml", ["Alice", "Bob"], dealer="Alice")
    file.record(DealRequest())
    assert status_of(file)["dealer"] == "Alice"


# --- refusals ---------------------------------------------------------------------------------


@pytest.fixture
def dealt(tmp_path):
    file = start(tmp_path)
    file.record(DealRequest("h"))
    return file


@pytest.mark.parametrize(
    "request_",
    [
        pytest.param(DeclareRequest("Zed", ["terts:Qh"]), id="unknown player"),
        pytest.param(ScoreRequest(151, by="Alice", last_trick="Bob"), id="points > 150"),
        pytest.param(ScoreRequest(-1, by="Alice", last_trick="Bob"), id="points < 0"),
        pytest.param(
            ScoreRequest(5, by="Alice", last_trick="Alice"),
            id="last trick taken but fewer than its 10 points",
        ),
        pytest.param(
            ScoreRequest(145, by="Alice", last_trick="Bob"),
            id="more than 140 without the last trick",
        ),
        # a word where the count goes is the command line's to refuse: tests/cli/
        pytest.param(PenaltyRequest("Alice", "cheating"), id="unknown penalty kind"),
        pytest.param(PenaltyRequest("Alice", "miscount"), id="miscount without --points"),
        pytest.param(
            PenaltyRequest("Alice", "trump-seven"),
            id="trump-seven where the exchange is not mandatory [000]",
        ),
        pytest.param(
            DeclareRequest("Alice", ["terts:Qh", "50:Ks"]),
            id="two declarations in one turn, multiple = false [000][002]",
        ),
        pytest.param(DeclareRequest("Alice", ["terts:8h"]), id="impossible declaration"),
        pytest.param(ChallengeRequest("Bob", "terts:Ks"), id="a challenge with nothing to answer"),
        pytest.param(DealRequest(), id="a deal while one is open"),
        pytest.param(
            ClaimRequest("Alice", tricks=0, card_points=0),
            id="claim without a trick [000][002]",
        ),
        pytest.param(
            ClaimRequest("Alice", tricks=3, card_points=40),
            id="claim short of the target",
        ),
        pytest.param(TrickRequest(["Ah"]), id="a trick of one card"),
        pytest.param(PenaltyRequest("Alice", "false-declaration"), id="no declaration to void"),
    ],
)
def test_refused_leaves_the_file_unchanged(dealt, request_):
    refused(dealt, request_)


def test_burned_declaration_may_not_be_declared_again(dealt):
    """The beaten declaration burns: that player may not declare it again [000][001]."""
    dealt.record(DeclareRequest("Alice", ["terts:Qh"]))
    dealt.record(ChallengeRequest("Bob", "terts:Kc"))
    line = refused(dealt, DeclareRequest("Alice", ["terts:Qh"]))
    assert "burned" in line
    deal = sheet_of(dealt)["deals"][0]
    assert deal["declarations"] == {"Alice": 0, "Bob": 20}


def test_challenge_that_does_not_beat_is_refused(dealt):
    dealt.record(DeclareRequest("Alice", ["terts:Qh"]))
    line = refused(dealt, ChallengeRequest("Bob", "terts:Jc"))
    assert "does not beat" in line


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
def test_challenge_scope(tmp_path, rules, declared, challenger, stands):
    file = start(tmp_path, rules=rules)
    file.record(DealRequest("c", quick=True))
    file.record(DeclareRequest("Alice", [declared]))
    if stands:
        refused(file, ChallengeRequest("Bob", challenger))
    else:
        file.record(ChallengeRequest("Bob", challenger))
        deal = sheet_of(file)["deals"][0]
        assert deal["declarations"]["Alice"] == 0
        assert deal["declarations"]["Bob"] > 0


def test_new_refuses_to_overwrite(tmp_path):
    file = start(tmp_path)
    before = file.path.read_bytes()
    with pytest.raises(GameFileError):
        GameFile.create(file.path, ["Carl", "Dora"])
    assert file.path.read_bytes() == before
    GameFile.create(file.path, ["Carl", "Dora"], force=True)
    assert sheet_of(file)["players"] == ["Carl", "Dora"]


def test_game_over_refuses_further_events(dealt):
    dealt.record(PenaltyRequest("Bob", "out-of-turn-draw"))
    sheet = sheet_of(dealt)
    assert sheet["finished"] and sheet["winner"] == "Alice"
    refused(dealt, DeclareRequest("Alice", ["terts:Qh"]))
    refused(dealt, DealRequest())


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
    dealt.record(PenaltyRequest("Alice", kind))
    sheet = sheet_of(dealt)
    assert sheet["winner"] == "Bob"


def test_miscount_goes_to_the_opponent(dealt):
    """The amount miswritten is taken from the offender and given to the opponent [000][001]."""
    dealt.record(ScoreRequest(70, by="Alice", last_trick="Bob"))
    dealt.record(PenaltyRequest("Alice", "miscount", points=10))
    deal = sheet_of(dealt)["deals"][0]
    assert deal["penalties"] == {"Alice": -10, "Bob": 10}
    assert deal["points"] == {"Alice": 60, "Bob": 90}


def test_empty_challenge_goes_uphill(dealt):
    """Asking «Рост?» with nothing to show: house 20 uphill [000] rule 6."""
    dealt.record(DeclareRequest("Alice", ["terts:Qs"]))
    dealt.record(AskRequest("Bob"))
    dealt.record(PenaltyRequest("Bob", "empty-challenge"))
    assert sheet_of(dealt)["uphill"]["Bob"] == 20


def test_renege_in_quick_mode_gives_the_deal(dealt):
    """House rule: a renege gives the opponent all 150 card points (penalties.renege)."""
    dealt.record(PenaltyRequest("Bob", "renege"))
    dealt.record(ScoreRequest(70, by="Alice", last_trick="Bob"))
    assert sheet_of(dealt)["deals"][0]["card_points"] == {"Alice": 150, "Bob": 0}


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
def test_lowering(tmp_path, rules, first, second, lowering):
    file = start(tmp_path, rules=rules)
    file.record(DealRequest("s", quick=True))
    file.record(DeclareRequest("Alice", [first]))
    if lowering == "refused":  # declarations.lowering_penalty = "refuse": «нельзя» [001]
        line = refused(file, DeclareRequest("Alice", [second]))
        assert "lowers 50:Q♥, already written (event 2)" in line, line
        assert [d["status"] for d in sheet_of(file)["deals"][0]["declared"]] == ["scored"]
        return
    recorded = file.record(DeclareRequest("Alice", [second]))
    deal = sheet_of(file)["deals"][0]
    statuses = [d["status"] for d in deal["declared"]]
    if lowering:
        assert statuses == ["scored", "lowering"]
        assert any("lowering" in said(n) for n in recorded.notices), recorded.notices
        assert deal["declarations"]["Alice"] == deal["declared"][0]["points"] - 20
    else:
        assert statuses == ["scored", "scored"]


def test_multiple_declarations_per_turn(tmp_path):
    """multi: several per turn; runs may not share a card, a four may [000][004]."""
    file = start(tmp_path, rules="multi")
    file.record(DealRequest("c"))
    refused(file, DeclareRequest("Alice", ["terts:Kc", "terts:Jc"]))
    file.record(DeclareRequest("Alice", ["terts:Kc", "terts:10c"]))
    assert sheet_of(file)["deals"][0]["declarations"]["Alice"] == 40


def test_marriage_goes_alongside(dealt):
    dealt.record(DeclareRequest("Alice", ["terts:10h", "marriage"]))
    assert sheet_of(dealt)["deals"][0]["declarations"]["Alice"] == 40


def test_marriage_of_a_plain_suit_refused_under_trump(dealt):
    refused(dealt, DeclareRequest("Alice", ["marriage:♠"]))


# --- claims -----------------------------------------------------------------------------------


def test_claim_in_quick_mode(tmp_path):
    file = start(tmp_path, rules="short")
    file.record(DealRequest("h", quick=True))
    file.record(DeclareRequest("Alice", ["4J"]))
    file.record(ScoreRequest(70, by="Alice", last_trick="Bob"))  # Alice 270
    file.record(DealRequest("s", quick=True))
    refused(file, ClaimRequest("Alice", tricks=0, card_points=40))
    refused(file, ClaimRequest("Alice", tricks=2, card_points=20))  # 290 < 301
    file.record(ClaimRequest("Alice", tricks=2, card_points=36))  # 270 + 40
    sheet = sheet_of(file)
    assert sheet["winner"] == "Alice" and sheet["finished"]


# --- what-if, log, undo -----------------------------------------------------------------------


def test_sheet_as_other_rules_leaves_the_file(dealt):
    dealt.record(DeclareRequest("Alice", ["106:Qh"]))
    dealt.record(ScoreRequest(45, by="Alice", last_trick="Bob"))
    before = dealt.path.read_bytes()
    classic = sheet_of(dealt)
    exact = sheet_of(dealt, "exact")
    assert classic["deals"][0]["points"]["Alice"] == 140  # 45 + 100 = 145 -> 140
    assert exact["deals"][0]["points"]["Alice"] == 45 + 106
    assert exact["rules"] == "exact"
    assert dealt.path.read_bytes() == before


def test_log_and_undo(dealt):
    dealt.record(DeclareRequest("Alice", ["terts:Qh"]))
    log = log_json(dealt.log())["events"]
    assert [e["type"] for e in log] == ["deal", "declare"]
    assert log[1]["declarations"] == [
        {"kind": "sequence", "length": 3, "top": "Q", "suit": "hearts", "points": 20}
    ]
    removed = dealt.undo()
    assert removed.number == 2
    assert len(dealt.log().entries) == 1


def test_undo_with_nothing_refused(tmp_path):
    file = start(tmp_path)
    before = file.path.read_bytes()
    with pytest.raises(NotationError):
        file.undo()
    assert file.path.read_bytes() == before


# --- the game file ----------------------------------------------------------------------------


def test_game_file_is_toml_with_format_rules_and_events(dealt):
    doc = tomllib.loads(dealt.path.read_text(encoding="utf-8"))
    assert doc["format"] == 4  # a game with an id (storage.ID_FORMAT)
    assert is_game_id(doc["id"])
    assert doc["rules"]["name"] == "classic"
    assert doc["rules"]["scoring"]["rounding"] == "half-down"
    at = doc["events"][0].pop("at")  # the time each event was entered
    assert doc["events"] == [{"type": "deal", "trump": "hearts"}]
    assert at.tzinfo is not None and doc["started"] <= at


@pytest.mark.parametrize(
    ("content", "words"),
    [
        pytest.param(b"format = 1\nplayers = [", "corrupt", id="not TOML"),
        pytest.param(b"players = ['a', 'b']\n", "corrupt", id="no format"),
        pytest.param(b"format = 99\n", "newer", id="a newer format"),
    ],
)
def test_corrupt_file_reported_and_never_overwritten(tmp_path, content, words):
    path = tmp_path / "game.toml"
    path.write_bytes(content)
    file = GameFile(path)
    actions = (
        file.sheet,
        lambda: file.record(DeclareRequest("A", ["terts:Qh"])),
        lambda: file.record(DealRequest()),
        file.undo,
    )
    for action in actions:
        with pytest.raises(GameFileError) as info:
            action()
        assert words in said(info.value)
        assert path.read_bytes() == content


# --- names and Russian ------------------------------------------------------------------------


# --- concurrency ------------------------------------------------------------------------------


def test_challenge_sharing_a_card_is_refused(dealt):
    """Two players cannot hold one card: a challenge sharing one with the declaration is refused."""
    dealt.record(DeclareRequest("Alice", ["terts:Qh"]))
    line = refused(dealt, ChallengeRequest("Bob", "50:Kh"))
    assert "Q♥" in line and "false" in line


def test_quick_game_makes_every_deal_quick(tmp_path):
    """`terts new --quick`: deals are quick unless `deal --tricks`; each deal records its mode."""
    file = GameFile.create(tmp_path / "game.toml", ["Alice", "Bob"], quick=True)
    file.record(DealRequest("h"))
    file.record(
        DeclareRequest("Bob", ["4J"])
    )  # the dealer, before any trick: not timed in quick mode
    file.record(ScoreRequest(54, by="Bob", last_trick="Alice"))
    file.record(DealRequest("s", quick=False))
    assert status_of(file)["quick"] is False
    assert status_of(file)["dealer"] == "Alice"  # she took the last trick of deal 1
    refused(file, DeclareRequest("Alice", ["terts:Qh"]))  # the dealer, before trick 1: timed again
