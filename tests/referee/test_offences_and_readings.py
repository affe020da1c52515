"""The readings of §4.1-§4.3 and §6 where a scorer written from the sources alone disagreed with
the referee: each case through the referee (or the game API), named by its rule and source.

- §4.2 [001]: the asker's forfeit binds «в этом ходе», in that turn: a quick deal records none.
- §6: offences add up, the sheet the same in any order of the penalties.
- §6: a penalty written by hand names an offence that happened, and is charged once.
- §4.3 [000] rule 5: one deck; the face-up card ends in one hand.
- §4.1, §4.3 ``multiple``: the highest of one event, the trump run above a plain one.
- §6: a false-declaration penalty names the false one of an event's several combinations.
- §4.3 [001] ``subset``: a run inside several scored runs brings no new card: a lowering.
"""

from __future__ import annotations

from itertools import permutations

import pytest

from terts_referee.api import EventRefused, GameFile, PenaltyRequest, Verdict
from terts_referee.game.requests import DeclareRequest
from terts_referee.referee import Status
from tests.helpers import said
from tests.scripted import play, refused

# --- §4.2 [001]: the forfeit needs a turn; a quick deal records none (§4.3) ----------------


@pytest.mark.parametrize(
    ("rule", "script"),
    [
        pytest.param(
            "§4.2 [001] «в этом ходе»: after ask, a higher class in a quick deal",
            "declare Аня терц:Дт\nask Боря\ndeclare Боря 50:Тб",
            id="ask-then-fifty",
        ),
        pytest.param(
            "§4.2 [001]: a challenge implies the question, still no turn in a quick deal",
            "declare Аня терц:Дт\nchallenge Боря терц:Тб\ndeclare Боря 105:Вп",
            id="challenge-then-hundred",
        ),
    ],
)
def test_book_a_quick_deal_never_refuses_for_the_askers_forfeit(rule, script):
    """§4.2, §4.3 [001]: the forfeit lasts «в этом ходе»; a quick deal records no turns, and
    never refuses a declaration for its moment."""
    deal = play(f"deal 7ч quick\n{script}", "book").deals[0]
    assert deal.declarations[-1].status is Status.SCORED, rule


def test_book_trick_by_trick_the_forfeit_still_binds_its_turn():
    """§4.2 [001]: followed trick by trick, the asker forfeits the higher class before the
    trick, and no longer after it."""
    error = refused("deal 7ч\ndeclare Аня терц:Дт\nask Боря\ndeclare Боря 50:Тб", "book")
    assert error.verdict.code == "err.forfeit"
    deal = play("deal 7ч\ndeclare Аня терц:Дт\nask Боря\ntrick Тп 9п\ndeclare Боря 50:Тб", "book")
    assert deal.deals[0].declarations[-1].status is Status.SCORED


# --- §6: offences add up, in any order ---------------------------------------------------

#: A fifty of Аня (event 2) and what each penalty on it is written as.
FIFTY = "deal 7ч quick\ndeclare Аня 50:Кт"
#: A lowering of Аня (event 3: a terts under her fifty of clubs, classic's ``suit``).
LOWERING = "deal 7ч quick\ndeclare Аня 50:Кт\ndeclare Аня терц:Дт"


@pytest.mark.parametrize(
    ("rule", "start", "penalties", "uphill", "declared", "boris"),
    [
        pytest.param(
            "§6 [000]: late and false both pay: 50 (its value) + 100 uphill",
            FIFTY,
            ["penalty Аня late-declaration", "false Аня 2"],
            150,
            0,
            50,
            id="late-and-false",
        ),
        pytest.param(
            "§6 [000]: a lowering found false keeps its cost (-20) and pays 100 uphill",
            LOWERING,
            ["false Аня 3"],
            100,
            50 - 20,
            20,
            id="lowering-found-false",
        ),
        pytest.param(
            "§6 [000]: a lowering found late keeps its cost and pays its value uphill",
            LOWERING,
            ["penalty Аня late-declaration"],
            20,
            50 - 20,
            0,
            id="lowering-found-late",
        ),
        pytest.param(
            "§6 [000]: late, false and a miscount, three offences",
            FIFTY,
            ["penalty Аня late-declaration", "false Аня 2", "penalty Аня miscount 10"],
            150,
            0,
            60,
            id="three",
        ),
    ],
)
def test_offences_add_up_whatever_order_they_are_written_in(
    rule, start, penalties, uphill, declared, boris
):
    """§6: «offences add up … the sheet is the same whatever order the penalties are written
    in»: every order gives the same totals, uphill and statuses."""
    seen = set()
    for order in permutations(penalties):
        sheet = play("\n".join([start, *order]))
        deal = sheet.deals[0]
        assert sheet.uphill["Аня"] == uphill, (rule, order)
        assert deal.declared("Аня") == declared, (rule, order)
        assert deal.penalty_points("Боря") == boris, (rule, order)
        seen.add((tuple(deal.points.items()), tuple(r.status for r in deal.declarations)))
    assert len(seen) == 1, rule


