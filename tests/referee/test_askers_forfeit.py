"""§4.2 [001], judged by the referee: the question «Рост?» (``ask``) and the asker's forfeit
under ``same-class``: what it forbids, when it ends, when the question is refused.
"""

from __future__ import annotations

import pytest

from terts_referee.domain.events import Score
from terts_referee.domain.rules import load_ruleset
from terts_referee.referee import EventRefused, Status, replay
from tests.helpers import raises_verdict, said
from tests.scripted import PLAYERS, events, play, refused


@pytest.mark.parametrize(
    ("rule", "script", "refused_line"),
    [
        (
            "ask, then a higher class before the same trick [001]",
            "deal 7ч\ndeclare Аня терц:Дт\nask Боря\ndeclare Боря 50:Тб",
            "before trick 1",
        ),
        (
            "a challenge implies the question [001]",
            "deal 7ч\ndeclare Аня терц:Дт\nchallenge Боря терц:Тб\ndeclare Боря 50:Кп",
            "before trick 1",
        ),
    ],
)
def test_the_askers_forfeit_under_same_class(rule, script, refused_line):
    """§4.2 [001] «этими самыми словами он лишается высшего назначения в этом ходе»."""
    error = refused(script, "book")
    assert error.verdict.code == "err.forfeit"
    assert (error.verdict.params["asked"], error.verdict.params["event"]) == (3, 2)
    text = said(error)
    assert "asker's forfeit" in text and refused_line in text, (rule, text)
    # the question (or the challenge) is event 3, the declaration it asked about event 2
    assert "Боря asked at event 3 about Аня's terts:Q♣ (event 2)" in text, text


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_forfeit_refusal_names_the_declaration_and_the_question_by_their_events(lang):
    """§4.2 [001]: the refusal points at the declaration asked about by its own event, and
    at the question by its own, never the question's number for the declaration."""
    script = "deal 7ч\ndeclare Аня терц:Дт\ndeclare Боря терц:Кч\ntrick 8п 9п\n"
    script += "declare Аня 50:Тп\nask Боря\ndeclare Боря 105:Вб"
    error = refused(script, "book")
    assert (error.verdict.params["asked"], error.verdict.params["event"]) == (6, 5)
    text = said(error, lang)
    expected = {
        "en": "Боря asked at event 6 about Аня's 50:A♠ (event 5)",
        "ru": "после вопроса (событие 6) об объявлении соперника (Аня: пятьдесят от Туза ♠, "
        "событие 5) Боря не может объявить сто пять от Валета ♦",
    }[lang]
    assert expected in text, text


@pytest.mark.parametrize(
    ("rule", "rules", "script"),
    [
        ("same class is still allowed [001]", "book", "declare Боря терц:Тб"),
        ("any-higher: no forfeit [000]", "classic", "declare Боря 50:Тб"),
        ("«в этом ходе»: a quick deal records no turns (§4.3) [001]", "book",
         "declare Боря 50:Тб"),
        ("a quick deal: a challenge's question neither [001]", "book",
         "declare Аня терц:Дп\nchallenge Боря терц:Тб\ndeclare Боря 50:Тб"),
    ],
)  # fmt: skip
def test_the_askers_forfeit_ends(rule, rules, script):
    """§4.2: what the forfeit does not forbid: a higher class of the same class's question
    is refused only in its turn, and a quick deal records no turns (§4.3: a quick deal never
    refuses a declaration for its moment)."""
    sheet = play(f"deal 7ч quick\ndeclare Аня терц:Дт\nask Боря\n{script}", rules)
    assert sheet.deals[-1].declarations[-1].status == Status.SCORED, rule


def test_the_forfeit_ends_with_the_turn_trick_by_trick():
    """§4.2 [001]: "в этом ходе": after the trick, the asker declares freely again."""
    sheet = play("deal 7ч\ndeclare Аня терц:Дт\nask Боря\ntrick Тп 9п\ndeclare Боря 50:Тб", "book")
    assert sheet.deals[-1].declarations[-1].status == Status.SCORED


@pytest.mark.parametrize(
    ("rule", "script", "why"),
    [
        ("ask answers the declaration just made", "deal 7ч quick\nask Боря", "none to ask"),
        ("not one's own", "deal 7ч quick\ndeclare Аня терц:Дт\nask Аня", "of their own"),
        ("not a marriage", "deal 7ч quick\ndeclare Аня марьяж\nask Боря", "no height"),
    ],
)
def test_ask_is_refused_without_a_declaration_to_ask_about(rule, script, why):
    """§4.2: «Рост?» is asked about the opponent's declaration just made."""
    error = refused(script, "book")
    assert error.verdict.code.startswith("err.ask."), rule
    assert why in said(error), rule


