"""Verdicts a reading of the five sources found wrong, judged by the referee (``replay``), each
case naming its rule and source: evidence of a renege only from cards truly held (§3
[000][003][004]), a late declaration checked for truth too (§6 [000]), a repeat that is no
lowering (§4.3), [001]'s lowering refused under ``declarations.lowering_penalty = "refuse"``
(§4.3), four jacks under ``same-class`` (§4.2 [001]), a declaration restored by a false
challenge (§4.2, §6), what every penalty did (§6), and a deal's end without a trick (§5
[000][002]).
"""

from __future__ import annotations

import pytest

from terts_referee.domain.cards import Rank, Suit
from terts_referee.domain.declarations import Declaration
from terts_referee.domain.events import Claim, DealEvent, Declare, Event, PenaltyKind, Score
from terts_referee.domain.rules import load_ruleset
from terts_referee.referee import EventRefused, Status, replay
from tests.helpers import raises_verdict, said
from tests.scripted import PLAYERS, events, play, refused

#: Stock tricks 1-7 of the deals below: Аня leads and takes each, the trump 7♠ lies face up
#: and goes to Боря, who loses trick 7 (§2).
MARRIAGE_FALSE_BY_ITS_QUEEN = """deal 7п
trick Тт Вт
declare Боря марьяж
trick 10т Дт
trick Кт 9т
trick 10б Вб
trick Кб Дб
trick Кч Дч
trick 8п Вч
trick Тп 7п
trick Дп 7ч
trick 10п 8т
trick Кп 7т
trick Вп 8ч
trick 9п 9ч
trick Тч 7б
trick 10ч 8б
trick Тб 9б"""

LATE_FIFTY_FALSE_BY_THE_LEAD = """deal 7п
trick Тч 7ч
trick Тт 9ч
trick 10т Кт
trick 10б Вб
trick Кб Дб
trick 10п 8ч
trick 9п 8п
trick Тп 7п
declare Боря 50:Кч
trick 10ч 7б
trick Кп 8б
trick Дп 9б
trick Вп 7т
trick Кч 8т
trick Дч 9т
trick Вч Вт
trick Тб Дт"""

# book: Боря declares a terts of Аня's hearts before trick 1; at trick 9 he plays a club to 9♥
# (the renege «could follow hearts» rests on that terts alone), takes trick 10, and at trick 12
# Аня leads K♥: the terts is false, the renege withdrawn.
TERTS_FALSE_AFTER_THE_RENEGE = """deal 7п
declare Боря терц:Кч
trick Тч 7ч
trick 10ч 8ч
trick Тт Дт
trick 10т Кт
trick Кб Вб
trick 10п Дб
trick 9п 8п
trick Тп 7п
trick 9ч 7т
trick 7б Тб
trick 8б Дп
trick Кч 8т
trick Дч 9б
trick Вч 9т
trick Кп 10б
trick Вп Вт"""


def reneges(deal):
    """The deal's reneges, each with why it was withdrawn, in words ("" while it stands)."""
    return [
        (p, said(deal.withdrawn[i]) if i in deal.withdrawn else "")
        for i, p in enumerate(deal.penalties)
        if p.kind is PenaltyKind.RENEGE
    ]


# --- evidence only from cards truly held (§3) ------------------------------------------


