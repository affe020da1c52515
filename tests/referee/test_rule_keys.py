"""Ruleset keys and readings exercised in whole games (§3-§6), each case naming its rule: the
games recorded and read through the API (``GameFile``, its requests, ``sheet()``, ``status()``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from terts_referee.api import (
    ChallengeRequest,
    ClaimRequest,
    DealRequest,
    DeclareRequest,
    EventRefused,
    ExchangeRequest,
    GameFile,
    GameFileError,
    NotationError,
    PenaltyRequest,
    RefereeError,
    Request,
    RulesetError,
    ScoreRequest,
    TrickRequest,
    load_ruleset,
)
from terts_referee.output.report.sheet import sheet_json
from terts_referee.output.report.status import status_json
from tests.helpers import said

# A deal of 8 tricks that Alice (the non-dealer, so the leader) wins one after the other: she
# leads high, Bob follows low in the same suit; hearts are trumps and no heart is played.
EIGHT_TRICKS = [
    ("A♠", "7♠"), ("10♠", "8♠"), ("K♠", "9♠"), ("A♣", "7♣"),
    ("10♣", "8♣"), ("K♣", "9♣"), ("A♦", "7♦"), ("10♦", "8♦"),
]  # fmt: skip


def own_rules(tmp_path: Path, text: str, name: str = "house") -> str:
    path = tmp_path / f"{name}.toml"
    path.write_text(f'extends = "classic"\n{text}\n', encoding="utf-8")
    return str(path)


def game(tmp_path: Path, rules: str = "classic", trump: str = "h", quick: bool = False) -> GameFile:
    """A game of dealt-out deals (``quick=False``) and its first deal, quick when told."""
    file = GameFile.create(tmp_path / "game.toml", ["Alice", "Bob"], rules=rules, quick=False)
    file.record(DealRequest(trump, quick=True if quick else None))
    return file


def refused(file: GameFile, request: Request, kind: type[RefereeError] = EventRefused) -> str:
    """The request refused (an error of ``kind``), the file byte for byte as it was; returns the
    refusal's sentence."""
    before = file.path.read_bytes()
    with pytest.raises(kind) as info:
        file.record(request)
    assert file.path.read_bytes() == before, "the game file changed on a refusal"
    return said(info.value)


def sheet(file: GameFile) -> dict[str, Any]:
    now = file.snapshot()
    return dict(sheet_json(now.game, now.sheet))


def status(file: GameFile) -> dict[str, Any]:
    return status_json(file.status())


def declared(file: GameFile) -> list[tuple[str, str, str, int]]:
    deal = sheet(file)["deals"][-1]
    return [(d["player"], d["combo"], d["status"], d["points"]) for d in deal["declared"]]


def trick(file: GameFile, lead: str, follow: str) -> object:
    return file.record(TrickRequest([lead, follow]))


# --- a declaration scores once ----------------------------------------------------------------


def test_a_four_declared_again_is_refused(tmp_path):
    """A declaration scores once a deal; fours have no suit, so lowering cannot price them."""
    file = game(tmp_path, quick=True)
    file.record(DeclareRequest("Alice", ["4Q"]))
    line = refused(file, DeclareRequest("Alice", ["4Q"]))
    assert "already recorded in this deal (event 2)" in line
    assert sheet(file)["deals"][0]["declarations"]["Alice"] == 100


def test_a_run_declared_again_under_lowering_allowed_is_refused(tmp_path):
    rules = own_rules(tmp_path, '[declarations]\nlowering = "allowed"')
    file = game(tmp_path, rules, quick=True)
    file.record(DeclareRequest("Alice", ["50:A♠"]))
    refused(file, DeclareRequest("Alice", ["50:A♠"]))


def test_a_run_declared_again_under_suit_lowering_is_a_repeat_not_a_lowering(tmp_path):
    """§4.3: the same combination recorded twice in one deal is a slip, refused as already
    recorded (naming the event), never charged as a lowering [000]."""
    file = game(tmp_path, quick=True)
    file.record(DeclareRequest("Alice", ["terts:Q♥"]))
    line = refused(file, DeclareRequest("Alice", ["terts:Q♥"]))
    assert "already recorded in this deal (event 2)" in line and "not a lowering" in line
    assert declared(file) == [("Alice", "terts:Q♥", "scored", 20)]


