"""The game's terms, shared by every output: deal phases, declaration statuses, penalty names,
and the words of a declaration's notation in each language.

One catalogue for every output (the sheet, the log, the HTML export); ``t("status.burned")``,
``t("pen.renege")``.
"""

from . import N_p, register

TERMS = register(
    # the phases of a deal (§2)
    N_p("phase.before-break", "before the break"),
    N_p("phase.drawing", "drawing"),
    N_p("phase.final", "final phase"),
    N_p("phase.over", "over"),
    N_p("status.scored", "written"),
    N_p("status.burned", "burned"),
    N_p("status.withdrawn", "not announced"),
    N_p("status.false", "false"),
    N_p("status.late", "late"),
    N_p("status.lowering", "lowering"),
    N_p("status.repeat", "repeat, not counted"),
    N_p("pen.false-declaration", "false declaration"),
    N_p("pen.miscount", "miscount"),
    N_p("pen.empty-challenge", "«Рост?» with nothing to show"),
    N_p("pen.late-declaration", "late declaration"),
    N_p("pen.out-of-turn-draw", "drawing out of turn"),
    N_p("pen.wrong-hand-size", "a card too many or too few"),
    N_p("pen.draw-before-break", "drawing before the break"),
    N_p("pen.renege", "renege"),
    N_p("pen.trump-seven", "trump seven not exchanged"),
    N_p("pen.lowering", "lowering"),
    # a declaration's notation in the language's own input words (``sentences.notation``): the
    # translation must be a word the declaration reader accepts (tests/i18n checks it parses
    # back); numbers, suits and the ten stay as they are
    N_p("notation.terts", "terts"),
    N_p("notation.marriage", "marriage"),
    N_p("notation.rank.A", "A"),
    N_p("notation.rank.K", "K"),
    N_p("notation.rank.Q", "Q"),
    N_p("notation.rank.J", "J"),
)
