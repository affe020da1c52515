"""The table's shared words in Russian and English: deal phases, declaration statuses,
penalty names.

One catalogue for every output (the sheet, the log, the HTML export); ``t("status.burned")``,
``t("pen.renege")``.
"""

from . import register

TERMS = register(
    {
        # the phases of a deal (RULES §2)
        "phase.before-break": {"en": "before the break", "ru": "до ломки колоды"},
        "phase.drawing": {"en": "drawing", "ru": "добор"},
        "phase.final": {"en": "final phase", "ru": "разбор фрица"},
        "phase.over": {"en": "over", "ru": "окончена"},
        "status.scored": {"en": "written", "ru": "пишет"},
        "status.burned": {"en": "burned", "ru": "сгорело"},
        "status.withdrawn": {"en": "not announced", "ru": "не объявлено"},
        "status.false": {"en": "false", "ru": "ложное"},
        "status.late": {"en": "late", "ru": "поздно"},
        "status.lowering": {"en": "lowering", "ru": "понижение"},
        "status.repeat": {"en": "repeat, not counted", "ru": "повтор, не в счёт"},
        "pen.false-declaration": {"en": "false declaration", "ru": "ложное объявление"},
        "pen.miscount": {"en": "miscount", "ru": "неправильный подсчёт"},
        "pen.empty-challenge": {
            "en": "«Рост?» with nothing to show",
            "ru": "«Рост?» без комбинации",
        },
        "pen.late-declaration": {"en": "late declaration", "ru": "позднее объявление"},
        "pen.out-of-turn-draw": {"en": "drawing out of turn", "ru": "чужой подъём"},
        "pen.wrong-hand-size": {
            "en": "a card too many or too few",
            "ru": "лишняя или недостающая карта",
        },
        "pen.draw-before-break": {
            "en": "drew before the break",
            "ru": "добор до ломки колоды",
        },
        "pen.renege": {"en": "renege", "ru": "нарушение хода"},
        "pen.trump-seven": {"en": "kept the trump seven", "ru": "козырная семёрка не сменена"},
        "pen.lowering": {"en": "lowering", "ru": "понижение ранга комбинации"},
    }
)
