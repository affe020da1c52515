"""The rules of issue 9 judged by the referee, each case naming its rule and source: one deck
(RULES §4.3, [000] rule 5), a claim on one's own turn (§5, [000][002]), stock-phase reneges under
``play.while_stock = "follow"`` (§3, [003][004]), the asker's forfeit under ``same-class`` (§4.2,
[001]), ``multi``'s withdrawn declarations (§4.3, [000]), the trump named by a marriage or recorded
after the deal, and a quick deal turned trick by trick by its first trick (§4.3).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from terts_referee.cards import parse_card, parse_card_or_suit
from terts_referee.declarations import parse_combo
from terts_referee.events import (
    Ask,
    Challenge,
    Claim,
    DealEvent,
    Declare,
    Exchange,
    Penalty,
    PenaltyKind,
    SetTrump,
    Trick,
    event_from_dict,
)
from terts_referee.referee import EventRefused, Status, replay
from terts_referee.rules import load_ruleset

PLAYERS = ("Аня", "Боря")  # Боря deals first: Аня leads trick 1


def events(script: str, rules) -> list:
    """Events from lines like the commands: ``deal 7ч quick``, ``declare Аня терц:Дт``,
    ``challenge Боря 50:Тб``, ``ask Боря``, ``trick 10т 9п``, ``exchange Аня``, ``claim Аня``,
    ``trump ч``, ``false Аня 2`` (its event), ``penalty Аня miscount 10``."""
    out: list = []
    trump = None
    for line in script.strip().splitlines():
        verb, *args = line.split()
        if verb == "deal":
            quick = "quick" in args
            rest = [a for a in args if a != "quick"]
            trump, card = parse_card_or_suit(rest[0]) if rest else (None, None)
            out.append(DealEvent(None, trump, card, quick))
        elif verb == "declare":
            out.append(Declare(args[0], tuple(parse_combo(c, trump, rules) for c in args[1:])))
        elif verb == "challenge":
            out.append(Challenge(args[0], parse_combo(args[1], trump, rules)))
        elif verb == "ask":
            out.append(Ask(args[0]))
        elif verb == "trick":
            out.append(Trick(parse_card(args[0]), parse_card(args[1])))
        elif verb == "exchange":
            out.append(Exchange(args[0]))
        elif verb == "claim":
            out.append(Claim(args[0]))
        elif verb == "false":
            out.append(Penalty(args[0], PenaltyKind.FALSE_DECLARATION, None, int(args[1])))
        elif verb == "penalty":  # ``penalty Аня miscount 10``; for a lowering the number is
            kind = PenaltyKind.parse(args[1])  # the event it names
            number = int(args[2]) if len(args) > 2 else None
            if kind is PenaltyKind.LOWERING:
                out.append(Penalty(args[0], kind, None, number))
            else:
                out.append(Penalty(args[0], kind, number))
        elif verb == "trump":
            trump, card = parse_card_or_suit(args[0])
            out.append(SetTrump(trump, card))
    return out


def play(script: str, rules: str = "classic"):
    ruleset = load_ruleset(rules)
    return replay(PLAYERS, events(script, ruleset), ruleset)


def refused(script: str, rules: str = "classic") -> EventRefused:
    with pytest.raises(EventRefused) as info:
        play(script, rules)
    return info.value


# --- one deck (RULES §4.3, [000] rule 5) ------------------------------------------------------


@pytest.mark.parametrize(
    ("rule", "mode", "second", "cards"),
    [
        ("one deck [000] rule 5: a run", "quick", "declare Боря терц:Кт", "Q♣ J♣"),
        ("one deck [000] rule 5: a four", "quick", "declare Боря 4Q", "Q♣"),
        ("one deck [000] rule 5: a marriage", "quick", "declare Боря марьяж:т", "Q♣"),
        ("one deck [000] rule 5: trick by trick", "", "declare Боря терц:Кт", "Q♣ J♣"),
    ],
)
def test_one_deck_two_players_never_share_a_card(rule, mode, second, cards):
    """RULES §4.3 "One deck" [000] rule 5: refused naming the shared cards and the earlier one."""
    # Under `lead` Боря declares before trick 2, after Аня's trick 1 (trick by trick).
    middle = "trick 10п 9п\n" if not mode else ""
    error = refused(f"deal 7т {mode}\ndeclare Аня терц:Дт\n{middle}{second}", "book")
    text = str(error)
    assert "one deck" in text and cards in text, text
    assert "terts:Q♣ (event 2)" in text, text


def test_one_deck_a_challenge_shares_no_card_with_an_earlier_declaration():
    """RULES §4.3 one deck [000] rule 5: a challenge is refused too, naming the earlier one."""
    text = str(
        refused(
            "deal 7ч quick\ndeclare Аня терц:Дт\ndeclare Боря терц:Тп\n"
            "declare Аня терц:9б\nchallenge Боря 50:Тт"
        )
    )
    assert "one deck" in text and "Q♣ J♣" in text and "(event 2)" in text, text


def test_one_deck_the_trump_seven_changes_hands():
    """RULES §4.3: the trump 7 and the face-up card change hands in the exchange [000][001]."""
    text = str(refused("deal Kч quick\ndeclare Аня терц:9ч\ndeclare Боря терц:9ч"))
    assert "9♥ 8♥" in text and "7♥" not in text, text


def test_one_deck_a_false_declaration_no_longer_blocks():
    """RULES §4.3: «until the false one is found by showing the cards» (§6): then it may."""
    deal = play("deal 7ч quick\ndeclare Аня терц:Дт\nfalse Аня 2\ndeclare Боря 4Q").deals[-1]
    assert deal.declarations[-1].status == Status.SCORED


# --- a claim on one's own turn (RULES §5, [000][002]) -----------------------------------------


def test_claim_only_by_the_player_about_to_lead():
    """RULES §5 [000][002] «на любом своём ходу»: followed trick by trick, only the leader."""
    text = str(refused("deal 7ч\ntrick Тп 9п\nclaim Боря"))
    assert "own turn" in text and "Аня took trick 1 (event 2) and leads trick 2" in text, text
    text = str(refused("deal 7ч\nclaim Боря"))
    assert "Аня leads trick 1" in text and "event 1" in text, text


def test_claim_by_the_leader_is_judged_on_its_points():
    """RULES §5: the leader's claim is judged by his total (here short of 501)."""
    text = str(refused("deal 7ч\ntrick Тп 9п\nclaim Аня"))
    assert "own turn" not in text, text


