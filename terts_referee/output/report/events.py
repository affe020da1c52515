"""What a recorded event says: its one-line description, its JSON, and the reports of the
commands that change the game file (``new``, every recording command, ``undo``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...domain.rules import Ruleset
from ...domain.verdicts import Remedy
from ...i18n import lang, t
from .. import console
from .words import STATUS_STYLE, decl_names, penalty_name, said_all, status_word

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from ...domain.events import Event
    from ...game.model import Game
    from ...referee import Deal, Sheet


def describe(event: Event) -> str:
    """One line saying what an event records, in the current language."""
    from ...domain.events import (
        Ask,
        Challenge,
        Claim,
        DealEvent,
        Declare,
        Exchange,
        Penalty,
        Score,
        SetTrump,
        Trick,
    )

    if isinstance(event, DealEvent):
        bits = [t("ev.deal")]
        if event.dealer:
            bits.append(t("ev.dealer", p=event.dealer))
        if event.trump_card:
            bits.append(t("ev.trump_card", card=event.trump_card))
        elif event.trump:
            bits.append(t("ev.trump", suit=event.trump.symbol))
        if event.quick:
            bits.append(t("ev.quick"))
        return ", ".join(bits)
    if isinstance(event, Declare):
        return t("ev.declare", p=event.player, what=decl_names(event.combos))
    if isinstance(event, Challenge):
        return t("ev.challenge", p=event.player, what=decl_names([event.combo]))
    if isinstance(event, Score):
        return t("ev.score", p=event.by, n=event.points, q=event.last_trick)
    if isinstance(event, Penalty):
        text = t("ev.penalty", p=event.player, kind=penalty_name(event.kind.value))
        if event.points is not None:
            text += ", " + t("ev.points", n=event.points)
        if event.target is not None:
            text += f" ({t('ev.event', n=event.target)})"
        return text
    if isinstance(event, Claim):
        extra = []
        if event.tricks is not None:
            extra.append(t("ev.tricks", n=event.tricks))
        if event.card_points is not None:
            extra.append(t("ev.card_points", n=event.card_points))
        text = t("ev.claim", p=event.player)
        return text + (f" ({', '.join(extra)})" if extra else "")
    if isinstance(event, Trick):
        return t("ev.trick", a=event.lead, b=event.follow)
    if isinstance(event, Exchange):
        return t("ev.exchange", p=event.player)
    if isinstance(event, Ask):
        return t("ev.ask", p=event.player)
    if isinstance(event, SetTrump):
        if event.trump_card:
            return t("ev.trump_card", card=event.trump_card)
        return t("ev.trump", suit=event.trump.symbol)
    return event.type


def event_json(number: int, event: Event, sheet: Sheet | None, rules: Ruleset) -> dict[str, Any]:
    from ...domain.events import Challenge, Declare

    data: dict[str, Any] = {"number": number, **event.to_dict()}
    if isinstance(event, Declare):
        data["declarations"] = [c.to_json(rules) for c in event.combos]
    if isinstance(event, Challenge):
        data["declaration"] = event.combo.to_json(rules)
    if sheet is not None:
        notices = sheet.notices_for(number)
        data["notices"] = said_all(notices)
        from ..verdicts import verdict_json

        data["verdicts"] = [verdict_json(v) for v in notices]
    return data


def deal_of_event(sheet: Sheet, number: int) -> Deal | None:
    found = None
    for d in sheet.deals:
        if d.event <= number:
            found = d
    return found


def report_event(
    game: Game,
    number: int,
    event: Event,
    sheet: Sheet,
    as_json: bool,
    *,
    command: Callable[[Remedy], str],
) -> None:
    """What recording event ``number`` did; ``command`` writes a command to type next in the
    face's form (the terminal's, the table's)."""
    from ...domain.events import Challenge, DealEvent, Declare, Trick
    from ...referee import stock_before

    deal = deal_of_event(sheet, number)
    if as_json:
        data = event_json(number, event, sheet, game.rules)
        data.update(
            {
                "deal": deal.number if deal else None,
                "totals": sheet.totals,
                "targets": sheet.targets,
                "finished": sheet.finished,
                "winner": sheet.winner,
            }
        )
        console.print_json(data)
        return
    console.say(t("out.event", n=number, what=describe(event)), "bold")
    if isinstance(event, DealEvent) and deal:
        trump = t("out.trump_is", suit=deal.trump.symbol) if deal.trump else t("out.trump_unknown")
        console.say(
            t("out.deal_start", n=deal.number, dealer=deal.dealer, trump=trump, leader=deal.leader)
        )
    if isinstance(event, Declare) and deal:
        mine = [r for r in deal.declarations if r.event == number]
        for rec in mine:
            console.say(
                t(
                    "out.decl_line",
                    name=rec.decl.name(lang()),
                    value=rec.value,
                    status=status_word(rec.status),
                ),
                STATUS_STYLE.get(rec.status),
            )
        if any(r.status == "scored" and r.decl.kind.value != "marriage" for r in mine):
            other = deal.other(event.player)
            typed = command(Remedy("challenge", {"player": other, "combo": None}))
            console.say(t("out.unless_beaten", p=other, command=typed), "dim")
    if isinstance(event, Trick) and deal and deal.tricks:
        tr = deal.tricks[-1]
        if deal.finished:
            console.say(t("out.trick_over", n=tr.number, p=tr.winner))
        else:
            console.say(
                t(
                    "out.trick",
                    n=tr.number,
                    p=tr.winner,
                    k=deal.next_trick,
                    phase=t(f"phase.{deal.phase}"),
                    stock=stock_before(deal.next_trick),
                    leader=deal.leader,
                )
            )
    for text in said_all(sheet.notices_for(number)):
        console.say(f"  ! {text}", "yellow")
    if deal and deal.finished and deal.points and not isinstance(event, (Declare, Challenge)):
        a, b = game.players
        console.say(
            t(
                "out.deal_points",
                n=deal.number,
                a=a,
                b=b,
                pa=deal.points[a],
                pb=deal.points[b],
                ta=sheet.totals[a],
                tb=sheet.totals[b],
                ga=sheet.targets[a],
                gb=sheet.targets[b],
            )
        )
    if sheet.finished:
        console.say(t("out.game_over", p=sheet.winner), "bold green")


def report_new(game: Game, path: Path, as_json: bool, *, command: Callable[[Remedy], str]) -> None:
    if as_json:
        console.print_json(
            {
                "game": str(path),
                "players": list(game.players),
                "rules": game.rules.name,
                "target": game.rules.game.target,
            }
        )
        return
    a, b = game.players
    console.say(
        t("out.new", path=path, a=a, b=b, rules=game.rules.name, target=game.rules.game.target)
    )
    typed = command(Remedy("deal", {"trump": t("out.card_or_suit")}))
    console.say(t("out.next_deal", command=typed), "dim")


def report_undo(game: Game, number: int, event: Event, as_json: bool) -> None:
    if as_json:
        console.print_json({"removed": event_json(number, event, None, game.rules)})
        return
    console.say(t("out.removed", n=number, what=describe(event)))
