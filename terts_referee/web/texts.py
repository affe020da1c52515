"""Every word of ``terts serve`` and its page, in Russian and English.

``web.*``: the server's own lines (terminal, request errors); ``ui.*``: the page's words, sent to
the page with the table's shared words (phases, penalties) by ``GET api/ui``.
"""

from __future__ import annotations

from ..i18n import register

TEXTS = register(
    {
        # --- the terminal ---------------------------------------------------------------------
        "web.listening": {
            "en": "terts serve: {path} at {url}",
            "ru": "terts serve: {path} по адресу {url}",
        },
        "web.stop": {"en": "Ctrl-C stops the server.", "ru": "Ctrl-C останавливает сервер."},
        "web.stopped": {"en": "terts serve: stopped", "ru": "terts serve: остановлен"},
        "web.lan_note": {
            "en": "Phones on the same network: open the address above or scan the code.",
            "ru": "Телефоны в той же сети: откройте адрес выше или отсканируйте код.",
        },
        "web.no_qr": {
            "en": "(no QR code: the segno package is not installed)",
            "ru": "(QR-кода нет: пакет segno не установлен)",
        },
        "web.cannot_bind": {
            "en": "cannot listen on {host}:{port}: {reason}; choose another --port",
            "ru": "не удаётся слушать {host}:{port}: {reason}; выберите другой --port",
        },
        "web.cannot_bind_host": {
            "en": "cannot listen on {host}:{port}: {reason}; choose an address of this machine "
            "with --host (127.0.0.1, or its network address)",
            "ru": "не удаётся слушать {host}:{port}: {reason}; выберите адрес этой машины в "
            "--host (127.0.0.1 или её адрес в сети)",
        },
        "web.bad_host": {
            "en": "--host {host!r} is not an address: {reason}; expected an IP address such as "
            "127.0.0.1 or 192.168.1.20, or a name of this machine",
            "ru": "--host {host!r} — не адрес: {reason}; ожидается IP-адрес, например 127.0.0.1 "
            "или 192.168.1.20, или имя этой машины",
        },
        # --- the page's answers of its own ----------------------------------------------------
        "web.new": {
            "en": "new game: {a} v {b}, rules {rules} (to {target})",
            "ru": "новая партия: {a} — {b}, правила {rules} (до {target})",
        },
        "web.new_moved": {
            "en": "the finished game is in the history",
            "ru": "оконченная партия — в истории",
        },
        # --- request errors (HTTP 4xx bodies) -------------------------------------------------
        "web.err.forbidden": {
            "en": "forbidden: open the address with its access token, as the server printed it "
            "(or scan its QR code)",
            "ru": "доступ запрещён: откройте адрес с ключом доступа, как его напечатал сервер "
            "(или отсканируйте QR-код)",
        },
        "web.err.not_found": {"en": "no such page: {path}", "ru": "нет такой страницы: {path}"},
        "web.err.method": {
            "en": "{method} is not allowed here: expected {allowed}",
            "ru": "{method} здесь не разрешён: ожидается {allowed}",
        },
        "web.err.too_large": {
            "en": "request body too large: {size} bytes, at most {limit}",
            "ru": "тело запроса слишком велико: "
            "{size:#байт|байта|байт}, а допустимо не больше {limit}",
        },
        "web.err.length": {
            "en": "missing or bad Content-Length: expected the body's size in bytes",
            "ru": "нет или неверен Content-Length: ожидается размер тела в байтах",
        },
        "web.err.content_type": {
            "en": "expected Content-Type: application/json",
            "ru": "ожидается Content-Type: application/json",
        },
        "web.err.json": {
            "en": "the body is not valid JSON: {detail}",
            "ru": "тело запроса не JSON: {detail}",
        },
        "web.err.rules": {
            "en": "unknown ruleset '{name}': the page offers the bundled ones: {names}",
            "ru": "неизвестные правила '{name}': на странице есть встроенные: {names}",
        },
        "web.err.utf8": {"en": "not UTF-8 text", "ru": "не текст UTF-8"},
        "web.err.object": {
            "en": "expected a JSON object such as {example}",
            "ru": "ожидается объект JSON, например {example}",
        },
        "web.err.unknown_field": {
            "en": "unknown field '{field}' for {action}: expected {fields}",
            "ru": "неизвестное поле '{field}' для {action}: ожидается {fields}",
        },
        "web.err.missing_field": {
            "en": "{action} needs the field '{field}'",
            "ru": "для {action} нужно поле '{field}'",
        },
        "web.err.field_type": {
            "en": "field '{field}' of {action} must be {expected}",
            "ru": "поле '{field}' для {action} должно быть {expected}",
        },
        "web.type.text": {"en": "a text", "ru": "строкой"},
        "web.type.number": {"en": "a whole number", "ru": "целым числом"},
        "web.type.flag": {"en": "true or false", "ru": "true или false"},
        "web.type.event": {
            "en": "an event number from 1 to {n} (see the log)",
            "ru": "номером события от 1 до {n} (см. журнал)",
        },
        "web.err.both": {
            "en": "{action} takes 'replace' or 'before', not both: a correction either takes an "
            "event's place or goes before it",
            "ru": "{action} принимает 'replace' или 'before', но не оба: исправление либо встаёт "
            "на место события, либо перед ним",
        },
        "web.type.texts": {
            "en": "a list of 1 to {n} texts",
            "ru": "списком из 1–{n} строк",
        },
        "web.err.host": {
            "en": "unexpected Host or Origin: open the address the server printed",
            "ru": "неожиданный Host или Origin: откройте адрес, который напечатал сервер",
        },
        "web.err.field_value": {
            "en": "field '{field}' of {action}: {reason}",
            "ru": "поле '{field}' для {action}: {reason}",
        },
        "web.err.deep": {
            "en": "the body nests deeper than {limit} levels: the page sends an object of "
            "fields, each a text, a number, true or false, or a list of texts",
            "ru": "тело запроса вложено глубже {limit} уровней: страница отправляет объект "
            "полей, каждое из них строка, число, true или false или список строк",
        },
        "web.err.bad_request": {
            "en": "not a request this server can read: expected an HTTP/1.1 request line such "
            "as GET / HTTP/1.1, headers of at most {limit} bytes, and a Content-Length in digits",
            "ru": "этот запрос серверу не прочесть: ожидается строка запроса HTTP/1.1 вида "
            "GET / HTTP/1.1, заголовки не длиннее {limit} байт и Content-Length из цифр",
        },
        "web.err.headers_large": {
            "en": "request headers too large: {size} bytes, at most {limit}",
            "ru": "заголовки запроса слишком велики: "
            "{size:#байт|байта|байт}, а допустимо не больше {limit}",
        },
        "web.err.http_version": {
            "en": "HTTP/{version} is not spoken here: expected HTTP/1.1 (or 1.0)",
            "ru": "HTTP/{version} здесь не поддерживается: ожидается HTTP/1.1 (или 1.0)",
        },
        "web.err.timeout": {
            "en": "the request took longer than {seconds} s to arrive: send it again",
            "ru": "запрос шёл дольше {seconds} с: отправьте его ещё раз",
        },
        "web.err.busy": {
            "en": "too many connections (at most {limit} at once): try again in a moment",
            "ru": "слишком много соединений (не больше {limit} сразу): повторите чуть позже",
        },
        "web.err.failed": {
            "en": "the server failed to answer this request ({kind})",
            "ru": "сервер не смог ответить на этот запрос ({kind})",
        },
        "web.err.unknown_param": {
            "en": "unknown parameter '{name}' for {route}: expected {names}",
            "ru": "неизвестный параметр '{name}' для {route}: ожидается {names}",
        },
        "web.err.repeated_param": {
            "en": "parameter '{name}' given more than once: give it once",
            "ru": "параметр '{name}' указан не один раз: укажите его однажды",
        },
        "web.err.long_param": {
            "en": "parameter '{name}' is too long: at most {limit} characters",
            "ru": "параметр '{name}' слишком длинный: не больше {limit} знаков",
        },
        "web.err.missing_param": {
            "en": "{route} needs the parameter '{name}'",
            "ru": "для {route} нужен параметр '{name}'",
        },
        "web.err.vs_alone": {
            "en": "'vs' needs 'player': the games of one player against another",
            "ru": "для 'vs' нужен 'player': партии одного игрока против другого",
        },
        "web.err.not_in_library": {
            "en": "no game {file!r} in the library: open one of those api/history lists",
            "ru": "в библиотеке нет партии {file!r}: откройте одну из тех, что даёт api/history",
        },
        "web.err.no_game": {
            "en": "no game file yet: start one with New game",
            "ru": "файла партии ещё нет: начните кнопкой «Новая партия»",
        },
        # --- the page -------------------------------------------------------------------------
        "ui.title": {"en": "Terts referee", "ru": "Судья Терца"},
        "ui.short_name": {"en": "Terts", "ru": "Терц"},
        "ui.description": {
            "en": "The score sheet and referee of a game of Terts, for the phones at the table",
            "ru": "Запись и судья партии в терц — для телефонов за столом",
        },
        "ui.loading": {"en": "Loading…", "ru": "Загрузка…"},
        "ui.offline": {
            "en": "No connection to the server: retrying…",
            "ru": "Нет связи с сервером: повторяю…",
        },
        "ui.deal_n": {"en": "Deal {n}", "ru": "Сдача {n}"},
        "ui.no_deal": {
            "en": "No deal in progress: start one with Deal",
            "ru": "Сдача не идёт: начните её кнопкой «Сдача»",
        },
        "ui.trump": {"en": "trump", "ru": "козырь"},
        "ui.trick_n": {"en": "trick {n}", "ru": "взятка {n}"},
        "ui.stock": {"en": "stock {n}", "ru": "в колоде {n}"},
        "ui.leads": {"en": "{p} leads", "ru": "ходит {p}"},
        "ui.quick": {"en": "quick", "ru": "быстрая"},
        "ui.of": {"en": "of {n}", "ru": "из {n}"},
        "ui.winner": {"en": "{p} wins the game", "ru": "{p} выигрывает партию"},
        "ui.sheet": {"en": "Sheet", "ru": "Запись"},
        "ui.col.deal": {"en": "#", "ru": "№"},
        "ui.col.trump": {"en": "trump", "ru": "коз."},
        "ui.recent": {"en": "Latest events", "ru": "Последние события"},
        "ui.record": {"en": "Record", "ru": "Записать"},
        "ui.cancel": {"en": "Close", "ru": "Закрыть"},
        "ui.player": {"en": "Player", "ru": "Игрок"},
        "ui.optional": {"en": "optional", "ru": "необязательно"},
        "ui.none": {"en": "—", "ru": "—"},
        "ui.act.new": {"en": "New game", "ru": "Новая партия"},
        "ui.no_game": {
            "en": "No game file yet: start one with New game",
            "ru": "Файла партии ещё нет: начните кнопкой «Новая партия»",
        },
        "ui.name_a": {"en": "First player", "ru": "Первый игрок"},
        "ui.name_b": {"en": "Second player", "ru": "Второй игрок"},
        "ui.rules": {"en": "Rules", "ru": "Правила"},
        "ui.act.deal": {"en": "Deal", "ru": "Сдача"},
        "ui.act.declare": {"en": "Declare", "ru": "Объявить"},
        "ui.act.challenge": {"en": "Challenge", "ru": "Не годится!"},
        "ui.act.trick": {"en": "Trick", "ru": "Взятка"},
        "ui.act.exchange": {"en": "Exchange 7", "ru": "Сменить 7"},
        "ui.act.score": {"en": "Score", "ru": "Очки"},
        "ui.act.penalty": {"en": "Penalty", "ru": "Штраф"},
        "ui.act.claim": {"en": "Claim", "ru": "Выхожу!"},
        "ui.act.undo": {"en": "Undo", "ru": "Отменить"},
        "ui.act.ask": {"en": "“From what?”", "ru": "«От чего?»"},
        "ui.act.trump": {"en": "Trump", "ru": "Козырь"},
        "ui.asker": {
            "en": "Who asked (and did not beat it)",
            "ru": "Кто спрашивает (и не перебивает)",
        },
        "ui.events": {"en": "Events", "ru": "События"},
        "ui.all_events": {"en": "All {n} events", "ru": "Все события ({n})"},
        "ui.fewer": {"en": "Latest only", "ru": "Только последние"},
        "ui.corrected": {"en": "put in by a correction", "ru": "внесено исправлением"},
        "ui.set_aside": {
            "en": "set aside: no longer holds, not counted",
            "ru": "отложено: больше не проходит, не засчитано",
        },
        "ui.fix": {"en": "Fix", "ru": "Испр."},
        "ui.fix_n": {"en": "Fix event {n}", "ru": "Испр. событие {n}"},
        "ui.fix.replace": {"en": "Replace", "ru": "Заменить"},
        "ui.fix.before": {"en": "Insert before", "ru": "Вставить перед"},
        "ui.fix.drop": {"en": "Drop", "ru": "Удалить"},
        "ui.replacing": {"en": "Replaces event {n}: {e}", "ru": "Вместо события {n}: {e}"},
        "ui.inserting": {"en": "Goes before event {n}: {e}", "ru": "Перед событием {n}: {e}"},
        "ui.act.insert": {"en": "Insert an event", "ru": "Вставить событие"},
        "ui.insert_what": {"en": "What to insert", "ru": "Что вставить"},
        "ui.drop_n": {"en": "Drop event {n}?", "ru": "Удалить событие {n}?"},
        "ui.drop_note": {
            "en": "Every later event is judged again; the file keeps the drop in its trail.",
            "ru": "Все следующие события проверяются заново; файл хранит удаление в истории.",
        },
        "ui.drop_go": {"en": "Drop it", "ru": "Удалить"},
        "ui.trump_suit": {"en": "Trump suit", "ru": "Масть козыря"},
        "ui.face_up": {"en": "Face-up card", "ru": "Открытая карта"},
        "ui.mode": {"en": "Mode", "ru": "Режим"},
        "ui.mode.default": {"en": "as the game", "ru": "как в партии"},
        "ui.mode.quick": {"en": "quick", "ru": "быстро"},
        "ui.mode.tricks": {"en": "trick by trick", "ru": "по взяткам"},
        "ui.class": {"en": "Declaration", "ru": "Комбинация"},
        "ui.top": {"en": "Top card", "ru": "Старшая карта"},
        "ui.or_cards": {"en": "Or type it", "ru": "Или впишите"},
        "ui.typed_example": {"en": "terts:Q♥ or Q♥,J♥,10♥", "ru": "терц:Дч или Дч,Вч,10ч"},
        "ui.cls.terts": {"en": "terts", "ru": "терц"},
        "ui.cls.50": {"en": "fifty", "ru": "пятьдесят"},
        "ui.cls.100": {"en": "hundred", "ru": "сто"},
        "ui.cls.106": {"en": "106", "ru": "сто шесть"},
        "ui.cls.107": {"en": "107", "ru": "сто семь"},
        "ui.cls.108": {"en": "108", "ru": "сто восемь"},
        "ui.cls.4J": {"en": "four jacks", "ru": "четыре валета"},
        "ui.cls.4Q": {"en": "four queens", "ru": "четыре дамы"},
        "ui.cls.4K": {"en": "four kings", "ru": "четыре короля"},
        "ui.cls.4A": {"en": "four aces", "ru": "четыре туза"},
        "ui.cls.marriage": {"en": "marriage", "ru": "марьяж"},
        "ui.lead_card": {"en": "Led card", "ru": "Карта хода"},
        "ui.follow_card": {"en": "Answer", "ru": "Ответ"},
        "ui.points": {"en": "Card points", "ru": "Очки в картах"},
        "ui.counted_by": {"en": "Counted by", "ru": "Кто считает"},
        "ui.last_trick": {"en": "Last trick", "ru": "Последняя взятка"},
        "ui.kind": {"en": "Penalty", "ru": "Штраф"},
        "ui.amount": {"en": "Amount", "ru": "Сумма"},
        "ui.event": {"en": "Event number", "ru": "Номер события"},
        "ui.tricks": {"en": "Tricks taken", "ru": "Взяток"},
        "ui.card_points": {"en": "Card points taken", "ru": "Очков в картах"},
        "ui.undo_last": {"en": "Undo event {n}", "ru": "Отменить событие {n}"},
        "ui.undo_q": {"en": "Undo event {n}?", "ru": "Отменить событие {n}?"},
        "ui.undo_go": {"en": "Undo", "ru": "Отменить"},
        "ui.replace_n": {"en": "Replace event {n}", "ru": "Заменить событие {n}"},
        "ui.insert_n": {"en": "Insert before event {n}", "ru": "Вставить перед событием {n}"},
        "ui.drop_event_n": {"en": "Drop event {n}", "ru": "Удалить событие {n}"},
        "ui.event_hint": {
            "en": "For a false, late or lowered declaration: its number in the list of events. "
            "Left empty: the player's latest declaration.",
            "ru": "Для ложного, запоздалого или заниженного объявления: его номер в списке "
            "событий. Если пусто — последнее объявление игрока.",
        },
        "ui.claim_refused": {"en": "Claim refused: {why}", "ru": "Заявка отклонена: {why}"},
        # --- a form's field left empty: the page's words, and the server's to the page --------
        "ui.need.players": {"en": "Type both players' names", "ru": "Впишите оба имени"},
        "ui.need.player": {"en": "Choose the player", "ru": "Выберите игрока"},
        "ui.need.declare.player": {"en": "Choose who declares", "ru": "Выберите, кто объявляет"},
        "ui.need.challenge.player": {
            "en": "Choose who says “Not good!”",
            "ru": "Выберите, кто говорит «Не годится!»",
        },
        "ui.need.ask.player": {"en": "Choose who asks", "ru": "Выберите, кто спрашивает"},
        "ui.need.exchange.player": {
            "en": "Choose who exchanges the 7",
            "ru": "Выберите, кто меняет семёрку",
        },
        "ui.need.penalty.player": {
            "en": "Choose who takes the penalty",
            "ru": "Выберите, кому штраф",
        },
        "ui.need.claim.player": {"en": "Choose who claims", "ru": "Выберите, кто заявляет"},
        "ui.need.combos": {
            "en": "Choose the top card and its suit, or type the declaration",
            "ru": "Выберите старшую карту и масть или впишите комбинацию",
        },
        "ui.need.combo": {
            "en": "Choose the top card and its suit, or type the declaration",
            "ru": "Выберите старшую карту и масть или впишите комбинацию",
        },
        "ui.need.trump": {"en": "Choose the trump suit", "ru": "Выберите масть козыря"},
        "ui.need.cards": {
            "en": "Choose both cards of the trick",
            "ru": "Выберите обе карты взятки",
        },
        "ui.need.lead": {"en": "Choose the led card", "ru": "Выберите карту хода"},
        "ui.need.follow": {"en": "Choose the answer", "ru": "Выберите ответную карту"},
        "ui.need.points": {"en": "Type the card points", "ru": "Наберите очки в картах"},
        "ui.need.by": {"en": "Choose who counted", "ru": "Выберите, кто считает"},
        "ui.need.last_trick": {
            "en": "Choose who took the last trick",
            "ru": "Выберите, у кого последняя взятка",
        },
        "ui.need.kind": {"en": "Choose the penalty", "ru": "Выберите штраф"},
        "ui.need.number": {"en": "Choose the event", "ru": "Выберите событие"},
        "ui.nothing_to_undo": {"en": "Nothing to undo", "ru": "Отменять нечего"},
        "ui.clear": {"en": "⌫", "ru": "⌫"},
        "ui.ev.deal": {"en": "deal", "ru": "сдача"},
        "ui.ev.declare": {"en": "declares", "ru": "объявляет"},
        "ui.ev.challenge": {"en": "challenges", "ru": "«не годится»"},
        "ui.ev.trick": {"en": "trick", "ru": "взятка"},
        "ui.ev.exchange": {"en": "exchanges the 7", "ru": "меняет семёрку"},
        "ui.ev.score": {"en": "score", "ru": "очки"},
        "ui.ev.penalty": {"en": "penalty", "ru": "штраф"},
        "ui.ev.claim": {"en": "claims", "ru": "заявляет о победе"},
        "ui.ev.ask": {"en": "asks “From what?”", "ru": "спрашивает «От чего?»"},
        "ui.ev.trump": {"en": "trump", "ru": "козырь"},
        # --- the connection -------------------------------------------------------------------
        "ui.no_answer": {
            "en": "No answer from the server: reconnecting. The sheet will show whether the last "
            "tap was recorded.",
            "ru": "Ответа от сервера нет: переподключаюсь. По записи будет видно, записано ли "
            "последнее нажатие.",
        },
        "ui.reconnecting": {"en": "Reconnecting…", "ru": "Переподключаюсь…"},
        "ui.stale": {
            "en": "The totals shown are from {t}, when the connection was lost: they may not be "
            "current.",
            "ru": "Счёт показан на {t}, когда пропала связь, и может быть уже не текущим.",
        },
        "ui.reconnected": {
            "en": "Connected again: the sheet is up to date.",
            "ru": "Связь восстановлена: запись актуальна.",
        },
        "ui.remedy": {"en": "What to do:", "ru": "Что сделать:"},
        # --- the views ------------------------------------------------------------------------
        "ui.views": {"en": "Views", "ru": "Разделы"},
        "ui.view.game": {"en": "Game", "ru": "Партия"},
        "ui.view.history": {"en": "History", "ru": "История"},
        "ui.view.stats": {"en": "Statistics", "ru": "Статистика"},
        "ui.no_deals": {"en": "No deal yet.", "ru": "Сдач ещё не было."},
        "ui.suit": {"en": "Suit", "ru": "Масть"},
        "ui.rank": {"en": "Rank", "ru": "Достоинство"},
        "ui.suit.spades": {"en": "spades", "ru": "пики"},
        "ui.suit.clubs": {"en": "clubs", "ru": "трефы"},
        "ui.suit.diamonds": {"en": "diamonds", "ru": "бубны"},
        "ui.suit.hearts": {"en": "hearts", "ru": "черви"},
        "ui.no_card": {"en": "no face-up card", "ru": "без открытой карты"},
        "ui.clear_name": {"en": "Erase a digit", "ru": "Стереть цифру"},
        "ui.act.drop": {"en": "Drop an event", "ru": "Удалить событие"},
        # --- a new game, the next game ----------------------------------------------------------
        "ui.next_title": {"en": "The next game", "ru": "Следующая партия"},
        "ui.first_dealer": {"en": "Deals first", "ru": "Сдаёт первым"},
        "ui.dealer_hint": {
            "en": "Whoever drew the lower card; unchosen, the second player deals.",
            "ru": "Тот, у кого при жеребьёвке младшая карта; если не выбрать, сдаёт второй игрок.",
        },
        "ui.dealer_rotation": {
            "en": "By the rules: whoever took the last trick of the last deal.",
            "ru": "По правилам сдаёт тот, у кого последняя взятка последней сдачи.",
        },
        "ui.dealer_lot": {
            "en": "The last deal had no last trick: draw lots (the lower card deals).",
            "ru": "В последней сдаче не было последней взятки: тяните жребий "
            "(сдаёт младшая карта).",
        },
        # --- the claim ------------------------------------------------------------------------
        "ui.claim_quick": {
            "en": "A quick deal: say how many tricks and card points the player has taken so far.",
            "ru": "Быстрая сдача: укажите, сколько взяток и очков в картах уже взято.",
        },
        "ui.tricks_so_far": {"en": "Tricks taken so far", "ru": "Взяток уже взято"},
        "ui.card_points_so_far": {
            "en": "Card points taken so far",
            "ru": "Очков в картах уже взято",
        },
        "ui.claim_needs": {
            "en": "A claim in a quick deal needs both: the tricks and the card points taken so "
            "far.",
            "ru": "Для заявки в быстрой сдаче нужно и то и другое: взятки и очки в картах, "
            "взятые к этому моменту.",
        },
        # --- tools ----------------------------------------------------------------------------
        "ui.tools": {"en": "Share and print", "ru": "Поделиться и распечатать"},
        "ui.copy_result": {"en": "Copy the result", "ru": "Скопировать результат"},
        "ui.result": {"en": "The result", "ru": "Результат"},
        "ui.copied": {
            "en": "The result is copied: paste it into a message.",
            "ru": "Результат скопирован: вставьте его в сообщение.",
        },
        "ui.copy_by_hand": {
            "en": "This browser does not let the page copy: select the text below and copy it.",
            "ru": "Этот браузер не даёт странице копировать: выделите текст ниже и скопируйте.",
        },
        "ui.result.done": {
            "en": "Terts, {d}: {s}. Winner: {p} (deals: {n}).",
            "ru": "Терц, {d}: {s}. Победитель: {p} (сдач: {n}).",
        },
        "ui.result.running": {
            "en": "Terts, {d}: {s} after {n} deals, playing to {t}.",
            "ru": "Терц, {d}: {s}, сыграно сдач: {n}, игра до {t}.",
        },
        "ui.printable": {"en": "Printable sheet", "ru": "Лист для печати"},
        "ui.save_sheet": {"en": "Save the sheet", "ru": "Сохранить лист"},
        "ui.share": {"en": "Share", "ru": "Поделиться"},
        "ui.keep_awake": {"en": "Keep the screen on", "ru": "Не гасить экран"},
        "ui.awake_refused": {
            "en": "The browser did not keep the screen on (battery saver, or not allowed here).",
            "ru": "Браузер не держит экран включённым (экономия заряда или здесь нельзя).",
        },
        # --- the library ----------------------------------------------------------------------
        "ui.back": {"en": "‹ Back", "ru": "‹ Назад"},
        "ui.all_players": {"en": "everyone", "ru": "все"},
        "ui.filter_player": {"en": "Player", "ru": "Игрок"},
        "ui.filter_vs": {"en": "Against", "ru": "Против"},
        "ui.no_games": {
            "en": "No games in the library yet: a finished game goes there when the next one "
            "starts.",
            "ru": "В библиотеке ещё нет партий: оконченная партия попадает туда, когда начинается "
            "следующая.",
        },
        "ui.no_games_match": {
            "en": "No finished game of this player.",
            "ru": "У этого игрока нет оконченных партий.",
        },
        "ui.won_by": {"en": "winner: {p}", "ru": "победитель: {p}"},
        "ui.unfinished": {"en": "unfinished", "ru": "не окончена"},
        "ui.deals_n": {"en": "deals: {n}", "ru": "сдач: {n}"},
        "ui.minutes_n": {"en": "{n} min", "ru": "{n} мин"},
        "ui.games_n": {"en": "games: {n}", "ru": "партий: {n}"},
        "ui.stats_summary": {
            "en": "Finished games: {g}, unfinished: {u}. On average {d} deals and {m} minutes a "
            "game.",
            "ru": "Окончено партий: {g}, не окончено: {u}. В среднем сдач за партию: {d}, "
            "минут: {m}.",
        },
        "ui.st.games": {"en": "games", "ru": "партий"},
        "ui.st.wins": {"en": "wins", "ru": "побед"},
        "ui.st.rate": {"en": "win rate", "ru": "доля побед"},
        "ui.st.streak": {"en": "streak now / best", "ru": "серия сейчас / лучшая"},
        "ui.st.per_deal": {"en": "points a deal", "ru": "очков за сдачу"},
        "ui.st.best_deal": {"en": "best deal", "ru": "лучшая сдача"},
        "ui.st.rating": {"en": "rating", "ru": "рейтинг"},
        "ui.st.declared": {"en": "declarations that scored", "ru": "засчитанные объявления"},
        "ui.st.cls.terts": {"en": "terts", "ru": "терц"},
        "ui.st.cls.fifty": {"en": "fifty", "ru": "полтинник"},
        "ui.st.cls.hundred": {"en": "hundred", "ru": "сотня"},
        "ui.st.cls.four": {"en": "four", "ru": "фигуры"},
        "ui.st.cls.marriage": {"en": "marriage", "ru": "марьяж"},
        "ui.st.contested": {"en": "challenges and penalties", "ru": "споры и штрафы"},
        "ui.st.won": {"en": "challenges won", "ru": "«не годится»"},
        "ui.st.burned": {"en": "burned", "ru": "сгорело"},
        "ui.st.false": {"en": "false", "ru": "ложных"},
        "ui.st.uphill": {"en": "uphill", "ru": "в гору"},
        "ui.st.h2h": {"en": "Head to head", "ru": "Друг против друга"},
        "ui.st.points": {"en": "points", "ru": "очки"},
        "ui.st.best": {"en": "Best games", "ru": "Лучшие партии"},
        "ui.best.largest_margin": {"en": "Largest margin", "ru": "Наибольший отрыв"},
        "ui.best.highest_total": {"en": "Highest total", "ru": "Больше всего очков"},
        "ui.best.fastest_win": {"en": "Fastest win", "ru": "Самая быстрая победа"},
    }
)


def page_words(lang: str) -> dict[str, str]:
    """The page's words in ``lang``: every ``ui.*`` text and the table's phase/penalty words."""
    from ..i18n import t, vocabulary

    keys = [k for k in TEXTS if k.startswith("ui.")]
    keys += [k for k in vocabulary.TERMS if k.startswith(("phase.", "pen."))]
    return {key: t(key, lang) for key in keys}
