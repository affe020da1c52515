"""Invariants of the season's figures (``stats.stats``) over random libraries of summaries."""

from __future__ import annotations

from datetime import datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from terts_referee.library.stats import Filters, history, stats
from terts_referee.library.summary import DECLARATION_CLASSES

NAMES = ("Аня", "аня", "Боря", "БОРЯ", "Вася", "Петя")
START = datetime.fromisoformat("2026-01-01T20:00:00+03:00")


@st.composite
def summaries(draw):
    games = []
    for i in range(draw(st.integers(0, 25))):
        a = draw(st.sampled_from(NAMES))
        b = draw(st.sampled_from([n for n in NAMES if n.casefold() != a.casefold()]))
        finished = draw(st.booleans())
        winner = draw(st.sampled_from((a, b))) if finished else None
        day = START + timedelta(days=draw(st.integers(0, 400)), minutes=i)
        figures = {
            p: {
                "deals": draw(st.integers(0, 12)),
                "points": draw(st.integers(-200, 900)),
                "best_deal": draw(st.one_of(st.none(), st.integers(-50, 400))),
                "declarations": {c: draw(st.integers(0, 3)) for c in DECLARATION_CLASSES},
                "challenges_won": draw(st.integers(0, 2)),
                "burned": draw(st.integers(0, 2)),
                "false_declarations": draw(st.integers(0, 2)),
                "uphill": draw(st.integers(0, 200)),
                "claims": draw(st.integers(0, 1)),
            }
            for p in (a, b)
        }
        games.append(
            {
                "file": f"g{i}.toml",
                "players": [a, b],
                "rules": draw(st.sampled_from(("classic", "book"))),
                "date": day.isoformat(),
                "started": day.isoformat(),
                "last_event": (day + timedelta(minutes=30)).isoformat(),
                "finished": finished,
                "winner": winner,
                "totals": {a: 0, b: 0},
                "deals": 3,
                "minutes": 30.0,
                "figures": figures,
            }
        )
    return games


@given(summaries())
def test_every_finished_game_has_one_winner_counted_once(games):
    data = stats(games, Filters())
    finished = [g for g in games if g["finished"]]
    assert data["games"] == len(finished)
    assert data["unfinished"] == len(games) - len(finished)
    players = data["players"].values()
    assert sum(p["wins"] for p in players) == len(finished)
    assert sum(p["games"] for p in players) == 2 * len(finished)
    assert sum(pair["games"] for pair in data["head_to_head"]) == len(finished)
    for pair in data["head_to_head"]:
        assert sum(pair["wins"].values()) == pair["games"]
    for p in players:
        assert 0 <= p["win_rate"] <= 1
        assert 0 <= p["current_streak"] <= p["longest_streak"] <= p["wins"] <= p["games"]


@given(summaries())
def test_names_match_in_any_case(games):
    data = stats(games, Filters())
    keys = [name.casefold() for name in data["players"]]
    assert len(keys) == len(set(keys))


@given(summaries(), st.integers(0, 400))
def test_a_date_splits_the_season(games, days):
    cut = (START + timedelta(days=days)).date()
    before = stats(games, Filters(until=cut - timedelta(days=1)))
    after = stats(games, Filters(since=cut))
    assert before["games"] + after["games"] == stats(games, Filters())["games"]
    listed = history(games, Filters())
    assert len(listed) == len(games)
    assert [g["started"] for g in listed] == sorted((g["started"] for g in listed), reverse=True)
