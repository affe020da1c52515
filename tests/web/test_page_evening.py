"""The phone's page of a Russian pair between and inside deals: the open deal's cells as the
terminal writes them (card points «?», every number named), who deals next, and a note on a
deal from its own panel (POST api/note) shown under the sheet and in the events."""

from __future__ import annotations

import pytest

from tests.serve_helpers import request, running
from tests.web.browser import Person

A, B = "Аня", "Боря"


def _two_deals_and_an_open_one(terts):
    terts.ok("new", A, B)
    terts.ok("deal", "--trump", "7ч")
    terts.ok("declare", A, "терц:Дч")
    terts.ok("score", "54", "--by", B, "--last-trick", A)
    terts.ok("deal", "--trump", "п")
    terts.ok("declare", B, "50:Кп")


def test_a_note_through_http_is_the_cli_s_event(terts, tmp_path):
    _two_deals_and_an_open_one(terts)
    with running(terts.game, lang="uk") as server:
        ok = request(server, "POST", "api/note", {"text": "суперечка про терц", "deal": 1})
        bad = request(server, "POST", "api/note", {"text": "x", "deal": 9})
        empty = request(server, "POST", "api/note", {"deal": 1})
        state = request(server, "GET", "api/state").json()
    assert ok.status == 200, ok.body
    assert state["sheet"]["deals"][0]["notes"] == ["суперечка про терц"]
    assert bad.status == 422 and b"\n" not in bad.body  # a refusal of the referee
    assert "роздачі 9 немає" in bad.json()["error"]
    assert empty.status == 400 and empty.json()["field"] == "text"
    assert state["status"]["next_dealer"] is None  # a deal is open


@pytest.mark.slow
def test_the_open_deal_the_next_dealer_and_a_note_on_the_russian_page(terts, tmp_path, page):
    _two_deals_and_an_open_one(terts)
    with running(terts.game, lang="ru") as server:
        me = Person(page, server)
        cells = page.locator("#sheet tbody tr").first.locator("td").all_text_contents()
        assert cells[2:] == ["?Σ 120", "? +50Σ 50"]  # open: card points not counted yet
        assert "Σ" in page.locator("#sheet .legend").text_content()
        assert "?" in page.locator("#sheet .legend").text_content()
        closed = page.locator("#sheet tbody tr").nth(1).locator("td").all_text_contents()
        assert closed[2:] == ["120Σ 120", "50Σ 50"]
        me.action("note")
        page.fill('[data-field="text"]', "пересдача: у Бори 8 карт")
        page.fill('[data-field="deal"]', "1")
        assert me.record("note")["ok"]
        page.wait_for_selector("#sheet .deal-notes li")
        assert page.locator("#sheet .deal-notes li").all_text_contents() == [
            "Сдача 1: пересдача: у Бори 8 карт"
        ]
        assert (
            "заметка к сдаче 1: пересдача: у Бори 8 карт" in page.locator("#recent").text_content()
        )
        terts.ok("score", "54", "--by", A, "--last-trick", B)
        page.wait_for_function(
            "() => document.querySelector('#status').textContent.includes('Боря')"
        )
        assert "следующую сдачу сдаёт Боря" in page.locator("#status").text_content()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