def test_lowering_allowed_scores_lower_runs(tmp_path):
    """declarations.lowering = "allowed": the "any order" tables of [000]."""
    rules = own_rules(tmp_path, '[declarations]\nlowering = "allowed"')
    file = game(tmp_path, rules, quick=True)
    file.record(DeclareRequest("Alice", ["50:Q♥"]))
    file.record(DeclareRequest("Alice", ["terts:J♥"]))
    assert [d[2] for d in declared(file)] == ["scored", "scored"]


# --- challenges are declarations too ----------------------------------------------------------


def test_challenge_with_a_four_before_the_break_refused(tmp_path):
    """before_break = "sequences": no fours before the break, in a challenge either [000]."""
    file = game(tmp_path)
    file.record(DeclareRequest("Alice", ["terts:9♥"]))
    line = refused(file, ChallengeRequest("Bob", "4A"))
    assert "broken" in line


def test_challenge_with_a_four_before_the_break_allowed_where_all_may_be(tmp_path):
    """before_break = "all" [001]: a four may answer before the first lead."""
    rules = own_rules(tmp_path, '[declarations]\nbefore_break = "all"')
    file = game(tmp_path, rules)
    file.record(DeclareRequest("Alice", ["terts:9♥"]))
    file.record(ChallengeRequest("Bob", "4A"))
    assert declared(file)[1] == ("Bob", "4A", "scored", 100)


def test_a_late_declaration_cannot_be_challenged(tmp_path):
    """After trick 8 a declaration is late and scores nothing: there is nothing to beat."""
    file = game(tmp_path)
    for lead, follow in EIGHT_TRICKS:
        trick(file, lead, follow)
    file.record(DeclareRequest("Alice", ["terts:Q♥"]))
    assert declared(file) == [("Alice", "terts:Q♥", "late", 0)]
    line = refused(file, ChallengeRequest("Bob", "50:J♥"))
    assert "nothing to beat" in line


def test_withdrawn_lower_declarations_when_the_highest_is_beaten(tmp_path):
    """multiple: the highest is contested first; beaten, the lower ones were never announced."""
    file = game(tmp_path, "multi", trump="s", quick=True)
    file.record(DeclareRequest("Alice", ["terts:10♥", "50:K♣"]))
    file.record(ChallengeRequest("Bob", "105:J♦"))
    assert declared(file) == [
        ("Alice", "50:K♣", "burned", 0),
        ("Alice", "terts:10♥", "withdrawn", 0),
        ("Bob", "105:J♦", "scored", 100),
    ]


def test_a_false_challenger_restores_the_beaten_declaration(tmp_path):
    file = game(tmp_path)
    file.record(DeclareRequest("Alice", ["terts:Q♥"]))
    file.record(ChallengeRequest("Bob", "terts:K♣"))
    file.record(PenaltyRequest("Bob", "false-declaration"))
    now = sheet(file)
    assert declared(file) == [
        ("Alice", "terts:Q♥", "scored", 20),
        ("Bob", "terts:K♣", "false", 0),
    ]
    assert now["uphill"]["Bob"] == 100
    assert now["deals"][0]["penalties"]["Alice"] == 20  # false_to_opponent [000]


# --- several declarations in one turn, told in several commands -------------------------------


def test_multiple_split_over_commands_keeps_the_limits(tmp_path):
    """One turn in several `declare` commands: runs may not share a card, highest first [000]."""
    file = game(tmp_path, "multi", trump="s")
    file.record(DeclareRequest("Alice", ["terts:Q♥"]))
    line = refused(file, DeclareRequest("Alice", ["50:K♥"]))
    assert "share" in line or "higher" in line
    file.record(DeclareRequest("Alice", ["terts:10♣"]))
    line = refused(file, DeclareRequest("Alice", ["terts:K♦"]))
    assert "highest first" in line


# --- marriage ---------------------------------------------------------------------------------


def test_any_suit_marriage_in_a_game(tmp_path):
    """declarations.marriage = "any-suit" (the table of [000] and [002])."""
    rules = own_rules(tmp_path, '[declarations]\nmarriage = "any-suit"')
    file = game(tmp_path, rules)
    file.record(DeclareRequest("Alice", ["marriage:♠"]))
    now = status(file)
    assert all("marriage" in entry["kinds"] for entry in now["may_declare"])
    file.record(DeclareRequest("Bob", ["marriage:♦"]))
    assert [d[3] for d in declared(file)] == [20, 20]


