"""Ruleset keys and readings exercised in whole games (§3-§6), each case naming its rule."""

from __future__ import annotations

from pathlib import Path

import pytest

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


def game(terts, rules: str = "classic", trump: str = "h", quick: bool = False):
    terts.ok("new", "Alice", "Bob", "--rules", rules, "--tricks")
    terts.ok("deal", "--trump", trump, *(["--quick"] if quick else []))
    return terts


def declared(terts) -> list[tuple[str, str, str, int]]:
    deal = terts.sheet()["deals"][-1]
    return [(d["player"], d["combo"], d["status"], d["points"]) for d in deal["declared"]]


# --- a declaration scores once ----------------------------------------------------------------


def test_a_four_declared_again_is_refused(terts):
    """A declaration scores once a deal; fours have no suit, so lowering cannot price them."""
    game(terts, quick=True)
    terts.ok("declare", "Alice", "4Q")
    r = terts.refused("declare", "Alice", "4Q")
    assert "already recorded in this deal (event 2)" in r.stderr
    assert terts.sheet()["deals"][0]["declarations"]["Alice"] == 100


def test_a_run_declared_again_under_lowering_allowed_is_refused(terts, tmp_path):
    rules = own_rules(tmp_path, '[declarations]\nlowering = "allowed"')
    game(terts, rules, quick=True)
    terts.ok("declare", "Alice", "50:A♠")
    terts.refused("declare", "Alice", "50:A♠")


def test_a_run_declared_again_under_suit_lowering_is_a_repeat_not_a_lowering(terts):
    """§4.3: the same combination recorded twice in one deal is a slip, refused as already
    recorded (naming the event), never charged as a lowering [000]."""
    game(terts, quick=True)
    terts.ok("declare", "Alice", "terts:Q♥")
    r = terts.refused("declare", "Alice", "terts:Q♥")
    assert "already recorded in this deal (event 2)" in r.stderr and "not a lowering" in r.stderr
    assert declared(terts) == [("Alice", "terts:Q♥", "scored", 20)]


def test_lowering_allowed_scores_lower_runs(terts, tmp_path):
    """declarations.lowering = "allowed": the "any order" tables of [000]."""
    rules = own_rules(tmp_path, '[declarations]\nlowering = "allowed"')
    game(terts, rules, quick=True)
    terts.ok("declare", "Alice", "50:Q♥")
    terts.ok("declare", "Alice", "terts:J♥")
    assert [d[2] for d in declared(terts)] == ["scored", "scored"]


# --- challenges are declarations too ----------------------------------------------------------


def test_challenge_with_a_four_before_the_break_refused(terts):
    """before_break = "sequences": no fours before the break, in a challenge either [000]."""
    game(terts)
    terts.ok("declare", "Alice", "terts:9♥")
    r = terts.refused("challenge", "Bob", "4A")
    assert "broken" in r.stderr


def test_challenge_with_a_four_before_the_break_allowed_where_all_may_be(terts, tmp_path):
    """before_break = "all" [001]: a four may answer before the first lead."""
    rules = own_rules(tmp_path, '[declarations]\nbefore_break = "all"')
    game(terts, rules)
    terts.ok("declare", "Alice", "terts:9♥")
    terts.ok("challenge", "Bob", "4A")
    assert declared(terts)[1] == ("Bob", "4A", "scored", 100)


def test_a_late_declaration_cannot_be_challenged(terts):
    """After trick 8 a declaration is late and scores nothing: there is nothing to beat."""
    game(terts)
    for lead, follow in EIGHT_TRICKS:
        terts.ok("trick", lead, follow)
    terts.ok("declare", "Alice", "terts:Q♥")
    assert declared(terts) == [("Alice", "terts:Q♥", "late", 0)]
    r = terts.refused("challenge", "Bob", "50:J♥")
    assert "nothing to beat" in r.stderr


def test_withdrawn_lower_declarations_when_the_highest_is_beaten(terts):
    """multiple: the highest is contested first; beaten, the lower ones were never announced."""
    game(terts, "multi", trump="s", quick=True)
    terts.ok("declare", "Alice", "terts:10♥", "50:K♣")
    terts.ok("challenge", "Bob", "105:J♦")
    assert declared(terts) == [
        ("Alice", "50:K♣", "burned", 0),
        ("Alice", "terts:10♥", "withdrawn", 0),
        ("Bob", "105:J♦", "scored", 100),
    ]


def test_a_false_challenger_restores_the_beaten_declaration(terts):
    game(terts)
    terts.ok("declare", "Alice", "terts:Q♥")
    terts.ok("challenge", "Bob", "terts:K♣")
    terts.ok("penalty", "Bob", "false-declaration")
    sheet = terts.sheet()
    assert declared(terts) == [
        ("Alice", "terts:Q♥", "scored", 20),
        ("Bob", "terts:K♣", "false", 0),
    ]
    assert sheet["uphill"]["Bob"] == 100
    assert sheet["deals"][0]["penalties"]["Alice"] == 20  # false_to_opponent [000]


