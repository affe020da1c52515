"""The referee's rooms (one module per rule area) and its linear walk (a what-if replay
undoes a skipped event from a copy of the last deal only).

The referee is split by rule area (``terts_referee.referee``); these tests hold the seams: the
modules import each other without a cycle and each says what it owns; a what-if replay undoes a
skipped event from a copy of the last deal only, and must leave exactly the sheet that a copy of
the whole state would; ``Sheet.notices_for`` reads an index that must agree with the notices;
statuses and phases are enums whose values are the words the JSON has always had.
"""

from __future__ import annotations

import ast
import copy
import json
import random
from enum import Enum
from pathlib import Path

import pytest

from terts_referee import referee
from terts_referee.domain.cards import DECK, Card, Rank, Suit
from terts_referee.domain.declarations import Declaration
from terts_referee.domain.events import (
    Challenge,
    Claim,
    DealEvent,
    Declare,
    Exchange,
    Penalty,
    PenaltyKind,
    Score,
    Trick,
)
from terts_referee.domain.verdicts import Verdict
from terts_referee.errors import RuleError
from terts_referee.referee import Phase, Status, phase_of, replay
from terts_referee.referee.dispatch import apply
from terts_referee.referee.state import State
from tests.property.test_simulated_deals import events_of, ruleset
from tests.simulator import simulate

PLAYERS = ("Ann", "Bob")
PACKAGE = Path(referee.__file__).parent


# --- the rooms ----------------------------------------------------------------------------------