@pytest.mark.parametrize(
    ("rule", "rules", "script", "card_points", "withdrawn"),
    [
        pytest.param(
            "§3 [000]: a false marriage proves nothing; Q♠ led is in no hand",
            "classic",
            MARRIAGE_FALSE_BY_ITS_QUEEN,
            {"Аня": 150, "Боря": 0},
            0,
            id="marriage of spades proven false by Q♠: no renege «could beat Q♠ with K♠»",
        ),
        pytest.param(
            "§3 [000]: the card just led is never in the follower's hand",
            "classic",
            LATE_FIFTY_FALSE_BY_THE_LEAD,
            {"Аня": 150, "Боря": 0},
            0,
            id="late false 50:K♥: no renege «could follow hearts with 10♥» on the 10♥ led",
        ),
        pytest.param(
            "§3 [001][003][004]: a renege resting on a declaration found false is withdrawn",
            "book",
            TERTS_FALSE_AFTER_THE_RENEGE,
            {"Аня": 139, "Боря": 11},
            1,
            id="terts found false two tricks after the renege: withdrawn, card points as taken",
        ),
    ],
)
def test_a_renege_rests_only_on_cards_truly_held(rule, rules, script, card_points, withdrawn):
    """§3: «A declaration proven false proves nothing about its cards: a renege resting on
    one of them is withdrawn» — the sheet's card points, the penalty and the notices say so."""
    sheet = play(script, rules)
    deal = sheet.deals[0]
    assert [p.player for p, why in reneges(deal) if not why] == [], rule
    assert len([p for p, why in reneges(deal) if why]) == withdrawn, rule
    assert deal.card_points == card_points, rule
    assert deal.renege_by is None
    assert [r.status for r in deal.declarations] == [Status.FALSE], rule
    if withdrawn:
        ((_, why),) = reneges(deal)
        assert "withdrawn at event 14" in why and "terts:K♥ (event 2)" in why
        texts = [said(n) for n in sheet.notices_for(14)]
        assert any("the renege at trick 9 (event 11) is withdrawn" in n for n in texts), texts
        at_renege = sheet.notices_for(11)
        assert any(n.code == "notice.renege.withdrawn_at" for n in at_renege)
        assert any("withdrawn at event 14" in said(n) for n in at_renege)


def test_a_renege_withdrawn_is_proven_again_by_later_play():
    """§3 [000]: what the offender plays later is a card he truly held (no draws in the
    final phase): a renege withdrawn with its false declaration is proven again by it."""
    # as above, but Боря holds 8♥ and plays it at trick 13, after the terts is found false
    script = TERTS_FALSE_AFTER_THE_RENEGE.replace("trick 10ч 8ч", "trick 10ч 9б").replace(
        "trick Дч 9б", "trick Дч 8ч"
    )
    sheet = play(script, "book")
    deal = sheet.deals[0]
    assert [(p.trick, bool(why)) for p, why in reneges(deal)] == [
        (9, True),  # on the false terts: withdrawn at event 14
        (9, False),  # shown by the 8♥ he plays at trick 13 (event 15)
        (12, False),  # so is K♥ led at trick 12 answered by a club
    ]
    assert "with 8♥" in said(reneges(deal)[1][0].note)
    assert deal.card_points == {"Боря": 0, "Аня": 150}


@pytest.mark.parametrize(
    ("rule", "script", "evidence"),
    [
        pytest.param(
            "§6 [000]: a late declaration of a card already played",
            "deal 7п\n"
            + "\n".join(LATE_FIFTY_FALSE_BY_THE_LEAD.splitlines()[1:9])
            + "\ndeclare Боря терц:Тч",
            "A♥ was already played at trick 1",
            id="late terts of a played card: late and false at once",
        ),
        pytest.param(
            "§6 [000]: a late declaration the opponent's play shows false",
            LATE_FIFTY_FALSE_BY_THE_LEAD,
            "Аня played 10♥ at trick 9",
            id="late 50:K♥ shown false by the 10♥ led",
        ),
    ],
)
def test_a_late_declaration_is_still_checked_for_truth(rule, script, evidence):
    """§6 late-declaration [000]: «if it is also proven false, the false-declaration
    penalty applies as well»: its value uphill for the moment, and [000]'s false-declaration
    price (the opponent writes its points, the offender goes 100 uphill)."""
    sheet = play(script)
    deal = sheet.deals[0]
    kinds = [p.kind for p in deal.penalties if p.kind is not PenaltyKind.RENEGE]
    assert kinds == [PenaltyKind.LATE_DECLARATION, PenaltyKind.FALSE_DECLARATION], rule
    late, false = (p for p in deal.penalties if p.kind is not PenaltyKind.RENEGE)
    value = deal.declarations[0].value
    assert late.uphill == value and false.uphill == 100 and false.to_opponent == value
    assert sheet.uphill["Боря"] == value + 100
    assert false.note.code == "note.priced" and evidence in said(false.note), rule
    assert deal.declarations[0].status == Status.FALSE


