"""Every word of ``terts serve --club`` and its lobby, in Russian and English.

``club.web.*``: the server's own lines (the terminal, the refusals of its routes);
``club.ui.*``: the lobby's and the standings page's words, sent by the lobby's ``GET api/ui``.
A table's own page speaks the phone page's words (``texts.py``). No word here names a
terminal command: the pages are for the table, not for a terminal.
"""

from __future__ import annotations

from ..i18n import register

TEXTS = register(
    {
        # --- the terminal ---------------------------------------------------------------------
        "club.web.listening": {
            "en": "terts serve: the club night in {path} ({n:#table|tables}) at {url}",
            "ru": "terts serve: клубный вечер в {path} (столов: {n}) по адресу {url}",
        },
        "club.web.made": {
            "en": "made the club folder {path}",
            "ru": "создана папка клуба {path}",
        },
        "club.web.skipped": {
            "en": "passed over {file}: {reason}",
            "ru": "пропущен файл {file}: {reason}",
        },
        "club.web.library": {
            "en": "finished tables go to the library {path}; the evening counts from {since}",
            "ru": "оконченные столы переносятся в библиотеку {path}; вечер считается с {since}",
        },
        "club.web.moved": {
            "en": "moved {n:#finished table|finished tables} to the library {path}",
            "ru": "в библиотеку {path} перенесено оконченных столов: {n}",
        },
        "club.web.not_moved": {
            "en": "the table {name} stays in the club folder: {reason}",
            "ru": "стол {name} остаётся в папке клуба: {reason}",
        },
        "club.web.game_and_club": {
            "en": "--club serves every game file of a folder and --game names one: give one "
            "of them",
            "ru": "--club обслуживает все файлы партий папки, а --game называет один: укажите "
            "что-то одно",
        },
        "club.web.needs_club": {
            "en": "{option} is for a club night: give --club DIR too",
            "ru": "{option} — для клубного вечера: укажите и --club DIR",
        },
        # --- the refusals of the club's routes (HTTP 4xx bodies) ------------------------------
        "club.web.no_table": {
            "en": "no table {name}: the lobby lists the tables",
            "ru": "стола {name} нет: столы перечислены в лобби",
        },
        "club.web.table_closed": {
            "en": "table {name} has closed: its game went to the library, or its file left the "
            "club folder; the lobby lists the open tables",
            "ru": "стол {name} закрыт: его партия ушла в библиотеку или файл — из папки клуба; "
            "открытые столы перечислены в лобби",
        },
        "club.web.bad_name": {
            "en": "{name!r} is not a table's name: letters, digits, - and _ (a letter or digit "
            "first, at most 80)",
            "ru": "{name!r} — не имя стола: буквы, цифры, - и _ (первой буква или цифра, не "
            "больше 80)",
        },
        "club.web.too_many": {
            "en": "the club has {most} tables already: no more are served",
            "ru": "в клубе уже {most} столов: больше не обслуживается",
        },
        "club.web.round_open": {
            "en": "round {number} is open already: each of its pairs has a table or has played",
            "ru": "раунд {number} уже открыт: у каждой его пары есть стол или партия сыграна",
        },
        "club.web.round_waits": {
            "en": "round {number} waits for its players to finish their games: {names}",
            "ru": "раунд {number} ждёт, пока доиграют свои партии: {names}",
        },
        "club.web.no_game": {
            "en": "no game {game} among the evening's finished games",
            "ru": "среди оконченных партий вечера нет партии {game}",
        },
        "club.web.game_param": {
            "en": "sheet.html takes one parameter, game: a key the standings list",
            "ru": "sheet.html принимает один параметр, game: ключ из турнирной таблицы",
        },
        "club.web.library_bad": {
            "en": "the library could not be read: {reason}",
            "ru": "библиотеку не удалось прочитать: {reason}",
        },
        # --- the lobby and the standings page ---------------------------------------------
        "club.ui.title": {"en": "Club night", "ru": "Клубный вечер"},
        "club.ui.standings_title": {
            "en": "Club night: standings",
            "ru": "Клубный вечер: турнирная таблица",
        },
        "club.ui.loading": {"en": "Loading…", "ru": "Загрузка…"},
        "club.ui.offline": {
            "en": "No connection to the server: retrying…",
            "ru": "Нет связи с сервером: повторяю…",
        },
        "club.ui.tables": {"en": "Tables", "ru": "Столы"},
        "club.ui.no_tables": {
            "en": "No table yet: open one below.",
            "ru": "Столов пока нет: откройте стол ниже.",
        },
        "club.ui.deal_n": {"en": "deal {n}", "ru": "сдача {n}"},
        "club.ui.no_deal": {"en": "no deal yet", "ru": "сдач ещё нет"},
        "club.ui.deals": {"en": "{p} deals", "ru": "сдаёт {p}"},
        "club.ui.winner": {"en": "Winner: {p}", "ru": "Победа: {p}"},
        "club.ui.finished": {"en": "finished", "ru": "окончена"},
        "club.ui.unreadable": {"en": "cannot be read", "ru": "не читается"},
        "club.ui.open": {"en": "Open", "ru": "Открыть"},
        "club.ui.new_table": {"en": "New table", "ru": "Новый стол"},
        "club.ui.name_a": {"en": "First player", "ru": "Первый игрок"},
        "club.ui.name_b": {
            "en": "Second player (deals first)",
            "ru": "Второй игрок (сдаёт первым)",
        },
        "club.ui.rules": {"en": "Rules", "ru": "Правила"},
        "club.ui.open_table": {"en": "Open the table", "ru": "Открыть стол"},
        "club.web.opened": {"en": "Table {name} is open.", "ru": "Стол {name} открыт."},
        "club.ui.rounds": {"en": "Rounds", "ru": "Раунды"},
        "club.ui.round_n": {"en": "Round {n}", "ru": "Раунд {n}"},
        "club.ui.open_round": {"en": "Open round {n}", "ru": "Открыть раунд {n}"},
        "club.web.round_opened": {
            "en": "Round {n}: {k:#table is|tables are} open.",
            "ru": "Раунд {n}: открыто столов: {k}.",
        },
        "club.web.moved_now": {
            "en": "{k:#finished table went|finished tables went} to the library.",
            "ru": "В библиотеку перенесено оконченных столов: {k}.",
        },
        "club.ui.bye": {"en": "{p} sits out", "ru": "{p} отдыхает"},
        "club.ui.played": {"en": "played", "ru": "сыграно"},
        "club.ui.playing": {"en": "playing", "ru": "идёт игра"},
        "club.ui.waiting": {"en": "not yet", "ru": "ещё нет"},
        "club.ui.all_played": {"en": "Every pair has played.", "ru": "Все пары сыграли."},
        "club.ui.waits_for": {"en": "waits for {names}", "ru": "ждёт: {names}"},
        "club.ui.standings": {"en": "Standings", "ru": "Турнирная таблица"},
        "club.ui.since": {"en": "Games since {when}", "ru": "Партии с {when}"},
        "club.ui.col.rank": {"en": "#", "ru": "№"},
        "club.ui.col.player": {"en": "Player", "ru": "Игрок"},
        "club.ui.col.games": {"en": "Games", "ru": "Игр"},
        "club.ui.col.wins": {"en": "Wins", "ru": "Побед"},
        "club.ui.col.points": {"en": "Points", "ru": "Очки"},
        "club.ui.col.rating": {"en": "Rating", "ru": "Рейтинг"},
        "club.ui.no_players": {
            "en": "Nobody has played yet this evening.",
            "ru": "В этот вечер ещё никто не играл.",
        },
        "club.ui.rating_note": {
            "en": "Rating: openskill's estimate of skill minus three times its uncertainty, over "
            "every finished game; in brackets, the change this evening.",
            "ru": "Рейтинг: оценка мастерства по openskill минус три её погрешности, по всем "
            "оконченным партиям; в скобках — изменение за вечер.",
        },
        "club.ui.finished_games": {"en": "Finished this evening", "ru": "Окончено за вечер"},
        "club.ui.no_finished": {
            "en": "No game is finished yet.",
            "ru": "Ни одна партия ещё не окончена.",
        },
        "club.ui.sheet": {"en": "Sheet", "ru": "Запись"},
        "club.ui.in_library": {"en": "in the library", "ru": "в библиотеке"},
        "club.ui.big_screen": {"en": "Standings page", "ru": "Турнирная таблица на экран"},
        "club.ui.lobby": {"en": "All tables", "ru": "Все столы"},
        "club.ui.table_name": {"en": "Table {name}", "ru": "Стол {name}"},
        "club.ui.table_closed": {"en": "This table has closed.", "ru": "Стол закрыт."},
        "club.ui.skipped": {
            "en": "Not served as tables: {files}",
            "ru": "Не обслуживаются как столы: {files}",
        },
    }
)


def lobby_words(lang: str) -> dict[str, str]:
    """The lobby's words in ``lang``: every ``club.ui.*`` text."""
    from ..i18n import t

    return {key: t(key, lang) for key in TEXTS if key.startswith("club.ui.")}
