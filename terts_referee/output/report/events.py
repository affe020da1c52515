"""What a recorded event says: its one-line description, its JSON, and the reports of the
commands that change the game file (``new``, every recording command, ``undo``)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...domain.rules import Ruleset
from ...domain.verdicts import Remedy
from ...i18n import lang, t
from ...i18n.sentences import named
from .. import console
from .catalogue import STATUS_STYLE, decl_names, penalty_name, said_all, status_word

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from ...domain.events import Event
    from ...domain.verdicts import Verdict
    from ...game.model import Game
    from ...game.views import Recorded, Removed
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
        Note,
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
        if event.combo is not None:  # the false one of its event's several
            text += ", " + decl_names([event.combo])
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
    if isinstance(event, Note):
        if event.deal is None:
            return t("ev.note", text=event.text)
        return t("ev.note.deal", n=event.deal, text=event.text)
    return event.type


def event_json(
    number: int, event: Event, notices: Sequence[Verdict] | None, rules: Ruleset
) -> dict[str, Any]:
    """An event as ``log --json`` and a recording command's ``--json`` give it: its notices in
    words and, beside them, as verdicts for scripts; ``notices`` None: none said (an event
    undone)."""
    from ...domain.events import Challenge, Declare

    data: dict[str, Any] = {"number": number, **event.to_dict()}
    if isinstance(event, Declare):
        data["declarations"] = [c.to_json(rules) for c in event.combos]
    if isinstance(event, Challenge):
        data["declaration"] = event.combo.to_json(rules)
    if notices is not None:
        from ..verdicts import verdict_json

        data["notices"] = said_all(notices)
        data["verdicts"] = [verdict_json(v) for v in notices]
    return data


def deal_of_event(sheet: Sheet, number: int) -> Deal | None:
    found = None
    for d in sheet.deals:
        if d.event <= number:
            found = d
    return found


def report_event(recorded: Recorded, as_json: bool, *, command: Callable[[Remedy], str]) -> None:
    """What recording an event did; ``command`` writes a command to type next in the face's
    form (the terminal's, the table's)."""
    game, number, event, sheet = recorded.game, recorded.number, recorded.event, recorded.sheet
    if as_json:
        deal = deal_of_event(sheet, number)
        data = event_json(number, event, recorded.notices, game.rules)
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
    show(event_lines(recorded, command=command))


#: A line of a report: its text and its style (None: plain).
Said = tuple[str, "str | None"]


def show(lines: list[Said]) -> None:
    """A report's lines on stdout, each in its style."""
    for text, style in lines:
        console.say(text, style)


def event_lines(
    recorded: Recorded, *, command: Callable[[Remedy], str] | None = None
) -> list[Said]:
    """What a recording command says of the event it recorded, line by line: the event, the
    deal it opened, the declarations it scored, the trick, the notices, the deal's points.
    ``command`` writes a command to type next in the face's form; None (a face without
    commands to type, the page) leaves out the lines that only suggest one."""
    from ...domain.events import Challenge, DealEvent, Declare, Note, Trick
    from ...referee import stock_before

    game, number, event, sheet = recorded.game, recorded.number, recorded.event, recorded.sheet
    deal = deal_of_event(sheet, number)
    said: list[Said] = []

    def say(text: str, style: str | None = None) -> None:
        said.append((text, style))

    say(t("out.event", n=number, what=describe(event)), "bold")
    if isinstance(event, DealEvent) and deal:
        trump = t("out.trump_is", suit=deal.trump.symbol) if deal.trump else t("out.trump_unknown")
        say(t("out.deal_start", n=deal.number, dealer=deal.dealer, trump=trump, leader=deal.leader))
    if isinstance(event, Declare) and deal:
        mine = [r for r in deal.declarations if r.event == number]
        for rec in mine:
            say(
                t(
                    "out.decl_line",
                    name=named(rec.decl, lang()),
                    value=rec.value,
                    status=status_word(rec.status),
                ),
                STATUS_STYLE.get(rec.status),
            )
        scored = any(r.status == "scored" and r.decl.kind.value != "marriage" for r in mine)
        if scored and command is not None:
            other = deal.other(event.player)
            typed = command(Remedy("challenge", {"player": other, "combo": None}))
            say(t("out.unless_beaten", p=other, command=typed), "dim")
    if isinstance(event, Trick) and deal and deal.tricks:
        tr = deal.tricks[-1]
        if deal.finished:
            say(t("out.trick_over", n=tr.number, p=tr.winner))
        else:
            say(
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
    for text in said_all(recorded.notices):
        say(f"  ! {text}", "yellow")
    if deal and deal.finished and deal.points and not isinstance(event, (Declare, Challenge, Note)):
        a, b = game.players
        say(
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
        say(t("out.game_over", p=sheet.winner), "bold green")
    return said


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
    show(new_lines(game, path, command=command))


def new_lines(
    game: Game, path: Path, *, command: Callable[[Remedy], str] | None = None
) -> list[Said]:
    """What ``terts new`` says of the game it started; ``command`` writes the next command to
    type in the face's form (None: a face without commands, no such line)."""
    a, b = game.players
    rules, target = game.rules.name, game.rules.game.target
    said: list[Said] = [(t("out.new", path=path, a=a, b=b, rules=rules, target=target), None)]
    if command is not None:
        typed = command(Remedy("deal", {"trump": None}))
        said.append((t("out.next_deal", command=typed), "dim"))
    return said


def report_undo(removed: Removed, as_json: bool) -> None:
    number, event = removed.number, removed.event
    if as_json:
        console.print_json({"removed": event_json(number, event, None, removed.game.rules)})
        return
    show(undo_lines(removed))


def undo_lines(removed: Removed) -> list[Said]:
    """What ``terts undo`` says of the event it removed."""
    return [(t("out.removed", n=removed.number, what=describe(removed.event)), None)]
