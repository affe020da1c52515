"""``storage.append_event`` (table mode's time per event): an event recorded into the
game this process wrote is written as the text before it and the event's own ``[[events]]``
table, which must be byte for byte what tomli_w writes for the whole document; whenever that
cannot be known, the whole document is written. Either way the file is what ``write_game``
would write, and ``read_game`` reads back what tomllib parses."""

from __future__ import annotations

import tomllib
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from terts_referee.game import storage
from tests.helpers import shape

HEAD = {
    "format": 2,
    "players": ["Аня", "Боря"],
    "started": datetime(2026, 11, 30, 20, 0, tzinfo=timezone(timedelta(hours=3), "MSK")),
    "quick": True,
    "rules": {"name": "classic", "game": {"target": 501}, "scoring": {"last_trick": 10}},
}

KEYS = st.sampled_from(["type", "by", "at", "points", "combos", "a b", "ключ", "x.y", ""])
ZONES = st.sampled_from(
    [UTC, timezone(timedelta(hours=3), "MSK"), timezone(timedelta(hours=-5, minutes=-30))]
)
TIMES = st.builds(
    lambda d, z: d.replace(tzinfo=z),
    st.datetimes(min_value=datetime(1990, 1, 1), max_value=datetime(2100, 1, 1)),
    ZONES,
)
LEAVES = st.one_of(
    st.text(max_size=30),
    st.text(alphabet='ab "\\\n\t\x7fяё♥', max_size=130),  # escapes, and past 100 columns
    st.integers(-(10**6), 10**6),
    st.booleans(),
    TIMES,
)
VALUES = st.recursive(
    LEAVES,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(KEYS, inner, max_size=3),
        st.lists(st.dictionaries(KEYS, inner, min_size=1, max_size=2), min_size=1, max_size=2),
    ),
    max_leaves=6,
)
EVENTS = st.dictionaries(KEYS, VALUES, max_size=5)


@pytest.fixture
def spy(monkeypatch):
    """Counts the documents written whole."""
    whole = []
    real = storage.write_game

    def write_game(path, doc):
        whole.append(len(doc["events"]))
        real(path, doc)

    monkeypatch.setattr(storage, "write_game", write_game)
    return whole


def _append_all(path, first: list[dict], later: list[dict], corrections=None) -> None:
    doc: dict[str, Any] = {**HEAD, "events": list(first)}
    if corrections is not None:
        doc["corrections"] = corrections
    storage.write_game(path, doc)
    for event in later:
        previous = path.read_bytes()
        doc["events"].append(event)
        storage.append_event(path, previous, event, lambda: doc)
        data = path.read_bytes()
        assert data.decode("utf-8") == tomli_w.dumps(doc)
        assert shape(storage.read_game(path)) == shape(tomllib.loads(data.decode("utf-8")))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    first=st.lists(EVENTS, max_size=3),
    later=st.lists(EVENTS, min_size=1, max_size=5),
    corrections=st.none() | st.lists(EVENTS, max_size=2),
)
def test_appended_text_is_tomli_ws_text_of_the_whole_document(
    tmp_path_factory, first, later, corrections
):
    path = tmp_path_factory.mktemp("g") / "g.toml"
    _append_all(path, first, later, corrections)


LONG = {"type": "declare", "player": "Аня", "combos": ["terts:Qh", "marriage:h"]}
SHORT = {"type": "deal", "trump": "hearts", "quick": True}


def test_the_text_is_appended_once_the_events_are_an_array_of_tables(tmp_path, spy):
    path = tmp_path / "g.toml"
    _append_all(path, [], [SHORT, SHORT, LONG, SHORT, LONG, SHORT])
    # none yet (`events = []`), all short (written inline, before [rules]), a long one: whole
    assert spy == [0, 1, 2, 3]


@pytest.mark.parametrize(
    "corrections",
    [
        [],  # `corrections = []`, before [rules]
        [{"action": "drop", "number": 1}],  # short: written inline, before [rules]
        [{"action": "drop", "number": 1}, {"action": "insert", "new": LONG}],  # [[corrections]]
    ],
)
def test_the_event_goes_before_the_corrections(tmp_path, spy, corrections):
    path = tmp_path / "g.toml"
    _append_all(path, [LONG], [SHORT, LONG], corrections=corrections)
    assert spy == [1]


def test_bytes_this_process_did_not_write_are_written_whole(tmp_path, spy):
    path = tmp_path / "g.toml"
    doc: dict[str, Any] = {**HEAD, "events": [LONG]}
    storage.write_game(path, doc)
    other = path.read_bytes().replace(b"classic", b"CLASSIC")  # another writer, same length
    path.write_bytes(other)
    doc["rules"] = {**doc["rules"], "name": "CLASSIC"}
    doc["events"].append(SHORT)
    storage.append_event(path, other, SHORT, lambda: doc)
    assert spy == [1, 2]
    assert path.read_text(encoding="utf-8") == tomli_w.dumps(doc)


def test_a_none_is_refused_as_write_game_refuses_it(tmp_path):
    path = tmp_path / "g.toml"
    doc: dict[str, Any] = {**HEAD, "events": [LONG]}
    storage.write_game(path, doc)
    before = path.read_bytes()
    bad = {"type": "score", "by": None}
    doc["events"].append(bad)
    with pytest.raises(ValueError, match=r"None at events\[1\]\.by"):
        storage.append_event(path, before, bad, lambda: doc)
    assert path.read_bytes() == before