def test_ask_notice_says_what_it_does():
    deal = play("deal 7ч\ndeclare Аня терц:Дт\nask Боря", "book").deals[-1]
    assert "nothing above a terts but four jacks may be declared before trick 1" in said(
        deal.notices[-1]
    )
    deal = play("deal 7ч quick\ndeclare Аня терц:Дт\nask Боря", "book").deals[-1]
    text = said(deal.notices[-1])
    assert "in that turn" in text and "a quick deal records no turns" in text, text
    deal = play("deal 7ч quick\ndeclare Аня терц:Дт\nask Боря", "classic").deals[-1]
    assert deal.notices[-1].code == "notice.ask" and "no forfeit" in said(deal.notices[-1])


# --- the empty «Рост?» is the asker's offence ([000] rule 6, §4.2, §6) ----------------


@pytest.mark.parametrize(
    ("rule", "script"),
    [
        ("a question recorded [000] rule 6", "deal 7ч quick\ndeclare Аня терц:Дт\nask Боря"),
        (
            "asked in the same deal, earlier [000] rule 6",
            "deal 7ч quick\ndeclare Аня терц:Дт\nask Боря\ndeclare Аня 50:Тп",
        ),
    ],
)
def test_the_empty_challenge_penalty_falls_on_the_asker(rule, script):
    """[000] rule 6 «Вы не имеете права спрашивать «Рост», если у вас нет никакой комбинации на
    руках. За это пишут штраф»: the one who asked goes uphill."""
    sheet = play(f"{script}\npenalty Боря empty-challenge", "book")
    assert sheet.deals[-1].penalties[-1].uphill == 20, rule
    notice = sheet.deals[-1].notices[-1]
    assert notice.code == "notice.penalty" and "Боря goes 20 uphill" in said(notice), rule


@pytest.mark.parametrize(
    ("rule", "script", "other"),
    [
        (
            "the declarer did not ask: the opponent did [000] rule 6",
            "deal 7ч quick\ndeclare Аня 50:Тп\nask Боря",
            "; Боря asked, at event 3",
        ),
        ("nobody asked [000] rule 6", "deal 7ч quick\ndeclare Аня 50:Тп", ""),
    ],
)
def test_the_empty_challenge_penalty_is_refused_for_a_player_who_did_not_ask(rule, script, other):
    """[000] rule 6, §4.2, §6: the offence is asking «Рост?» with nothing to show, so a
    player who asked nothing in the deal cannot have committed it."""
    error = refused(f"{script}\npenalty Аня empty-challenge", "book")
    assert error.verdict.code == "err.penalty.empty_challenge", rule
    text = said(error)
    assert text.startswith("Аня asked no «Рост?» in deal"), (rule, text)
    assert "the empty-challenge penalty is the asker's" in text and "[000] rule 6" in text
    assert text.endswith("§4.2)" + other), (rule, text)


def test_an_empty_challenge_penalty_in_the_file_stands_as_recorded():
    """Files written before the question was an event of its own hold the penalty without
    it: judged as recorded, it still counts (§4.2 [000] rule 6)."""
    ruleset = load_ruleset("book")
    script = "deal 7ч quick\ndeclare Аня терц:Дт\npenalty Боря empty-challenge"
    sheet = replay(PLAYERS, events(script, ruleset), ruleset, recorded=3)
    assert sheet.uphill["Боря"] == 20 and not sheet.set_aside


def test_a_question_of_an_earlier_deal_is_no_empty_challenge_in_this_one():
    """[000] rule 6, §6: a penalty belongs to its deal; the question asked in deal 1 does
    not make the asker liable in deal 2."""
    ruleset = load_ruleset("book")
    first = events("deal 7ч quick\ndeclare Боря терц:Дт\nask Аня", ruleset)
    second = events("deal 7п quick\npenalty Аня empty-challenge", ruleset)
    with raises_verdict(EventRefused, "err.penalty.empty_challenge") as info:
        replay(PLAYERS, [*first, Score("Аня", 70, "Боря"), *second], ruleset)
    assert said(info.value).startswith("Аня asked no «Рост?» in deal 2 "), said(info.value)
