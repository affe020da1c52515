"""A club evening's round robin (``terts club pairs``): every pair plays once, nobody twice in a
round, with an odd count one bye a round and one a player; the schedule as JSON and as a table,
and the names checked as ``terts new`` checks them."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from terts_referee.errors import NotationError
from terts_referee.library.pairings import MAX_PLAYERS, Round, round_robin
from tests.helpers import assert_refused, raises_verdict

PROPS = settings(max_examples=200, deadline=None, database=None)

#: Distinct names (case-insensitively, as players are matched), 2 to 10 of them and, less
#: often, up to the bound.
NAME = st.text(st.characters(categories=("L", "N")), min_size=1, max_size=8)


def _players(most: int):
    return st.lists(NAME, min_size=2, max_size=most, unique_by=str.casefold)


PLAYERS = st.one_of(_players(10), _players(MAX_PLAYERS))


def _played(rounds: list[Round]) -> Counter:
    return Counter(frozenset(pair) for r in rounds for pair in r.pairs)


# --- the schedule ---------------------------------------------------------------------------


@PROPS
@given(PLAYERS)
def test_every_pair_plays_exactly_once(players):
    rounds = round_robin(players)
    assert _played(rounds) == Counter(frozenset(p) for p in combinations(players, 2))


@PROPS
@given(PLAYERS)
def test_nobody_plays_twice_in_a_round_and_everyone_else_sits_out(players):
    for r in round_robin(players):
        seated = [name for pair in r.pairs for name in pair]
        assert len(seated) == len(set(seated))
        assert sorted([*seated, *([r.bye] if r.bye is not None else [])]) == sorted(players)


@PROPS
@given(PLAYERS)
def test_the_number_of_rounds(players):
    n = len(players)
    assert len(round_robin(players)) == (n - 1 if n % 2 == 0 else n)


@PROPS
@given(PLAYERS)
def test_an_odd_count_gives_one_bye_a_round_and_one_a_player(players):
    rounds = round_robin(players)
    byes = [r.bye for r in rounds]
    if len(players) % 2 == 0:
        assert byes == [None] * len(rounds)
        return
    assert None not in byes
    assert Counter(byes) == Counter(players)
    assert byes == list(players)  # in the order they were named


@PROPS
@given(PLAYERS)
def test_the_same_players_in_the_same_order_give_the_same_schedule(players):
    rounds = round_robin(players)
    assert round_robin(list(players)) == rounds
    assert [r.number for r in rounds] == list(range(1, len(rounds) + 1))


@PROPS
@given(_players(MAX_PLAYERS))
def test_names_are_stripped_as_terts_new_strips_them(players):
    rounds = round_robin([f"  {p} " for p in players])
    assert rounds == round_robin(players)


def test_the_first_player_is_not_always_named_first():
    """The seat that stays put alternates between the first and the second name of its pair."""
    rounds = round_robin(["Аня", "Боря", "Вика", "Гена"])
    assert [r.pairs for r in rounds] == [
        (("Аня", "Гена"), ("Боря", "Вика")),
        (("Боря", "Аня"), ("Вика", "Гена")),
        (("Аня", "Вика"), ("Гена", "Боря")),
    ]


# --- bad input --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "code", "reason"),
    [
        ([], "club.players.count", "needs 2 to 32 players, not 0"),
        (["Аня"], "club.players.count", "needs 2 to 32 players, not 1"),
        ([f"P{i}" for i in range(MAX_PLAYERS + 1)], "club.players.count",
         "needs 2 to 32 players, not 33"),
        (["Аня", "Боря", "аня"], "err.players.same", "different names, not 'Аня' twice"),
        (["Аня", " "], "err.players.empty", "may not be empty"),
        (["Аня", "Бо\x1bря"], "err.players.control", "control characters"),
    ],
)  # fmt: skip
def test_refused_players_name_the_reason(players, code, reason):
    with raises_verdict(NotationError, code, reason):
        round_robin(players)


def test_the_bound_itself_is_accepted():
    assert len(round_robin([f"P{i}" for i in range(MAX_PLAYERS)])) == MAX_PLAYERS - 1


# --- terts club pairs -----------------------------------------------------------------------

EVENING = ["Аня", "Боря", "Вика", "Гена", "Даша"]


def test_json_is_exactly_the_rounds(terts):
    data = terts("club", "pairs", *EVENING, "--json", game=False).json()
    assert data == {"rounds": [r.to_dict() for r in round_robin(EVENING)]}
    assert data["rounds"][0] == {"pairs": [["Боря", "Даша"], ["Вика", "Гена"]], "bye": "Аня"}
    even = terts("club", "pairs", "Аня", "Боря", "--json", game=False).json()
    assert even == {"rounds": [{"pairs": [["Аня", "Боря"]], "bye": None}]}


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["5 players, 5 rounds", "round", "table 1", "table 2", "sits out"]),
        ("ru", ["5 игроков, 5 туров", "тур", "стол 1", "стол 2", "отдыхает"]),
    ],
)
def test_the_table_has_a_row_a_round_and_a_column_a_table(terts, lang, words):
    r = terts("--lang", lang, "club", "pairs", *EVENING, game=False)
    assert r.code == 0, r.stderr
    for word in words:
        assert word in r.stdout
    rows = _rows(r.stdout)
    assert len(rows) == 5
    assert rows[0] == ["1", "Боря – Даша", "Вика – Гена", "Аня"]


def _rows(text: str) -> list[list[str]]:
    """The table's body rows, each as its stripped cells."""
    return [[c.strip() for c in line.split("│")[1:-1]] for line in text.splitlines() if "│" in line]


def test_a_table_too_wide_for_the_terminal_is_one_line_a_pair(terts, monkeypatch):
    monkeypatch.setenv("COLUMNS", "60")
    players = [f"Игрок{i}" for i in range(1, 10)]
    r = terts("club", "pairs", *players, game=False)
    assert r.code == 0, r.stderr
    assert all(len(line) <= 60 for line in r.stdout.splitlines())
    rows = _rows(r.stdout)
    assert rows[:5] == [
        ["1", "1", "Игрок2 – Игрок9"],
        ["", "2", "Игрок3 – Игрок8"],
        ["", "3", "Игрок4 – Игрок7"],
        ["", "4", "Игрок5 – Игрок6"],
        ["", "sits out", "Игрок1"],
    ]
    assert len(rows) == 9 * 5


def test_names_are_printed_literally(terts):
    r = terts("club", "pairs", "[bold]Аня[/bold]", "Боря", game=False)
    assert "[bold]Аня[/bold] – Боря" in r.stdout


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["Аня"], "a round robin needs 2 to 32 players, not 1"),
        (["Аня", "АНЯ"], "the players need different names, not 'Аня' twice"),
        (["Аня", "Бо\tря"], "control characters"),
        ([f"P{i}" for i in range(40)], "not 40"),
        ([], "Missing argument"),
    ],
)
def test_refusals_are_one_line_exit_2(terts, args, reason):
    assert_refused(terts("club", "pairs", *args, game=False), reason)


def test_russian_refusal(terts):
    r = terts("--lang", "ru", "club", "pairs", "Аня", game=False)
    assert_refused(r, "для круговой схемы нужно от 2 до 32 игроков, а не 1")


def test_help_has_an_example(terts):
    r = terts("club", "pairs", "--help", game=False)
    assert r.code == 0
    assert "Example: terts club pairs Аня Боря Вика Гена Даша" in r.stdout
