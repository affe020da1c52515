"""Corrections of past events, through the library: ``Game.correct`` and the trail.

A correction is judged like a new event at its place, then every later event is judged again;
the journal of recorded events and the trail of corrections are both append-only, and the
effective events are their fold (``corrections.effective``).
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from terts_referee.domain.cards import Suit
from terts_referee.domain.declarations import parse_combo
from terts_referee.domain.events import (
    Challenge,
    Claim,
    DealEvent,
    Declare,
    Event,
    Penalty,
    PenaltyKind,
    Score,
)
from terts_referee.domain.rules import load_ruleset
from terts_referee.errors import NotationError, RefereeError, RuleError
from terts_referee.game.corrections import Action, CorrectionRefused
from terts_referee.game.demo import sample_events
from terts_referee.game.model import Game
from terts_referee.game.storage import read_game, update_game, write_game
from tests.helpers import raises_verdict, said

A, B = "Аня", "Боря"
T0 = datetime(2026, 11, 30, 20, 0, tzinfo=timezone(timedelta(hours=3)))


def demo_game(upto: int | None = None) -> Game:
    """The bundled sample game (16 events, 4 deals, Аня claims in deal 4), each event a minute
    after the one before; ``upto`` stops after that many events."""
    game = Game((A, B), load_ruleset("classic"), started=T0)
    for i, event in enumerate(sample_events(game), start=1):
        if upto is not None and i > upto:
            break
        game.record(event, T0 + timedelta(minutes=i))
    return game


def score_game(*counts: int) -> Game:
    """Quick deals in which Аня counts ``counts[i]`` card points and takes the last trick."""
    game = Game((A, B), load_ruleset("classic"), started=T0)
    for i, points in enumerate(counts):
        game.record(DealEvent(None, Suit.HEARTS, quick=True), T0 + timedelta(minutes=2 * i))
        game.record(Score(A, points, A), T0 + timedelta(minutes=2 * i + 1))
    return game


def totals_by_deal(game: Game) -> list[dict[str, int]]:
    return [d.totals for d in game.sheet().deals]


def reread(game: Game) -> Game:
    return Game.from_doc(game.to_doc())


# --- a correction that holds re-totals what follows ------------------------------------------


def test_a_miscount_fixed_three_deals_later_retotals_every_later_deal():
    game = demo_game(upto=14)  # deal 4 just dealt: the count of deal 1 was event 3
    before = totals_by_deal(game)
    correction, change, sheet = game.correct(Action.REPLACE, 3, Score(B, 64, A))
    after = totals_by_deal(game)
    # Боря counted 64, not 54: 10 more for him, 10 fewer for Аня in deal 1 and every total after
    # deal 4, open, carries the running totals so far: they move with the count of deal 1
    assert [d.number for d in change.deals] == [1, 2, 3, 4]
    assert change.deals[3].points_before == change.deals[3].points_after
    assert change.deals[0].points_before == {A: 120, B: 50}
    assert change.deals[0].points_after == {A: 110, B: 60}
    assert [a[B] - b[B] for a, b in zip(after[:3], before[:3], strict=True)] == [10, 10, 10]
    assert [a[A] - b[A] for a, b in zip(after[:3], before[:3], strict=True)] == [-10, -10, -10]
    assert change.totals_before == before[2] and change.totals_after == sheet.totals == after[2]
    assert correction.old == Score(B, 54, A) and correction.new == Score(B, 64, A)
    assert reread(game).sheet().totals == sheet.totals  # the file says the same


def test_a_fixed_count_can_change_the_winner():
    game = score_game(130, 130, 130, 130)
    assert game.sheet().winner == A
    _, change, sheet = game.correct(Action.REPLACE, 2, Score(B, 130, A))
    assert change.winner_changed and change.winner_before == A and change.winner_after is None
    assert sheet.winner is None and not sheet.finished
    assert [d.number for d in change.deals] == [1, 2, 3, 4]


def test_an_inserted_forgotten_marriage_scores_in_its_deal():
    game = score_game(54, 64, 74)  # three quick deals, trump hearts, Аня counts
    marriage = Declare(B, (parse_combo("марьяж", Suit.HEARTS, game.rules),))
    before = game.sheet().deals[0].points[B]
    _, change, sheet = game.correct(Action.INSERT, 2, marriage)  # before deal 1's count
    deal = sheet.deals[0]
    assert deal.points[B] == before + 20
    assert [r.decl for r in deal.declarations if r.player == B] == [marriage.combos[0]]
    assert game.events[1] == marriage and len(game.events) == 7
    assert change.deals[0].number == 1


def test_an_inserted_event_takes_the_time_of_the_one_before():
    game = demo_game()
    game.correct(Action.INSERT, 3, Declare(B, (parse_combo("терц:Кт", Suit.HEARTS),)))
    assert game.time_of(3) == game.time_of(2) == T0 + timedelta(minutes=2)
    assert game.time_of(4) == T0 + timedelta(minutes=3)  # the count keeps its own


def test_a_replacement_keeps_the_time_of_the_event_it_replaces():
    game = demo_game()
    game.correct(Action.REPLACE, 3, Score(B, 64, A), at=T0 + timedelta(hours=1))
    assert game.time_of(3) == T0 + timedelta(minutes=3)
    assert game.corrections[-1].at == T0 + timedelta(hours=1)


# --- refusals ---------------------------------------------------------------------------------


def test_dropping_a_declaration_a_later_challenge_beat_is_refused_naming_the_challenge():
    game = demo_game()
    doc = game.to_doc()
    with raises_verdict(CorrectionRefused, "err.fix.broken") as err:
        game.correct(Action.DROP, 5)  # Боря's 50:K♠, which Аня's 105:J♦ beat at event 6
    assert said(err.value).startswith("event 6, Аня's challenge, no longer holds: ")
    assert err.value.number == 6
    assert game.to_doc() == doc  # nothing changed


def test_a_later_event_that_no_longer_holds_is_named_by_its_number_before_the_correction():
    game = demo_game()
    with raises_verdict(CorrectionRefused, "err.fix.broken") as err:
        game.correct(Action.REPLACE, 3, Score(B, 114, A))  # Аня then has too few to claim
    assert said(err.value).startswith("event 16, Аня's claim, no longer holds: ")


def test_dropping_a_deals_opening_event_is_refused_while_its_events_stand():
    game = demo_game()
    with raises_verdict(
        CorrectionRefused, "err.fix.opening", r"event 4 opens a deal whose events 5-8"
    ):
        game.correct(Action.DROP, 4)
    game = demo_game(upto=15)  # deal 4 holds one event: named as one, never a range 15-15
    with raises_verdict(
        CorrectionRefused, "err.fix.opening.one", r"event 14 opens a deal whose event 15 still"
    ):
        game.correct(Action.DROP, 14)
    game = demo_game(upto=14)
    game.correct(Action.DROP, 14)  # deal 4 has no events yet: it may go
    assert len(game.sheet().deals) == 3


@pytest.mark.parametrize(
    ("action", "number", "event", "code", "message"),
    [
        (Action.REPLACE, 3, Score(B, 200, A), "err.fix.own.replace",
         "event 3 cannot be replaced by this: "),
        (Action.INSERT, 2, Challenge(B, parse_combo("50:K♠")), "err.fix.own.insert",
         "this cannot go before event 2: "),
        (Action.INSERT, 1, Score(A, 80, A), "err.fix.own.insert",
         "this cannot go before event 1: "),
    ],
)  # fmt: skip
def test_a_correction_whose_own_event_the_rules_refuse_is_refused(
    action, number, event, code, message
):
    game = demo_game()
    doc = game.to_doc()
    with raises_verdict(CorrectionRefused, code) as err:
        game.correct(action, number, event)
    assert said(err.value).startswith(message)
    assert game.to_doc() == doc


@pytest.mark.parametrize(
    ("action", "number", "message"),
    [
        (Action.REPLACE, 17, "there is no event 17 to replace: expected a number from 1 to 16"),
        (Action.REPLACE, 0, "there is no event 0 to replace"),
        (Action.INSERT, 17, "there is no event 17 to insert before: expected a number from 1"),
        (Action.DROP, -1, "there is no event -1 to drop"),
        (Action.DROP, 99, "there is no event 99 to drop: expected a number from 1 to 16"),
    ],
)
def test_numbers_out_of_range_are_refused(action, number, message):
    game = demo_game()
    event = None if action is Action.DROP else Score(A, 80, A)
    with raises_verdict(NotationError, f"err.fix.range.{action.value}", message):
        game.correct(action, number, event)


def test_nothing_to_correct_in_an_empty_game():
    game = Game((A, B), load_ruleset("classic"))
    with raises_verdict(NotationError, "err.fix.empty", "no events yet"):
        game.correct(Action.DROP, 1)


# --- event numbers inside events --------------------------------------------------------------


def targeted_game(upto: int = 16) -> Game:
    """The sample game with deal 3's false declaration naming its event (11)."""
    game = Game((A, B), load_ruleset("classic"), started=T0)
    for i, event in enumerate(sample_events(game), start=1):
        if i > upto:
            break
        if isinstance(event, Penalty):
            event = event._replace(target=11)
        game.record(event, T0 + timedelta(minutes=i))
    return game


