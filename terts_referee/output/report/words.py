"""The output's own words (the ``MSG`` catalogue: event lines, headings, status texts) and the
small helpers every report uses to name cards, statuses, penalties and declarations."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...i18n import (
    lang,
    register,
    t,
    vocabulary,  # noqa: F401  (registers the statuses and penalty names)
)

if TYPE_CHECKING:
    from collections.abc import Iterable
    from datetime import datetime

    from ...domain.declarations import Declaration
    from ...domain.verdicts import Verdict

MSG = register(
    {
        # corrections of the past (issue 11): report/corrections.py
        "fix.replace": {
            "en": "event {n} replaced: {old} → {new}",
            "ru": "событие {n} заменено: {old} → {new}",
        },
        "fix.insert": {
            "en": "inserted as event {n}: {new}",
            "ru": "вставлено событием {n}: {new}",
        },
        "fix.drop": {"en": "event {n} removed: {old}", "ru": "событие {n} удалено: {old}"},
        "log.corrected": {
            "en": "* put in by a correction (terts log --all shows the trail)",
            "ru": "* внесено исправлением (terts log --all покажет все исправления)",
        },
        # stored events the referee no longer takes (``Sheet.set_aside``): log, sheet, status
        "log.set_aside_mark": {"en": "[set aside]", "ru": "[отложено]"},
        "log.set_aside": {
            "en": "[set aside]: a stored event that no longer holds; kept in the file, not "
            "counted (its notice says why and what can be done)",
            "ru": "[отложено]: записанное событие, которое больше не проходит; оно остаётся в "
            "файле и не засчитано (в замечании — почему и что можно сделать)",
        },
        "out.set_aside": {
            "en": "set aside, not counted: {n:#stored event|stored events} ({numbers}), "
            "kept in the file; `{log}` says why",
            "ru": "отложено и не засчитано: {n:#записанное событие|записанных события|"
            "записанных событий} ({numbers}), они остаются в файле; почему — `{log}`",
        },
        "out.set_aside_plain": {  # a face without commands to type (the page)
            "en": "set aside, not counted: {n:#stored event|stored events} ({numbers}), "
            "kept in the file; the log says why",
            "ru": "отложено и не засчитано: {n:#записанное событие|записанных события|"
            "записанных событий} ({numbers}), они остаются в файле; почему — сказано в журнале",
        },
        "fix.stands_again": {
            "en": "set aside before, counted now: {numbers}",
            "ru": "было отложено, теперь засчитано: {numbers}",
        },
        "fix.nothing": {
            "en": "the sheet is as it was",
            "ru": "в записи ничего не изменилось",
        },
        "fix.deal": {"en": "deal {n}: {what}", "ru": "сдача {n}: {what}"},
        "fix.deal_gone": {"en": "deal {n}: gone", "ru": "сдача {n}: больше нет"},
        "fix.deal_new": {"en": "deal {n}: new, {what}", "ru": "сдача {n}: новая, {what}"},
        "fix.deal_added": {"en": "deal {n}: new", "ru": "сдача {n}: новая"},
        "fix.points": {"en": "points {what}", "ru": "очки {what}"},
        "fix.totals": {"en": "totals {what}", "ru": "итого {what}"},
        "fix.winner": {"en": "winner: {old} → {new}", "ru": "победитель: {old} → {new}"},
        "fix.nobody": {"en": "nobody yet", "ru": "пока никто"},
        "h.trail": {"en": "corrections", "ru": "исправления"},
        "h.action": {"en": "correction", "ru": "исправление"},
        "h.old": {"en": "was", "ru": "было"},
        "h.new": {"en": "now", "ru": "стало"},
        "fix.action.replace": {"en": "replace {n}", "ru": "замена {n}"},
        "fix.action.insert": {"en": "insert before {n}", "ru": "вставка перед {n}"},
        "fix.action.drop": {"en": "drop {n}", "ru": "удаление {n}"},
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
            "ru": "{p} считает {n}; последняя взятка — {q}",
        },
        "ev.penalty": {"en": "penalty for {p}: {kind}", "ru": "{p}: штраф — {kind}"},
        "ev.points": {"en": "{n:#point|points}", "ru": "{n:#очко|очка|очков}"},
        "ev.event": {"en": "event {n}", "ru": "событие {n}"},
        "ev.claim": {"en": "{p} claims the win", "ru": "{p} заявляет о победе"},
        "ev.tricks": {"en": "{n:#trick|tricks}", "ru": "{n:#взятка|взятки|взяток}"},
        "ev.card_points": {
            "en": "{n:#card point|card points}",
            "ru": "{n:#очко|очка|очков} в картах",
        },
        "ev.trick": {"en": "trick {a} {b}", "ru": "взятка {a} {b}"},
        "ev.ask": {"en": "{p} asks «Рост?»", "ru": "{p} спрашивает «Рост?»"},
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
            "en": "  written unless {p} beats it now: {command}",
            "ru": "  пишет, если {p} не перебьёт сейчас: {command}",
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
            "en": "next: {command}",
            "ru": "дальше: {command}",
        },
        "out.card_or_suit": {"en": "CARD|SUIT", "ru": "КАРТА|МАСТЬ"},
        "out.removed": {"en": "removed event {n}: {what}", "ru": "удалено событие {n}: {what}"},
        "h.log": {"en": "log", "ru": "журнал"},
        "h.num": {"en": "#", "ru": "№"},
        "h.at": {"en": "time", "ru": "время"},
        "h.event": {"en": "event", "ru": "событие"},
        "h.notices": {"en": "notices", "ru": "замечания"},
        "h.title": {"en": "Terts — {rules}, to {target}", "ru": "Терц — {rules}, до {target}"},
        "h.deal": {"en": "deal", "ru": "сдача"},
        "h.dealer": {"en": "dealer", "ru": "сдаёт"},
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
        "out.uphill_short": {"en": "{n} uphill", "ru": "{n} в гору"},
        "out.pen.points": {
            "en": "{n:#point|points} in the deal",
            "ru": "{n:#очко|очка|очков} в сдаче",
        },
        "out.pen.withdrawn": {"en": "withdrawn", "ru": "снято"},
        "out.stands_again": {
            "en": "stands again from event {event}",
            "ru": "снова в силе с события {event}",
        },
        "out.pen.loses": {"en": "{p} loses the game", "ru": "{p}: партия проиграна"},
        "out.pen.renege_deal": {
            "en": "{p} takes the deal's card points",
            "ru": "{p} получает все очки в картах сдачи",
        },
        "out.pen.flag": {"en": "flagged, no points moved", "ru": "отмечено, очки не переходят"},
        "out.pen.to_opponent": {
            "en": "{p} writes {n:#point|points}",
            "ru": "{p} пишет {n:#очко|очка|очков}",
        },
        "out.cell_legend": {
            "en": "each player's cell: card points, +declarations, ±penalties (what a "
            "penalty gave the opponent included) → the deal's points; last trick: who took it",
            "ru": "в клетке игрока: очки в картах, +объявления, ±штрафы (и то, что игроку "
            "принёс штраф соперника) → очки за сдачу; последняя: чья последняя взятка",
        },
        "out.cell_legend.open": {
            "en": "; a deal still open: ? card points not counted yet, … the total, written "
            "when it ends",
            "ru": "; сдача ещё идёт: ? — очки в картах ещё не подсчитаны, … — итог, "
            "появится в конце сдачи",
        },
        "out.no_deal": {
            "en": "no deal yet: {command}",
            "ru": "сдачи ещё не было: {command}",
        },
        "out.deal_over_won": {
            "en": "deal {n} is over; {p} won the game",
            "ru": "сдача {n} окончена; победитель игры — {p}",
        },
        "out.deal_over_next": {
            "en": "deal {n} is over; next: {command}",
            "ru": "сдача {n} окончена; дальше: {command}",
        },
        "out.status": {
            "en": "deal {n}, trick {k} ({phase}), stock {stock}, {leader} leads",
            "ru": "сдача {n}, взятка {k} ({phase}), в колоде {stock}, ходит {leader}",
        },
        "out.status_quick": {
            "en": "deal {n} (quick: tricks not recorded), {dealer} deals, {trump}: "
            "declarations, then the count: {command}",
            "ru": "сдача {n} (быстрый учёт: взятки не записываются), сдаёт {dealer}, "
            "{trump}: объявления, потом счёт: {command}",
        },
        "out.may_declare": {
            "en": "  {p} may declare: {kinds}",
            "ru": "  {p} может объявить: {kinds}",
        },
        "out.nothing": {"en": "nothing", "ru": "ничего"},
        "out.up_to": {
            "en": " (nothing above a {cls}: after asking «Рост?» [001])",
            "ru": " (не выше, чем {cls}: после вопроса «Рост?» [001])",
        },
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
            "en": "best over {n:#turn|turns}, one per turn, lower to higher in a suit [000]: "
            "{p:#point|points}",
            "ru": "лучшее за {n:#ход|хода|ходов}, по одной за ход, от младшей к старшей [000]: "
            "{p:#очко|очка|очков}",
        },
        "out.cmp_first": {
            "en": "{name} ({combo}) stands — «Пишет»",
            "ru": "{name} ({combo}) — «Пишет»",
        },
        "out.cmp_second": {
            "en": "{name} ({combo}) wins — «Не годится!»",
            "ru": "{name} ({combo}) — «Не годится!»",
        },
        "out.when_yes": {
            "en": "yes: {name} ({combo}) may be declared before trick {trick}",
            "ru": "да: {name} ({combo}) можно объявить перед взяткой {trick}",
        },
        "out.when_no": {
            "en": "no: {name} ({combo}) may not be declared before trick {trick}",
            "ru": "нет: {name} ({combo}) нельзя объявить перед взяткой {trick}",
        },
        "out.when_priced": {
            "en": "no: {name} ({combo}) before trick {trick} would be recorded, at a price",
            "ru": "нет: {name} ({combo}) перед взяткой {trick} запишется, но со штрафом",
        },
        "out.cmp_neither": {"en": "neither beats the other", "ru": "ни одна не бьёт другую"},
        "out.shared": {
            "en": "  note: both hold {cards}, which two players cannot: one of them is false",
            "ru": "  заметьте: {cards} — в обеих комбинациях, а у "
            "двух игроков так не бывает: одна из комбинаций ложная",
        },
        "out.takes": {
            "en": "{lead} led, {follow} played to it: {card} takes the trick (trump {suit})",
            "ru": "заход {lead}, ответ {follow}: взятку берёт {card} (козырь {suit})",
        },
        "out.legal": {
            "en": "to {lead}, {phase}, trump {suit}: may play {cards}",
            "ru": "на {lead}, {phase}, козырь {suit}: можно класть {cards}",
        },
        "out.legal.final_duty": {
            "en": "RULES §3, the final phase: follow suit and beat the card led when able, "
            "else a trump, else any card [000][001][002][003][004]",
            "ru": "RULES §3, разбор фрица: в масть и старше, если есть; нет масти — козырь; "
            "нет козыря — любая карта [000][001][002][003][004]",
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


def status_word(status: str) -> str:
    return t(f"status.{status}")


def penalty_name(kind: str) -> str:
    return t(f"pen.{kind}")


def decl_names(combos: Iterable[Declaration]) -> str:
    return ", ".join(f"{c.name(lang())} ({c})" for c in combos)


def said(verdict: Verdict | None) -> str:
    """A notice or a note in the run's language: its sentence ("" for none). No command in it:
    the sheet, the log and the pages made from them show what happened, not what to type."""
    if verdict is None:
        return ""
    from ...i18n.words import say

    return say(verdict, lang())


def said_all(verdicts: Iterable[Verdict]) -> list[str]:
    """Notices in the run's language, the language looked up once."""
    from ...i18n.words import say

    chosen = lang()
    return [say(v, chosen) for v in verdicts]


def iso(at: datetime | None) -> str | None:
    """A recorded time as ISO 8601 text with its offset; None when not known."""
    return at.isoformat() if at is not None else None
