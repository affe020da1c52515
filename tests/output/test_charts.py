"""The SVG charts of ``output.charts``: every player in the legend (a club of seven on the
season page, a long-named pair on the sheet), on as many rows as the names need."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from datetime import datetime, timedelta
from itertools import combinations

import pytest

from terts_referee.output.charts import LineWords, legend_rows, line_chart_svg
from tests.library.games import game_of, put

SVG = "{http://www.w3.org/2000/svg}"
SEVEN = ["Аня", "Боря", "Вероника", "Геннадий", "Дарья", "Евгений", "Жанна"]


def _legend(svg: ET.Element) -> list[str]:
    return [
        "".join(t.itertext()) for t in svg.iter(f"{SVG}text") if t.get("class") == "legend-name"
    ]


def test_legend_rows_place_every_item_and_wrap_before_the_edge():
    places = legend_rows([150] * 7, 50, 700)
    assert len(places) == 7 and {row for _, row in places} == {0, 1}
    assert all(x + 150 <= 700 for x, _ in places)
    assert legend_rows([], 0, 10) == []
    assert legend_rows([900], 0, 100) == [(0, 0)]  # one too wide still has its place


def test_a_line_chart_of_seven_names_all_seven_and_keeps_them_clear_of_the_plot():
    lines = [(n, "", [(0, 0.0), (1, float(k))], f"{n}: {k}") for k, n in enumerate(SEVEN)]
    svg = ET.fromstring(
        line_chart_svg("wins", LineWords("t", "y", "x", "none"), 1, (0, 8, 2), lines)
    )
    assert _legend(svg) == [f"{n}: {k}" for k, n in enumerate(SEVEN)]
    rows = {
        float(t.get("y", "0")) for t in svg.iter(f"{SVG}text") if t.get("class") == "legend-name"
    }
    assert len(rows) >= 2
    grid_top = min(
        float(g.get("y1", "0")) for g in svg.iter(f"{SVG}line") if g.get("stroke") == "#e3e3e3"
    )
    assert max(rows) < grid_top  # the legend above the plot, not over it


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_season_page_names_every_player_in_both_line_charts(terts, tmp_path, lang):
    library = tmp_path / "library"
    start = datetime(2026, 3, 2, 19, 0).astimezone()
    for n, (a, b) in enumerate(combinations(SEVEN, 2)):
        put(library / f"{n:02}.toml", game_of(a, b, start + timedelta(minutes=30 * n)))
    page = tmp_path / "season.html"
    assert terts("--lang", lang, "stats", "--html", str(page), game=False).code == 0
    html = page.read_text(encoding="utf-8")
    for kind in ("cumulative", "ratings"):
        chart = html[html.index(f'class="season-chart {kind}"') :]
        chart = chart[chart.index(">") + 1 : chart.index("</svg>")]
        svg = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{chart}</svg>')
        named = [t.split(":")[0] for t in _legend(svg)]
        assert sorted(named) == sorted(SEVEN), (kind, named)