def test_a_false_lowering_says_false_and_costs_its_lowering():
    """§6: the gravest offence is the status shown (false, then lowering, then late); the
    points keep every offence's cost."""
    deal = play(LOWERING + "\nfalse Аня 3").deals[0]
    terts = deal.declarations[-1]
    assert terts.status is Status.FALSE and terts.points == -20


# --- §6: a penalty names an offence that happened ----------------------------------------


@pytest.mark.parametrize(
    ("rule", "script", "code"),
    [
        pytest.param(
            "§4.3, §6 [000]: the first declaration of a deal lowers nothing",
            "deal 7ч quick\ndeclare Аня терц:Дт\npenalty Аня lowering 2",
            "err.penalty.not_lowering",
            id="lowering-first",
        ),
        pytest.param(
            "§4.3, §6 [000]: a declaration burned by a challenge lowered nothing",
            "deal 7ч quick\ndeclare Аня терц:Дт\nchallenge Боря 50:Тб\npenalty Аня lowering 2",
            "err.penalty.not_lowering",
            id="lowering-burned",
        ),
        pytest.param(
            "§6 [000]: a higher run of the suit is no lowering",
            "deal 7ч quick\ndeclare Аня терц:Дт\ndeclare Аня терц:Кт\npenalty Аня lowering 3",
            "err.penalty.not_lowering",
            id="lowering-higher",
        ),
        pytest.param(
            "§4.3, §6 [000][002][003]: a marriage may be declared at any time",
            "deal 7ч quick\ndeclare Аня марьяж\npenalty Аня late-declaration",
            "err.penalty.late_marriage",
            id="late-marriage",
        ),
        pytest.param(
            "§4.2, §6 [000] rule 6: a challenge that stands shows the asker held one",
            "deal 7ч quick\ndeclare Аня терц:Дт\nchallenge Боря терц:Тб\n"
            "penalty Боря empty-challenge",
            "err.penalty.empty_challenge.held",
            id="empty-challenge-standing",
        ),
        pytest.param(
            "§4.2, §6 [000] rule 6: a challenge named false still showed one (either order)",
            "deal 7ч quick\ndeclare Аня терц:Дт\nchallenge Боря терц:Тб\nfalse Боря 3\n"
            "penalty Боря empty-challenge",
            "err.penalty.empty_challenge.held",
            id="empty-challenge-after-false",
        ),
        pytest.param(
            "§4.2, §6 [000] rule 6: any declaration the asker wrote in the deal shows it",
            "deal 7ч quick\ndeclare Боря марьяж\ndeclare Аня терц:Дт\nask Боря\n"
            "penalty Боря empty-challenge",
            "err.penalty.empty_challenge.held",
            id="empty-challenge-declared",
        ),
    ],
)
def test_a_penalty_for_an_offence_that_did_not_happen_is_refused(rule, script, code):
    """§6: «A penalty written by hand names an offence that happened … Otherwise it is
    refused with the reason»."""
    error = refused(script)
    assert error.verdict.code == code, (rule, said(error))
    assert error.number == len(script.splitlines())


def test_a_late_marriage_refused_leaves_it_standing():
    """§4.3 [000]: a marriage priced as late would score nothing and could then be declared
    again; it is refused, so the marriage stands and may not be written twice."""
    error = refused("deal 7ч quick\ndeclare Аня марьяж\npenalty Аня late-declaration")
    assert "a marriage is never late" in said(error)
    again = refused("deal 7ч quick\ndeclare Аня марьяж\ndeclare Аня марьяж")
    assert again.verdict.code == "err.declare.marriage_written"