# --- stock-phase reneges under while_stock = "follow" (RULES §3, [003][004]) -------------------


@pytest.mark.parametrize(
    ("rule", "script", "renege"),
    [
        (
            "follow suit while the stock lasts [003][004], proven by a declaration",
            "deal 7ч\ndeclare Боря терц:Тт\ntrick 10т 9п",
            True,
        ),
        (
            "follow suit while the stock lasts [003][004], under free nothing [000]",
            "deal 7ч quick\ndeclare Боря терц:Тт\ntrick 10т 9п",
            False,
        ),
        (
            "a declared card already played proves nothing [003][004]",
            "deal 7ч\ndeclare Боря терц:Тт\ntrick Тп Тт\ntrick 9т 9п",
            None,
        ),
        (
            "later play proves nothing while the stock lasts (he may have drawn it) [003][004]",
            "deal 7ч\ntrick 10т 9п\ntrick Тп Тт",
            False,
        ),
        (
            "trump when void, proven by the face-up card taken in the exchange [003][004]",
            "deal 10ч\nexchange Боря\ntrick 9б 8п",
            True,
        ),
    ],
)
def test_stock_phase_renege_under_follow(rule, script, renege):
    """RULES §3: under while_stock = "follow" a renege is proven only by a card known held."""
    rules = "follow" if "free" not in rule else "classic"
    deal = play(script, rules).deals[-1]
    flagged = [tr.number for tr in deal.tricks if tr.renege]
    if renege is None:  # the second trick: the clubs Боря showed are gone but one
        assert flagged == [2], (rule, flagged)
        return
    assert bool(flagged) is renege, (rule, flagged, deal.notices)
    if renege:
        assert deal.renege_by == "Боря"
        assert any("renege at trick 1" in n for n in deal.notices), deal.notices