# --- a repeat is no lowering (§4.3) -----------------------------------------------------


@pytest.mark.parametrize(
    ("rule", "rules", "script", "event"),
    [
        pytest.param(
            "§4.3 [000]: the same run twice in a quick deal",
            "classic",
            "deal 7ч quick\ndeclare Аня терц:Дт\ndeclare Аня терц:Дт",
            2,
            id="classic quick: terts:Q♣ twice",
        ),
        pytest.param(
            "§4.3 [000]: the same run on a later turn, trick by trick",
            "classic",
            "deal 7ч\ndeclare Аня 50:Кп\ntrick Тт 7т\ndeclare Аня 50:Кп",
            2,
            id="classic trick by trick: 50:K♠ on the next lead",
        ),
        pytest.param(
            "§4.3 [001]: a repeat under subset lowering",
            "book",
            "deal 7ч quick\ndeclare Боря 50:Кп\ndeclare Боря 50:Кп",
            2,
            id="book: 50:K♠ twice",
        ),
        pytest.param(
            "§4.3: a repeat of a declaration written as late",
            "classic",
            "deal 7п\n"
            + "\n".join(LATE_FIFTY_FALSE_BY_THE_LEAD.splitlines()[1:9])
            + "\ndeclare Боря терц:9т\ndeclare Боря терц:9т",
            10,
            id="classic: a late terts written twice",
        ),
        pytest.param(
            "§4.3 [000]: a challenge repeating the challenger's own written run",
            "classic",
            "deal 7ч quick\ndeclare Боря 50:Кп\ndeclare Аня терц:Дб\nchallenge Боря 50:Кп",
            2,
            id="classic: a challenge with 50:K♠ already written",
        ),
    ],
)
def test_a_repeat_is_refused_as_already_recorded(rule, rules, script, event):
    """§4.3: «The same combination recorded twice in one deal is a repeat (a typing slip),
    refused as already recorded, not a lowering»; the refusal names the earlier event."""
    error = refused(script, rules)
    assert error.verdict.code == "err.declare.repeat" and error.verdict.params["event"] == event
    text = said(error)
    assert f"already recorded in this deal (event {event})" in text, (rule, text)
    assert "not a lowering" in text


def test_a_real_lowering_stays_priced_under_classic():
    """§4.3 [000]: a lesser run of the same suit after a higher one costs minus its value."""
    deal = play("deal 7ч quick\ndeclare Аня 50:Дп\ndeclare Аня терц:Вп").deals[0]
    assert [r.status for r in deal.declarations] == [Status.SCORED, Status.LOWERING]
    assert deal.declared("Аня") == 50 - 20


# --- [001]'s lowering refused (§4.3, declarations.lowering_penalty) ---------------------


@pytest.mark.parametrize(
    ("rule", "first", "second"),
    [
        pytest.param("§4.3 [001]", "50:Кп", "терц:Дп", id="terts from Q♠ after fifty from K♠"),
        pytest.param("§4.3 [001]", "50:Кп", "терц:Кп", id="terts from K♠ after fifty from K♠"),
        pytest.param("§4.3 [001]", "105:Тч", "50:Кч", id="fifty from K♥ inside 105 from A♥"),
    ],
)
def test_book_refuses_a_lowering_naming_the_earlier_declaration(rule, first, second):
    """§4.3 [001] «после того как было объявлено полсотни от Короля пик, потом уже нельзя
    объявлять терц от Дамы или от Короля в этой же масти»: under ``book``
    (``declarations.lowering_penalty = "refuse"``) it is refused, naming the earlier one."""
    error = refused(f"deal 7б quick\ndeclare Аня {first}\ndeclare Аня {second}", "book")
    assert error.verdict.code == "err.declare.lowering" and error.verdict.params["event"] == 2
    text = said(error)
    assert "(event 2)" in text and 'lowering_penalty = "refuse"' in text, (rule, text)