def test_a_late_declaration_alongside_a_marriage_is_priced_alone():
    """§6 [000]: a late-declaration penalty on an event of a terts and a marriage prices the
    terts; the marriage, never late, scores."""
    deal = play("deal 7ч quick\ndeclare Аня терц:Дт марьяж\npenalty Аня late-declaration")
    statuses = {str(r.decl): r.status for r in deal.deals[0].declarations}
    assert statuses == {"terts:Q♣": Status.LATE, "marriage:♥": Status.SCORED}
    assert deal.uphill["Аня"] == 20


# --- §6: one offence, one penalty ---------------------------------------------------------


@pytest.mark.parametrize(
    ("rule", "script", "code"),
    [
        pytest.param(
            "§6: one late declaration, one late-declaration penalty",
            FIFTY + "\npenalty Аня late-declaration\npenalty Аня late-declaration",
            "err.penalty.charged",
            id="late-twice",
        ),
        pytest.param(
            "§6: one false declaration, one false-declaration penalty",
            FIFTY + "\nfalse Аня 2\nfalse Аня 2",
            "err.penalty.charged",
            id="false-twice",
        ),
        pytest.param(
            "§6 [000]: a lowering the referee priced is charged already",
            LOWERING + "\npenalty Аня lowering 3",
            "err.penalty.charged",
            id="lowering-priced",
        ),
        pytest.param(
            "§4.2, §6 [000] rule 6: one question, one penalty",
            "deal 7ч quick\ndeclare Аня терц:Дт\nask Боря\npenalty Боря empty-challenge\n"
            "penalty Боря empty-challenge",
            "err.penalty.empty_challenge.charged",
            id="empty-challenge-twice",
        ),
    ],
)
def test_one_offence_is_charged_once(rule, script, code):
    """§6: «the same offence by the same declaration (or question) is charged once; a second
    is refused as already written»."""
    error = refused(script)
    assert error.verdict.code == code, (rule, said(error))


def test_two_questions_may_each_be_charged():
    """§4.2, §6 [000] rule 6: two empty questions in a deal, two penalties: 40 uphill."""
    script = "deal 7ч quick\ndeclare Аня терц:Дт\nask Боря\ndeclare Аня 50:Тп\nask Боря\n"
    sheet = play(script + "penalty Боря empty-challenge\npenalty Боря empty-challenge")
    assert sheet.uphill["Боря"] == 40


# --- §4.3 [000] rule 5: one deck; the face-up card ends in one hand ----------------------


@pytest.mark.parametrize(
    ("rule", "deal", "first", "second"),
    [
        pytest.param(
            "§4.3 [000] rule 5: the face-up J♦ in both players' runs",
            "deal Вб quick",
            "declare Аня терц:Вб",
            "declare Боря терц:Кб",
            id="quick-face-up",
        ),
        pytest.param(
            "§4.3 [000] rule 5: the face-up card in a run and a four",
            "deal Вб quick",
            "declare Аня 4В",
            "declare Боря терц:Вб",
            id="quick-face-up-four",
        ),
    ],
)
def test_the_face_up_card_is_no_one_deck_exception(rule, deal, first, second):
    """§4.3: «The face-up card ends in one hand (drawn last, or taken in the exchange): it
    is no exception. The one exception is the trump 7»."""
    error = refused("\n".join([deal, first, second]), "book")
    assert error.verdict.code == "err.one_deck", rule
    assert "J♦" in said(error)


def test_trick_by_trick_the_face_up_card_declared_is_false_already():
    """§4.3, §6: followed trick by trick, a run holding the face-up card while it lies under
    the stock is proven false by it, as the referee always knew."""
    deal = play("deal Вб\ndeclare Аня терц:Вб", "book").deals[0]
    assert deal.declarations[0].status is Status.FALSE


# --- §4.1, §4.3 multiple: the highest of an event, the trump one of equal top --------------


def test_multi_the_trump_fifty_is_the_highest_of_two_of_equal_top():
    """§4.1 rule 3 [000][004], §4.3 ``multiple``: of two fifties from the ace, the trump one is
    the higher: it is the one contested, and it burns; the plain one is withdrawn and may be
    declared again, the burned one not."""
    script = "deal 7б quick\ndeclare Аня 50:Тп 50:Тб\nchallenge Боря 100:Тч"
    deal = play(script, "multi").deals[0]
    statuses = {str(r.decl): r.status for r in deal.declarations}
    assert statuses["50:A♦"] is Status.BURNED and statuses["50:A♠"] is Status.WITHDRAWN
    assert play(script + "\ndeclare Аня 50:Тп", "multi").deals[0].declared("Аня") == 50
    assert refused(script + "\ndeclare Аня 50:Тб", "multi").verdict.code == "err.declare.burned"


