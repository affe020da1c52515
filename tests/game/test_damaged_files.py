"""Damaged and hostile game files: every command exits 0 or 2 with one line, never a
traceback, and leaves the file byte-for-byte unchanged. Each field of each event kind is given a
wrong type, an out-of-range value, or is removed; the players, the ruleset keys and the format
too; TOML parser limits (deep nesting, huge integers) are reported the same way.
"""

from __future__ import annotations

import copy
import math
import re
from pathlib import Path

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from terts_referee.domain.cards import Card, Rank, Suit
from terts_referee.domain.events import DealEvent, Exchange, Penalty, PenaltyKind, Trick
from terts_referee.domain.rules import load_ruleset
from terts_referee.game.demo import sample_events
from terts_referee.game.model import Game


def _demo_doc() -> dict:
    game = Game(("Аня", "Боря"), load_ruleset("classic"))
    for event in sample_events(game):
        game.record(event)
    return game.to_doc()


def _tricks_doc() -> dict:
    """A followed deal with the fields the demo lacks: dealer, trump card, exchange, trick,
    a penalty with points and an event reference. Not every event need stand under the rules:
    a refusal by the replay is exit 2 too."""
    game = Game(("Аня", "Боря"), load_ruleset("classic"))
    game.events = [
        DealEvent("Боря", Suit.HEARTS, Card(Rank.ACE, Suit.HEARTS)),
        Exchange("Аня"),
        Trick(Card(Rank.KING, Suit.SPADES), Card(Rank.SEVEN, Suit.SPADES)),
        Penalty("Аня", PenaltyKind.MISCOUNT, 20, None),
        Penalty("Боря", PenaltyKind.FALSE_DECLARATION, None, 1),
    ]
    return game.to_doc()


BASES = {"demo": _demo_doc(), "tricks": _tricks_doc()}

#: Wrong-typed and out-of-range values tried in every field.
BAD_VALUES = [
    10.5,
    math.inf,
    math.nan,
    "abc",
    "false",
    True,
    -1,
    10**400,
    [1, 2],
    {"x": 1},
    "",
    "\x1b]0;pwned\x07",
]


Mutation = tuple[object, ...]  # an operation's name, then its arguments (``_apply``)


def _cases() -> list[tuple[str, str, list[Mutation]]]:
    """(base, field, mutations): every bad value in one field, and the field removed."""
    cases: list[tuple[str, str, list[Mutation]]] = []
    mutations: list[Mutation]
    for base, doc in BASES.items():
        for i, event in enumerate(doc["events"]):
            for key in event:
                mutations = [("del", i, key), *(("set", i, key, v) for v in BAD_VALUES)]
                cases.append((base, f"{base}:event{i + 1}:{event['type']}.{key}", mutations))
            extra: list[Mutation] = [("set", i, "bogus", 1), ("replace", i, 5)]
            cases.append((base, f"{base}:event{i + 1}:extra", extra))
    demo = "demo"
    for key in ("players", "rules", "events", "format", "quick", "first_dealer", "started"):
        mutations = [("top-del", key), *(("top-set", key, v) for v in BAD_VALUES)]
        cases.append((demo, f"top.{key}", mutations))
    for section, table in BASES[demo]["rules"].items():
        if isinstance(table, dict):
            for key in table:
                mutations = [("rule", section, key, v) for v in BAD_VALUES]
                cases.append((demo, f"rules.{section}.{key}", mutations))
    return cases


def _apply(doc: dict, mutation: Mutation) -> dict:
    doc = copy.deepcopy(doc)
    op, *args = mutation
    if op == "del":
        del doc["events"][args[0]][args[1]]
    elif op == "set":
        doc["events"][args[0]][args[1]] = args[2]
    elif op == "replace":
        doc["events"][args[0]] = args[1]
    elif op == "top-del":
        doc.pop(args[0], None)
    elif op == "top-set":
        doc[args[0]] = args[1]
    elif op == "rule":
        doc["rules"][args[0]][args[1]] = args[2]
    return doc


def _dump(doc: dict) -> bytes:
    """TOML for a damaged document; a value tomli_w will not write is spliced in as text."""
    try:
        return tomli_w.dumps(doc).encode()
    except (TypeError, ValueError):  # pragma: no cover - every value above is TOML
        raise


def _raw_files() -> dict[str, bytes]:
    """Files no TOML writer would produce: parser limits, special numbers, long names."""
    good = tomli_w.dumps(BASES["demo"])
    deep = "[" * 1200 + "]" * 1200
    return {
        "deep-nesting": f"{good}\nbogus = {deep}\n".encode(),
        "deep-nesting-in-event": good.replace('type = "exchange"', f"x = {deep}\ntype = 'x'")
        .replace("[[events]]\n", f"[[events]]\nz = {deep}\n", 1)
        .encode(),
        "huge-integer": re.sub(r"format = \d+", "format = " + "9" * 5000, good, count=1).encode(),
        "huge-points": good.replace("points = 54", "points = " + "9" * 4400).encode(),
        "inf-points": good.replace("points = 54", "points = inf").encode(),
        "nan-target": good.replace("target = 501", "target = nan").encode(),
        "float-target": good.replace("target = 501", "target = 501.0").encode(),
        "huge-target": good.replace("target = 501", "target = " + "1" + "0" * 400).encode(),
        "long-player": good.replace('"Аня"', '"' + "А" * 5000 + '"').encode(),
        "quick-string": good.replace("quick = true", 'quick = "false"').encode(),
        "not-utf8": b"\xff\xfe" + good.encode(),
        "empty": b"",
    }


