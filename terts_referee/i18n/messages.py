"""The domain's words: errors, rule notices, verdict reasons and penalty notes, in both languages.

The domain, the referee and the game layer return verdicts (``domain.verdicts``): a code, which
is a key here, and its parameters. A face words one when it shows it (``i18n.words.say``), in
the language it was asked for; no sentence here names a command to type, for the remedy is
data the face adds in its own terms (``output.remedies``: the terminal's command). Nothing here is
ever written to the game file. Source tags like [000] and ruleset keys like
``declarations.when = "lead"`` stay verbatim in both languages. The list of codes, with their
rule sections and parameters, is ``docs/verdicts.md``.

Key prefixes: ``err.`` (bad input, a rule refusing an event), ``rule.`` (ruleset files),
``store.`` (the game file), ``notice.`` (rule notices), ``note.`` (the notes of declarations
and penalties), ``verdict.`` (which declaration wins and why), ``win.`` (why a game was won),
``name.`` (words put into other messages), ``msg.`` (other command output).
"""

from __future__ import annotations

from . import register, t

__all__ = ["MESSAGES", "t", "clipped"]

MESSAGES = register(
    {
        # --- what is accepted (cards.py, declarations.py) ------------------------------------
        "err.accept.suit": {
            "en": "a suit: s c d h, ♠ ♣ ♦ ♥, spades clubs diamonds hearts, п т/к б ч, "
            "пики трефы бубны черви",
            "ru": "масть: s c d h, ♠ ♣ ♦ ♥, spades clubs diamonds hearts, п т/к б ч, "
            "пики трефы бубны черви",
        },
        "err.accept.rank": {
            "en": "a rank: A K Q J 10 (or T) 9 8 7, or Т К Д В",
            "ru": "достоинство карты: A K Q J 10 (или T) 9 8 7, или Т К Д В",
        },
        "err.accept.combo": {
            "en": "a declaration like terts:Q♥, 50:K♠, 105:J♦ (also 100/106/107/108), терц:Дч, "
            "4J/4A/4K/4Q (200 = four jacks), marriage, or the cards themselves: Q♥,J♥,10♥",
            "ru": "комбинация вида терц:Дч, terts:Q♥, 50:K♠, 105:J♦ (а также 100/106/107/108), "
            "4J/4A/4K/4Q или 4В/4Т/4К/4Д (200 — двести валетов), марьяж или сами карты: "
            "Q♥,J♥,10♥",
        },
        # --- cards.py -----------------------------------------------------------------------
        "err.suit.unknown": {
            "en": "unknown suit {text!r}: expected {accepted}",
            "ru": "неизвестная масть {text!r}: ожидается {accepted}",
        },
        "err.rank.unknown": {
            "en": "unknown rank {text!r}: expected {accepted}",
            "ru": "неизвестное достоинство карты {text!r}: ожидается {accepted}",
        },
        "err.card.empty": {
            "en": "empty card: expected a rank then a suit, like Q♥, Qh, Дч or 10h",
            "ru": "пустая карта: ожидается достоинство, затем масть, например Дч, Q♥, Qh или 10h",
        },
        "err.card.no_suit": {
            "en": "card {text!r} has no suit: expected a rank then a suit, like Q♥, Qh, Дч or 10h",
            "ru": "у карты {text!r} нет масти: ожидается достоинство, затем масть, "
            "например Дч, Q♥, Qh или 10h",
        },
        "err.card.rank": {
            "en": "card {text!r}: unknown rank {part!r}: expected {accepted}{hint}",
            "ru": "карта {text!r}: неизвестное достоинство {part!r}: ожидается {accepted}{hint}",
        },
        "err.card.suit": {
            "en": "card {text!r}: unknown suit {part!r}: expected {accepted}{hint}",
            "ru": "карта {text!r}: неизвестная масть {part!r}: ожидается {accepted}{hint}",
        },
        "err.card.twice": {
            "en": "card {card} is listed twice: each card is in the deck once",
            "ru": "карта {card} названа дважды: каждая карта в колоде одна",
        },
        "err.card_or_suit": {
            "en": "{text!r} is neither a card nor a suit: expected a card like 7♥ or Qh, "
            "or {accepted}",
            "ru": "{text!r} — ни карта, ни масть: ожидается карта, например 7ч, 7♥ или Qh, "
            "или {accepted}",
        },
        # --- declarations.py: notation ------------------------------------------------------
        "err.run.length": {
            "en": "a run of {length:#card|cards} is no declaration: runs have 3 to 8 cards",
            "ru": "последовательность из {length:#карты|карт|карт} — не комбинация: "
            "в последовательности от 3 до 8 карт",
        },
        "err.run.top": {
            "en": "no {name} can top at {top}: {length:#card|cards} in sequence run down from "
            "the top card, so the top is one of {tops}",
            "ru": "{name} от {top} не бывает: последовательность из {length:#карты|карт|карт} "
            "идёт вниз от старшей карты, так что старшая — одна из: {tops}",
        },
        "err.four.rank": {
            "en": "four {rank}s score nothing: fours are 4J (200), 4A, 4K or 4Q (100 each)",
            "ru": "четыре {rank} ничего не стоят: фигуры — это 4В (200), 4Т, 4К или 4Д (по 100)",
        },
        "err.combo.empty": {
            "en": "empty declaration: expected {accepted}",
            "ru": "пустое назначение: ожидается {accepted}",
        },
        "err.combo.class": {
            "en": "{text!r}: unknown class {head!r}: expected {accepted}",
            "ru": "{text!r}: неизвестное название комбинации {head!r}: ожидается {accepted}",
        },
        "err.combo.one_top": {
            "en": "{text!r}: name one top card after the colon, like terts:Q♥",
            "ru": "{text!r}: после двоеточия назовите одну старшую карту, например терц:Дч",
        },
        "err.combo.four": {
            "en": "{text!r}: expected 4J, 4A, 4K or 4Q (4В 4Т 4К 4Д)",
            "ru": "{text!r}: ожидается 4В, 4Т, 4К или 4Д (4J 4A 4K 4Q)",
        },
        "err.combo.top": {
            "en": "{text!r}: name the top card too, like {notation}:Q♥",
            "ru": "{text!r}: назовите и старшую карту, например {notation}:Q♥",
        },
        "err.combo.not": {
            "en": "{text!r} is not a declaration ({reason}): expected {accepted}",
            "ru": "{text!r} — не комбинация ({reason}): ожидается {accepted}",
        },
        "err.marriage.trump": {
            "en": "a marriage is the King and Queen of trumps ({suit}) under "
            'declarations.marriage = "trump" [001][003][004]',
            "ru": "марьяж — это козырные Король и Дама ({suit}) при "
            'declarations.marriage = "trump" [001][003][004]',
        },
        "err.cards.few": {
            "en": "{cards} forms no declaration: a run needs 3 to 8 cards of one suit, a four 4 "
            "cards of one rank, a marriage K and Q of one suit",
            "ru": "{cards} — не комбинация: для последовательности нужно 3–8 карт одной масти, "
            "для фигуры — 4 карты одного достоинства, для марьяжа — Король и Дама одной масти",
        },
        "err.cards.suits": {
            "en": "{cards} forms no declaration: a run is of one suit, a four of one rank",
            "ru": "{cards} — не комбинация: последовательность — из одной масти, "
            "фигура — из одного достоинства",
        },
        "err.cards.gap": {
            "en": "{cards} is not in sequence (missing {gap}): runs follow A K Q J 10 9 8 7",
            "ru": "{cards} — не подряд (не хватает {gap}): последовательность идёт по порядку "
            "A K Q J 10 9 8 7 (Т К Д В 10 9 8 7)",
        },
        # --- declarations.py: which is higher -----------------------------------------------
        "err.tie_needs_trump": {
            "en": "{first} and {second} tie on length and top: the trump suit decides; "
            "record the trump",
            "ru": "{first} и {second} равны по длине и старшей карте: решает козырь; "
            "запишите козырь",
        },
        "verdict.marriage": {
            "en": "a marriage is outside the order: it beats nothing and nothing beats it",
            "ru": "марьяж стоит вне старшинства: сам ничего не перебивает, и его ничем не перебить",
        },
        "verdict.jacks": {
            "en": "four jacks beat everything, a trump 108 included",
            "ru": "двести валетов старше любой комбинации, даже козырных ста восьми",
        },
        "verdict.trump": {
            "en": "same length and top card: the trump one wins",
            "ru": "длина и старшая карта одинаковы: старше козырная",
        },
        "verdict.first": {
            "en": "same length and top card, neither trump: the one declared first keeps it",
            "ru": "длина и старшая карта одинаковы, обе не "
            "козырные: остаётся та, что объявлена первой",
        },
        "verdict.fours": {
            "en": "{high} beats {low}: fours rank A > K > Q",
            "ru": "{high} перебивает {low}: фигуры по старшинству Т > К > Д",
        },
        "verdict.four_over_run": {
            "en": "{high} beats the run {low}: fours rank above runs of this length",
            "ru": "{high} перебивает последовательность {low}: фигуры старше "
            "последовательностей такой длины",
        },
        "verdict.run_over_four": {
            "en": "the run {high} beats {low}: every hundreds-run beats the fours",
            "ru": "последовательность {high} перебивает {low}: любая последовательность от пяти "
            "карт (сотня) старше фигур",
        },
        "verdict.longer": {
            "en": "{high} beats {low}: the longer run wins",
            "ru": "{high} перебивает {low}: старше более длинная последовательность",
        },
        "verdict.higher_top": {
            "en": "{high} beats {low}: same length, the higher top card wins",
            "ru": "{high} перебивает {low}: длина одинаковая, старше та, что от старшей карты",
        },
        "verdict.same_class": {
            "en": "{challenger} is a {c_class}, {declared} a {d_class}: after «От чего?» only a "
            "declaration of equal value may beat it (a terts by a terts, a fifty by a fifty, "
            "a hundred by a hundred)",
            "ru": "{challenger} — {c_class}, а {declared} — {d_class}: после «От чего?» перебить "
            "можно только назначением равной стоимости (терц — терцем, полтинник — "
            "полтинником, сотню — сотней)",
        },
        "name.run.3": {"en": "terts", "ru": "терц"},
        "name.run.4": {"en": "fifty", "ru": "пятьдесят"},
        "name.run.5": {"en": "hundred (105)", "ru": "сто пять"},
        "name.run.6": {"en": "hundred (106)", "ru": "сто шесть"},
        "name.run.7": {"en": "hundred (107)", "ru": "сто семь"},
        "name.run.8": {"en": "hundred (108)", "ru": "сто восемь"},
        "name.class.terts": {"en": "terts", "ru": "терц"},
        "name.class.fifty": {"en": "fifty", "ru": "полтинник"},
        "name.class.hundred": {"en": "hundred", "ru": "сотня"},
        "name.class.jacks": {"en": "jacks", "ru": "двести валетов"},
        "name.class.marriage": {"en": "marriage", "ru": "марьяж"},
        "name.suit.spades": {"en": "spades", "ru": "пики"},
        "name.suit.clubs": {"en": "clubs", "ru": "трефы"},
        "name.suit.diamonds": {"en": "diamonds", "ru": "бубны"},
        "name.suit.hearts": {"en": "hearts", "ru": "черви"},
        # --- rules.py -----------------------------------------------------------------------
        "rule.missing_bundled": {
            "en": "the bundled rulesets are missing from this installation: reinstall terts",
            "ru": "в этой установке нет встроенных правил: переустановите terts",
        },
        "rule.type.bool": {"en": "true or false", "ru": "true или false"},
        "rule.type.int_or": {
            "en": "a whole number or {choices}",
            "ru": "целое число или {choices}",
        },
        "rule.type.int": {"en": "a whole number", "ru": "целое число"},
        "rule.type.one_of": {"en": "one of {choices}", "ru": "одно из значений {choices}"},
        "rule.type.string": {"en": "a string", "ru": "строка"},
        "rule.type.ruleset": {"en": "a ruleset name", "ru": "название правил"},
        "rule.or": {"en": "{first} or {rest}", "ru": "{first} или {rest}"},
        "rule.suggest": {"en": " (did you mean {word}?)", "ru": " (может быть, {word}?)"},
        "rule.not_allowed": {
            "en": "{origin}: {setting} = {value} is not allowed: expected {expected}",
            "ru": "{origin}: {setting} = {value} не допускается: ожидается {expected}",
        },
        "rule.too_long": {
            "en": "{origin}: {setting} is {chars:#character|characters} long: expected at most "
            "{most}",
            "ru": "{origin}: {setting} длиной {chars:#символ|символа|символов}: ожидается "
            "не больше {most}",
        },
        "rule.too_small": {
            "en": "{origin}: {setting} = {value} is too small: expected at least {minimum}",
            "ru": "{origin}: {setting} = {value} — слишком мало: ожидается не меньше {minimum}",
        },
        "rule.too_big": {
            "en": "{origin}: {setting} = {value} is too big: expected at most {maximum}",
            "ru": "{origin}: {setting} = {value} — слишком много: ожидается не больше {maximum}",
        },
        "rule.unknown_top": {
            "en": "{origin}: unknown key {setting!r}{suggest}: expected {keys} or a table {tables}",
            "ru": "{origin}: неизвестный ключ {setting!r}{suggest}: ожидается {keys} "
            "или таблица {tables}",
        },
        "rule.not_table": {
            "en": "{origin}: {setting} must be a table [{setting}], not {value!r}",
            "ru": "{origin}: {setting} должен быть таблицей [{setting}], а не {value!r}",
        },
        "rule.unknown_key": {
            "en": "{origin}: unknown key {setting}{suggest}: expected one of {keys}",
            "ru": "{origin}: неизвестный ключ {setting}{suggest}: ожидается один из ключей {keys}",
        },
        "rule.not_found": {
            "en": "ruleset file {path} not found",
            "ru": "файл правил {path} не найден",
        },
        "rule.unreadable": {
            "en": "ruleset file {path} cannot be read: {reason}",
            "ru": "файл правил {path} не читается: {reason}",
        },
        "rule.special": {
            "en": "ruleset file {path} is {kind}, not a regular file: expected a .toml file",
            "ru": "файл правил {path} — {kind}, а не обычный файл: ожидается файл .toml",
        },
        "rule.file_too_big": {
            "en": "ruleset file {path} is larger than {limit}: expected a ruleset of a few lines",
            "ru": "файл правил {path} больше {limit}: ожидается файл правил в несколько строк",
        },
        "rule.bad_toml": {
            "en": "{path}: not valid TOML: {reason}",
            "ru": "{path}: ошибка в TOML: {reason}",
        },
        "rule.unknown_ruleset": {
            "en": "unknown ruleset {name!r}{suggest}: expected one of {names}, "
            "or a path to a .toml file",
            "ru": "неизвестные правила {name!r}{suggest}: ожидается одно из: {names} "
            "— или путь к файлу .toml",
        },
        "rule.chain_too_long": {
            "en": "{path}: its extends chain is longer than {maximum} rulesets: "
            "expected a ruleset extending a few others at most",
            "ru": "{path}: цепочка extends длиннее {maximum:#набора|наборов|наборов} "
            "правил: ожидается не больше нескольких",
        },
        "rule.loop": {
            "en": "{path}: extends loops back on itself ({loop})",
            "ru": "{path}: extends ссылается по кругу сам на себя ({loop})",
        },
        "err.number": {
            "en": "{text!r} is not a number: expected ASCII digits 0-9 (at most {most}), "
            "such as 54",
            "ru": "{text!r} — не число: ожидаются цифры 0-9 (не больше {most}), например 54",
        },
        "err.deal.declarations": {
            "en": "deal {deal} already holds {most} declarations (event {number} would be one "
            "more), more than any real deal: this program records at most {most} in one deal",
            "ru": "в сдаче {deal} уже {most} объявлений (событие {number} было бы лишним) — "
            "больше, чем бывает в игре: программа записывает не больше {most} в одной сдаче",
        },
        "err.number_max": {
            "en": "{number} is too big: expected at most {maximum}",
            "ru": "{number} — слишком много: ожидается не больше {maximum}",
        },
        "err.number_min": {
            "en": "{number} is too small: expected at least {minimum}",
            "ru": "{number} — слишком мало: ожидается не меньше {minimum}",
        },
        # --- events.py, game/model.py -------------------------------------------------------
        "err.penalty_kind": {
            "en": "unknown penalty kind {text!r}: expected one of {kinds}",
            "ru": "неизвестный вид штрафа {text!r}: ожидается один из: {kinds}",
        },
        "store.event_field": {
            "en": "{origin}: event {number}: {field} = {value} is not allowed: expected "
            "{expected}; the file is damaged and will not be overwritten",
            "ru": "{origin}: событие {number}: {field} = {value} не допускается: ожидается "
            "{expected}; файл повреждён и не будет перезаписан",
        },
        "store.field": {
            "en": "{origin}: {field} = {value} is not allowed: expected {expected}; "
            "the file is damaged and will not be overwritten",
            "ru": "{origin}: {field} = {value} не допускается: ожидается {expected}; "
            "файл повреждён и не будет перезаписан",
        },
        "store.missing": {"en": "(missing)", "ru": "(нет)"},
        "store.expect.int": {
            "en": "a whole number from {low} to {high}",
            "ru": "целое число от {low} до {high}",
        },
        "store.expect.player": {"en": "{a} or {b}", "ru": "{a} или {b}"},
        "store.expect.string": {"en": "a string", "ru": "строка"},
        "store.expect.bool": {"en": "true or false", "ru": "true или false"},
        "store.expect.datetime": {
            "en": "a TOML date-time such as 2026-11-30T20:15:00+03:00",
            "ru": "дата и время TOML, например 2026-11-30T20:15:00+03:00",
        },
        "store.expect.game_id": {
            "en": "a game id: a UUID such as 0b6f3c1e-5d2a-4c3b-9e8f-7a6b5c4d3e2f",
            "ru": "идентификатор партии: UUID, например 0b6f3c1e-5d2a-4c3b-9e8f-7a6b5c4d3e2f",
        },
        "store.expect.one_of": {"en": "one of {choices}", "ru": "одно из: {choices}"},
        "store.expect.keys": {
            "en": "only the fields of a {kind} event: {keys}",
            "ru": "только поля события {kind}: {keys}",
        },
        "store.expect.table": {"en": "a table [[events]]", "ru": "таблица [[events]]"},
        "store.expect.card": {"en": "a card such as Q♥ or 10s", "ru": "карта, например Q♥ или 10s"},
        "store.expect.suit": {"en": "a suit: s c d h", "ru": "масть: s c d h"},
        "store.expect.combo": {
            "en": "a declaration such as terts:Q♥",
            "ru": "комбинация, например terts:Q♥",
        },
        "store.expect.combos": {
            "en": 'a list of 1 to {most} declarations such as ["terts:Q♥"]',
            "ru": 'список из 1–{most} комбинаций, например ["terts:Q♥"]',
        },
        "store.expect.two_cards": {
            "en": 'a list of two cards, the leader\'s first, such as ["Q♥", "7♥"]',
            "ru": 'список из двух карт, первой — карта захода, например ["Q♥", "7♥"]',
        },
        "store.expect.players": {
            "en": "a list of two different player names",
            "ru": "список из двух разных имён игроков",
        },
        "store.expect.rules": {
            "en": "the resolved ruleset as a table [rules]",
            "ru": "полный набор правил — таблица [rules]",
        },
        "store.expect.list": {"en": "a list", "ru": "список"},
        "store.expect.top_keys": {
            "en": "only the game file's keys: {keys}",
            "ru": "только ключи файла игры: {keys}",
        },
        "err.players.two": {
            "en": "Terts is for two players: name two, not {n}",
            "ru": "в терц играют вдвоём: назовите двух игроков, а не {n}",
        },
        "err.players.empty": {
            "en": "a player's name may not be empty",
            "ru": "имя игрока не может быть пустым",
        },
        "err.players.long": {
            "en": "a player's name is at most {most} characters and {most_bytes} bytes "
            "(UTF-8): {name!r} has {chars:#character|characters}, {size:#byte|bytes}; "
            "write it shorter",
            "ru": "имя игрока — не больше {most} символов и {most_bytes} байт (UTF-8): "
            "в {name!r} {chars:#символ|символа|символов}, {size:#байт|байта|байт}; "
            "напишите короче",
        },
        "err.players.same": {
            "en": "the players need different names, not {name!r} twice",
            "ru": "у игроков должны быть разные имена, а не дважды {name!r}",
        },
        "store.game_file": {"en": "game file", "ru": "файл игры"},
        "store.corrupt_players": {
            "en": "{origin} is corrupt (players or rules missing: {reason}); "
            "it will not be overwritten",
            "ru": "{origin} повреждён (нет игроков или "
            "правил: {reason}); файл не будет перезаписан",
        },
        "store.bad_rules": {
            "en": "{reason}; the game file will not be overwritten",
            "ru": "{reason}; файл игры не будет перезаписан",
        },
        "store.events_not_list": {
            "en": "{origin} is corrupt: its list of events is missing or damaged; it will not be "
            "overwritten",
            "ru": "{origin} повреждён: список событий "
            "отсутствует или испорчен; файл не будет перезаписан",
        },
        "err.player.ambiguous": {
            "en": "{name!r} is ambiguous: expected {a} or {b}",
            "ru": "{name!r} — неоднозначно: ожидается {a} или {b}",
        },
        "err.player.unknown": {
            "en": "{name!r} is not a player of this game: expected {a} or {b}",
            "ru": "в этой игре нет игрока с именем {name!r}: ожидается {a} или {b}",
        },
        "err.undo.empty": {
            "en": "nothing to undo: the game has no events yet",
            "ru": "отменять нечего: в игре ещё нет событий",
        },
        # --- corrections.py, Game.correct (issue 11) ----------------------------------------
        "err.fix.both": {
            "en": "--replace and --before cannot be used together: a correction either takes "
            "an event's place or goes before it",
            "ru": "--replace и --before вместе нельзя: исправление либо заменяет событие, "
            "либо вставляется перед ним",
        },
        "err.fix.empty": {
            "en": "there is no event to correct: the game has no events yet",
            "ru": "исправлять нечего: в игре ещё нет событий",
        },
        "err.fix.range.replace": {
            "en": "there is no event {number} to replace: expected a number from 1 to {n}",
            "ru": "нет события {number}, которое можно заменить: ожидается номер от 1 до {n}",
        },
        "err.fix.range.insert": {
            "en": "there is no event {number} to insert before: expected a number from 1 to {n}",
            "ru": "нет события {number}, перед которым можно вставить: ожидается номер от 1 до {n}",
        },
        "err.fix.range.drop": {
            "en": "there is no event {number} to drop: expected a number from 1 to {n}",
            "ru": "нет события {number}, которое можно удалить: ожидается номер от 1 до {n}",
        },
        "err.fix.opening": {
            "en": "event {n} opens a deal whose events {first}-{last} still stand: drop them "
            "first, or replace event {n}",
            "ru": "событие {n} открывает сдачу, в которой ещё есть события {first}–{last}: "
            "сначала удалите их или замените событие {n}",
        },
        "err.fix.names_dropped": {
            "en": "it names event {n}, which would be removed",
            "ru": "оно ссылается на событие {n}, которое будет удалено",
        },
        "err.fix.broken": {
            "en": "{label}, no longer holds: {reason}; the correction is refused",
            "ru": "{label} — больше не проходит: {reason}; исправление отклонено",
        },
        "err.fix.own.replace": {
            "en": "event {n} cannot be replaced by this: {reason}",
            "ru": "событие {n} нельзя заменить этим: {reason}",
        },
        "err.fix.own.insert": {
            "en": "this cannot go before event {n}: {reason}",
            "ru": "это нельзя вставить перед событием {n}: {reason}",
        },
        "err.fix.label_player": {
            "en": "event {n}, {p}'s {kind}",
            "ru": "событие {n} ({kind}, {p})",
        },
        "err.fix.label": {"en": "event {n}, the {kind}", "ru": "событие {n} ({kind})"},
        "name.event.deal": {"en": "deal", "ru": "сдача"},
        "name.event.declare": {"en": "declaration", "ru": "объявление"},
        "name.event.challenge": {"en": "challenge", "ru": "«не годится»"},
        "name.event.score": {"en": "count", "ru": "подсчёт"},
        "name.event.trick": {"en": "trick", "ru": "взятка"},
        "name.event.exchange": {"en": "exchange", "ru": "обмен семёрки"},
        "name.event.penalty": {"en": "penalty", "ru": "штраф"},
        "name.event.claim": {"en": "claim", "ru": "заявка на выход"},
        "name.event.ask": {"en": "question «От чего?»", "ru": "вопрос «От чего?»"},
        "name.event.trump": {"en": "trump", "ru": "козырь"},
        "store.correction_malformed": {
            "en": "correction {number} in the game file is malformed ({reason}): "
            "the file is corrupt; fix or restore it",
            "ru": "исправление {number} в файле игры записано неверно ({reason}): "
            "файл повреждён; исправьте или восстановите его",
        },
        "store.correction_range": {
            "en": "correction {number} in the game file names event {event}, but there were "
            "{n}: the file is corrupt; fix or restore it",
            "ru": "исправление {number} в файле игры ссылается на событие {event}, а их было "
            "{n}: файл повреждён; исправьте или восстановите его",
        },
        "store.correction_after": {
            "en": "correction {number} in the game file is out of order (after = {after}, "
            "{n} events recorded): the file is corrupt; fix or restore it",
            "ru": "исправление {number} в файле игры стоит не по порядку (after = {after}, "
            "записано событий: {n}): файл повреждён; исправьте или восстановите его",
        },
        # --- storage.py ---------------------------------------------------------------------
        "store.not_found": {
            "en": "game file {path} not found: start one",
            "ru": "файл игры {path} не найден: начните игру",
        },
        "store.directory": {
            "en": "game file {path} is a directory: name a game file",
            "ru": "файл игры {path} — это каталог: укажите файл игры",
        },
        "store.unreadable": {
            "en": "cannot read game file {path}: {reason}",
            "ru": "не удаётся прочитать файл игры {path}: {reason}",
        },
        "store.not_utf8": {
            "en": "not UTF-8 text: bad byte at offset {offset}",
            "ru": "это не текст UTF-8: неверный байт на позиции {offset}",
        },
        "store.not_toml": {"en": "not valid TOML: {reason}", "ru": "ошибка в TOML: {reason}"},
        "store.not_table": {
            "en": "the document is not a table",
            "ru": "документ — не таблица",
        },
        "store.no_format": {"en": "no format key", "ru": "нет ключа format"},
        "store.bad_format": {
            "en": "format must be a positive integer, not {version}",
            "ru": "format должен быть целым положительным числом, а не {version}",
        },
        "store.newer": {
            "en": "game file {path} was written by a newer terts (format {version}; "
            "this one reads up to {newest}): upgrade terts-referee to use it",
            "ru": "файл игры {path} записан более новой версией terts (формат {version}; "
            "эта читает формат не выше {newest}): обновите terts-referee",
        },
        "store.special": {
            "en": "game file {path} is {kind}, not a regular file: name a game file",
            "ru": "файл игры {path} — {kind}, а не обычный файл: укажите файл игры",
        },
        "store.too_big": {
            "en": "game file {path} is larger than {limit}, more than any game: name a game file",
            "ru": "файл игры {path} больше {limit} — больше любой партии: укажите файл игры",
        },
        "store.write_too_big": {
            "en": "game file {path} would grow to {size}, more than the {limit} a game file "
            "may hold (it could not be read back): nothing is written; start a new game",
            "ru": "файл игры {path} вырос бы до {size}, больше {limit}, допустимых для файла "
            "игры (его нельзя было бы прочесть): ничего не записано; начните новую партию",
        },
        "store.not_replaceable": {
            "en": "{path} is {kind}, not a game file: it will not be replaced; name a game file",
            "ru": "{path} — {kind}, а не файл игры: заменять его нельзя; укажите файл игры",
        },
        "store.read_only": {
            "en": "game file {path} is read-only and will not be replaced: make it writable "
            "(chmod u+w) to record, or name another",
            "ru": "файл игры {path} только для чтения и не будет заменён: разрешите запись "
            "(chmod u+w) или укажите другой файл",
        },
        "file.directory": {"en": "a directory", "ru": "каталог"},
        "file.fifo": {"en": "a FIFO (named pipe)", "ru": "именованный канал (FIFO)"},
        "file.device": {"en": "a device", "ru": "устройство"},
        "file.socket": {"en": "a socket", "ru": "сокет"},
        "file.special": {"en": "a special file", "ru": "особый файл"},
        "file.too_deep": {
            "en": "arrays or tables nested too deeply",
            "ru": "массивы или таблицы вложены слишком глубоко",
        },
        "file.too_many_digits": {
            "en": "an integer with too many digits",
            "ru": "целое число со слишком большим числом цифр",
        },
        "store.unwritable": {
            "en": "cannot write game file {path}: {reason}",
            "ru": "не удаётся записать файл игры {path}: {reason}",
        },
        "store.no_directory": {
            "en": "cannot lock game file {path}: directory {directory} does not exist",
            "ru": "не удаётся заблокировать файл игры {path}: каталога {directory} нет",
        },
        "store.locked": {
            "en": "game file {path} is locked by another command; try again",
            "ru": "файл игры {path} занят другой командой; попробуйте ещё раз",
        },
        "store.lock_failed": {
            "en": "cannot lock game file {path} (lock file {lock}): {reason}",
            "ru": "не удаётся заблокировать файл игры {path} (файл блокировки {lock}): {reason}",
        },
        "store.exists": {
            "en": "game file {path} already exists and was not moved to the library (an "
            "unfinished or damaged game)",
            "ru": "файл игры {path} уже есть и не перенесён в библиотеку (партия не окончена "
            "или файл повреждён)",
        },
        "store.corrupt": {
            "en": "game file {path} is corrupt ({detail}) and will not be overwritten: "
            "repair or move it, or name another",
            "ru": "файл игры {path} повреждён ({detail}) и не будет перезаписан: "
            "исправьте или уберите его либо укажите другой",
        },
        # --- referee/: players, deals, the end of the game ----------------------------------
        "err.player.not_in_game": {
            "en": "unknown player {player!r}: this game's players are {a} and {b}",
            "ru": "неизвестный игрок {player!r}: в этой игре играют {a} и {b}",
        },
        "err.no_deal": {
            "en": "no deal is open to {what}: start one",
            "ru": "нет открытой сдачи, чтобы {what}: начните её",
        },
        "err.no_deal.declare": {"en": "declare in", "ru": "объявлять"},
        "err.no_deal.challenge": {"en": "challenge in", "ru": "перебивать объявление"},
        "err.no_deal.score": {"en": "score", "ru": "записать счёт"},
        "err.no_deal.trick": {"en": "play a trick in", "ru": "записать взятку"},
        "err.no_deal.exchange": {"en": "exchange in", "ru": "менять козырную семёрку"},
        "err.no_deal.claim": {"en": "claim in", "ru": "заявить о победе"},
        "err.no_deal.ask": {"en": "ask about a declaration in", "ru": "спрашивать «Рост?»"},
        "err.no_deal.trump": {"en": "record the trump of", "ru": "записать козырь"},
        "err.penalty.no_deal": {
            "en": "no deal yet: a penalty belongs to a deal; start one",
            "ru": "сдачи ещё не было: штраф относится к сдаче; начните её",
        },
        "err.game_over": {
            "en": "the game is over: {winner} won ({reason})",
            "ru": "игра окончена, победитель — {winner} ({reason})",
        },
        "notice.win": {
            "en": "{winner} wins the game: {reason}",
            "ru": "победитель игры — {winner}: {reason}",
        },
        "win.target": {
            "en": "{total} reaches the target {target} after deal {deal}",
            "ru": "{total:#очко|очка|очков}: цель {target} достигнута после сдачи {deal}",
        },
        "notice.win.no_trick": {
            "en": "{player} has {total}, the target reached, but took no trick in deal {deal}: "
            "the game goes on, for a game is ended only by a player who took a trick [000][002] "
            "(game.deal_end_requires_trick)",
            "ru": "{player}: {total:#очко|очка|очков}, цель достигнута, но в сдаче {deal} нет ни "
            "одной взятки: игра продолжается — закончить игру можно, только взяв хотя бы одну "
            "взятку [000][002] (game.deal_end_requires_trick)",
        },
        "win.both_over": {
            "en": "both are over their targets after deal {deal}; the last "
            'trick decides [000] (game.both_over = "last-trick")',
            "ru": "после сдачи {deal} оба игрока достигли своих целей; решает последняя "
            'взятка [000] (game.both_over = "last-trick")',
        },
        "win.claim": {
            "en": "claimed during deal {deal} with {total} of {target} [000][002]",
            "ru": "победа заявлена во время сдачи {deal}: {total} из {target} [000][002]",
        },
        "win.loses": {
            "en": "{player} committed {kind}, which loses the game [000][001][004]",
            "ru": "{player} проигрывает партию: {kind} [000][001][004]",
        },
        "err.deal_open": {
            "en": "deal {deal} is still open: before the next deal, play out its tricks or "
            "write its count",
            "ru": "сдача {deal} ещё не окончена: до следующей сдачи доиграйте её взятки или "
            "запишите счёт",
        },
        "notice.dealer": {
            "en": "{dealer} deals, although {rotation} took the last trick of deal "
            "{deal} and would deal by rotation [000][001][003]",
            "ru": "сдаёт {dealer}, хотя по очереди сдаёт {rotation}: последняя "
            "взятка сдачи {deal} досталась этому игроку [000][001][003]",
        },
        # --- referee/: declarations ---------------------------------------------------------
        "err.marriage.no_trump": {
            "en": "a marriage is the King and Queen of trumps, and this deal's "
            "trump is not recorded: name the suit, marriage:♥, or record "
            "the trump",
            "ru": "марьяж — это козырные Король и Дама, а козырь этой сдачи не записан: "
            "назовите масть, марьяж:♥, или запишите козырь",
        },
        "err.declare.not_leader": {
            "en": "{player} does not lead trick {trick}: only the leader ({leader}) declares "
            'under declarations.when = "lead" [000][002]',
            "ru": 'взятку {trick} начинает не {player}: при declarations.when = "lead" '
            "объявляет только тот, чей заход ({leader}) [000][002]",
        },
        "err.declare.none_before_break": {
            "en": "nothing but a marriage may be declared before the deck is broken (trick 1) "
            'under declarations.before_break = "none" [002]',
            "ru": 'до ломки колоды (взятка 1) при declarations.before_break = "none" '
            "можно объявить только марьяж [002]",
        },
        "err.declare.no_fours": {
            "en": "{four} may not be declared before the deck is broken: no fours before "
            'trick 1 under declarations.before_break = "sequences" [000] rule 1',
            "ru": "{four} нельзя объявлять до ломки колоды: при declarations.before_break = "
            '"sequences" фигуры до взятки 1 не объявляют [000], правило 1',
        },
        "err.one_deck": {
            "en": "one deck (RULES §4.3, [000] rule 5): {player}'s {decl} shares {cards} with "
            "{other}'s {earlier} (event {event}), and two players never hold the same card: one "
            "of the two is false; show the cards",
            "ru": "одна колода (RULES §4.3, [000], правило 5): у двух объявлений общие карты "
            "{cards} — {player}: {decl}, {other}: {earlier} (событие {event}), а одна карта не "
            "бывает у двоих: одно из объявлений ложное; покажите карты",
        },
        "err.forfeit": {
            "en": 'the asker\'s forfeit (RULES §4.2, declarations.challenge = "same-class" '
            "[001] «лишается высшего назначения в этом ходе»): {player} asked at event {asked} "
            "about {owner}'s {about} (event {event}) and may not declare a higher class, "
            "{decl}, {until}",
            "ru": "вопрос «Рост?» лишает высшего назначения (RULES §4.2, "
            'declarations.challenge = "same-class" [001] «лишается высшего назначения в '
            "этом ходе»): после вопроса (событие {asked}) об объявлении соперника ({owner}: "
            "{about}, событие {event}) {player} не может объявить {decl}, назначение выше "
            "классом, {until}",
        },
        "err.forfeit.until_trick": {
            "en": "before trick {trick}",
            "ru": "до взятки {trick}",
        },
        "err.forfeit.until_quick": {
            "en": "until {other}'s next declaration (a quick deal's turn)",
            "ru": "пока {other} не сделает следующего объявления (ход в быстрой сдаче)",
        },
        "notice.trump.marriage": {
            "en": "{decl} names the trump: {suit} (only the trump marriage counts, "
            'declarations.marriage = "trump")',
            "ru": "{decl} называет козырь: {suit} (пишется только козырный марьяж, "
            'declarations.marriage = "trump")',
        },
        "notice.trump": {
            "en": "deal {deal}: trump {suit}",
            "ru": "сдача {deal}: козырь — {suit}",
        },
        "err.trump.known": {
            "en": "deal {deal} already has its trump, {suit} (event {event}): a deal's trump "
            "is recorded once",
            "ru": "у сдачи {deal} козырь уже записан: {suit} (событие {event}); козырь сдачи "
            "записывают один раз",
        },
        "err.trump.card": {
            "en": "{card} is not a card of {suit}",
            "ru": "{card} — карта другой масти, а не {suit}",
        },
        "notice.trick_mode": {
            "en": "deal {deal} is now followed trick by trick: declarations from here on are "
            "timed (RULES §4.3); those recorded before this trick stay untimed",
            "ru": "сдача {deal} теперь записывается по взяткам: время следующих объявлений "
            "проверяется (RULES §4.3), записанных до этой взятки — нет",
        },
        "err.ask.none": {
            "en": "«Рост?» asks about the opponent's declaration made just before it: there is "
            "none to ask about now",
            "ru": "«Рост?» спрашивают об объявлении соперника, сделанном прямо перед этим: "
            "сейчас спрашивать не о чем",
        },
        "err.ask.own": {
            "en": "{player} cannot ask about a declaration of their own",
            "ru": "{player} не может спрашивать о собственном объявлении",
        },
        "err.ask.marriage": {
            "en": "a marriage has no height to ask about: it is the King and Queen [000][004]",
            "ru": "у марьяжа нет «роста»: это Король и Дама [000][004]",
        },
        "err.ask.void": {
            "en": "{decl} scores nothing already ({status}): there is nothing to ask about",
            "ru": "{decl} и так ничего не стоит ({status}): спрашивать не о чем",
        },
        "notice.ask": {
            "en": "{player} asked about {owner}'s {decl} and did not beat it; {effect}",
            "ru": "{player} спрашивает «Рост?» об объявлении "
            "соперника ({owner}: {decl}) и не перебивает; {effect}",
        },
        "notice.ask.forfeit": {
            "en": "nothing above a {cls} but four jacks may be declared{until} "
            '(declarations.challenge = "same-class" [001])',
            "ru": "после вопроса объявлять выше, чем {cls}, можно только двести "
            'валетов{until} (declarations.challenge = "same-class" [001])',
        },
        "notice.ask.until_trick": {"en": " before trick {trick}", "ru": " до взятки {trick}"},
        "notice.ask.until_quick": {
            "en": " until {other}'s next declaration",
            "ru": ", пока {other} не сделает следующего объявления",
        },
        "notice.ask.free": {
            "en": 'no forfeit under declarations.challenge = "{setting}" [000]',
            "ru": 'при declarations.challenge = "{setting}" за вопрос ничего не теряют [000]',
        },
        "err.declare.marriage_once": {
            "en": "one marriage at a time: a marriage is the King and Queen of trumps",
            "ru": "марьяж объявляют один: марьяж — это козырные Король и Дама",
        },
        "err.declare.one_per_turn": {
            "en": "one declaration per turn (plus a marriage alongside) under "
            "declarations.multiple = false [000][002]; declare the others on later turns",
            "ru": "при declarations.multiple = false — одна комбинация за ход (и марьяж вместе "
            "с ней) [000][002]; остальные объявите на следующих ходах",
        },
        "err.declare.hand": {
            "en": "these declarations need {n} different cards, more than the 9 a hand holds "
            "(RULES §2: 9 cards each [000][001]): declare what one hand can show",
            "ru": "для этих объявлений нужно разных карт: {n}, а в руке их 9 (правила "
            "§2: по 9 карт [000][001]): объявите то, что может быть в одной руке",
        },
        "err.declare.share": {
            "en": "{a} and {b} share a card: runs declared in one turn may not share "
            "one [000] (a four may share a card with a run)",
            "ru": "{a} и {b} имеют общую карту: у последовательностей, объявленных за один "
            "ход, общих карт быть не может [000] (у фигуры с последовательностью — может)",
        },
        "err.declare.already": {
            "en": "{player} already declared {decl} before trick {trick}: one "
            "declaration per turn under declarations.multiple = false [000][002]",
            "ru": "{player}: перед взяткой {trick} уже объявлено: {decl}; при "
            "declarations.multiple = false — одна комбинация за ход [000][002]",
        },
        "note.lowering.suit": {
            "en": "{decl} is not higher than {earlier}, already scored in "
            '{suit}: a lowering [000] (declarations.lowering = "suit")',
            "ru": "в этой масти ({suit}) уже записано: {earlier}, а {decl} не старше: понижение "
            'ранга комбинации [000] (declarations.lowering = "suit")',
        },
        "note.lowering.subset": {
            "en": "{decl} is made of cards of {earlier}, already scored: a lowering [001] "
            '(declarations.lowering = "subset")',
            "ru": "{decl} — из тех же карт, что и уже записанное объявление {earlier}: понижение "
            'ранга комбинации [001] (declarations.lowering = "subset")',
        },
        "note.lowering.costs": {
            "en": '{why}, which costs its value (declarations.lowering_penalty = "value" [000])',
            "ru": '{why} — минус его стоимость (declarations.lowering_penalty = "value" [000])',
        },
        "notice.lowering": {
            "en": "{player}: {why}: {points:#point|points}",
            "ru": "{player}: {why}: {points:#очко|очка|очков}",
        },
        "note.played": {
            "en": "{card} was already played at trick {trick}",
            "ru": "карта {card} уже сыграна во взятке {trick}",
        },
        "note.face_up": {
            "en": "{card} is the face-up trump card under the stock",
            "ru": "{card} — открытый козырь под колодой",
        },
        "note.in_hand": {
            "en": "{card} is in {holder}'s hand (the face-up trump card went to {holder})",
            "ru": "карта {card} на руках у игрока, которому достался открытый козырь: {holder}",
        },
        "err.declare.twice": {
            "en": "the same declaration is listed twice",
            "ru": "одна и та же комбинация названа дважды",
        },
        "err.declare.burned": {
            "en": "{player}'s {decl} burned in this deal (it was beaten): the same combination "
            "may not be declared again [000][001]",
            "ru": "{player}: в этой сдаче сгорело назначение {decl} (его "
            "перебили): ту же комбинацию снова объявлять нельзя [000][001]",
        },
        "err.declare.marriage_written": {
            "en": "the marriage {decl} is already written in this deal",
            "ru": "в этой сдаче марьяж уже записан: {decl}",
        },
        "note.late": {
            "en": "declared before trick {trick}, after the last 9-card moment",
            "ru": "объявлено перед взяткой {trick}, когда на руках уже меньше 9 карт",
        },
        "notice.late": {
            "en": "{player} declared after the last 9-card moment (before trick "
            "{trick}): it scores nothing and {player} goes {value} uphill "
            "(late-declaration [000], penalties.late_uphill)",
            "ru": "{player}: объявление после последнего хода с 9 картами на руках (перед "
            "взяткой {trick}) не пишется, а {value} — в гору (late-declaration [000], "
            "penalties.late_uphill)",
        },
        # --- referee/moments.py: «may I declare now?» (terts check when) -------------------
        "verdict.when.yes": {
            "en": "{decl} may be declared before trick {trick}{who}: declarations are made with "
            "9 cards in hand, before playing a card, before tricks 1-8{last}",
            "ru": "{decl} можно объявить перед взяткой {trick}{who}: объявляют с 9 картами на "
            "руках, до хода картой, перед взятками 1-8{last}",
        },
        "verdict.when.by_leader": {
            "en": " by the player about to lead it",
            "ru": " тому, кто в неё заходит",
        },
        "verdict.when.by_either": {
            "en": " by either player, before putting a card on it",
            "ru": " любому игроку, пока его карта не легла на стол",
        },
        "verdict.when.the_last": {
            "en": "; this is the last moment, at the start of the final phase («в самом начале "
            "разбора фрица»)",
            "ru": "; это последний момент, в самом начале «разбора фрица»",
        },
        "verdict.when.marriage": {
            "en": "a marriage may be declared before any trick (trick {trick} too), by either "
            "player, whatever declarations.when says («Марьяж объявляется перед любым ходом»)",
            "ru": "марьяж можно объявить перед любой взяткой (и перед взяткой {trick}) любому "
            "игроку, что бы ни говорил declarations.when («Марьяж объявляется перед любым "
            "ходом»)",
        },
        "verdict.when.marriage_written": {
            "en": "the trump marriage is already written in this deal: there is one a deal",
            "ru": "козырный марьяж в этой сдаче уже записан, а марьяж в сдаче один",
        },
        "verdict.when.late": {
            "en": "before trick {trick} is after the last 9-card moment (before trick {last}): "
            "only a marriage may still be declared; this one would score nothing and cost "
            "{price} uphill (late-declaration), and the false-declaration penalty as well if "
            "it is false",
            "ru": "перед взяткой {trick} — уже после последнего хода с 9 картами (перед взяткой "
            "{last}): объявить можно только марьяж; это объявление не запишется и будет стоить "
            "{price} в гору (позднее объявление), а если оно ещё и ложное — и штраф за ложное "
            "объявление",
        },
        "verdict.when.not_leader": {
            "en": "only the player about to lead declares («на своём ходе до того как сделаете "
            "ход картой»); the follower's card is no turn of his",
            "ru": "объявляет только тот, кто заходит («на своём ходе до того как сделаете ход "
            "картой»); ответная карта — не свой ход",
        },
        "verdict.when.not_leader_last": {
            "en": "only the player about to lead declares, and the last moment, at the start of "
            "the final phase, is the first leader's: [000]'s «пока у вас на руках 9 карт» "
            "restates the 9-card rule and grants the follower no moment of his own ([002]: "
            "«when leading to a trick … the last moment for declaring is first trick of the "
            "second phase»)",
            "ru": "объявляет только тот, кто заходит, и последний момент, в самом начале "
            "«разбора фрица», принадлежит первому заходящему: «пока у вас на руках 9 карт» в "
            "[000] повторяет правило девяти карт и не даёт второму игроку взятки своего момента "
            "([002]: «when leading to a trick … the last moment for declaring is first trick "
            "of the second phase»)",
        },
        "verdict.when.none_before_break": {
            "en": "nothing but a marriage may be declared before the deck is broken (trick 1)",
            "ru": "до ломки колоды (взятка 1) можно объявить только марьяж",
        },
        "verdict.when.no_fours": {
            "en": "{decl} is a four («фигура»), and fours may not be declared before the deck "
            "is broken (trick 1)",
            "ru": "{decl} — фигура, а фигуры до ломки колоды (взятка 1) не объявляют",
        },
        "verdict.when.turn_used": {
            "en": "one declaration per turn: {earlier} is already declared before trick "
            "{trick} (a marriage may go alongside)",
            "ru": "одна комбинация за ход: перед взяткой {trick} уже объявлено {earlier} "
            "(марьяж можно вместе с ней)",
        },
        "verdict.when.share": {
            "en": "{decl} and {other} share a card: runs declared in one turn may not",
            "ru": "{decl} и {other} имеют общую карту, а у последовательностей одного хода её "
            "быть не может",
        },
        "verdict.when.highest_first": {
            "en": "{decl} is higher than {other}, declared before it in this turn: several in "
            "one turn go highest first",
            "ru": "{decl} старше, чем {other}, уже объявленная в этот ход: несколько комбинаций "
            "за ход объявляют от старшей",
        },
        "verdict.when.forfeit": {
            "en": "having asked «От чего?» about {asked}, the asker may not declare {decl}, a "
            "higher class, in this turn («лишается высшего назначения в этом ходе»; four jacks "
            "excepted)",
            "ru": "после вопроса «От чего?» о назначении ({asked}) объявить в этом ходе {decl}, "
            "назначение выше классом, уже нельзя («лишается высшего назначения в этом ходе»; "
            "кроме двухсот валетов)",
        },
        "verdict.when.one_deck": {
            "en": "{decl} shares {cards} with the opponent's {other}: two players never hold "
            "the same card, so one of the two would be false",
            "ru": "общие карты {cards} с объявлением соперника ({other}): {decl}; одна карта не "
            "бывает у двоих, так что одно из двух объявлений было бы ложным",
        },
        "verdict.when.repeat": {
            "en": "{decl} is already written in this deal: recorded again it is a repeat, "
            "refused, not a lowering",
            "ru": "{decl} в этой сдаче уже записано: записанное снова — это повтор, его не "
            "принимают, и это не понижение",
        },
        "verdict.when.lowering_priced": {
            "en": "{why}: recorded, it scores nothing and costs {value} in the deal",
            "ru": "{why}: запишется, но ничего не даст и будет стоить {value} в сдаче",
        },
        "verdict.when.lowering_refused": {
            "en": "{why}; such a declaration may not be made at all («потом уже нельзя объявлять»)",
            "ru": "{why}; такое объявление не делают вовсе («потом уже нельзя объявлять»)",
        },
        "verdict.when.not_held": {
            "en": "{decl} needs {cards}, not in the hand given: declared, it would be a false "
            "declaration, found when the cards are shown",
            "ru": "в указанной руке нет карт {cards}, а объявлению ({decl}) они нужны: такое "
            "объявление было бы ложным, и это выяснится, когда покажут карты",
        },
        # --- referee/: challenges and false declarations -----------------------------------
        "err.challenge.none": {
            "en": "a challenge answers the opponent's declaration made just before "
            "it: there is none to beat now",
            "ru": "«Не годится!» отвечают на объявление соперника, сделанное прямо перед "
            "этим: сейчас перебивать нечего",
        },
        "err.challenge.own": {
            "en": "{player} cannot challenge a declaration of their own",
            "ru": "{player} не может перебивать собственное объявление",
        },
        "err.challenge.marriage": {
            "en": "a marriage is outside the order: nothing beats it [000][004]; to beat the "
            "declaration said with it, write the challenge before the marriage, or the "
            "marriage and that declaration in one event",
            "ru": "марьяж стоит вне старшинства: его ничем не перебить "
            "[000][004]; чтобы перебить объявление, сказанное вместе с ним, "
            "запишите «Не годится!» до марьяжа или марьяж и это объявление одной записью",
        },
        "err.challenge.burned": {
            "en": "{player}'s {decl} burned in this deal: it may not be declared again [000][001]",
            "ru": "{player}: в этой сдаче сгорело назначение "
            "{decl}: снова объявлять его нельзя [000][001]",
        },
        "err.challenge.shared": {
            "en": "{combo} and {decl} share {cards}: two players cannot hold the same card, "
            "so one of them is false",
            "ru": "{combo} и {decl} имеют общие карты {cards}: одна карта не может быть у обоих "
            "игроков, значит, одно из объявлений ложное",
        },
        "err.challenge.no_beat": {
            "en": "{combo} does not beat {decl}: {reason}{rule} {source}",
            "ru": "{combo} не перебивает {decl}: {reason}{rule} {source}",
        },
        "note.beaten": {
            "en": "beaten by {player}'s {combo}",
            "ru": "перебито: {combo} ({player})",
        },
        "notice.challenge": {
            "en": "«Не годится!» {player}: {reason} {source}; {loser}'s {decl} burns",
            "ru": "{player}: «Не годится!» — {reason} {source}; {loser}: сгорает {decl}",
        },
        "notice.false": {
            "en": "false declaration: {player}'s {names} (event {event}) scores "
            'nothing: {evidence}; {player} goes {uphill} uphill ("в гору"){gain} '
            "[000][001][004]{restored}",
            "ru": "ложное объявление — {player}: {names} (событие {event}); "
            "очки не пишутся: {evidence}; {player}: {uphill} в гору{gain} [000][001][004]"
            "{restored}",
        },
        "note.stands_again": {
            "en": "stands again from event {event}: {player}'s {combo} that beat it (event "
            "{challenge}) is false",
            "ru": "снова в силе с события {event}: перебившее его объявление ({player}: {combo}, "
            "событие {challenge}) ложное",
        },
        "notice.stands_again": {
            "en": "; {owner}'s {decl}, beaten by it at event {challenge}, stands again and scores",
            "ru": "; объявление соперника ({owner}: {decl}, перебито в событии {challenge}) снова "
            "в силе и пишется",
        },
        "notice.stands_again.at": {
            "en": "{owner}'s {decl} stands again from event {event}: {player}'s {combo} is "
            "false, so it burns no more",
            "ru": "{owner}: {decl} снова в силе с события {event} — объявление, которым его "
            "перебили ({player}: {combo}), ложное, и больше не сгорает",
        },
        "notice.void.already": {
            "en": "{player}'s {names} (event {event}) counts nothing already (found false, its "
            "penalty written, or a repeat): this penalty changes nothing (RULES §6)",
            "ru": "{player}: {names} (событие {event}) и так не в счёт (уже ложное и "
            "оштрафовано или повтор): этот штраф ничего не меняет (RULES §6)",
        },
        "notice.false.gain": {
            "en": "; {player} writes {points}",
            "ru": "; {player} пишет {points}",
        },
        # --- referee/: quick-mode score -----------------------------------------------------
        "err.score.tricks": {
            "en": "deal {deal} is followed trick by trick: its card points "
            "are counted from the tricks, not written as a count",
            "ru": "сдача {deal} записывается по взяткам: её очки в картах считаются по "
            "взяткам, а не пишутся отдельным счётом",
        },
        "err.score.range": {
            "en": "{points:#card point is|card points are} impossible: a deal holds {total}, "
            "so a count is from 0 to {total}",
            "ru": "{points:#очка|очков|очков} в картах не бывает: в сдаче {total}, так что счёт — "
            "от 0 до {total}",
        },
        "err.score.below_bonus": {
            "en": "{player} took the last trick, worth {bonus}: the count cannot be below {bonus}",
            "ru": "последняя взятка стоит {bonus}, и её берёт "
            "{player}: счёт не может быть меньше {bonus}",
        },
        "err.score.no_last": {
            "en": "{points} is impossible without the last trick ({player} "
            "took it): at most {most}",
            "ru": "{points} без последней взятки не набрать "
            "(её берёт {player}): самое большее {most}",
        },
        "err.score.no_set": {
            "en": "no set of cards counts {points} (without the last trick): recount the tricks",
            "ru": "никакие карты не дают в сумме {points} (без последней взятки): "
            "пересчитайте взятки",
        },
        # --- referee/: tricks and reneges ---------------------------------------------------
        "err.trick.no_trump": {
            "en": "the trump is not recorded for this deal: a trick needs it; record it",
            "ru": "козырь этой сдачи не записан, а без него взятку не разобрать; запишите его",
        },
        "err.trick.twice": {
            "en": "{card} cannot be played twice in one trick",
            "ru": "карту {card} нельзя сыграть дважды в одной взятке",
        },
        "err.trick.played": {
            "en": "{card} was already played at trick {trick}: each card is in the deck once",
            "ru": "карта {card} уже сыграна во взятке {trick}: каждая карта в колоде одна",
        },
        "err.trick.face_up": {
            "en": "{card} is the face-up trump card under the stock: it is drawn "
            "last, after trick 7 [000][002]",
            "ru": "{card} — открытый козырь под колодой: его берут последним, после "
            "взятки 7 [000][002]",
        },
        "err.trick.holder": {
            "en": "{card} is in {holder}'s hand, not {player}'s",
            "ru": "карту {card} кладёт {player}, но эта карта на руках у соперника ({holder})",
        },
        "note.played_by": {
            "en": "{player} played {card} at trick {trick}",
            "ru": "{player}: карта {card} сыграна во взятке {trick}",
        },
        "note.renege": {
            "en": "trick {trick}: {why}; {effect}",
            "ru": "взятка {trick}: {why}; {effect}",
        },
        "note.renege.withdrawn": {
            "en": "withdrawn at event {event}: it rested on {names} (event {declared}), proven "
            "false, and a false declaration proves nothing about its cards (RULES §3)",
            "ru": "снято событием {event}: доказательством было {names} (событие {declared}), "
            "а оно оказалось ложным, ложное же объявление о своих картах ничего не доказывает "
            "(RULES §3)",
        },
        "notice.renege.withdrawn": {
            "en": "the renege at trick {trick} (event {proven}) is withdrawn: {player} is not "
            "known to have held the card it rested on, for {names} (event {declared}) is false "
            "and proves nothing about its cards (RULES §3); card points as taken",
            "ru": "нарушение хода во взятке {trick} (событие {proven}) снято: нет доказательства, "
            "что нужная карта была на руках ({player}), — объявление {names} (событие "
            "{declared}) ложное и о своих картах ничего не доказывает (RULES §3); очки в картах "
            "— как взяты",
        },
        "notice.renege.withdrawn_at": {
            "en": "the renege at trick {trick} no longer stands: withdrawn at event {event}",
            "ru": "нарушение хода во взятке {trick} больше не в силе: снято событием {event}",
        },
        "note.exchanged_by": {
            "en": "{player} exchanges {card}, so that card was in {player}'s hand",
            "ru": "{player} меняет {card} — значит, эта карта в руке того, кто меняет",
        },
        "notice.renege": {
            "en": "renege at trick {trick}: {player} played {follow} to {lead} but "
            '{why} (proven at trick {proof}); {effect} (penalties.renege = "{setting}")',
            "ru": "нарушение хода во взятке {trick}: {player} кладёт {follow} на {lead}, хотя "
            '{why} (доказано во взятке {proof}); {effect} (penalties.renege = "{setting}")',
        },
        "notice.renege.deal": {
            "en": "the opponent takes all the card points of this deal",
            "ru": "соперник получает все очки в картах этой сдачи",
        },
        "notice.renege.flag": {"en": "flagged", "ru": "отмечено"},
        "note.follow.suit": {
            "en": "could follow {suit} with {cards}",
            "ru": "можно было дать масть ({suit}): {cards}",
        },
        "note.follow.beat": {
            "en": "could beat {lead} with {cards}",
            "ru": "можно было перебить {lead}: {cards}",
        },
        "note.follow.trump": {
            "en": "could trump with {cards}",
            "ru": "можно было бить козырем: {cards}",
        },
        # --- referee/: the trump seven ------------------------------------------------------
        "name.trump_seven": {"en": "the trump 7", "ru": "козырную семёрку"},
        "err.exchange.done": {
            "en": "{player} already exchanged the trump 7 in this deal",
            "ru": "{player}: козырная семёрка в этой сдаче уже сменена",
        },
        "err.exchange.seven_up": {
            "en": "the face-up card is the trump 7 itself: there is nothing to exchange",
            "ru": "открытый козырь — сама козырная семёрка: менять нечего",
        },
        "err.exchange.stock": {
            "en": "the stock holds {stock:#card|cards}: the trump 7 may be exchanged only "
            "while it holds at least {need} (exchange.min_stock) [000][001][003]",
            "ru": "в колоде {stock:#карта|карты|карт}: козырную семёрку можно сменить, "
            "только пока в колоде не меньше {need} (exchange.min_stock) [000][001][003]",
        },
        "err.exchange.played": {
            "en": "{card} was already played in this deal",
            "ru": "карта {card} в этой сдаче уже сыграна",
        },
        "notice.exchange": {
            "en": "{player} exchanges {seven}{got}",
            "ru": "{player} меняет {seven}{got}",
        },
        "notice.exchange.for": {"en": " for {card}", "ru": " на {card}"},
        # --- referee/: penalties and claims -------------------------------------------------
        "err.penalty.negative": {
            "en": "a penalty of {points} points: expected a positive number of points",
            "ru": "штраф в {points} очков: ожидается положительное число очков",
        },
        "err.penalty.miscount": {
            "en": "a miscount needs its points: the amount wrongly written, which "
            "goes to the opponent [000][001][004]",
            "ru": "для miscount (неправильный подсчёт) нужно указать очки: неверно записанная "
            "сумма, которая переходит сопернику [000][001][004]",
        },
        "note.effect.writes": {
            "en": "{player} writes {n:#point|points}",
            "ru": "{player} пишет {n:#очко|очка|очков}",
        },
        "note.effect.loses": {
            "en": "{player} loses {n:#point|points} in the deal",
            "ru": "{player}: минус {n:#очко|очка|очков} в сдаче",
        },
        "note.effect.uphill": {
            "en": "{player} goes {n} uphill",
            "ru": "{player}: {n} в гору",
        },
        "note.effect.nothing": {"en": "no points move", "ru": "очки не переходят"},
        "note.effect.loses_game": {
            "en": "{player} loses the game",
            "ru": "{player}: партия проиграна",
        },
        "note.effect.lowering": {
            "en": "{player}'s {names} scores nothing and costs {points} in the deal",
            "ru": "{player}: {names} не пишется и стоит {points} в сдаче",
        },
        "notice.penalty": {
            "en": "penalty for {player}, {kind}: {effect} ({source})",
            "ru": "штраф — {player}, {kind}: {effect} ({source})",
        },
        "note.priced": {"en": "{why}; penalty: {effect}", "ru": "{why}; штраф: {effect}"},
        "note.trump_seven": {
            "en": "{card} played at trick {trick} without the mandatory exchange",
            "ru": "{card} сыграна во взятке {trick} без обязательной смены",
        },
        "note.by_command": {
            "en": "named by the players",
            "ru": "названо игроками",
        },
        "err.penalty.trump_seven": {
            "en": "keeping the trump 7 is no offence here: exchange.mandatory = "
            "false (some tables require the swap [000])",
            "ru": "оставить козырную семёрку здесь не нарушение: exchange.mandatory = "
            "false (кое-где смена обязательна [000])",
        },
        "err.penalty.no_event": {
            "en": "event {event} is no declaration of {player} in deal {deal}",
            "ru": "событие {event} — не объявление в сдаче {deal} или объявляет не {player}",
        },
        "err.penalty.empty_challenge": {
            "en": "{player} asked no «Рост?» in deal {deal} (no question and no challenge "
            "recorded): the empty-challenge penalty is the asker's, for asking with nothing "
            "to show ([000] rule 6, RULES §4.2){other_asked}",
            "ru": "{player}: в сдаче {deal} нет вопроса «Рост?» (ни вопроса, ни перебития "
            "не записано): штраф за «Рост?» без комбинации пишут тому, кто спрашивает, "
            "не имея что показать ([000] правило 6, RULES §4.2){other_asked}",
        },
        "err.penalty.empty_challenge.other": {
            "en": "; {other} asked, at event {event}",
            "ru": "; спрашивает {other}, событие {event}",
        },
        "err.penalty.no_declaration": {
            "en": "{player} has no declaration in deal {deal} to void",
            "ru": "{player}: в сдаче {deal} нет объявления, которое можно снять",
        },
        "err.claim.tricks": {
            "en": "{player} has taken {tricks:#trick|tricks} in this deal, not {claimed}",
            "ru": "{player}: в этой сдаче {tricks:#взятка|взятки|взяток}, а не {claimed}",
        },
        "err.claim.turn_trick": {
            "en": "{player} may claim only on their own turn, «на любом своём "
            "ходу» [000][002]: followed trick by trick, when they are to lead; "
            "{leader} took trick {taken} (event {event}) and leads trick {trick}",
            "ru": "{player} может заявить о победе только на своём ходу, «на любом своём ходу» "
            "[000][002]: при записи по взяткам — на своём заходе; взятку {taken} берёт {leader} "
            "(событие {event}) и заходит во взятку {trick}",
        },
        "err.claim.turn_deal": {
            "en": "{player} may claim only on their own turn, «на любом своём ходу» "
            "[000][002]: followed trick by trick, when they are to lead; {leader} "
            "leads trick {trick} (the non-dealer leads, deal of event {event})",
            "ru": "{player} может заявить о победе только на своём ходу, «на любом своём ходу» "
            "[000][002]: при записи по взяткам — на своём заходе; во взятку {trick} заходит "
            "{leader} (первым ходит игрок, который не сдаёт; сдача — событие {event})",
        },
        "err.claim.quick": {
            "en": "in quick mode say what was taken so far",
            "ru": "в быстром учёте укажите, что уже взято",
        },
        "err.claim.range": {
            "en": "a claim of {tricks} tricks and {cards} card points: expected 0-16 tricks "
            "and 0-140 card points",
            "ru": "заявка: взяток {tricks}, очков в картах {cards}, а ожидается 0-16 взяток "
            "и 0-140 очков в картах",
        },
        "err.claim.no_trick": {
            "en": "{player} has taken no trick in this deal: a win may be claimed "
            "only after taking at least one [000][002] (game.win_requires_trick)",
            "ru": "{player}: в этой сдаче нет ни одной взятки, а заявить о победе "
            "можно, только взяв хотя бы одну [000][002] (game.win_requires_trick)",
        },
        "err.claim.short": {
            "en": "{player} has {total} with this deal's {partial} so far{rounded}: short "
            "of the target {target} by {short}",
            "ru": "{player}: {total}, из них {partial} за "
            "эту сдачу{rounded} — до цели {target} не хватает {short}",
        },
        "err.claim.rounded": {
            "en": " ({raw} counted, written {partial}: a claim ends the deal, and a deal's points "
            'are written rounded, scoring.rounding = "{setting}" [000][001][003])',
            "ru": " (насчитано {raw}, пишется {partial}: заявка заканчивает сдачу, а очки сдачи "
            'пишут округлёнными, scoring.rounding = "{setting}" [000][001][003])',
        },
        "notice.skipped": {
            "en": "event {number} ({type}) does not stand under {rules}: {reason}",
            "ru": "событие {number} ({type}) не проходит по правилам {rules}: {reason}",
        },
        "notice.set_aside": {
            "en": "event {number} no longer holds: {reason} — kept in the file, not counted; "
            "drop it, or correct an earlier event",
            "ru": "событие {number} больше не проходит: {reason} — оно остаётся в файле и не "
            "засчитано; удалите его либо исправьте событие до него",
        },
        # --- cli/, i18n ---------------------------------------------------------------------
        "err.trick.two_cards": {
            "en": "a trick is two cards, the leader's first: got {n}",
            "ru": "взятка — это две карты, первой — карта захода; здесь карт: {n}",
        },
        "err.when.trick": {
            "en": "--trick {trick}: a deal has 16 tricks; expected 1-16",
            "ru": "--trick {trick}: в сдаче 16 взяток; ожидается 1-16",
        },
        "err.hand.too_many": {
            "en": "a hand holds at most 9 cards, not {n}",
            "ru": "на руках не больше 9 карт, а не {n}",
        },
        "err.legal.led": {
            "en": "{card} is led, so it cannot also be in the follower's hand",
            "ru": "{card} — карта захода, её не может быть и на руках у того, кто отвечает",
        },
        "err.legal.no_hand": {
            "en": 'the follower\'s hand is empty: give it with --hand "Q♥ 7♠ …"',
            "ru": 'не указаны карты того, кто отвечает: укажите их через --hand "Q♥ 7♠ …"',
        },
        "err.ruleset.suffix": {
            "en": "{path}: a ruleset file name ends in .toml",
            "ru": "{path}: имя файла правил оканчивается на .toml",
        },
        "msg.ruleset_written": {
            "en": "wrote {path} (extends {base}); check it with `terts rules check {path}`",
            "ru": "записан файл {path} (extends {base}); проверьте его: `terts rules check {path}`",
        },
        "msg.aborted": {"en": "aborted", "ru": "прервано"},
        "msg.completion.unknown_shell": {
            "en": "{option}: cannot tell which shell runs terts (completion is written for "
            "{shells}): run it from one of them, or print the script for one with "
            "_TERTS_COMPLETE=source_bash terts (source_zsh, source_fish, source_powershell)",
            "ru": "{option}: не удаётся понять, какая оболочка запускает terts (дополнение "
            "пишется для {shells}): запустите из одной из них или выведите сценарий для "
            "нужной: _TERTS_COMPLETE=source_bash terts (source_zsh, source_fish, "
            "source_powershell)",
        },
        "msg.completion.other_shell": {
            "en": "{option}: completion is written for {shells}, not {shell}: run it from one "
            "of them, or print the script for one with _TERTS_COMPLETE=source_bash terts "
            "(source_zsh, source_fish, source_powershell)",
            "ru": "{option}: дополнение пишется для {shells}, а не для {shell}: запустите из "
            "одной из них или выведите сценарий для нужной: _TERTS_COMPLETE=source_bash terts "
            "(source_zsh, source_fish, source_powershell)",
        },
        "err.card.lookalike.ace": {
            "en": "; {char!r} is Cyrillic: the ace is Latin A or Cyrillic Т",
            "ru": "; {char!r} — кириллица: туз пишется латинской A или русской Т",
        },
        "err.card.lookalike.jack": {
            "en": "; {char!r} is Latin: the jack is J or Cyrillic В",
            "ru": "; {char!r} — латиница: валет пишется J или русской В",
        },
        "err.card.lookalike.clubs": {
            "en": "; {char!r} is Cyrillic: clubs are Latin c or Cyrillic т/к",
            "ru": "; {char!r} — кириллица: трефы пишутся латинской c или русской т/к",
        },
        "err.card.lookalike.hearts": {
            "en": "; {char!r} is Cyrillic: hearts are Latin h or Cyrillic ч",
            "ru": "; {char!r} — кириллица: черви пишутся латинской h или русской ч",
        },
        "err.card.lookalike.spades": {
            "en": "; {char!r} is Cyrillic: spades are Latin s or Cyrillic п",
            "ru": "; {char!r} — кириллица: пики пишутся латинской s или русской п",
        },
        "msg.wrote": {"en": "wrote {path}", "ru": "записано: {path}"},
        "err.players.control": {
            "en": "a player's name may not contain control characters (tabs, new lines, "
            "escape codes): {name!r}",
            "ru": "в имени игрока не может быть управляющих символов (табуляции, переводов "
            "строки, escape-кодов): {name!r}",
        },
        "err.penalty.too_many": {
            "en": "{points} points are too many for {kind}: at most {limit}",
            "ru": "{points} очков — слишком много для {kind}: не больше {limit}",
        },
        "notice.trump_seven": {
            "en": "{player} played {card} at trick {trick} without exchanging it while the stock "
            "allowed: the exchange is mandatory here (exchange.mandatory = true), {points} uphill "
            "[000]",
            "ru": "{player}: карта {card} сыграна во взятке {trick} без смены, хотя колода "
            "позволяла: смена обязательна (exchange.mandatory = true), {points} в гору [000]",
        },
        "rule.incomplete": {
            "en": "{origin}: the stored ruleset lacks {keys}: the file is damaged",
            "ru": "{origin}: в записанных правилах нет {keys}: файл повреждён",
        },
        "err.declare.highest_first": {
            "en": "{a} is higher than {b}, declared before it in this turn: several declarations "
            "in one turn go highest first [000]",
            "ru": "{a} старше, чем объявленное раньше в этот ход ({b}): "
            "несколько комбинаций за ход объявляют от старшей [000]",
        },
        "err.declare.repeat": {
            "en": "{player}'s {decl} is already recorded in this deal (event {event}): the same "
            "combination is written once, and recorded twice it is a slip, not a lowering "
            "(RULES §4.3): nothing is recorded",
            "ru": "{player}: {decl} в этой сдаче уже есть в записи (событие {event}): "
            "комбинацию пишут один раз, а записанная дважды — это описка, а не понижение "
            "(RULES §4.3): ничего не записано",
        },
        "note.repeat": {
            "en": "the same combination as event {event}: recorded twice, a slip; it counts "
            "nothing, and is no lowering (RULES §4.3)",
            "ru": "та же комбинация, что в событии {event}: записана дважды, это описка; повтор "
            "не в счёт и не понижение (RULES §4.3)",
        },
        "notice.repeat": {
            "en": "{player}'s {decl} repeats event {event}: a slip an earlier version of this "
            "program took; it counts nothing, and is no lowering (RULES §4.3)",
            "ru": "{player}: {decl} повторяет событие {event} — описка, которую принимала прежняя "
            "версия программы; повтор не в счёт и не понижение (RULES §4.3)",
        },
        "err.declare.lowering": {
            "en": "{player} may not declare {decl}: it lowers {earlier}, already written (event "
            '{event}): {why}; under declarations.lowering_penalty = "refuse" such a declaration '
            "may not be made at all [001] «потом уже нельзя объявлять»",
            "ru": "{player}: объявлять {decl} нельзя — это понижение, раньше записано: {earlier} "
            '(событие {event}): {why}; при declarations.lowering_penalty = "refuse" такое '
            "объявление не делают вовсе [001] «потом уже нельзя объявлять»",
        },
        "err.challenge.void": {
            "en": "{decl} scores nothing already ({status}): there is nothing to beat",
            "ru": "{decl} и так ничего не стоит ({status}): перебивать нечего",
        },
        "msg.usage": {
            "en": "{detail} (see `{where} --help`)",
            "ru": "{detail} (см. `{where} --help`)",
        },
        "msg.missing_argument": {
            "en": "Missing argument {name}.",
            "ru": "Не хватает аргумента {name}.",
        },
        "msg.missing_option": {
            "en": "Missing option {name}.",
            "ru": "Не хватает параметра {name}.",
        },
        "msg.no_such_option": {
            "en": "No such option: {name}",
            "ru": "Нет такого параметра: {name}",
        },
        "msg.bad_value": {
            "en": "Invalid value for {name}: {detail}",
            "ru": "Неверное значение {name}: {detail}",
        },
        "msg.no_such_command": {"en": "No such command {name}.", "ru": "Нет такой команды {name}."},
        # --- what this output or input cannot carry (an encoding such as cp1252) -----------
        "msg.csv_encoding": {
            "en": "the CSV holds the character {code}, which this output's encoding {enc} cannot "
            "write: set PYTHONIOENCODING=utf-8, or read the sheet with --json",
            "ru": "в CSV есть символ {code}, а кодировка вывода {enc} не может его записать: "
            "задайте PYTHONIOENCODING=utf-8 или возьмите таблицу с --json",
        },
        "msg.input_encoding": {
            "en": "the input is not {enc} text (byte {byte}), the session ends here; every "
            "line recorded before is saved: for UTF-8 input set PYTHONIOENCODING=utf-8",
            "ru": "ввод — не текст в кодировке {enc} (байт {byte}), сеанс окончен; всё, что "
            "записано до этого, сохранено: для ввода в UTF-8 задайте PYTHONIOENCODING=utf-8",
        },
    }
)


def clipped(text: str, limit: int) -> str:
    """A long value or path cut to ``limit`` characters (``domain.verdicts.clipped``)."""
    from ..domain.verdicts import clipped as cut

    return cut(text, limit)