def test_an_insert_moves_the_event_a_penalty_names_with_it():
    game = targeted_game()
    before = game.sheet().deals[2].points
    game.correct(Action.INSERT, 10, Declare(B, (parse_combo("терц:Дч", Suit.DIAMONDS),)))
    assert game.events[12] == Penalty(B, PenaltyKind.FALSE_DECLARATION, None, 12)
    assert game.sheet().deals[2].points[B] == before[B] + 20  # his 50 still voided
    assert reread(game).events == game.events


def test_dropping_the_event_a_penalty_names_is_refused_naming_the_penalty():
    game = targeted_game()
    with raises_verdict(CorrectionRefused, "err.fix.broken") as err:
        game.correct(Action.DROP, 11)
    assert said(err.value) == (
        "event 12, Боря's penalty, no longer holds: it names event 11, which would be removed; "
        "the correction is refused"
    )


def test_a_penalty_inserted_names_events_by_their_numbers_before_the_correction():
    game = targeted_game(upto=13)
    game.correct(Action.DROP, 12)  # the penalty goes ...
    penalty = Penalty(B, PenaltyKind.FALSE_DECLARATION, None, 11)
    game.correct(Action.INSERT, 12, penalty)  # ... and comes back, naming 11 as the log shows
    assert game.events == targeted_game(upto=13).events