def test_book_still_opens_new_runs_with_a_drawn_card():
    """§4.3 [001]: after fifty from K♠, a drawn 9♠ allows terts from J♠ (subset)."""
    deal = play("deal 7б quick\ndeclare Аня 50:Кп\ndeclare Аня терц:Вп", "book").deals[0]
    assert [r.status for r in deal.declarations] == [Status.SCORED, Status.SCORED]


def test_a_ruleset_that_prices_subset_lowering_keeps_the_price():
    """``lowering_penalty = "value"`` with ``subset``: recorded, minus its value [000]."""
    ruleset = load_ruleset("book").with_values(declarations={"lowering_penalty": "value"})
    script = "deal 7б quick\ndeclare Аня 50:Кп\ndeclare Аня терц:Дп"
    deal = replay(PLAYERS, events(script, ruleset), ruleset).deals[0]
    assert [r.status for r in deal.declarations] == [Status.SCORED, Status.LOWERING]


# --- four jacks under same-class (§4.2 [001]): one reading for both places --------------


@pytest.mark.parametrize(
    ("rule", "script"),
    [
        pytest.param(
            "§4.2 [001] «может перебить все назначения»: a challenge",
            "deal 7ч quick\ndeclare Аня терц:Тч\nchallenge Боря 4J",
            id="quick: four jacks beat the trump-ace terts",
        ),
        pytest.param(
            "§4.2 [001]: four jacks declared after «От чего?» (quick)",
            "deal 7ч quick\ndeclare Аня терц:Тч\nask Боря\ndeclare Боря 4J",
            id="quick: the asker keeps his four jacks",
        ),
        pytest.param(
            "§4.2 [001]: four jacks declared after «От чего?» (trick by trick)",
            "deal 7ч\ndeclare Аня терц:Тч\nask Боря\ndeclare Боря 4J",
            id="trick by trick: the asker keeps his four jacks in that turn",
        ),
    ],
)
def test_book_four_jacks_answer_across_classes_in_both_places(rule, script):
    """§4.2 [001]: «Двести Валетов ... может перебить все назначения, включая и козырный
    восьмерик» is the exception to «назначением равной стоимости» for the challenge and for the
    asker's forfeit alike (no declaration of their value exists for them to beat)."""
    deal = play(script, "book").deals[0]
    jacks = [r for r in deal.declarations if r.decl.value_class == "jacks"]
    assert [r.status for r in jacks] == [Status.SCORED], rule
    assert deal.declared("Боря") == 200


def test_book_the_asker_still_forfeits_a_hundred():
    """§4.2 [001] «лишается высшего назначения в этом ходе»: below four jacks, a higher
    class stays barred after the question."""
    error = refused("deal 7ч\ndeclare Аня терц:Тч\nask Боря\ndeclare Боря 105:Вп", "book")
    assert error.verdict.code == "err.forfeit"
    assert "may not declare a higher class" in said(error), said(error)


# --- a declaration restored by a false challenge (§4.2, §6) -----------------------------


