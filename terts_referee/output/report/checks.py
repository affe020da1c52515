"""The answers of ``terts check``: a hand's declarations and best order, which of two
declarations wins, who takes a trick, which cards may follow."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...domain.cards import Card, Suit
from ...domain.declarations import (
    Declaration,
    best_order,
    challenge_verdict,
    find_declarations,
    shared_cards,
)
from ...domain.play import legal_follows, trick_winner, trump_jack_matters
from ...domain.rules import Ruleset
from ...i18n import cards as cards_in
from ...i18n import lang, t
from ...i18n.sentences import named, notation, say
from .. import console

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ...referee.moments import Moment


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as the table writes them, high to low within suits, in the output's language:
    «Т♠ К♠ Д♠» (the letters of the declarations' notation)."""
    return cards_in(sorted(cards, key=Card.sort_key))


def report_hand(hand: list[Card], trump: Suit, rules: Ruleset, turns: int, as_json: bool) -> None:
    found = find_declarations(hand, trump, rules)
    order = best_order(hand, trump, rules, turns)
    best = sum(d.points(rules) for d in order)
    if as_json:
        console.print_json(
            {
                "declarations": [d.to_json(rules) for d in found],
                "best_order": [d.to_json(rules) for d in order],
                "best_points": best,
                "turns": turns,
                "rules": rules.name,
            }
        )
        return
    if not found:
        console.say(t("out.no_decl", cards=format_cards(hand), suit=trump.symbol))
        return
    tab = console.table(
        t("h.declaration"),
        t("h.combo"),
        t("h.cards"),
        t("h.points"),
        title=t("h.hand", cards=format_cards(hand), suit=trump.symbol, rules=rules.name),
    )
    for d in found:
        tab.add_row(
            console.cell(named(d, lang())),
            console.cell(notation(d, lang())),  # as a player of the language types it
            console.cell(format_cards(d.cards())),
            console.cell(d.points(rules)),
        )
    console.show(tab)
    console.say(t("out.best", n=turns, p=best), "bold")
    for i, d in enumerate(order, start=1):
        console.say(f"  {i}. {named(d, lang())} ({notation(d, lang())}) {d.points(rules)}")


def report_compare(
    first: Declaration, second: Declaration, trump: Suit, rules: Ruleset, as_json: bool
) -> None:
    verdict = challenge_verdict(first, second, trump, rules)
    shared = sorted(shared_cards(first, second), key=Card.sort_key)
    if as_json:
        console.print_json(
            {
                "winner": verdict.winner,
                "reason": say(verdict.reason, lang()),
                "key": verdict.key,
                "source": verdict.source,
                "rules": rules.name,
                "first": first.to_json(rules),
                "second": second.to_json(rules),
                "shared": [str(c) for c in shared],
            }
        )
        return
    if verdict.winner == "first":
        head = t("out.cmp_first", name=named(first, lang()), combo=notation(first, lang()))
    elif verdict.winner == "second":
        head = t("out.cmp_second", name=named(second, lang()), combo=notation(second, lang()))
    else:
        head = t("out.cmp_neither")
    console.say(head, "bold")
    key = f"; {verdict.key}" if verdict.key else ""
    console.say(f"  {say(verdict.reason, lang())} {verdict.source}{key} ({rules.name})")
    if shared:
        console.say(t("out.shared", cards=format_cards(shared)), "yellow")


def report_trick(lead: Card, follow: Card, trump: Suit, as_json: bool) -> None:
    winner = trick_winner(lead, follow, trump)
    card = (lead, follow)[winner]
    if as_json:
        console.print_json({"winner": ("first", "second")[winner], "card": str(card)})
        return
    console.say(t("out.takes", lead=lead, follow=follow, card=card, suit=trump.symbol))


def report_legal(
    hand: list[Card], lead: Card, trump: Suit, final: bool, rules: Ruleset, as_json: bool
) -> None:
    legal = legal_follows(hand, lead, trump, rules, final)
    ordered = sorted(legal, key=Card.sort_key)
    if as_json:
        console.print_json(
            {"legal": [str(c) for c in ordered], "final": final, "rules": rules.name}
        )
        return
    phase = t("out.final") if final else t("out.stock")
    console.say(
        t("out.legal", lead=lead, phase=phase, suit=trump.symbol, cards=format_cards(ordered))
    )
    for line in _legal_rules(hand, lead, trump, final, rules):
        console.say(f"  {line}", "dim")


#: The sources of each value of the keys that decide what may follow (§3).
_PLAY_SOURCES = {
    ("while_stock", "free"): "[000][001][002]",
    ("while_stock", "follow"): "[003][004]",
    ("trump_jack", "may-withhold"): "[000][002]",
    ("trump_jack", "free"): "[001][003][004]",
}


def _legal_rules(
    hand: list[Card], lead: Card, trump: Suit, final: bool, rules: Ruleset
) -> list[str]:
    """The rules that decided ``check legal``'s answer, each with its section and sources: the
    final phase's duty or ``play.while_stock``, and ``play.trump_jack`` only when the trump
    jack in the hand changed what may be played."""
    play = rules.play
    lines = [
        t("out.legal.final_duty")
        if final
        else f'play.while_stock = "{play.while_stock}" (§3) '
        + _PLAY_SOURCES["while_stock", play.while_stock]
    ]
    if trump_jack_matters(hand, lead, trump, rules, final):
        sources = _PLAY_SOURCES["trump_jack", play.trump_jack]
        lines.append(f'play.trump_jack = "{play.trump_jack}" (§3) {sources}')
    return lines


def report_when(decl: Declaration, moment: Moment, rules: Ruleset, as_json: bool) -> None:
    """``check when``: may ``decl`` be declared at ``moment``, by which rule."""
    from ...referee.moments import when_verdict

    verdict = when_verdict(rules, decl, moment)
    if as_json:
        console.print_json(
            {
                "allowed": verdict.allowed,
                "refused": verdict.refused,
                "code": verdict.code,
                "reason": say(verdict.reason, lang()),
                "rule": verdict.rule,
                "key": verdict.key,
                "source": verdict.source,
                "rules": rules.name,
                "declaration": decl.to_json(rules),
                "trick": moment.trick,
                "leader": moment.leads,
            }
        )
        return
    if verdict.allowed:
        head = t(
            "out.when_yes",
            name=named(decl, lang()),
            combo=notation(decl, lang()),
            trick=moment.trick,
        )
    elif verdict.refused:
        head = t(
            "out.when_no",
            name=named(decl, lang()),
            combo=notation(decl, lang()),
            trick=moment.trick,
        )
    else:
        head = t(
            "out.when_priced",
            name=named(decl, lang()),
            combo=notation(decl, lang()),
            trick=moment.trick,
        )
    console.say(head, "bold")
    key = f"; {verdict.key}" if verdict.key else ""
    reason = say(verdict.reason, lang())
    # The rule is written with its sign already («§4.3», «§4.3, §6»); a source's own rule
    # number («[000] rule 5») in the output's words.
    source = _RULE_NUMBER.sub(lambda m: t("out.source_rule", n=int(m.group(1))), verdict.source)
    console.say(f"  {reason} ({verdict.rule} {source}{key}; {rules.name})")


#: A numbered rule inside a source's citation: «[000] rule 5» (the source numbers its rules).
_RULE_NUMBER = re.compile(r"\brule (\d+)\b")