# --- the trail --------------------------------------------------------------------------------


def test_the_trail_holds_every_correction_and_undo_with_old_and_new_events_and_times():
    game = demo_game()
    recorded = [e.to_dict() for e in game.events]
    at = [T0 + timedelta(hours=h) for h in range(1, 5)]
    game.correct(Action.REPLACE, 3, Score(B, 64, A), at=at[0])
    game.correct(Action.INSERT, 3, Declare(B, (parse_combo("терц:Кт", Suit.HEARTS),)), at=at[1])
    game.correct(Action.DROP, 17, at=at[2])  # Аня's claim
    game.record(Claim(A, 2, 35), at[3])
    game.undo()
    doc = game.to_doc()
    assert doc["format"] == 3
    journal = [{k: v for k, v in e.items() if k != "at"} for e in doc["events"]]
    assert journal == [*recorded, Claim(A, 2, 35).to_dict()]  # nothing rewritten
    trail = doc["corrections"]
    assert [(c["action"], c["number"], c["after"]) for c in trail] == [
        ("replace", 3, 16),
        ("insert", 3, 16),
        ("drop", 17, 16),
        ("drop", 17, 17),
    ]
    assert trail[0]["old"] == {**Score(B, 54, A).to_dict(), "at": T0 + timedelta(minutes=3)}
    assert trail[0]["new"] == Score(B, 64, A).to_dict()
    assert "old" not in trail[1] and trail[1]["new"]["combos"] == ["terts:K♣"]
    assert "new" not in trail[2] and trail[2]["old"]["type"] == "claim"
    assert [c["at"] for c in trail[:3]] == at[:3]
    assert isinstance(trail[3]["at"], datetime)  # undo: now
    assert {n: c.action for n, c in game.corrected().items()} == {
        3: Action.INSERT,
        4: Action.REPLACE,
    }
    again = Game.from_doc(doc)
    assert again.events == game.events and again.times == game.times
    assert again.corrections == game.corrections