def test_stock_phase_renege_is_priced_by_penalties_renege():
    """RULES §3 ``penalties.renege`` (house): the opponent takes the deal's card points."""
    deal = play("deal 7ч\ndeclare Боря терц:Тт\ntrick 10т 9п", "follow").deals[-1]
    assert [p.kind.value for p in deal.penalties] == ["renege"]
    assert "deal-to-opponent" in deal.notices[-1]


# --- the asker's forfeit (RULES §4.2, [001]) --------------------------------------------------


@pytest.mark.parametrize(
    ("rule", "script", "refused_line"),
    [
        (
            "ask, then a higher class in a quick deal's turn [001]",
            "deal 7ч quick\ndeclare Аня терц:Дт\nask Боря\ndeclare Боря 50:Тб",
            "until Аня's next declaration",
        ),
        (
            "ask, then a higher class before the same trick [001]",
            "deal 7ч\ndeclare Аня терц:Дт\nask Боря\ndeclare Боря 50:Тб",
            "before trick 1",
        ),
        (
            "a challenge implies the question [001]",
            "deal 7ч quick\ndeclare Аня терц:Дт\nchallenge Боря терц:Тб\ndeclare Боря 50:Кп",
            "until Аня's next declaration",
        ),
    ],
)
def test_the_askers_forfeit_under_same_class(rule, script, refused_line):
    """RULES §4.2 [001] «этими самыми словами он лишается высшего назначения в этом ходе»."""
    text = str(refused(script, "book"))
    assert "asker's forfeit" in text and refused_line in text, (rule, text)
    assert "(event 3)" in text, text


@pytest.mark.parametrize(
    ("rule", "rules", "script"),
    [
        ("same class is still allowed [001]", "book", "declare Боря терц:Тб"),
        ("any-higher: no forfeit [000]", "classic", "declare Боря 50:Тб"),
        ("the other's next declaration ends it (quick) [001]", "book",
         "declare Аня терц:Дп\ndeclare Боря 50:Тб"),
    ],
)  # fmt: skip
def test_the_askers_forfeit_ends(rule, rules, script):
    """RULES §4.2: what the forfeit does not forbid."""
    sheet = play(f"deal 7ч quick\ndeclare Аня терц:Дт\nask Боря\n{script}", rules)
    assert sheet.deals[-1].declarations[-1].status == Status.SCORED, rule


def test_the_forfeit_ends_with_the_turn_trick_by_trick():
    """RULES §4.2 [001]: "в этом ходе": after the trick, the asker declares freely again."""
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
    """RULES §4.2: «Рост?» is asked about the opponent's declaration just made."""
    assert why in str(refused(script, "book")), rule


def test_ask_notice_says_what_it_does():
    deal = play("deal 7ч quick\ndeclare Аня терц:Дт\nask Боря", "book").deals[-1]
    assert "nothing above a terts but four jacks until Аня's next declaration" in deal.notices[-1]
    deal = play("deal 7ч quick\ndeclare Аня терц:Дт\nask Боря", "classic").deals[-1]
    assert "no forfeit" in deal.notices[-1]


# --- multi: withdrawn declarations were never announced (RULES §4.3, [000]) -------------------


def test_multi_withdrawn_lower_declarations_do_not_block():
    """RULES §4.3 ``multiple`` [000]: the lower ones of a beaten turn were never announced."""
    sheet = play(
        "deal 7б\ndeclare Аня 50:Кт терц:10ч\nchallenge Боря 50:Тп\ndeclare Аня 50:Дч", "multi"
    )
    statuses = [(r.decl.notation(), r.status) for r in sheet.deals[-1].declarations]
    assert statuses[-1] == ("50:Q♥", Status.SCORED), statuses
    assert ("terts:10♥", Status.WITHDRAWN) in statuses


# --- book: the trump jack is free ([001] as [003][004]) ---------------------------------------


def test_book_plays_the_trump_jack_free():
    """RULES §3 ``play.trump_jack = "free"``: the same sentence stands in [001] as in [003]."""
    assert load_ruleset("book").play.trump_jack == "free"


# --- the trump of a deal recorded without one -------------------------------------------------


def test_a_marriage_names_the_trump_where_only_the_trump_marriage_counts(tmp_path: Path):
    """RULES §4 ``declarations.marriage = "trump"``: a marriage of hearts says hearts is trump."""
    deal = play("deal quick\ndeclare Аня марьяж:ч\ndeclare Боря терц:Тп").deals[-1]
    assert deal.trump is not None and deal.trump.symbol == "♥"
    assert any("names the trump" in n for n in deal.notices), deal.notices


