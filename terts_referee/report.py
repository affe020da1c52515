"""One output layer for every command: rich tables for people, JSON (and CSV) for scripts.

Functions here take domain objects and print; they decide nothing about the rules.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from . import console
from .cards import Card, Suit
from .declarations import Declaration, best_order, challenge_verdict, find_declarations
from .events import Challenge, Claim, DealEvent, Declare, Event, Exchange, Penalty, Score, Trick
from .game import Game
from .play import legal_follows, trick_winner
from .replay import Deal, Sheet, stock_before
from .rules import Ruleset, key_docs

STATUS_STYLE = {
    "scored": "green",
    "burned": "red",
    "false": "red",
    "late": "red",
    "lowering": "red",
    "withdrawn": "dim",
}


def _cards(cards) -> str:
    return " ".join(str(c) for c in sorted(cards, key=Card.sort_key))


# --- events -------------------------------------------------------------------------------


def describe(event: Event, game: Game) -> str:
    """One line saying what an event records."""
    if isinstance(event, DealEvent):
        bits = ["deal"]
        if event.dealer:
            bits.append(f"dealer {event.dealer}")
        if event.trump_card:
            bits.append(f"trump {event.trump_card} face up")
        elif event.trump:
            bits.append(f"trump {event.trump.symbol} {event.trump.value}")
        if event.quick:
            bits.append("quick")
        return ", ".join(bits)
    if isinstance(event, Declare):
        return f"{event.player} declares " + ", ".join(str(c) for c in event.combos)
    if isinstance(event, Challenge):
        return f"{event.player} challenges with {event.combo} («Не годится!»)"
    if isinstance(event, Score):
        return f"{event.by} counts {event.points}; last trick {event.last_trick}"
    if isinstance(event, Penalty):
        extra = f" {event.points} points" if event.points is not None else ""
        target = f" (event {event.target})" if event.target is not None else ""
        return f"penalty {event.kind.value} for {event.player}{extra}{target}"
    if isinstance(event, Claim):
        extra = []
        if event.tricks is not None:
            extra.append(f"{event.tricks} tricks")
        if event.card_points is not None:
            extra.append(f"{event.card_points} card points")
        return f"{event.player} claims the win" + (f" ({', '.join(extra)})" if extra else "")
    if isinstance(event, Trick):
        return f"trick {event.lead} {event.follow}"
    if isinstance(event, Exchange):
        return f"{event.player} exchanges the trump 7"
    return event.type


def _event_json(number: int, event: Event, sheet: Sheet | None, rules: Ruleset) -> dict[str, Any]:
    data: dict[str, Any] = {"number": number, **event.to_dict()}
    if isinstance(event, Declare):
        data["declarations"] = [c.to_json(rules) for c in event.combos]
    if isinstance(event, Challenge):
        data["declaration"] = event.combo.to_json(rules)
    if sheet is not None:
        data["notices"] = sheet.notices_for(number)
    return data


def _deal_of_event(sheet: Sheet, number: int) -> Deal | None:
    found = None
    for d in sheet.deals:
        if d.event <= number:
            found = d
    return found


def report_event(game: Game, number: int, event: Event, sheet: Sheet, as_json: bool) -> None:
    deal = _deal_of_event(sheet, number)
    if as_json:
        data = _event_json(number, event, sheet, game.rules)
        data.update(
            {
                "deal": deal.number if deal else None,
                "totals": sheet.totals,
                "targets": sheet.targets,
                "finished": sheet.finished,
                "winner": sheet.winner,
            }
        )
        console.print_json(_drop_none(data))
        return
    console.say(f"event {number}: {describe(event, game)}", "bold")
    if isinstance(event, DealEvent) and deal:
        trump = f"trump {deal.trump.symbol}" if deal.trump else "trump not recorded"
        console.say(f"deal {deal.number}: {deal.dealer} deals, {trump}; {deal.leader} leads")
    if isinstance(event, Declare) and deal:
        for rec in deal.declarations:
            if rec.event == number:
                console.say(
                    f"  {rec.decl.name('ru')} ({rec.decl.name('en')}): {rec.value} — {rec.status}",
                    STATUS_STYLE.get(rec.status),
                )
        if any(r.event == number and r.status == "scored" for r in deal.declarations):
            console.say(
                f"  written unless {deal.other(event.player)} beats it now "
                "(terts challenge … «Не годится!»)",
                "dim",
            )
    if isinstance(event, Trick) and deal and deal.tricks:
        t = deal.tricks[-1]
        if deal.finished:
            console.say(f"trick {t.number}: {t.winner} takes it; the deal is over")
        else:
            console.say(
                f"trick {t.number}: {t.winner} takes it; next trick {deal.next_trick} "
                f"({deal.phase}), stock {stock_before(deal.next_trick)}, "
                f"{deal.leader} leads"
            )
    for text in sheet.notices_for(number):
        console.say(f"  ! {text}", "yellow")
    if deal and deal.finished and deal.points and not isinstance(event, (Declare, Challenge)):
        a, b = game.players
        console.say(
            f"deal {deal.number}: {a} {deal.points[a]}, {b} {deal.points[b]}; totals "
            f"{a} {sheet.totals[a]}/{sheet.targets[a]}, {b} {sheet.totals[b]}/"
            f"{sheet.targets[b]}"
        )
    if sheet.finished:
        console.say(f"game over: {sheet.winner} wins", "bold green")


def _drop_none(data: dict[str, Any]) -> dict[str, Any]:
    return data


def report_new(game: Game, path: Path, as_json: bool) -> None:
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
        f"new game {path}: {a} v {b}, rules {game.rules.name} (to {game.rules.game.target})"
    )
    console.say("next: terts deal --trump CARD|SUIT", "dim")


def report_undo(game: Game, number: int, event: Event, as_json: bool) -> None:
    if as_json:
        console.print_json({"removed": _event_json(number, event, None, game.rules)})
        return
    console.say(f"removed event {number}: {describe(event, game)}")


def report_log(game: Game, as_json: bool) -> None:
    sheet = game.sheet()
    if as_json:
        console.print_json(
            {
                "events": [
                    _event_json(i, e, sheet, game.rules) for i, e in enumerate(game.events, start=1)
                ]
            }
        )
        return
    t = console.table("#", "event", "notices", title="log")
    for i, e in enumerate(game.events, start=1):
        t.add_row(
            console.cell(i),
            console.cell(describe(e, game)),
            console.cell("; ".join(sheet.notices_for(i)), "yellow"),
        )
    console.show(t)


# --- the sheet ----------------------------------------------------------------------------


def sheet_json(game: Game, sheet: Sheet) -> dict[str, Any]:
    """The JSON shape of CLI.md, with the declarations and notices added."""
    rules = sheet.rules
    deals = []
    for d in sheet.deals:
        entry: dict[str, Any] = {
            "number": d.number,
            "dealer": d.dealer,
            "trump": d.trump.value if d.trump else None,
            "finished": d.finished,
            "last_trick": d.last_trick,
            "card_points": {p: (d.card_points or {}).get(p, 0) for p in game.players},
            "declarations": {p: d.declared(p) for p in game.players},
            "penalties": {p: d.penalty_points(p) for p in game.players},
            "points": dict(d.points),
            "totals": dict(d.totals),
            "declared": [
                {
                    "event": r.event,
                    "player": r.player,
                    "status": r.status,
                    "points": r.points,
                    "name": r.decl.name("ru"),
                    **r.decl.to_json(rules),
                }
                for r in d.declarations
            ],
            "penalty_list": [
                {
                    "event": p.event,
                    "player": p.player,
                    "kind": p.kind.value,
                    "points": p.points,
                    "uphill": p.uphill,
                    "to_opponent": p.to_opponent,
                    "note": p.note,
                    "automatic": p.auto,
                }
                for p in d.penalties
            ],
            "tricks": len(d.tricks),
            "claimed_by": d.claimed_by,
            "notices": list(d.notices),
        }
        deals.append(entry)
    return {
        "rules": rules.name,
        "players": list(game.players),
        "target": rules.game.target,
        "uphill": dict(sheet.uphill),
        "targets": sheet.targets,
        "totals": dict(sheet.totals),
        "finished": sheet.finished,
        "winner": sheet.winner,
        "win_reason": sheet.win_reason or None,
        "deals": deals,
        "notices": [{"event": n, "text": t} for n, t in sheet.notices],
    }


def report_sheet(
    game: Game, sheet: Sheet, as_json: bool, as_csv: bool, source: Path | None = None
) -> None:
    if as_json:
        console.print_json(sheet_json(game, sheet))
        return
    if as_csv:
        _sheet_csv(game, sheet)
        return
    a, b = game.players
    title = f"Terts — {sheet.rules.name}, to {sheet.rules.game.target}"
    t = console.table(
        "deal",
        "dealer",
        "trump",
        f"{a}: declared",
        f"{a}: deal",
        f"{a}: total",
        f"{b}: declared",
        f"{b}: deal",
        f"{b}: total",
        title=title,
        show_lines=True,
    )
    for d in sheet.deals:
        row = [
            console.cell(d.number),
            console.cell(d.dealer),
            console.cell(d.trump.symbol if d.trump else "—"),
        ]
        for p in game.players:
            names = [
                f"{r.decl.name('ru')} {r.points:+d}"
                if r.status != "scored"
                else f"{r.decl.name('ru')} {r.points}"
                for r in d.declarations
                if r.player == p
            ]
            row.append(console.cell("\n".join(names)))
            row.append(console.cell(_deal_cell(d, p)))
            row.append(
                console.cell(d.totals.get(p, "") if d.finished or d.claimed_by else "…", "bold")
            )
        t.add_row(*row)
    console.show(t)
    for p in game.players:
        up = sheet.uphill[p]
        extra = f" ({up} в гору)" if up else ""
        console.say(f"{p}: {sheet.totals[p]} of {sheet.targets[p]}{extra}")
    for n, text in sheet.notices:
        if n in sheet.skipped:
            console.say(f"! {text}", "yellow")
    if sheet.finished:
        console.say(f"game over: {sheet.winner} wins — {sheet.win_reason}", "bold green")
    if source is not None:
        console.say(f"(sample game written to {source})", "dim")


def _deal_cell(d: Deal, p: str) -> str:
    cards = (d.card_points or {}).get(p)
    parts = [str(cards) if cards is not None else "?"]
    decl = d.declared(p)
    if decl:
        parts.append(f"{decl:+d}")
    pen = d.penalty_points(p)
    if pen:
        parts.append(f"{pen:+d} pen")
    if d.finished or d.claimed_by:
        return " ".join(parts) + f" → {d.points.get(p, 0)}"
    return " ".join(parts)


def _sheet_csv(game: Game, sheet: Sheet) -> None:
    import csv
    import io

    buf = io.StringIO()
    w = csv.writer(buf)
    head = ["deal", "dealer", "trump", "last_trick"]
    for p in game.players:
        head += [
            f"{p} card_points",
            f"{p} declarations",
            f"{p} penalties",
            f"{p} points",
            f"{p} total",
        ]
    w.writerow(head)
    for d in sheet.deals:
        row = [d.number, d.dealer, d.trump.value if d.trump else "", d.last_trick or ""]
        for p in game.players:
            row += [
                (d.card_points or {}).get(p, ""),
                d.declared(p),
                d.penalty_points(p),
                d.points.get(p, ""),
                d.totals.get(p, ""),
            ]
        w.writerow(row)
    import sys

    sys.stdout.write(console.plain(buf.getvalue()))


# --- status -------------------------------------------------------------------------------


def may_declare(sheet: Sheet) -> list[dict[str, Any]]:
    """What each player may declare before the next card (RULES §4.3)."""
    deal = sheet.current
    if deal is None or sheet.finished:
        return []
    rules = sheet.rules.declarations
    k = deal.next_trick
    result = []
    for p in sheet.players:
        kinds = ["sequence", "four"]
        if not (deal.quick and not deal.tricks):
            if k > 8 or (rules.when == "lead" and p != deal.leader):
                kinds = []
            elif k == 1 and rules.before_break == "none":
                kinds = []
            elif k == 1 and rules.before_break == "sequences":
                kinds = ["sequence"]
            if not rules.multiple and any(
                r.player == p and r.trick == k and not r.beats and r.decl.kind.value != "marriage"
                for r in deal.declarations
            ):
                kinds = []
        if deal.trump is None or not any(
            r.decl.kind.value == "marriage" and r.status == "scored" for r in deal.declarations
        ):
            kinds.append("marriage")
        result.append({"player": p, "kinds": kinds})
    return result


def status_json(game: Game, sheet: Sheet) -> dict[str, Any]:
    deal = sheet.deals[-1] if sheet.deals else None
    if deal is None:
        return {
            "deal": 0,
            "phase": "over",
            "trick": 0,
            "stock": 0,
            "leader": None,
            "may_declare": [],
            "may_exchange": False,
            "may_look": False,
            "finished": sheet.finished,
            "winner": sheet.winner,
        }
    k = deal.next_trick
    open_ = not deal.finished and not sheet.finished
    stock = stock_before(k) if open_ else 0
    may_exchange = bool(
        open_
        and deal.trump
        and not deal.exchange_by
        and stock >= sheet.rules.exchange.min_stock
        and deal.trump_card != Card.parse(f"7{deal.trump.letter}")
        and Card.parse(f"7{deal.trump.letter}") not in deal.played()
    )
    return {
        "deal": deal.number,
        "phase": deal.phase if open_ else "over",
        "trick": min(k, 16) if open_ else len(deal.tricks),
        "stock": stock,
        "leader": deal.leader if open_ else None,
        "dealer": deal.dealer,
        "trump": deal.trump.value if deal.trump else None,
        "quick": deal.quick,
        "may_declare": may_declare(sheet),
        "may_exchange": may_exchange,
        "may_look": bool(open_ and stock >= 4),
        "tricks": {p: deal.tricks_taken(p) for p in game.players},
        "finished": sheet.finished,
        "winner": sheet.winner,
    }


def report_status(game: Game, sheet: Sheet, as_json: bool) -> None:
    data = status_json(game, sheet)
    if as_json:
        console.print_json(data)
        return
    if not data["deal"]:
        console.say("no deal yet: terts deal --trump CARD|SUIT")
        return
    if data["phase"] == "over":
        console.say(
            f"deal {data['deal']} is over"
            + (f"; {sheet.winner} won the game" if sheet.finished else "; next: terts deal")
        )
        return
    console.say(
        f"deal {data['deal']}, trick {data['trick']} ({data['phase']}), stock "
        f"{data['stock']}, {data['leader']} leads",
        "bold",
    )
    for entry in data["may_declare"]:
        kinds = ", ".join(entry["kinds"]) or "nothing"
        console.say(f"  {entry['player']} may declare: {kinds}")
    console.say(f"  trump 7 exchange: {'allowed' if data['may_exchange'] else 'not now'}")
    console.say(f"  looking at taken tricks: {'allowed' if data['may_look'] else 'not now'}")


# --- check --------------------------------------------------------------------------------


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
        console.say(f"{_cards(hand)}: no declaration (trump {trump.symbol})")
        return
    t = console.table(
        "declaration",
        "таблица",
        "cards",
        "points",
        title=f"{_cards(hand)} — trump {trump.symbol}, rules {rules.name}",
    )
    for d in found:
        t.add_row(
            console.cell(d.name("en")),
            console.cell(d.name("ru")),
            console.cell(_cards(d.cards())),
            console.cell(d.points(rules)),
        )
    console.show(t)
    console.say(
        f"best over {turns} turns, one per turn, lower to higher within a suit [000]: "
        f"{best} points",
        "bold",
    )
    for i, d in enumerate(order, start=1):
        console.say(f"  {i}. {d.name('ru')} ({d}) {d.points(rules)}")


def report_compare(
    first: Declaration, second: Declaration, trump: Suit, rules: Ruleset, as_json: bool
) -> None:
    verdict = challenge_verdict(first, second, trump, rules)
    if as_json:
        console.print_json(
            {
                "winner": verdict.winner,
                "reason": verdict.reason,
                "key": verdict.key,
                "source": verdict.source,
                "rules": rules.name,
                "first": first.to_json(rules),
                "second": second.to_json(rules),
            }
        )
        return
    who = {
        "first": f"{first.name('ru')} ({first}) wins — it stands",
        "second": f"{second.name('ru')} ({second}) wins — «Не годится!»",
        "neither": "neither beats the other",
    }[verdict.winner]
    console.say(who, "bold")
    key = f"; {verdict.key}" if verdict.key else ""
    console.say(f"  {verdict.reason} {verdict.source}{key} (rules {rules.name})")


def report_trick(lead: Card, follow: Card, trump: Suit, as_json: bool) -> None:
    winner = trick_winner(lead, follow, trump)
    card = (lead, follow)[winner]
    if as_json:
        console.print_json({"winner": ("first", "second")[winner], "card": str(card)})
        return
    why = (
        "the higher trump"
        if card.suit == trump and (lead.suit == follow.suit or winner)
        else "a trump"
        if card.suit == trump
        else "the higher card of the led suit"
        if lead.suit == follow.suit
        else "the led suit; the other card neither follows nor trumps"
    )
    console.say(f"{card} takes the trick ({why}; trump {trump.symbol})")


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
    phase = "final phase (stock empty)" if final else "while the stock lasts"
    console.say(f"to {lead}, {phase}, trump {trump.symbol}: may play {_cards(ordered)}")
    if not final:
        console.say(f'  play.while_stock = "{rules.play.while_stock}"', "dim")
    else:
        console.say(
            f"  follow suit and beat, else trump; play.trump_jack = "
            f'"{rules.play.trump_jack}" [000][001][002][003]',
            "dim",
        )


# --- rules --------------------------------------------------------------------------------


def report_rules_list(as_json: bool) -> None:
    from .rules import bundled_names, load_ruleset

    rows = [load_ruleset(n) for n in bundled_names()]
    if as_json:
        console.print_json(
            {"rulesets": [{"name": r.name, "description": r.description} for r in rows]}
        )
        return
    t = console.table("name", "description", title="bundled rulesets")
    for r in rows:
        t.add_row(console.cell(r.name, "bold"), console.cell(r.description))
    console.show(t)


def report_rules_show(rules: Ruleset, as_json: bool, checked: str | None = None) -> None:
    if as_json:
        data = rules.to_dict()
        if checked:
            data["valid"] = True
        console.print_json(data)
        return
    if checked:
        console.say(f"{checked}: valid ruleset {rules.name!r}", "green")
    t = console.table(
        "key", "value", "meaning", "source", title=f"{rules.name}: {rules.description}"
    )
    for dotted, _default, doc, choices, source in key_docs():
        value = rules.get(dotted)
        allowed = f" ({' | '.join(choices)})" if choices and isinstance(value, str) else ""
        t.add_row(
            console.cell(dotted),
            console.cell(value, "bold"),
            console.cell(doc + allowed),
            console.cell(source),
        )
    console.show(t)
