"""`terts serve --club` in headless Chromium at a phone's viewport (390 x 844): the lobby and two
tables, driven like the people at a club night (the browser set-up is the phone page's tests',
``tests/web/conftest.py``)."""

from __future__ import annotations

import pytest

from tests.club_helpers import club_server, table
from tests.serve_helpers import request
from tests.web.browser import PHONE, axe_clean  # the fixtures: tests/web/conftest.py

pytestmark = pytest.mark.slow  # a browser per test: out of the fast loop (-m "not slow")


def _fits(tab) -> None:
    """Nothing wider than the phone: no sideways scrolling."""
    width = tab.evaluate("document.scrollingElement.scrollWidth")
    assert width <= PHONE["width"], width


def _cards(tab) -> list[str]:
    return tab.locator("#tables .table").all_inner_texts()


def _lines_of_names(tab) -> list[int]:
    """How many lines each player's name takes in the standings table."""
    return tab.evaluate(
        """() => [...document.querySelectorAll("table.standings td.player")].map((td) => {
            const range = document.createRange();
            range.selectNodeContents(td.firstChild);
            return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        })"""
    )


def _card_of(tab, players: str):
    return tab.locator("#tables .table", has_text=players)


def test_the_lobby_and_two_tables_at_390_px(where_for_browser, chromium, page):
    folder, library = where_for_browser
    with club_server(folder, library) as server:
        page.goto(server.url)
        page.wait_for_selector("#new input#name-a")
        assert page.locator("#tables").inner_text().endswith("No table yet: open one below.")
        for a, b in (("Аня", "Боря"), ("Вика", "Гена")):
            page.fill("#name-a", a)
            page.fill("#name-b", b)
            # counted before the tap: counted after it, a lobby quicker than this test has
            # already drawn the new table, and the wait was for one table more than opened
            shown = len(_cards(page))
            page.locator("#new button.go").tap()
            page.wait_for_function(
                "n => document.querySelectorAll('#tables .table').length === n", arg=shown + 1
            )
        assert page.locator("#message").inner_text().startswith("Table ")
        assert page.locator("#name-a").input_value() == ""  # ready for the next table
        _fits(page)
        axe_clean(page, "the lobby with two tables")
        page.screenshot(path=str(folder.parent / "lobby.png"), full_page=True)

        names = [t["name"] for t in request(server, "GET", "api/tables").json()["tables"]]
        first, second = (chromium.new_page() for _ in range(2))
        try:
            for tab, name in ((first, names[0]), (second, names[1])):
                tab.goto(server.url + table(name))
                tab.wait_for_selector("#score .player")
                _fits(tab)
            assert "Аня" in first.locator("#score").inner_text()
            assert "Вика" in second.locator("#score").inner_text()
            # each page says which table it is, by its players, and the way back to the lobby;
            # the lobby's card says when it opened (the pair is under it)
            assert first.locator("#club .table-name").inner_text() == "Table Аня — Боря"
            assert first.title() == "Table Аня — Боря · Terts referee"
            opened = _card_of(page, "Аня").locator(".table-name").inner_text()
            assert opened.startswith("opened at ") and names[0] not in opened
            axe_clean(first, "a table's page at a club night")
            first.screenshot(path=str(folder.parent / "table-1.png"), full_page=True)
            second.screenshot(path=str(folder.parent / "table-2.png"), full_page=True)

            # a tap on the first table's page: that page, and the lobby, hear of it
            first.locator('[data-act="deal"]').first.tap()
            first.locator('[data-field="trump-suit"] [data-value="♥"]').first.tap()
            first.locator('[data-submit="deal"]').first.tap()
            page.wait_for_function(
                "() => [...document.querySelectorAll('#tables .table')]"
                ".some(c => c.textContent.includes('deal 1'))"
            )
            assert "deal 1" in _card_of(page, "Аня").inner_text()
            assert "no deal yet" in _card_of(page, "Вика").inner_text()

            # the other phone of the second table records a score: its page follows
            body = {"trump": "s"}
            assert request(server, "POST", table(names[1], "api/deal"), body).status == 200
            score = {"points": 100, "by": "Вика", "last_trick": "Вика"}
            assert request(server, "POST", table(names[1], "api/score"), score).status == 200
            second.wait_for_function(
                "() => document.querySelector('#score').textContent.includes('100')"
            )
            page.wait_for_function(
                "() => document.querySelector('#standings').textContent.includes('Вика')"
            )
            _fits(second)
            second.locator("#club a").tap()
            second.wait_for_selector("#tables .table")
            assert second.url == server.url
        finally:
            first.close()
            second.close()


def test_the_lobby_opens_a_round_and_shows_the_standings(where_for_browser, chromium, page):
    folder, library = where_for_browser
    players = ["Аня", "Боря", "Вика", "Гена", "Даша"]
    with club_server(folder, library, players=players, lang="ru") as server:
        page.goto(server.url)
        page.wait_for_selector("#rounds .round.next button.go")
        assert "Даша" not in page.locator("#rounds .round.next").inner_text() or (
            "отдыхает" in page.locator("#rounds .round.next").inner_text()
        )
        page.locator("#rounds .round.next button.go").tap()
        page.wait_for_function("() => document.querySelectorAll('#tables .table').length === 2")
        assert "Раунд 1: открыто столов: 2." in page.locator("#message").inner_text()
        names = [t["name"] for t in request(server, "GET", "api/tables").json()["tables"]]
        for name in names:
            players_here = request(server, "GET", table(name, "api/state")).json()["sheet"]
            winner = players_here["players"][0]
            for _ in range(4):
                request(server, "POST", table(name, "api/deal"), {"trump": "h"})
                score = {"points": 150, "by": winner, "last_trick": winner}
                request(server, "POST", table(name, "api/score"), score)
        page.wait_for_function(
            "() => document.querySelectorAll('#finished .finished-list li').length === 2"
        )
        _fits(page)
        axe_clean(page, "the lobby with a round open")
        # a phone still on a finished table when the next round opens: told it has closed
        # (its game went to the library), with the way to the lobby; no endless reconnecting
        at_table = chromium.new_page()
        try:
            at_table.goto(server.url + table(names[0]))
            at_table.wait_for_selector("#score .player")
            assert request(server, "POST", "api/round", {"round": 2}).status == 200
            at_table.wait_for_selector("#link:not([hidden]) a")
            assert at_table.locator("#link strong").inner_text() == "Стол закрыт."
            assert "ушла в библиотеку" in at_table.locator("#link").inner_text()
            axe_clean(at_table, "a table that has closed")
            at_table.locator("#link a").tap()
            at_table.wait_for_selector("#tables .table")
            assert at_table.url == server.url
        finally:
            at_table.close()
        page.screenshot(path=str(folder.parent / "lobby-round.png"), full_page=True)
        page.goto(server.url + "standings.html")
        page.wait_for_selector("table.standings tbody tr")
        rows = page.locator("table.standings tbody tr").all_inner_texts()
        assert len(rows) == 5 and rows[0].split("\t")[0].strip() == "1"
        ratings = [row.split("\t")[-1] for row in rows]  # the Russian decimal comma, no point
        assert any("," in r for r in ratings) and not any("." in r for r in ratings), ratings
        _fits(page)
        assert _lines_of_names(page) == [1] * 5  # each name whole on its line
        axe_clean(page, "the standings page")
        page.screenshot(path=str(folder.parent / "standings.png"), full_page=True)


@pytest.fixture
def where_for_browser(tmp_path):
    return tmp_path / "club", tmp_path / "library"
