"""The table mode's own words (the ``TABLE`` catalogue): prompt, greetings, the short forms'
usage and help lines, the completion's notes, and the refusals of a line it cannot translate."""

from __future__ import annotations

from ..i18n import N_p, register

TABLE = register(
    N_p("table.prompt", "terts> "),
    N_p(
        "table.welcome",
        "Terts at the table: {path} ({a} v {b}). Every line is saved at once; Tab completes, "
        "? lists the short forms, q or Ctrl-D leaves.",
    ),
    N_p(
        "table.ctrl_c_recorded",
        "Ctrl-C while the line ran: it was finished first, and the game file holds the change",
    ),
    N_p(
        "table.ctrl_c_not_recorded",
        "Ctrl-C while the line ran: nothing was recorded, the game file is unchanged",
    ),
    N_p("table.bye", "Bye: everything is saved in {path}."),
    N_p(
        "table.no_game",
        "game file {path} not found: start one with `terts new P1 P2 --game {path}`, then "
        "`terts table --game {path}`",
    ),
    N_p("table.bad_lang", "unknown language {lang!r}: expected {langs}"),
    N_p(
        "table.shlex",
        "cannot read the line ({reason}): close the quote, like d 'Анна Мария' 4J",
    ),
    N_p(
        "table.unknown",
        "unknown command {word!r}: type ? for the short forms (n d c t s p x cl u fix ins "
        "drop st sh l) or use a full command such as declare",
    ),
    N_p("table.usage", "usage: {usage} (for example: {example})"),
    N_p(
        "table.own_game",
        "this session keeps to {path}: leave out --game (start another session for another file)",
    ),
    N_p(
        "table.fix_what",
        "{word!r} is not an event to record: {usage}, where LINE is a recording line such as "
        "s 64 Боря Аня or d Боря марьяж",
    ),
    N_p(
        "table.terminal",
        "{word!r} is a terminal command, not a line of the table: type `terts {word} …` in a "
        "terminal (? lists what the table takes)",
    ),
    N_p(
        "table.option",
        "{option} is not an option of this line: {usage} (for example: {example})",
    ),
    N_p("table.option_value", "{option} needs a value: {usage} (for example: {example})"),
    N_p("table.nested", "already at the table: type the events, ? lists the short forms"),
    # --- the short status -----------------------------------------------------------
    N_p("table.totals", "{name} {total}/{target}"),
    N_p("table.no_deal", "no deal yet: n TRUMP (n 7ч; trick by trick: n 7ч tricks)"),
    N_p("table.deal_over", "deal {deal} is over; next: n TRUMP"),
    N_p("table.next_dealer", "{p} deals next"),
    N_p("table.game_over", "game over: {winner} wins"),
    N_p(
        "table.quick",
        "deal {deal} (quick), {dealer} deals, trump {trump}: declarations d/c, then s POINTS "
        "BY LAST",
    ),
    N_p(
        "table.deal",
        "deal {deal}, trump {trump}, trick {trick}/16 ({phase}, stock {stock}), {leader} leads",
    ),
    N_p("table.no_trump", "not recorded"),
    # --- usage of the short forms ---------------------------------------------------
    N_p("table.use.deal", "n [TRUMP] [DEALER] [quick|tricks]"),
    N_p("table.use.ask", "a P"),
    N_p("table.use.trump", "tr SUIT|CARD"),
    N_p("table.use.declare", "d P COMBO…"),
    N_p("table.use.challenge", "c P COMBO"),
    N_p("table.use.trick", "t CARD CARD"),
    N_p("table.use.score", "s POINTS BY LAST"),
    N_p("table.use.penalty", "p P KIND [N]"),
    N_p("table.use.exchange", "x P"),
    N_p("table.use.claim", "cl P [TRICKS CARDPOINTS]"),
    N_p("table.use.note", "note TEXT… [--deal N]"),
    N_p("table.use.undo", "u"),
    N_p("table.use.fix", "fix N LINE"),
    N_p("table.use.ins", "ins N LINE"),
    N_p("table.use.drop", "drop N"),
    N_p("table.use.status", "st"),
    N_p("table.use.sheet", "sh"),
    N_p("table.use.log", "l"),
    # --- help --------------------------------------------------------------------------
    N_p(
        "table.help.header",
        "Short forms (full commands such as `declare Аня терц:Дч` work too; quote names with "
        "spaces; Tab completes):",
    ),
    N_p("table.help.aliases", "Russian and Ukrainian words: {words}"),
    N_p(
        "table.help.deal",
        "start a deal: n 7ч = deal --trump 7ч (as the game says: quick unless `new "
        "--tricks`); n 7ч tricks = trick by trick, n 7ч quick = tricks not recorded",
    ),
    N_p("table.help.ask", "«Рост?» asked and not beaten: a Боря = ask Боря"),
    N_p("table.help.trump", "the trump of a deal started without one: tr ч = trump ч"),
    N_p("table.help.declare", "declare: d Аня терц:Дч (4J, 50:K♠, marriage …)"),
    N_p("table.help.challenge", "beat the latest declaration («Не годится!»): c Боря терц:Тп"),
    N_p("table.help.trick", "one trick, the leader's card first: t Тп 7п"),
    N_p(
        "table.help.score",
        "quick deal count: s 54 Боря Аня = score 54 --by Боря --last-trick Аня",
    ),
    N_p("table.help.penalty", "penalty (N = --points): p Боря miscount 10"),
    N_p("table.help.exchange", "swap the trump 7 for the face-up card"),
    N_p("table.help.claim", "claim the win (quick deal: tricks and card points so far)"),
    N_p("table.help.note", "a note on the deal (a misdeal, a dispute): note пересдача"),
    # TRANSLATORS: the deal's words of the table mode: how a deal's mode is said
    N_p("table.help.modes", "{quick} = quick, {tricks} = tricks"),
    N_p("table.help.undo", "remove the latest event"),
    N_p(
        "table.help.fix",
        "correct event N (numbers: l): fix 3 s 64 Боря Аня; later events are judged again",
    ),
    N_p("table.help.ins", "insert a forgotten event before event N: ins 5 d Боря марьяж"),
    N_p("table.help.drop", "remove event N: drop 2"),
    N_p("table.help.status", "the deal now"),
    N_p("table.help.sheet", "the score sheet"),
    N_p("table.help.log", "the events, numbered"),
    N_p("table.help.help", "this list"),
    N_p("table.help.quit", "leave (Ctrl-D, Ctrl-C too); everything is already saved"),
    # --- completion meta ---------------------------------------------------------------
    N_p("table.meta.player", "player"),
    N_p("table.meta.quick", "quick deal"),
    N_p("table.meta.tricks", "trick by trick"),
    N_p("table.meta.event", "event {n}"),
)