# --- §6: --combo names the false one of an event's several ---------------------------------


@pytest.fixture
def two_combos(tmp_path):
    """A quick classic game: Аня declares a terts and the trump marriage in one event (2)."""
    game = GameFile.create(tmp_path / "g.toml", ["Аня", "Боря"])
    from terts_referee.game.requests import DealRequest

    game.record(DealRequest("7ч"))
    game.record(DeclareRequest("Аня", ["терц:Дт", "марьяж"]))
    return game


def test_a_false_declaration_on_an_event_of_several_needs_its_combo(two_combos):
    """§6: «on an event of several, a penalty without it is refused, naming them»; the file
    is left as it was, and the remedy is the penalty with the combination to choose."""
    before = two_combos.path.read_bytes()
    with pytest.raises(EventRefused) as info:
        two_combos.record(PenaltyRequest("Аня", "false-declaration"))
    verdict = info.value.verdict
    assert verdict.code == "err.penalty.combo_needed"
    names = verdict.params["names"]
    assert isinstance(names, (list, tuple))
    assert {str(d) for d in names} == {"terts:Q♣", "marriage:♥"}
    assert verdict.remedy is not None and verdict.remedy.fields["combo"] is None
    assert verdict.remedy.fields["event"] == 2
    assert two_combos.path.read_bytes() == before


@pytest.mark.parametrize(
    ("rule", "combo", "false", "scored"),
    [
        pytest.param("§6: the terts false, the marriage stands", "терц:Дт", "terts:Q♣",
                     "marriage:♥", id="terts"),
        pytest.param("§6: the marriage false, the terts stands", "марьяж", "marriage:♥",
                     "terts:Q♣", id="marriage"),
    ],
)  # fmt: skip
def test_the_combo_named_is_false_and_the_others_stand(two_combos, rule, combo, false, scored):
    """§6: «A false-declaration penalty on an event that recorded several combinations names
    the false one (--combo); the others stand»."""
    recorded = two_combos.record(PenaltyRequest("Аня", "false-declaration", combo=combo))
    statuses = {str(r.decl): r.status for r in recorded.sheet.deals[0].declarations}
    assert statuses == {false: Status.FALSE, scored: Status.SCORED}, rule
    assert recorded.sheet.deals[0].declared("Аня") == 20
    # written in the file, and read back the same
    assert two_combos.sheet().deals[0].declared("Аня") == 20


@pytest.mark.parametrize(
    ("rule", "kind", "combo", "code"),
    [
        pytest.param("§6: a combination not of that event", "false-declaration", "50:Тп",
                     "err.penalty.combo_not_in", id="not-in-event"),
        pytest.param("§6: --combo names the false one of a false declaration only",
                     "late-declaration",
                     "терц:Дт", "err.penalty.combo_kind", id="not-false"),
    ],
)  # fmt: skip
def test_a_combo_that_names_nothing_is_refused(two_combos, rule, kind, combo, code):
    with pytest.raises(EventRefused) as info:
        two_combos.record(PenaltyRequest("Аня", kind, combo=combo))
    assert info.value.verdict.code == code, rule


def test_an_event_of_one_combination_needs_no_combo(tmp_path):
    """§6: «An event of one combination needs no --combo»."""
    game = GameFile.create(tmp_path / "g.toml", ["Аня", "Боря"])
    from terts_referee.game.requests import DealRequest

    game.record(DealRequest("7ч"))
    game.record(DeclareRequest("Аня", ["терц:Дт"]))
    sheet = game.record(PenaltyRequest("Аня", "false-declaration")).sheet
    assert sheet.deals[0].declarations[0].status is Status.FALSE


def test_a_stored_penalty_without_combo_voids_its_event_as_it_was_recorded():
    """A game file an earlier version wrote: its false-declaration penalty voided the whole
    event; judged as recorded, it still does (the file opens with the sheet it had)."""
    from terts_referee.domain.rules import load_ruleset
    from terts_referee.referee import replay
    from tests.scripted import PLAYERS, events

    rules = load_ruleset("classic")
    evs = events("deal 7ч quick\ndeclare Аня терц:Дт марьяж\nfalse Аня 2", rules)
    sheet = replay(PLAYERS, evs, rules, recorded=3, stored=3)
    assert not sheet.set_aside
    assert [r.status for r in sheet.deals[0].declarations] == [Status.FALSE, Status.FALSE]


