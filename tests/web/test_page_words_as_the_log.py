"""The page in its player's words, as a Russian and a Ukrainian pair found it: the event list
worded as the log words it, the messages without the terminal's «! » mark, cards written as the
declarations are («общие карты Д♥»), one verb for one thing (undo is not the dialog's cancel),
the rule book's words («понижение»), a ruleset and a rating that say what they are, and a
claim refusal that says how points are rounded instead of a ruleset key."""

from __future__ import annotations

import re

import pytest

from terts_referee.web import catalogue
from tests.serve_helpers import request, running

PAGE = {"Terts-Page": "1"}
LATIN_CARD = re.compile(r"(?<![\w:])[AKQJ][♠♣♦♥]")


def test_the_event_list_is_worded_as_the_log_in_russian(terts):
    terts.ok("new", "Аня", "Боря")
    terts.ok("deal", "--trump", "7ч")
    terts.ok("declare", "Аня", "терц:Дч")
    terts.ok("penalty", "Аня", "false-declaration")
    terts.ok("score", "61", "--by", "Аня", "--last-trick", "Боря")
    log = terts.ok("--lang", "ru", "log").stdout
    with running(terts.game, lang="ru") as server:
        events = request(server, "GET", "api/state").json()["log"]["events"]
    lines = [e["line"] for e in events]
    # «Аня штраф ложное объявление», «очки 61 Аня» (without the last trick) were the page's own
    assert lines[2] == "Аня: штраф — ложное объявление"
    assert lines[3] == "Аня считает 61; последняя взятка — Боря"
    for line in lines:
        assert line.split(" (")[0].split(";")[0] in " ".join(log.split()), line


def test_page_messages_carry_no_terminal_mark_in_ukrainian(terts):
    terts.ok("new", "Аня", "Боря")
    terts.ok("deal", "--trump", "7ч")
    terts.ok("declare", "Боря", "терц:Кт")
    with running(terts.game, lang="uk") as server:
        said = request(server, "POST", "api/ask", {"player": "Аня"}, headers=PAGE).json()
    assert said["ok"], said
    assert "Рост?" in said["message"]
    assert not re.search(r"^\s*!", said["message"], re.MULTILINE), said["message"]


def test_a_page_refusal_writes_cards_as_the_declarations_are_in_russian(terts):
    terts.ok("new", "Аня", "Боря", "--rules", "book")
    terts.ok("deal", "--trump", "7т")
    terts.ok("declare", "Аня", "терц:Дт")
    with running(terts.game, lang="ru") as server:
        said = request(
            server, "POST", "api/declare", {"player": "Боря", "combos": ["терц:Кт"]}, headers=PAGE
        ).json()
    assert not said["ok"]
    assert "Д♣ В♣" in said["error"] and not LATIN_CARD.search(said["error"]), said["error"]


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        pytest.param("ru", "с округлением до десятков, пятёрка вниз", id="ru"),
        pytest.param("uk", "із заокругленням до десятків, пʼятірка вниз", id="uk"),
    ],
)
def test_a_claim_refusal_says_how_points_are_rounded(terts, lang, words):
    terts.ok("new", "Аня", "Боря")
    terts.ok("deal", "--trump", "ч")
    with running(terts.game, lang=lang) as server:
        body = {"player": "Аня", "tricks": 1, "card_points": 25}
        said = request(server, "POST", "api/claim", body, headers=PAGE).json()
    assert not said["ok"]
    assert words in said["error"] and "scoring.rounding" not in said["error"], said["error"]
    assert "half-down" not in said["error"]


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_pages_words_say_one_thing_each(lang):
    words = catalogue.page_words(lang)
    # undo and the dialog's close are two words; neither is «Отменить»/«Скасувати», which
    # reads as both
    assert words["ui.undo_go"] != words["ui.cancel"]
    assert not {words["ui.undo_go"], words["ui.act.undo"], words["ui.cancel"]} & {
        "Отменить",
        "Скасувати",
    }
    # every bundled ruleset's button has its description, in the language
    for name in ("book", "classic", "exact", "follow", "multi", "short", "strict"):
        assert re.search("[а-яіїєґ]", words[f"ruleset.{name}"], re.IGNORECASE), name
    # a rating is a bare number: the page says what it measures
    assert "openskill" in words["ui.st.rating_note"] and "0" in words["ui.st.rating_note"]


def test_the_penalty_hint_says_lowering_as_the_rule_book_does():
    assert "понижени" in catalogue.page_words("ru")["ui.event_hint"]
    assert "пониження" in catalogue.page_words("uk")["ui.event_hint"]
    assert "заниж" not in catalogue.page_words("ru")["ui.event_hint"]