def test_trump_marriage_once_a_deal(tmp_path):
    file = game(tmp_path)
    file.record(DeclareRequest("Alice", ["marriage"]))
    refused(file, DeclareRequest("Bob", ["marriage"]))
    assert all("marriage" not in e["kinds"] for e in status(file)["may_declare"])


# --- exchange, stock --------------------------------------------------------------------------


def test_mandatory_exchange_prices_keeping_the_seven(tmp_path):
    """exchange.mandatory = true: keeping the trump 7 costs penalties.trump_seven uphill [000]."""
    rules = own_rules(tmp_path, "[exchange]\nmandatory = true\n[penalties]\ntrump_seven = 30")
    file = game(tmp_path, rules)
    file.record(PenaltyRequest("Bob", "trump-seven"))
    assert sheet(file)["uphill"]["Bob"] == 30


@pytest.mark.parametrize(
    ("min_stock", "tricks_before", "allowed"),
    [
        pytest.param(4, 5, True, id="stock 4 before trick 6: allowed with min_stock 4"),
        pytest.param(4, 6, False, id="stock 2 before trick 7: refused with min_stock 4"),
        pytest.param(2, 6, True, id="stock 2 before trick 7: allowed with min_stock 2 [000]"),
        pytest.param(2, 7, False, id="stock 0 before trick 8: refused [000][001][003]"),
    ],
)
def test_exchange_min_stock(tmp_path, min_stock, tricks_before, allowed):
    rules = own_rules(tmp_path, f"[exchange]\nmin_stock = {min_stock}")
    file = game(tmp_path, rules, trump="A♥")
    for lead, follow in EIGHT_TRICKS[:tricks_before]:
        trick(file, lead, follow)
    if allowed:
        file.record(ExchangeRequest("Alice"))
        assert status(file)["may_exchange"] is False
    else:
        assert status(file)["may_exchange"] is False
        refused(file, ExchangeRequest("Alice"))


# --- scoring keys -----------------------------------------------------------------------------


def test_last_trick_bonus_key(tmp_path):
    """scoring.last_trick: the deal holds the 140 card points plus the last trick's bonus."""
    rules = own_rules(tmp_path, '[scoring]\nlast_trick = 20\nrounding = "none"')
    file = game(tmp_path, rules, quick=True)
    refused(file, ScoreRequest(15, by="Alice", last_trick="Alice"))  # below the bonus
    file.record(ScoreRequest(70, by="Alice", last_trick="Alice"))
    assert sheet(file)["deals"][0]["card_points"] == {"Alice": 70, "Bob": 90}


def test_claim_without_a_trick_where_the_rule_is_off(tmp_path):
    """game.win_requires_trick = false: a claim needs no trick taken in the deal."""
    rules = own_rules(tmp_path, "[game]\ntarget = 100\nwin_requires_trick = false")
    file = game(tmp_path, rules, quick=True)
    file.record(DeclareRequest("Alice", ["4K"]))
    file.record(ClaimRequest("Alice", tricks=0, card_points=0))
    assert sheet(file)["winner"] == "Alice"


# --- found by the new-user test -----------------------------------------------------------------


def test_a_damaged_game_file_is_corrupt_not_a_new_game(tmp_path):
    """A file cut short loses rule keys or events: reported, never read with defaults."""
    file = game(tmp_path, "book")
    file.record(DeclareRequest("Alice", ["terts:Q♥"]))
    text = file.path.read_text(encoding="utf-8")
    file.path.write_text(text.replace('when = "own-turn"\n', ""), encoding="utf-8")
    damaged = file.path.read_bytes()
    with pytest.raises(GameFileError) as info:
        file.status()
    assert "declarations.when" in said(info.value)
    assert file.path.read_bytes() == damaged
    file.path.write_bytes(text.encode("utf-8")[:300])
    with pytest.raises(GameFileError):
        file.status()
    refused(file, DealRequest(), GameFileError)


@pytest.mark.parametrize(
    ("kind", "points"),
    [
        pytest.param("miscount", 151, id="a miscount cannot exceed the deal's 150 points"),
        pytest.param("empty-challenge", 5000, id="an uphill amount cannot exceed the target"),
    ],
)
def test_penalty_amounts_are_bounded(tmp_path, kind, points):
    file = game(tmp_path)
    line = refused(file, PenaltyRequest("Bob", kind, points=points), RefereeError)
    assert "at most" in line


