"""One output layer for every command: rich tables for people, JSON (and CSV) for scripts.

Functions here take domain objects and print; they decide nothing about the rules.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from . import (
    console,
    vocabulary,  # noqa: F401  (registers the statuses and penalty names)
)
from .cards import Card, Suit
from .declarations import (
    Declaration,
    best_order,
    challenge_verdict,
    find_declarations,
    shared_cards,
)
from .i18n import lang, register, t
from .play import legal_follows, trick_winner
from .rules import Ruleset, key_docs, toml_value

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .events import Event
    from .game import Game
    from .replay import Deal, Sheet

MSG = register(
    {
        "ev.deal": {"en": "deal", "ru": "сдача"},
        "ev.dealer": {"en": "dealer {p}", "ru": "сдаёт {p}"},
        "ev.trump_card": {"en": "trump {card} face up", "ru": "козырь {card} открыт"},
        "ev.trump": {"en": "trump {suit}", "ru": "козырь {suit}"},
        "ev.quick": {"en": "quick", "ru": "быстрый учёт"},
        "ev.declare": {"en": "{p} declares {what}", "ru": "{p} объявляет {what}"},
        "ev.challenge": {
            "en": "{p} beats it with {what} («Не годится!»)",
            "ru": "{p}: «Не годится!» {what}",
        },
        "ev.score": {
            "en": "{p} counts {n}; last trick {q}",
            "ru": "{p} считает {n}; последняя взятка {q}",
        },
        "ev.penalty": {"en": "penalty for {p}: {kind}", "ru": "штраф {p}: {kind}"},
        "ev.points": {"en": "{n} points", "ru": "{n} очков"},
        "ev.event": {"en": "event {n}", "ru": "событие {n}"},
        "ev.claim": {"en": "{p} claims the win", "ru": "{p} заявляет о победе"},
        "ev.tricks": {"en": "{n} tricks", "ru": "взяток: {n}"},
        "ev.card_points": {"en": "{n} card points", "ru": "очков в картах: {n}"},
        "ev.trick": {"en": "trick {a} {b}", "ru": "взятка {a} {b}"},
        "ev.exchange": {"en": "{p} exchanges the trump 7", "ru": "{p} меняет козырную семёрку"},
        "out.event": {"en": "event {n}: {what}", "ru": "событие {n}: {what}"},
        "out.deal_start": {
            "en": "deal {n}: {dealer} deals, {trump}; {leader} leads",
            "ru": "сдача {n}: сдаёт {dealer}, {trump}; ходит {leader}",
        },
        "out.trump_unknown": {"en": "trump not recorded", "ru": "козырь не записан"},
        "out.trump_is": {"en": "trump {suit}", "ru": "козырь {suit}"},
        "out.decl_line": {
            "en": "  {name}: {value} — {status}",
            "ru": "  {name}: {value} — {status}",
        },
        "out.unless_beaten": {
            "en": "  written unless {p} beats it now: terts challenge {p} COMBO",
            "ru": "  пишет, если {p} не перебьёт сейчас: terts challenge {p} COMBO",
        },
        "out.trick_over": {
            "en": "trick {n}: {p} takes it; the deal is over",
            "ru": "взятка {n}: берёт {p}; сдача окончена",
        },
        "out.trick": {
            "en": "trick {n}: {p} takes it; next trick {k} ({phase}), stock {stock}, "
            "{leader} leads",
            "ru": "взятка {n}: берёт {p}; дальше взятка {k} ({phase}), в колоде {stock}, "
            "ходит {leader}",
        },
        "out.deal_points": {
            "en": "deal {n}: {a} {pa}, {b} {pb}; totals {a} {ta} of {ga}, {b} {tb} of {gb}",
            "ru": "сдача {n}: {a} {pa}, {b} {pb}; итого {a} {ta} из {ga}, {b} {tb} из {gb}",
        },
        "out.game_over": {"en": "game over: {p} wins", "ru": "игра окончена, победитель — {p}"},
        "out.game_over_why": {
            "en": "game over: {p} wins — {why}",
            "ru": "игра окончена, победитель — {p}: {why}",
        },
        "out.new": {
            "en": "new game {path}: {a} v {b}, rules {rules} (to {target})",
            "ru": "новая игра {path}: {a} — {b}, правила {rules} (до {target})",
        },
        "out.next_deal": {
            "en": "next: terts deal --trump CARD|SUIT",
            "ru": "дальше: terts deal --trump КАРТА|МАСТЬ",
        },
        "out.removed": {"en": "removed event {n}: {what}", "ru": "удалено событие {n}: {what}"},
        "h.log": {"en": "log", "ru": "журнал"},
        "h.num": {"en": "#", "ru": "№"},
        "h.event": {"en": "event", "ru": "событие"},
        "h.at": {"en": "time", "ru": "время"},
        "h.notices": {"en": "notices", "ru": "замечания"},
        "h.title": {"en": "Terts — {rules}, to {target}", "ru": "Терц — {rules}, до {target}"},
        "h.deal": {"en": "deal", "ru": "сдача"},
        "h.dealer": {"en": "dealer", "ru": "сдавал"},
        "h.trump": {"en": "trump", "ru": "козырь"},
        "h.last": {"en": "last trick", "ru": "последняя"},
        "h.total": {"en": "total", "ru": "итого"},
        "h.declarations": {"en": "declarations and penalties", "ru": "объявления и штрафы"},
        "out.target": {"en": "{p}: {total} of {target}", "ru": "{p}: {total} из {target}"},
        "out.uphill": {"en": " ({n} в гору)", "ru": " ({n} в гору)"},
        "out.sample": {
            "en": "(sample game written to {path})",
            "ru": "(пример игры записан в {path})",
        },
        "out.pen_line": {"en": "penalty {kind}", "ru": "штраф: {kind}"},
        "out.uphill_short": {"en": "{n} uphill", "ru": "{n} в гору"},
        "out.no_deal": {
            "en": "no deal yet: terts deal --trump CARD|SUIT",
            "ru": "сдачи ещё не было: terts deal --trump КАРТА|МАСТЬ",
        },
        "out.deal_over": {"en": "deal {n} is over", "ru": "сдача {n} окончена"},
        "out.deal_over_won": {
            "en": "deal {n} is over; {p} won the game",
            "ru": "сдача {n} окончена; победитель игры — {p}",
        },
        "out.deal_over_next": {
            "en": "deal {n} is over; next: terts deal",
            "ru": "сдача {n} окончена; дальше: terts deal",
        },
        "out.status": {
            "en": "deal {n}, trick {k} ({phase}), stock {stock}, {leader} leads",
            "ru": "сдача {n}, взятка {k} ({phase}), в колоде {stock}, ходит {leader}",
        },
        "out.may_declare": {
            "en": "  {p} may declare: {kinds}",
            "ru": "  {p} может объявить: {kinds}",
        },
        "out.nothing": {"en": "nothing", "ru": "ничего"},
        "out.exchange": {"en": "  trump 7 exchange: {v}", "ru": "  смена козырной семёрки: {v}"},
        "out.look": {"en": "  looking at taken tricks: {v}", "ru": "  смотреть взятки: {v}"},
        "out.allowed": {"en": "allowed", "ru": "можно"},
        "out.not_now": {"en": "not now", "ru": "нельзя"},
        "kind.sequence": {"en": "runs", "ru": "последовательности"},
        "kind.four": {"en": "fours", "ru": "фигуры"},
        "kind.marriage": {"en": "marriage", "ru": "марьяж"},
        "out.no_decl": {
            "en": "{cards}: no declaration (trump {suit})",
            "ru": "{cards}: комбинаций нет (козырь {suit})",
        },
        "h.declaration": {"en": "declaration", "ru": "комбинация"},
        "h.cards": {"en": "cards", "ru": "карты"},
        "h.points": {"en": "points", "ru": "очки"},
        "h.hand": {
            "en": "{cards} — trump {suit}, rules {rules}",
            "ru": "{cards} — козырь {suit}, правила {rules}",
        },
        "out.best": {
            "en": "best over {n} turns, one per turn, lower to higher in a suit [000]: {p} points",
            "ru": "лучшее за {n} ходов, по одной за ход, от младшей к старшей [000]: {p} очков",
        },
        "out.cmp_first": {
            "en": "{name} ({combo}) stands — «Пишет»",
            "ru": "{name} ({combo}) — «Пишет»",
        },
        "out.cmp_second": {
            "en": "{name} ({combo}) wins — «Не годится!»",
            "ru": "{name} ({combo}) — «Не годится!»",
        },
        "out.cmp_neither": {"en": "neither beats the other", "ru": "ни одна не бьёт другую"},
        "out.shared": {
            "en": "  note: both hold {cards}, which two players cannot: one of them is false",
            "ru": "  заметьте: у обоих {cards}, так не бывает — одна из комбинаций ложная",
        },
        "out.takes": {
            "en": "{lead} led, {follow} played to it: {card} takes the trick (trump {suit})",
            "ru": "заход {lead}, ответ {follow}: взятку берёт {card} (козырь {suit})",
        },
        "out.legal": {
            "en": "to {lead}, {phase}, trump {suit}: may play {cards}",
            "ru": "на {lead}, {phase}, козырь {suit}: можно класть {cards}",
        },
        "out.final": {"en": "final phase (stock empty)", "ru": "разбор фрица (колода кончилась)"},
        "out.stock": {"en": "while the stock lasts", "ru": "пока есть колода"},
        "h.rulesets": {"en": "bundled rulesets", "ru": "встроенные правила"},
        "h.name": {"en": "name", "ru": "название"},
        "h.description": {"en": "description", "ru": "описание"},
        "h.key": {"en": "key", "ru": "ключ"},
        "h.value": {"en": "value", "ru": "значение"},
        "h.meaning": {"en": "meaning", "ru": "смысл"},
        "h.source": {"en": "source", "ru": "источник"},
        "out.valid": {
            "en": "{path}: valid ruleset {name}",
            "ru": "{path}: правила {name} в порядке",
        },
    }
)

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


def _status(status: str) -> str:
    return t(f"status.{status}")


def penalty_name(kind: str) -> str:
    return t(f"pen.{kind}")


def _decl_names(combos) -> str:
    return ", ".join(f"{c.name(lang())} ({c})" for c in combos)


# --- events -------------------------------------------------------------------------------


def describe(event: Event, game: Game) -> str:
    """One line saying what an event records, in the current language."""
    from .events import Challenge, Claim, DealEvent, Declare, Exchange, Penalty, Score, Trick

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
        return t("ev.declare", p=event.player, what=_decl_names(event.combos))
    if isinstance(event, Challenge):
        return t("ev.challenge", p=event.player, what=_decl_names([event.combo]))
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
    return event.type


def _event_json(number: int, event: Event, sheet: Sheet | None, rules: Ruleset) -> dict[str, Any]:
    from .events import Challenge, Declare

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
    from .events import Challenge, DealEvent, Declare, Trick
    from .replay import stock_before

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
        console.print_json(data)
        return
    console.say(t("out.event", n=number, what=describe(event, game)), "bold")
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
                    status=_status(rec.status),
                ),
                STATUS_STYLE.get(rec.status),
            )
        if any(r.status == "scored" and r.decl.kind.value != "marriage" for r in mine):
            console.say(t("out.unless_beaten", p=deal.other(event.player)), "dim")
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
    for text in sheet.notices_for(number):
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
        t("out.new", path=path, a=a, b=b, rules=game.rules.name, target=game.rules.game.target)
    )
    console.say(t("out.next_deal"), "dim")


def report_undo(game: Game, number: int, event: Event, as_json: bool) -> None:
    if as_json:
        console.print_json({"removed": _event_json(number, event, None, game.rules)})
        return
    console.say(t("out.removed", n=number, what=describe(event, game)))


def report_log(game: Game, as_json: bool) -> None:
    sheet = game.sheet()
    if as_json:
        console.print_json(
            {
                "events": [
                    {**_event_json(i, e, sheet, game.rules), "at": _iso(game.time_of(i))}
                    for i, e in enumerate(game.events, start=1)
                ]
            }
        )
        return
    tab = console.table(t("h.num"), t("h.at"), t("h.event"), t("h.notices"), title=t("h.log"))
    for i, e in enumerate(game.events, start=1):
        at = game.time_of(i)
        tab.add_row(
            console.cell(i),
            console.cell(at.strftime("%Y-%m-%d %H:%M:%S") if at else "—"),
            console.cell(describe(e, game)),
            console.cell("; ".join(sheet.notices_for(i)), "yellow"),
        )
    console.show(tab)


# --- the sheet ----------------------------------------------------------------------------


def _iso(at) -> str | None:
    """A recorded time as ISO 8601 text with its offset; None when not known."""
    return at.isoformat() if at is not None else None


def _deal_times(game: Game, sheet: Sheet, d: Deal) -> dict[str, str | None]:
    """When a deal started (its deal event) and ended (its last event, once finished)."""
    following = [n.event for n in sheet.deals if n.number == d.number + 1]
    last = (following[0] if following else len(game.events) + 1) - 1
    ended = game.time_of(last) if d.finished or d.claimed_by else None
    return {"started": _iso(game.time_of(d.event)), "ended": _iso(ended)}


def sheet_json(game: Game, sheet: Sheet) -> dict[str, Any]:
    """The JSON shape of CLI.md, with the declarations, penalties, notices and times added."""
    rules = sheet.rules
    deals = []
    for d in sheet.deals:
        deals.append(
            {
                "number": d.number,
                **_deal_times(game, sheet, d),
                "dealer": d.dealer,
                "trump": d.trump.value if d.trump else None,
                "finished": d.finished,
                "last_trick": d.last_trick,
                "card_points": {p: (d.card_points or {}).get(p, 0) for p in game.players},
                "declarations": {p: d.declared(p) for p in game.players},
                "penalties": {p: d.penalty_points(p) for p in game.players},
                "points": {p: d.points.get(p, 0) for p in game.players},
                "totals": {p: d.totals.get(p, 0) for p in game.players},
                "declared": [
                    {
                        "event": r.event,
                        "player": r.player,
                        "status": r.status,
                        "name": r.decl.name("ru"),
                        "combo": str(r.decl),
                        **r.decl.to_json(rules),
                        "value": r.value,  # its face value under the rules
                        "points": r.points,  # what it scored: 0 burned, minus its value lowering
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
                "quick": d.quick,
                "claimed_by": d.claimed_by,
                "notices": list(d.notices),
            }
        )
    return {
        "rules": rules.name,
        "players": list(game.players),
        "started": _iso(game.started),
        "target": rules.game.target,
        "uphill": dict(sheet.uphill),
        "targets": sheet.targets,
        "totals": dict(sheet.totals),
        "finished": sheet.finished,
        "winner": sheet.winner,
        "win_reason": sheet.win_reason or None,
        "deals": deals,
        "notices": [{"event": n, "text": text} for n, text in sheet.notices],
    }


def report_sheet(
    game: Game,
    sheet: Sheet,
    as_json: bool,
    as_csv: bool,
    source: Path | None = None,
    chart: bool = False,
) -> None:
    if as_json:
        console.print_json(sheet_json(game, sheet))
        return
    if as_csv:
        _sheet_csv(game, sheet)
        return
    a, b = game.players
    title = t("h.title", rules=sheet.rules.name, target=sheet.rules.game.target)
    tab = console.table(
        t("h.num"),
        t("h.dealer"),
        t("h.trump"),
        a,
        t("h.total"),
        b,
        t("h.total"),
        title=title,
    )
    for d in sheet.deals:
        row = [
            console.cell(d.number),
            console.cell(d.dealer),
            console.cell(d.trump.symbol if d.trump else "—"),
        ]
        for p in game.players:
            row.append(console.cell(_deal_cell(d, p)))
            done = d.finished or d.claimed_by
            row.append(console.cell(d.totals.get(p, "") if done else "…", "bold"))
        tab.add_row(*row)
    console.show(tab)
    lines = []
    for d in sheet.deals:
        items = []
        for r in d.declarations:
            mark = "" if r.status == "scored" else f" ({_status(r.status)})"
            items.append(f"{r.player}: {r.decl.name(lang())} {r.points}{mark}")
        for pen in d.penalties:
            bits = [penalty_name(pen.kind.value)]
            if pen.uphill:
                bits.append(t("out.uphill_short", n=pen.uphill))
            items.append(f"{pen.player}: {', '.join(bits)}")
        if items:
            lines.append(f"{d.number}. " + "; ".join(items))
    if lines:
        console.say(t("h.declarations") + ":", "bold")
        for line in lines:
            console.say("  " + line)
    for p in game.players:
        up = sheet.uphill[p]
        console.say(
            t("out.target", p=p, total=sheet.totals[p], target=sheet.targets[p])
            + (t("out.uphill", n=up) if up else "")
        )
    for n, text in sheet.notices:
        if n in sheet.skipped:
            console.say(f"! {text}", "yellow")
    if sheet.finished:
        console.say(t("out.game_over_why", p=sheet.winner, why=sheet.win_reason), "bold green")
    if chart:
        from .export import chart_text

        console.say(chart_text(sheet_json(game, sheet), ascii_only=console.ascii_suits()))
    if source is not None:
        console.say(t("out.sample", path=source), "dim")


def _deal_cell(d: Deal, p: str) -> str:
    cards = (d.card_points or {}).get(p)
    parts = [str(cards) if cards is not None else "?"]
    decl = d.declared(p)
    if decl:
        parts.append(f"{decl:+d}")
    pen = d.penalty_points(p)
    if pen:
        parts.append(f"{pen:+d}")
    if d.finished or d.claimed_by:
        return " ".join(parts) + f" → {d.points.get(p, 0)}"
    return " ".join(parts)


def _sheet_csv(game: Game, sheet: Sheet) -> None:
    import csv
    import io
    import sys

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
    sys.stdout.write(console.plain(buf.getvalue()))


# --- status -------------------------------------------------------------------------------


def may_declare(sheet: Sheet) -> list[dict[str, Any]]:
    """What each player may declare before the next card (RULES §4.3, ``declaration_bar``)."""
    from .declarations import Kind
    from .replay import declaration_bar

    deal = sheet.current
    if deal is None or sheet.finished:
        return []
    return [
        {
            "player": p,
            "kinds": [
                kind.value
                for kind in (Kind.SEQUENCE, Kind.FOUR, Kind.MARRIAGE)
                if declaration_bar(sheet.rules, deal, p, kind) is None
            ],
        }
        for p in sheet.players
    ]


def status_json(game: Game, sheet: Sheet) -> dict[str, Any]:
    from .replay import exchange_bar, stock_before

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
    may_exchange = bool(open_ and exchange_bar(sheet.rules, deal) is None)
    return {
        "deal": deal.number,
        "phase": deal.phase if open_ else "over",
        "trick": k if open_ else len(deal.tricks),
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
        console.say(t("out.no_deal"))
        return
    if data["phase"] == "over":
        key = "out.deal_over_won" if sheet.finished else "out.deal_over_next"
        console.say(t(key, n=data["deal"], p=sheet.winner))
        return
    console.say(
        t(
            "out.status",
            n=data["deal"],
            k=data["trick"],
            phase=t(f"phase.{data['phase']}"),
            stock=data["stock"],
            leader=data["leader"],
        ),
        "bold",
    )
    for entry in data["may_declare"]:
        kinds = ", ".join(t(f"kind.{k}") for k in entry["kinds"]) or t("out.nothing")
        console.say(t("out.may_declare", p=entry["player"], kinds=kinds))
    console.say(t("out.exchange", v=t("out.allowed" if data["may_exchange"] else "out.not_now")))
    console.say(t("out.look", v=t("out.allowed" if data["may_look"] else "out.not_now")))


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
        console.say(t("out.no_decl", cards=_cards(hand), suit=trump.symbol))
        return
    tab = console.table(
        t("h.declaration"),
        "COMBO",
        t("h.cards"),
        t("h.points"),
        title=t("h.hand", cards=_cards(hand), suit=trump.symbol, rules=rules.name),
    )
    for d in found:
        tab.add_row(
            console.cell(d.name(lang())),
            console.cell(str(d)),
            console.cell(_cards(d.cards())),
            console.cell(d.points(rules)),
        )
    console.show(tab)
    console.say(t("out.best", n=turns, p=best), "bold")
    for i, d in enumerate(order, start=1):
        console.say(f"  {i}. {d.name(lang())} ({d}) {d.points(rules)}")


def report_compare(
    first: Declaration, second: Declaration, trump: Suit, rules: Ruleset, as_json: bool
) -> None:
    verdict = challenge_verdict(first, second, trump, rules)
    shared = sorted(shared_cards(first, second), key=Card.sort_key)
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
                "shared": [str(c) for c in shared],
            }
        )
        return
    if verdict.winner == "first":
        head = t("out.cmp_first", name=first.name(lang()), combo=first)
    elif verdict.winner == "second":
        head = t("out.cmp_second", name=second.name(lang()), combo=second)
    else:
        head = t("out.cmp_neither")
    console.say(head, "bold")
    key = f"; {verdict.key}" if verdict.key else ""
    console.say(f"  {verdict.reason} {verdict.source}{key} ({rules.name})")
    if shared:
        console.say(t("out.shared", cards=_cards(shared)), "yellow")


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
    console.say(t("out.legal", lead=lead, phase=phase, suit=trump.symbol, cards=_cards(ordered)))
    key = (
        f'play.trump_jack = "{rules.play.trump_jack}" [000][001][002][003]'
        if final
        else f'play.while_stock = "{rules.play.while_stock}" '
        + ("[000][001][002]" if rules.play.while_stock == "free" else "[003][004]")
    )
    console.say(f"  {key}", "dim")


# --- rules --------------------------------------------------------------------------------


def report_rules_list(as_json: bool) -> None:
    from .rules import bundled_names, load_ruleset

    rows = [load_ruleset(n) for n in bundled_names()]
    if as_json:
        console.print_json(
            {"rulesets": [{"name": r.name, "description": r.description} for r in rows]}
        )
        return
    tab = console.table(t("h.name"), t("h.description"), title=t("h.rulesets"))
    for r in rows:
        tab.add_row(console.cell(r.name, "bold"), console.cell(r.description))
    console.show(tab)


def report_rules_show(rules: Ruleset, as_json: bool, checked: str | None = None) -> None:
    if as_json:
        data = rules.to_dict()
        if checked:
            data["valid"] = True
        console.print_json(data)
        return
    if checked:
        console.say(t("out.valid", path=checked, name=rules.name), "green")
    tab = console.table(
        t("h.key"),
        t("h.value"),
        t("h.meaning"),
        t("h.source"),
        title=f"{rules.name}: {rules.description}",
    )
    for dotted, _default, doc, choices, source in key_docs():
        value = rules.get(dotted)
        allowed = f" ({' | '.join(choices)})" if choices and isinstance(value, str) else ""
        tab.add_row(
            console.cell(dotted),
            console.cell(toml_value(value), "bold"),
            console.cell(doc + allowed),
            console.cell(source),
        )
    console.show(tab)