# --- §4.3 [001] subset: a run inside several scored runs ---------------------------------


@pytest.mark.parametrize(
    ("rule", "script"),
    [
        pytest.param(
            "§4.3 [001]: Q J 10 9 inside K Q J and 10 9 8, none alone",
            "declare Аня терц:Кт\ndeclare Аня терц:10т\ndeclare Аня 50:Дт",
            id="fifty-across-two-terts",
        ),
        pytest.param(
            "§4.3 [001]: J 10 9 inside Q J 10 and 10 9 8",
            "declare Аня терц:Дт\ndeclare Аня терц:10т\ndeclare Аня терц:Вт",
            id="terts-across-two",
        ),
    ],
)
def test_book_a_run_inside_several_scored_runs_is_a_lowering(rule, script):
    """§4.3 ``subset`` [001]: «only when all its cards lie inside declarations already scored
    in that suit — inside one of them or across several: it brings no new card»; book refuses
    a lowering («нельзя»)."""
    error = refused(f"deal 7ч quick\n{script}", "book")
    assert error.verdict.code == "err.declare.lowering", rule
    why = error.verdict.params["why"]
    assert isinstance(why, Verdict) and why.code == "note.lowering.subset_runs"
    assert "brings no new card" in said(error)


def test_subset_a_run_with_a_new_card_is_no_lowering():
    """§4.3 [001]: «a newly drawn card extending the run opens new declarations»."""
    script = "deal 7ч quick\ndeclare Аня терц:Кт\ndeclare Аня терц:9т\ndeclare Аня 50:Тт"
    assert play(script, "book").deals[0].declared("Аня") == 20 + 20 + 50


def test_subset_priced_a_run_across_two_costs_its_value():
    """§4.3: ``lowering = "subset"`` with ``lowering_penalty = "value"``: priced, not refused."""
    from terts_referee.domain.rules import load_ruleset
    from terts_referee.referee import replay
    from tests.scripted import PLAYERS, events

    rules = load_ruleset("classic").with_values(declarations={"lowering": "subset"})
    script = "deal 7ч quick\ndeclare Аня терц:Кт\ndeclare Аня терц:10т\ndeclare Аня 50:Дт"
    deal = replay(PLAYERS, events(script, rules), rules).deals[0]
    assert deal.declarations[-1].status is Status.LOWERING
    assert deal.declared("Аня") == 20 + 20 - 50


# --- old games: what no longer stands is set aside, and the file opens -----------------------


@pytest.mark.parametrize(
    ("rule", "script", "code"),
    [
        pytest.param(
            "§6: a stored lowering penalty on no lowering",
            "deal 7ч quick\ndeclare Аня терц:Дт\npenalty Аня lowering 2",
            "err.penalty.not_lowering",
            id="lowering",
        ),
        pytest.param(
            "§6 [000][002][003]: a stored late marriage",
            "deal 7ч quick\ndeclare Аня марьяж\npenalty Аня late-declaration",
            "err.penalty.late_marriage",
            id="late-marriage",
        ),
        pytest.param(
            "§6: a stored second penalty for one question",
            "deal 7ч quick\ndeclare Аня терц:Дт\nask Боря\npenalty Боря empty-challenge\n"
            "penalty Боря empty-challenge",
            "err.penalty.empty_challenge.charged",
            id="empty-twice",
        ),
    ],
)
def test_a_stored_penalty_that_no_longer_stands_is_set_aside(rule, script, code):
    """A game file an earlier version wrote: the event that no longer holds is set aside with
    its reason (never a file that does not open), the others count."""
    from terts_referee.domain.rules import load_ruleset
    from terts_referee.referee import replay
    from tests.scripted import PLAYERS, events

    rules = load_ruleset("classic")
    evs = events(script, rules)
    sheet = replay(PLAYERS, evs, rules, recorded=len(evs), stored=len(evs))
    assert {n: v.code for n, v in sheet.set_aside.items()} == {len(evs): code}, rule
    assert sheet.deals[0].declared("Аня") == 20