@pytest.mark.parametrize(
    ("rule", "script", "proof"),
    [
        pytest.param(
            "§4.2 [000], §6: the challenger's combination voided by command",
            "deal 7ч quick\ndeclare Аня терц:Дт\nchallenge Боря терц:Кб\nfalse Боря 3",
            4,
            id="quick: penalty false-declaration on the challenge",
        ),
        pytest.param(
            "§4.2 [000], §6: the challenger's combination shown false by the cards",
            "deal 7ч\ndeclare Аня терц:Дт\nchallenge Боря терц:Кб\ntrick Кб 7т",
            4,
            id="trick by trick: Аня leads K♦ of Боря's terts",
        ),
    ],
)
def test_a_declaration_restored_by_a_false_challenge_says_it_stands(rule, script, proof):
    """§4.2: «the winner of the exchange writes his own declaration's points; the beaten
    one burns»; the challenger's found false (§6), the beaten one counts again, and every place
    that said it burned says now that it stands again: its note, the challenge's notice, the
    notice of the event that proved it."""
    sheet = play(script)
    deal = sheet.deals[0]
    first = deal.declarations[0]
    assert (first.player, first.status, first.restored) == ("Аня", Status.SCORED, proof), rule
    assert first.note.code == "note.stands_again"
    assert f"stands again from event {proof}" in said(first.note) and "(event 3)" in said(
        first.note
    )
    assert deal.declared("Аня") == 20 and deal.declarations[1].status == Status.FALSE
    at_challenge = [said(n) for n in sheet.notices_for(3)]
    assert "burns" in at_challenge[0] and "stands again from event" in at_challenge[-1]
    assert any("stands again and scores" in said(n) for n in sheet.notices_for(proof)), rule
    # it may not be declared again: it is written
    with raises_verdict(EventRefused, "err.declare.repeat", "already recorded"):
        ruleset = load_ruleset("classic")
        replay(PLAYERS, events(script + "\ndeclare Аня терц:Дт", ruleset), ruleset)


# --- every penalty says what it did (§6) --------------------------------------------------

QUICK_TERTS = "deal 7ч quick\ndeclare Аня терц:Дт\n"


@pytest.mark.parametrize(
    ("rule", "rules", "script", "says"),
    [
        pytest.param(
            "§6 miscount [000][001][004]: the amount goes to the opponent",
            "classic",
            "deal 7ч quick\npenalty Аня miscount 10",
            ["Боря writes 10 points", "Аня loses 10 points in the deal"],
            id="miscount",
        ),
        pytest.param(
            "§6 empty-challenge [000] rule 6: house 20 uphill",
            "classic",
            QUICK_TERTS + "ask Боря\npenalty Боря empty-challenge",
            ["Боря goes 20 uphill"],
            id="empty-challenge",
        ),
        pytest.param(
            "§6 false-declaration [000]: the opponent writes it, 100 uphill",
            "classic",
            QUICK_TERTS + "penalty Аня false-declaration",
            ["Боря writes 20", "Аня goes 100 uphill"],
            id="false-declaration under classic",
        ),
        pytest.param(
            "§6 false-declaration [001]: its value uphill, nothing to the opponent",
            "book",
            QUICK_TERTS + "penalty Аня false-declaration",
            ["Аня goes 20 uphill"],
            id="false-declaration under book",
        ),
        pytest.param(
            "§6 late-declaration [000]: its value uphill (house)",
            "classic",
            QUICK_TERTS + "penalty Аня late-declaration",
            ["Аня goes 20 uphill"],
            id="late-declaration by command",
        ),
        pytest.param(
            "§6 late-declaration [000]: its value uphill (house), found by the referee",
            "classic",
            "deal 7п\n"
            + "\n".join(LATE_FIFTY_FALSE_BY_THE_LEAD.splitlines()[1:9])
            + "\ndeclare Боря терц:9т",
            ["Боря goes 20 uphill"],
            id="late-declaration found by the referee",
        ),
        pytest.param(
            "§6 renege (house): the opponent takes the deal's card points",
            "classic",
            "deal 7ч quick\npenalty Боря renege",
            ["the opponent takes all the card points of this deal"],
            id="renege by command",
        ),
        pytest.param(
            "§6 out-of-turn-draw [000][001][004]: the game is lost",
            "classic",
            "deal 7ч quick\npenalty Боря out-of-turn-draw",
            ["Боря loses the game"],
            id="out-of-turn-draw",
        ),
    ],
)
def test_every_penalty_says_what_it_did(rule, rules, script, says):
    """§6: every penalty's note says who writes how many points and who goes how far
    uphill (or what else it did), and so does a notice at its event."""
    ruleset = load_ruleset(rules)
    evs = events(script, ruleset)
    sheet = replay(PLAYERS, evs, ruleset)
    pen = sheet.deals[-1].penalties[-1]
    notices = " ".join(said(n) for n in sheet.notices_for(len(evs)))
    for words in says:
        assert words in said(pen.note), (rule, said(pen.note))
        assert words in notices or pen.kind.loses_game, (rule, notices)