# --- several declarations in one turn, told in several commands -------------------------------


def test_multiple_split_over_commands_keeps_the_limits(terts):
    """One turn in several `declare` commands: runs may not share a card, highest first [000]."""
    game(terts, "multi", trump="s")
    terts.ok("declare", "Alice", "terts:Q♥")
    r = terts.refused("declare", "Alice", "50:K♥")
    assert "share" in r.stderr or "higher" in r.stderr
    terts.ok("declare", "Alice", "terts:10♣")
    r = terts.refused("declare", "Alice", "terts:K♦")
    assert "highest first" in r.stderr


# --- marriage ---------------------------------------------------------------------------------


def test_any_suit_marriage_in_a_game(terts, tmp_path):
    """declarations.marriage = "any-suit" (the table of [000] and [002])."""
    rules = own_rules(tmp_path, '[declarations]\nmarriage = "any-suit"')
    game(terts, rules)
    terts.ok("declare", "Alice", "marriage:♠")
    status = terts.status()
    assert all("marriage" in entry["kinds"] for entry in status["may_declare"])
    terts.ok("declare", "Bob", "marriage:♦")
    assert [d[3] for d in declared(terts)] == [20, 20]


def test_trump_marriage_once_a_deal(terts):
    game(terts)
    terts.ok("declare", "Alice", "marriage")
    terts.refused("declare", "Bob", "marriage")
    assert all("marriage" not in e["kinds"] for e in terts.status()["may_declare"])


# --- exchange, stock --------------------------------------------------------------------------


def test_mandatory_exchange_prices_keeping_the_seven(terts, tmp_path):
    """exchange.mandatory = true: keeping the trump 7 costs penalties.trump_seven uphill [000]."""
    rules = own_rules(tmp_path, "[exchange]\nmandatory = true\n[penalties]\ntrump_seven = 30")
    game(terts, rules)
    terts.ok("penalty", "Bob", "trump-seven")
    assert terts.sheet()["uphill"]["Bob"] == 30


@pytest.mark.parametrize(
    ("min_stock", "tricks_before", "allowed"),
    [
        pytest.param(4, 5, True, id="stock 4 before trick 6: allowed with min_stock 4"),
        pytest.param(4, 6, False, id="stock 2 before trick 7: refused with min_stock 4"),
        pytest.param(2, 6, True, id="stock 2 before trick 7: allowed with min_stock 2 [000]"),
        pytest.param(2, 7, False, id="stock 0 before trick 8: refused [000][001][003]"),
    ],
)
def test_exchange_min_stock(terts, tmp_path, min_stock, tricks_before, allowed):
    rules = own_rules(tmp_path, f"[exchange]\nmin_stock = {min_stock}")
    game(terts, rules, trump="A♥")
    for lead, follow in EIGHT_TRICKS[:tricks_before]:
        terts.ok("trick", lead, follow)
    if allowed:
        terts.ok("exchange", "Alice")
        assert terts.status()["may_exchange"] is False
    else:
        assert terts.status()["may_exchange"] is False
        terts.refused("exchange", "Alice")


# --- scoring keys -----------------------------------------------------------------------------


def test_last_trick_bonus_key(terts, tmp_path):
    """scoring.last_trick: the deal holds the 140 card points plus the last trick's bonus."""
    rules = own_rules(tmp_path, '[scoring]\nlast_trick = 20\nrounding = "none"')
    game(terts, rules, quick=True)
    terts.refused("score", "15", "--by", "Alice", "--last-trick", "Alice")  # below the bonus
    terts.ok("score", "70", "--by", "Alice", "--last-trick", "Alice")
    assert terts.sheet()["deals"][0]["card_points"] == {"Alice": 70, "Bob": 90}


def test_claim_without_a_trick_where_the_rule_is_off(terts, tmp_path):
    """game.win_requires_trick = false: a claim needs no trick taken in the deal."""
    rules = own_rules(tmp_path, "[game]\ntarget = 100\nwin_requires_trick = false")
    game(terts, rules, quick=True)
    terts.ok("declare", "Alice", "4K")
    terts.ok("claim", "Alice", "--tricks", "0", "--card-points", "0")
    assert terts.sheet()["winner"] == "Alice"


# --- found by the new-user test -----------------------------------------------------------------


def test_a_damaged_game_file_is_corrupt_not_a_new_game(terts):
    """A file cut short loses rule keys or events: reported, never read with defaults."""
    game(terts, "book")
    terts.ok("declare", "Alice", "terts:Q♥")
    text = terts.game.read_text(encoding="utf-8")
    terts.game.write_text(text.replace('when = "own-turn"\n', ""), encoding="utf-8")
    assert "declarations.when" in terts.refused("status").stderr
    terts.game.write_bytes(text.encode("utf-8")[:300])
    terts.refused("status")
    terts.refused("deal")