def test_the_trail_round_trips_through_the_file(tmp_path):
    game = demo_game()
    game.correct(Action.REPLACE, 3, Score(B, 64, A))
    path = tmp_path / "g.toml"
    write_game(path, game.to_doc())
    again = Game.from_doc(read_game(path))
    assert again.events == game.events and again.corrections == game.corrections
    assert again.sheet().totals == game.sheet().totals


def test_an_event_recorded_after_an_insert_may_name_an_event_past_its_place_in_the_journal():
    """The file checks a penalty's ``event`` against the number the penalty took when it was
    recorded, not its place among the recorded events."""
    game = demo_game(upto=11)  # Боря's 50:A♠ is event 11
    game.correct(Action.INSERT, 2, Declare(B, (parse_combo("терц:Кт", Suit.HEARTS),)))
    game.record(Penalty(B, PenaltyKind.FALSE_DECLARATION, None, 12))  # the 50, now event 12
    doc = game.to_doc()
    assert len(doc["events"]) == 12 and doc["events"][-1]["event"] == 12
    assert reread(game).events == game.events


def test_a_game_without_corrections_is_still_written_as_format_2():
    game = demo_game()
    assert game.to_doc()["format"] == 2 and "corrections" not in game.to_doc()


@pytest.mark.parametrize(
    ("trail", "code", "message"),
    [
        (
            [{"action": "swap", "number": 1, "after": 1}],
            "store.correction_malformed",
            "correction 1 in the game file is",
        ),
        (
            [{"action": "drop", "number": 5, "after": 1}],
            "store.correction_range",
            "names event 5, but there were 1",
        ),
        (
            [{"action": "drop", "number": 1, "after": 9}],
            "store.correction_after",
            r"out of order \(after = 9",
        ),
        (
            [{"action": "replace", "number": 1, "after": 1}],
            "store.correction_malformed",
            "correction 1 in the game file is malformed",
        ),
        ("nonsense", "store.field", "corrections = 'nonsense' is not allowed: expected a list"),
        (
            [{"action": "drop", "number": 1, "after": 1, "when": 3}],
            "store.correction_malformed",
            r"correction 1 in the game file is malformed \(unknown keys \['when'\]\)",
        ),
    ],
)
def test_a_damaged_trail_is_a_corrupt_file(trail, code, message):
    doc = score_game(80).to_doc()
    doc["events"] = doc["events"][:1]
    doc["corrections"] = trail
    with raises_verdict(RefereeError, code, message):
        Game.from_doc(doc)


# --- properties over random games -------------------------------------------------------------

COMBOS = ("терц:Дч", "50:Кп", "105:Вб", "4К", "4В", "марьяж", "терц:10т", "50:Тп", "106:Дб")
KINDS = ("false-declaration", "miscount", "empty-challenge", "late-declaration")


@st.composite
def games(draw) -> Game:
    """A game built from random events, each kept only if the rules accept it then."""
    game = Game((A, B), load_ruleset("classic"), started=T0)
    trump = Suit.HEARTS
    event: Event
    for i in range(draw(st.integers(4, 30))):
        kind = draw(st.sampled_from(("deal", "declare", "declare", "challenge", "score", "pen")))
        player = draw(st.sampled_from((A, B)))
        try:
            if kind == "deal":
                trump = draw(st.sampled_from(list(Suit)))
                event = DealEvent(None, trump, quick=True)
            elif kind == "declare":
                event = Declare(player, (parse_combo(draw(st.sampled_from(COMBOS)), trump),))
            elif kind == "challenge":
                event = Challenge(player, parse_combo(draw(st.sampled_from(COMBOS)), trump))
            elif kind == "score":
                event = Score(player, draw(st.integers(0, 150)), draw(st.sampled_from((A, B))))
            elif draw(st.booleans()):  # a false declaration named by its event number
                own = [
                    i
                    for i, e in enumerate(game.events, start=1)
                    if isinstance(e, Declare) and e.player == player
                ]
                target = draw(st.sampled_from(own)) if own else 1
                event = Penalty(player, PenaltyKind.FALSE_DECLARATION, None, target)
            else:
                points = draw(st.integers(0, 150))
                event = Penalty(player, PenaltyKind.parse(draw(st.sampled_from(KINDS))), points)
            game.record(event, T0 + timedelta(minutes=i))
        except (RuleError, NotationError):
            continue
    assume(game.events)
    return game