def test_trump_recorded_after_the_deal():
    """The trump of an open deal (``terts trump``): once; a trick needs it."""
    deal = play("deal quick\ntrump 9ч\ntrick Тп 9п").deals[-1]
    assert deal.trump is not None and str(deal.trump_card) == "9♥" and len(deal.tricks) == 1
    text = str(refused("deal 7ч quick\ntrump п"))
    assert "already has its trump" in text and "event 1" in text, text
    text = str(refused("deal quick\ndeclare Аня марьяж:ч\ntrump п"))
    assert "(event 2)" in text, text


def test_trump_event_round_trips():
    ev = SetTrump(*parse_card_or_suit("9ч"))
    assert event_from_dict(ev.to_dict()) == ev
    assert event_from_dict(Ask("Аня").to_dict()) == Ask("Аня")


# --- a quick deal turned trick by trick (RULES §4.3) ------------------------------------------


def test_a_trick_turns_a_quick_deal_trick_by_trick():
    """RULES §4.3: timing only where tricks are followed; from the first trick on they are."""
    deal = play("deal 7ч quick\ndeclare Боря терц:Тт\ndeclare Боря 4Q\ntrick Тп 9п").deals[-1]
    assert not deal.quick and deal.timed_from == 4
    assert any("now followed trick by trick" in n for n in deal.notices), deal.notices
    # from here on timed: Боря does not lead trick 2 under `lead`
    text = str(refused("deal 7ч quick\ntrick Тп 9п\ndeclare Боря терц:Тт"))
    assert "does not lead trick 2" in text, text


def test_quick_deal_never_refuses_for_timing():
    """RULES §4.3: a scorer's quick deal (declarations in any order) under `strict` [002]."""
    sheet = play(
        "deal 7ч quick\ndeclare Боря 4A\ndeclare Аня терц:Дт\ndeclare Боря терц:Тп\n"
        "declare Аня 50:Кб",
        "strict",
    )
    assert [r.status for r in sheet.deals[-1].declarations] == [Status.SCORED] * 4


@pytest.mark.parametrize(
    ("rule", "rules", "script", "outcome"),
    [
        ("one per turn, one command [000][002]", "classic",
         "declare Аня терц:Дт 50:Кб", "one declaration per turn"),
        ("one per turn, separate commands are separate turns [000][002]", "classic",
         "declare Аня терц:Дт\ndeclare Аня 50:Кб", ["scored", "scored"]),
        ("runs of one turn share no card, one command [000]", "multi",
         "declare Аня 50:Кт терц:Дт", "share a card"),
        ("several in one command do not lower each other [000]", "multi",
         "declare Аня терц:Кт терц:10т", ["scored", "scored"]),
        ("separate commands are separate turns: lowering [000]", "multi",
         "declare Аня терц:Кт\ndeclare Аня терц:10т", ["scored", "lowering"]),
    ],
)  # fmt: skip
def test_quick_deal_turns_are_commands(rule, rules, script, outcome):
    """RULES §4.3: a quick deal judges everything but the moment; one command is one turn."""
    text = f"deal 7ч quick\n{script}"
    if isinstance(outcome, str):
        assert outcome in str(refused(text, rules)), rule
        return
    statuses = [r.status.value for r in play(text, rules).deals[-1].declarations]
    assert statuses == outcome, rule


@pytest.mark.parametrize(
    ("table", "field"),
    [
        ({"type": "ask", "player": "Вася"}, "player"),
        ({"type": "ask"}, "player"),
        ({"type": "trump"}, "trump"),
        ({"type": "trump", "trump": "x"}, "trump"),
        ({"type": "trump", "trump": "h", "trump_card": "Z♥"}, "trump_card"),
        ({"type": "ask", "player": "Аня", "extra": 1}, "extra"),
    ],
)
def test_ask_and_trump_events_are_validated_in_the_file(table, field):
    """A damaged game file: the new events are checked field by field like the others."""
    from terts_referee.errors import GameFileError

    with pytest.raises(GameFileError) as info:
        event_from_dict(table, 3, PLAYERS)
    assert field in str(info.value)
