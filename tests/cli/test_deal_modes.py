"""Quick deals by default, trick by trick as the option (§4.3), through the ``terts``
command: ``new --tricks``, ``deal --tricks`` and ``--quick``, files written before quick by
default, a trick turning a quick deal trick by trick, and the status of a quick deal.
"""

from __future__ import annotations

import tomllib

import pytest


def deals(terts) -> list[dict]:
    return terts.sheet()["deals"]


@pytest.mark.parametrize("rules", ["classic", "strict", "book", "multi", "follow"])
def test_a_scorers_game_is_never_refused_for_timing(terts, rules):
    """§4.3: timing only where tricks are followed; `terts new` deals are quick, so a
    scorer's declarations in any order, then the count, are all written [000][002]."""
    terts.ok("new", "Аня", "Боря", "--rules", rules)
    terts.ok("deal", "--trump", "7ч")
    terts.ok("declare", "Боря", "4A")
    terts.ok("declare", "Аня", "терц:Дт")
    terts.ok("declare", "Боря", "терц:Тп")
    terts.ok("declare", "Аня", "50:Кб")
    terts.ok("score", "54", "--by", "Боря", "--last-trick", "Аня")
    deal = deals(terts)[0]
    assert deal["quick"] is True
    assert [d["status"] for d in deal["declared"]] == ["scored"] * 4


def test_new_tricks_makes_every_deal_trick_by_trick(terts):
    """`terts new --tricks`: deals trick by trick unless `deal --quick`."""
    terts.ok("new", "Аня", "Боря", "--tricks")
    terts.ok("deal", "--trump", "7ч")
    assert terts.status()["quick"] is False
    r = terts.refused("declare", "Боря", "терц:Тп")
    assert "does not lead trick 1" in r.stderr
    assert "terts deal --trump 7♥ --quick --replace 1" in r.stderr  # mends the open deal
    terts.ok("undo")
    terts.ok("deal", "--trump", "7ч", "--quick")
    assert terts.status()["quick"] is True


def test_deal_tricks_overrides_one_deal(terts):
    terts.ok("new", "Аня", "Боря")
    terts.ok("deal", "--trump", "7ч", "--tricks")
    assert terts.status()["quick"] is False
    doc = tomllib.loads(terts.game.read_text(encoding="utf-8"))
    assert doc["quick"] is True and "quick" not in doc["events"][0]


def test_new_quick_is_still_accepted(terts):
    terts.ok("new", "Аня", "Боря", "--quick")
    terts.ok("deal", "--trump", "7ч")
    assert terts.status()["quick"] is True


def test_old_game_files_replay_as_before(terts):
    """A game file without the game-level `quick` key: its deals were trick by trick."""
    terts.ok("new", "Аня", "Боря", "--tricks")
    doc = tomllib.loads(terts.game.read_text(encoding="utf-8"))
    assert "quick" not in doc  # what a file written before quick-by-default looks like
    terts.ok("deal", "--trump", "7ч")
    assert terts.status()["quick"] is False


def test_a_trick_in_a_quick_deal_turns_it_trick_by_trick(terts):
    """§4.3: the first trick recorded in a quick deal: followed from that trick on."""
    terts.ok("new", "Аня", "Боря")
    terts.ok("deal", "--trump", "7ч")
    terts.ok("declare", "Боря", "терц:Тт")
    out = terts.ok("trick", "Тп", "9п").stdout
    assert "now followed trick by trick" in out
    assert terts.status()["quick"] is False
    assert terts.sheet()["deals"][0]["timed_from"] == 3  # deal, declare, trick
    r = terts.refused("declare", "Боря", "терц:Кб")
    assert "does not lead trick 2" in r.stderr and "--quick" not in r.stderr


def test_status_of_a_quick_deal_claims_no_trick_or_stock(terts):
    """§4.3: a quick deal records no tricks, so `status` names no trick, stock or
    leader for it (they are not known) but says what comes next; a trick makes it
    trick by trick, and the full status is back."""
    terts.ok("new", "Аня", "Боря")
    terts.ok("deal", "--trump", "7ч")
    out = terts.ok("status").stdout
    assert out.splitlines()[0] == (
        "deal 1 (quick: tricks not recorded), Боря deals, trump ♥: declarations, "
        "then the count: terts score POINTS --by P --last-trick P"
    )
    assert "stock" not in out and "exchange" not in out
    assert "Аня may declare: runs, fours, marriage" in out
    ru = terts.ok("--lang", "ru", "status").stdout
    assert ru.startswith("сдача 1 (быстрый учёт: взятки не записываются), сдаёт Боря, козырь ♥")
    terts.ok("trick", "Тп", "7п")
    assert terts.ok("status").stdout.startswith("deal 1, trick 2 (drawing), stock 12")