def test_a_lowering_named_by_command_says_its_price():
    """§6 lowering [000]: «минус столько очков, сколько было в заявленной комбинации»: named
    on a late lowering (priced as late, a lowering all the same), it costs its value too."""
    tricks = "Тч 7ч, Тт 9ч, 10т Кт, 10б Вб, Кб Дб, 9п 8ч, 8т 8п, Тп 7п".split(", ")
    script = ["deal 7п", "declare Аня терц:Кп", *(f"trick {t}" for t in tricks)]
    script += ["declare Аня терц:Дп", "penalty Аня lowering 11"]  # late, and lower in ♠
    sheet = play("\n".join(script), "classic")
    notice = sheet.notices_for(12)[0]
    assert notice.code == "notice.penalty"
    assert "Аня's terts:Q♠ scores nothing and costs -20 in the deal" in said(notice)
    assert sheet.deals[0].declared("Аня") == 20 - 20 and sheet.uphill["Аня"] == 20


# --- a deal's end without a trick (§5, game.deal_end_requires_trick) ---------------------


def _trickless_over(value: bool):
    """Боря takes all of a quick deal 1 (150), then reaches 160 in deal 2 with a terts while Аня
    takes every trick (the marriage deal above without its marriage)."""
    ruleset = load_ruleset("classic").with_values(
        game={"target": 160, "deal_end_requires_trick": value},
        declarations={"when": "own-turn"},
    )
    deal2 = MARRIAGE_FALSE_BY_ITS_QUEEN.replace("declare Боря марьяж\n", "").replace(
        "trick Тп 7п", "declare Боря терц:9ч\ntrick Тп 7п"
    )
    evs = events("deal 7ч quick\n" + deal2, ruleset)
    evs.insert(1, Score("Боря", 150, "Боря"))  # he took the last trick: he deals deal 2
    return replay(PLAYERS, evs, ruleset)


@pytest.mark.parametrize(
    ("rule", "value", "winner"),
    [
        pytest.param(
            "§5 [000] «для того, чтобы закончить игру необходимо взять хотя бы одну взятку»",
            True,
            None,
            id="classic: over the target without a trick, the game goes on",
        ),
        pytest.param(
            "§5 [001] «Когда один из игроков набирает 501 очко, игра заканчивается»",
            False,
            "Боря",
            id="book, follow: reaching the target is enough",
        ),
    ],
)
def test_a_deal_end_without_a_trick(rule, value, winner):
    """§5 ``game.deal_end_requires_trick``: at the end of a deal followed trick by trick, a
    player over his target who took no trick in it wins only where the ruleset does not ask for
    a trick ([000][002] ask, [001][003][004] do not)."""
    sheet = _trickless_over(value)
    assert sheet.totals["Боря"] >= 160 > sheet.totals["Аня"], sheet.totals
    assert sheet.winner == winner, rule
    told = any(n.code == "notice.win.no_trick" for n in sheet.deals[1].notices)
    assert told is value
    assert told is any("took no trick in deal 2" in said(n) for n in sheet.deals[1].notices)


