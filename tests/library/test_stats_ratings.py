"""Ratings in the library's figures (``library.stats.stats``, what `terts stats` shows): each
player's rating over the period's finished games (the order and the numbers of a known library),
the same whatever the files are called, the period alone for since/until, every opponent counted
whatever the player filter shows, the chance of a pair, and the season page's chart. The
command's own words (the chance said, the ratings table, its refusals) are in
tests/cli/test_stats_ratings_cli.py."""

from __future__ import annotations

import json
import shutil
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from terts_referee.game.model import new_game_id
from terts_referee.library.answers import Told, stats_document
from terts_referee.library.ratings import RatedGame, rate
from terts_referee.library.scan import scan_library
from terts_referee.library.stats import Filters, parse_date, resolve_player, stats
from terts_referee.output.season import season_html
from tests.library.games import game_of, put

EVENING = datetime(2026, 3, 2, 19, 0).astimezone()

#: (winner, loser, days after the first evening, minutes into it): Аня beats everyone, Вика
#: beats Гена and Боря, Боря beats Гена; two games start at one moment (day 0, minute 80).
RESULTS = [
    ("Аня", "Боря", 0, 0),
    ("Вика", "Гена", 0, 40),
    ("Аня", "Вика", 0, 80),
    ("Боря", "Гена", 0, 80),
    ("Вика", "Боря", 7, 0),
    ("Аня", "Гена", 7, 40),
    ("Аня", "Боря", 7, 80),
]


def _start(days: int, minutes: int) -> datetime:
    return EVENING + timedelta(days=days, minutes=minutes)


@pytest.fixture
def club(tmp_path):
    """The library of RESULTS, each game with its id, and the ids in the same order."""
    library = tmp_path / "library"
    ids = []
    for n, (winner, loser, days, minutes) in enumerate(RESULTS):
        game_id = new_game_id()
        ids.append(game_id)
        put(library / f"{n:02}.toml", game_of(winner, loser, _start(days, minutes), game_id))
    return library, ids


def _expected(ids, only=None):
    games = [
        RatedGame((w, lo), w, _start(d, m), "id:" + ids[n])
        for n, (w, lo, d, m) in enumerate(RESULTS)
        if only is None or only(d)
    ]
    return rate(games)


def figures(
    library: Path,
    player: str | None = None,
    vs: str | None = None,
    since: str | None = None,
    until: str | None = None,
) -> Any:
    """The figures of the library's games (what ``terts stats --json`` prints), through the
    library's functions: its scan, the filters, ``stats`` (read as JSON is: ``Any``, where a
    player's rating, None in the type for a player without one, is a number here)."""
    scan = scan_library(library)
    games = scan.games
    filters = Filters(
        player=resolve_player(player, games) if player else None,
        vs=resolve_player(vs, games) if vs else None,
        since=parse_date(since),
        until=parse_date(until),
    )
    return stats_document(stats(games, filters), Told.of(scan))


def test_ratings_of_a_known_library(club):
    library, ids = club
    data = figures(library)
    expected = _expected(ids)
    by_rating = sorted(data["players"], key=lambda n: -data["players"][n]["rating"])
    assert by_rating == ["Аня", "Вика", "Боря", "Гена"]  # four wins, two, one, none
    assert by_rating == [p.name for p in expected]
    for p in expected:
        mine = data["players"][p.name]
        assert mine["rating"] == round(p.rating, 2) == round(p.mu - 3 * p.sigma, 2)
        assert (mine["mu"], mine["sigma"]) == (round(p.mu, 2), round(p.sigma, 2))
        assert mine["rated_games"] == p.games
    assert data["ratings"]["model"] == "openskill Plackett-Luce"
    assert data["ratings"]["rating"] == "mu - 3 * sigma"
    assert data["ratings"]["start"]["mu"] == 25.0
    assert data["ratings"]["start"]["sigma"] == pytest.approx(25 / 3)
    assert data["ratings"]["games"] == len(RESULTS)
    # the chart's points: each game gives its two players their rating after it
    last: dict[str, float] = {}
    for game in data["timeline"]:
        assert set(game["ratings"]) == set(game["players"])
        last.update(game["ratings"])
    assert last == {name: p["rating"] for name, p in data["players"].items()}


