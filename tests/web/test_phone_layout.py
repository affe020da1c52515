"""Where things are on the phone's screen, in headless Chromium: the printable sheet fits a
phone."""

from __future__ import annotations

import pytest

from tests.serve_helpers import running

pytestmark = pytest.mark.slow  # a browser per module: out of the fast loop (-m "not slow")


def _open_deal(terts):
    terts.ok("new", "Аня", "Боря", "--quick")
    for suit in ("ч", "п"):
        terts.ok("deal", "--trump", suit)
        terts.ok("score", "54", "--by", "Аня", "--last-trick", "Боря")
    terts.ok("deal", "--trump", "б")


@pytest.mark.parametrize("width", [390, 1000])
def test_the_printable_sheet_fits_a_phone(terts, tmp_path, page, width):
    """At 390 px the page does not scroll sideways (the table does, in its own box) and the
    chart's text is 10 px or more; at 1000 px and in print the chart is drawn whole."""
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
        table = page.evaluate(
            "(() => { const t = document.querySelector('table.sheet');"
            " return [t.parentElement.className, t.parentElement.clientWidth <= innerWidth]; })()"
        )
        assert table == ["wide", True]
        page.emulate_media(media="print")
        chart = page.evaluate(
            "document.querySelector('svg.terts-chart').getBoundingClientRect().width"
        )
        assert chart <= max(width, 720)
        page.emulate_media(media="screen")