def test_a_claim_short_by_rounding_says_why():
    """§5 [000][001][003]: a claim ends the deal, whose points are written rounded, so it
    is judged on the rounded count: 460 + 42 written 40 is short by 1, and the refusal says it."""
    ruleset = load_ruleset("classic")
    four = Declaration.four
    evs: list[Event] = [
        DealEvent(None, Suit.HEARTS, None, quick=True),
        Declare("Аня", (four(Rank.JACK),)),
        Score("Аня", 150, "Аня"),  # 350
        DealEvent(None, Suit.SPADES, None, quick=True),
        Declare("Аня", (Declaration.sequence(3, Rank.QUEEN, Suit.CLUBS),)),
        Score("Аня", 90, "Аня"),  # 350 + 110 = 460
        DealEvent(None, Suit.CLUBS, None, quick=True),
        Claim("Аня", 3, 42),
    ]
    with raises_verdict(EventRefused, "err.claim.short") as info:
        replay(PLAYERS, evs, ruleset)
    assert info.value.verdict.params["short"] == 1
    text = said(info.value)
    assert "short of the target 501 by 1" in text and "42 counted, written 40" in text, text


# --- games recorded before: a repeat read as the slip it was; a penalty naming what is void ---


def test_a_repeat_in_a_game_file_counts_nothing_and_the_file_replays():
    """§4.3: a repeat an earlier version took (and priced as a lowering) is in the file:
    read as the slip it was, it counts nothing, costs nothing, and says so; a new one is
    refused."""
    ruleset = load_ruleset("classic")
    evs = events("deal 7ч quick\ndeclare Аня терц:Дт\ndeclare Аня терц:Дт", ruleset)
    sheet = replay(PLAYERS, evs, ruleset, recorded=len(evs))
    deal = sheet.deals[0]
    assert [r.status for r in deal.declarations] == [Status.SCORED, Status.REPEAT]
    assert deal.declared("Аня") == 20
    (notice,) = sheet.notices_for(3)
    assert notice.code == "notice.repeat"
    assert "repeats event 2" in said(notice) and "no lowering" in said(notice)
    with raises_verdict(
        EventRefused, "err.declare.repeat", r"already recorded in this deal \(event 2\)"
    ):
        replay(PLAYERS, evs, ruleset, recorded=len(evs) - 1)


def test_a_stored_game_file_with_a_repeat_loads_and_can_drop_it(tmp_path):
    """A game file of an earlier version with a repeat loads (``Game.sheet``) and the slip can
    be dropped: the file is never stuck."""
    from terts_referee.game.model import Game

    ruleset = load_ruleset("classic")
    game = Game(PLAYERS, ruleset, events("deal 7ч quick\ndeclare Аня терц:Дт", ruleset))
    game.events.append(events("deal 7ч quick\ndeclare Аня терц:Дт", ruleset)[1])
    doc = game.to_doc()
    again = Game.from_doc(doc)
    assert [r.status for r in again.sheet().deals[0].declarations] == ["scored", "repeat"]
    again.correct("drop", 3)
    assert [r.status for r in again.sheet().deals[0].declarations] == ["scored"]


@pytest.mark.parametrize(
    ("rule", "kind"),
    [
        pytest.param("§6 [000]: a false declaration named again", "false-declaration", id="false"),
        pytest.param("§6 [000]: a late declaration named late", "late-declaration", id="late"),
        pytest.param("§6 [000]: a lowering named", "lowering", id="lowering"),
    ],
)
def test_a_penalty_naming_a_declaration_found_false_changes_nothing(rule, kind):
    """§6: the players name Боря's latest declaration, a late one the cards showed false
    already: one offence, one penalty (false and late are charged), and it lowers nothing:
    refused, naming why; it never falls on an earlier one."""
    script = (
        "deal 7п\ntrick Тч 7ч\ndeclare Боря терц:Кч\n"  # a terts in time, Боря's earlier one
        + "\n".join(LATE_FIFTY_FALSE_BY_THE_LEAD.splitlines()[2:9])
        + f"\ndeclare Боря терц:Тч\npenalty Боря {kind}"
    )
    error = refused(script, "book")  # book: Боря declares before his own card
    code = "err.penalty.not_lowering" if kind == "lowering" else "err.penalty.charged"
    assert error.verdict.code == code, (rule, said(error))
    assert "terts:A♥" in said(error) and "terts:K♥" not in said(error), said(error)
