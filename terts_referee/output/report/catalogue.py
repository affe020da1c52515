"""The output's own words (the ``MSG`` catalogue: event lines, headings, status texts) and the
small helpers every report uses to name cards, statuses, penalties and declarations."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...i18n import N_np, N_p, lang, register, t
from ...i18n.sentences import named, notation

if TYPE_CHECKING:
    from collections.abc import Iterable
    from datetime import datetime

    from ...domain.declarations import Declaration
    from ...domain.verdicts import Verdict

MSG = register(
    # corrections of the past: report/corrections.py
    N_p("fix.replace", "event {n} replaced: {old} → {new}"),
    N_p("fix.insert", "inserted as event {n}: {new}"),
    N_p("fix.drop", "event {n} removed: {old}"),
    N_p("log.corrected", "* put in by a correction (terts log --all shows the trail)"),
    # stored events the referee no longer takes (``Sheet.set_aside``): log, sheet, status
    N_p("log.set_aside_mark", "[set aside]"),
    # TRANSLATORS: a trick in the log and who took it: "trick A♠ 7♥: the trick to Аня"
    N_p("log.taken", "{what}: the trick to {p}"),
    N_p(
        "log.set_aside",
        "[set aside]: a stored event that no longer holds; kept in the file, not counted "
        "(its notice says why and what can be done)",
    ),
    N_np(
        "out.set_aside",
        "set aside, not counted: {n} stored event ({numbers}), kept in the file; `{log}` says why",
        "set aside, not counted: {n} stored events ({numbers}), kept in the file; `{log}` says why",
        "n",
    ),
    N_np(
        "out.set_aside_plain",
        "set aside, not counted: {n} stored event ({numbers}), kept in the file; the log says why",
        "set aside, not counted: {n} stored events ({numbers}), kept in the file; the log says why",
        "n",
    ),
    N_p("fix.stands_again", "set aside before, counted now: {numbers}"),
    N_p("fix.nothing", "the sheet is as it was"),
    N_p("fix.deal", "deal {n}: {what}"),
    N_p("fix.deal_gone", "deal {n}: gone"),
    N_p("fix.deal_new", "deal {n}: new, {what}"),
    N_p("fix.deal_added", "deal {n}: new"),
    N_p("fix.points", "points {what}"),
    N_p("fix.totals", "totals {what}"),
    N_p("fix.winner", "winner: {old} → {new}"),
    N_p("fix.nobody", "nobody yet"),
    N_p("h.trail", "corrections"),
    N_p("h.action", "correction"),
    N_p("h.old", "was"),
    N_p("h.new", "now"),
    N_p("fix.action.replace", "replace {n}"),
    N_p("fix.action.insert", "insert before {n}"),
    N_p("fix.action.drop", "drop {n}"),
    N_p("ev.deal", "deal"),
    N_p("ev.dealer", "dealer {p}"),
    N_p("ev.trump_card", "trump {card} face up"),
    N_p("ev.trump", "trump {suit}"),
    N_p("ev.quick", "quick"),
    N_p("ev.declare", "{p} declares {what}"),
    N_p("ev.challenge", "{p} beats it with {what} («Не годится!»)"),
    N_p("ev.score", "{p} counts {n}; last trick {q}"),
    N_p("ev.penalty", "penalty for {p}: {kind}"),
    N_np("ev.points", "{n} point", "{n} points", "n"),
    N_p("ev.event", "event {n}"),
    N_p("ev.claim", "{p} claims the win"),
    N_np("ev.tricks", "{n} trick", "{n} tricks", "n"),
    N_np("ev.card_points", "{n} card point", "{n} card points", "n"),
    N_p("ev.trick", "trick {a} {b}"),
    N_p("ev.ask", "{p} asks «Рост?»"),
    N_p("ev.note", "note: {text}"),
    N_p("ev.note.deal", "note on deal {n}: {text}"),
    N_p("ev.exchange", "{p} exchanges the trump 7"),
    N_p("out.event", "event {n}: {what}"),
    N_p("out.deal_start", "deal {n}: {dealer} deals, {trump}; {leader} leads"),
    N_p("out.trump_unknown", "trump not recorded"),
    N_p("out.trump_is", "trump {suit}"),
    N_p("out.decl_line", "  {name}: {value} — {status}"),
    N_p("out.unless_beaten", "  written unless {p} beats it now: {command}"),
    N_p("out.trick_over", "trick {n}: {p} takes it; the deal is over"),
    N_p(
        "out.trick",
        "trick {n}: {p} takes it; next trick {k} ({phase}), stock {stock}, {leader} leads",
    ),
    N_p(
        "out.deal_points",
        "deal {n}: {a} {pa}, {b} {pb}; totals {a} {ta} of {ga}, {b} {tb} of {gb}",
    ),
    N_p("out.game_over", "game over: {p} wins"),
    N_p("out.game_over_why", "game over: {p} wins — {why}"),
    N_p("out.new", "new game {path}: {a} v {b}, rules {rules} (to {target})"),
    N_p("out.next_deal", "next: {command}"),
    N_p("out.removed", "removed event {n}: {what}"),
    N_p("h.log", "log"),
    N_p("h.num", "#"),
    N_p("h.at", "time"),
    N_p("h.event", "event"),
    N_p("h.notices", "notices"),
    N_p("h.title", "Terts — {rules}, to {target}"),
    N_p("h.deal", "deal"),
    N_p("h.dealer", "dealer"),
    N_p("h.trump", "trump"),
    N_p("h.last", "last trick"),
    N_p("h.total", "total"),
    N_p("h.declarations", "declarations and penalties"),
    N_p("h.notes", "notes"),
    N_p("out.target", "{p}: {total} of {target}"),
    N_p("out.uphill", " ({n} в гору)"),
    N_p("out.sample", "(sample game written to {path})"),
    N_p("out.sample_removed", "(a sample game, played through a temporary file, now removed)"),
    N_p("out.uphill_short", "{n} uphill"),
    N_np("out.pen.points", "{n} point in the deal", "{n} points in the deal", "n"),
    N_p("out.pen.withdrawn", "withdrawn"),
    N_p("out.stands_again", "stands again from event {event}"),
    N_p("out.pen.loses", "{p} loses the game"),
    N_p("out.pen.renege_deal", "{p} takes the deal's card points"),
    N_p("out.pen.flag", "flagged, no points moved"),
    N_np("out.pen.to_opponent", "{p} writes {n} point", "{p} writes {n} points", "n"),
    N_p(
        "out.cell_legend",
        "each player's cell: card points, +declarations, ±penalties (what a penalty gave the "
        "opponent included) → the deal's points; last trick: who took it",
    ),
    N_p(
        "out.cell_legend.open",
        "; a deal still open: ? card points not counted yet, … the total, written when it ends",
    ),
    N_p("out.no_deal", "no deal yet: {command}"),
    N_p("out.deal_over_won", "deal {n} is over; {p} won the game"),
    N_p("out.deal_over_next", "deal {n} is over; next: {command}"),
    N_p("out.next_dealer", "{p} deals the next deal"),
    N_p("out.status", "deal {n}, trick {k} ({phase}), stock {stock}, {leader} leads"),
    N_p(
        "out.status_quick",
        "deal {n} (quick: tricks not recorded), {dealer} deals, {trump}: declarations, then "
        "the count: {command}",
    ),
    N_p("out.may_declare", "  {p} may declare: {kinds}"),
    N_p("out.nothing", "nothing"),
    N_p("out.up_to", " (nothing above a {cls}: after asking «Рост?» [001])"),
    N_p("out.exchange", "  trump 7 exchange: {v}"),
    N_p("out.look", "  looking at taken tricks: {v}"),
    N_p("out.allowed", "allowed"),
    N_p("out.not_now", "not now"),
    N_p("kind.sequence", "runs"),
    N_p("kind.four", "fours"),
    N_p("kind.marriage", "marriage"),
    N_p("out.no_decl", "{cards}: no declaration (trump {suit})"),
    N_p("h.declaration", "declaration"),
    # TRANSLATORS: the column of a declaration as it is typed (terts:Q♥): the help pages' metavar
    N_p("h.combo", "COMBO"),
    N_p("h.cards", "cards"),
    N_p("h.points", "points"),
    N_p("h.hand", "{cards} — trump {suit}, rules {rules}"),
    N_p("out.best", "best over {n}, one per turn, lower to higher in a suit [000]: {p}"),
    N_np("out.best#n", "{n} turn", "{n} turns", "n"),
    N_np("out.best#p", "{p} point", "{p} points", "p"),
    N_p("out.cmp_first", "{name} ({combo}) stands — «Пишет»"),
    N_p("out.cmp_second", "{name} ({combo}) wins — «Не годится!»"),
    N_p("out.when_yes", "yes: {name} ({combo}) may be declared before trick {trick}"),
    N_p("out.when_no", "no: {name} ({combo}) may not be declared before trick {trick}"),
    N_p(
        "out.when_priced",
        "no: {name} ({combo}) before trick {trick} would be recorded, at a price",
    ),
    # TRANSLATORS: a numbered rule of a source, in a citation: «[000] rule 5»
    N_p("out.source_rule", "rule {n}"),
    N_p("out.cmp_neither", "neither beats the other"),
    N_p(
        "out.shared",
        "  note: both hold {cards}, which two players cannot: one of them is false",
    ),
    N_p(
        "out.takes",
        "{lead} led, {follow} played to it: {card} takes the trick (trump {suit})",
    ),
    N_p("out.legal", "to {lead}, {phase}, trump {suit}: may play {cards}"),
    N_p(
        "out.legal.final_duty",
        "§3, the final phase: follow suit and beat the card led when able, else a "
        "trump, else any card [000][001][002][003][004]",
    ),
    N_p("out.final", "final phase (stock empty)"),
    N_p("out.stock", "while the stock lasts"),
    N_p("h.rulesets", "bundled rulesets"),
    N_p("h.name", "name"),
    N_p("h.description", "description"),
    N_p("h.key", "key"),
    N_p("h.value", "value"),
    N_p("h.meaning", "meaning"),
    N_p("h.source", "source"),
    N_p("out.valid", "{path}: valid ruleset {name}"),
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
    chosen = lang()
    return ", ".join(f"{named(c, chosen)} ({notation(c, chosen)})" for c in combos)


def said(verdict: Verdict | None) -> str:
    """A notice or a note in the run's language: its sentence ("" for none). No command in it:
    the sheet, the log and the pages made from them show what happened, not what to type."""
    if verdict is None:
        return ""
    from ...i18n.sentences import say

    return say(verdict, lang())


def said_all(verdicts: Iterable[Verdict]) -> list[str]:
    """Notices in the run's language, the language looked up once."""
    from ...i18n.sentences import say

    chosen = lang()
    return [say(v, chosen) for v in verdicts]


def iso(at: datetime | None) -> str | None:
    """A recorded time as ISO 8601 text with its offset; None when not known."""
    return at.isoformat() if at is not None else None
