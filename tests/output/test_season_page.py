"""The season page (``output.season.season_html``) over the figures of the library's season
(tests/library/season.py): every figure the page shows is the figure of ``stats --json``, as a
value in data and as the number the eye reads; names are escaped. Writing it with ``terts stats
--html`` is tested in tests/cli."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from terts_referee.api import Filters, Stats, archive_game, scan_library, stats
from terts_referee.library.answers import Told, stats_document
from terts_referee.output.season import season_html
from tests.library.season import season, season_played, won_game

__all__ = ["season", "season_played"]  # the fixtures this module uses (tests/library/season.py)


def document(library: Path) -> Stats:
    """What ``stats --json`` prints over ``library``."""
    scan = scan_library(library)
    return stats_document(stats(scan.games, Filters()), Told.of(scan))


class _Cells(HTMLParser):
    """Every cell with data-field: (row's pair or None, data-player, data-field, data-value)."""

    def __init__(self):
        super().__init__()
        self.cells: list[tuple[str | None, str | None, str, str]] = []
        self.texts: list[str] = []
        self.tags: list[str] = []
        self._open: tuple | None = None
        self._pair: str | None = None
        self._text = ""

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags.append(tag)
        if tag == "tr":
            self._pair = a.get("data-pair") or a.get("data-record")
        if "data-field" in a:
            self._open = (self._pair, a.get("data-player"), a["data-field"], a["data-value"])
            self._text = ""

    def handle_data(self, data):
        if self._open:
            self._text += data

    def handle_endtag(self, tag):
        if tag in ("td", "span") and self._open:  # a figure is a cell, or a span in one
            self.cells.append(self._open)
            self.texts.append(self._text)
            self._open = None


def test_season_page_matches_stats_json(season):
    data: Any = document(season)
    html = season_html(data, "en")
    parser = _Cells()
    parser.feed(html)
    assert html.startswith("<!DOCTYPE html>") and "@media print" in html
    assert parser.tags.count("svg") == 3 and parser.tags.count("table") == 5
    players = {(p, f): json.loads(v) for pair, p, f, v in parser.cells if pair is None}
    expected = {}
    for name, figures in data["players"].items():
        for field, value in figures.items():
            if field == "declarations":
                for cls, count in value.items():
                    expected[(name, f"declarations.{cls}")] = count
            elif field not in ("deals", "points", "sigma", "rated_games"):  # sigma beside mu
                expected[(name, field)] = value
    assert players == expected
    pairs = {(pair, p, f): json.loads(v) for pair, p, f, v in parser.cells if pair is not None}
    expected_pairs: dict[tuple[str, str | None, str], Any] = {}
    for h2h in data["head_to_head"]:
        key = " — ".join(h2h["players"])
        expected_pairs[(key, None, "games")] = h2h["games"]
        for name, wins in h2h["wins"].items():
            expected_pairs[(key, name, "wins")] = wins
        for name, points in h2h["points"].items():
            expected_pairs[(key, name, "points")] = points
    # the best games: each record's holder and figure, then each player's own
    best = data["best_games"]
    expected_pairs[("largest_margin", "Боря", "margin")] = best["largest_margin"]["margin"]
    expected_pairs[("highest_total", "Боря", "total")] = best["highest_total"]["total"]
    expected_pairs[("fastest_win", "Аня", "deals")] = best["fastest_win"]["deals"]
    for name, own in best["players"].items():
        for field, value in own.items():
            expected_pairs[("players", name, field)] = value
    assert pairs == expected_pairs
    assert "2026-02-10, Аня 150 : 770 Боря" in html
    # what the eye reads is the same number (a rate as a percentage, nothing as a dash)
    for (_, name, field, value), text in zip(parser.cells, parser.texts, strict=True):
        value = json.loads(value)
        if field == "win_rate":
            assert text == f"{value * 100:.0f}%"
        elif field == "rating":
            assert text == f"{value:.1f}"
        elif field == "mu":
            assert text == f"{value:.1f} ± {data['players'][name]['sigma']:.1f}"
        else:
            assert text == ("—" if value is None else f"{value:g}")
    # the charts: each player's line ends at his wins; each bar is his win rate
    for name, figures in data["players"].items():
        assert f'data-player="{name}" data-wins="{figures["wins"]}"' in html
        assert f'data-player="{name}" data-win-rate="{figures["win_rate"]}"' in html
        assert f'data-player="{name}" data-rating="{figures["rating"]}"' in html
    assert f'data-games="{data["games"]}" data-unfinished="{data["unfinished"]}"' in html


def test_season_page_writes_head_to_head_wins_in_one_cell(season):
    """«Побед» of a pair is one cell, «1 : 2» (each player's figure a span in it with its value
    as data), under one header: not three bordered cells for two figures and a colon."""
    data = document(season)
    html = season_html(data, "ru")
    table = html[html.index('<table class="stats h2h">') :]
    table = table[: table.index("</table>")]
    assert '<th scope="col">Побед</th>' in table and "colspan" not in table
    for pair in data["head_to_head"]:
        a, b = pair["players"]
        row = re.search(rf'<tr data-pair="{re.escape(a)} — {re.escape(b)}">(.*?)</tr>', table)
        assert row, (a, b)
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row[1])
        assert len(cells) == 3, cells  # the games, the wins, the points
        shown = re.sub(r"<[^>]+>", "", cells[1])
        assert shown == f"{pair['wins'][a]} : {pair['wins'][b]}", cells[1]
        points = re.sub(r"<[^>]+>", "", cells[2])
        assert points == f"{pair['points'][a]} : {pair['points'][b]}", cells[2]


def test_season_page_escapes_names(tmp_path):
    archive_game(won_game(tmp_path / "game.toml", "<b>Ann", "[red]Bob").path, tmp_path / "lib")
    data = document(tmp_path / "lib")
    assert data["games"] == 1
    html = season_html(data, "en")
    assert "<b>Ann" not in html and "&lt;b&gt;Ann" in html and "[red]Bob" in html
