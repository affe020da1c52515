"""The table mode's own words (the ``TABLE`` catalogue): prompt, greetings, the short forms'
usage and help lines, the completion's notes, and the refusals of a line it cannot translate."""

from __future__ import annotations

from ..i18n import register

TABLE = register(
    {
        "table.prompt": {"en": "terts> ", "ru": "терц> "},
        "table.welcome": {
            "en": "Terts at the table: {path} ({a} v {b}). Every line is saved at once; "
            "Tab completes, ? lists the short forms, q or Ctrl-D leaves.",
            "ru": "Терц за столом: {path} ({a} — {b}). Каждая строка записывается сразу; "
            "Tab дополняет, ? — список коротких команд, q или Ctrl-D — выход.",
        },
        "table.ctrl_c_recorded": {
            "en": "Ctrl-C while the line ran: it was finished first, and the game file holds "
            "the change",
            "ru": "Ctrl-C во время команды: команда сначала "
            "доведена до конца, изменение записано в файл партии",
        },
        "table.ctrl_c_not_recorded": {
            "en": "Ctrl-C while the line ran: nothing was recorded, the game file is unchanged",
            "ru": "Ctrl-C во время команды: ничего не записано, файл партии не изменился",
        },
        "table.bye": {
            "en": "Bye: everything is saved in {path}.",
            "ru": "До встречи: всё записано в {path}.",
        },
        "table.no_game": {
            "en": "game file {path} not found: start one with `terts new P1 P2 --game {path}`, "
            "then `terts table --game {path}`",
            "ru": "файла игры {path} нет: начните игру командой `terts new P1 P2 --game {path}`, "
            "затем `terts table --game {path}`",
        },
        "table.bad_lang": {
            "en": "unknown language {lang!r}: expected en or ru",
            "ru": "неизвестный язык {lang!r}: ожидается en или ru",
        },
        "table.shlex": {
            "en": "cannot read the line ({reason}): close the quote, like d 'Анна Мария' 4J",
            "ru": "не удалось разобрать строку ({reason}): закройте кавычку, например "
            "d 'Анна Мария' 4J",
        },
        "table.unknown": {
            "en": "unknown command {word!r}: type ? for the short forms (n d c t s p x cl u "
            "fix ins drop st sh l) or use a full command such as declare",
            "ru": "неизвестная команда {word!r}: ? — список коротких команд (n d c t s p x cl u "
            "fix ins drop st sh l), или полная команда, например declare",
        },
        "table.usage": {
            "en": "usage: {usage} (for example: {example})",
            "ru": "формат: {usage} (например: {example})",
        },
        "table.own_game": {
            "en": "this session keeps to {path}: leave out --game (start another session for "
            "another file)",
            "ru": "этот сеанс ведёт {path}: не указывайте --game (для другого файла начните "
            "другой сеанс)",
        },
        "table.fix_what": {
            "en": "{word!r} is not an event to record: {usage}, where LINE is a recording line "
            "such as s 64 Боря Аня or d Боря марьяж",
            "ru": "{word!r} — не событие: {usage}, где СТРОКА — запись события, например "
            "s 64 Боря Аня или d Боря марьяж",
        },
        "table.terminal": {
            "en": "{word!r} is a terminal command, not a line of the table: type `terts "
            "{word} …` in a terminal (? lists what the table takes)",
            "ru": "{word!r} — команда терминала, а не строка стола: наберите `terts {word} …` "
            "в терминале (? — что принимает стол)",
        },
        "table.option": {
            "en": "{option} is not an option of this line: {usage} (for example: {example})",
            "ru": "{option} — не параметр этой строки: {usage} (например: {example})",
        },
        "table.option_value": {
            "en": "{option} needs a value: {usage} (for example: {example})",
            "ru": "после {option} нужно значение: {usage} (например: {example})",
        },
        "table.nested": {
            "en": "already at the table: type the events, ? lists the short forms",
            "ru": "вы уже за столом: вводите события, ? — список коротких команд",
        },
        # --- the short status -----------------------------------------------------------
        "table.totals": {"en": "{name} {total}/{target}", "ru": "{name} {total}/{target}"},
        "table.no_deal": {
            "en": "no deal yet: n TRUMP (n 7ч; trick by trick: n 7ч tricks)",
            "ru": "сдачи ещё нет: n КОЗЫРЬ (n 7ч; по взяткам: n 7ч tricks)",
        },
        "table.deal_over": {
            "en": "deal {deal} is over; next: n TRUMP",
            "ru": "сдача {deal} сыграна; дальше: n КОЗЫРЬ",
        },
        "table.game_over": {
            "en": "game over: {winner} wins",
            "ru": "игра окончена, победитель — {winner}",
        },
        "table.quick": {
            "en": "deal {deal} (quick), {dealer} deals, trump {trump}: declarations d/c, "
            "then s POINTS BY LAST",
            "ru": "сдача {deal} (быстрая), сдаёт {dealer}, козырь {trump}: объявления d/c, "
            "потом s ОЧКИ КТО ПОСЛЕДНЯЯ",
        },
        "table.deal": {
            "en": "deal {deal}, trump {trump}, trick {trick}/16 ({phase}, stock {stock}), "
            "{leader} leads",
            "ru": "сдача {deal}, козырь {trump}, взятка {trick}/16 ({phase}, в колоде {stock}), "
            "ходит {leader}",
        },
        "table.no_trump": {"en": "not recorded", "ru": "не записан"},
        # --- usage of the short forms ---------------------------------------------------
        "table.use.deal": {
            "en": "n [TRUMP] [DEALER] [quick|tricks]",
            "ru": "n [КОЗЫРЬ] [КТО СДАЁТ] [quick|tricks]",
        },
        "table.use.ask": {"en": "a P", "ru": "a ИГРОК"},
        "table.use.trump": {"en": "tr SUIT|CARD", "ru": "tr МАСТЬ|КАРТА"},
        "table.use.declare": {"en": "d P COMBO…", "ru": "d ИГРОК ОБЪЯВЛЕНИЕ…"},
        "table.use.challenge": {"en": "c P COMBO", "ru": "c ИГРОК ОБЪЯВЛЕНИЕ"},
        "table.use.trick": {"en": "t CARD CARD", "ru": "t КАРТА КАРТА"},
        "table.use.score": {"en": "s POINTS BY LAST", "ru": "s ОЧКИ КТО ПОСЛЕДНЯЯ"},
        "table.use.penalty": {"en": "p P KIND [N]", "ru": "p ИГРОК ВИД [N]"},
        "table.use.exchange": {"en": "x P", "ru": "x ИГРОК"},
        "table.use.claim": {"en": "cl P [TRICKS CARDPOINTS]", "ru": "cl ИГРОК [ВЗЯТКИ ОЧКИ]"},
        "table.use.undo": {"en": "u", "ru": "u"},
        "table.use.fix": {"en": "fix N LINE", "ru": "fix N СТРОКА"},
        "table.use.ins": {"en": "ins N LINE", "ru": "ins N СТРОКА"},
        "table.use.drop": {"en": "drop N", "ru": "drop N"},
        "table.use.status": {"en": "st", "ru": "st"},
        "table.use.sheet": {"en": "sh", "ru": "sh"},
        "table.use.log": {"en": "l", "ru": "l"},
        # --- help --------------------------------------------------------------------------
        "table.help.header": {
            "en": "Short forms (full commands such as `declare Аня терц:Дч` work too; quote "
            "names with spaces; Tab completes):",
            "ru": "Короткие команды (полные, например `declare Аня терц:Дч`, тоже работают; "
            "имена с пробелами — в кавычках; Tab дополняет):",
        },
        "table.help.aliases": {
            "en": "Russian words: {words}",
            "ru": "Русские слова: {words}",
        },
        "table.help.deal": {
            "en": "start a deal: n 7ч = deal --trump 7ч (as the game says: quick unless "
            "`new --tricks`); n 7ч tricks = trick by trick, n 7ч quick = tricks not recorded",
            "ru": "новая сдача: n 7ч = deal --trump 7ч (как задано игрой: быстрая, если не "
            "`new --tricks`); n 7ч tricks — по взяткам, n 7ч quick — взятки не записываются",
        },
        "table.help.ask": {
            "en": "«Рост?» asked and not beaten: a Боря = ask Боря",
            "ru": "«Рост?» без «Не годится!»: a Боря = ask Боря",
        },
        "table.help.trump": {
            "en": "the trump of a deal started without one: tr ч = trump ч",
            "ru": "козырь сдачи, начатой без него: tr ч = trump ч",
        },
        "table.help.declare": {
            "en": "declare: d Аня терц:Дч (4J, 50:K♠, marriage …)",
            "ru": "объявить: d Аня терц:Дч (4В, 50:Кп, марьяж …)",
        },
        "table.help.challenge": {
            "en": "beat the latest declaration («Не годится!»): c Боря терц:Тп",
            "ru": "перебить последнее объявление («Не годится!»): c Боря терц:Тп",
        },
        "table.help.trick": {
            "en": "one trick, the leader's card first: t Тп 7п",
            "ru": "взятка, сначала карта захода: t Тп 7п",
        },
        "table.help.score": {
            "en": "quick deal count: s 54 Боря Аня = score 54 --by Боря --last-trick Аня",
            "ru": "счёт быстрой сдачи: s 54 Боря Аня = score 54 --by Боря --last-trick Аня",
        },
        "table.help.penalty": {
            "en": "penalty (N = --points): p Боря miscount 10",
            "ru": "штраф (N = --points): p Боря miscount 10",
        },
        "table.help.exchange": {
            "en": "swap the trump 7 for the face-up card",
            "ru": "обменять козырную семёрку на открытую карту",
        },
        "table.help.claim": {
            "en": "claim the win (quick deal: tricks and card points so far)",
            "ru": "заявить о победе (в быстрой сдаче: взятки и очки на сейчас)",
        },
        "table.help.undo": {"en": "remove the latest event", "ru": "отменить последнее событие"},
        "table.help.fix": {
            "en": "correct event N (numbers: l): fix 3 s 64 Боря Аня; later events are judged "
            "again",
            "ru": "исправить событие N (номера: l): fix 3 s 64 Боря Аня; следующие события "
            "проверяются заново",
        },
        "table.help.ins": {
            "en": "insert a forgotten event before event N: ins 5 d Боря марьяж",
            "ru": "вставить забытое событие перед событием N: ins 5 d Боря марьяж",
        },
        "table.help.drop": {
            "en": "remove event N: drop 2",
            "ru": "удалить событие N: drop 2",
        },
        "table.help.status": {"en": "the deal now", "ru": "состояние сдачи"},
        "table.help.sheet": {"en": "the score sheet", "ru": "запись очков"},
        "table.help.log": {"en": "the events, numbered", "ru": "события по номерам"},
        "table.help.help": {"en": "this list", "ru": "этот список"},
        "table.help.quit": {
            "en": "leave (Ctrl-D, Ctrl-C too); everything is already saved",
            "ru": "выход (также Ctrl-D, Ctrl-C); всё уже записано",
        },
        # --- completion meta ---------------------------------------------------------------
        "table.meta.player": {"en": "player", "ru": "игрок"},
        "table.meta.quick": {"en": "quick deal", "ru": "быстрая сдача"},
        "table.meta.tricks": {"en": "trick by trick", "ru": "по взяткам"},
        "table.meta.event": {"en": "event {n}", "ru": "событие {n}"},
    }
)