@pytest.mark.parametrize(
    ("kind", "points"),
    [
        pytest.param("miscount", "151", id="a miscount cannot exceed the deal's 150 points"),
        pytest.param("empty-challenge", "5000", id="an uphill amount cannot exceed the target"),
    ],
)
def test_penalty_amounts_are_bounded(terts, kind, points):
    game(terts)
    r = terts.refused("penalty", "Bob", kind, "--points", points)
    assert "at most" in r.stderr


def test_a_late_declaration_of_played_cards_is_late_and_false(terts):
    """Late and false at once: both penalties (§6 [000]): its value uphill for the late
    moment, then the opponent writes its points and the offender goes 100 uphill."""
    game(terts)
    for lead, follow in EIGHT_TRICKS:
        terts.ok("trick", lead, follow)
    terts.ok("declare", "Alice", "terts:A♠")  # A♠ went at trick 1
    sheet = terts.sheet()
    kinds = [p["kind"] for p in sheet["deals"][0]["penalty_list"]]
    assert kinds == ["late-declaration", "false-declaration"]
    assert sheet["uphill"]["Alice"] == 20 + 100
    assert sheet["deals"][0]["penalties"]["Bob"] == 20


def test_a_kept_trump_seven_is_caught_where_the_exchange_is_mandatory(terts, tmp_path):
    """exchange.mandatory: the 7 played while the stock still allowed the swap [000]."""
    rules = own_rules(tmp_path, "[exchange]\nmandatory = true")
    game(terts, rules, trump="A♥")
    terts.ok("trick", "A♠", "7♠")
    r = terts.ok("trick", "10♠", "7♥")  # Bob trumps with the 7: stock 12, no exchange
    assert "exchange.mandatory" in r.stdout
    assert terts.sheet()["uphill"]["Bob"] == 20


def test_a_lowering_declaration_cannot_be_challenged(terts):
    """It already costs its value: beating it would wipe the penalty."""
    game(terts, quick=True)
    terts.ok("declare", "Alice", "50:Q♥")
    terts.ok("declare", "Alice", "terts:J♥")
    terts.refused("challenge", "Bob", "terts:K♣")


def test_runs_of_one_turn_do_not_lower_each_other(terts):
    """multiple: terts from K♣ and terts from 10♣ in one turn [000], told in two commands."""
    game(terts, "multi", trump="s")
    terts.ok("declare", "Alice", "terts:K♣")
    terts.ok("declare", "Alice", "terts:10♣")
    assert [d[2] for d in declared(terts)] == ["scored", "scored"]


@pytest.mark.parametrize(
    ("card", "hint"),
    [
        pytest.param("Ач", "the ace is Latin A or Cyrillic Т", id="Cyrillic а for the ace"),
        pytest.param("Bч", "the jack is J or Cyrillic В", id="Latin B for the jack"),
        pytest.param("Qс", "clubs are Latin c", id="Cyrillic с for clubs"),
    ],
)
def test_letters_of_the_other_alphabet_are_named(terts, card, hint):
    r = terts("check", "trick", card, "7h", "--trump", "s")
    assert r.code == 2 and hint in r.stderr


def test_check_trick_echoes_both_cards(terts):
    """A ten written T (Latin) and an ace written Т (Cyrillic) look alike: both are shown."""
    out = terts.ok("check", "trick", "Th", "Тч", "--trump", "s").stdout
    assert "10♥ led, A♥ played to it: A♥ takes the trick" in out


@pytest.mark.parametrize(
    "name",
    [
        pytest.param("An\x1b[31mn", id="an escape code"),
        pytest.param("A\tB", id="a tab"),
        pytest.param("A\nB", id="a new line"),
    ],
)
def test_control_characters_in_names_refused(terts, name):
    r = terts.refused("new", name, "Bob")
    assert "control characters" in r.stderr


def test_negative_card_points_are_out_of_range(terts):
    game(terts, quick=True)
    r = terts.refused("score", "-1", "--by", "Alice", "--last-trick", "Bob")
    assert "from 0 to 150" in r.stderr


def test_min_stock_beyond_the_stock_refused(terts, tmp_path):
    path = own_rules(tmp_path, "[exchange]\nmin_stock = 99")
    r = terts("rules", "check", path)
    assert r.code == 2 and "at most 14" in r.stderr


def test_rules_show_writes_values_as_toml(terts):
    out = terts.ok("rules", "show", "classic").stdout
    assert "true" in out and "True" not in out


def test_exchange_without_a_recorded_trump(terts):
    """A deal dealt without --trump: the exchange is noted (its cards cannot be traced)."""
    terts.ok("new", "Alice", "Bob")
    terts.ok("deal")
    assert terts.status()["may_exchange"] is True
    terts.ok("exchange", "Alice")
    assert terts.status()["may_exchange"] is False
    terts.refused("exchange", "Bob")