def test_the_same_library_gives_the_same_ratings_whatever_the_files_are_called(club, tmp_path):
    """Twice in a row, and in a copy whose files are named in the reverse order (the two games
    of one moment are ordered by their ids, not their names)."""
    library, _ = club
    first = figures(library)
    assert figures(library) == first
    other = tmp_path / "elsewhere"
    other.mkdir()
    files = sorted(library.glob("*.toml"))
    for n, path in enumerate(files):
        shutil.copy2(path, other / f"{len(files) - n:02}-renamed.toml")
    moved = figures(other)
    assert moved["players"] == first["players"]
    assert [g["ratings"] for g in moved["timeline"]] == [g["ratings"] for g in first["timeline"]]


def test_since_and_until_rate_the_period_alone(club):
    library, ids = club
    week2 = figures(library, since=_start(7, 0).date().isoformat())
    expected = _expected(ids, only=lambda days: days == 7)
    assert week2["ratings"]["games"] == 3
    assert {n: p["rating"] for n, p in week2["players"].items()} == {
        p.name: round(p.rating, 2) for p in expected
    }
    week1 = figures(library, until=_start(0, 0).date().isoformat())
    expected = _expected(ids, only=lambda days: days == 0)
    assert {n: p["rating"] for n, p in week1["players"].items()} == {
        p.name: round(p.rating, 2) for p in expected
    }
    assert week1["players"]["Аня"]["rating"] != figures(library)["players"]["Аня"]["rating"]


def test_player_and_vs_filter_the_display_not_the_ratings(club):
    library, _ = club
    everyone = figures(library)["players"]
    one = figures(library, player="бор")
    assert set(one["players"]) == {"Аня", "Боря", "Вика", "Гена"}  # his opponents shown too
    assert one["players"]["Боря"]["games"] == 4
    for name, p in one["players"].items():
        assert p["rating"] == everyone[name]["rating"]  # opponents' strength counts
        assert p["rated_games"] == everyone[name]["rated_games"]
    pair = figures(library, player="Гена", vs="вика")
    assert set(pair["players"]) == {"Вика", "Гена"} and pair["games"] == 1
    assert pair["players"]["Гена"]["rating"] == everyone["Гена"]["rating"]


def test_the_chance_of_the_next_game(club):
    library, ids = club
    data = figures(library, player="аня", vs="Гена")
    a, b = _expected(ids).chance("Аня", "Гена")
    assert data["chance"] == {"Аня": round(a, 3), "Гена": round(b, 3)}
    assert data["chance"]["Аня"] > 0.5
    assert sum(data["chance"].values()) == pytest.approx(1, abs=1e-3)
    assert "chance" not in figures(library)
    assert "chance" not in figures(library, player="Аня")


def test_the_chance_is_given_for_players_who_never_met_in_the_period(club):
    """In the second week Вика and Гена each played (so each has a rating of the period) but
    not each other: no game between them to show, and still the model's chance."""
    library, ids = club
    data = figures(library, player="Вика", vs="Гена", since=_start(7, 0).date().isoformat())
    a, b = _expected(ids, only=lambda days: days == 7).chance("Вика", "Гена")
    assert data["games"] == 0 and data["players"] == {}
    assert data["chance"] == {"Вика": round(a, 3), "Гена": round(b, 3)}


def test_no_chance_without_a_rating_of_the_period(club):
    """A player with no finished game in the period has no rating there: no chance to give."""
    library, _ = club
    assert "chance" not in figures(library, player="Вика", vs="Гена", since="2099-01-01")


def test_no_finished_game_no_ratings(tmp_path):
    library = tmp_path / "library"
    put(library / "a.toml", game_of("Аня", "Боря", EVENING, moves=4))
    data = figures(library)
    assert data["players"] == {} and data["ratings"]["games"] == 0
    assert "chance" not in figures(library, player="Аня", vs="Боря")


def test_the_season_page_draws_the_ratings(club):
    library, _ = club
    data = figures(library)
    html = season_html(data, "en")
    assert 'class="season-chart ratings"' in html
    for name, p in data["players"].items():
        assert f'data-player="{name}" data-rating="{json.dumps(p["rating"])}"' in html
    assert "Ratings, game by game" in html


def test_the_season_page_escapes_names_in_the_ratings_chart(tmp_path):
    library = tmp_path / "library"
    put(library / "a.toml", game_of("<b>Ann", '"Bob"&', EVENING))
    html = season_html(figures(library), "en")
    chart = html[html.index('class="season-chart ratings"') :]
    chart = chart[: chart.index("</svg>")]
    assert "<b>Ann" not in chart and "&lt;b&gt;Ann" in chart and "&quot;Bob&quot;&amp;" in chart