def scores(game: Game) -> list:
    """What the sheet shows, times left out: each deal's points, totals and records."""
    sheet = game.sheet()
    return [
        [
            (
                (d.number, d.dealer, d.points, d.totals, d.finished, d.claimed_by),
                [(r.event, r.player, r.decl, r.status, r.value) for r in d.declarations],
                [(p.event, p.player, p.kind, p.points, p.uphill) for p in d.penalties],
            )
            for d in sheet.deals
        ],
        sheet.totals,
        sheet.uphill,
        sheet.finished,
        sheet.winner,
        sheet.notices,
    ]


PROPERTY = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(games(), st.data())
def test_replacing_an_event_by_itself_leaves_the_sheet_identical(game, data):
    number = data.draw(st.integers(1, len(game.events)))
    before = scores(game)
    _, change, _ = game.correct(Action.REPLACE, number, game.events[number - 1])
    assert scores(game) == before and change.deals == [] and not change.winner_changed


@PROPERTY
@given(games(), st.data())
def test_drop_then_insert_of_the_same_event_at_the_same_place_leaves_the_sheet_identical(
    game, data
):
    number = data.draw(st.integers(1, len(game.events)))
    before, events = scores(game), list(game.events)
    old = game.events[number - 1]
    try:
        game.correct(Action.DROP, number)
    except CorrectionRefused:
        assume(False)
    if number <= len(game.events):
        game.correct(Action.INSERT, number, old)
    else:
        game.record(old)
    assert game.events == events and scores(game) == before
    assert scores(reread(game)) == before


@PROPERTY
@given(games(), st.data())
def test_a_refused_correction_leaves_the_file_byte_identical(tmp_path_factory, game, data):
    path = tmp_path_factory.mktemp("fix") / "g.toml"
    write_game(path, game.to_doc())
    before = path.read_bytes()
    action = data.draw(st.sampled_from(list(Action)))
    number = data.draw(st.integers(-1, len(game.events) + 2))
    event = None
    if action is not Action.DROP:
        event = data.draw(
            st.sampled_from(
                [
                    Score(A, data.draw(st.integers(0, 200)), B),
                    Declare(B, (parse_combo(data.draw(st.sampled_from(COMBOS)), Suit.CLUBS),)),
                    Challenge(A, parse_combo(data.draw(st.sampled_from(COMBOS)), Suit.CLUBS)),
                    DealEvent(None, Suit.SPADES, quick=True),
                    Claim(B, 3, 40),
                ]
            )
        )

    def change(doc):
        g = Game.from_doc(doc)
        g.correct(action, number, event)
        doc.clear()
        doc.update(g.to_doc())

    try:
        update_game(path, change)
    except RefereeError:
        assert path.read_bytes() == before
    else:
        assert Game.from_doc(read_game(path)).corrections[-1].action is action


@PROPERTY
@given(games(), st.data())
def test_the_file_folds_back_to_the_same_events_after_any_mix_of_records_and_corrections(
    game, data
):
    """Corrections interleaved with new events: the journal and the trail read back give the
    effective events, their times and the sheet the game had in memory."""
    for step in range(data.draw(st.integers(1, 8))):
        action = data.draw(st.sampled_from(["record", *Action]))
        n = len(game.events)
        try:
            if action == "record":
                game.record(Score(A, data.draw(st.integers(0, 150)), B), T0 + timedelta(days=1))
            elif action is Action.DROP:
                game.correct(action, data.draw(st.integers(1, max(n, 1))))
            else:
                number = data.draw(st.integers(1, max(n, 1)))
                event = game.events[data.draw(st.integers(0, max(n - 1, 0)))] if n else None
                game.correct(action, number, event, at=T0 + timedelta(days=2, minutes=step))
        except (RuleError, NotationError):
            continue
    again = reread(game)
    assert again.events == game.events and again.times == game.times
    assert again.corrections == game.corrections and scores(again) == scores(game)
