"""Where things are on the phone's screen, in headless Chromium: an opened panel is brought into
view below the sticky header (which stays compact: the answers are not in it), the page is
scrolled back to the sheet after a deal's count, and the printable sheet fits a phone."""

from __future__ import annotations

import pytest

from tests.serve_helpers import running
from tests.web.browser import PHONE, Person

pytestmark = pytest.mark.slow  # a browser per module: out of the fast loop (-m "not slow")

IN_VIEW = """sel => { const r = document.querySelector(sel).getBoundingClientRect();
    const top = document.getElementById('top');
    const sticks = getComputedStyle(top).position === 'sticky';
    const below = sticks ? top.getBoundingClientRect().bottom : 0;
    return {top: r.top, bottom: r.bottom, header: below, height: innerHeight}; }"""


def _open_deal(terts):
    terts.ok("new", "Аня", "Боря", "--quick")
    for suit in ("ч", "п"):
        terts.ok("deal", "--trump", suit)
        terts.ok("score", "54", "--by", "Аня", "--last-trick", "Боря")
    terts.ok("deal", "--trump", "б")


@pytest.fixture
def large_text(chromium):
    """The browser's default text 24 px (a phone's large-text setting) at 390 x 844."""
    page = chromium.new_page()
    chromium.new_cdp_session(page).send(
        "Page.setFontSizes", {"fontSizes": {"standard": 24, "fixed": 20}}
    )
    yield page
    page.close()


def test_an_opened_panel_is_brought_into_view_with_large_text(terts, tmp_path, large_text):
    _open_deal(terts)
    page = large_text
    with running(terts.game, lang="ru") as server:
        me = Person(page, server)
        for name in ("declare", "penalty"):
            page.evaluate("window.scrollTo(0, 0)")
            me.action(name)
            where = page.evaluate(IN_VIEW, "#panel")
            assert where["header"] <= where["top"] < where["height"] / 2, (name, where)
            me.tap(f'[data-act="{name}"]')


def test_the_header_stays_compact_and_clear_of_a_correction(terts, tmp_path, page):
    """A long answer is not in the sticky header: a correction opened after it shows its title
    and the event it replaces below the header, the stale answer gone."""
    _open_deal(terts)
    with running(terts.game, lang="ru") as server:
        me = Person(page, server)
        assert me.declare("Боря", "4J")["ok"]  # an answer of several lines
        me.tap('[data-fix="2"]')
        me.tap('#recent [data-event="2"] [data-how="replace"]')
        page.wait_for_selector("#panel:not([hidden])")
        assert page.locator("#message").is_hidden()  # about the state before: gone
        header = page.evaluate("document.getElementById('top').getBoundingClientRect().height")
        assert header < 0.2 * PHONE["height"], header
        for part in ("#panel h2", "#panel .fixing"):
            where = page.evaluate(IN_VIEW, part)
            assert where["top"] >= where["header"] and where["bottom"] < where["height"], where
        assert "Вместо события 2" in page.locator("#panel .fixing").text_content()


def test_after_a_count_the_sheet_and_the_next_deal_are_in_view(terts, tmp_path, page):
    _open_deal(terts)
    with running(terts.game, lang="ru") as server:
        me = Person(page, server)
        assert me.score(96, "Аня", "Боря")["ok"]
        assert page.evaluate("window.scrollY") == 0
        for part in ('[data-act="deal"]', "#sheet table", "#message"):
            where = page.evaluate(IN_VIEW, part)
            assert 0 <= where["top"] and where["bottom"] <= where["height"], (part, where)


def test_after_a_count_with_large_text_the_answer_and_the_next_deal(terts, tmp_path, large_text):
    """The header not sticky and no room for all: the answer at the top, «Сдача» under it."""
    _open_deal(terts)
    page = large_text
    with running(terts.game, lang="ru") as server:
        me = Person(page, server)
        assert me.score(96, "Аня", "Боря")["ok"]
        for part in ('[data-act="deal"]', "#message"):
            where = page.evaluate(IN_VIEW, part)
            assert 0 <= where["top"] and where["bottom"] <= where["height"], (part, where)


def test_a_refusal_is_shown_in_the_panel_beside_its_buttons(terts, tmp_path, page):
    _open_deal(terts)
    with running(terts.game) as server:
        me = Person(page, server)
        refused = me.declare("Аня", "terts:8♥")  # typed: the buttons offer no terts from the eight
        assert not refused["ok"]
        assert page.locator("#panel #message").text_content() == refused["error"]
        where = page.evaluate(IN_VIEW, "#message")
        assert where["top"] >= where["header"] and where["bottom"] <= where["height"], where
        me.tap('[data-act="declare"]')  # closed: the box goes back under the header
        page.wait_for_selector("#panel[hidden]", state="attached")
        assert page.locator("#top + #feedback").count() == 1


@pytest.mark.parametrize("width", [390, 900, 1000])
def test_the_printable_sheet_fits_a_phone(terts, tmp_path, page, width):
    """The sheet is laid out for the width it has: nothing scrolls sideways, neither the page
    nor a box in it; at 390 px the compact sheet (a column a player) and a chart that takes the
    width, its text 10 px or more; from 900 px the wide one, its last column whole; in print
    the chart is drawn whole."""
    _open_deal(terts)
    with running(terts.game, lang="ru") as server:
        page.set_viewport_size({"width": width, "height": 844})
        page.goto(server.url + "sheet.html")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        text = page.evaluate(
            """() => { const t = document.querySelector('svg.terts-chart .y-axis text');
                return t.getBoundingClientRect().height; }"""
        )
        assert text >= 10, text
        shown = page.evaluate(
            """() => [...document.querySelectorAll('table.sheet')]
                .filter((t) => t.getClientRects().length)
                .map((t) => { const r = t.getBoundingClientRect();
                    const cells = [...t.querySelectorAll('th, td')]
                        .map((c) => c.getBoundingClientRect());
                    return [t.className, r.right <= innerWidth + 0.5,
                        cells.every((c) => c.right <= r.right + 0.5),
                        t.parentElement.scrollWidth <= t.parentElement.clientWidth]; })"""
        )
        expected = "sheet compact" if width < 700 else "sheet"
        assert shown == [[expected, True, True, True]]
        chart = page.evaluate(
            "document.querySelector('svg.terts-chart').getBoundingClientRect().width"
        )
        body = page.evaluate("document.body.clientWidth")
        assert chart >= min(body, 720) - 40  # the chart takes the width
        page.emulate_media(media="print")
        chart = page.evaluate(
            "document.querySelector('svg.terts-chart').getBoundingClientRect().width"
        )
        assert chart <= max(width, 720)
        page.emulate_media(media="screen")