def test_a_late_declaration_of_played_cards_is_late_and_false(tmp_path):
    """Late and false at once: both penalties (§6 [000]): its value uphill for the late
    moment, then the opponent writes its points and the offender goes 100 uphill."""
    file = game(tmp_path)
    for lead, follow in EIGHT_TRICKS:
        trick(file, lead, follow)
    file.record(DeclareRequest("Alice", ["terts:A♠"]))  # A♠ went at trick 1
    now = sheet(file)
    kinds = [p["kind"] for p in now["deals"][0]["penalty_list"]]
    assert kinds == ["late-declaration", "false-declaration"]
    assert now["uphill"]["Alice"] == 20 + 100
    assert now["deals"][0]["penalties"]["Bob"] == 20


def test_a_kept_trump_seven_is_caught_where_the_exchange_is_mandatory(tmp_path):
    """exchange.mandatory: the 7 played while the stock still allowed the swap [000]."""
    rules = own_rules(tmp_path, "[exchange]\nmandatory = true")
    file = game(tmp_path, rules, trump="A♥")
    trick(file, "A♠", "7♠")
    recorded = file.record(TrickRequest(["10♠", "7♥"]))  # Bob trumps with the 7: stock 12
    assert any("exchange.mandatory" in said(n) for n in recorded.notices), recorded.notices
    assert sheet(file)["uphill"]["Bob"] == 20


def test_a_lowering_declaration_cannot_be_challenged(tmp_path):
    """It already costs its value: beating it would wipe the penalty."""
    file = game(tmp_path, quick=True)
    file.record(DeclareRequest("Alice", ["50:Q♥"]))
    file.record(DeclareRequest("Alice", ["terts:J♥"]))
    refused(file, ChallengeRequest("Bob", "terts:K♣"))


def test_runs_of_one_turn_do_not_lower_each_other(tmp_path):
    """multiple: terts from K♣ and terts from 10♣ in one turn [000], told in two commands."""
    file = game(tmp_path, "multi", trump="s")
    file.record(DeclareRequest("Alice", ["terts:K♣"]))
    file.record(DeclareRequest("Alice", ["terts:10♣"]))
    assert [d[2] for d in declared(file)] == ["scored", "scored"]


@pytest.mark.parametrize(
    ("card", "hint"),
    [
        pytest.param("Ач", "the ace is Latin A or Cyrillic Т", id="Cyrillic а for the ace"),
        pytest.param("Bч", "the jack is J or Cyrillic В", id="Latin B for the jack"),
        pytest.param("Qс", "clubs are Latin c", id="Cyrillic с for clubs"),
    ],
)
def test_letters_of_the_other_alphabet_are_named(tmp_path, card, hint):
    file = game(tmp_path, trump="s")
    line = refused(file, TrickRequest([card, "7h"]), NotationError)
    assert hint in line


@pytest.mark.parametrize(
    "name",
    [
        pytest.param("An\x1b[31mn", id="an escape code"),
        pytest.param("A\tB", id="a tab"),
        pytest.param("A\nB", id="a new line"),
    ],
)
def test_control_characters_in_names_refused(tmp_path, name):
    path = tmp_path / "game.toml"
    with pytest.raises(NotationError) as info:
        GameFile.create(path, [name, "Bob"])
    assert "control characters" in said(info.value)
    assert not path.exists()


def test_negative_card_points_are_out_of_range(tmp_path):
    file = game(tmp_path, quick=True)
    line = refused(file, ScoreRequest(-1, by="Alice", last_trick="Bob"), RefereeError)
    assert "from 0 to 150" in line


def test_min_stock_beyond_the_stock_refused(tmp_path):
    path = own_rules(tmp_path, "[exchange]\nmin_stock = 99")
    with pytest.raises(RulesetError) as info:
        load_ruleset(path)
    assert "at most 14" in said(info.value)


def test_exchange_without_a_recorded_trump(tmp_path):
    """A deal dealt without a trump: the exchange is noted (its cards cannot be traced)."""
    file = GameFile.create(tmp_path / "game.toml", ["Alice", "Bob"])
    file.record(DealRequest())
    assert status(file)["may_exchange"] is True
    file.record(ExchangeRequest("Alice"))
    assert status(file)["may_exchange"] is False
    refused(file, ExchangeRequest("Bob"))