COMMANDS = [
    ["status"],
    ["status", "--json"],
    ["sheet"],
    ["sheet", "--json"],
    ["sheet", "--chart"],
    ["sheet", "--csv"],
    ["sheet", "--as", "short"],
    ["log"],
    ["log", "--json"],
    ["undo"],
    ["declare", "Аня", "терц:Дч"],
    ["score", "54", "--by", "Аня", "--last-trick", "Боря"],
    ["penalty", "Аня", "empty-challenge"],
    ["deal", "-t", "s"],
    ["claim", "Аня"],
    ["export", "--html", "EXPORT"],
]


def _run_all(terts, tmp_path: Path, data: bytes, commands=COMMANDS) -> None:
    terts.game.write_bytes(data)
    for argv in commands:
        argv = [str(tmp_path / "out.html") if a == "EXPORT" else a for a in argv]
        result = terts(*argv)
        assert result.code in (0, 2), (argv, result.code, result.stderr)
        assert "Traceback" not in result.stderr and "Traceback" not in result.stdout
        if result.code == 2:
            assert result.stderr.count("\n") == 1, (argv, result.stderr)
        if argv[0] in ("status", "sheet", "log", "export") or result.code == 2:
            assert terts.game.read_bytes() == data, argv
        else:
            terts.game.write_bytes(data)  # a recorded event: start again from the damage


CASES = _cases()


@pytest.mark.parametrize(("base", "label", "mutations"), CASES, ids=[c[1] for c in CASES])
def test_damaged_field_refused_or_harmless(terts, tmp_path, base, label, mutations) -> None:
    for n, mutation in enumerate(mutations):
        doc = _apply(BASES[base], mutation)
        # every command for the field removed and a huge integer; the other values through a
        # read and a write: all commands share one loader
        commands = COMMANDS if n in (0, 8) else [["status"], ["undo"]]
        _run_all(terts, tmp_path, _dump(doc), commands)


@pytest.mark.parametrize("name", sorted(_raw_files()))
def test_raw_damaged_file(terts, tmp_path, name) -> None:
    _run_all(terts, tmp_path, _raw_files()[name])


@pytest.mark.parametrize(
    ("mutation", "fragments"),
    [
        (("set", 2, "points", 10.5), ["event 3", "points = 10.5", "a whole number from 0 to 1000"]),
        (("set", 2, "points", 5000), ["event 3", "points = 5000", "from 0 to 1000"]),
        (("set", 2, "points", "abc"), ["event 3", "points = 'abc'"]),
        (("del", 2, "points"), ["event 3", "points = (missing)"]),
        (("set", 0, "quick", "false"), ["event 1", "quick = 'false'", "true or false"]),
        (("set", 0, "trump", 3), ["event 1", "trump = 3", "a suit"]),
        (("set", 1, "player", "Ваня"), ["event 2", "player = 'Ваня'", "Аня or Боря"]),
        (("set", 1, "combos", []), ["event 2", "combos = []", "1 to 8 declarations"]),
        (("set", 1, "bogus", 1), ["event 2", "bogus = 1", "only the fields of a declare event"]),
        (("set", 1, "at", "yesterday"), ["event 2", "at = 'yesterday'", "date-time"]),
        (("top-set", "players", [1, 2]), ["players = [1, 2]", "two different player names"]),
        (("top-set", "rules", "classic"), ["rules = 'classic'", "[rules]"]),
        (("top-set", "quick", "false"), ["quick = 'false'", "true or false"]),
        (("rule", "game", "target", 10**400), ["game.target", "at most 5000"]),
        (("rule", "penalties", "empty_challenge", 10**6), ["empty_challenge", "at most 1000"]),
    ],
)
def test_damage_named_in_one_line(terts, mutation, fragments) -> None:
    data = _dump(_apply(BASES["demo"], mutation))
    terts.game.write_bytes(data)
    line = terts.refused("status").stderr
    assert str(terts.game) in line
    for fragment in fragments:
        assert fragment in line, line
    assert terts.game.read_bytes() == data


def test_optional_datetimes_accepted(terts) -> None:
    import datetime

    doc = copy.deepcopy(BASES["demo"])
    when = datetime.datetime(2026, 11, 30, 20, 15, tzinfo=datetime.UTC)
    doc["started"] = when
    doc["events"][0]["at"] = when
    terts.game.write_bytes(_dump(doc))
    terts.ok("status")


@pytest.mark.parametrize("message", ["nested too deeply", "too many digits"])
def test_parser_limits_named(terts, message) -> None:
    name = "deep-nesting" if "nested" in message else "huge-integer"
    terts.game.write_bytes(_raw_files()[name])
    line = terts.refused("sheet").stderr
    assert message in line and "is corrupt" in line


# --- a property: random damage to random fields of the sample games ------------------------

_VALUES = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.booleans(),
    st.lists(st.integers(min_value=0, max_value=3), max_size=3),
    st.sampled_from(["Аня", "Боря", "terts:Q♥", "Q♥", "h", "miscount", "deal", "trick"]),
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    base=st.sampled_from(sorted(BASES)),
    picks=st.lists(
        st.tuples(st.integers(0, 100), st.integers(0, 10), _VALUES), min_size=1, max_size=4
    ),
    drop=st.booleans(),
)
def test_random_damage_never_a_traceback(terts, tmp_path, base, picks, drop) -> None:
    doc = copy.deepcopy(BASES[base])
    for event_index, key_index, value in picks:
        event = doc["events"][event_index % len(doc["events"])]
        keys = sorted(event)
        if not keys:
            continue
        key = keys[key_index % len(keys)]
        if drop:
            del event[key]
        else:
            event[key] = value
    _run_all(terts, tmp_path, _dump(doc), COMMANDS[:11])
