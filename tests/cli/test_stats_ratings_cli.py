"""`terts stats` on the command line: the chance said in English and Russian, the ratings table
for people, and the refusal of --vs without --player. The figures themselves are tested through
the library in tests/library/test_stats_ratings.py."""

from __future__ import annotations

from typing import Any

from tests.helpers import assert_refused
from tests.library.games import game_of, put
from tests.library.test_stats_ratings import EVENING, _expected, _start, club

__all__ = ["club"]  # the fixture, shared with the library's tests


def stats(terts, *args: str) -> Any:
    r = terts("stats", "--json", *args, game=False)
    assert r.code == 0, r.stderr
    return r.json()


def test_the_chance_of_the_next_game_is_said(terts, club):
    _, ids = club
    a, b = _expected(ids).chance("Аня", "Гена")
    r = terts("stats", "--player", "аня", "--vs", "Гена", game=False)
    assert r.code == 0 and r.stderr == ""
    pa, pb = f"{a * 100:.0f}%", f"{b * 100:.0f}%"
    assert f"The chance to win the next game, by the ratings: Аня {pa}, Гена {pb}." in r.stdout
    r = terts("--lang", "ru", "stats", "--player", "Аня", "--vs", "Гена", game=False)
    assert f"Шанс на победу в следующей партии по рейтингам: Аня {pa}, Гена {pb}." in r.stdout


def test_the_chance_of_players_who_never_met_is_said_so(terts, club):
    _, ids = club
    since = ("--since", _start(7, 0).date().isoformat())
    a, b = _expected(ids, only=lambda days: days == 7).chance("Вика", "Гена")
    pa, pb = f"{a * 100:.0f}%", f"{b * 100:.0f}%"
    r = terts("stats", "--player", "Вика", "--vs", "Гена", *since, game=False)
    assert r.code == 0 and r.stderr == ""
    assert r.stdout.splitlines() == [
        "Вика and Гена: no finished game between them matches the options given "
        "(7 games in the library)",
        f"The chance to win the next game, by the ratings: Вика {pa}, Гена {pb}.",
    ]
    r = terts("--lang", "ru", "stats", "--player", "Вика", "--vs", "Гена", *since, game=False)
    assert r.stdout.splitlines() == [
        "Вика и Гена: оконченных партий друг с другом под заданные условия нет (всего в "
        "библиотеке: 7)",
        f"Шанс на победу в следующей партии по рейтингам: Вика {pa}, Гена {pb}.",
    ]


def test_no_chance_said_without_a_rating_of_the_period(terts, club):
    r = terts("stats", "--player", "Вика", "--vs", "Гена", "--since", "2099-01-01", game=False)
    assert r.code == 0 and "chance" not in r.stdout


def test_the_ratings_table_for_people(terts, club):
    r = terts("stats", game=False)
    assert r.code == 0, r.stderr
    lines = r.stdout.splitlines()
    top = next(i for i, line in enumerate(lines) if line.strip() == "Ratings")
    rows = [line for line in lines[top:] if line.startswith("│")]
    data = stats(terts)["players"]
    order = sorted(data, key=lambda n: -data[n]["rating"])
    for row, name in zip(rows, order, strict=True):
        p = data[name]
        shown = f"{p['rating']:.1f} (mu {p['mu']:.1f} ± {p['sigma']:.1f})"
        assert row.split("│")[1].strip() == name and row.split("│")[2].strip() == shown
    assert "Rating: mu - 3 sigma (openskill), a skill the player very likely has." in lines
    assert "Rated over the 7 finished games of the period, whoever played them." in lines


def test_stats_of_unfinished_games_says_no_chance_and_refuses_vs_alone(terts, tmp_path):
    put(tmp_path / "library" / "a.toml", game_of("Аня", "Боря", EVENING, moves=4))
    r = terts("stats", "--player", "Аня", "--vs", "Боря", game=False)
    assert r.code == 0 and "chance" not in r.stdout
    assert_refused(terts("stats", "--vs", "Боря", game=False), "--vs needs --player")


def test_the_season_page_is_written(terts, club, tmp_path):
    """`stats --html` writes the season page with its ratings chart."""
    page = tmp_path / "season.html"
    r = terts("stats", "--html", str(page), game=False)
    assert r.code == 0 and str(page) in r.stdout  # where it went is said
    html = page.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and 'class="season-chart ratings"' in html
