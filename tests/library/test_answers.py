"""The classes a warm answer or one game more makes (``answers.Question``, ``answers.Told``,
``scan.Scan``, ``copies.Conflict``), written out instead of dataclasses: they behave as the
dataclasses they were."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from terts_referee.library.answers import Question, Told
from terts_referee.library.copies import Conflict
from terts_referee.library.scan import Scan


def test_a_question_is_frozen_and_compared_without_its_dumps():
    a = Question("stats", player="ан", wrapped=True)
    b = Question("stats", "ан", None, None, None, None, True, lambda d: json.dumps(d), None)
    assert a == b and hash(a) == hash(b) and a != Question("history", player="ан")
    assert (a.command, a.player, a.vs, a.since, a.until, a.rules) == ("stats", "ан", *[None] * 4)
    assert a.wrapped is True and a.indent is None and a.dumps({"x": 1}) == '{"x": 1}'
    with pytest.raises(AttributeError):
        a.player = "бо"
    with pytest.raises(AttributeError):
        del a.player
    c = a.replace(indent=2, since="2026-01-01")
    assert (c.indent, c.since, c.player, a.indent) == (2, "2026-01-01", "ан", None)
    assert repr(a).startswith("Question(command='stats', player='ан', vs=None")
    assert repr(a) != repr(b)  # its dumps shown: two forms of text, two questions kept


def test_told_and_scan_compare_by_their_fields():
    told = Told("lib", ["a.toml"], [], [])
    assert told == Told("lib", ["a.toml"], [], []) and told != Told("lib", [], [], [])
    assert repr(told) == "Told(library='lib', skipped=['a.toml'], copies=[], conflicts=[])"
    scan, other = Scan(Path("lib")), Scan(Path("lib"))
    assert scan == other and scan.games == [] and scan.games is not other.games
    other.skipped.append(("a.toml", "why"))
    assert scan != other and scan.skipped == []
    assert (scan.rebuilt, scan.epoch, scan.gen, scan.playing) == (0, "", None, False)
    with pytest.raises(TypeError):
        hash(scan)
    assert repr(scan).startswith(f"Scan(library={Path('lib')!r}, games=[], skipped=[]")


def test_a_conflict_compares_by_its_files_and_is_not_hashed():
    conflict = Conflict(["a.toml", "b.toml"], ["c.toml"])
    assert conflict == Conflict(["a.toml", "b.toml"], ["c.toml"])
    assert conflict != Conflict(["a.toml", "b.toml"], []) and conflict != ("a.toml", "b.toml")
    assert repr(conflict) == "Conflict(files=['a.toml', 'b.toml'], earlier=['c.toml'])"
    conflict.earlier.append("d.toml")  # mutable, as the dataclass was
    assert conflict.earlier == ["c.toml", "d.toml"]
    with pytest.raises(TypeError):
        hash(conflict)