def _imports(path: Path) -> set[str]:
    """The sibling modules ``path`` imports, at any level (function-level imports count)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                found.add(node.module.split(".")[0])
            else:
                found |= {a.name for a in node.names}
    return found


def test_referee_modules_import_no_cycle():
    graph = {p.stem: _imports(p) - {"__init__"} for p in PACKAGE.glob("*.py")}
    graph.pop("__init__")
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, " -> ".join((*path, name))
        if name in done:
            return
        for dep in sorted(graph[name]):
            visit(dep, (*path, name))
        done.add(name)

    for name in sorted(graph):
        visit(name, ())


@pytest.mark.parametrize("path", sorted(PACKAGE.glob("*.py")), ids=lambda p: p.name)
def test_each_referee_module_says_what_it_owns(path):
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
    assert doc and len(doc) > 80


def test_every_event_type_has_one_judge():
    from terts_referee.domain import events

    found = [getattr(cls, "type", None) for cls in vars(events).values() if isinstance(cls, type)]
    types = {name for name in found if isinstance(name, str)}
    assert set(referee.JUDGES) == types


# --- statuses and phases ------------------------------------------------------------------------


def test_statuses_and_phases_are_the_words_of_the_json():
    assert [s.value for s in Status] == [
        "scored",
        "burned",
        "withdrawn",
        "false",
        "late",
        "lowering",
        "repeat",
    ]
    assert json.dumps([Status.BURNED, Phase.FINAL]) == '["burned", "final"]'
    # a status is the string itself (a StrEnum): equal to its word wherever it is compared
    assert isinstance(Status.SCORED, str) and str(Status.SCORED) == "scored"
    assert f"status.{Status.LATE}" == "status.late"
    assert [phase_of(k) for k in (1, 2, 7, 8, 16, 17)] == [
        "before-break",
        "drawing",
        "drawing",
        "final",
        "final",
        "over",
    ]


# --- a skipped event is undone exactly ----------------------------------------------------------


def _plain(obj, seen=(), left_out=frozenset({"rules", "_by_event"})):
    """A comparable picture of the sheet: the referee's records (plain classes) by attribute
    (the ruleset and caches left out, and any other attribute named in ``left_out``),
    containers by content."""
    if type(obj).__module__.startswith("terts_referee.referee.") and hasattr(obj, "__dict__"):
        if id(obj) in seen:
            return "<cycle>"
        seen = (*seen, id(obj))
        return {
            name: _plain(value, seen, left_out)
            for name, value in vars(obj).items()
            if name not in left_out
        }
    if isinstance(obj, dict):
        return {repr(k): _plain(v, seen, left_out) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_plain(v, seen, left_out) for v in obj]
    if isinstance(obj, (set, frozenset)):
        return sorted(repr(v) for v in obj)
    if isinstance(obj, Enum):
        return obj.value
    return repr(obj)


def _whole_copy_replay(events, rules, players=PLAYERS, recorded=0):
    """The what-if replay as it was: a deep copy of the whole state before every event
    (``recorded``: how many of them are in the game file already, as ``State.recorded``)."""
    st = State.start(players, rules, None)
    st.recorded = recorded
    for i, ev in enumerate(events, start=1):
        saved = copy.deepcopy(st)
        try:
            apply(st, i, ev)
        except RuleError as exc:
            st = saved
            st.sheet.skipped.append(i)
            params = {"number": i, "type": ev.type, "rules": rules.name, "reason": exc.verdict}
            st.sheet.notices.append((i, Verdict("notice.skipped", params)))
    return st.sheet


def _junk(rng: random.Random, deal_trump: Suit | None) -> object:
    """An event that is often refused: random cards, combos, counts and penalties."""
    card = rng.choice(DECK)
    other = rng.choice(DECK)
    player = rng.choice(PLAYERS)
    suit = deal_trump or rng.choice(list(Suit))
    run = Declaration.sequence(rng.choice((3, 4, 5)), rng.choice((Rank.ACE, Rank.KING)), suit)
    return rng.choice(
        [
            Trick(card, other),
            Declare(player, (run,)),
            Declare(player, (Declaration.marriage(suit),)),
            Challenge(player, run),
            Exchange(player),
            Claim(player, rng.randint(0, 17), rng.randint(0, 140)),
            Score(player, rng.randint(0, 160), rng.choice(PLAYERS)),
            Penalty(player, rng.choice(list(PenaltyKind)), rng.choice((None, 10, -5, 9999))),
            Penalty(player, PenaltyKind.FALSE_DECLARATION, target=rng.randint(1, 60)),
            DealEvent(None, suit, Card(Rank.SEVEN, suit)),
        ]
    )


def _game(seed: int, rules) -> list:
    """Three simulated trick-mode deals with declarations and exchanges, junk mixed in."""
    rng = random.Random(seed)
    events: list = []
    dealer = PLAYERS[seed % 2]
    for k in range(3):
        deal = simulate(seed * 7 + k, PLAYERS, dealer, exchange=0.5, declare=0.6, renege_at=10 + k)
        for ev in events_of(deal, rules, dealer=None):
            if rng.random() < 0.25:
                events.append(_junk(rng, deal.trump))
            events.append(ev)
        dealer = deal.last_trick
    return events


@pytest.mark.parametrize("what_if", ["classic", "strict", "book", "short"])
@pytest.mark.parametrize("seed", range(12))
def test_what_if_replay_undoes_a_skipped_event_exactly(seed, what_if):
    """A what-if replay (``sheet --as``) of a game recorded under classic, junk mixed in: every
    event refused is undone as a copy of the whole state would have undone it."""
    events = _game(seed, ruleset("classic"))
    rules = ruleset(what_if)
    got = replay(PLAYERS, events, rules, strict=False)
    want = _whole_copy_replay(events, rules)
    assert got.skipped  # the junk was refused
    assert _plain(got) == _plain(want)


# --- notices by event ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_notices_for_agrees_with_the_notices(seed):
    events = _game(seed, ruleset("classic"))
    sheet = replay(PLAYERS, events, ruleset("classic"), strict=False)
    for n in range(len(events) + 2):
        assert sheet.notices_for(n) == [text for i, text in sheet.notices if i == n]
    later = Verdict("notice.trick_mode", {"deal": 1})
    sheet.notices.append((1, later))
    assert sheet.notices_for(1)[-1] == later


@pytest.mark.parametrize("seed", range(6))
def test_a_judge_refuses_before_it_writes(seed):
    """Today every judge checks all before it writes: a refused event leaves the state as it
    found it (``dispatch.Undo`` is the safety net for a judge that some day does not)."""
    events = _game(seed, ruleset("classic"))
    rules = ruleset("strict")
    st = State.start(PLAYERS, rules, None)
    for i, ev in enumerate(events, start=1):
        before = _plain((st.sheet, st.last_event, st.last_deal_event_deal))
        try:
            apply(st, i, ev)
        except RuleError:
            assert _plain((st.sheet, st.last_event, st.last_deal_event_deal)) == before, ev


def _writes_then_refuses(judge):
    """``judge``, but it scribbles over the deal and the sheet before refusing half its events."""

    def scribbling(st, ev):
        judge(st, ev)
        if st.number % 2:
            return
        st.notice(Verdict("notice.trick_mode", {"deal": 99}), st.sheet.deals[-1])  # scribbled
        st.sheet.uphill[PLAYERS[0]] += 100
        st.sheet.totals[PLAYERS[1]] -= 7
        st.sheet.deals[-1].declarations.clear()
        st.sheet.deals[-1].burned[PLAYERS[0]].add(Declaration.marriage(Suit.CLUBS))
        st.sheet.finished, st.sheet.winner = True, PLAYERS[0]
        if len(st.sheet.deals) > 1:
            st.sheet.deals.pop(0)
        raise RuleError(Verdict("err.declare.twice"))  # refused after writing

    return scribbling


@pytest.mark.parametrize("seed", range(6))
def test_undo_restores_what_a_judge_wrote_before_refusing(seed, monkeypatch):
    events = _game(seed, ruleset("classic"))
    for kind in ("trick", "declare", "challenge", "deal"):
        monkeypatch.setitem(referee.JUDGES, kind, _writes_then_refuses(referee.JUDGES[kind]))
    rules = ruleset("classic")
    got = replay(PLAYERS, events, rules, strict=False)
    want = _whole_copy_replay(events, rules)
    assert len(got.skipped) > len(events) // 4
    assert _plain(got) == _plain(want)
